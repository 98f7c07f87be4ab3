"""Plain-Python references for the dice-bidding kernels: enumerate every roll.

Written from the rules as docs/bluff.md states them, sharing nothing with analysis.bluff except
the face codes (Bluff: 1-5 and 6 = star; Perudo: 1 = paco; Liar's Dice 1-6).
"""

import math
from fractions import Fraction
from itertools import product


def counts_toward(preset: str, face: int, die: int, palifico=False, wild=None) -> bool:
    if preset == "bluff":
        return die == face or (face != 6 and die == 6)
    if preset == "perudo":
        return die == face or (not palifico and face != 1 and die == 1)
    # Liar's Dice: nothing wild unless a wild face is set; a bid on the wild face counts it alone.
    return die == face or (wild is not None and face != wild and die == wild)


def actual_count_distribution(preset, face, my_dice, unknown, palifico=False, wild=None):
    """{actual count: exact probability} over all 6**unknown rolls of the unknown dice."""
    mine = sum(counts_toward(preset, face, d, palifico, wild) for d in my_dice)
    weights = {}
    for roll in product(range(1, 7), repeat=unknown):
        actual = mine + sum(counts_toward(preset, face, d, palifico, wild) for d in roll)
        weights[actual] = weights.get(actual, 0) + 1
    total = 6 ** unknown
    return {a: Fraction(w, total) for a, w in weights.items()}


def losses(preset, call, actual, bid_count, held, caller, bidder, start):
    """Dice lost by each player for one actual count, as the rules word it."""
    lost = [0] * len(held)
    if preset == "bluff":  # only the challenge, losses equal to the miss
        if actual > bid_count:
            lost[caller] = min(actual - bid_count, held[caller])
        elif actual < bid_count:
            lost[bidder] = min(bid_count - actual, held[bidder])
        else:
            lost = [0 if p == bidder else 1 for p in range(len(held))]
        return lost
    if call == "challenge":  # dudo / call: the loser loses one
        if actual < bid_count:
            lost[bidder] = 1
        else:
            lost[caller] = 1
        return lost
    if preset == "perudo":  # calza
        if actual == bid_count:
            lost[bidder] = 1
            if held[caller] < start:
                lost[caller] = -1
        else:
            lost[caller] = 1
        return lost
    # spot on
    if actual == bid_count:
        return [0 if p == caller else 1 for p in range(len(held))]
    lost[caller] = 1
    return lost


def expected_losses_by_enumeration(preset, call, face, bid_count, my_dice, held, caller, bidder, start,
                                   palifico=False):
    """Expected dice lost per player, enumerating every roll of every other player's dice."""
    unknown = sum(held) - len(my_dice)
    totals = [Fraction(0)] * len(held)
    for roll in product(range(1, 7), repeat=unknown):
        actual = sum(counts_toward(preset, face, d, palifico) for d in (*my_dice, *roll))
        for p, x in enumerate(losses(preset, call, actual, bid_count, held, caller, bidder, start)):
            totals[p] += x
    return [t / 6 ** unknown for t in totals]


# ----------------------------------------------------------------------------- the bidding model
def p_at_least(need, unknown, chance):
    """P(at least ``need`` of ``unknown`` fair dice count), each with ``chance``, summed term by term."""
    if need <= 0:
        return 1.0
    return sum(math.comb(unknown, k) * chance ** k * (1 - chance) ** (unknown - k) for k in range(need, unknown + 1))


def p_exactly(need, unknown, chance):
    if not 0 <= need <= unknown:
        return 0.0
    return math.comb(unknown, need) * chance ** need * (1 - chance) ** (unknown - need)


def model_chances(preset, hand, in_play, previous, raises, rationality, bluff_rate, call_bias, jump_cost,
                  exact_call, palifico=False):
    """{action: chance} of the bidding model as docs/bluff.md states it, for one hand.

    ``raises`` are the legal raises (count, face) of ``previous`` up to ``in_play``; actions are
    those bids, "challenge" and (with an exact call) "exact".
    """
    unknown = in_play - len(hand)

    def view(count, face):
        mine = sum(counts_toward(preset, face, d, palifico) for d in hand)
        wild = len([f for f in range(1, 7) if counts_toward(preset, face, f, palifico)])
        return count - mine, wild / 6

    scores = {}
    for skipped, (count, face) in enumerate(raises):  # raises in track order
        need, chance = view(count, face)
        scores[(count, face)] = p_at_least(need, unknown, chance) - jump_cost * skipped
    if previous is not None:
        need, chance = view(*previous)
        scores["challenge"] = 1 - p_at_least(need, unknown, chance) + call_bias
        if exact_call:
            scores["exact"] = p_exactly(need, unknown, chance) + call_bias
    top = max(scores.values())
    weights = {a: math.exp(rationality * (s - top)) for a, s in scores.items()}
    total = sum(weights.values())
    chances = {a: (1 - bluff_rate if raises else 1) * w / total for a, w in weights.items()}
    for bid in raises:
        chances[bid] += bluff_rate / len(raises)
    return chances


def posterior_by_enumeration(preset, my_dice, held, turns, raises_of, model, exact_call, bid, palifico=False):
    """P(bid true), P(exact) and {actual count: chance} by enumerating every deal of the other players' dice.

    ``turns`` are (player, (count, face)) in order; player 0 is me. Each deal's weight is
    the product of the model's chance of every opponent's bid given that opponent's dice.
    """
    in_play = sum(held)
    sizes = held[1:]
    totals = {}
    remembered = {}  # the model's chances depend on the sorted hand and the bid answered only

    def chances_of(hand, previous):
        key = (tuple(sorted(hand)), previous)
        if key not in remembered:
            remembered[key] = model_chances(preset, hand, in_play, previous, raises_of(previous), *model,
                                            exact_call, palifico)
        return remembered[key]

    for roll in product(range(1, 7), repeat=sum(sizes)):
        hands, at = [], 0
        for size in sizes:
            hands.append(roll[at:at + size])
            at += size
        weight = 1.0
        previous = None
        for player, action in turns:
            if player != 0:
                weight *= chances_of(hands[player - 1], previous)[action]
            previous = action
        actual = sum(counts_toward(preset, bid[1], d, palifico) for d in (*my_dice, *roll))
        totals[actual] = totals.get(actual, 0.0) + weight
    norm = sum(totals.values())
    distribution = {a: w / norm for a, w in totals.items()}
    p_true = sum(p for a, p in distribution.items() if a >= bid[0])
    return p_true, distribution.get(bid[0], 0.0), distribution


def played_out_by_enumeration(preset, my_dice, held, turns, raises_of, models, exact_call, candidate, start):
    """My expected dice lost by the end of the round if I answer the last bid of ``turns`` with ``candidate``.

    Every deal of the other players' dice is weighted by the model's chance of their bids
    (as ``posterior_by_enumeration``); then the round's game tree is walked with each player
    (me too, ``models[0]``) acting by ``model_chances``, turns passing in seat order.
    """
    players, in_play = len(held), sum(held)
    calls = ("challenge", "exact") if exact_call else ("challenge",)
    total_weight, total = 0.0, 0.0
    for roll in product(range(1, 7), repeat=sum(held[1:])):
        hands, at = [tuple(my_dice)], 0
        for size in held[1:]:
            hands.append(roll[at:at + size])
            at += size
        weight, previous = 1.0, None
        for player, action in turns:
            if player != 0:
                weight *= model_chances(preset, hands[player], in_play, previous, raises_of(previous),
                                        *models[player], exact_call)[action]
            previous = action
        if weight == 0.0:
            continue
        memo = {}

        def value(bid, bidder):
            if (bid, bidder) in memo:
                return memo[bid, bidder]
            actor = (bidder + 1) % players
            chances = model_chances(preset, hands[actor], in_play, bid, raises_of(bid), *models[actor], exact_call)
            result = 0.0
            for action, chance in chances.items():
                if chance == 0.0:
                    continue
                if action in calls:
                    actual = sum(counts_toward(preset, bid[1], d) for hand in hands for d in hand)
                    result += chance * losses(preset, action, actual, bid[0], held, actor, bidder, start)[0]
                else:
                    result += chance * value(action, actor)
            memo[bid, bidder] = result
            return result

        total += weight * value(candidate, 0)
        total_weight += weight
    return total / total_weight
