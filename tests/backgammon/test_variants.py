"""Dutch and Acey-Deucey figures: exact values against a linear solve and a seeded simulation."""

import numpy as np
import pytest

from analysis.backgammon import variants
from analysis.backgammon.position import Position
from analysis.errors import InvalidArgument


def _dutch_by_linear_solve(blocked):
    """Expected rolls to enter 15: absorbing Markov chain solved with numpy (independent method)."""
    open_faces = range(1, 7 - blocked)
    n = 16
    transition = np.zeros((n, n))
    for left in range(1, n):
        for a in range(1, 7):
            for b in range(1, 7):
                enters = (4 if a in open_faces else 0) if a == b else (a in open_faces) + (b in open_faces)
                transition[left, max(left - enters, 0)] += 1 / 36
    q = transition[1:, 1:]
    rolls = np.linalg.solve(np.eye(n - 1) - q, np.ones(n - 1))
    return rolls[-1]


@pytest.mark.parametrize("blocked", [0, 1, 3])
def test_dutch_entry_rolls(blocked):
    assert variants.dutch_entry_rolls(blocked) == pytest.approx(_dutch_by_linear_solve(blocked), rel=1e-12)


def test_acey_deucey_entry_turns_against_simulation():
    rng = np.random.default_rng(20261130)   # seed printed in the assertion message
    games = 40_000
    turns = np.empty(games)
    for g in range(games):
        left, count = 15, 0
        while left > 0:
            count += 1
            while True:
                a, b = rng.integers(1, 7, size=2)
                if {a, b} == {1, 2}:
                    left -= 6          # the 1, the 2 and a chosen double of four
                    if left > 0:
                        continue       # roll again in the same turn
                else:
                    left -= 4 if a == b else 2
                break
        turns[g] = count
    exact = variants.acey_deucey_entry_turns()
    error = turns.std(ddof=1) / np.sqrt(games)
    assert abs(turns.mean() - exact) < 4 * error, (turns.mean(), error, exact, "seed 20261130")


def test_acey_deucey_chance_and_payouts():
    assert variants.acey_deucey_roll_chance() == pytest.approx(1 / 18)
    assert variants.payout("backgammon", "gammon", 4) == 8
    assert variants.payout("backgammon", "backgammon", 64) == 192
    assert variants.acey_deucey_payout(7, stake=2) == 14


@pytest.mark.parametrize("call", [lambda: variants.dutch_entry_rolls(6),
                                  lambda: variants.payout("backgammon", "triple"),
                                  lambda: variants.payout("backgammon", "single", 3),
                                  lambda: variants.acey_deucey_payout(0)])
def test_bad_variant_arguments(call):
    with pytest.raises(InvalidArgument):
        call()


def test_game_results_and_settlement():
    from analysis.backgammon.position import Position

    single = Position.from_notation("off:15 / 3:1 off:14")
    assert variants.game_result("backgammon", single) == ("on_roll", "single")
    gammon = Position.from_notation("off:15 / 6:15 / cube 2 opponent")
    assert variants.game_result("backgammon", gammon) == ("on_roll", "gammon")
    assert variants.settle("backgammon", gammon) == 4
    backgammon = Position.from_notation("off:15 / 6:14 20:1")       # a checker in the winner's home board
    assert variants.game_result("backgammon", backgammon) == ("on_roll", "backgammon")
    assert variants.settle("backgammon", backgammon) == 3
    on_bar = Position.from_notation("6:14 bar:1 / off:15")
    assert variants.game_result("backgammon", on_bar) == ("opponent", "backgammon")
    assert variants.settle("acey_deucey", Position.from_notation("off:15 / 3:4 off:11"), stake=5) == 20
    with pytest.raises(Exception, match="not over"):
        variants.game_result("backgammon", Position.opening())
