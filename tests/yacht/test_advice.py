"""The advisor against the plain-Python reference, and its answers to bad input."""

import dataclasses
import functools
import random

import numpy as np
import pytest

from analysis.errors import InvalidArgument, InvalidDice, InvalidRules
from analysis.yacht.advice import ScoreCard, advise, opening_keeps
from analysis.yacht.dice import FIRST_FULL_KEEP, KEEPS, ROLLS, TABLES, ways
from analysis.yacht.rules import preset
from analysis.yacht.solver import compute_values
from analysis.yacht.turn import best_keep_values, keep_values
from tests.yacht.reference import (CLUBHOUSE, YACHT_KR, YAHTZEE, Reference, _turn, keep_value,
                                         turn_value)

OPEN = ("Full House", "Choice")


def reference_keep_value(reference, open_boxes, dice_kept, rerolls):
    """Expected points still to come after keeping ``dice_kept`` (plain Python, tests/yacht/reference.py)."""
    def final(dice):
        return max(gain + reference.value(*following)
                   for _, gain, following in reference.choices(frozenset(open_boxes), 0, False, list(dice)))

    return keep_value(final, dice_kept, rerolls)


def test_keep_values_match_reference():
    rules = preset("yacht_kr")
    values = compute_values(rules)
    advice = advise(rules, "6 6 6 2 1", 2, ScoreCard(OPEN), values=values)
    reference = Reference(YACHT_KR)
    table = advice.options.set_index("option")["expected_final"]
    for label, kept in [("keep 6 6 6", (6, 6, 6)), ("keep 6 6 2 1", (6, 6, 2, 1)), ("reroll all", ())]:
        assert table[label] == pytest.approx(reference_keep_value(reference, OPEN, kept, 2), abs=1e-9), label


def test_box_choice_matches_reference_and_orders_options():
    rules = preset("yacht_kr")
    advice = advise(rules, "6 6 6 2 2", 0, ScoreCard(OPEN, score=100), values=compute_values(rules))
    assert advice.best == "Full House for 22"
    reference = Reference(YACHT_KR)
    after_full_house = reference.value(frozenset({"Choice"}), 0, False)
    assert advice.options.iloc[0]["expected_final"] == pytest.approx(100 + 22 + after_full_house, abs=1e-9)
    assert list(advice.options["gives_up"]) == sorted(advice.options["gives_up"])
    assert advice.options["gives_up"].iloc[0] == 0


def test_opening_keep_of_three_sixes():
    advice = advise("yacht_kr", "6 6 6 2 1", 2)
    assert advice.best == "keep 6 6 6"
    assert "Best keep: keep 6 6 6" in str(advice)


def test_single_box_turn_value_is_the_reference_turn():
    rules = preset("yacht_kr")
    values = compute_values(rules)
    advice = advise(rules, "1 2 3 4 6", 1, ScoreCard(("Straight",)), values=values)
    # With one box open, keeping 1 2 3 4 and rolling one die makes the Straight 1 time in 6.
    assert advice.options.set_index("option")["expected_final"]["keep 4 3 2 1"] == pytest.approx(40 / 6)
    assert turn_value(lambda d: YACHT_KR["Straight"](list(d))) == pytest.approx(values[(1 << 12) - 1 - 2], abs=1e-9)


@pytest.mark.parametrize("kwargs, error, message", [
    (dict(dice="6 6 6 2 1 1", rolls_left=2), InvalidDice, "has 6 dice"),
    (dict(dice="6 6 7 2 1", rolls_left=2), InvalidDice, "'7' is not a die face"),
    (dict(dice="6 6 6 2 1", rolls_left=3), InvalidArgument, "Rolls left must be 0, 1 or 2"),
    (dict(dice="6 6 6 2 1", rolls_left=1, open_boxes="Yahtzee"), InvalidArgument, "'Yahtzee' is not a box"),
    (dict(dice="6 6 6 2 1", rolls_left=1, open_boxes="Aces, aces"), InvalidArgument, "listed twice"),
])
def test_bad_input(kwargs, error, message):
    with pytest.raises(error, match=message):
        advise("yacht_kr", **kwargs)


def test_bad_card():
    with pytest.raises(InvalidArgument, match="no upper bonus"):
        advise("yacht_kr", "6 6 6 2 1", 1, ScoreCard(("Aces",), upper_total=12))
    # Only Aces open: Deuces to Sixes hold at most 5 x (2 + 3 + 4 + 5 + 6) = 100 and cannot make 1 (every
    # filled face is 2 or more). The solver caps totals at 63, which must not hide 101 or 150.
    for total in (101, 150, 1):
        with pytest.raises(InvalidArgument, match=f"Upper total {total} cannot be made"):
            advise("clubhouse", "6 6 6 2 1", 1, ScoreCard(("Aces",), upper_total=total))
    assert advise("clubhouse", "6 6 6 2 1", 1, ScoreCard(("Aces",), upper_total=100)).best
    with pytest.raises(InvalidArgument, match="more than a whole yacht_kr game can score"):
        advise("yacht_kr", "6 6 6 2 1", 1, ScoreCard(("Aces",), score=10 ** 30))
    with pytest.raises(InvalidRules, match="not a Yacht preset"):
        advise("poker", "6 6 6 2 1", 1)


def test_asked_box_must_be_open():
    card = ScoreCard(("Full House", "Choice"))
    advice = advise("yacht_kr", "6 6 6 2 2", 0, card, box="Choice")
    assert advice.asked == "Choice for 22" and "gives up" in str(advice)
    with pytest.raises(InvalidArgument, match="'Aces' is already used"):
        advise("yacht_kr", "6 6 6 2 2", 0, card, box="Aces")


# --- the advisor under the bonus and joker rules, and the opening keeps, against the plain-Python reference

def reduced(name, boxes, threshold, **fields):
    """A preset cut down to ``boxes`` (a lower bonus threshold keeps the bonus in play), small enough to enumerate."""
    rules = preset(name)
    return dataclasses.replace(rules, boxes=tuple(b for b in rules.boxes if b.name in boxes),
                               upper_threshold=threshold, **fields)


@functools.lru_cache(maxsize=None)
def reference_keeps(reference, state):
    """The reference's keep values for a turn from ``state`` (one turn solved, then looked up)."""
    def final(roll):
        return max(gain + reference.value(*following) for _, gain, following in reference.choices(*state, list(roll)))

    return _turn(final)[1]


def reference_options(reference, open_boxes, upper, flag, dice, rolls_left):
    """Every option's expected final score by the reference: {box: value} with 0 rolls left, else {keep: value}."""
    state = (frozenset(open_boxes), upper, flag)
    if rolls_left == 0:
        return {box: gain + reference.value(*following)
                for box, gain, following in reference.choices(*state, list(dice))}
    keep_value = reference_keeps(reference, state)
    keeps = {tuple(sorted(dice[i] for i in range(5) if m >> i & 1)) for m in range(32)}
    return {keep: keep_value(keep, rolls_left) for keep in keeps}


def assert_advice_matches(advice, expected):
    """Each option of ``advice`` has the reference's value, and no option is missing or extra."""
    assert len(advice.rows) == len(expected)
    for row in advice.rows:
        option = row["option"]
        if advice.rolls_left == 0:
            key = option.split(" for ")[0]
        else:
            faces = option.replace("keep ", "").split()
            key = () if option == "reroll all" else tuple(sorted(int(f) for f in faces)) if faces[0].isdigit() \
                else tuple(sorted(advice.dice))
        assert row["expected_final"] == pytest.approx(expected[key], abs=1e-9), option


CLUB = {"Fives", "Sixes", "Full House", "Small Straight", "Yacht"}


def test_the_upper_bonus_changes_the_best_box_as_the_reference_says():
    # Sixes filled with one six (upper total 6): Fives for 15 reaches the lowered threshold of 21.
    card = ScoreCard(("Fives", "Full House", "Yacht"), upper_total=6)
    rules = reduced("clubhouse", CLUB, threshold=21)
    reference = Reference({k: v for k, v in CLUBHOUSE.items() if k in CLUB}, bonus=35, threshold=21)
    for dice, rolls_left in (("5 5 5 6 6", 0), ("5 5 5 6 2", 1)):
        advice = advise(rules, dice, rolls_left, card, values=compute_values(rules))
        assert_advice_matches(advice, reference_options(reference, card.open_boxes, 6, False, advice.dice,
                                                        rolls_left))
        if rolls_left == 0:
            assert advice.best == "Fives for 15 (+35 bonus)"
    # Without the bonus the same dice belong in Full House (27 points against 15).
    plain = reduced("clubhouse", CLUB, threshold=21, upper_bonus=0)
    advice = advise(plain, "5 5 5 6 6", 0, ScoreCard(card.open_boxes), values=compute_values(plain))
    assert advice.best == "Full House for 27"
    reference = Reference({k: v for k, v in CLUBHOUSE.items() if k in CLUB})
    assert_advice_matches(advice, reference_options(reference, card.open_boxes, 0, False, advice.dice, 0))


YAHTZEE_BOXES = {"Fours", "Sixes", "Full House", "Large Straight", "Yahtzee"}


@pytest.mark.parametrize("joker", ["forced", "free", "none"])
def test_the_joker_rule_decides_where_a_further_yahtzee_goes(joker):
    rules = reduced("yahtzee", YAHTZEE_BOXES, threshold=20, joker=joker)
    values = compute_values(rules)
    reference = Reference({k: v for k, v in YAHTZEE.items() if k in YAHTZEE_BOXES}, bonus=35, threshold=20,
                          yahtzee="Yahtzee", joker=None if joker == "none" else joker,
                          all_boxes=list(YAHTZEE_BOXES))
    # The Yahtzee box holds 50 and Fours is filled (12): five fours earn 100 and, under a joker rule,
    # count as a Large Straight.
    card = ScoreCard(("Sixes", "Full House", "Large Straight"), upper_total=12, yacht_bonus=True)
    advice = advise(rules, "4 4 4 4 4", 0, card, values=values)
    assert_advice_matches(advice, reference_options(reference, card.open_boxes, 12, True, advice.dice, 0))
    best = {"forced": "Large Straight for 40 (+100 bonus)", "free": "Large Straight for 40 (+100 bonus)"}
    if joker in best:
        assert advice.best == best[joker]
    else:
        # No joker: the bonus is still paid, but five fours are no straight.
        assert "Large Straight for 0 (+100 bonus)" in [row["option"] for row in advice.rows]
    # With the Fours box open the forced joker leaves it no other box.
    card = ScoreCard(("Fours", "Full House", "Large Straight"), upper_total=12, yacht_bonus=True)
    advice = advise(rules, "4 4 4 4 4", 0, card, values=values)
    assert_advice_matches(advice, reference_options(reference, card.open_boxes, 12, True, advice.dice, 0))
    if joker == "forced":
        assert [row["option"] for row in advice.rows] == ["Fours for 20 (+135 bonus)"]
    # One roll left: every keep against the reference's turn.
    advice = advise(rules, "4 4 4 4 2", 1, card, values=values)
    assert_advice_matches(advice, reference_options(reference, card.open_boxes, 12, True, advice.dice, 1))


def test_opening_keeps_against_the_reference():
    # A two-box game: every first roll's best keep, its value and its margin over the runner-up.
    boxes = ("Straight", "Full House")
    rules = reduced("yacht_kr", set(boxes), threshold=63)
    table = opening_keeps(rules, values=compute_values(rules))
    reference = Reference({k: v for k, v in YACHT_KR.items() if k in boxes})
    assert len(table) == 252 and table["chance"].sum() == pytest.approx(1, abs=1e-12)
    rows = table.set_index("roll")
    for roll in ROLLS:
        keeps = reference_options(reference, boxes, 0, False, roll, 2)
        ranked = sorted(set(keeps.values()), reverse=True)
        row = rows.loc[" ".join(map(str, sorted(roll, reverse=True)))]
        best = () if row["best_keep"] == "reroll all" else roll if row["best_keep"] == "keep all" \
            else tuple(sorted(int(f) for f in row["best_keep"].split()))
        assert keeps[best] == pytest.approx(ranked[0], abs=1e-9), roll
        assert row["expected_final"] == pytest.approx(ranked[0], abs=1e-9), roll
        assert row["margin"] == pytest.approx(ranked[0] - ranked[1] if len(ranked) > 1 else 0, abs=1e-9), roll
    # The chance of each roll: its orderings over 6 ** 5.
    assert rows.loc["6 6 6 2 1", "chance"] == pytest.approx(20 / 7776, abs=1e-15)


def test_keep_passes_against_direct_sums():
    # A keep's value one die at a time equals the plain average over every roll it can become,
    # and a roll's best keep is the largest over its sub-keeps (written out here without the passes).
    rng = random.Random(3)
    roll_vals = np.array([rng.uniform(0, 100) for _ in ROLLS])
    kept = keep_values(roll_vals)
    for k, keep in enumerate(KEEPS):
        start, end = TABLES.keep_start[k], TABLES.keep_start[k + 1]
        direct = sum(TABLES.keep_prob[i] * roll_vals[TABLES.keep_roll[i]] for i in range(start, end))
        assert kept[k] == pytest.approx(direct, rel=1e-12)
    best = best_keep_values(kept)
    for r, roll in enumerate(ROLLS):
        subs = {tuple(sorted(roll[i] for i in range(5) if m >> i & 1)) for m in range(32)}
        assert best[r] == max(kept[KEEPS.index(sub)] for sub in subs)
    assert kept[0] == pytest.approx(sum(ways(roll) / 6 ** 5 * value for roll, value in zip(ROLLS, roll_vals)))
    assert len(kept) == FIRST_FULL_KEEP + len(ROLLS)
