"""Every box of ``box_odds`` against the plain-Python reference: rolls enumerated in order, turns played out."""

from itertools import product

import pytest

from analysis.yacht.odds import box_odds
from tests.yacht.reference import CLUBHOUSE, YACHT_KR, YAHTZEE, YATZY, turn_value

ORDERED_ROLLS = list(product(range(1, 7), repeat=5))
REFERENCE = {"yacht_kr": YACHT_KR, "clubhouse": CLUBHOUSE, "yahtzee": YAHTZEE, "yatzy": YATZY}


@pytest.mark.parametrize("name", list(REFERENCE))
def test_first_roll_chance_and_best_points_of_every_box(name):
    table = box_odds(name).set_index("box")
    assert list(table.index) == list(REFERENCE[name])
    for box, score in REFERENCE[name].items():
        points = [score(list(dice)) for dice in ORDERED_ROLLS]
        made = sum(p > 0 for p in points)
        assert table.loc[box, "first_roll_chance"] == pytest.approx(made / 6 ** 5, abs=1e-15), box
        assert table.loc[box, "max_points"] == max(points), box


def test_turn_chance_and_points_of_every_box():
    # Best play for the box alone over three rolls, every reroll averaged over the ordered dice.
    table = box_odds("yacht_kr").set_index("box")
    for box, score in YACHT_KR.items():
        chance = turn_value(lambda dice: float(score(list(dice)) > 0))
        points = turn_value(lambda dice: score(list(dice)))
        assert table.loc[box, "turn_chance"] == pytest.approx(chance, abs=1e-12), box
        assert table.loc[box, "turn_expected_points"] == pytest.approx(points, abs=1e-9), box
    # The published five-alike chance in a turn: 2,783,176 / 60,466,176.
    assert table.loc["Chase Off", "turn_chance"] == pytest.approx(2_783_176 / 60_466_176, abs=1e-15)
