"""External-sampling Monte Carlo CFR for any number of players, over a game given as arrays.

The game (``TableGame``) is a public tree, a list of deals and payoffs:

* the tree: ``actor[n]`` (the player to move, -1 at a terminal), ``child_start[n]`` and
  ``n_actions[n]`` (a node's children are contiguous and numbered after it), and ``rounds[n]``,
  which of the actor's observations it plays from;
* the deals: every private draw of a deal at once (the cards in every hand, a card to come, a
  hand's bucket), deal t with chance ``deal_chance[t]``, and ``observation[t, p, r]``, the row
  (0, 1, ...) of what player p knows of deal t in round r. Player p's information set at node
  n is (n, its row): two deals with the same row there look alike to p;
* the payoffs: at a terminal n on deal t, player p receives
  ``fixed[n, p] + scale[n] * share[group[n], t, p]`` (for poker and Brag: minus what p paid,
  plus the pot times p's share of it; ``group[n]`` -1 where the payoff does not depend on
  the deal). ``TableGame.from_payoffs`` takes a full table ``payoff[n, t, p]`` instead.

A game whose players remember only part of the round (an abstraction) may give its public states as a
graph instead (``graph=True``): a node then stands for every history that leads to it, nodes may share
children, and children need not come after their parents (only the bids' or moves' own order keeps the
walk finite). The sampled walk is the same; the exact passes (``evaluate``) assume a tree of perfect
recall, so such a game is measured by the caller's ``measure`` (``solve``), e.g. a sampled local best
response.

The solver (Lanctot et al. 2009): each iteration walks the tree once per player, that player
(the traverser) trying every action and everyone else one action drawn from their current
strategy, on a deal drawn by its chance. Regrets follow the CFR core's schedule
(``schedule.VARIANTS``: ``cfr``, ``cfr+``, ``dcfr``, ``lcfr``), discounted exactly as a full
sweep discounts them (``_multi_kernels`` keeps them scaled); the average strategy, weighted
by the schedule's iteration weight, is gathered at the other players' nodes, each visit
divided by the reach of the players other than the traverser and the actor, so it is
unbiased at any number of players (``averaging="next"`` is OpenSpiel's rule instead, the
next player's nodes only, and ``"every"`` every other player's node unweighted: both unbiased
for two; the Brag table solves use ``"every"`` with ``draws="counters"``, as they were built).

Every draw comes from a stream keyed by the seed, the iteration and the traverser, so a seed
gives the same solve however the iterations are cut, and a solve stopped and resumed from its
checkpoint equals one run through. Each check measures every player's best-response gain
exactly (``gains``; NashConv is their sum), by backward induction over every deal.

>>> from analysis.cfr.kuhn import kuhn_game
>>> solved = solve(kuhn_game(3), "lcfr", iterations=2000, seed=1, progress=False)
>>> solved.nash_conv < 0.1
True
"""

from __future__ import annotations

import hashlib
import os
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np

from analysis.cfr.checks import check_solver
from analysis.cfr.kernel_tables import GameTables
from analysis.cfr.loop import Iterated, iterate
from analysis.cfr.schedule import VARIANTS
from analysis.errors import InvalidArgument

#: Ways of gathering the average strategy (``_multi_kernels``): unbiased at any count, OpenSpiel's rule, or
#: every other player's node unweighted (the Brag table solves' rule).
AVERAGING = {"weighted": 0, "next": 1, "every": 2}
#: Where the walks' draws come from (``_multi_kernels``): a stream per walk, or a counter per draw (Brag's).
DRAWS = {"stream": 0, "counters": 1}
#: Seconds between two checkpoint saves.
CHECKPOINT_SECONDS = 300.0


@dataclass(frozen=True, eq=False)
class TableGame:
    """A game of ``players`` as the solver reads it (the module says what each array holds)."""

    players: int
    actor: np.ndarray
    child_start: np.ndarray
    n_actions: np.ndarray
    rounds: np.ndarray
    deal_chance: np.ndarray
    observation: np.ndarray
    fixed: np.ndarray
    scale: np.ndarray
    group: np.ndarray
    share: np.ndarray
    name: str = "game"
    graph: bool = False
    rows: np.ndarray = field(init=False, repr=False)      # rows[p, r]: player p's rows in round r
    offset: np.ndarray = field(init=False, repr=False)    # offset[n]: the first slot of node n's information sets

    def __post_init__(self):
        as_int = {k: np.ascontiguousarray(getattr(self, k), np.int64)
                  for k in ("actor", "child_start", "n_actions", "rounds", "observation", "group")}
        as_float = {k: np.ascontiguousarray(getattr(self, k), np.float64)
                    for k in ("deal_chance", "fixed", "scale", "share")}
        for k, v in {**as_int, **as_float}.items():
            object.__setattr__(self, k, v)
        _check(self)
        rows = self.observation.max(axis=0) + 1                       # (players, rounds)
        object.__setattr__(self, "rows", np.ascontiguousarray(rows, np.int64))
        decision = self.actor >= 0
        width = np.where(decision, rows[np.where(decision, self.actor, 0), self.rounds] * self.n_actions, 0)
        object.__setattr__(self, "offset", np.concatenate(([0], np.cumsum(width)[:-1])).astype(np.int64))

    @classmethod
    def from_payoffs(cls, players, actor, child_start, n_actions, rounds, deal_chance, observation, payoff,
                     name: str = "game") -> "TableGame":
        """The game with a full payoff table ``payoff[n, t, p]`` (read at terminals only)."""
        payoff = np.asarray(payoff, np.float64)
        nodes = payoff.shape[0]
        return cls(players, actor, child_start, n_actions, rounds, deal_chance, observation,
                   np.zeros((nodes, players)), np.ones(nodes), np.arange(nodes), payoff, name)

    @property
    def nodes(self) -> int:
        return int(self.actor.size)

    @property
    def deals(self) -> int:
        return int(self.deal_chance.size)

    @property
    def slots(self) -> int:
        """Regrets (and strategy sums) the solver keeps: one per action of each information set."""
        last = self.nodes - 1
        return int(self.offset[last] + (self.rows[self.actor[last], self.rounds[last]] * self.n_actions[last]
                                         if self.actor[last] >= 0 else 0))

    @property
    def information_sets(self) -> int:
        decision = np.flatnonzero(self.actor >= 0)
        return int(self.rows[self.actor[decision], self.rounds[decision]].sum())

    def row(self, node: int, deal: int) -> int:
        """The first slot of the information set the actor of ``node`` is in on ``deal``."""
        return int(self.offset[node] + self.observation[deal, self.actor[node], self.rounds[node]]
                   * self.n_actions[node])

    def tables(self, chance: Optional[np.ndarray] = None) -> GameTables:
        """The game as the kernels read it; ``chance`` in place of the deals' chances where given."""
        return GameTables(self.players, self.actor, self.child_start, self.n_actions, self.rounds, self.offset,
                          self.rows, self.deal_chance if chance is None else chance, self.observation, self.fixed,
                          self.scale, self.group, self.share)

    def key(self) -> str:
        """A digest of every array: a checkpoint resumes only a solve of this very game."""
        digest = hashlib.sha256(repr(self.players).encode())
        for k in ("actor", "child_start", "n_actions", "rounds", "deal_chance", "observation", "fixed", "scale",
                  "group", "share"):
            digest.update(np.ascontiguousarray(getattr(self, k)).tobytes())
        if self.graph:   # only here, so that a tree's checkpoints keep their key
            digest.update(b"graph")
        return digest.hexdigest()


def _check(game: TableGame) -> None:
    """One sentence for the first thing wrong with a game's arrays."""
    n, players = game.actor.size, game.players
    if not isinstance(players, int) or players < 2:
        raise InvalidArgument(f"A game needs at least 2 players, not {players!r}.")
    if n == 0 or any(getattr(game, k).shape != (n,) for k in ("child_start", "n_actions", "rounds", "scale",
                                                                "group")):
        raise InvalidArgument("actor, child_start, n_actions, rounds, scale and group must each hold one entry "
                              "per node.")
    decision = game.actor >= 0
    if np.any(game.actor >= players) or np.any(game.actor < -1):
        raise InvalidArgument(f"An actor must be a player 0 to {players - 1}, or -1 at a terminal.")
    if game.actor[0] < 0:
        raise InvalidArgument("The root must be a decision: a game that ends at once has nothing to solve.")
    if np.any(game.n_actions[decision] < 1):
        raise InvalidArgument("Every decision needs at least one action.")
    ends = game.child_start + game.n_actions
    if game.graph:
        if np.any(decision & ((game.child_start < 1) | (ends > n))):
            raise InvalidArgument("Each node's children must be nodes of the graph other than the root.")
    elif np.any(decision & ((game.child_start <= np.arange(n)) | (ends > n))):
        raise InvalidArgument("Each node's children must come after it, within the tree.")
    if game.observation.ndim != 3 or game.observation.shape[:2] != (game.deal_chance.size, players):
        raise InvalidArgument("observation must be shaped (deals, players, rounds).")
    if np.any(game.observation < 0) or np.any(game.rounds[decision] < 0) or \
            np.any(game.rounds[decision] >= game.observation.shape[2]):
        raise InvalidArgument("Rows must be 0 or more, and each node's round one of the observation's rounds.")
    chance = game.deal_chance
    if np.any(chance < 0) or not np.isclose(chance.sum(), 1.0, rtol=0, atol=1e-9):
        raise InvalidArgument(f"The deals' chances must be at least 0 and add up to 1 (they add up to "
                              f"{chance.sum():.6g}).")
    if game.fixed.shape != (n, players):
        raise InvalidArgument("fixed must be shaped (nodes, players).")
    if game.share.ndim != 3 or game.share.shape[1:] != (chance.size, players) or \
            np.any(game.group >= game.share.shape[0]) or np.any(game.group < -1):
        raise InvalidArgument("share must be shaped (groups, deals, players), and each group -1 or one of its "
                              "groups.")


@dataclass(frozen=True, eq=False)
class MultiSolved:
    """The average strategy after the solve, each player's value and best-response gain, the loop's record."""

    game: TableGame = field(repr=False)
    policy: np.ndarray = field(repr=False)
    values: tuple                 # each player's expected payoff when all play ``policy``
    gains: tuple                  # what each player gains by a best response while the others keep ``policy``
    run: Iterated
    checks: tuple = ()            # (iterations, every player's gain) at each check

    @property
    def nash_conv(self) -> float:
        """The sum of the players' best-response gains: 0 exactly at a Nash equilibrium."""
        return float(sum(self.gains))

    def strategy(self, node: int, deal: int) -> np.ndarray:
        """The average strategy's chances of each action at ``node`` for the actor on ``deal``."""
        base = self.game.row(node, deal)
        return self.policy[base:base + int(self.game.n_actions[node])]


def average_policy(game: TableGame, strategy_sum: np.ndarray) -> np.ndarray:
    """The average strategy of every information set of ``game`` (uniform where never reached)."""
    # lazy: numba starts only where a solve runs.
    from analysis.cfr.kernels import average_policy as average

    decision = np.flatnonzero(game.actor >= 0)
    out = np.empty(game.slots)
    average(strategy_sum, game.offset[decision], game.n_actions[decision],
            game.rows[game.actor[decision], game.rounds[decision]], out)
    return out


def evaluate(game: TableGame, policy: np.ndarray) -> tuple[tuple, tuple]:
    """(each player's value, each player's best-response gain) against ``policy``, exactly."""
    # lazy: the kernels (numba) load only where a game is solved or measured.
    from analysis.cfr import _multi_kernels as M

    if game.graph:
        raise InvalidArgument(f"{game.name} is given as a graph of remembered states: its best responses are not "
                              "exact passes over a tree; measure it with the game's own measure.")
    tables = game.tables()
    values = M.profile_values(tables, policy)
    best = [M.best_response_value(p, tables, policy) for p in range(game.players)]
    return tuple(float(v) for v in values), tuple(float(b - v) for b, v in zip(best, values))


def solve(game: TableGame, variant: str = "lcfr", *, iterations: int, seed: int = 0, target: float = 0.0,
          check_every: int = 1000, widen_to: Optional[int] = None, checkpoint: Optional[str] = None,
          averaging: str = "weighted", label: Optional[str] = None, progress: bool = True,
          draws: str = "stream", sampling: str = "external",
          measure: Optional[Callable[[np.ndarray], tuple[tuple, tuple]]] = None) -> MultiSolved:
    """External-sampling MCCFR with ``variant``'s schedule for ``iterations`` iterations, or until every
    player's best-response gain is at most ``target`` (0: run them all) at a check.

    ``checkpoint``: a file (``.npz``) where the solve's state is saved every few minutes and at the end; a
    solve of the same game, variant, seed and averaging finds it and goes on from there, with the same
    result as one run through (a file of another solve is refused in one sentence).

    ``averaging`` and ``draws``: the ways of ``AVERAGING`` and ``DRAWS`` (``_multi_kernels`` says what each does).
    ``sampling="full"``: full-traversal CFR instead (every deal and action each iteration; no draws, so
    ``seed``, ``averaging`` and ``draws`` play no part), the exact solve a small game's sampled one is checked
    against. Its regrets are discounted as they are updated, each player's once an iteration.
    ``measure``: ``policy -> (values, gains)`` in place of the exact ``evaluate`` at each check (a game given as
    a graph needs one: its gains are then what that measure says, e.g. a sampled local best response).
    """
    # lazy: the kernels (numba) load only where a game is solved or measured.
    from analysis.cfr import _multi_kernels as M
    from analysis.seeds import check_seed   # lazy: with the kernels above, only where a solve runs

    check_solver(variant, target, iterations)
    check_seed(seed)
    if averaging not in AVERAGING:
        raise InvalidArgument(f"Averaging {averaging!r} is not known; choose {', '.join(AVERAGING)}.")
    if sampling not in ("external", "full"):
        raise InvalidArgument(f"Sampling {sampling!r} is not known; choose external or full.")
    if draws not in DRAWS:
        raise InvalidArgument(f"Draws {draws!r} are not known; choose {' or '.join(DRAWS)}.")
    if game.graph and sampling == "full":
        raise InvalidArgument(f"{game.name} is given as a graph of remembered states; solve it by sampling.")
    if measure is None:
        if game.graph:
            raise InvalidArgument(f"{game.name} is given as a graph of remembered states; give the solve its "
                                  "measure of the players' gains.")
        measure = lambda policy: evaluate(game, policy)   # noqa: E731
    schedule = VARIANTS[variant].array
    key = f"{game.key()}:{variant}:{seed}:{averaging}" + ("" if draws == "stream" else f":{draws}") + \
        ("" if sampling == "external" else ":full")
    regret, strategy_sum, scales = np.zeros(game.slots), np.zeros(game.slots), np.ones(2)
    done, history, checks = 0, [], []
    if checkpoint and os.path.exists(checkpoint):
        done, history, checks = _resume(checkpoint, key, regret, strategy_sum, scales)
    cumulative = np.cumsum(game.deal_chance)
    cumulative /= cumulative[-1]
    saved_at = [time.perf_counter()]
    tables = game.tables()

    reached = [done]   # iterations run so far, for the checks (kept in every checkpoint as they are made)

    def run(first: int, count: int) -> None:
        reached[0] = done + first + count - 1
        if sampling == "full":
            M.full_iterations(done + first, count, schedule, tables, regret, strategy_sum)
        else:
            M.es_iterations(done + first, count, seed, schedule, scales, AVERAGING[averaging], tables, cumulative,
                            regret, strategy_sum, DRAWS[draws])
        if checkpoint and time.perf_counter() - saved_at[0] > CHECKPOINT_SECONDS:
            _save(checkpoint, key, regret, strategy_sum, scales, reached[0], history, checks)
            saved_at[0] = time.perf_counter()

    last = []

    def check(kept: bool = True) -> float:
        policy = average_policy(game, strategy_sum)
        values, gains = measure(policy)
        last[:] = [policy, values, gains]
        if kept:
            history.append((reached[0], max(gains)))
            checks.append((reached[0], gains))
        return max(gains)

    ran = iterate(run, check, iterations=iterations - done, target=target, check_every=check_every,
                  widen_to=widen_to, label=label or f"solving {game.name} for {game.players} players",
                  progress=progress, stop_at_target=target > 0)
    done += ran.iterations
    if checkpoint:
        _save(checkpoint, key, regret, strategy_sum, scales, done, history, checks)
    if not ran.history or ran.history[-1][0] != ran.iterations:   # else the last check measured this policy
        check(kept=False)
    policy, values, gains = last
    return MultiSolved(game, policy, values, gains,
                       Iterated(done, ran.seconds, ran.cpu_seconds, max(gains), tuple(history)), tuple(checks))


def _save(path, key, regret, strategy_sum, scales, done, history, checks) -> None:
    tmp = f"{path}.tmp.npz"
    np.savez(tmp, key=key, regret=regret, strategy_sum=strategy_sum, scales=scales, done=done,
             history=np.array(history, np.float64).reshape(-1, 2),
             checks=np.array([(i, *g) for i, g in checks], np.float64) if checks else np.zeros((0, 1)))
    os.replace(tmp, path)   # a solve stopped while saving keeps the last whole checkpoint


def _resume(path, key, regret, strategy_sum, scales) -> tuple[int, list, list]:
    try:
        saved = np.load(path)
        stored_key = str(saved["key"])
    except (OSError, ValueError, KeyError) as error:
        raise InvalidArgument(f"The checkpoint {path} cannot be read ({error}); remove it to start afresh.") from None
    if stored_key != key or saved["regret"].size != regret.size:
        raise InvalidArgument(f"The checkpoint {path} is of another solve (another game, solver, seed or "
                              "averaging); give another file, or remove it to start afresh.")
    regret[:], strategy_sum[:], scales[:] = saved["regret"], saved["strategy_sum"], saved["scales"]
    checks = [(int(row[0]), tuple(float(g) for g in row[1:])) for row in saved["checks"]] if "checks" in saved else []
    return int(saved["done"]), [(int(i), float(e)) for i, e in saved["history"]], checks
