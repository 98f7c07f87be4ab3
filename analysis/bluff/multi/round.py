"""A round of dice bidding at a table of three to six players, as the CFR core's multi-player game.

What a player remembers (the abstraction): their own dice, every player's dice count, the last ``k`` bids
(who made each follows from the turn order: the bid before mine is my right-hand neighbour's, the one before
that the next one's) and whether those bids are the whole round so far. Everything else of the round (the bid
track, the calls, the dice lost) is played in full by the rule functions every other room reads:
``bids.is_raise`` / ``legal_raises`` for the raises, ``bid_odds.my_count`` for what counts for a bid and
``outcomes.dice_lost`` for what each call costs each player.

The public states form a graph (``TableGame(graph=True)``), not a tree: one state stands for every history
with the same remembered bids. Seat 0 opens; seats bid in turn, each raising the last bid or calling it (a
challenge, or the exact call where the rules have one); a call ends the round. A state after a bid (``ANSWER``:
last ``k`` bids, whole-round flag, bidder) lets the next seat choose a call or to raise; a raise then chooses
which bid (``RAISE``, the same player and memory: a behavioural strategy over the raises is the same as one over
"raise" and "which raise"); each call is a terminal. The raises of a bid are a suffix of the track, so the states
after a raise, laid out in track order within each (earlier remembered bids, flag, bidder), give every raise
node its children as one contiguous run: the layout the core reads.

The payoff of a terminal is each player's dice lost, negated (a die regained by Perudo's calza is +1): in the
rules as ``dice_lost`` states them, the challenger or the bidder loses, except Bluff's exact count (everyone but
the bidder loses one) and Liar's Dice's right spot on (everyone but the caller loses one).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Optional

import numpy as np

from analysis.bluff.bids import all_bids, is_raise
from analysis.bluff.exact.solve import die_faces, hands_of
from analysis.bluff.odds.bid_odds import my_count
from analysis.bluff.odds.outcomes import dice_lost
from analysis.bluff.rules import BiddingRules
from analysis.cfr.multi_player import TableGame
from analysis.errors import InvalidArgument

#: Node kinds: the root (seat 0's opening), a state after a bid (call or raise), which raise, a call (terminal).
ROOT, ANSWER, RAISE, CALL = 0, 1, 2, 3
#: Players at the table, dice a player and remembered bids this room builds rounds for.
PLAYERS = (3, 6)
MAX_DICE = 5
MAX_REMEMBERED = 3
#: The most deals (every seat's hand at once) a round is built with: the payoffs hold one number per
#: deal, call, bid and player.
MAX_DEALS = 200_000


@dataclass(frozen=True, eq=False)
class TableRound:
    """One multi-player round in the abstraction (the module says what a player remembers).

    ``dice[s]``: seat s's dice, seat 0 opening and the others in turn order. ``node_bid[n]`` is the last bid
    (its index in ``bids``) at node n (-1 at the root), ``node_bidder[n]`` who made it, ``node_kind[n]`` one of
    ``ROOT``, ``ANSWER``, ``RAISE``, ``CALL``; ``answer[(window, whole, bidder)]`` the state after a bid."""

    rules: BiddingRules
    dice: tuple
    k: int
    faces: tuple
    bids: tuple
    calls: tuple
    hands: tuple                       # hands[s]: seat s's hands (sorted faces)
    chance: tuple                      # chance[s][h]: the chance of each
    match: np.ndarray = field(repr=False)      # match[s][h, b]: seat s's dice of hand h counting for bid b
    game: TableGame = field(repr=False)
    node_kind: np.ndarray = field(repr=False)
    node_bid: np.ndarray = field(repr=False)
    node_bidder: np.ndarray = field(repr=False)
    answer: dict = field(repr=False)
    order: np.ndarray = field(repr=False)      # the nodes, parents before children (by last bid)
    strides: np.ndarray = field(repr=False)    # deal index = sum of hand index times stride

    @property
    def players(self) -> int:
        return len(self.dice)

    def deal(self, hands) -> int:
        """The deal index of every seat's hand index."""
        return int(np.dot(hands, self.strides))

    def state(self, bids, seat_of_last: int) -> int:
        """The node a player answers after ``bids`` (indices into ``bids``, the last by ``seat_of_last``)."""
        window = tuple(bids[-self.k:])
        return self.answer[(window, len(bids) <= self.k, seat_of_last)]

    def describe(self) -> str:
        return (f"{self.rules.title}, {self.players} players with {'-'.join(map(str, self.dice))} dice, "
                f"players remembering the last {self.k} bid{'s' if self.k > 1 else ''}")


def check_table(rules: BiddingRules, dice, k: int, faces: Optional[int] = None) -> tuple:
    """The seats' dice as a tuple, each setting refused in one sentence where this room cannot build it."""
    dice = tuple(int(d) for d in dice)
    if not PLAYERS[0] <= len(dice) <= PLAYERS[1]:
        raise InvalidArgument(f"A round at the full table has {PLAYERS[0]}-{PLAYERS[1]} players, not {len(dice)} "
                              "(two players: the heads-up solves).")
    if min(dice) < 1 or max(dice) > MAX_DICE:
        raise InvalidArgument(f"Each player holds 1-{MAX_DICE} dice in a round at the full table, not "
                              f"{' '.join(map(str, dice))}.")
    if not isinstance(k, int) or not 1 <= k <= MAX_REMEMBERED:
        raise InvalidArgument(f"Players remember 1-{MAX_REMEMBERED} bids, not {k!r}.")
    n_faces = len(die_faces(rules, faces))
    deals = 1
    for d in dice:
        deals *= len(hands_of(d, tuple(range(n_faces)))[0])
    if deals > MAX_DEALS:
        raise InvalidArgument(f"A round of {' '.join(map(str, dice))} dice has {deals:,} deals of every player's "
                              f"hand; this solver builds rounds of at most {MAX_DEALS:,}.")
    return dice


def table_round(rules: BiddingRules, dice, k: int = 1, faces: Optional[int] = None) -> TableRound:
    """The round of ``dice`` (seat 0 opening) as the core's game, players remembering the last ``k`` bids.
    ``faces`` below 6: a smaller die for tests (the joker and the lowest faces, as the exact solver's)."""
    dice = check_table(rules, dice, k, faces)
    n = len(dice)
    face_codes = die_faces(rules, faces)
    bids = tuple(all_bids(rules, sum(dice)))
    bids = tuple(b for b in bids if b.face in face_codes)
    calls = ("challenge",) + (("exact",) if rules.exact_call else ())
    hands, chance = zip(*(hands_of(d, face_codes) for d in dice))
    match = tuple(np.array([[my_count(rules, hand, b.face) for b in bids] for hand in seat_hands], np.int64)
                  for seat_hands in hands)
    layout = _layout(rules, bids, calls, n, k)
    kind, bid_of, bidder, actor, child_start, n_actions, group_of, answer = layout

    # Deals: every seat's hand at once, their chance the product of the seats'.
    sizes = [len(h) for h in hands]
    strides = np.array([int(np.prod(sizes[s + 1:])) for s in range(n)], np.int64)
    grid = np.array(list(itertools.product(*(range(size) for size in sizes))), np.int64)
    deal_chance = np.prod([np.asarray(chance[s])[grid[:, s]] for s in range(n)], axis=0)
    observation = grid[:, :, None]

    # Payoffs: a group for each (call, bid, bidder); each player's dice lost, negated, on every deal.
    start = max(rules.starting_dice(n), *dice)
    groups = len(calls) * len(bids) * n
    share = np.zeros((groups, grid.shape[0], n))
    actual = sum(match[s][grid[:, s]] for s in range(n))           # (deals, bids)
    for c, call in enumerate(calls):
        for b, bid in enumerate(bids):
            for m in range(n):
                caller = (m + 1) % n
                table = np.array([dice_lost(rules, call, a, bid.count, dice, caller, m, start)[0]
                                  for a in range(sum(dice) + 1)], np.float64)
                share[(c * len(bids) + b) * n + m] = -table[actual[:, b]]
    nodes = kind.size
    game = TableGame(n, actor, child_start, n_actions, np.zeros(nodes, np.int64), deal_chance, observation,
                     np.zeros((nodes, n)), np.where(kind == CALL, 1.0, 0.0), group_of, share,
                     name=f"{rules.title} at {n} players", graph=True)
    order = np.array(sorted(range(nodes), key=lambda i: (bid_of[i], kind[i] != ROOT, kind[i] != ANSWER)))
    return TableRound(rules, dice, k, face_codes, bids, calls, tuple(hands), tuple(np.asarray(c) for c in chance),
                      match, game, kind, bid_of, bidder, answer, order, strides)


def _layout(rules, bids, calls, n: int, k: int):
    """The graph's nodes: for each answer state its calls and its raise node (contiguous), and the states after a
    raise in blocks of (earlier remembered bids, whole-round flag, bidder), each in track order."""
    kind, bid_of, bidder, actor, child_start, n_actions, group_of = [], [], [], [], [], [], []

    def new(node_kind, bid, who, acts):
        kind.append(node_kind), bid_of.append(bid), bidder.append(who), actor.append(acts)
        child_start.append(0), n_actions.append(0), group_of.append(-1)
        return len(kind) - 1

    answer, blocks, queue = {}, {}, []

    def block(prefix: tuple, whole: bool, who: int, openings: bool) -> int:
        """The first node of the block of states after ``who`` bids, remembering ``prefix`` before that bid."""
        key = (prefix, whole, who)
        if key not in blocks:
            after = prefix[-1] if prefix else -1
            members = [b for b in range(len(bids)) if (is_raise(rules, None, bids[b]) if openings else b > after)]
            first = len(kind)
            for b in members:
                window = prefix + (b,)
                answer[(window, whole, who)] = new(ANSWER, b, who, (who + 1) % n)
                queue.append((window, whole, who))
            blocks[key] = (first, members)
        return blocks[key]

    root = new(ROOT, -1, -1, 0)
    first, members = block((), True, 0, openings=True)
    child_start[root], n_actions[root] = first, len(members)
    while queue:
        window, whole, who = queue.pop(0)
        node = answer[(window, whole, who)]
        b = window[-1]
        caller = (who + 1) % n
        start = len(kind)
        for c in range(len(calls)):
            t = new(CALL, b, who, -1)
            group_of[t] = (c * len(bids) + b) * n + who
        child_start[node] = start
        n_actions[node] = len(calls)
        if b + 1 < len(bids):            # the top bid of the dice in play has no raise
            r = new(RAISE, b, who, caller)
            n_actions[node] += 1
            # The bids remembered before the raise: all so far while the whole round is remembered, else the
            # last k - 1 (the raise itself is the k-th).
            next_whole = whole and len(window) < k
            prefix = window if next_whole else (window[len(window) - k + 1:] if k > 1 else ())
            first, members = block(prefix, next_whole, caller, openings=False)
            skip = members.index(b + 1)
            child_start[r], n_actions[r] = first + skip, len(members) - skip
    as_int = (lambda values: np.array(values, np.int64))
    return (as_int(kind), as_int(bid_of), as_int(bidder), as_int(actor), as_int(child_start), as_int(n_actions),
            as_int(group_of), answer)
