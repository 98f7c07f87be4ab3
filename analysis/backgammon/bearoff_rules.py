"""Home boards of the bear-off databases: their order and each board's rank, written once.

Plain functions in numba's subset: reading a stored table ranks a board as plain Python,
and the builders call the copies ``_kernels`` compiles from this text. A board is the
counts on the six home points, ace point first; ``ways`` is the prefix-count table
``bearoff._ways`` builds.
"""

from __future__ import annotations

import numpy as np


def home_positions(top, count):
    """All ``count`` six-point home boards of at most ``top`` checkers, in lexicographic (rank) order:
    the last point counts fastest, and a point that would pass ``top`` resets and carries."""
    out = np.zeros((count, 6), dtype=np.int64)
    counts = np.zeros(6, dtype=np.int64)
    total = 0
    for row in range(count):
        out[row] = counts
        point = 5
        while point >= 0:
            if total < top:
                counts[point] += 1
                total += 1
                break
            total -= counts[point]
            counts[point] = 0
            point -= 1
    return out


def bearoff_rank(counts, top, ways):
    rank = 0
    left = top
    for i in range(6):
        rank += ways[i, left, counts[i]]
        left -= counts[i]
    return rank
