"""Every hand of a preset with its strength: the arrays the other modules look things up in.

Rows are in colex order, so the hand ``c0 < c1 < c2`` sits at row
``C(c0,1) + C(c1,2) + C(c2,3)`` and a dealt hand finds its strength without a search.

>>> table = hand_table("brag3")
>>> len(table.strengths), table.row_of((0, 1, 2))
(22100, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

import numpy as np

from analysis.brag.rules import CLASS_SHIFT, DISCARD_SHIFT, BragRules, preset
from analysis.store import Array, Store, TableKind, chosen_store, stored_table

#: The strength of every hand (colex order): higher beats lower, equal ties.
STRENGTHS = TableKind("brag/strengths", {"strengths": Array("int32", ("hands",))},
                      version=1,
                      check=lambda table, params: None if table["strengths"].min() > 0 else "a hand has no strength")

#: C(n, r) for n < 53, r < 5: the colex index of a hand is a sum of these.
BINOMIAL = np.array([[comb(n, r) for r in range(5)] for n in range(53)], dtype=np.int64)


@dataclass(frozen=True, eq=False)
class HandTable:
    """All C(52, k) hands of a preset: cards (sorted), card bitmasks, strengths, strength order."""

    rules: BragRules
    hands: np.ndarray       # (n, k) int64, each row ascending
    masks: np.ndarray       # (n,) uint64, bit c set when card c is held
    strengths: np.ndarray   # (n,) int32
    order: np.ndarray       # (n,) indices sorting strengths ascending (stable)

    def row_of(self, cards) -> int:
        """The row of a hand given as card codes in any order."""
        return colex_row(cards)


def colex_row(cards) -> int:
    """The row of a hand given as card codes in any order, in every table over a preset's hands."""
    return int(sum(BINOMIAL[c, i + 1] for i, c in enumerate(sorted(cards))))


def hand_strength(rules: BragRules, cards, store: Store | None | bool = None) -> int:
    """The strength of one hand (card codes), read from its row of the stored strengths in ``store``
    (None: the default store) when they are stored (one question need not list every hand), else from
    the hand table, which stores them."""
    chosen = chosen_store(store)
    stored = None if chosen is None else chosen.load(STRENGTHS, rules, {"hands": comb(52, rules.hand_size)})
    if stored is None:
        return int(hand_table(rules, store).strengths[colex_row(cards)])
    return int(stored["strengths"][colex_row(cards)])


def class_codes(strengths, rules: BragRules):
    """The class code (index in ``CLASSES``, 0 = high card) of one strength or an array of them."""
    three = strengths // DISCARD_SHIFT if rules.hand_size == 4 else strengths
    return three // CLASS_SHIFT


def colex_hands(k: int) -> np.ndarray:
    """All k-card hands from 52 cards, ascending within a row, rows in colex order."""
    block = np.arange(52, dtype=np.int64)[:, None]
    for size in range(2, k + 1):
        # Colex: the (size-1)-subsets of 0..top-1 are exactly the first C(top, size-1) rows.
        block = np.vstack([np.hstack([block[:comb(top, size - 1)],
                                      np.full((comb(top, size - 1), 1), top, dtype=np.int64)])
                           for top in range(size - 1, 52)])
    return block


@lru_cache(maxsize=8)
def hand_table(rules: str | BragRules, store: Store | None | bool = None) -> HandTable:
    """The table for ``rules`` (a preset name or BragRules), built once per process; its strengths
    are kept in ``store`` (None: the default store)."""
    rules = preset(rules)
    hands = colex_hands(rules.hand_size)
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), hands.astype(np.uint64)), axis=1)

    def build():
        # lazy: keeps numba out of a table question's start-up
        from analysis.brag.showdown._kernels import hand_strengths

        return {"strengths": hand_strengths(hands, rules.prial_333_high, rules.a23_code)}

    # Kept in the store so that a warm answer needs no numba start-up at all.
    strengths = stored_table(store, STRENGTHS, rules, {"hands": len(hands)}, build)["strengths"]
    order = np.argsort(strengths, kind="stable")
    for array in (hands, masks, strengths, order):
        array.setflags(write=False)
    return HandTable(rules, hands, masks, strengths, order)
