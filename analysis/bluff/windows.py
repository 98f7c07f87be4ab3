"""The number of a window of remembered bids in a sampled solve's layout, written once.

A player of a sampled solve remembers the last ``k`` bids of the round (``sampled``). Bids only rise along the
track, so those bids are a set of bid indices, numbered by the combinatorial number system: a set
``c_1 < ... < c_j`` has rank ``first[j] + C(c_1, 1) + ... + C(c_j, j)``, where ``first[j]`` counts the sets of
fewer than ``j`` bids. The function is plain Python in numba's subset: the solver's kernels compile it
(``_sampled_kernels.window_rank``) and the answer at the table calls it as it is (``strategy_values``), so a
question never starts numba.
"""


def window_rank(history, depth, k, binom, first):
    """Rank of the set of the last ``min(depth, k)`` bids of ``history[:depth]`` (bid indices, rising)."""
    start = depth - k if depth > k else 0
    rank = first[depth - start]
    for i in range(start, depth):
        rank += binom[history[i], i - start + 1]
    return rank
