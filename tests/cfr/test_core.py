"""The CFR core on its own: every variant solves a matrix game to the value a linear program gives,
the outer loop's checks and stopping rule, and the one check of the solver settings."""

import math

import numpy as np
import pytest
from scipy.optimize import linprog

from analysis.cfr import kernels
from analysis.cfr.checks import MAX_ITERATIONS, check_solver
from analysis.cfr.loop import iterate
from analysis.cfr.schedule import VARIANTS
from analysis.cfr.two_player import solve
from analysis.errors import InvalidArgument

# A zero-sum matrix game with a mixed equilibrium (no saddle point): player 0 picks the row.
PAYOFF = np.array([[3.0, -1.0, 0.5, -2.0], [-2.0, 2.0, -1.0, 1.0], [0.0, -1.5, 2.5, 0.0]])


class MatrixGame:
    """The matrix game as a two-player game of the core: one information set per player, the passes
    written with the core's primitives (as a game's kernels write them)."""

    def __init__(self, payoff):
        self.payoff = payoff
        rows, columns = payoff.shape
        self.sizes = (rows, columns)
        self.offset = np.array([0, rows], dtype=np.int64)
        self.n_actions = np.array([rows, columns], dtype=np.int64)
        self.rows = np.array([1, 1], dtype=np.int64)
        self.slots = rows + columns

    def action_values(self, player, policy):
        rows = self.sizes[0]
        return self.payoff @ policy[rows:] if player == 0 else -(policy[:rows] @ self.payoff)

    def iterate(self, first, count, schedule, regret, strategy_sum):
        policy = np.empty(self.slots)
        for t in range(first, first + count):
            weight = kernels.average_weight(schedule, t)
            keep_positive, keep_negative = kernels.schedule_discounts(schedule, t)
            for player in (0, 1):   # alternating updates
                for p in (0, 1):
                    kernels.regret_matching(regret, self.offset[p], self.sizes[p], policy, self.offset[p])
                base, size = self.offset[player], self.sizes[player]
                kernels.accumulate_average(strategy_sum, base, size, policy, base, weight)
                values = self.action_values(player, policy)
                expected = float(values @ policy[base:base + size])
                kernels.update_regrets(regret, base, size, values, expected, schedule, keep_positive, keep_negative)

    def evaluate(self, policy):
        rows = self.sizes[0]
        value = float(policy[:rows] @ self.payoff @ policy[rows:])
        return value, float(self.action_values(0, policy).max()), float(self.action_values(1, policy).max())


def lp_value(payoff) -> float:
    """The game's value by linear programming: max v subject to x A >= v, x a distribution."""
    rows, columns = payoff.shape
    objective = np.r_[np.zeros(rows), -1.0]
    upper = np.c_[-payoff.T, np.ones(columns)]
    result = linprog(objective, A_ub=upper, b_ub=np.zeros(columns), A_eq=[np.r_[np.ones(rows), 0.0]], b_eq=[1.0],
                     bounds=[(0, None)] * rows + [(None, None)])
    assert result.success
    return -result.fun


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_reaches_the_linear_programs_value(variant):
    game = MatrixGame(PAYOFF)
    solved = solve(game, variant, iterations=20_000, target=1e-3, check_every=50, widen_to=800, progress=False)
    value = lp_value(PAYOFF)
    assert solved.exploitability <= 1e-3 < solved.run.history[0][1]
    # The game's value lies between the two best responses, and so does the strategies' value.
    assert -solved.best_response[1] - 1e-12 <= value <= solved.best_response[0] + 1e-12
    assert abs(solved.value - value) <= 2 * solved.exploitability
    assert solved.policy[:3].sum() == pytest.approx(1.0) and solved.policy[3:].sum() == pytest.approx(1.0)


def test_the_discounted_variants_converge_faster_than_vanilla_cfr():
    game = MatrixGame(PAYOFF)
    reached = {variant: solve(game, variant, iterations=2000, target=0.0, check_every=2000, progress=False)
               .exploitability for variant in VARIANTS}
    assert max(reached["dcfr"], reached["cfr+"], reached["lcfr"]) < reached["cfr"]


def test_the_loop_checks_at_widening_gaps_and_stops_at_the_target_or_the_cap():
    ran = []
    figures = iter([0.5, 0.3, 0.2, 0.05, 0.01])
    done = iterate(lambda first, count: ran.append((first, count)), lambda: next(figures), iterations=1000,
                   target=0.1, check_every=10, widen_to=40, progress=False)
    assert [row[0] for row in done.history] == [10, 30, 70, 110]   # gaps 10, 20, 40, 40; 0.05 <= 0.1 stops
    assert done.iterations == 110 and done.exploitability == 0.05
    # The pieces cover every iteration once, in order.
    assert [first for first, _ in ran] == list(np.cumsum([1] + [count for _, count in ran[:-1]]))
    # A solver that cannot measure (a sampled one between exact checks) runs to the cap, recording nothing.
    unmeasured = iterate(lambda first, count: None, lambda: None, iterations=75, target=1.0, check_every=20,
                         progress=False)
    assert unmeasured.iterations == 75 and unmeasured.history == () and unmeasured.exploitability is None


def test_the_variant_codes_name_the_same_schedules():
    # ``discounts`` / ``updated_regret`` by variant code are what other solvers import.
    for schedule in VARIANTS.values():
        for t in (1, 2, 7, 100):
            assert kernels.discounts(schedule.code, t) == kernels.schedule_discounts(schedule.array, t)
            for old, gain in ((2.0, -5.0), (-1.0, 0.25), (0.0, 3.0)):
                keep = kernels.discounts(schedule.code, t)
                assert kernels.updated_regret(old, gain, schedule.code, *keep) == \
                    kernels.regret_update(old, gain, schedule.array, *keep)
    assert kernels.updated_regret(1.0, -3.0, kernels.CFR_PLUS, 1.0, 1.0) == 0.0   # regret matching+ floors
    assert kernels.discounts(kernels.VANILLA, 50) == (1.0, 1.0)


@pytest.mark.parametrize("settings,words", [
    (("fast", 1e-3, 100), "Solver 'fast' is not known; choose from cfr, cfr+, dcfr or lcfr."),
    (("dcfr", -1e-3, 100), "Target exploitability -0.001 is not allowed"),
    (("dcfr", math.nan, 100), "Target exploitability nan is not allowed"),
    (("dcfr", math.inf, 100), "Target exploitability inf is not allowed"),
    (("dcfr", True, 100), "Target exploitability True is not allowed"),
    (("dcfr", 1e-3, 0), "0 iterations is not allowed; choose 1 to 1,000,000."),
    (("dcfr", 1e-3, MAX_ITERATIONS + 1), "1000001 iterations is not allowed"),
    (("dcfr", 1e-3, 10.5), "10.5 iterations is not allowed"),
    (("dcfr\nx", 1e-3, 100), "Solver 'dcfr\\nx' is not known"),
])
def test_bad_settings_are_one_sentence(settings, words):
    with pytest.raises(InvalidArgument) as refused:
        check_solver(*settings)
    assert words in str(refused.value) and "\n" not in str(refused.value)
    check_solver("lcfr", 0.0, MAX_ITERATIONS)   # the limits themselves are allowed
