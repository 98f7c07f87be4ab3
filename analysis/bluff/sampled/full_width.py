"""Full-width CFR on the sampled solver's abstraction: every information set updated at every iteration.

The sampled solver (``solver``) draws the dice and walks a few lines of the bid tree an iteration, so at 5v5
each of the 907,452 information sets remembering two bids is visited only a few dozen times in half an hour. But a
player who remembers only the last ``k`` bids plays the same below a window whatever came before it, so the round
can be valued window by window, for every pair of hands at once (``_full_width_kernels``). One iteration then
costs the (window, action) pairs times the pairs of hands: about 4 seconds at 5v5 remembering two bids over every
raise, a fifth of a second remembering one; with every bid remembered it is full-width CFR on the exact game.

The updates alternate (the first bidder's information sets, then the second's against the first's new strategy),
with discounted CFR's factors every iteration: on one die each, remembering every bid, that reaches the exact
equilibrium (3e-5 dice in 1,000 iterations), where updating both at once converged several times more slowly.

``Trainer`` holds the arrays of one solve; ``solver.solve_sampled(..., full_width=True)`` runs it with the
sampled solver's store, checkpoints, progress and exploitability checks.
"""

from __future__ import annotations

import itertools
from typing import NamedTuple

import numpy as np

from analysis.bluff.sampled.kernel_tables import WindowTables
from analysis.bluff.sampled.window_rules import window_rank
from analysis.errors import InvalidArgument

#: The values of every (window, seat, pair of hands) are kept in float64 up to this size, in float32 beyond (5v5
#: remembering two bids: 0.9 GB in float32); the sums over the other's hands are in float64 either way.
DOUBLE_BYTES = 256 * 1024 ** 2


class WindowGraph(NamedTuple):
    """The states (window, seat to act) that some history reaches, ordered by the window's last bid (one named
    tuple: the passes of ``_full_width_kernels`` read its fields by name)."""

    window: np.ndarray        # [state]
    actor: np.ndarray         # [state]
    state_of: np.ndarray      # [window, seat]: the state, -1 where no history reaches it
    child: np.ndarray         # [window, raise]: the window after the raise
    row: np.ndarray           # [window]: the row of raises (the last bid, or the openings' row)
    last: np.ndarray          # [window]: the last bid, -1 for the empty window
    level_start: np.ndarray   # [level + 1]: the states of level j (last bid j - 1; level 0 the opening)

    @property
    def states(self) -> int:
        return int(self.window.size)


def window_graph(game) -> WindowGraph:
    """The states of ``game`` (a ``game.SampledGame``) and the window each raise leads to, found from the
    opening."""
    bids, k, windows = len(game.bids), game.k, game.windows
    opening = game.raises.shape[0] - 1
    child = np.full((windows, max(1, game.raises.shape[1])), -1, dtype=np.int64)
    row = np.full(windows, opening, dtype=np.int64)
    last = np.full(windows, -1, dtype=np.int64)
    history = np.zeros(k + 1, dtype=np.int64)
    for size in range(k + 1):
        for window in itertools.combinations(range(bids), size):
            w = window_rank(np.array(window, dtype=np.int64), size, k, game.binom, game.first)
            if size:
                row[w] = last[w] = window[-1]
            kept = window[1:] if size == k else window
            history[:len(kept)] = kept
            for a in range(int(game.n_raises[row[w]])):
                history[len(kept)] = game.raises[row[w], a]
                child[w, a] = window_rank(history, len(kept) + 1, k, game.binom, game.first)
    reached = np.zeros((windows, 2), dtype=bool)
    reached[0, 0] = True
    # Bids only rise, so visiting the windows by their last bid reaches every parent before its children.
    order = sorted(range(windows), key=lambda w: last[w])
    for w in order:
        for actor in (0, 1):
            if reached[w, actor]:
                reached[child[w, :game.n_raises[row[w]]], 1 - actor] = True
    states = [(w, actor) for w in order for actor in (0, 1) if reached[w, actor]]
    state_of = np.full((windows, 2), -1, dtype=np.int64)
    for s, (w, actor) in enumerate(states):
        state_of[w, actor] = s
    levels = np.array([last[w] + 1 for w, _ in states])
    level_start = np.searchsorted(levels, np.arange(bids + 2)).astype(np.int64)
    return WindowGraph(np.array([w for w, _ in states], dtype=np.int64),
                       np.array([a for _, a in states], dtype=np.int64), state_of, child, row, last, level_start)


def values_bytes(game, itemsize: int = 4) -> int:
    """At most the bytes of the values of every (window, seat, pair of hands): every window counted for both
    seats (before the windows some history reaches are found)."""
    return 2 * game.windows * len(game.hands[0]) * len(game.hands[1]) * itemsize


class Trainer:
    """The arrays of a full-width solve of ``game``: its window graph, the current strategy, the reaches and the
    values; ``iterate`` runs one iteration on the caller's regrets and strategy sums."""

    def __init__(self, game, schedule: np.ndarray, limit: int):
        needed = values_bytes(game) + 8 * (3 * game.slots)
        if needed > limit:
            raise InvalidArgument(
                f"Full-width CFR on a {game.dice[0]}v{game.dice[1]} round of {game.rules.title} remembering "
                f"{game.memory} needs {needed / 1024 ** 3:,.1f} GB, more than the {limit / 1024 ** 3:g} GB allowed; "
                f"remember fewer bids or use the sampled solver.")
        self.game = game
        self.graph = window_graph(game)
        self.schedule = schedule
        self.hands = np.array([len(h) for h in game.hands], dtype=np.int64)
        dtype = np.float64 if values_bytes(game, 8) <= DOUBLE_BYTES else np.float32
        self.values = np.zeros((self.graph.states, self.hands[0], self.hands[1]), dtype=dtype)
        self.payoff = game.payoff.astype(dtype)
        self.reach = np.zeros((2, self.graph.states, int(self.hands.max())))
        self.sigma = np.zeros(game.slots)
        self.tables = WindowTables(game.n_raises, game.offset, game.n_actions, self.hands, game.chance, game.match,
                                   self.payoff)

    def iterate(self, iteration: int, regret: np.ndarray, strategy_sum: np.ndarray) -> float:
        """One iteration (the first bidder's update, then the second's), in place; returns the first bidder's value
        of the round under the strategy of the second update."""
        value = 0.0
        for seat in (0, 1):
            value = self.sweep(regret, strategy_sum, iteration, seat)
        return value

    def sweep(self, regret: np.ndarray, strategy_sum: np.ndarray, iteration: int, seat: int) -> float:
        """The current strategy from ``regret``, its reaches and values, and the update of ``seat``'s information
        sets (-1: none, only the value)."""
        # lazy: keeps numba out of a table question's start-up
        from analysis.bluff.sampled import _full_width_kernels as kern

        kern.match_policy(regret, self.graph, self.tables, self.sigma)
        return self._values(self.sigma, regret, strategy_sum, iteration, seat)

    def value_of(self, policy: np.ndarray) -> float:
        """The first bidder's value of the round when both players follow ``policy`` (exact)."""
        unused = np.zeros(1)
        return self._values(policy.astype(np.float64, copy=False), unused, unused, 1, -1)

    def _values(self, sigma, regret, strategy_sum, iteration, seat) -> float:
        # lazy: keeps numba out of a table question's start-up
        from analysis.bluff.sampled import _full_width_kernels as kern

        kern.forward_reach(sigma, self.graph, self.tables, self.reach)
        return float(kern.backward_pass(sigma, self.reach, self.graph, self.tables, self.values, regret, strategy_sum,
                                        iteration, self.schedule, seat))
