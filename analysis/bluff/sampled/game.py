"""The abstracted game: a two-player round at real table size whose players remember only the last ``k`` bids.

The exact solver (``exact.solve``) keeps every bid history and stops at three dice in play. Here a player
remembers their own dice, both dice counts and only the **last k bids** of the round (``k=None``: all of them,
the exact game). The round itself is played in full - the bid track of ``bids.is_raise`` (through
``endgame.raise_rows``), the loss rule of ``outcomes.dice_lost`` (through ``endgame.payoffs``) - only the memory
of the players is cut, and optionally the raises the strategy considers (``abstract_rows``). ``SampledGame``
holds the round as the arrays the solvers' kernels read (``solver``, ``full_width``), with the payoff of each
end of the round (``payoff_function``).

>>> from analysis.bluff.rules import preset
>>> game = sampled_game(preset("liars_dice", wild=6, exact_call=None), (1, 1), k=2)
>>> game.windows, game.information_sets
(79, 870)
"""

from __future__ import annotations

import functools
import hashlib
import math
from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np

from analysis.bluff.bids import Bid, all_bids
from analysis.bluff.exact.endgame import CHALLENGE, EXACT, dice_payoff, payoffs, raise_rows
from analysis.bluff.exact.game_value import State, _win_payoff, game_value
from analysis.bluff.exact.solve import die_faces, hands_of
from analysis.bluff.odds.bid_odds import my_count
from analysis.bluff.rules import BiddingRules
from analysis.bluff.sampled.kernel_tables import Layout
from analysis.bluff.sampled.shipped import information_sets
from analysis.bluff.sampled.values import rank_of_window, remembered
from analysis.errors import InvalidArgument

#: Largest dice a player holds in a sampled round (a 5v5 round is the toolkit's real size; Bluff's own
#: start of 15 each is refused by the memory check for every k, see docs/bluff_strategy.md).
MAX_DICE = 15
#: Memory the solver's arrays may take (regrets, average strategy, policy).
MAX_BYTES = 4 * 1024 ** 3
PAYOFFS = ("dice", "win", "game")


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
        return self.all_raises, self.all_n_raises

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
        (``shipped.information_sets``)."""
        return information_sets(self.offset, self.n_actions, [len(h) for h in self.hands])

    def kernel_layout(self) -> Layout:
        return Layout(self.k, self.binom, self.first, self.offset, self.raises, self.n_raises, len(self.calls),
                      self.match, self.payoff, self.stand_in)

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

