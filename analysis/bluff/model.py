"""The bidding model: how likely a player with given dice is to make each legal action.

A player about to act knows their own dice, how many dice are in play and the
bid on the table. The model scores each legal action by how good it looks
from their own dice alone (the history-blind exact odds of ``odds.py``):

- a raise to bid ``r``: ``P(r true | own dice) - jump_cost * j``, where ``j`` counts the legal
  raises it skips on the track (0 for the smallest raise);
- a challenge of the current bid ``b``: ``1 - P(b true | own dice) + call_bias``;
- an exact call (calza, spot on): ``P(b exactly right | own dice) + call_bias``.

and chooses by a softmax of ``rationality`` times the score, mixed with a bluff
rate: with chance ``bluff_rate`` the player instead makes a raise picked
uniformly from every legal raise (count up to the dice in play)::

    P(a) = (1 - bluff_rate) * exp(rationality * score(a)) / sum_a' exp(rationality * score(a'))
           + bluff_rate * [a is a raise] / (number of raises)

The legal raises are the preset's own (``bids.is_raise``: Bluff's star track,
Perudo's paco switching and palifico rounds, Liar's Dice's wild face); the calls
are a challenge and, where the preset has one, the exact call. An opening bid
has no calls. Raises above the dice in play are legal but never true; the model
leaves them out (no bot makes them) and reads such a bid, if a table makes it,
as carrying no information about the bidder's dice.

>>> from analysis.bluff.rules import BLUFF
>>> from analysis.bluff.bids import Bid
>>> chances = action_probabilities(BLUFF, (4, 4, 4, 6, 2), 20, Bid(5, 3))
>>> max(chances, key=chances.get)  # three fours and a star: the lowest bid on fours
'5x4'
>>> round(sum(chances.values()), 12)
1.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Optional

import numpy as np

from analysis.bluff._count_tables import count_tables
from analysis.bluff.bids import Bid, all_bids, format_bid, legal_raises
from analysis.bluff.model_params import PARAMETERS, THRESHOLD_TABLE, BiddingModel, parse_models  # noqa: F401
from analysis.bluff.rules import BiddingRules
from analysis.errors import InvalidArgument

#: Action codes beside the raises' indices into ``all_bids(rules, in_play)``.
CHALLENGE, EXACT = -1, -2


# ------------------------------------------------------------------------- the rule arrays
@dataclass(frozen=True)
class Bids:
    """The bids of a round with ``in_play`` dice as arrays: count, face, which raise which."""

    rules: BiddingRules
    in_play: int
    palifico_round: bool
    bids: tuple[Bid, ...]
    count: np.ndarray     # [bid]
    face: np.ndarray      # [bid]
    counting: np.ndarray  # [bid, face 1..6 at index 0..5]: True when the face counts for the bid
    kind: np.ndarray      # [bid]: 0 when a die counts with chance 1/3, 1 with 1/6

    def index(self, bid: Bid) -> int:
        """The bid's index, or -1 for a bid above the dice in play."""
        return self._position.get(bid, -1)

    def raises(self, previous: Optional[Bid]) -> np.ndarray:
        """Indices of the legal raises of ``previous`` (None: the openings), in track order as ``bids``."""
        return np.array([self._position[bid] for bid in legal_raises(self.rules, previous, self.in_play,
                                                                     self.palifico_round)], dtype=np.int64)

    @cached_property
    def _position(self) -> dict[Bid, int]:
        return {bid: k for k, bid in enumerate(self.bids)}


def round_bids(rules: BiddingRules, in_play: int, palifico_round: bool = False) -> Bids:
    bids = tuple(all_bids(rules, in_play))
    counting = np.zeros((len(bids), 6), dtype=bool)
    for k, bid in enumerate(bids):
        for face in rules.counts_for(bid.face, palifico_round):
            counting[k, face - 1] = True
    kind = np.where(counting.sum(axis=1) == 2, 0, 1)
    return Bids(rules, in_play, palifico_round, bids, np.array([b.count for b in bids], dtype=np.int64),
                np.array([b.face for b in bids], dtype=np.int64), counting, kind)


def p_true_of_hands(bids: Bids, hands: np.ndarray, held: int, chosen: np.ndarray,
                    exact: bool = False) -> np.ndarray:
    """P(bid true) (or exactly true) for each hand (rows of face counts, [hand, 6]) and each chosen bid,
    from the hand's own point of view: the other ``in_play - held`` dice are random."""
    pmf, sf = count_tables()
    unknown = bids.in_play - held
    mine = hands @ bids.counting[chosen].T.astype(np.int64)          # [hand, bid]
    need = bids.count[chosen][None, :] - mine
    kind = bids.kind[chosen][None, :]
    index = np.clip(need, 0, unknown + 1)
    if exact:
        return np.where((need >= 0) & (need <= unknown), pmf[kind, unknown, index], 0.0)
    return np.where(need <= 0, 1.0, sf[kind, unknown, index])


def action_matrix(bids: Bids, model: BiddingModel, hands: np.ndarray, held: int,
                  previous: Optional[Bid]) -> tuple[np.ndarray, np.ndarray]:
    """The model's chance of each action for each hand: (actions, probabilities[hand, action]).

    ``actions`` are raise indices into ``bids.bids`` followed by CHALLENGE (and EXACT where the
    preset has an exact call) when there is a bid to answer.
    """
    raises = bids.raises(previous)
    hands = np.asarray(hands, dtype=np.int64)
    scores = [p_true_of_hands(bids, hands, held, raises) - model.jump_cost * np.arange(len(raises))[None, :]]
    actions = list(raises)
    if previous is not None:
        answered = np.array([bids.index(previous)])
        if answered[0] < 0:  # a bid above the dice in play: certainly false
            p_true = np.zeros((len(hands), 1))
            p_exact = np.zeros((len(hands), 1))
        else:
            p_true = p_true_of_hands(bids, hands, held, answered)
            p_exact = p_true_of_hands(bids, hands, held, answered, exact=True)
        scores.append(1.0 - p_true + model.call_bias)
        actions.append(CHALLENGE)
        if bids.rules.exact_call is not None:
            scores.append(p_exact + model.call_bias)
            actions.append(EXACT)
    score = np.concatenate(scores, axis=1) * model.rationality
    score -= score.max(axis=1, keepdims=True)
    chances = np.exp(score)
    chances /= chances.sum(axis=1, keepdims=True)
    if len(raises):
        chances *= 1.0 - model.bluff_rate
        chances[:, :len(raises)] += model.bluff_rate / len(raises)
    return np.array(actions, dtype=np.int64), chances


def action_likelihood(bids: Bids, model: BiddingModel, hands: np.ndarray, held: int, previous: Optional[Bid],
                      action: int) -> np.ndarray:
    """The model's chance of one ``action`` (a raise index, CHALLENGE or EXACT) for each hand: the
    column of ``action_matrix`` for that action, computed without the whole matrix.

    A raise's score depends on a hand only through how many of its dice count for the raise's
    face, so the softmax's normaliser is summed once per face and count (``[face, count]``) and
    looked up per hand: the beliefs' cost no longer grows with hands x raises.
    """
    raises = bids.raises(previous)
    hands = np.asarray(hands, dtype=np.int64)
    unknown = bids.in_play - held
    pmf, sf = count_tables()
    faces = bids.face[raises]
    x = np.arange(held + 1)
    need = bids.count[raises][:, None] - x[None, :]                       # [raise, count held]
    p = np.where(need <= 0, 1.0, sf[bids.kind[raises][:, None], unknown, np.clip(need, 0, unknown + 1)])
    shift = model.rationality * (1.0 + max(model.call_bias, 0.0))
    weight = exp_each(model.rationality * (p - model.jump_cost * np.arange(len(raises))[:, None]) - shift)
    by_face = np.zeros((7, held + 1))
    np.add.at(by_face, faces, weight)
    counting = np.zeros((6, 6), dtype=np.int64)  # [die face, bid face]
    for face in range(1, 7):
        for die in bids.rules.counts_for(face, bids.palifico_round):
            counting[die - 1, face - 1] = 1
    matches = hands @ counting                                              # [hand, bid face]
    norm = np.zeros(len(hands))
    for face in range(1, 7):
        norm += by_face[face, matches[:, face - 1]]
    calls = {}
    if previous is not None:
        # The calls' terms depend on a hand only through its count for the face of ``previous``: one per count.
        answered = bids.index(previous)
        if answered < 0:   # a bid above the dice in play: certainly false
            p_true = p_exact = np.zeros(held + 1)
        else:
            need = bids.count[answered] - x
            index = np.clip(need, 0, unknown + 1)
            p_true = np.where(need <= 0, 1.0, sf[bids.kind[answered], unknown, index])
            p_exact = np.where((need >= 0) & (need <= unknown), pmf[bids.kind[answered], unknown, index], 0.0)
        held_for_it = matches[:, previous.face - 1]
        calls[CHALLENGE] = exp_each(model.rationality * (1.0 - p_true + model.call_bias) - shift)[held_for_it]
        if bids.rules.exact_call is not None:
            calls[EXACT] = exp_each(model.rationality * (p_exact + model.call_bias) - shift)[held_for_it]
    for chance in calls.values():
        norm = norm + chance
    keep = 1.0 - model.bluff_rate if len(raises) else 1.0
    if action < 0:
        return keep * calls[action] / norm
    j = int(np.flatnonzero(raises == action)[0])
    return keep * weight[j, matches[:, bids.face[action] - 1]] / norm + model.bluff_rate / len(raises)


def exp_each(values: np.ndarray) -> np.ndarray:
    """``exp`` of every value by the C library, as ``math.exp``: numpy's own ``exp`` takes a SIMD path on
    some processors whose last bit differs, and the beliefs must read the same on every machine."""
    return np.array([math.exp(x) for x in values.ravel().tolist()]).reshape(values.shape)


def hand_counts(dice) -> np.ndarray:
    """Dice as face counts ``[6]`` (index 0 is face 1)."""
    counts = np.zeros(6, dtype=np.int64)
    for die in dice:
        counts[die - 1] += 1
    return counts


def action_label(action: int, bids: Bids) -> str:
    if action == CHALLENGE:
        return "challenge"
    if action == EXACT:
        return "exact"
    return format_bid(bids.rules, bids.bids[action])


def action_probabilities(rules: BiddingRules, dice, in_play: int, previous: Optional[Bid],
                         model: BiddingModel = BiddingModel(), palifico_round: bool = False) -> dict[str, float]:
    """{action: chance} for a player holding ``dice`` with ``in_play`` dice on the table, after ``previous``."""
    if not len(dice) <= in_play:
        raise InvalidArgument(f"{in_play} dice in play cannot include a hand of {len(dice)}.")
    bids = round_bids(rules, in_play, palifico_round)
    actions, chances = action_matrix(bids, model, hand_counts(dice)[None, :], len(dice), previous)
    return {action_label(a, bids): float(p) for a, p in zip(actions, chances[0])}
