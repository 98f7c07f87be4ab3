"""Numba kernels for playing to a score goal: the turn recursion on vectors over the score.

A *score table* ``table[mask, x]`` holds, for each score card ``mask`` (bit set = box filled)
and each score index ``x``, the best expected utility of the finished game. Writing ``points``
in a box moves the index from ``x`` to ``min(x + points, top)``; a full card is worth a given
utility row. Two uses (see target.py and win.py):

- play for a target: ``x = top - r`` where ``r`` is the points still needed, and a full card is
  worth 1 at ``x = top`` (nothing more needed), else 0;
- play against opponents: ``x`` is my score, and a full card is worth my chance of finishing
  above every opponent with that score.

Within a turn the work follows ``_kernels.py`` (rolls, keeps ordered by size, the last 252 keeps
being the rolls), but every value is a row over ``x``, so the best keep or box may differ from
one score to the next, which is what playing for a goal means. Only presets without bonuses
are played here: the points a box adds are then ``scores[box, roll]`` and nothing else.
"""

import numpy as np
from numba import njit, prange


@njit(cache=True, fastmath=True)
def final_rows(mask, table, scores, lo, v0):
    """``v0[roll, x]``: the best box for the final roll at score index ``x`` (for ``x >= lo``)."""
    n_boxes, n_rolls = scores.shape
    width = table.shape[1]
    top = width - 1
    for roll in range(n_rolls):
        for x in range(lo, width):
            v0[roll, x] = 0.0
        for box in range(n_boxes):
            if mask >> box & 1:
                continue
            following = table[mask | (1 << box)]
            points = scores[box, roll]
            split = max(lo, top - points)
            for x in range(lo, split):
                v0[roll, x] = max(v0[roll, x], following[x + points])
            for x in range(split, width):
                v0[roll, x] = max(v0[roll, x], following[top])


@njit(cache=True, fastmath=True)
def keep_rows(roll_rows, keep_add, lo, out):
    """``out[keep, x]``: the expected ``roll_rows`` after keeping ``keep`` and throwing the rest (one die at a time)."""
    n_rolls, width = roll_rows.shape
    first = out.shape[0] - n_rolls
    for roll in range(n_rolls):
        for x in range(lo, width):
            out[first + roll, x] = roll_rows[roll, x]
    for keep in range(first - 1, -1, -1):
        for x in range(lo, width):
            out[keep, x] = 0.0
        for face in range(1, 7):
            grown = keep_add[keep, face]
            for x in range(lo, width):
                out[keep, x] += out[grown, x]
        for x in range(lo, width):
            out[keep, x] *= 1.0 / 6.0


@njit(cache=True, fastmath=True)
def best_rows(keep_vals, keep_remove, n_remove, lo, best, out):
    """``out[roll, x]``: the best keep among the roll's sub-keeps, score index by score index."""
    n_keeps, width = keep_vals.shape
    for keep in range(n_keeps):
        for x in range(lo, width):
            best[keep, x] = keep_vals[keep, x]
        for j in range(n_remove[keep]):
            smaller = keep_remove[keep, j]
            for x in range(lo, width):
                best[keep, x] = max(best[keep, x], best[smaller, x])
    first = n_keeps - out.shape[0]
    for roll in range(out.shape[0]):
        for x in range(lo, width):
            out[roll, x] = best[first + roll, x]


@njit(cache=True, fastmath=True)
def turn_rows(mask, table, scores, lo, first_roll, keep_add, keep_remove, n_remove, v0, k1, v1, k2, v2, best, row):
    """Fill one card's turn tables (V0, K1, V1, K2, V2 over the score index) and its value ``row``."""
    final_rows(mask, table, scores, lo, v0)
    keep_rows(v0, keep_add, lo, k1)
    best_rows(k1, keep_remove, n_remove, lo, best, v1)
    keep_rows(v1, keep_add, lo, k2)
    best_rows(k2, keep_remove, n_remove, lo, best, v2)
    for x in range(lo, row.shape[0]):
        row[x] = 0.0
    for roll in range(v2.shape[0]):
        chance = first_roll[roll]
        for x in range(lo, row.shape[0]):
            row[x] += chance * v2[roll, x]


@njit(cache=True, parallel=True)
def solve_cards(table, cards, lows, scores, first_roll, keep_add, keep_remove, n_remove):
    """Fill ``table[card]`` for every card in ``cards`` (all with the same number of boxes filled).

    The caller runs the layers from the fullest card down; a card only reads fuller ones, so
    the cards of one layer are independent. ``lows[i]``: the lowest score index worth filling.
    Each worker takes every ``n_workers``-th card and reuses its scratch rows (a few MB).
    """
    n_rolls = scores.shape[1]
    n_keeps = keep_add.shape[0]
    width = table.shape[1]
    n_workers = min(cards.shape[0], 64)
    for w in prange(n_workers):
        v0 = np.empty((n_rolls, width))
        v1 = np.empty((n_rolls, width))
        v2 = np.empty((n_rolls, width))
        k1 = np.empty((n_keeps, width))
        k2 = np.empty((n_keeps, width))
        best = np.empty((n_keeps, width))
        for i in range(w, cards.shape[0], n_workers):
            turn_rows(cards[i], table, scores, lows[i], first_roll, keep_add, keep_remove, n_remove,
                      v0, k1, v1, k2, v2, best, table[cards[i]])


@njit(cache=True)
def card_turn(mask, table, scores, lo, first_roll, keep_add, keep_remove, n_remove):
    """One card's turn tables for the advisor: (V0, K1, V1, K2, V2)."""
    n_rolls = scores.shape[1]
    n_keeps = keep_add.shape[0]
    width = table.shape[1]
    v0, v1, v2 = np.zeros((n_rolls, width)), np.zeros((n_rolls, width)), np.zeros((n_rolls, width))
    k1, k2, best = np.zeros((n_keeps, width)), np.zeros((n_keeps, width)), np.zeros((n_keeps, width))
    row = np.zeros(width)
    turn_rows(mask, table, scores, lo, first_roll, keep_add, keep_remove, n_remove, v0, k1, v1, k2, v2, best, row)
    return v0, k1, v1, k2, v2


@njit(cache=True, parallel=True)
def remaining_points(distribution, cards, out_next, out_points, out_prob, n_out):
    """``distribution[card, g]``: the chance of ``g`` more points, from each card's turn outcomes and fuller cards."""
    width = distribution.shape[1]
    for i in prange(cards.shape[0]):
        row = distribution[cards[i]]
        for g in range(width):
            row[g] = 0.0
        for o in range(n_out[i]):
            following = distribution[out_next[i, o]]
            shift = out_points[i, o]
            chance = out_prob[i, o]
            for g in range(shift, width):
                row[g] += chance * following[g - shift]
