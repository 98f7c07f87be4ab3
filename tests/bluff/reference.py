"""Plain-Python references for the dice-bidding kernels: enumerate every roll.

Written from RULES.md §1 directly, sharing nothing with analysis.bluff except
the face codes (Bluff: 1-5 and 6 = star; Perudo: 1 = paco; Liar's Dice 1-6).
"""

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
    """Dice lost by each player for one actual count, as RULES.md words it."""
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
