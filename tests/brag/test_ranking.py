"""The ranking kernels against the plain-Python reference, over every hand, and named orderings."""

from functools import lru_cache

import numpy as np
import pytest

from analysis.brag import best_three, compare, describe, hand_class, preset, strength
from analysis.brag.showdown.tables import colex_hands, hand_table
from analysis.errors import InvalidCards, InvalidRules
from tests.brag.reference import class_name, dense_ranks, key3, key4, to_text

VARIANTS = [
    ("brag3", {}),
    ("teen_patti", {}),
    ("brag3", {"a23_run": "lowest"}),
    ("brag3", {"a23_run": "none", "prial_333_high": False}),
    ("brag4", {}),
    ("brag4", {"a23_run": "second", "prial_333_high": False}),
]


@lru_cache(maxsize=None)
def reference_keys(name, fields):
    rules = preset(name, **dict(fields))
    key = key3 if rules.hand_size == 3 else key4
    return [key([to_text(c) for c in hand], rules.prial_333_high, rules.a23_run)
            for hand in hand_table(rules).hands]


@pytest.mark.parametrize("name,fields", VARIANTS, ids=[f"{n}-{f}" for n, f in VARIANTS])
def test_every_hand_orders_like_the_reference(name, fields):
    rules = preset(name, **fields)
    keys = reference_keys(name, tuple(sorted(fields.items())))
    strengths = hand_table(rules).strengths
    # Same order and same ties: the dense ranks of both orderings coincide hand by hand.
    assert np.array_equal(np.array(dense_ranks(keys)), np.array(dense_ranks(strengths.tolist())))


def test_colex_rows_hold_every_hand_once_at_its_index():
    hands = colex_hands(3)
    assert hands.shape == (22100, 3)
    assert len({tuple(h) for h in hands}) == 22100
    table = hand_table("brag3")
    for row in (0, 1, 777, 22099):
        assert table.row_of(hands[row][::-1]) == row


@pytest.mark.parametrize("stronger,weaker,name", [
    ("3S 3H 3D", "AS AH AD", "brag3"),          # pagat: 3-3-3 is the top prial
    ("AS AH AD", "3S 3H 3D", "teen_patti"),     # Teen Patti: A-A-A is the top trail
    ("2S 2H 2D", "AC 2C 3C", "brag3"),          # any prial beats any running flush
    ("AS 2S 3S", "AH KH QH", "brag3"),          # A-2-3 is the best running flush
    ("AH KH QH", "AS 2S 3S", "teen_patti"),     # Teen Patti: A-K-Q above A-2-3
    ("AS 2S 3S", "KH QH JH", "teen_patti"),     # ... and A-2-3 above K-Q-J
    ("AS 2D 3C", "AH KD QC", "brag3"),
    ("2S 3H 4D", "AS KS 9S", "brag3"),          # the lowest run beats the best flush
    ("2S 3S 5S", "AS AH KD", "brag3"),          # the lowest flush beats the best pair
    ("2S 2H 3D", "AS KH JD", "brag3"),          # the lowest pair beats the best high card
    ("QS QH 4D", "QC QD 3S", "brag3"),          # equal pairs: the odd card decides
    ("AS 7H 3D", "AH 7D 2C", "brag3"),          # high card: highest, then next, then last
    ("AH KH QH 3D", "AS KS QS 2D", "brag4"),    # equal best threes: the higher discard wins
])
def test_named_orderings(stronger, weaker, name):
    assert strength(name, stronger) > strength(name, weaker)
    assert compare(name, stronger, weaker) == 1 and compare(name, weaker, stronger) == -1


def test_two_ace_king_is_not_a_run():
    assert hand_class("brag3", "2S AH KD") == "high_card"
    assert hand_class("brag3", "2S AS KS") == "flush"


def test_suits_do_not_rank():
    assert compare("brag3", "QS QH 4D", "QC QD 4S") == 0
    assert compare("brag4", "AS KH QD 2C", "AH KS QC 2D") == 0


def test_best_three_and_words():
    three, discard = best_three("brag4", "5S 5H 5D 5C")        # four of a kind plays as a prial
    assert three.count("5") == 3 and discard.startswith("5")
    assert best_three("brag4", "AS KS JS QD") == ("A♠ K♠ Q♦", "J♠")   # the run beats the flush
    assert describe("brag3", "AS 2D 3C") == "Run, A-2-3"
    assert describe("brag3", "6S 6H 9C") == "Pair of sixes, 9 kicker"
    assert describe("brag4", "AS KS 9S JD") == "Flush, A-K-9, discarding J♦"


def test_classes_of_reference_and_kernel_agree_on_samples():
    keys = reference_keys("brag3", ())
    table = hand_table("brag3")
    for row in range(0, 22100, 997):
        assert hand_class("brag3", table.hands[row]) == class_name(keys[row])


def test_bad_rules_and_hands():
    with pytest.raises(InvalidRules):
        preset("poker")
    with pytest.raises(InvalidRules):
        preset("brag3", a23_run="top")
    with pytest.raises(InvalidRules):
        preset("brag3", jokers=True)
    with pytest.raises(InvalidCards):
        strength("brag3", "AS KS")
    with pytest.raises(InvalidCards):
        compare("brag3", "AS KS QS", "AS 2D 3C")
    for not_cards in ((47.9, 46, 21), (True, 46, 21), 47, None):   # never truncated or guessed
        with pytest.raises(InvalidCards, match="not a hand"):
            strength("brag3", not_cards)
