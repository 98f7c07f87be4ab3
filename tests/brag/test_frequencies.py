"""Exact class frequencies: against a plain enumeration and against published tables."""

from collections import Counter
from math import comb

import numpy as np
import pytest

from analysis.brag import frequencies, percentile, percentiles, preset
from analysis.brag.showdown.tables import hand_table
from tests.brag.reference import all_keys, class_name

# Three-card hand counts published by Brian Alspach, "3-Card Poker Hands" (Simon Fraser
# University, Poker Computations), and in the Three Card Brag probability tables of
# Wikipedia ("Three card brag": prial 52, running flush 48, run 720, flush 1,096,
# pair 3,744, high card 16,440 of 22,100). Teen Patti uses the same six classes.
PUBLISHED_THREE_CARD = {"prial": 52, "running_flush": 48, "run": 720, "flush": 1096,
                        "pair": 3744, "high_card": 16440}


@pytest.mark.parametrize("name", ["brag3", "teen_patti"])
def test_three_card_counts_match_the_published_table(name):
    table = frequencies(name)
    assert table["hands"].to_dict() == PUBLISHED_THREE_CARD
    assert table.attrs["total_hands"] == comb(52, 3)
    assert table["probability"].sum() == pytest.approx(1.0)


@pytest.mark.parametrize("name", ["brag3", "brag4"])
def test_counts_and_distinct_strengths_match_plain_enumeration(name):
    rules = preset(name)
    keys = all_keys(rules.hand_size, rules.prial_333_high, rules.a23_run)
    expected = Counter(class_name(k) for k in keys.values())
    table = frequencies(name)
    assert table["hands"].to_dict() == dict(expected)
    assert table.attrs["distinct_strengths"] == len(set(keys.values()))
    by_class = Counter(class_name(k) for k in set(keys.values()))
    assert table["distinct_strengths"].to_dict() == dict(by_class)


def test_four_card_class_counts_by_hand_counting():
    # Independent counts for Four Card Brag (best three of four):
    # prials: 13 four-of-a-kinds + 13 * 4 * 48 three-of-a-kinds = 2,509.
    table = frequencies("brag4")
    assert table.loc["prial", "hands"] == 13 + 13 * 4 * 48
    # Running flushes: 48 suited runs times 49 fourth cards, less the 4-card hands holding
    # two suited runs (A-2-3-4 up to J-Q-K-A of a suit: 11 per suit), counted twice.
    # A fourth card can never turn a running flush into a prial, so none is lost upward.
    assert table.loc["running_flush", "hands"] == 48 * 49 - 11 * 4
    assert table["hands"].sum() == comb(52, 4)


def test_percentiles_follow_strength_and_lie_between_0_and_100():
    table = hand_table("brag3")
    pct = percentiles("brag3")
    # Ties share a midpoint, so even the best and worst hands stay strictly inside.
    assert 0 < pct.min() and pct.max() < 100
    order = np.argsort(table.strengths, kind="stable")
    assert np.all(np.diff(pct[order]) >= 0)
    # The weakest hand class member 5-3-2 (60 off-suit hands) sits just above 0;
    # brute force: beats nobody, ties 59 others -> 29.5 / 22,099.
    assert percentile("brag3", "5S 3H 2D") == pytest.approx(100 * 29.5 / 22099)
    # A prial of threes beats all 22,096 other-strength hands and ties 3.
    assert percentile("brag3", "3S 3H 3D") == pytest.approx(100 * (22096 + 1.5) / 22099)
