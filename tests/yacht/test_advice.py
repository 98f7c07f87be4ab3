"""The advisor against the plain-Python reference, and its answers to bad input."""

import pytest

from analysis.errors import InvalidArgument, InvalidDice, InvalidRules
from analysis.yacht.advice import ScoreCard, advise
from analysis.yacht.solver import compute_values
from analysis.yacht.rules import preset
from tests.yacht.yacht_reference import YACHT_KR, Reference, keep_value, turn_value

OPEN = ("Full House", "Choice")


def reference_keep_value(reference, open_boxes, dice_kept, rerolls):
    """Expected points still to come after keeping ``dice_kept`` (plain Python, tests/yacht/yacht_reference.py)."""
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
