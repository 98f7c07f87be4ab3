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

from dataclasses import dataclass, replace
from functools import cached_property
from typing import Optional

import numpy as np

from analysis.bluff.odds._count_tables import count_tables
from analysis.bluff.bids import Bid, all_bids, format_bid, legal_raises
from analysis.bluff.play.kernel_tables import RuleTables, model_terms
from analysis.bluff.model.model_rules import action_chances, action_terms, hand_chance, observe
from analysis.bluff.model.params import PARAMETERS, THRESHOLD_TABLE, BiddingModel, parse_models  # noqa: F401
from analysis.bluff.rules import BiddingRules
from analysis.errors import InvalidArgument

#: Action codes beside the raises' indices into ``all_bids(rules, in_play)``.
CHALLENGE, EXACT = -1, -2


# ------------------------------------------------------------------------- the rule arrays
@dataclass(frozen=True)
class Bids:
    """The bids of a round with ``in_play`` dice, and the round's rules as the model's functions read them."""

    rules: BiddingRules
    in_play: int
    palifico_round: bool
    bids: tuple[Bid, ...]
    count: np.ndarray     # [bid]
    face: np.ndarray      # [bid]

    def index(self, bid: Bid) -> int:
        """The bid's index, or -1 for a bid above the dice in play."""
        return self._position.get(bid, -1)

    def raises(self, previous: Optional[Bid]) -> np.ndarray:
        """Indices of the legal raises of ``previous`` (None: the openings), in track order as ``bids``; their
        row of ``tables.legal`` is filled on the way."""
        raises = np.array([self._position[bid] for bid in legal_raises(self.rules, previous, self.in_play,
                                                                       self.palifico_round)], dtype=np.int64)
        answered = -1 if previous is None else self.index(previous)
        if previous is None or answered >= 0:
            self.tables.legal[int(self.palifico_round), answered + 1, raises] = True
        return raises

    @property
    def pal(self) -> int:
        return int(self.palifico_round)

    @cached_property
    def tables(self) -> RuleTables:
        """The round's rules as arrays (``kernel_tables.RuleTables``, the fields ``model_rules`` reads): a row
        of ``legal`` is filled when ``raises`` lists it (a question asks one or a few)."""
        return _round_tables(self.rules, self.bids, self.palifico_round)

    @cached_property
    def _position(self) -> dict[Bid, int]:
        return {bid: k for k, bid in enumerate(self.bids)}


def round_bids(rules: BiddingRules, in_play: int, palifico_round: bool = False) -> Bids:
    bids = tuple(all_bids(rules, in_play))
    return Bids(rules, in_play, palifico_round, bids, np.array([b.count for b in bids], dtype=np.int64),
                np.array([b.face for b in bids], dtype=np.int64))


def _round_tables(rules: BiddingRules, bids: tuple[Bid, ...], palifico_round: bool) -> RuleTables:
    pmf, sf = count_tables()
    pal = int(palifico_round)
    counts = np.zeros((2, 7, 7), dtype=np.bool_)
    chance_kind = np.zeros((2, 7), dtype=np.int64)
    for face in range(1, 7):
        counting = rules.counts_for(face, palifico_round)
        chance_kind[pal, face] = 0 if len(counting) == 2 else 1
        for die in counting:
            counts[pal, face, die] = True
    none = np.zeros(1, dtype=np.int64)
    return RuleTables(np.array([b.count for b in bids], dtype=np.int64), np.array([b.face for b in bids],
                      dtype=np.int64), np.zeros((2, len(bids) + 1, len(bids)), dtype=np.bool_), counts,
                      np.array([1.0 / 3.0, 1.0 / 6.0]), chance_kind, sf, pmf, none, none, rules.exact_call is not None,
                      rules.exact_call == "calza", rules.palifico)


def answering_bids(bids: Bids, previous: Optional[Bid]) -> tuple[Bids, int]:
    """The round's bids and the index of the bid to answer (-1 for an opening). A bid above the dice in play
    is numbered among the bids up to its count (certainly false, ``answer_given`` reads it so)."""
    if previous is None:
        return bids, -1
    if bids.index(previous) < 0:
        wider = replace(round_bids(bids.rules, previous.count, bids.palifico_round), in_play=bids.in_play)
        return wider, wider.index(previous)
    return bids, bids.index(previous)


def action_matrix(bids: Bids, model: BiddingModel, hands: np.ndarray, held: int,
                  previous: Optional[Bid]) -> tuple[np.ndarray, np.ndarray]:
    """The model's chance of each action for each hand: (actions, probabilities[hand, action]).

    ``actions`` are raise indices into ``bids.bids`` followed by CHALLENGE (and EXACT where the
    preset has an exact call) when there is a bid to answer (``model_rules.action_chances`` for each hand).
    """
    raises = bids.raises(previous)
    answering, answered = answering_bids(bids, previous)
    t = answering.tables
    n = t.bid_count.size
    columns = [answering.index(bids.bids[k]) for k in raises]
    actions = list(raises)
    if previous is not None:
        columns.append(n)
        actions.append(CHALLENGE)
        if bids.rules.exact_call is not None:
            columns.append(n + 1)
            actions.append(EXACT)
    out = np.zeros(n + 2)
    belief = belief_row(model)
    chances = np.zeros((len(hands), len(columns)))
    for row, hand in enumerate(np.asarray(hands, dtype=np.int64)):
        action_chances(np.concatenate(([0], hand)), held, bids.in_play, answered, bids.pal, belief, t, out)
        chances[row] = out[columns]
    return np.array(actions, dtype=np.int64), chances


def match_rows(bids: Bids, hands: np.ndarray) -> np.ndarray:
    """``match[0 or 1, hand, face]``: how many dice of each hand (rows of face counts) count for a bid on
    ``face`` in this round (the layout ``model_rules.observe`` reads; the other row unused)."""
    hands = np.asarray(hands, dtype=np.int64)
    match = np.zeros((2, len(hands), 7), dtype=np.int64)
    match[bids.pal, :, 1:] = hands @ bids.tables.counts[bids.pal, 1:, 1:].T.astype(np.int64)
    return match


def belief_row(model: BiddingModel) -> np.ndarray:
    """The model's parameters as ``model_rules`` reads them."""
    return np.array([model.rationality, model.bluff_rate, model.call_bias, model.jump_cost])


def observe_bid(bids: Bids, model: BiddingModel, posterior: np.ndarray, match: np.ndarray, held: int,
                previous: Optional[Bid], action: int) -> None:
    """Multiply ``posterior`` (over hands whose ``match_rows`` are ``match``) by the model's chance that each
    hand bids ``action`` (a raise index) after ``previous``, and normalise (``model_rules.observe``)."""
    t = bids.tables
    bids.raises(previous)
    answered = -1 if previous is None else bids.index(previous)
    width = held + bids.in_play + 2
    observe(posterior, 0, held, bids.in_play, answered, action, bids.pal, belief_row(model), match, t,
            model_terms(width))


def action_likelihood(bids: Bids, model: BiddingModel, hands: np.ndarray, held: int, previous: Optional[Bid],
                      action: int) -> np.ndarray:
    """The model's chance of one ``action`` (a raise index, CHALLENGE or EXACT) for each hand: the
    column of ``action_matrix`` for that action, by the terms the beliefs use (``model_rules.action_terms``:
    every term depends on a hand only through how many of its dice count for a face).
    """
    bids.raises(previous)
    answering, answered = answering_bids(bids, previous)
    t = answering.tables
    if action >= 0:
        action = answering.index(bids.bids[action])
    width = held + bids.in_play + 2
    terms = model_terms(width)
    raises, keep = action_terms(held, bids.in_play, answered, action, bids.pal, belief_row(model), t, terms)
    match = match_rows(answering, hands)[bids.pal]
    return np.array([hand_chance(row, answered, action, t.bid_face, t.can_exact, model.bluff_rate, raises, keep,
                                 terms.by_face, terms.by_count) for row in match])


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
