"""Race counts, take points and Janowski's formula; formula scores against the exact bear-offs."""

import numpy as np
import pytest

from analysis.backgammon import race
from analysis.backgammon.bearoff import home_positions
from analysis.errors import InvalidArgument


def test_counts_by_hand():
    # 3 3 3 2 2 2 (ace point first): 48 pips.
    # Keith: +2 x 2 (ace point beyond one) + 1 x 2 (2-point beyond one) = 54.
    assert race.keith_count((3, 3, 3, 2, 2, 2)) == 54
    # Thorp: 48 + 2 x 15 + 3 on the ace point - 6 occupied points = 75.
    assert race.thorp_count((3, 3, 3, 2, 2, 2)) == 75
    # Keith adds one per empty 4-, 5-, 6-point and one per checker beyond three on the 3-point.
    assert race.keith_count((0, 0, 5, 0, 0, 0)) == 15 + 2 + 3


def test_vectorised_decisions_match_the_scalar_rules():
    rows = home_positions(6)
    matrices = race._formula_matrices(rows)
    rng = np.random.default_rng(3)
    for a, b in rng.integers(1, len(rows), size=(300, 2)):
        for name, formula in race.FORMULAS.items():
            advice = formula(rows[a], rows[b])
            double, redouble, take = (m[a, b] for m in matrices[name])
            assert (advice.double, advice.redouble, advice.take) == (double, redouble, take), name


@pytest.mark.slow
def test_keith_beats_the_simple_percentage_rule_in_bearoffs():
    # Keith's article reports his count as the most accurate of the simple methods; in
    # the exact 6-checker bear-offs it must at least beat 8-9-12, which ignores wastage.
    scores = race.score_formulas(window=(0.5, 0.95)).set_index("formula")
    assert scores.loc["Keith", "wrong_take_%"] < scores.loc["8-9-12", "wrong_take_%"]
    assert scores.loc["Keith", "cost_per_double_decision"] < scores.loc["8-9-12", "cost_per_double_decision"]
    assert (scores["positions"] > 100_000).all()
    assert (scores["of which took wrongly_%"] <= scores["wrong_take_%"]).all()
    # 8-9-12 waits for too big a lead in short races: its double errors are mostly missed doubles.
    assert scores.loc["8-9-12", "of which doubled wrongly_%"] < scores.loc["8-9-12", "wrong_double_%"] / 2


@pytest.mark.parametrize("w, l, x", [(1, 1, 1), (1.5, 1.1, 0.68), (1.2, 1.3, 0.5)])
def test_live_take_point_is_where_taking_equals_passing_on_janowskis_line(w, l, x):
    # Two separately written formulas must agree: the take point, and the taker's cubeful
    # equity owning the 2-cube there equal to the pass (-1 per 1-cube).
    p = race.take_point(w, l, x)
    assert 2 * race.janowski_equity(p, "owned", w, l, x) == pytest.approx(-1, abs=1e-9)


#: Last-roll bear-offs counted by hand: the doubler's checkers and the rolls (of 36) that bear
#: them all off at once. 6: any 6, any other non-double totalling 6 or more (11 pairs, both
#: orders) and 2-2 to 6-6. 5: all but 1-1, 2-1 and 3-1. 4 and 1: a 4, 5 or 6 with anything,
#: or 2-2 and up. 6 and 2: 6-2 to 6-5, or 2-2 and up. 5 and 2: a 5 or 6 with a 2 or more, or
#: 2-2 and up. 6 and 4: 6-4, 6-5, or 3-3 and up. 3 and 1: all but 2-1 (twice). 5 and 3: a 5
#: or 6 with a 3 or more, or 3-3 and up.
LAST_ROLL = {"6:1": 27, "5:1": 31, "4:1 1:1": 29, "6:1 2:1": 13, "5:1 2:1": 19, "6:1 4:1": 8,
             "3:1 1:1": 34, "5:1 3:1": 14}


@pytest.mark.parametrize("mine, rolls", sorted(LAST_ROLL.items()))
def test_exact_cube_decisions_in_last_roll_positions_match_the_hand_calculation(mine, rolls):
    """The classic last roll: the opponent's one checker on its ace point comes off next turn,
    so the side on roll wins only by bearing everything off now (chance p = rolls/36). The cube
    is dead: no double is worth 2p - 1, a taken double 2(2p - 1), a pass +1, so the taker takes
    exactly when it wins 25% or more. The two-sided database's cubeful recursion knows none
    of this; it must find the same numbers."""
    from analysis.backgammon import Position, cube_advice

    p = rolls / 36
    advice = cube_advice("backgammon", Position.from_notation(f"{mine} / 1:1"))
    assert advice.exact and advice.win_chance == pytest.approx(p, abs=1e-12)
    assert advice.no_double == pytest.approx(2 * p - 1, abs=1e-12)
    assert advice.double_take == pytest.approx(2 * (2 * p - 1), abs=1e-12)
    if rolls == 27:     # the taker wins exactly 25%: taking and passing both lose one point
        assert advice.double_take == pytest.approx(advice.double_pass, abs=1e-12)
    else:
        assert advice.should_take == (1 - p > 0.25)
    assert advice.should_double == (p > 0.5)


def test_classic_take_points():
    assert race.take_point() == pytest.approx(0.25)
    assert race.take_point(cube_efficiency=1) == pytest.approx(0.20)


def test_janowski_lines():
    assert race.janowski_equity(0.3, "centre", cube_efficiency=0) == pytest.approx(-0.4)
    assert race.janowski_equity(0.2, "centre", cube_efficiency=1) == pytest.approx(-1)
    assert race.janowski_equity(0.5, "centre", cube_efficiency=1) == pytest.approx(0)
    assert race.janowski_equity(0.8, "owned", cube_efficiency=1) == pytest.approx(1)
    assert race.janowski_equity(1.0, "opponent", cube_efficiency=1) == pytest.approx(1)


@pytest.mark.parametrize("call", [lambda: race.take_point(0.5, 1), lambda: race.take_point(1, 1, 2),
                                  lambda: race.janowski_equity(1.5), lambda: race.janowski_equity(0.5, "mine")])
def test_bad_race_arguments(call):
    with pytest.raises(InvalidArgument):
        call()
