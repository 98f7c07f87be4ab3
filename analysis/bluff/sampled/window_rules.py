"""The number of a window of remembered bids in a sampled solve's layout, written once.

A player of a sampled solve remembers the last ``k`` bids of the round (``sampled``). Bids only rise along the
track, so those bids are a set of bid indices, numbered by the combinatorial number system: a set
``c_1 < ... < c_j`` has rank ``first[j] + C(c_1, 1) + ... + C(c_j, j)``, where ``first[j]`` counts the sets of
fewer than ``j`` bids. The function is plain Python in numba's subset: the solver's kernels compile it
(``_kernels``) and the answer at the table calls it as it is (``strategy_values``), so a
question never starts numba.
"""


def window_rank(history, depth, k, binom, first):
    """Rank of the set of the last ``min(depth, k)`` bids of ``history[:depth]`` (bid indices, rising)."""
    start = depth - k if depth > k else 0
    rank = first[depth - start]
    for i in range(start, depth):
        rank += binom[history[i], i - start + 1]
    return rank


def actions_at(history, depth, n_raises, calls):
    """The actions after ``history[:depth]``, as every layout of a solve numbers them (the solver's kernels, the
    readers' and the search compile this text): (the last bid, -1 at the opening; the row of the raise tables it
    reads, the opening's being the last; how many raises; how many actions: the raises in track order, then the
    ``calls`` once a bid stands). The slot of hand ``h``'s action ``a`` in window ``w`` of seat ``s`` is
    ``offset[s, w] + h * actions + a``."""
    last = history[depth - 1] if depth > 0 else -1
    row = n_raises.shape[0] - 1 if last < 0 else last
    nr = n_raises[row]
    return last, row, nr, nr + (calls if last >= 0 else 0)
