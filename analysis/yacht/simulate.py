"""Seeded Monte Carlo of whole solitaire games under the optimal strategy or a simple heuristic.

Strategies: ``optimal`` (the solved table), ``greedy`` (the keeps and box that score most
this turn, the future ignored) and ``common`` (keep every die of the most frequent face,
write the box that scores most now). Game ``g`` uses its own random stream, so a seed
gives the same games on any number of threads.

>>> result = simulate("yacht_kr", games=2000, seed=1, strategy="greedy")
>>> result.games, result.seed
(2000, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from analysis.errors import InvalidArgument
from analysis.seeds import check_seed
from analysis.progress import Progress
from analysis.tables import counted
from analysis.yacht import _kernels as K
from analysis.yacht.game import game_arrays, throw_tables
from analysis.yacht.rules import Rules, preset
from analysis.yacht.solver import state_values

STRATEGIES = ("optimal", "greedy", "common")
_CHUNK = 2000


@dataclass(frozen=True)
class Simulation:
    rules: Rules
    strategy: str
    games: int
    seed: int
    points: np.ndarray   # points[game, column]: boxes, then upper bonus, then yacht bonus

    @property
    def totals(self) -> np.ndarray:
        return self.points.sum(axis=1)

    @property
    def mean(self) -> float:
        return float(self.totals.mean())

    @property
    def standard_error(self) -> float:
        return float(self.totals.std(ddof=1) / np.sqrt(self.games))

    @property
    def std(self) -> float:
        return float(self.totals.std(ddof=1))

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        return self.mean - z * self.standard_error, self.mean + z * self.standard_error

    def boxes(self) -> pd.DataFrame:
        names = [b.name for b in self.rules.boxes] + ["Upper bonus", "Yacht bonus"]
        rows = [{"box": name, "mean_points": float(col.mean()),
                 "standard_error": float(col.std(ddof=1) / np.sqrt(self.games)),
                 "zero_rate": float((col == 0).mean())} for name, col in zip(names, self.points.T)]
        table = pd.DataFrame(rows)
        keep = [True] * len(self.rules.boxes) + [self.rules.has_upper_bonus, self.rules.has_yacht_bonus]
        return table[keep].reset_index(drop=True)

    def to_dict(self) -> dict:
        low, high = self.interval()
        return {"preset": self.rules.name, "strategy": self.strategy, "games": self.games, "seed": self.seed,
                "mean": self.mean, "standard_error": self.standard_error, "ci95": [low, high], "std": self.std,
                "boxes": self.boxes()}

    def __str__(self) -> str:
        low, high = self.interval()
        return (f"{self.rules.name}, strategy {self.strategy}: {counted(self.games, 'game')}, seed {self.seed}: "
                f"mean {self.mean:.3f} (standard error {self.standard_error:.3f}, 95% interval "
                f"{low:.3f}-{high:.3f}), standard deviation {self.std:.3f}")


def simulate(rules: Rules | str = "yacht_kr", games: int = 10_000, seed: int = 0,
             strategy: str = "optimal", values: np.ndarray | None = None) -> Simulation:
    """Play ``games`` seeded games under ``strategy`` and return every game's points by box."""
    rules = preset(rules)
    if strategy not in STRATEGIES:
        raise InvalidArgument(f"'{strategy}' is not a strategy; choose from {', '.join(STRATEGIES)}.")
    if not 2 <= games <= 10_000_000:  # one game has no standard error
        raise InvalidArgument(f"Games must be between 2 and 10,000,000, not {games}.")
    seed = check_seed(seed)
    g = game_arrays(rules)
    if strategy == "optimal":
        values = state_values(rules) if values is None else values
    else:
        values = np.zeros(1)
    points = np.zeros((games, len(rules.boxes) + 2), dtype=np.int64)
    # A few hundred kernel calls at most, so that long runs can show how far they are.
    step = max(_CHUNK, -(-games // 200))
    with Progress(f"odds: simulating {counted(games, rules.name + ' game')} ({strategy})", total=games) as bar:
        for first in range(0, games, step):
            block = points[first:first + step]
            K.simulate_games(first, block, seed, STRATEGIES.index(strategy), values, g.scoring, g.dice, throw_tables())
            bar.advance(block.shape[0])
    return Simulation(rules, strategy, games, seed, points)
