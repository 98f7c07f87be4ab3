"""Brag betting for three to eight players, solved by external-sampling Monte Carlo CFR over
hand-strength buckets (rules as implemented: docs/rules.md; method: docs/brag.md).

The public tree is built by playing the whole deal's own transitions (``_deal_kernels``),
so the betting rules are stated once: blind play (half stakes, looking at any turn), the
stake ladder and raise limit, seeing only when two remain (an open player never sees a blind
one), the seer losing a tie, a pot folded to a blind player carrying over. What the solve adds
is its abstraction: a cap on bets (``bets``: once reached, a player may only see, look, or
fold; an open player facing a blind one with two left may still bet), a carried pot shared
evenly (each player's share of it worth a 1/n part, as if the next deal were even), each
open player's hand known to the strategy only by its bucket (fewer buckets at larger tables:
``_stored.BUCKETS``), and at seven and eight players no raise, at eight at most three bets
(``_stored.LEFT_OUT``: the whole betting there has millions of histories).
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from itertools import combinations
from pathlib import Path

import numpy as np

from analysis.brag.multi import _kernels as M
from analysis.brag.multi.game import CARRIED, DECISION, FOLDED, SEEN, flat_policy, padded_policy, table_game
from analysis.brag.showdown._kernels import hand_strengths
from analysis.brag.showdown.tables import hand_table
from analysis.brag.table import deal_rules as K
from analysis.brag.multi.history import walk
from analysis.brag.multi.kernel_tables import TableTree
from analysis.brag._stored import BUCKETS, TABLE_SAMPLES, multi_labels, multi_params, solved_rules
from analysis.brag.table.deal import Table
from analysis.brag.rules import BragRules, preset
from analysis.cfr.multi_player import evaluate as core_evaluate, solve as core_solve
from analysis.errors import InvalidArgument
from analysis.store import default_root

MAX_NODES = 500_000
SOLVE_PLAYERS = (3, 4, 5, 6, 7, 8)


@dataclass(frozen=True, eq=False)
class MultiTree:
    """The public betting tree of one deal at a table of ``players`` (children contiguous).

    ``kind``, ``actor`` (-1 at a terminal), ``blind`` (the actor has not looked), ``child_start``,
    ``n_actions``, ``labels`` (the move leading to each node), ``paid[n, p]`` (chips in, ante
    included), and at a terminal ``winner`` (who takes a folded pot) or ``seer``/``seen``.
    """

    rules: BragRules
    players: int
    labels: tuple = field(repr=False)
    kind: np.ndarray = field(repr=False)
    actor: np.ndarray = field(repr=False)
    blind: np.ndarray = field(repr=False)
    child_start: np.ndarray = field(repr=False)
    n_actions: np.ndarray = field(repr=False)
    paid: np.ndarray = field(repr=False)
    winner: np.ndarray = field(repr=False)
    seer: np.ndarray = field(repr=False)
    seen: np.ndarray = field(repr=False)

    @property
    def nodes(self) -> int:
        return int(self.kind.size)

    def actions(self, node: int) -> list[str]:
        start = int(self.child_start[node])
        return [self.labels[c] for c in range(start, start + int(self.n_actions[node]))]

    def node_of(self, history) -> int:
        """The node a history leads to (a list of moves, or one comma-separated string)."""
        return walk(self.labels, self.kind, self.child_start, self.n_actions, self.blind, self.actor, history)


def _moves(rules: BragRules, table: Table):
    """The solve's moves for the player to act: (label, action, argument), legal by the deal's rules."""
    t = table
    seat = int(t.ti[K.T_TURN])
    blind = t.status[seat] == K.BLIND
    capped = t.ti[K.T_BETS] >= rules.bets
    two_left = K.betting_count(t.ti, t.status) == 2
    other = K.other_bettor(t.ti, t.status, seat)
    facing_blind = two_left and not blind and t.status[other] == K.BLIND and not rules.open_sees_blind
    wanted = [("look", K.LOOK, 0)] if blind else []
    wanted.append(("fold", K.FOLD, 0))
    if not capped or facing_blind:
        if not blind or rules.blind_play:
            wanted.append(("bet", K.STAY, 0))
            for rung in range(1, len(rules.stakes)):
                wanted.append((f"raise {rules.stakes[rung]:g}", K.RAISE, rung))
    wanted.append(("see", K.SEE, 0))
    for label, action, arg in wanted:
        if K.check(t.rp, t.ti, t.status, t.hands, t.bank, action, arg) == K.OK:
            yield label, action, arg


def _copy(table: Table) -> Table:
    clone = Table.__new__(Table)
    clone.__dict__.update({k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in table.__dict__.items()})
    return clone


def multi_tree(rules: str | BragRules, players: int) -> MultiTree:
    """Build the public tree for ``players`` (3 to 8) by playing the deal's transitions (less what the solve
    leaves out at that size: ``_stored.LEFT_OUT``)."""
    rules = preset(rules)
    if isinstance(players, bool) or players not in SOLVE_PLAYERS:
        raise InvalidArgument(f"The multi-player solve plays {SOLVE_PLAYERS[0]} to {SOLVE_PLAYERS[-1]} players, "
                              f"not {players!r}; two players have the heads-up solve.")
    rules = solved_rules(rules, players)
    root = Table(rules, players)
    root.deck[:52] = np.arange(52)
    root.deck[52] = 52
    K.deal(root.rp, root.ti, root.tf, root.status, root.hands, root.cards, root.bank, root.paid, root.gather,
           root.deck, players - 1, 0.0)
    labels, tables = [""], [root]
    frontier = 0
    child_start, n_actions = [], []
    while frontier < len(tables):
        table = tables[frontier]
        frontier += 1
        child_start.append(len(tables))
        count = 0
        if not table.ti[K.T_OVER]:
            for label, action, arg in _moves(rules, table):
                child = _copy(table)
                K.step(child.rp, child.ti, child.tf, child.status, child.hands, child.cards, child.bank,
                       child.paid, child.gather, action, arg)
                labels.append(label)
                tables.append(child)
                count += 1
            if len(tables) > MAX_NODES:
                raise InvalidArgument(f"This betting structure has over {MAX_NODES:,} betting histories for "
                                      f"{players} players; lower bets, raises or the number of stakes.")
        n_actions.append(count)
    n = len(tables)
    kind = np.zeros(n, np.int64)
    actor = np.full(n, -1, np.int64)
    blind = np.zeros(n, np.bool_)
    winner = np.full(n, -1, np.int64)
    seer = np.full(n, -1, np.int64)
    seen = np.full(n, -1, np.int64)
    paid = np.array([t.paid for t in tables])
    for i, t in enumerate(tables):
        if not t.ti[K.T_OVER]:
            actor[i] = t.ti[K.T_TURN]
            blind[i] = t.status[actor[i]] == K.BLIND
            continue
        end = t.ti[K.T_END]
        if end == K.END_SEEN:
            kind[i], seer[i], seen[i] = SEEN, t.ti[K.T_SEER], t.ti[K.T_SEEN]
        elif end == K.END_CARRIED:
            kind[i] = CARRIED
        else:
            kind[i], winner[i] = FOLDED, t.ti[K.T_WINNER]
    return MultiTree(rules, players, tuple(labels), kind, actor, blind, np.array(child_start, np.int64),
                     np.array(n_actions, np.int64), paid, winner, seer, seen)


# The chance layer -------------------------------------------------------------------------------

def bucket_edges(rules: BragRules, buckets: int, deck=None) -> np.ndarray:
    """The weakest strength of each bucket: equal shares of the hands the pack can deal."""
    if deck is None:
        strengths = np.sort(hand_table(rules).strengths)
    else:
        hands = np.array(list(combinations(sorted(deck), 3)), np.int64)
        strengths = np.sort(hand_strengths(hands, rules.prial_333_high, rules.a23_code))
    edges = np.array([strengths[(b * len(strengths)) // buckets] for b in range(buckets)], np.int64)
    return np.unique(edges)


@dataclass(frozen=True, eq=False)
class ChanceLayer:
    """Bucket tuples' chances and, per ordered pair of seats, the chance the first beats the second."""

    edges: np.ndarray
    chance: np.ndarray
    beats: np.ndarray
    deals: int
    exact: bool

    @property
    def buckets(self) -> int:
        return int(self.edges.size)


def chance_layer(rules: BragRules, players: int, buckets: int, deck=None, samples: int = TABLE_SAMPLES,
                 seed: int = 0) -> ChanceLayer:
    """Exact over every deal of a reduced ``deck``; for the full pack, from ``samples`` seeded deals."""
    if rules.hand_size != 3:
        raise InvalidArgument("The multi-player solve plays three-card hands; choose brag3 or teen_patti.")
    edges = bucket_edges(rules, buckets, deck)
    if deck is None:
        counts, wins = M.sampled_tables(players, edges, rules.prial_333_high, rules.a23_code, samples, seed)
    else:
        counts, wins = M.exact_tables(np.array(sorted(deck), np.int64), players, edges, rules.prial_333_high,
                                      rules.a23_code)
    deals = int(counts.sum())
    beats = wins / np.maximum(counts, 1)[:, None, None]
    return ChanceLayer(edges, counts / deals, beats, deals, deck is not None)


# The solve ---------------------------------------------------------------------------------------

@dataclass
class MultiSolution:
    """A solved table of three to eight: the average strategy, each player's value and best-response gain.

    ``gains[p]`` is how much player p could win, per deal in chips (ante 1), by changing their own
    strategy while the others keep theirs: the multi-player measure of distance from equilibrium.
    """

    rules: BragRules
    players: int
    tree: MultiTree = field(repr=False)
    layer: ChanceLayer = field(repr=False)
    policy: np.ndarray = field(repr=False)
    iterations: int
    seconds: float
    values: list
    gains: list
    history: list = field(repr=False, default_factory=list)

    def to_dict(self) -> dict:
        return {"rules": self.rules.name, "players": self.players, "buckets": self.layer.buckets,
                "chance_layer": "exact" if self.layer.exact else f"{self.layer.deals:,} sampled deals",
                "iterations": self.iterations, "seconds": self.seconds, "values": self.values,
                "best_response_gains": self.gains, "histories": self.tree.nodes,
                "history": [{"iterations": i, "gains": g} for i, g in self.history]}


def _arrays(tree: MultiTree, layer: ChanceLayer) -> TableTree:
    return TableTree(tree.kind, tree.actor, tree.blind, tree.child_start, tree.n_actions, tree.paid, tree.winner,
                     tree.seer, tree.seen, layer.beats)


def evaluate(tree: MultiTree, layer: ChanceLayer, policy: np.ndarray) -> tuple[list, list]:
    """Each player's value under ``policy[node, bucket, action]`` and best-response gain against it (exact in
    the layer: the CFR core's passes over the table's game)."""
    game = table_game(tree, layer)
    values, gains = core_evaluate(game, flat_policy(game, policy))
    return list(values), list(gains)


def solve_multi(rules: str | BragRules, players: int, *, iterations: int = 200_000,
                target: float = 0.01, buckets: int | None = None, deck=None, seed: int = 0,
                check_every: int = 20_000, exact: bool = False, progress: bool = True,
                checkpoint: str | None = None) -> MultiSolution:
    """Solve betting at a table of ``players`` with the CFR core (``analysis.cfr.multi_player``):
    external-sampling MCCFR with regret matching+ and the average weighted by iteration (``exact``:
    full-traversal CFR+ over every bucket tuple, for reduced decks), checking every player's best-response
    gain every ``check_every`` iterations and stopping once all are at most ``target`` chips per deal.
    ``checkpoint``: a file the solve is saved to every few minutes and resumed from (the core's)."""
    rules = preset(rules)
    if isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= 10**8:
        raise InvalidArgument(f"{iterations!r} iterations is not allowed; give 1 to 100,000,000.")
    started = time.perf_counter()
    tree = multi_tree(rules, players)
    layer = chance_layer(rules, players, buckets or BUCKETS[players], deck, seed=seed)
    game = table_game(tree, layer)
    # The sampled solve's averaging and draws are the ones the shipped solves were built with.
    solved = core_solve(game, "cfr+", iterations=iterations, seed=seed, target=target, check_every=check_every,
                        checkpoint=checkpoint, averaging="every", draws="counters",
                        sampling="full" if exact else "external", label=f"solving Brag for {players}",
                        progress=progress)
    return MultiSolution(rules, players, tree, layer, padded_policy(game, solved.policy, layer.buckets),
                         solved.run.iterations, time.perf_counter() - started, list(solved.values),
                         list(solved.gains), [(i, list(g)) for i, g in solved.checks])


# The stored solve -----------------------------------------------------------------------------

def multi_table(rules: str | BragRules, players: int, progress: bool = True) -> dict:
    """Solve ``players`` with the stored solve's settings and return the arrays the store keeps
    (``analysis.brag.multi.strategy.stored`` reads them from the store, or has them built here)."""
    rules = preset(rules)
    checkpoint = _checkpoint_path(rules, players)
    stored = multi_params(rules, players)
    solution = solve_multi(rules, players, iterations=stored["iterations"], target=stored["target"],
                           check_every=stored["check_every"], seed=stored["seed"], progress=progress,
                           checkpoint=checkpoint and str(checkpoint))
    if checkpoint:
        checkpoint.unlink(missing_ok=True)   # the store keeps the solve now
    tree = solution.tree
    history = np.array([[i, *g] for i, g in solution.history], float)
    return {"kind": tree.kind, "actor": tree.actor, "blind": tree.blind.astype(np.int64),
            "child_start": tree.child_start, "n_actions": tree.n_actions,
            "labels": np.array([multi_labels(rules).index(label) for label in tree.labels], np.int64),
            "edges": solution.layer.edges, "policy": solution.policy,
            "summary": np.array([solution.iterations, solution.seconds, *solution.values, *solution.gains]),
            "history": history}


def _checkpoint_path(rules: BragRules, players: int) -> Path | None:
    """Where the stored solve keeps its checkpoint while it runs (the default store's folder), so a build that
    is stopped goes on from there when asked again, with the same result; None where that folder cannot be
    written (the solve then runs through without one)."""
    params = json.dumps(multi_params(rules, players), sort_keys=True, default=str)
    folder = default_root() / "checkpoints"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    digest = hashlib.sha256(params.encode()).hexdigest()[:16]
    return folder / f"brag-multi-{rules.name}-{players}-{digest}.npz"
