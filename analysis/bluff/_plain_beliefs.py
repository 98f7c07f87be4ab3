"""The beliefs of ``beliefs.py`` in plain Python: ``odds bluff call --history`` without numpy.

The same model and the same exact posterior: each opponent's dice as a multiset of
faces (792 for 7 dice), weighted by its multinomial chance and by the model's chance
of every bid that opponent made (``model.action_likelihood``). A raise's softmax term
depends on the bidder's dice only through how many of them count for the raise's
face, so a bid's normaliser is tabulated once per (face, own count) and summed per
multiset: a few thousand operations per bid at 28 dice in play, far less than the
time numpy takes to import.

The arithmetic follows ``model.action_likelihood`` and ``beliefs.Beliefs`` step for step,
sums included: numpy's pairwise summation (``pairwise_sum``) and its convolution's order
(``convolve``); both take ``exp`` from the C library (``model.exp_each``). So the figures
are the library's to the last bit. Hands of more than
``MAX_PLAIN_HAND`` dice are left to the numpy path: numpy hands their count convolution to
BLAS, which sums in the machine's own order, and their hundreds of thousands of multisets
are numpy's work anyway. A test compares the two paths, and their printed answers, over
rounds of every preset.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache
from itertools import combinations_with_replacement

from analysis.bluff.bids import Bid, legal_raises
from analysis.bluff.model_params import BiddingModel, one_model_each, unexplained_bid
from analysis.bluff.odds import BidOdds, _chance_kind, bid_odds, count_row, my_count
from analysis.bluff.rules import BiddingRules
from analysis.combinatorics import multinomial

#: The largest opponent's hand read here (2,002 multisets): a count convolution with a longer hand would
#: be summed by BLAS on the numpy path, in an order plain Python cannot follow.
MAX_PLAIN_HAND = 14


@lru_cache(maxsize=32)
def multisets(dice: int) -> tuple[tuple[tuple[int, ...], ...], tuple[float, ...]]:
    """``beliefs.multisets`` as tuples: every multiset of ``dice`` faces as six face counts, in the same
    order, and its chance under fair dice."""
    hands = []
    for faces in combinations_with_replacement(range(6), dice):
        counts = [0] * 6
        for face in faces:
            counts[face] += 1
        hands.append(tuple(counts))
    return tuple(hands), tuple(multinomial(hand) / 6.0 ** dice for hand in hands)


def pairwise_sum(values, start: int = 0, length: int | None = None) -> float:
    """``numpy.sum`` of a float64 vector, in numpy's order: blocks of up to 128 values summed in eight
    running parts, larger runs halved (at a multiple of 8) and the halves' sums added."""
    length = len(values) - start if length is None else length
    if length < 8:
        total = -0.0
        for i in range(start, start + length):
            total += values[i]
        return total
    if length <= 128:
        parts = list(values[start:start + 8])
        end = start + length - length % 8
        for block in range(start + 8, end, 8):
            for j in range(8):
                parts[j] += values[block + j]
        total = ((parts[0] + parts[1]) + (parts[2] + parts[3])) + ((parts[4] + parts[5]) + (parts[6] + parts[7]))
        for i in range(end, start + length):
            total += values[i]
        return total
    half = length // 2
    half -= half % 8
    return pairwise_sum(values, start, half) + pairwise_sum(values, start + half, length - half)


def convolve(first: list[float], second: list[float]) -> list[float]:
    """``numpy.convolve`` of two float vectors: each value a plain sum of products, taken in the order of the
    longer vector (numpy's while the shorter one has under 16 values, as every hand up to ``MAX_PLAIN_HAND``
    dice; BLAS sums longer overlaps its own way)."""
    if len(first) < len(second):
        first, second = second, first
    return [sum_seq(first[i] * second[a - i] for i in range(max(0, a - len(second) + 1), min(a, len(first) - 1) + 1))
            for a in range(len(first) + len(second) - 1)]


def sum_seq(values) -> float:
    """A plain running sum in the order given, as numpy's dot products add (the built-in ``sum`` of
    floats compensates rounding from Python 3.12 on, so it is not used for figures that must match)."""
    total = 0.0
    for value in values:
        total += value
    return total


@lru_cache(maxsize=32)
def matching(rules: BiddingRules, dice: int, palifico_round: bool) -> tuple[tuple[int, ...], ...]:
    """For each multiset of ``dice`` dice (``multisets``' order), how many of its dice count for a bid on
    each face 1..6: the hand's face count, plus its jokers where they are wild."""
    # Each face counts itself and at most one joker; a face without one adds the zero after the six counts.
    (a1, b1), (a2, b2), (a3, b3), (a4, b4), (a5, b5), (a6, b6) = (
        (dice_[0] - 1, dice_[1] - 1 if len(dice_) == 2 else 6)
        for dice_ in (rules.counts_for(face, palifico_round) for face in range(1, 7)))
    return tuple((h[a1] + h[b1], h[a2] + h[b2], h[a3] + h[b3], h[a4] + h[b4], h[a5] + h[b5], h[a6] + h[b6])
                 for h in ((*hand, 0) for hand in multisets(dice)[0]))


def _p_true(need: int, unknown: int, sf) -> float:
    """P(at least ``need`` of ``unknown`` random dice count) from a count row, as the library looks it up."""
    return 1.0 if need <= 0 else sf[min(need, unknown + 1)]


def raise_likelihood(rules: BiddingRules, model: BiddingModel, matches, held: int, in_play: int,
                     previous: Bid | None, bid: Bid, palifico_round: bool) -> list[float]:
    """The model's chance that each hand (given by ``matches``, ``matching``'s) raises ``previous`` to
    ``bid``: ``model.action_likelihood`` for one raise."""
    raises = legal_raises(rules, previous, in_play, palifico_round)
    unknown = in_play - held
    shift = model.rationality * (1.0 + max(model.call_bias, 0.0))
    # Each raise's softmax term by the bidder's count for its face, summed per face: the normaliser of a
    # hand is then one term per face (its own count) plus the calls'.
    by_face = {face: [0.0] * (held + 1) for face in range(1, 7)}
    seen = {}   # raises of one count and chance share their terms (all of them when nothing is taken per skip)
    for j, candidate in enumerate(raises):
        kind, skipped = _chance_kind(rules, candidate.face, palifico_round), model.jump_cost * j
        terms = seen.get((kind, candidate.count, skipped))
        if terms is None:
            _, sf = count_row(kind, unknown)
            terms = seen[kind, candidate.count, skipped] = [
                math.exp(model.rationality * (_p_true(candidate.count - x, unknown, sf) - skipped) - shift)
                for x in range(held + 1)]
        row = by_face[candidate.face]
        for x in range(held + 1):
            row[x] += terms[x]
        if candidate == bid:
            chosen = terms
    keep = 1.0 - model.bluff_rate
    uniform = model.bluff_rate / len(raises)
    f1, f2, f3, f4, f5, f6 = (by_face[face] for face in range(1, 7))
    # Summed left to right from the first face, as numpy adds the faces' terms one by one.
    norms = [f1[m[0]] + f2[m[1]] + f3[m[2]] + f4[m[3]] + f5[m[4]] + f6[m[5]] for m in matches]
    if previous is not None:
        # The calls' terms (a challenge, an exact call) by the bidder's count for the face of ``previous``.
        if previous.count <= in_play:
            pmf, sf = count_row(_chance_kind(rules, previous.face, palifico_round), unknown)
            answered = [(_p_true(previous.count - x, unknown, sf),
                         pmf[previous.count - x] if 0 <= previous.count - x <= unknown else 0.0)
                        for x in range(held + 1)]
        else:  # a bid above the dice in play: certainly false
            answered = [(0.0, 0.0)] * (held + 1)
        challenge = [math.exp(model.rationality * (1.0 - p_true + model.call_bias) - shift) for p_true, _ in answered]
        k = previous.face - 1
        norms = [norm + challenge[m[k]] for norm, m in zip(norms, matches)]
        if rules.exact_call is not None:
            exact = [math.exp(model.rationality * (p_exact + model.call_bias) - shift) for _, p_exact in answered]
            norms = [norm + exact[m[k]] for norm, m in zip(norms, matches)]
    pick = bid.face - 1
    return [keep * chosen[m[pick]] / norm + uniform for norm, m in zip(norms, matches)]


class PlainBeliefs:
    """``beliefs.Beliefs`` with tuples for arrays: the posterior over every opponent's dice; player 0 is me."""

    def __init__(self, rules: BiddingRules, my_dice, held, history, models, palifico_round: bool, hands, posterior):
        self.rules, self.my_dice, self.held, self.history = rules, tuple(my_dice), tuple(held), tuple(history)
        self.models, self.palifico_round = tuple(models), palifico_round
        self.hands, self.posterior = tuple(hands), tuple(posterior)
        self._matches = tuple(matching(rules, held[k], palifico_round) for k in range(1, len(held)))
        self._by_face: dict[int, list[float]] = {}

    @property
    def unknown(self) -> int:
        return sum(self.held) - len(self.my_dice)

    def _opponents_count(self, face: int) -> list[float]:
        """P(the opponents' dice hold ``a`` that count for a bid on ``face``), a = 0..unknown: one
        distribution per opponent, convolved; kept per face, as the bids' counts do not change it."""
        if face not in self._by_face:
            total = [1.0]
            for matches, weights, dice in zip(self._matches, self.posterior, self.held[1:]):
                by_count = [0.0] * (dice + 1)
                for m, weight in zip(matches, weights):
                    by_count[m[face - 1]] += weight
                total = convolve(total, by_count)
            self._by_face[face] = total
        return self._by_face[face]

    def count_distribution(self, bid: Bid) -> list[float]:
        """``distribution[a]`` = P(actual count of ``bid`` = a | my dice, the history)."""
        opponents = self._opponents_count(bid.face)
        mine = my_count(self.rules, self.my_dice, bid.face, self.palifico_round)
        return [0.0] * mine + opponents + [0.0] * (len(self.my_dice) - mine)

    def bid_odds(self, bid: Bid) -> BidOdds:
        """The bid's odds given everything said (``Beliefs.bid_odds``), its distribution a tuple."""
        blind = bid_odds(self.rules, self.my_dice, self.unknown, bid, self.palifico_round, plain=True)
        distribution = self.count_distribution(bid)
        inside = bid.count < len(distribution)
        p_true = min(1.0, pairwise_sum(distribution, bid.count)) if inside else 0.0
        p_exact = distribution[bid.count] if inside else 0.0
        return replace(blind, distribution=tuple(distribution), p_true=p_true, p_exact=p_exact)

    def face_counts(self, opponent: int) -> list[float]:
        """Expected number of each face (1..6) in opponent ``opponent``'s hand (1 = the next player)."""
        hands, weights = self.hands[opponent - 1], self.posterior[opponent - 1]
        return [pairwise_sum([weight * hand[face] for hand, weight in zip(hands, weights)]) for face in range(6)]


def beliefs(rules: BiddingRules, my_dice, opponents, history=(), models=None,
            palifico_round: bool = False) -> PlainBeliefs:
    """``beliefs.beliefs`` in plain Python: the exact posterior over each opponent's dice given ``history``."""
    held = (len(my_dice), *(int(n) for n in opponents))
    models = one_model_each(models, len(held) - 1)
    in_play = sum(held)
    hands = [multisets(dice)[0] for dice in held[1:]]
    posterior = [multisets(dice)[1] for dice in held[1:]]
    matches = [matching(rules, dice, palifico_round) for dice in held[1:]]
    previous = None
    for turn in history:
        if turn.call:
            break
        # A bid above the dice in play is no bot's move: it says nothing about the bidder's dice.
        if turn.player != 0 and turn.bid.count <= in_play:
            k = turn.player - 1
            likelihood = raise_likelihood(rules, models[k], matches[k], held[turn.player], in_play, previous,
                                          turn.bid, palifico_round)
            weights = [w * p for w, p in zip(posterior[k], likelihood)]
            total = pairwise_sum(weights)
            if not total > 0:
                raise unexplained_bid(turn, rules)
            posterior[k] = tuple(w / total for w in weights)
        previous = turn.bid
    return PlainBeliefs(rules, my_dice, held, history, models, palifico_round, hands, posterior)
