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
>>> history = parse_history(BLUFF, "1:4x3 2:5x3 me:6x3 1:6x5 2:7x3", 3)
>>> seen = beliefs(BLUFF, parse_dice(BLUFF, "3 3 * 5 1"), (6, 7), history)
>>> odds = seen.bid_odds(history[-1].bid)
>>> round(odds.p_true, 4)
0.9932
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations_with_replacement

import numpy as np

from analysis.bluff.bids import Bid
from analysis.bluff.history import CALL_WORDS, Turn, history_with_bid, parse_history, plain_history  # noqa: F401
from analysis.bluff.model.bidding import match_rows, observe_bid, round_bids
from analysis.bluff.model.params import BiddingModel, one_model_each, unexplained_bid
from analysis.bluff.odds.bid_odds import BidOdds, bid_odds, my_count
from analysis.bluff.rules import BiddingRules
from analysis.combinatorics import multinomial_table
from analysis.errors import InvalidArgument

#: Largest hand enumerated per opponent (a 15-die hand has 15,504 multisets).
MAX_HAND = 30


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
        """Expected number of each face (1..6) in opponent ``opponent``'s hand (1 = the next player).

        One numpy sum per face rather than a matrix product: BLAS sums in the machine's own order,
        numpy's sum in the same order on every machine, so the figures match to the last bit everywhere.
        """
        hands, weights = self.hands[opponent - 1], self.posterior[opponent - 1]
        return np.array([(weights * hands[:, face]).sum() for face in range(6)])


def beliefs(rules: BiddingRules, my_dice, opponents, history: tuple[Turn, ...] = (),
            models: tuple[BiddingModel, ...] | BiddingModel | None = None,
            palifico_round: bool = False) -> Beliefs:
    """The exact posterior over each opponent's dice given ``history`` (``parse_history``'s turns).

    ``opponents`` are the other players' dice counts in turn order after me; ``models`` one
    ``BiddingModel`` per opponent (or one for all; default parameters when None).
    """
    held = (len(my_dice), *(int(n) for n in opponents))
    models = one_model_each(models, len(held) - 1)
    in_play = sum(held)
    bids = round_bids(rules, in_play, palifico_round)
    hands, posterior, match = [], [], []
    for opponent in range(1, len(held)):
        hand, prior = multisets(held[opponent])
        hands.append(hand)
        posterior.append(prior.copy())
        match.append(match_rows(bids, hand))
    previous = None
    for turn in history:
        if turn.call:
            break
        if turn.player != 0:
            k = bids.index(turn.bid)
            if k >= 0:  # a bid above the dice in play is no bot's move: it says nothing about the bidder's dice
                weights = posterior[turn.player - 1]
                observe_bid(bids, models[turn.player - 1], weights, match[turn.player - 1], held[turn.player],
                            previous, k)
                if not weights.sum() > 0:
                    raise unexplained_bid(turn, rules)
        previous = turn.bid
    return Beliefs(rules, tuple(my_dice), held, tuple(history), tuple(models), palifico_round,
                   tuple(hands), tuple(posterior))
