"""Beliefs from the bids: what each opponent holds, given everything said in the round.

Each opponent's dice are a multiset of faces. Before any bid, a multiset of
``d`` dice has its multinomial chance ``d! / (n_1! ... n_6!) / 6**d``. Every
action an opponent takes multiplies that weight by the bidding model's chance of
the action for that multiset (``model.py``): a player's bids depend only on their
own dice and the public history, so the posterior factors into one small
distribution per opponent (792 multisets for 7 dice). The actual count of a bid
is my matching dice plus the sum of the opponents' matching dice, whose
distribution is the convolution of the per-opponent posteriors. Everything is
exact (no sampling); with an empty history it is today's binomial answer.

History text, in turn order, each item ``PLAYER:BID`` with ``me`` for me and
1, 2, ... for the opponents in turn order after me::

    1:4x3 2:5x3 me:6x3 1:6x5 2:7x3

>>> from analysis.bluff.rules import BLUFF
>>> from analysis.bluff.bids import parse_dice
>>> history = parse_history("1:4x3 2:5x3 me:6x3 1:6x5 2:7x3", BLUFF, 3)
>>> seen = beliefs(BLUFF, parse_dice("3 3 * 5 1", BLUFF), (6, 7), history)
>>> odds = seen.bid_odds(history[-1].bid)
>>> round(odds.p_true, 4)
0.9932
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Optional

import numpy as np

from analysis.bluff.bids import Bid, check_raise, format_bid, parse_bid
from analysis.bluff.model import BiddingModel, action_likelihood, round_bids
from analysis.bluff.odds import BidOdds, bid_odds, my_count
from analysis.bluff.rules import BiddingRules
from analysis.combinatorics import multinomial_table
from analysis.errors import InvalidArgument, InvalidBid

#: Words accepted for a call in a history; a call ends the round.
CALL_WORDS = {"challenge": "challenge", "bluff": "challenge", "dudo": "challenge", "call": "challenge",
              "exact": "exact", "calza": "exact", "spot_on": "exact", "spoton": "exact"}
#: Largest hand enumerated per opponent (a 15-die hand has 15,504 multisets).
MAX_HAND = 30


@dataclass(frozen=True)
class Turn:
    """One item of a round's history: ``player`` (0 is me) made ``bid``, or called (``call``)."""

    player: int
    bid: Optional[Bid] = None
    call: Optional[str] = None

    def text(self, rules: BiddingRules) -> str:
        who = "me" if self.player == 0 else str(self.player)
        return f"{who}:{self.call if self.call else format_bid(self.bid, rules)}"


def _who(player: int) -> str:
    return "you" if player == 0 else f"player {player}"


def parse_history(text: str, rules: BiddingRules, players: int, palifico_round: bool = False) -> tuple[Turn, ...]:
    """The round's bids from ``"1:4x3 2:5x3 me:6x3"``, checked: known players in turn order, each bid a raise,
    nothing after a call, and a bid at the end to answer."""
    turns: list[Turn] = []
    for item in text.replace(",", " ").split():
        who, colon, action = item.partition(":")
        if not colon or not action:
            raise InvalidBid(f"Cannot read {item!r} in the history; write each bid as PLAYER:BID, e.g. 1:4x3 or me:5x3.")
        who = who.strip().lower()
        if who in ("me", "0"):
            player = 0
        elif who.isdigit() and 1 <= int(who) < players:
            player = int(who)
        else:
            raise InvalidBid(f"{who!r} in the history is not a player; use me or an opponent 1-{players - 1}.")
        if turns and turns[-1].call:
            raise InvalidBid(f"Nothing can follow {_who(turns[-1].player)}'s {turns[-1].call} in the history: "
                             f"a call ends the round.")
        call = CALL_WORDS.get(action.lower())
        bid = None
        if call is None:
            bid = parse_bid(action, rules)
            check_raise(turns[-1].bid if turns else None, bid, rules, palifico_round)
        elif not turns:
            raise InvalidBid(f"The history opens with a {call}; a round opens with a bid.")
        elif call == "exact" and rules.exact_call is None:
            raise InvalidBid(f"{rules.title} has no exact call, but the history has one.")
        if turns and player != (turns[-1].player + 1) % players:
            expected = (turns[-1].player + 1) % players
            raise InvalidBid(f"{_who(player).capitalize()} cannot act after {_who(turns[-1].player)} in the history; "
                             f"the turn passes to {_who(expected)}.")
        turns.append(Turn(player, bid, call))
    if turns and turns[-1].call:
        raise InvalidBid(f"The history ends with {_who(turns[-1].player)}'s {turns[-1].call}: the round is over "
                         f"and there is no bid to answer.")
    return tuple(turns)


def history_with_bid(history: tuple[Turn, ...], bid: Bid, rules: BiddingRules, players: int,
                     bidder: Optional[int] = None, palifico_round: bool = False) -> tuple[Turn, ...]:
    """The history ending with ``bid``: as its last item, or appended as made by the next player in turn."""
    if history and history[-1].bid == bid:
        if bidder is not None and bidder != history[-1].player:
            raise InvalidBid(f"The history has {_who(history[-1].player)} bidding {format_bid(bid, rules)}, "
                             f"not player {bidder}.")
        return history
    if bidder is None:
        bidder = (history[-1].player + 1) % players if history else players - 1
    if history and bidder != (history[-1].player + 1) % players:
        raise InvalidBid(f"Player {bidder} cannot bid {format_bid(bid, rules)} after {_who(history[-1].player)}; "
                         f"the turn passes to {_who((history[-1].player + 1) % players)}.")
    if bidder == 0:
        raise InvalidBid("The bid to answer must be an opponent's, not yours.")
    check_raise(history[-1].bid if history else None, bid, rules, palifico_round)
    return (*history, Turn(bidder, bid))


def plain_history(bids, bid: Bid, rules: BiddingRules, players: int, bidder: Optional[int] = None,
                  palifico_round: bool = False) -> tuple[Turn, ...]:
    """Turns from bids without players (``"1x3,1x5"``): the bids before ``bid``, made in turn order
    by the players before ``bidder`` (default: the opponent just before me)."""
    bidder = players - 1 if bidder is None else bidder
    if not 1 <= bidder < players:
        raise InvalidArgument(f"The bidder must be an opponent, 1-{players - 1}, not {bidder}.")
    turns = []
    previous = None
    for back, earlier in enumerate(bids):
        player = (bidder - (len(bids) - back)) % players
        check_raise(previous, earlier, rules, palifico_round)
        turns.append(Turn(player, earlier))
        previous = earlier
    check_raise(previous, bid, rules, palifico_round)
    return (*turns, Turn(bidder, bid))


# ---------------------------------------------------------------------------------- multisets
@lru_cache(maxsize=64)
def multisets(dice: int) -> tuple[np.ndarray, np.ndarray]:
    """Every multiset of ``dice`` faces as counts ``[multiset, 6]``, and its chance under fair dice."""
    if not 0 <= dice <= MAX_HAND:
        raise InvalidArgument(f"A hand of {dice} dice is beyond the {MAX_HAND} the beliefs enumerate.")
    hands = np.zeros((math.comb(dice + 5, 5), 6), dtype=np.int64)
    for row, faces in enumerate(combinations_with_replacement(range(6), dice)):
        for face in faces:
            hands[row, face] += 1
    return hands, multinomial_table(hands) / 6.0 ** dice


@dataclass(frozen=True)
class Beliefs:
    """The posterior over every opponent's dice after a round's history; player 0 is me."""

    rules: BiddingRules = field(repr=False)
    my_dice: tuple[int, ...]
    held: tuple[int, ...]
    history: tuple[Turn, ...]
    models: tuple[BiddingModel, ...]
    palifico_round: bool
    hands: tuple[np.ndarray, ...] = field(repr=False)      # per opponent: [multiset, 6]
    posterior: tuple[np.ndarray, ...] = field(repr=False)  # per opponent: [multiset], sums to 1

    @property
    def unknown(self) -> int:
        return sum(self.held) - len(self.my_dice)

    def count_distribution(self, bid: Bid) -> np.ndarray:
        """``distribution[a]`` = P(actual count of ``bid`` = a | my dice, the history)."""
        counting = np.zeros(6, dtype=np.int64)
        for face in self.rules.counts_for(bid.face, self.palifico_round):
            counting[face - 1] = 1
        total = np.zeros(1)
        total[0] = 1.0
        for hands, weights in zip(self.hands, self.posterior):
            matches = hands @ counting
            total = np.convolve(total, np.bincount(matches, weights=weights))
        mine = my_count(self.rules, self.my_dice, bid.face, self.palifico_round)
        distribution = np.zeros(len(self.my_dice) + self.unknown + 1)
        distribution[mine:mine + total.size] = total
        return distribution

    def bid_odds(self, bid: Bid) -> BidOdds:
        """The bid's odds given everything said: a ``BidOdds`` whose distribution is the posterior's."""
        blind = bid_odds(self.rules, self.my_dice, self.unknown, bid, self.palifico_round)
        distribution = self.count_distribution(bid)
        p_true = float(min(1.0, distribution[bid.count:].sum())) if bid.count < distribution.size else 0.0
        p_exact = float(distribution[bid.count]) if bid.count < distribution.size else 0.0
        return replace(blind, distribution=distribution, p_true=p_true, p_exact=p_exact)

    def face_counts(self, opponent: int) -> np.ndarray:
        """Expected number of each face (1..6) in opponent ``opponent``'s hand (1 = the next player)."""
        return self.posterior[opponent - 1] @ self.hands[opponent - 1]


def beliefs(rules: BiddingRules, my_dice, opponents, history: tuple[Turn, ...] = (),
            models: tuple[BiddingModel, ...] | BiddingModel | None = None,
            palifico_round: bool = False) -> Beliefs:
    """The exact posterior over each opponent's dice given ``history`` (``parse_history``'s turns).

    ``opponents`` are the other players' dice counts in turn order after me; ``models`` one
    ``BiddingModel`` per opponent (or one for all; default parameters when None).
    """
    held = (len(my_dice), *(int(n) for n in opponents))
    if models is None:
        models = BiddingModel()
    if isinstance(models, BiddingModel):
        models = (models,) * (len(held) - 1)
    if len(models) != len(held) - 1:
        raise InvalidArgument(f"Give one model per opponent: {len(held) - 1} opponents but {len(models)} models.")
    in_play = sum(held)
    bids = round_bids(rules, in_play, palifico_round)
    hands, posterior = [], []
    for opponent in range(1, len(held)):
        hand, prior = multisets(held[opponent])
        hands.append(hand)
        posterior.append(prior.copy())
    previous = None
    for turn in history:
        if turn.call:
            break
        if turn.player != 0:
            k = bids.index(turn.bid)
            if k >= 0:  # a bid above the dice in play is no bot's move: it says nothing about the bidder's dice
                posterior[turn.player - 1] *= action_likelihood(bids, models[turn.player - 1],
                                                                hands[turn.player - 1], held[turn.player], previous, k)
                total = posterior[turn.player - 1].sum()
                if not total > 0:
                    raise InvalidArgument(f"Player {turn.player}'s bid {format_bid(turn.bid, rules)} is impossible "
                                          f"under the model; give it a bluff rate above 0.")
                posterior[turn.player - 1] /= total
        previous = turn.bid
    return Beliefs(rules, tuple(my_dice), held, tuple(history), tuple(models), palifico_round,
                   tuple(hands), tuple(posterior))
