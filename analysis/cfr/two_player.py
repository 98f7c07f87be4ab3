"""Full-width CFR on a two-player zero-sum game that supplies its own tree passes.

The game describes its strategy layout (information set rows of ``n_actions[n]`` slots
from ``offset[n]``, ``rows[n]`` of them at node n) and two passes over its tree:
``iterate(first, count, schedule, regret, strategy_sum)`` runs ``count`` iterations of
alternating updates in place (with the core's primitives, ``kernels.py``), and
``evaluate(policy)`` returns (player 0's value, each player's best-response value) against
a policy, exactly. The core keeps the regrets and the strategy sums, averages them, turns
the best responses into the exploitability and drives the outer loop (``loop.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Protocol

import numpy as np

from analysis.cfr.checks import check_solver
from analysis.cfr.loop import Iterated, iterate
from analysis.cfr.schedule import VARIANTS


class TwoPlayerGame(Protocol):
    slots: int
    offset: np.ndarray
    n_actions: np.ndarray
    rows: np.ndarray

    def iterate(self, first: int, count: int, schedule: np.ndarray, regret: np.ndarray,
                strategy_sum: np.ndarray) -> None: ...

    def evaluate(self, policy: np.ndarray) -> tuple[float, float, float]: ...


@dataclass(frozen=True, eq=False)
class Solved:
    """The average strategy after the solve, its value and best responses, and the loop's record."""

    policy: np.ndarray
    value: float                   # player 0's expected payoff under ``policy``
    best_response: tuple           # each player's best-response value against ``policy``
    run: Iterated

    @property
    def exploitability(self) -> float:
        """Half the NashConv: what a perfect opponent gains, on average over the two seats."""
        return exploitability(*self.best_response)


def exploitability(best0: float, best1: float) -> float:
    """The exploitability from the two best-response values (each in its player's own sign; 0 at an equilibrium)."""
    return (best0 + best1) / 2


def average_policy(game: TwoPlayerGame, strategy_sum: np.ndarray) -> np.ndarray:
    """The average strategy of every information set of ``game``."""
    # lazy: numba starts only where a solve runs.
    from analysis.cfr.kernels import average_policy as average

    out = np.empty(game.slots)
    average(strategy_sum, game.offset, game.n_actions, game.rows, out)
    return out


def solve(game: TwoPlayerGame, variant: str, *, iterations: int, target: float, check_every: int,
          widen_to: Optional[int] = None, label: str = "solving", progress: bool = True,
          stop_at_target: bool = True) -> Solved:
    """CFR with ``variant``'s schedule until the exploitability is at most ``target`` or ``iterations`` ran."""
    check_solver(variant, target, iterations)
    schedule = VARIANTS[variant].array
    regret, strategy_sum = np.zeros(game.slots), np.zeros(game.slots)
    last = []

    def check() -> float:
        policy = average_policy(game, strategy_sum)
        value, best0, best1 = game.evaluate(policy)
        last[:] = [policy, value, (best0, best1)]
        return exploitability(best0, best1)

    run = iterate(lambda first, count: game.iterate(first, count, schedule, regret, strategy_sum), check,
                  iterations=iterations, target=target, check_every=check_every, widen_to=widen_to, label=label,
                  progress=progress, stop_at_target=stop_at_target)
    policy, value, best = last
    return Solved(policy, float(value), (float(best[0]), float(best[1])), run)
