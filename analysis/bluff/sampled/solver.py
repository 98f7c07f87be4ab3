"""Two-player rounds at real table size: Monte Carlo CFR on an imperfect-recall abstraction.

The exact solver (``solve.py``) keeps every bid history and stops at three dice in play. Here a
player remembers their own dice, both dice counts and only the **last k bids** of the round
(``k=None``: all of them, the exact game). The round itself is played in full - the bid track of
``bids.is_raise`` (through ``endgame.raise_rows``), the loss rule of ``outcomes.dice_lost``
(through ``endgame.payoffs``) - only the memory of the players is cut. It is solved by
external-sampling Monte Carlo CFR (Lanctot et al. 2009) with discounted CFR's factors applied
once per period of iterations (``_sampled_kernels``).

Every solve reports its exploitability in the real game (the opponent remembers everything):
an exact best response on the exact solver's tree where that fits (``solve.round_game``),
otherwise a sampled local best response, with its 95% interval (a lower bound on the
exploitability: the responder looks one own raise ahead).

>>> from analysis.bluff.rules import preset
>>> game = sampled_game(preset("liars_dice", wild=6, exact_call=None), (1, 1), k=2)
>>> game.windows, game.information_sets
(79, 870)
"""

from __future__ import annotations

import functools
import hashlib
import math
import os
import sys
import time
from dataclasses import dataclass, field, replace
from typing import Callable, Optional

import numpy as np

from analysis.bluff.sampled import search_rules
from analysis.bluff.bids import Bid, all_bids, format_bid
from analysis.bluff.exact.endgame import CHALLENGE, EXACT, dice_payoff, payoffs, raise_rows
from analysis.bluff.odds.bid_odds import my_count
from analysis.bluff.rules import BiddingRules
from analysis.bluff.sampled.shipped import information_sets, load_shipped
from analysis.bluff.exact.solve import MAX_NODES, _tree_size, die_faces, hands_of
from analysis.bluff.sampled.values import rank_of_window, remembered
from analysis.cfr.schedule import DISCOUNTED
from analysis.errors import InvalidArgument
from analysis.progress import Progress
from analysis.shipped import Refused
from analysis.store import Array, Store, TableKind, chosen_store

#: Largest dice a player holds in a sampled round (a 5v5 round is the toolkit's real size; Bluff's own
#: start of 15 each is refused by the memory check for every k, see docs/bluff_strategy.md).
MAX_DICE = 15
#: Memory the solver's arrays may take (regrets, average strategy, policy).
MAX_BYTES = 4 * 1024 ** 3
#: Stored solve: the average policy (float32), the exploitability trajectory (iterations, exploitability,
#: half-width of its 95% interval; 0 when exact), the summary (value, exploitability, half-width, exact or
#: local, iterations, seconds).
SAMPLED = TableKind(
    "bluff/sampled", {"policy": Array("float32", (None,), within=(0, 1)),
                      "trajectory": Array("float64", (None, 3)), "summary": Array("float64", (6,))},
    version=1)
#: A full-width solve of the same abstraction (``full_width``): the same arrays, a kind (and a version) of its own.
FULL_WIDTH = TableKind(
    "bluff/full-width", SAMPLED.arrays,
    version=1)
PAYOFFS = ("dice", "win", "game")
#: The command that builds a planned solve (``PLAN``), for the sentence that says one is missing.
SAMPLED_HELP = "odds bluff solve {preset} --dice {first} {second}"
VARIANT = DISCOUNTED

#: The off-path model: how the strategy reads a bid it would not make itself (``SampledSolution.read_bids``). Each bid
#: of the other weighs their hands by the strategy's chance of it mixed with a tremble of this weight spread evenly
#: over every legal action there, so a bid the strategy never makes says nothing about the hand and one it makes is
#: read almost as the strategy's own. The weight was chosen by the search's results (which play against this
#: belief) against the bots that bid off the strategy's path and against the bayes bot, weighed equally: 0.002
#: gained 0.008 dice a round on the off-path bots and lost 0.004 on bayes, where 0.01 gained 0.018 and lost 0.019,
#: 0.05 gained 0.040 and lost 0.050 (``benchmarks/bench_bluff_off_path.py``; docs/bluff_strategy.md, "Bids the
#: strategy never makes").
TREMBLE = 0.002
#: A bid the strategy makes with less than this chance (over the hands it weighs) is one it would not make: the
#: answer says that it reads such a bid.
OFF_PATH = 0.001

#: Decision-time search (``SampledSolution.search``) weighs only the raises the strategy makes with at least this
#: chance: the rest are the ones the solve learned to avoid, and playing them makes the searcher's bids tell more
#: about its hand (measured in docs/bluff_strategy.md).
SEARCH_FLOOR = 0.05
#: From three to this many dice in play the search looks one raise further (its own next raise after the other's
#: answer): much stronger there against the bots; weaker and several times slower beyond, and with one die each no
#: better (weaker in Liar's Dice). Not in Perudo, whose whole games it lost more of (measured in
#: docs/bluff_strategy.md).
SEARCH_DEEPER_DICE = 6


def _search_kernels():
    """The search's functions for one decision: ``search_rules`` as plain Python (a question at the table: no
    compiler starts, where loading numba's copies takes half a second), or their compiled copies where this
    process has loaded them or asked for them (``compiled_search``)."""
    if _SEARCH["compiled"] or _COMPILED_SEARCH in sys.modules:
        from analysis.bluff.sampled import _eval_kernels as _sampled_eval

        return _sampled_eval
    return search_rules


_COMPILED_SEARCH = "analysis.bluff.sampled._eval_kernels"
#: Whether this process searches with the compiled copies from its first search on (``compiled_search``).
_SEARCH = {"compiled": False}


def compiled_search() -> None:
    """Search with numba's compiled copies from now on in this process: what a running server wants. Its first
    search then loads them (half a second) and every later one answers in milliseconds, where the plain text
    takes up to half a second for a search one raise deeper (from three to six dice in play)."""
    _SEARCH["compiled"] = True


def search_lookahead(rules, dice) -> int:
    """How many of its own raises the search looks beyond its next bid in a round of ``dice`` (both counts)."""
    # Perudo is told by its palifico rounds: the one game of the three played with them.
    return 1 if 3 <= sum(dice) <= SEARCH_DEEPER_DICE and not rules.palifico else 0


#: Where the search plays the strategy's own chances over the actions it values within ``SEARCH_MIX`` dice of its
#: best, not its best outright: Perudo's 2v2 round, where its best outright won fewer one-round games against the
#: bayes bot than the strategy alone (44.6% with the three-bid solve, the mix 52.9%). At 3v3 and beyond the best
#: outright wins more rounds, and mixing in Perudo's rounds of three dice in play too lost more whole games
#: (measured in docs/bluff_strategy.md).
SEARCH_MIX = 0.2


def search_mix(rules, dice) -> Optional[float]:
    """The search's margin (dice) for playing the strategy's chances over its near-best actions, or None."""
    return SEARCH_MIX if rules.palifico and tuple(dice) == (2, 2) else None


def draw_action(chances: np.ndarray, rng) -> int:
    """An action drawn from ``chances`` (``SampledSolution.search_policy``'s); a pure choice draws nothing, so where
    the search does not mix, ``rng``'s stream is the same as if it were not there."""
    return int(np.argmax(chances)) if chances.max() == 1.0 else int(rng.choice(chances.size, p=chances))


def round_win_payoff(loss, caller: int) -> float:
    """Terminal payoff for winning the round: +1 when the second bidder loses more dice, -1 when the first does."""
    return float(np.sign(loss[1] - loss[0]))


PAYOFF_FUNCTIONS: dict[str, Callable] = {"dice": dice_payoff, "win": round_win_payoff}
#: How a solve's value reads, by payoff.
PAYOFF_TEXT = {"dice": "dice the second bidder loses minus dice the first bidder loses",
               "win": "+1 if the first bidder loses fewer dice this round, -1 if more",
               "game": "the first bidder's chance to win the game from where the round leaves it"}


def game_payoff(rules: BiddingRules, dice, palifico_round: bool = False, faces: Optional[int] = None) -> Callable:
    """Terminal payoff for winning the game: the first bidder's chance to win the two-player game from where the
    round leaves it, every later round at equilibrium (``game_value``: exact, so up to 3 dice in play); refused in
    one sentence beyond, where no game value is known."""
    from analysis.bluff.exact.game_value import State, _win_payoff, game_value

    if sum(dice) > 3:
        raise InvalidArgument(f"Winning the game is a payoff of a round only up to 3 dice in play, where the game "
                              f"values are solved exactly, not {dice[0]}v{dice[1]}; play for dice or for the round.")
    values = game_value(rules, dice, faces=faces).values
    had = tuple(rules.palifico and d == 1 for d in dice)
    return _win_payoff(rules, State(dice[0], dice[1], palifico_round, *had), values)


def payoff_function(rules: BiddingRules, dice, payoff: str, palifico_round: bool = False,
                    faces: Optional[int] = None) -> Callable:
    """``terminal_value(loss, caller)`` of a payoff's name (``PAYOFFS``): the first bidder's payoff."""
    if payoff == "game":
        return game_payoff(rules, dice, palifico_round, faces)
    return PAYOFF_FUNCTIONS[payoff]


@dataclass(frozen=True, eq=False)
class SampledGame:
    """A two-player round with the players' memory cut to the last ``k`` bids, as arrays for the kernels."""

    rules: BiddingRules
    dice: tuple[int, int]
    faces: tuple[int, ...]
    k: int
    palifico_round: bool
    payoff_name: str
    bids: tuple[Bid, ...]
    calls: tuple[str, ...]
    hands: tuple[list, list]
    chance: np.ndarray = field(repr=False)     # [seat, hand]
    cdf: np.ndarray = field(repr=False)        # [seat, hand]: cumulative chance, for drawing hands
    match: np.ndarray = field(repr=False)      # [seat, hand, bid]
    payoff: np.ndarray = field(repr=False)     # [call, caller, bid, actual]: first bidder's payoff
    raises: np.ndarray = field(repr=False)     # [bid or opening, i]: the i-th raise
    n_raises: np.ndarray = field(repr=False)
    binom: np.ndarray = field(repr=False)      # [c, i] = C(c, i), i = 0..k
    first: np.ndarray = field(repr=False)      # [j]: windows of fewer than j bids
    offset: np.ndarray = field(repr=False)     # [seat, window]: first slot, -1 where the seat never acts
    n_actions: np.ndarray = field(repr=False)  # [window]
    slots: int = 0
    steps: Optional[int] = None                # the action abstraction (None: every legal raise)
    all_raises: np.ndarray = field(repr=False, default=None)    # [bid or opening, i]: every legal raise
    all_n_raises: np.ndarray = field(repr=False, default=None)
    action_of: np.ndarray = field(repr=False, default=None)     # [bid or opening, bid]: abstract action or -1
    stand_in: np.ndarray = field(repr=False, default=None)      # [bid, bid]: the earlier bid a window remembers
    terminal: Optional[Callable] = field(repr=False, default=None)  # terminal_value(loss, caller) of the payoff

    @property
    def windows(self) -> int:
        return int(self.n_actions.size)

    @property
    def information_sets(self) -> int:
        return int(sum(len(self.hands[s]) * int((self.offset[s] >= 0).sum()) for s in (0, 1)))

    @property
    def full_recall(self) -> bool:
        return self.k >= len(self.bids)

    @property
    def memory(self) -> str:
        """What a player remembers, in words."""
        return "every bid" if self.full_recall else "the last bid" if self.k == 1 else f"the last {self.k} bids"

    def responder_layout(self) -> tuple:
        """The raises a best responder may make (every legal raise, whatever the abstraction)."""
        return self.all_raises, self.all_n_raises, self.stand_in

    def abstract_action(self, history, bid) -> int:
        """The strategy's raise that stands for ``bid`` made after ``history`` (lists of bids): ``bid`` itself
        where the abstraction plays it, else the abstract raise of the same face nearest in count (ties: the
        lower), else the one nearest along the track."""
        row = self.bids.index(history[-1]) if history else len(self.bids)
        target = self.bids.index(bid)
        if self.action_of[row, target] >= 0:
            return int(self.action_of[row, target])
        mine = [int(b) for b in self.raises[row, :self.n_raises[row]]]
        same = [a for a, b in enumerate(mine) if self.bids[b].face == bid.face]
        pool = same or list(range(len(mine)))
        key = (lambda a: (abs(self.bids[mine[a]].count - bid.count), self.bids[mine[a]].count)) if same else \
            (lambda a: (abs(mine[a] - target), mine[a]))
        return min(pool, key=key)

    def blocks(self) -> np.ndarray:
        """[block, (first slot, hands, actions)]: each block of information sets
        (``sampled_shipped.information_sets``)."""
        return information_sets(self.offset, self.n_actions, [len(h) for h in self.hands])

    def kernel_layout(self) -> tuple:
        return (self.k, self.binom, self.first, self.offset, self.raises, self.n_raises, len(self.calls),
                self.match, self.payoff)

    def payoff_sha(self) -> str:
        return hashlib.sha256(self.payoff.tobytes()).hexdigest()

    def window_of(self, history) -> int:
        """The window (rank) of the last ``k`` bids of ``history``, a list of bids, as the strategy remembers them
        (``stand_in``)."""
        return rank_of_window(self, remembered(self, [self.bids.index(b) for b in history]))


def _windows(bids: int, k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(binom table, first rank of each window size, size of each window, last bid of each window)."""
    binom = np.zeros((bids + 1, k + 1), dtype=np.int64)
    for c in range(bids + 1):
        for i in range(min(c, k) + 1):
            binom[c, i] = math.comb(c, i)
    sizes = [math.comb(bids, j) for j in range(k + 1)]
    first = np.concatenate(([0], np.cumsum(sizes))).astype(np.int64)
    size_of = np.repeat(np.arange(k + 1), sizes)
    last = np.full(int(first[-1]), -1, dtype=np.int64)
    for j in range(1, k + 1):
        # In colex order the windows of j bids whose last bid is m are the ranks C(m, j) .. C(m + 1, j) - 1.
        counts = [math.comb(m, j - 1) for m in range(bids)]
        last[first[j]:first[j + 1]] = np.repeat(np.arange(bids), counts)
    return binom, first, size_of, last


def count_windows(bids: int, k: int) -> int:
    return sum(math.comb(bids, j) for j in range(k + 1))


def sampled_game(rules: BiddingRules, dice=(1, 1), k: Optional[int] = 2, faces: Optional[int] = None,
                 palifico_round: bool = False, payoff: str = "dice", steps: Optional[int] = None) -> SampledGame:
    """The arrays of a two-player round whose players remember the last ``k`` bids (None: every bid).

    ``steps``: the action abstraction (``abstract_rows``): after a bid the strategy considers, of each face, only
    the ``steps`` lowest legal counts (and the calls); None: every legal raise (the exact game).

    Refused in one sentence when the arrays would take more than 4 GB. The same round is built once a process
    (the last few are kept): a 5v5 round takes a twentieth of a second, which a running web page answers in.
    Nothing writes into a game's arrays.
    """
    return _sampled_game(rules, tuple(int(d) for d in dice), k, faces, bool(palifico_round), payoff, steps)


@functools.lru_cache(maxsize=8)
def _sampled_game(rules: BiddingRules, dice: tuple, k: Optional[int], faces: Optional[int], palifico_round: bool,
                  payoff: str, steps: Optional[int]) -> SampledGame:
    """``sampled_game``'s round, built (the arguments hashable: the dice a tuple)."""
    if len(dice) != 2 or not all(1 <= d <= MAX_DICE for d in dice):
        raise InvalidArgument(f"A sampled round is solved for two players holding 1-{MAX_DICE} dice each, "
                              f"not {dice}.")
    if palifico_round and not rules.palifico:
        raise InvalidArgument(f"{rules.title} has no palifico rounds.")
    if payoff not in PAYOFFS:
        raise InvalidArgument(f"{payoff!r} is not a payoff of a sampled round; choose from {', '.join(PAYOFFS)}.")
    die = die_faces(rules, faces)
    bids = tuple(b for b in all_bids(rules, sum(dice)) if b.face in die)
    k = len(bids) if k is None else int(k)
    if not 1 <= k:
        raise InvalidArgument(f"The players must remember at least the last bid (k >= 1), not k={k}.")
    k = min(k, len(bids))
    hand_counts = [math.comb(len(die) + d - 1, d) for d in dice]
    all_rows = raise_rows(rules, bids, palifico_round)
    if steps is not None and not 1 <= int(steps) <= MAX_DICE * 2:
        raise InvalidArgument(f"The abstraction keeps 1-{MAX_DICE * 2} counts of each face, not {steps}.")
    if steps is not None and k is not None and k > 2:
        raise InvalidArgument(f"With the raises abstracted the players remember one or two bids, not {k}.")
    rows = all_rows if steps is None else abstract_rows(bids, all_rows, int(steps), sum(dice))
    calls = (CHALLENGE,) + ((EXACT,) if rules.exact_call else ())
    # Slots counted before any array is made: windows of j bids ending on bid m number C(m, j - 1).
    per_window = {m: len(rows[m]) + len(calls) for m in range(len(bids))}
    slots = [len(rows[-1]) * hand_counts[0], 0]
    for j in range(1, k + 1):
        for m in range(len(bids)):
            n = math.comb(m, j - 1) * per_window[m]
            for s in (0, 1):
                if j == k or j % 2 == s:
                    slots[s] += n * hand_counts[s]
    windows = count_windows(len(bids), k)
    needed = 8 * (2 * sum(slots) + 2 * windows) + 4 * sum(slots)
    if needed > MAX_BYTES:
        raise InvalidArgument(
            f"A {dice[0]}v{dice[1]} round of {rules.title} remembering the last {k} bids needs "
            f"{needed / 1024 ** 3:,.1f} GB, more than the 4 GB allowed; "
            f"{'remember fewer bids (a smaller k)' if k > 1 else 'play fewer dice (13 each at most)'}.")
    binom, first, size_of, last = _windows(len(bids), k)
    n_raises = np.array([len(r) for r in rows], dtype=np.int64)
    raises = np.zeros((len(rows), max(1, int(n_raises.max()))), dtype=np.int64)
    for j, row in enumerate(rows):
        raises[j, :len(row)] = row
    n_actions = np.where(last < 0, n_raises[-1], n_raises[last] + len(calls)).astype(np.int64)
    offset = np.full((2, windows), -1, dtype=np.int64)
    start = 0
    for s in (0, 1):
        acts = (size_of == k) | (size_of % 2 == s)
        sizes = np.where(acts, n_actions * hand_counts[s], 0)
        offset[s] = np.where(acts, start + np.concatenate(([0], np.cumsum(sizes)[:-1])), -1)
        start += int(sizes.sum())
    assert start == sum(slots)
    hands, chance = zip(*(hands_of(d, die) for d in dice))
    chance_array = np.zeros((2, max(hand_counts)))
    match = np.zeros((2, max(hand_counts), len(bids)), dtype=np.int64)
    bid_faces = np.array([b.face for b in bids])
    for s in (0, 1):
        chance_array[s, :hand_counts[s]] = chance[s]
        for h, hand in enumerate(hands[s]):
            per_face = {f: my_count(rules, hand, f, palifico_round) for f in die}
            match[s, h] = [per_face[f] for f in bid_faces]
    cdf = np.cumsum(chance_array, axis=1)
    cdf[:, -1] = np.maximum(cdf[:, -1], 1.0)
    terminal = payoff_function(rules, dice, payoff, palifico_round, faces)
    table = np.array(payoffs(rules, dice, bids, calls, None, terminal)).reshape(
        len(calls), 2, len(bids), sum(dice) + 1)
    all_n = np.array([len(r) for r in all_rows], dtype=np.int64)
    all_raises = np.zeros((len(all_rows), max(1, int(all_n.max()))), dtype=np.int64)
    action_of = np.full((len(rows), len(bids)), -1, dtype=np.int64)
    for j, row in enumerate(all_rows):
        all_raises[j, :len(row)] = row
        action_of[j, rows[j]] = np.arange(len(rows[j]))
    stand_in = _stand_ins(action_of)
    return SampledGame(rules, dice, die, k, palifico_round, payoff, bids, calls, (list(hands[0]), list(hands[1])),
                       chance_array, cdf, match, table, raises, n_raises, binom, first, offset, n_actions,
                       int(start), None if steps is None else int(steps), all_raises, all_n, action_of, stand_in,
                       terminal)


def _stand_ins(action_of: np.ndarray) -> np.ndarray:
    """[b1, b2]: the bid a player remembering two bids keeps in place of b1 when b2 was raised from it. b1 itself
    where the strategy plays b2 after b1 (always without an abstraction); else the bid nearest b1 along the track
    (ties: the lower) after which the strategy would have played b2, so that the pair remembered is one the
    solve trained. The last bid is never replaced: it alone sets the legal raises and the showdown."""
    bids = action_of.shape[1]
    out = np.tile(np.arange(bids, dtype=np.int64)[:, None], (1, bids))
    for b2 in range(bids):
        after = np.flatnonzero(action_of[:bids, b2] >= 0)
        if after.size:
            for b1 in np.flatnonzero(action_of[:bids, b2] < 0):
                out[b1, b2] = after[np.argmin(np.abs(after - b1) * 2 + (after > b1))]
    return out


def abstract_rows(bids, rows, steps: int, dice_in_play: int) -> list[list[int]]:
    """The action abstraction: of each row of legal raises (``endgame.raise_rows``), the ``steps`` lowest counts of
    each face (Bluff's star bids and Perudo's aces are faces of their own here), in track order. The openings keep
    more counts, up to a third of the dice in play (the expected count of a face with a wild one), so that a strong
    opening need not climb from one die.

    Bids outside it are still answered: the information set is read from the bids actually made, and where the
    strategy's own raise is asked for an off-tree bid the nearest abstract one stands for it
    (``SampledGame.abstract_action``)."""
    out = []
    for j, row in enumerate(rows):
        keep = max(steps, dice_in_play // 3) if j == len(rows) - 1 else steps
        taken: dict[int, int] = {}
        chosen = []
        for b in sorted(row, key=lambda b: (bids[b].face, bids[b].count)):
            if taken.get(bids[b].face, 0) < keep:
                taken[bids[b].face] = taken.get(bids[b].face, 0) + 1
                chosen.append(b)
        out.append(sorted(chosen))
    return out


# ----------------------------------------------------------------------------- exploitability
@dataclass(frozen=True)
class Exploitability:
    """How far a strategy is from equilibrium in the real game: (BR0 + BR1) / 2 in payoff units.

    ``exact``: a best response over the whole tree; otherwise a sampled local best response, a lower
    bound, with ``half_width`` the half-width of its 95% interval.
    """

    value: float
    half_width: float
    exact: bool
    value_first_bidder: float
    games: int = 0

    @property
    def how(self) -> str:
        if self.exact:
            return "exact best response on the whole bid tree"
        rounds = f"{self.games:,} sampled rounds a seat" if self.games else "sampled rounds"
        return f"local best response (one own raise ahead, exact beliefs), {rounds}; a lower bound"


def fits_exactly(game: SampledGame) -> bool:
    return _tree_size(game.rules, game.bids, game.palifico_round) <= MAX_NODES


def exact_exploitability(game: SampledGame, policy: np.ndarray) -> Exploitability:
    """The exact solver's evaluation (``_solve_kernels.evaluate``) of ``policy`` written onto its tree."""
    from analysis.bluff.exact import _kernels as _solve_kernels
    from analysis.bluff.exact.solve import round_game

    tree = round_game(game.rules, game.dice, len(game.faces), game.palifico_round,
                      terminal_value=game.terminal)
    full = tree_policy(game, policy, tree)
    value, best0, best1 = _solve_kernels.evaluate(full, *tree.kernel_arrays())
    return Exploitability((best0 + best1) / 2.0, 0.0, True, float(value))


def tree_policy(game: SampledGame, policy: np.ndarray, tree) -> np.ndarray:
    """``policy`` on the exact solver's tree ``tree`` (a ``solve.RoundGame`` of the same round)."""
    from analysis.bluff.sampled import _eval_kernels as _sampled_eval

    full = np.empty(tree.slots)
    _sampled_eval.expand(policy, game.k, game.binom, game.first, game.offset, game.n_actions, tree.last, tree.actor,
                         tree.child_start, tree.n_raises, tree.n_actions, tree.offset, tree.hand_counts, game.action_of,
                          game.n_raises, game.stand_in, full)
    return full


def from_tree_policy(game: SampledGame, tree, policy: np.ndarray) -> np.ndarray:
    """The exact solver's ``policy`` on ``tree`` in the layout of ``game``, which must remember every bid (so each
    slot of the tree is one slot of the abstraction; slots no round reaches are left uniform-ish at 0.5)."""
    if not game.full_recall or game.steps is not None:
        raise InvalidArgument("Only an abstraction remembering every bid and playing every raise holds the exact "
                              "solver's policy.")
    where = tree_policy(game, np.arange(game.slots, dtype=np.float64), tree).astype(np.int64)
    out = np.full(game.slots, 0.5)
    out[where] = policy
    return out


def local_best_response(game: SampledGame, policy: np.ndarray, seat: int, games: int, seed: int = 0,
                        lookahead: int = 1) -> np.ndarray:
    """Payoffs of ``games`` sampled rounds where ``seat`` plays a local best response against ``policy``."""
    from analysis.bluff.sampled import _eval_kernels as _sampled_eval

    return _sampled_eval.local_best_response(_seed(seed, 1 + seat), games, seat, lookahead, *game.kernel_layout(),
                                             game.cdf, game.chance, policy.astype(np.float64, copy=False),
                                             *game.responder_layout())


def sampled_exploitability(game: SampledGame, policy: np.ndarray, games: int = 20000, seed: int = 0,
                           lookahead: int = 1) -> Exploitability:
    """(LBR0 + LBR1) / 2 from ``games`` sampled rounds a seat, with the 95% interval of the mean."""
    results = [local_best_response(game, policy, seat, games, seed, lookahead) for seat in (0, 1)]
    mean = (results[0].mean() + results[1].mean()) / 2.0
    half = 1.96 * math.sqrt(results[0].var(ddof=1) / games + results[1].var(ddof=1) / games) / 2.0
    return Exploitability(float(mean), float(half), False, float("nan"), games)


def exploitability(game: SampledGame, policy: np.ndarray, games: int = 20000, seed: int = 0) -> Exploitability:
    """Exact where the whole tree fits (``solve.MAX_NODES`` histories), else the sampled local best response."""
    if fits_exactly(game):
        return exact_exploitability(game, policy)
    return sampled_exploitability(game, policy, games, seed)


# ----------------------------------------------------------------------------- solving
def _seed(seed: int, *words: int) -> int:
    return int(np.random.SeedSequence([int(seed), *words]).generate_state(1)[0])


@dataclass(frozen=True, eq=False)
class SampledSolution:
    """A solved abstract round: the average ``policy`` (slots of ``game``) and its exploitability."""

    game: SampledGame
    iterations: int
    seed: int
    seconds: float
    value: float
    exploitability: Exploitability
    policy: np.ndarray = field(repr=False)
    trajectory: np.ndarray = field(repr=False)
    from_store: bool = False
    explore: float = 1.0
    width: float = 0.0
    shipped: bool = False       # read from the package's copy (``sampled_shipped``), the policy in 255ths
    warm: Optional[dict] = None  # the plan of the solve it started from (``warm_start``), or None
    full_width: bool = False     # solved by full-width CFR over the windows (``full_width``), not by sampling
    passed_over: Optional[str] = None  # why the package's better planned solve did not answer (``stored_plan``)

    @property
    def method(self) -> str:
        abstraction = "" if self.game.steps is None else \
            f", raises abstracted to the {self.game.steps} lowest counts of each face"
        if self.full_width:
            return f"full-width CFR over the remembered bids, discounted, alternating updates{abstraction}"
        if self.warm is not None:
            abstraction += f", started from the {self.warm['iterations']:,}-iteration solve remembering the last bid"
        if self.width > 0:
            return (f"external-sampling MCCFR, discounted, robust sampling (about {self.width:g} raises tried a "
                    f"node){abstraction}")
        if self.explore >= 1.0:
            return f"external-sampling MCCFR, discounted{abstraction}"
        return (f"external-sampling MCCFR, discounted, average strategy sampling ({self.explore:g} exploration)"
                f"{abstraction}")

    @property
    def rules(self) -> BiddingRules:
        return self.game.rules

    def strategy(self, seat: int, hand, history) -> dict[str, float]:
        """{action: probability} of ``seat`` holding ``hand`` after the bids ``history``."""
        game = self.game
        w = game.window_of(history)
        size = int(game.n_actions[w])
        h = game.hands[seat].index(tuple(sorted(hand)))
        base = int(game.offset[seat, w]) + h * size
        last = game.bids.index(history[-1]) if history else len(game.bids)
        names = [format_bid(game.rules, game.bids[b]) for b in game.raises[last, :game.n_raises[last]]]
        names += list(game.calls) if history else []
        return dict(zip(names, (float(p) for p in self.policy[base:base + size])))

    def belief(self, seat: int, history, tremble: Optional[float] = None) -> np.ndarray:
        """The chance of each hand of the other seat after the bids ``history``: its chance of being rolled times, for
        each bid the other made, the strategy's chance of it mixed with a tremble over every legal action
        (``read_bids``), summing to 1."""
        w = self.read_bids(seat, history, tremble=tremble)[0]
        return w / w.sum()

    def bid_weights(self, seat: int, history, tremble: Optional[float] = None) -> np.ndarray:
        """``belief`` before it is scaled to sum to 1."""
        return self.read_bids(seat, history, tremble=tremble)[0]

    def read_bids(self, seat: int, history, hand=None, tremble: Optional[float] = None) -> tuple[np.ndarray, list]:
        """How ``seat`` reads the bids ``history`` (a list of bids): (the weight of each hand of the other, the
        strategy's chance of each bid of the history).

        The off-path model (``TREMBLE``; docs/bluff_strategy.md): each bid of the other weighs their hands by
        ``(1 - tremble) * chance + tremble / actions``, the strategy's chance of it with that hand (a raise the
        abstraction does not play read as the raise that stands for it, ``SampledGame.abstract_action``) mixed
        with a tremble spread evenly over the ``actions`` legal there; ``tremble`` 0 is the limit of a vanishing
        tremble (a bid no hand would make leaves the weights as they were). The chance of each bid is the
        strategy's: of the other's, over their hands as weighed before it; of ``seat``'s own, holding ``hand``
        (nan where no hand is given)."""
        tremble = TREMBLE if tremble is None else float(tremble)
        game, other = self.game, 1 - seat
        hands = len(game.hands[other])
        w = game.chance[other, :hands].astype(np.float64)
        mine = None if hand is None else game.hands[seat].index(tuple(sorted(hand)))
        chances = []
        for j, bid in enumerate(history):
            window = game.window_of(history[:j])
            size = int(game.n_actions[window])
            action = game.abstract_action(history[:j], bid)
            if j % 2 == seat:
                chances.append(float("nan") if mine is None else
                               float(self.policy[int(game.offset[seat, window]) + mine * size + action]))
                continue
            chance = self.policy[int(game.offset[other, window]) + np.arange(hands) * size + action].astype(np.float64)
            chances.append(float(w @ chance / w.sum()))
            if tremble > 0:
                row = game.bids.index(history[j - 1]) if j else len(game.bids)
                actions = int(game.all_n_raises[row]) + (len(game.calls) if j else 0)
                w = w * ((1.0 - tremble) * chance + tremble / actions)
            elif (w * chance).sum() > 0:
                w = w * chance
        return w, chances

    def search(self, seat: int, hand, history, floor: float = SEARCH_FLOOR,
               lookahead: Optional[int] = None) -> tuple[int, np.ndarray]:
        """Decision-time search over the exact belief (``belief``): (the chosen action, the value of each action)
        in the strategy's numbering (its raises after the last bid, then the calls). The calls are valued exactly
        against the belief; each raise the strategy makes here with chance at least ``floor`` (at least its likeliest
        raise) by the other answering by the strategy and the searcher then taking its best call, and from three to
        ``SEARCH_DEEPER_DICE`` dice in play (not in Perudo) its best of the calls and of the strategy's raises valued
        so again (``lookahead`` 1; ``None``: ``search_lookahead`` of the round); the rest are -inf. The best value
        is played (``search_rules.search_values``: as plain Python in a process that has not loaded its compiled
        copy, ``_search_kernels``)."""
        game = self.game
        h = game.hands[seat].index(tuple(sorted(hand)))
        window = game.window_of(history)
        size = int(game.n_actions[window])
        values = np.empty(size)
        deeper = search_lookahead(game.rules, game.dice) if lookahead is None else lookahead
        kernels = _search_kernels()
        # The plain text reads the float32 policy as it is: with the belief and the floor in float64, every
        # product and comparison is in float64 all the same, so the values are the compiled copies' to the last
        # digit; those take float64, the type they were compiled for.
        policy = self.policy if kernels is search_rules else self._policy64()
        best = kernels.search_values(seat, h, self._indices(history), len(history), self.belief(seat, history),
                                     np.float64(floor), deeper, *game.kernel_layout(), policy, game.stand_in, values)
        return int(best), values

    def search_policy(self, seat: int, hand, history) -> tuple[np.ndarray, np.ndarray]:
        """(the search's chance of each action, ``search``'s values), in the strategy's numbering: all on its best
        action, or where ``search_mix`` gives a margin the strategy's own chances over the actions it values within
        the margin of the best (the best alone where the strategy plays none of them)."""
        best, values = self.search(seat, hand, history)
        chances = np.zeros(values.size)
        chances[best] = 1.0
        margin = search_mix(self.game.rules, self.game.dice)
        if margin is not None:
            row = np.array(list(self.strategy(seat, hand, history).values()))
            kept = np.where((values >= values[best] - margin) & (row > 0), row, 0.0)
            if kept.sum() > 0:
                chances = kept / kept.sum()
        return chances, values

    def search_chances(self, seat: int, history) -> np.ndarray:
        """``search_policy``'s chances for every hand ``seat`` may hold (rows), what a best responder needs."""
        hands = self.game.hands[seat]
        if search_mix(self.game.rules, self.game.dice) is None:
            choices = self.search_choices(seat, history)
            out = np.zeros((len(hands), int(self.game.n_actions[self.game.window_of(history)])))
            out[np.arange(len(hands)), choices] = 1.0
            return out
        return np.array([self.search_policy(seat, hand, history)[0] for hand in hands])

    def search_choices(self, seat: int, history, floor: float = SEARCH_FLOOR) -> np.ndarray:
        """``search``'s chosen action for every hand ``seat`` may hold (what a best responder to the search needs)."""
        from analysis.bluff.sampled import _eval_kernels as _sampled_eval

        game = self.game
        out = np.empty(len(game.hands[seat]), dtype=np.int64)
        _sampled_eval.search_choices(seat, self._indices(history), len(history), self.belief(seat, history), floor,
                                     search_lookahead(game.rules, game.dice), *game.kernel_layout(), self._policy64(),
                                     game.stand_in, len(game.hands[seat]), out)
        return out

    def _indices(self, history) -> np.ndarray:
        indices = np.zeros(len(self.game.bids) + 1, dtype=np.int64)
        indices[:len(history)] = [self.game.bids.index(b) for b in history]
        return indices

    def _policy64(self) -> np.ndarray:
        if getattr(self, "_cached64", None) is None:
            object.__setattr__(self, "_cached64", self.policy.astype(np.float64))
        return self._cached64

    def to_dict(self) -> dict:
        g, e = self.game, self.exploitability
        return {"preset": g.rules.name, "wild": None if g.rules.joker_bids_own_track else g.rules.joker,
                "dice": list(g.dice), "remembered_bids": g.k, "full_recall": g.full_recall, "bids": len(g.bids),
                "information_sets": g.information_sets, "solver": self.method,
                "iterations": self.iterations, "seed": self.seed, "seconds": round(self.seconds, 3),
                "from_store": self.from_store, "from_package": self.shipped, "payoff": PAYOFF_TEXT[g.payoff_name],
                "value_first_bidder": self.value, "exploitability": e.value,
                "exploitability_95": [e.value - e.half_width, e.value + e.half_width] if not e.exact else None,
                "exploitability_measured_by": e.how, "passed_over": self.passed_over}

    def __str__(self) -> str:
        g, e = self.game, self.exploitability
        interval = "" if e.exact else f" +- {e.half_width:.4f} (95%)"
        return "\n".join([
            f"{g.rules.title}, one round, first bidder {g.dice[0]} v second bidder {g.dice[1]}, players remember "
            f"{g.memory} ({g.information_sets:,} information sets)",
            f"  {self.method}, {self.iterations:,} iterations, seed {self.seed}",
            f"  value for the first bidder: {self.value:+.4f} ({PAYOFF_TEXT[g.payoff_name]})",
            f"  exploitability: {e.value:.4f}{interval} ({e.how})",
        ] + ([f"  {self.passed_over}; this solve answers instead"] if self.passed_over else []))


def _params(game: SampledGame, iterations: int, seed: int, explore: float, width: float = 0.0,
            warm: Optional[dict] = None) -> dict:
    params = {"dice": list(game.dice), "faces": list(game.faces), "k": game.k, "palifico_round": game.palifico_round,
              "iterations": iterations, "seed": seed, "period": default_period(iterations), "explore": explore,
              "bonus": BONUS, "payoff": game.payoff_name, "payoff_sha": game.payoff_sha()}
    if game.steps is not None:
        params["steps"] = game.steps
    if width > 0:
        params["width"] = width
    if warm is not None:
        params["warm"] = " ".join(f"{name}={warm.get(name)}" for name in PLAN_FIELDS[:5])
    return params


def solve_key(game: SampledGame, iterations: int, seed: int, explore: float = 1.0, width: float = 0.0,
              warm: Optional[dict] = None, full_width: bool = False) -> tuple[TableKind, dict]:
    """(table kind, parameters) of a solve in the store: a full-width one has no sampling parameters."""
    params = _params(game, iterations, seed, explore, width, warm)
    if not full_width:
        return SAMPLED, params
    return FULL_WIDTH, {name: value for name, value in params.items() if name not in ("period", "explore", "bonus")}


def default_period(iterations: int) -> int:
    """Iterations between two discounts: 1/200 of the solve (at least 10)."""
    return max(10, iterations // 200)


#: Average strategy sampling's bonus (in visits): a raise is tried for sure until its information set
#: has been played about this many times.
BONUS = 1.0


def default_explore(game: SampledGame) -> float:
    """Plain external sampling (every raise tried): at 2v2 it reached a local-best-response exploitability of
    0.05 dice in 100,000 iterations where average strategy sampling stayed at 0.16-0.30 for the same time."""
    return 1.0


#: Iterations of the planned full-width solves (``full_width``): at 5v5 remembering two bids, about 4 s each here.
FULL_WIDTH_ITERATIONS = 300
#: The solves the advisor reads (``decide``, ``odds bluff play | open``), by the larger dice count: (remembered
#: bids, iterations, exploration[, steps of the action abstraction, robust sampling's width[, the number of the
#: plan's solve it starts from]]), the first the one to build, the others read when it is not stored.
#: ``scripts/bluff_sampled_solves.py`` builds them. At 2v2 remembering two bids over every raise (plain external
#: sampling) trains and plays better than the abstraction; from 3v3 the players remember two bids over the
#: abstraction, started from the one-bid solve (``warm_start``): from nothing two bids trained too slowly (docs).
PLAN = {1: ((None, 200000, 1.0),), 2: ((2, 1000000, 1.0), (2, 100000, 1.0), (1, 1000000, 1.0, 2, 2.0)),
        3: ((2, 8000000, 1.0, 2, 2.0, 1), (1, 4000000, 1.0, 2, 2.0), (1, 1000000, 1.0, 2, 2.0)),
        4: ((2, 16000000, 1.0, 2, 2.0, 1), (1, 4000000, 1.0, 2, 2.0), (1, 1000000, 1.0, 2, 2.0)),
        5: ((2, 16000000, 1.0, 2, 2.0, 1), (1, 4000000, 1.0, 2, 2.0), (1, 1000000, 1.0, 2, 2.0))}
#: A game's own solves, by (rules name, larger dice count), read before ``PLAN``'s (which stay its fallbacks); each
#: the keywords of ``solve_sampled``. Perudo at 2v2 remembers three bids: with two, its aces (a bid on aces halves
#: the count) leave the players knowing too little, and in the same million iterations the local best response
#: gains 0.175 dice against 0.055 with three. Liar's Dice and Perudo at 5v5 are solved full width, remembering two bids
#: over every raise (docs/bluff_strategy.md).
PLAN_BY_GAME = {("perudo", 2): ({"k": 3, "iterations": 1000000, "explore": 1.0},),
                ("liars_dice", 5): ({"k": 2, "iterations": FULL_WIDTH_ITERATIONS, "full_width": True},),
                ("perudo", 5): ({"k": 2, "iterations": FULL_WIDTH_ITERATIONS, "full_width": True},)}
PLAN_FIELDS = ("k", "iterations", "explore", "steps", "width", "warm")


def planned(dice, rules: Optional[BiddingRules] = None) -> dict:
    """The keywords of ``solve_sampled`` (k, iterations, explore, steps, width, warm) of the solve to build for
    ``dice`` (of ``rules``' game: ``PLAN_BY_GAME``)."""
    return plans(dice, rules)[0]


def plans(dice, rules: Optional[BiddingRules] = None) -> list[dict]:
    """The planned solves of ``dice`` (of ``rules``' game where it has a plan of its own), as ``solve_sampled``'s
    keywords, the one to build first."""
    largest = max(dice)
    if largest not in PLAN:
        raise InvalidArgument(f"Sampled rounds are planned for 1-5 dice a player, not {largest}.")
    chosen = PLAN[largest] if sum(dice) > 3 else PLAN[1]
    # A sixth field is the number of the plan's solve that this one starts from (``warm_start``).
    out = [dict(zip(PLAN_FIELDS, plan[:5] + (None, 0.0)[len(plan[:5]) - 3:] + (None,))) for plan in chosen]
    for plan, entry in zip(chosen, out):
        if len(plan) > 5:
            entry["warm"] = dict(out[plan[5]])
    if sum(dice) > 3 and rules is not None:
        defaults = {"explore": 1.0, "steps": None, "width": 0.0, "warm": None}
        out = [{**defaults, **plan} for plan in PLAN_BY_GAME.get((rules.name, largest), ())] + out
    return out


#: Perudo's two-player palifico rounds the package ships: opened by the player just down to one die, against 1-5.
PALIFICO_ROUNDS = tuple((1, d) for d in range(1, 6))
#: The rounds also solved for the game (payoff "game"), where the game values are exact: up to 3 dice in play.
GAME_ROUNDS = ((1, 1), (1, 2), (2, 1))


def stored_plan(rules: BiddingRules, dice, palifico_round: bool = False,
                payoff: str = "dice") -> Optional["SampledSolution"]:
    """The best planned solve of ``dice`` (of a palifico round, played for ``payoff``) that the store holds, or
    None. Where the package's copy of a better planned solve is refused, the solve that answers says so
    (``passed_over``); where none answers, that refusal is the one sentence."""
    refused = None
    for plan in plans(dice, rules):
        try:
            solution = solve_sampled(rules, tuple(dice), **plan, palifico_round=palifico_round, payoff=payoff,
                                     only_stored=True)
        except Refused as error:
            refused = refused or error
            continue
        if solution is not None:
            if refused is None:
                return solution
            said = str(refused)[:-1]     # the sentence as a clause: "the package's ... is refused (why)"
            return replace(solution, passed_over=said[0].lower() + said[1:])
    if refused is not None:
        raise refused
    return None


def solve_sampled(rules: BiddingRules, dice=(1, 1), k: Optional[int] = 2, iterations: int = 100000, seed: int = 0,
                  faces: Optional[int] = None, palifico_round: bool = False, payoff: str = "dice",
                  store: Store | None | bool = None, checkpoint: Optional[str] = None, checks: int = 8,
                  lbr_games: int = 20000, only_stored: bool = False,
                  explore: Optional[float] = None, steps: Optional[int] = None,
                  width: float = 0.0, warm: Optional[dict] = None,
                  full_width: bool = False) -> Optional[SampledSolution]:
    """Solve a round by external-sampling MCCFR (or full-width CFR), or read the solve from the store.

    ``checkpoint``: a file where the regrets are saved every few minutes, so a stopped solve resumes
    where it was (the same result as an unbroken one: each period of iterations draws from its own seed).
    ``checks``: how many times the exploitability is measured as the solve goes (the trajectory).
    ``explore``: average strategy sampling's least chance of trying a raise (1: plain external sampling;
    default ``default_explore``). ``steps``: the action abstraction (``sampled_game``). ``width``: robust sampling,
    about this many raises tried at each of the traverser's nodes (0: as ``explore`` says). ``warm``: the
    keywords (k, iterations, explore, steps, width) of a solve of the same round remembering only the last bid,
    read from the store or built first, that this one starts from (``warm_start``). ``full_width``: full-width CFR
    over the windows of remembered bids (``full_width``: every information set updated at every iteration, no
    sampling, so ``seed`` only seeds the exploitability's sampled rounds), for ``iterations`` iterations.
    """
    from analysis.seeds import check_seed

    seed = check_seed(seed)
    if not 1 <= iterations <= 10 ** 10:
        raise InvalidArgument(f"The number of iterations must be 1 to 10**10, not {iterations}.")
    game = sampled_game(rules, dice, k, faces, palifico_round, payoff, steps)
    explore = default_explore(game) if explore is None else float(explore)
    if not 0.0 < explore <= 1.0:
        raise InvalidArgument(f"The exploration must be above 0 and at most 1, not {explore}.")
    width = float(width)
    if not 0.0 <= width <= 100.0:
        raise InvalidArgument(f"The sampling width must be 0 (off) to 100 raises a node, not {width}.")
    if full_width and (warm is not None or width > 0 or explore != 1.0):
        raise InvalidArgument("Full-width CFR tries every action of every information set: it takes no sampling "
                              "width, exploration or warm start.")
    if warm is not None:
        warm = {name: warm.get(name) for name in PLAN_FIELDS[:5]}
        if warm["k"] != 1 or game.k < 2 or warm["steps"] != game.steps:
            raise InvalidArgument("A solve starts only from one of the same round and raises remembering the last "
                                  "bid, for players remembering more.")
    kind, params = solve_key(game, iterations, seed, explore, width, warm, full_width)
    stored = None
    store = chosen_store(store)
    shipped = False
    if store is not None:
        stored = store.load(kind, rules, params)
        if stored is None:
            # The package's copy (``sampled_shipped``: the policy in 255ths) where the user's store has none.
            stored, refused = load_shipped(rules, params, game.slots, game.blocks(), full_width)
            shipped = stored is not None
            if refused is not None:
                refused = (f"the package's {game.dice[0]}v{game.dice[1]} {'full-width' if full_width else 'sampled'}"
                           f" solve of {rules.title} is refused ({refused})")
                if only_stored:
                    raise Refused(refused[0].upper() + refused[1:] + ".")
                print(f"odds: {refused}; solving it afresh.", file=sys.stderr)
        if stored is None and only_stored:
            return None
    if stored is None:
        start = None
        if warm is not None:
            base = solve_sampled(rules, dice, seed=seed, faces=faces, palifico_round=palifico_round, payoff=payoff,
                                 store=store if store is not None else False, checks=checks, lbr_games=lbr_games,
                                 **warm)
            start = warm_start(game, base)
        stored = _run(game, iterations, seed, explore, checkpoint, checks, lbr_games, width, start, warm, full_width)
        if store is not None:
            store.save(kind, rules, params, stored)
        from_store = False
    else:
        from_store = True
    value, exploit, half, exact, done, seconds = stored["summary"]
    measured = Exploitability(float(exploit), float(half), bool(exact), float(value), 0 if from_store else lbr_games)
    return SampledSolution(game, int(done), seed, float(seconds), float(value), measured,
                           np.asarray(stored["policy"]), np.asarray(stored["trajectory"]), from_store, explore, width,
                           shipped, warm, full_width)


#: A warm start's weights: the strategy sums start at the base's policy times ``WARM_WEIGHT`` (one visit's worth,
#: so an information set the finer solve visits soon follows its own play, one it never visits keeps the base's),
#: the regrets at the policy times ``WARM_REGRET`` (so the first iterations play the base's strategy).
WARM_WEIGHT = 1.0
WARM_REGRET = 0.1


def warm_start(game: SampledGame, base: SampledSolution) -> tuple[np.ndarray, np.ndarray]:
    """(regrets, strategy sums) that start a solve of ``game`` (remembering the last ``k`` bids) where ``base`` (the
    same round and raises, remembering the last bid) ends: each information set starts as the base's one of the same
    last bid (``WARM_WEIGHT``, ``WARM_REGRET``). The base's policy is taken in whole 255ths, as the package ships it
    (``sampled_shipped.quantise``), so the start is the same whether the base was built here or shipped.

    Remembering two bids from scratch trains slowly (72,632 information sets at 3v3 against 4,088 remembering one)
    and the sets it rarely visits stay near uniform play, which a best response finds; started from the one-bid
    solve they play that solve's strategy until their own visits say otherwise (docs/bluff_strategy.md)."""
    from analysis.bluff.sampled.shipped import QUANTUM, quantise

    coarse = base.game
    policy = quantise(base.policy, coarse.blocks()).astype(np.float64) / QUANTUM
    last = _windows(len(game.bids), game.k)[3]
    regret, strategy_sum = np.zeros(game.slots), np.zeros(game.slots)
    for s in (0, 1):
        hands = len(game.hands[s])
        for w in np.flatnonzero(game.offset[s] >= 0):
            before = 0 if last[w] < 0 else rank_of_window(coarse, (int(last[w]),))
            size = int(game.n_actions[w])
            start, source = int(game.offset[s, w]), int(coarse.offset[s, before])
            rows = policy[source:source + hands * size]
            strategy_sum[start:start + hands * size] = WARM_WEIGHT * rows
            regret[start:start + hands * size] = WARM_REGRET * rows
    return regret, strategy_sum


def _run(game: SampledGame, iterations: int, seed: int, explore: float, checkpoint: Optional[str], checks: int,
         lbr_games: int, width: float = 0.0, start: Optional[tuple] = None, warm: Optional[dict] = None,
         full_width: bool = False) -> dict:
    """Train (sampled periods of iterations, or full-width iterations), measuring the exploitability ``checks``
    times; the stored arrays."""
    from analysis.bluff.sampled import _kernels as kern

    trainer = None
    if full_width:
        from analysis.bluff.sampled.full_width import Trainer
        from analysis.cfr.kernels import SCHEDULES

        trainer = Trainer(game, SCHEDULES[VARIANT], MAX_BYTES)
    # A full-width iteration is already a whole sweep: discounted after each one.
    period = 1 if full_width else default_period(iterations)
    key = _checkpoint_key(game, iterations, seed, explore, width, warm, full_width)
    regret, strategy_sum = start if start is not None else (np.zeros(game.slots), np.zeros(game.slots))
    done, spent = 0, 0.0
    trajectory: list = []
    if checkpoint and os.path.exists(checkpoint):
        saved = np.load(checkpoint)
        if saved["regret"].size == game.slots and str(saved["key"]) == key:
            regret[:], strategy_sum[:] = saved["regret"], saved["strategy_sum"]
            done, spent = int(saved["done"]), float(saved["seconds"])
            trajectory = [tuple(row) for row in saved["trajectory"]]
            print(f"odds: resuming from {checkpoint} at {done:,} iterations", file=sys.stderr)
    periods = -(-iterations // period)
    check_at = {max(1, round(periods * (i + 1) / checks)) for i in range(checks)}
    label = (f"odds: {'full-width CFR on' if full_width else 'sampling'} {game.dice[0]}v{game.dice[1]} "
             f"{game.rules.title} (remembering {game.memory})")
    started = time.perf_counter() - spent
    saved_at = time.perf_counter()
    layout = game.kernel_layout()
    measured = None
    with Progress(label, total=iterations, stream=sys.stderr) as bar:
        bar.advance(done)
        while done < iterations:
            t = done // period + 1
            size = min(period, iterations - done)
            if trainer is not None:
                trainer.iterate(t, regret, strategy_sum)
            else:
                kern.run_chunk(_seed(seed, 0, t), size, *layout, game.cdf, regret, strategy_sum, explore, BONUS,
                               width)
                kern.discount(regret, strategy_sum, t, VARIANT)
            done += size
            bar.advance(size)
            if t in check_at or done == iterations:
                measured = exploitability(game, _normalised(game, strategy_sum), lbr_games, seed)
                trajectory.append((done, measured.value, measured.half_width))
                bar.label = f"{label} (exploitability {measured.value:.3f})"
            if checkpoint and (time.perf_counter() - saved_at > 300 or done == iterations):
                _save_checkpoint(checkpoint, key, regret, strategy_sum, done, time.perf_counter() - started,
                                 trajectory)
                saved_at = time.perf_counter()
    policy = _normalised(game, strategy_sum)
    if measured is None or trajectory[-1][0] != iterations:   # else the last check measured this very policy
        measured = exploitability(game, policy, lbr_games, seed)
    seconds = time.perf_counter() - started
    if measured.exact:
        value = measured.value_first_bidder
    elif trainer is not None:
        value = trainer.value_of(policy)      # exact: the windows' values under the average strategy
    else:
        value = _sampled_value(game, policy, lbr_games, seed)
    return {"policy": policy.astype(np.float32), "trajectory": np.array(trajectory, dtype=np.float64).reshape(-1, 3),
            "summary": np.array([value, measured.value, measured.half_width, float(measured.exact), done, seconds])}


def _normalised(game: SampledGame, strategy_sum: np.ndarray) -> np.ndarray:
    """The average strategy: each information set's sums scaled to 1 (uniform where never reached)."""
    from analysis.cfr.kernels import average_policy   # here: numba starts only where a solve runs

    blocks = game.blocks()
    policy = np.empty(game.slots)
    average_policy(strategy_sum, *(np.ascontiguousarray(blocks[:, column]) for column in (0, 2, 1)), policy)
    return policy


def _sampled_value(game: SampledGame, policy: np.ndarray, games: int, seed: int) -> float:
    """The first bidder's value when both follow ``policy``, from ``games`` sampled rounds."""
    from analysis.bluff.sampled import _eval_kernels as _sampled_eval

    opening = np.zeros(1, dtype=np.int64)
    total = 0.0
    for h, p in enumerate(game.chance[0, :len(game.hands[0])]):
        n = max(1, round(games * p))
        action = -1  # drawn from the policy
        total += p * _sampled_eval.play_out(_seed(seed, 3, h), n, h, 0, opening, 0,
                                            game.chance[1] / game.chance[1].sum(), *game.kernel_layout(), policy,
                                            action, game.stand_in).mean()
    return float(total)


def _checkpoint_key(game: SampledGame, iterations: int, seed: int, explore: float, width: float,
                    warm: Optional[dict] = None, full_width: bool = False) -> str:
    """The solve's store key, hashed: a checkpoint resumes only the solve that wrote it."""
    params = solve_key(game, iterations, seed, explore, width, warm, full_width)[1]
    return hashlib.sha256(repr((sorted(params.items()), game.rules)).encode()).hexdigest()


def _save_checkpoint(path, key, regret, strategy_sum, done, seconds, trajectory) -> None:
    tmp = f"{path}.tmp.npz"
    np.savez(tmp, regret=regret, strategy_sum=strategy_sum, done=done, seconds=seconds,
             trajectory=np.array(trajectory, dtype=np.float64).reshape(-1, 3), key=key)
    os.replace(tmp, path)
