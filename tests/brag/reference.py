"""Plain-Python Brag ranking, written from RULES.md section 3 without looking at the kernels.

A hand's key is a tuple that Python compares lexicographically: (class rank,
tie-breakers...). Cards here are strings like "KS" so nothing is shared with
the package's integer encoding except through the conversion in ``to_text``.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

RANKS = "23456789TJQKA"
SUITS = "CDHS"
DECK = [r + s for r in RANKS for s in SUITS]           # same order as the package: rank-major
VALUE = {r: i + 2 for i, r in enumerate(RANKS)}         # 2..14, ace 14

CLASS_ORDER = ["high_card", "pair", "flush", "run", "running_flush", "prial"]


def to_text(card_code: int) -> str:
    return DECK[card_code]


def key3(cards, prial_333_high=True, a23="highest"):
    """Comparable key of a three-card hand under the given rules."""
    values = sorted((VALUE[c[0]] for c in cards), reverse=True)
    suits = {c[1] for c in cards}
    flush = len(suits) == 1
    if values[0] == values[1] == values[2]:
        # 3-3-3 above A-A-A when configured: give threes the value 15.
        return (5, 15 if (prial_333_high and values[0] == 3) else values[0])
    run_height = None
    if values[0] == values[1] + 1 == values[2] + 2:
        run_height = values[0] * 10            # 4 (2-3-4) .. 14 (A-K-Q), spaced by 10
    elif values == [14, 3, 2]:
        run_height = {"highest": 145, "second": 135, "lowest": 5, "none": None}[a23]
    if run_height is not None:
        return (4 if flush else 3, run_height)
    if flush:
        return (2, *values)
    if values[0] == values[1] or values[1] == values[2]:
        pair = values[1]
        odd = values[2] if values[0] == values[1] else values[0]
        return (1, pair, odd)
    return (0, *values)


def key4(cards, prial_333_high=True, a23="highest"):
    """Best three of four; the discarded card's rank breaks ties between equal best threes."""
    options = []
    for three in combinations(cards, 3):
        (discard,) = [c for c in cards if c not in three]
        options.append((key3(three, prial_333_high, a23), VALUE[discard[0]]))
    return max(options)


def class_name(key) -> str:
    top = key[0] if isinstance(key[0], int) else key[0][0]
    return CLASS_ORDER[top]


def dense_ranks(keys) -> list[int]:
    """Replace each key by its position among the distinct keys (0 = weakest)."""
    order = {k: i for i, k in enumerate(sorted(set(keys)))}
    return [order[k] for k in keys]


@lru_cache(maxsize=None)
def all_keys(hand_size, prial_333_high=True, a23="highest"):
    """{frozenset of cards: key} for every hand of the full deck (built once per process)."""
    key = key3 if hand_size == 3 else key4
    return {frozenset(h): key(h, prial_333_high, a23) for h in combinations(DECK, hand_size)}
