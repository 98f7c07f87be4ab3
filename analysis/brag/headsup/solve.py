"""Heads-up Brag betting solved: an equilibrium by discounted CFR, its exact exploitability and values.

The private state of a player is the strength of the hand (741 distinct strengths
for three cards, 5,222 for four), and the two hands are dealt jointly with card
removal: the chance of each pair of strengths is the number of deals of two disjoint
hands with those strengths. The solver never forms that (S, S) matrix: ``showdowns``
keeps, per strength, the card subsets its hands hold, from which a numba kernel gets
every showdown sum exactly by inclusion-exclusion (``_betting_kernels.showdown_sums``).
``strength_pairs`` counts the matrix itself (three-card games), for reading a solution.
The betting tree is ``betting.py``'s. A blind player's choice is one information set
for every hand (the cards are unseen); a player who has looked chooses by hand.

Solvers: discounted CFR (default; alpha 1.5, beta 0, gamma 2), CFR+, linear CFR and
vanilla CFR, from the CFR core (``analysis.cfr``; this module supplies the game and its passes).
The solve stops at the first check (every ``check_every`` iterations) where the
exploitability of the average strategy is at most ``target``, so the same rules give
the same answer on any machine. Exploitability is exact: a best response of each
player on the whole tree, averaged over the two seats (half the NashConv), in chips
per ante.

>>> solution = solve("brag3", deck="QKA", store=False)   # three ranks, 12 cards
>>> solution.exploitability <= 0.001
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

import numpy as np

from analysis.brag.headsup.betting import DECISION, BettingTree, betting_tree
from analysis.brag.headsup.kernel_tables import TerminalArrays, TreeArrays
from analysis.brag.showdown.cards import RANK_CHARS
from analysis.brag.rules import PRESETS, BragRules, preset
from analysis.brag.showdown.tables import BINOMIAL, hand_table
from analysis.cfr import two_player
from analysis.cfr.checks import check_solver
from analysis.errors import InvalidArgument
from analysis.store import Array, Store, TableKind, chosen_store, prepares

#: Deals of two disjoint hands of the full deck, by (first hand's strength class, second hand's).
STRENGTH_PAIRS = TableKind(
    "brag/strength-pairs", {"counts": Array("int64", ("classes", "classes"))}, version=1,
    check=lambda table, params: (None if table["counts"].min() >= 0 and table["counts"].sum() == params["deals"]
                                 else "the deals by strength do not add up to every deal"))
#: A solved heads-up betting game: average policy, counterfactual values and reach, summary, trajectory.
BETTING = TableKind("brag/betting", {
    "policy": Array("float64", (None,), within=(0, 1)), "node_values": Array("float64", (2, None, None)),
    "reach": Array("float64", (2, None, None)), "summary": Array("float64", (7,)),
    "history": Array("float64", (None, 2))}, version=1)
DEFAULT_TARGET = 1e-3
DEFAULT_ITERATIONS = 20_000
CHECK_EVERY = 50
#: Distinct strengths beyond which ``strength_pairs`` refuses to count the (S, S) matrix (Four Card
#: Brag has 5,222: 27 million pairs, 218 MB); the solver does not need it.
MAX_CLASSES = 1500


@dataclass(frozen=True, eq=False)
class StrengthPairs:
    """The joint deal of two hands by strength: ``counts[i, j]`` deals where player 0 holds
    strength ``strengths[i]`` and player 1 ``strengths[j]`` (no shared card)."""

    strengths: np.ndarray     # (S,) ascending distinct strengths
    counts: np.ndarray        # (S, S) int64
    hands: np.ndarray         # (S,) hands of each strength in the deck

    @property
    def deals(self) -> int:
        return int(self.counts.sum())


def deck_cards(deck) -> tuple[int, ...]:
    """The cards in play: None for all 52, a string of rank characters (``"QKA"``: every suit of
    those ranks), or card codes."""
    if deck is None:
        return tuple(range(52))
    if isinstance(deck, str):
        ranks = [RANK_CHARS.index(ch) for ch in deck.upper() if ch in RANK_CHARS]
        if len(ranks) != len(deck) or len(set(ranks)) != len(ranks):
            raise InvalidArgument(f"Deck '{deck}' is not a set of distinct ranks such as 'QKA'.")
        return tuple(sorted(4 * r + s for r in ranks for s in range(4)))
    cards = tuple(sorted(int(c) for c in deck))
    if len(set(cards)) != len(cards) or not all(0 <= c < 52 for c in cards):
        raise InvalidArgument(f"Deck {deck!r} is not a set of distinct card numbers 0-51.")
    return cards


def strength_pairs(rules: str | BragRules, deck=None, store: Store | None | bool = None) -> StrengthPairs:
    """Count every deal of two disjoint hands by the pair of their strengths (exact card removal); a
    full deck's counts are kept in ``store`` (None: the default store; False: counted afresh)."""
    rules = preset(rules)
    store = chosen_store(store)
    cards = deck_cards(deck)
    if len(cards) < 2 * rules.hand_size:
        raise InvalidArgument(f"A deck of {len(cards)} cards cannot deal two hands of {rules.hand_size}.")
    table = hand_table(rules)
    deck_mask = np.uint64(sum(1 << c for c in cards))
    inside = (table.masks & ~deck_mask) == 0
    strengths = np.unique(table.strengths[inside])
    if strengths.size > MAX_CLASSES:
        raise InvalidArgument(f"{rules.name} has {strengths.size:,} distinct hand strengths; the strength-pair "
                              f"matrix is counted for at most {MAX_CLASSES:,} (Three Card Brag and Teen Patti "
                              "have 741).")

    def build():
        from analysis.brag.headsup._kernels import pair_counts  # lazy: keeps numba out of a table question's start-up

        classes = np.searchsorted(strengths, table.strengths[inside]).astype(np.int64)
        return {"counts": pair_counts(table.masks[inside], classes, strengths.size)}

    if store is not None and deck is None:
        deals = math.comb(52, rules.hand_size) * math.comb(52 - rules.hand_size, rules.hand_size)
        counts = store.table(STRENGTH_PAIRS, rules, {"classes": strengths.size, "deals": deals}, build)["counts"]
    else:
        counts = build()["counts"]
    hands = np.bincount(np.searchsorted(strengths, table.strengths[inside]), minlength=strengths.size)
    return StrengthPairs(strengths, counts, hands)


@dataclass(frozen=True, eq=False)
class Showdowns:
    """The joint deal of two hands by strength, kept as the card subsets each strength's hands hold.

    Entries ``starts[i]`` to ``starts[i + 1]`` belong to strength class i: ``subset[e]``
    is a set of fewer than ``hand_size`` cards (an id: sizes in turn, each size in colex
    order), ``count[e]`` how many hands of class i hold it, ``signed[e]`` that count
    with inclusion-exclusion's sign (+ for even sizes). Swapping the two hands maps a
    deal of classes (i, j) to one of (j, i), so the sums are the same from either seat.
    """

    strengths: np.ndarray     # (S,) ascending distinct strengths
    hands: np.ndarray         # (S,) hands of each strength in the deck
    deals: int                # ordered deals of two disjoint hands
    starts: np.ndarray
    subset: np.ndarray
    count: np.ndarray
    signed: np.ndarray
    self_sign: float          # (-1) ** hand_size: the sign of the hand itself
    subsets: int              # ids in use

    @property
    def classes(self) -> int:
        return int(self.strengths.size)

    def sums(self, reach_rows: np.ndarray, inclusive: bool = False) -> np.ndarray:
        """For reach vectors ``reach_rows`` (k, S) of the opponent: (k, 2S) ``[every | weaker]``,
        the chance of the deal times the reach summed over all opponent classes, and over the
        weaker ones (weaker or equal with ``inclusive``), for each own class."""
        from analysis.brag.headsup._kernels import showdown_sums  # lazy: keeps numba out of a table question's start-up

        reach = np.ascontiguousarray(np.atleast_2d(reach_rows).T, dtype=np.float64)
        out = np.zeros((2 * self.classes, reach.shape[1]))
        showdown_sums(self.starts, self.subset, self.count, self.signed, self.self_sign,
                      self.hands.astype(np.float64), reach, self.subsets, inclusive, out)
        out /= self.deals
        return np.ascontiguousarray(out.T)


def showdowns(rules: str | BragRules, deck=None) -> Showdowns:
    """The card subsets of every strength's hands for ``rules`` (optionally on a reduced ``deck``)."""
    rules = preset(rules)
    cards = deck_cards(deck)
    if len(cards) < 2 * rules.hand_size:
        raise InvalidArgument(f"A deck of {len(cards)} cards cannot deal two hands of {rules.hand_size}.")
    return _showdowns(rules, cards)


@lru_cache(maxsize=8)
def _showdowns(rules: BragRules, cards: tuple) -> Showdowns:
    table = hand_table(rules)
    deck_mask = np.uint64(sum(1 << c for c in cards))
    inside = (table.masks & ~deck_mask) == 0
    hands = table.hands[inside]
    strengths = np.unique(table.strengths[inside])
    classes = np.searchsorted(strengths, table.strengths[inside]).astype(np.int64)
    k = rules.hand_size
    first_id = np.cumsum([0] + [math.comb(52, size) for size in range(k)])   # where each size's ids start
    keys = []
    for size in range(k):
        for columns in combinations(range(k), size):
            subset = np.full(len(hands), first_id[size], dtype=np.int64)
            for place, column in enumerate(columns):
                subset += BINOMIAL[hands[:, column], place + 1]
            keys.append(classes * first_id[k] + subset)
    # One entry per (class, subset): how many of the class's hands hold the subset.
    key, count = np.unique(np.concatenate(keys), return_counts=True)
    owner, subset = np.divmod(key, first_id[k])
    size = np.searchsorted(first_id, subset, side="right") - 1
    count = count.astype(np.float64)
    signed = np.where(size % 2 == 0, count, -count)
    starts = np.searchsorted(owner, np.arange(strengths.size + 1)).astype(np.int64)
    deals = len(hands) * math.comb(len(cards) - k, k)
    hands_of = np.bincount(classes, minlength=strengths.size)
    return Showdowns(strengths, hands_of, deals, starts, subset, count, signed, float((-1) ** k), int(first_id[k]))


@dataclass(frozen=True, eq=False)
class BettingGame:
    """The arrays the kernels read: the tree, the joint deal by strength, and the showdown layout."""

    tree: BettingTree
    showdowns: Showdowns
    offset: np.ndarray          # first policy slot of each node
    slots: int
    row_sums: np.ndarray        # (S,) chance of each own class (every opponent class summed)
    lower_sums: np.ndarray      # (S,) ... and the opponent's class weaker
    diagonal: np.ndarray        # (S,) ... and the opponent's class equal
    sources: tuple              # per seat: nodes whose opponent reach the terminals read
    source_row: np.ndarray      # (2, N) row of the showdown sums for each terminal (-1: opponent blind)
    opponent_blind: np.ndarray  # (2, N)
    deck: tuple | None = None   # the cards in play when not the full deck

    @property
    def classes(self) -> int:
        return self.showdowns.classes

    @property
    def strengths(self) -> np.ndarray:
        return self.showdowns.strengths


def betting_game(rules: str | BragRules, deck=None) -> BettingGame:
    """Encode heads-up betting for ``rules`` (optionally on a reduced ``deck``) as arrays."""
    rules = preset(rules)
    tree = betting_tree(rules)
    layout = showdowns(rules, deck)
    classes = layout.classes
    rows = np.where(tree.blind, 1, classes) * tree.n_actions
    offset = np.concatenate([[0], np.cumsum(rows)[:-1]]).astype(np.int64)
    ones = np.ones((1, classes))
    every, lower = np.split(layout.sums(ones)[0], 2)
    diagonal = np.split(layout.sums(ones, inclusive=True)[0], 2)[1] - lower
    terminal = np.flatnonzero(tree.kind != DECISION)
    source_row = np.full((2, tree.nodes), -1, dtype=np.int64)
    opponent_blind = np.zeros((2, tree.nodes), dtype=np.bool_)
    sources = []
    for seat in (0, 1):
        rows_of: dict[int, int] = {}
        for t in terminal:
            opponent_blind[seat, t] = tree.status[t, 1 - seat] == 1
            if opponent_blind[seat, t]:
                continue
            parent = int(tree.parent[t])
            # After my own fold or see the opponent's reach is what it was where I acted.
            source = parent if tree.actor[parent] == seat else int(t)
            source_row[seat, t] = rows_of.setdefault(source, len(rows_of))
        sources.append(np.array(list(rows_of), dtype=np.int64))
    return BettingGame(tree, layout, offset, int(rows.sum()), every, lower, diagonal, tuple(sources), source_row,
                       opponent_blind, None if deck is None else deck_cards(deck))


class _Passes:
    """One game's tree passes (the CFR core's ``TwoPlayerGame``), with the work buffers allocated once."""

    def __init__(self, game: BettingGame):
        from analysis.brag.headsup import _kernels as kernels  # lazy: keeps numba out of a table question's start-up
        from analysis.cfr import kernels as core  # lazy: keeps numba out of a table question's start-up

        self.k, self.core, self.game = kernels, core, game
        tree = game.tree
        self.slots, self.offset, self.n_actions = game.slots, game.offset, tree.n_actions
        self.rows = np.where(tree.blind, 1, game.classes)   # a blind actor's one information set
        self.reach = np.empty((2, tree.nodes, game.classes))
        self.value = np.empty((tree.nodes, game.classes))
        self.rows_read = [np.empty((s.size, game.classes)) for s in game.sources]
        self.policy = np.empty(game.slots)
        self.tree_arrays = TreeArrays(tree.actor, tree.blind, tree.child_start, tree.n_actions, game.offset,
                                      game.classes)
        self.terminals = TerminalArrays(tree.payoff, game.source_row, game.opponent_blind, game.row_sums,
                                        game.lower_sums, game.diagonal)

    def forward(self, policy, regret, matching, traverser, weight, strategy_sum):
        self.k.forward(policy, regret, matching, self.tree_arrays, self.reach, traverser, weight, strategy_sum)

    def backward(self, mode, traverser, policy, regret=None, iteration=1, schedule=None) -> float:
        """The traverser's values after ``forward``: ``mode`` is the core's UPDATE (with ``regret``,
        ``iteration`` and ``schedule``), EVALUATE or BEST_RESPONSE."""
        game = self.game
        rows = self.rows_read[traverser]
        self.k.gather(self.reach, 1 - traverser, game.sources[traverser], rows)
        products = game.showdowns.sums(rows)
        return self.k.backward(mode, traverser, iteration,
                               self.core.SCHEDULES[self.core.VANILLA] if schedule is None else schedule,
                               policy, np.empty(0) if regret is None else regret, self.tree_arrays, self.terminals,
                               products, self.reach, self.value)

    def iterate(self, first, count, schedule, regret, strategy_sum):
        """``count`` iterations from ``first``, alternating updates (first player, then second), in place."""
        for t in range(first, first + count):
            weight = self.core.average_weight(schedule, t)
            for traverser in (0, 1):
                self.forward(self.policy, regret, True, traverser, weight, strategy_sum)
                self.backward(self.core.UPDATE, traverser, self.policy, regret, t, schedule)

    def evaluate(self, policy) -> tuple[float, float, float]:
        """(player 0's value, best-response value of player 0, of player 1) against ``policy``."""
        empty = np.empty(0)
        self.forward(policy, empty, False, -1, 0.0, empty)
        value = self.backward(self.core.EVALUATE, 0, policy)
        best0 = self.backward(self.core.BEST_RESPONSE, 0, policy)
        best1 = self.backward(self.core.BEST_RESPONSE, 1, policy)
        return value, best0, best1

    def node_values(self, policy) -> tuple[np.ndarray, np.ndarray]:
        """Each seat's best-response counterfactual values (2, N, S) against the other seat's
        ``policy``, and each seat's reach (2, N, S) under ``policy``."""
        empty = np.empty(0)
        self.forward(policy, empty, False, -1, 0.0, empty)
        values = np.empty((2,) + self.value.shape)
        for seat in (0, 1):
            self.backward(self.core.BEST_RESPONSE, seat, policy)
            values[seat] = self.value
        return values, self.reach.copy()


@dataclass(frozen=True, eq=False)
class Solution:
    """A solved heads-up game: the average strategy, its values and how far from equilibrium it is."""

    rules: BragRules
    variant: str
    iterations: int
    seconds: float               # wall-clock seconds of the solve
    cpu_seconds: float           # processor seconds of the solve (all threads)
    value: float                 # player 0's expected chips per ante (the value of acting first)
    exploitability: float        # chips per ante (half the NashConv)
    best_response: tuple         # each seat's best-response value against the strategy
    policy: np.ndarray = field(repr=False)
    node_values: np.ndarray = field(repr=False)   # (2, N, S) per seat: counterfactual values of a best
    #                                               response from each node on, against the other's strategy
    reach: np.ndarray = field(repr=False)         # (2, N, S) each seat's reach per class
    history: tuple = field(repr=False, default=())   # (iterations, exploitability) at each check
    deck: tuple | None = None
    #: Read from the table store rather than solved now: the seconds are then the original solve's.
    from_store: bool = False

    @property
    def timing_text(self) -> str:
        """How long the solve took, and whether it ran now or was read from the store.

        Kept out of ``str()``, so an article prints the same text from a warm store as from a
        fresh solve; ``odds brag solve`` prints this line after it.
        """
        took = f"{self.seconds:.1f} s, {self.cpu_seconds:.1f} s of processor time"
        return f"read from the store (solved in {took} when first computed)" if self.from_store \
            else f"solved in {took}"

    @property
    def tree(self) -> BettingTree:
        return betting_tree(self.rules)

    def to_dict(self) -> dict:
        return {"preset": self.rules.name, "betting": self.rules.betting(), "solver": self.variant,
                "iterations": self.iterations, "seconds": round(self.seconds, 3), "from_store": self.from_store,
                "cpu_seconds": round(self.cpu_seconds, 3),
                "first_player_value": self.value, "second_player_value": -self.value,
                "exploitability": self.exploitability, "units": "chips per ante",
                "nodes": self.tree.nodes, "information_sets": _information_sets(self)}

    def __str__(self) -> str:
        return (f"Heads-up {self.rules.name} ({self.rules.betting()})\n"
                f"  value of acting first: {self.value:+.4f} chips per ante "
                f"(second player {-self.value:+.4f})\n"
                f"  exploitability {self.exploitability:.6f} chips per ante after {self.iterations:,} "
                f"{self.variant} iterations")


def _information_sets(solution: Solution) -> int:
    tree = solution.tree
    classes = solution.node_values.shape[2]
    decision = tree.kind == DECISION
    return int(np.where(tree.blind[decision], 1, classes).sum())


def run_solver(game: BettingGame, variant: str = "dcfr", target: float = DEFAULT_TARGET,
               iterations: int = DEFAULT_ITERATIONS, check_every: int = CHECK_EVERY, progress: bool = True,
               stop_at_target: bool = True) -> Solution:
    """Iterate on ``game`` until the exploitability is at most ``target`` (checked every ``check_every``)."""
    passes = _Passes(game)
    solved = two_player.solve(passes, variant, iterations=iterations, target=target, check_every=check_every,
                       label=f"solving heads-up {game.tree.rules.name}", progress=progress,
                       stop_at_target=stop_at_target)
    node_values, reach = passes.node_values(solved.policy)
    return Solution(game.tree.rules, variant, solved.run.iterations, solved.run.seconds, solved.run.cpu_seconds,
                    solved.value, solved.exploitability, solved.best_response, solved.policy, node_values, reach,
                    solved.run.history, game.deck)


def solve(rules: str | BragRules, *, variant: str = "dcfr", target: float = DEFAULT_TARGET,
          iterations: int = DEFAULT_ITERATIONS, deck=None, store: Store | None | bool = None,
          progress: bool = True) -> Solution:
    """Solve heads-up betting for ``rules``; a full-deck solve is kept in ``store`` (None: the default
    store; False: solved afresh, nothing kept)."""
    rules = preset(rules)
    check_solver(variant, target, iterations)
    store = chosen_store(store)
    if deck is not None or store is None:
        return run_solver(betting_game(rules, deck), variant, target, iterations, progress=progress)
    return _stored(rules, variant, float(target), iterations, progress, store)


@lru_cache(maxsize=4)
def _stored(rules: BragRules, variant: str, target: float, iterations: int, progress: bool,
            store: Store) -> Solution:
    built = []

    def build():
        built.append(True)
        solution = run_solver(betting_game(rules), variant, target, iterations, progress=progress)
        return {"policy": solution.policy, "node_values": solution.node_values, "reach": solution.reach,
                "summary": np.array([solution.iterations, solution.seconds, solution.cpu_seconds,
                                     solution.value, solution.exploitability, *solution.best_response]),
                "history": np.array(solution.history, dtype=float).reshape(-1, 2)}

    params = {"betting": rules.betting_key(), "variant": variant, "target": target, "iterations": iterations}
    stored = store.table(BETTING, rules, params, build)
    done, seconds, cpu_seconds, value, exploitability, best0, best1 = stored["summary"].tolist()
    return Solution(rules, variant, int(done), seconds, cpu_seconds, value, exploitability, (best0, best1),
                    stored["policy"], stored["node_values"], stored["reach"],
                    tuple(map(tuple, stored["history"].tolist())), from_store=not built)


@prepares("brag", "heads-up betting equilibria of the three-card presets (odds brag solve, strategy)")
def _prepare_betting() -> None:
    for rules in PRESETS.values():
        if rules.hand_size == 3:
            solve(rules)


__all__ = ["StrengthPairs", "strength_pairs", "Showdowns", "showdowns", "BettingGame", "betting_game", "Solution",
           "solve", "run_solver"]
