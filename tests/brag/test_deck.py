"""The unshuffled pack: the next hand's chances given the cards one has seen, and what memory knows."""

from itertools import combinations

import numpy as np
import pytest

from analysis.brag.table import _session_kernels as S
from analysis.brag.showdown.cards import parse_cards
from analysis.brag.table.deck import next_hand_classes
from analysis.brag.showdown.hands import hand_class
from analysis.brag.rules import CLASSES, preset
from analysis.brag.table.session import session


def _mask(text):
    return sum(1 << c for c in parse_cards(text))


def test_fresh_pack_matches_the_published_three_card_counts():
    counts = np.array([16440, 3744, 1096, 720, 48, 52]) / 22100
    assert np.allclose(next_hand_classes("brag3"), counts, atol=1e-15)


def test_known_cards_against_brute_force():
    forced, excluded = parse_cards("AS"), parse_cards("AH AD KS 2C")
    rest = [c for c in range(52) if c not in forced + excluded]
    tally = dict.fromkeys(CLASSES, 0)
    for pair in combinations(rest, 2):
        tally[hand_class("brag3", forced + pair)] += 1
    expected = np.array([tally[c] for c in CLASSES]) / sum(tally.values())
    got = next_hand_classes("brag3", _mask("AS"), _mask("AH AD KS 2C"))
    assert np.allclose(got, expected, atol=1e-15)


@pytest.mark.slow
def test_what_the_observer_knows_of_its_next_hand_is_true():
    s = session("brag3", players=5, bots=["observer"] + ["fresh-deck"] * 4, deals=1500, seed=4)
    seen = s.observed.astype(np.uint64)
    forced, excluded, hand = seen[:, S.O_FORCED], seen[:, S.O_EXCLUDED], seen[:, S.O_HAND]
    assert np.all(forced & hand == forced) and np.all(excluded & hand == 0)
    assert (forced != 0).mean() > 0.5 and (seen[:, S.O_AFTER_SHOWDOWN] == 1).sum() > 300


@pytest.mark.slow
def test_a_pack_shuffled_every_deal_leaves_nothing_to_remember():
    s = session(preset("brag3", gather="shuffle"), players=4, bots=["observer"] + ["fresh-deck"] * 3,
                deals=300, seed=2)
    assert not s.observed[:, [S.O_FORCED, S.O_EXCLUDED, S.O_AFTER_SHOWDOWN]].any()


@pytest.mark.slow
def test_deck_cli(odds):
    result = odds("brag", "deck", "--players", "4", "--deals", "1000", "--seed", "1", "--json")
    assert result.code == 0
    data = result.json()
    assert [row["class"] for row in data["classes"]] == list(CLASSES)
    assert data["showdowns_seen_without_shuffle"] > 0
    text = odds("brag", "deck", "--players", "4", "--deals", "1000", "--seed", "1")
    assert text.code == 0 and "chips per deal" in text.out


@pytest.mark.parametrize("argv", [("--preset", "brag4"), ("--players", "9"), ("--rule", "gather=shuffle")])
def test_deck_bad_input_is_one_sentence(odds, argv):
    from tests.conftest import assert_one_sentence_error

    assert_one_sentence_error(odds("brag", "deck", "--deals", "100", *argv))
