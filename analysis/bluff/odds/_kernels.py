"""Numba kernels for the dice-bidding games: plain arrays in, plain arrays out."""

import numpy as np
from numba import prange

from analysis.jit import njit
from analysis.random import next_state, stream, uniform_int


@njit(cache=True)
def count_tables(max_unknown, chance):
    """pmf[n, k] = P(k of n unknown dice count) and sf[n, k] = P(at least k count).

    Built by Pascal's recurrence, which only adds non-negative terms, so every
    entry (tails included) is accurate to a few units in the last place.
    Column ``max_unknown + 1`` of ``sf`` is zero so that ``sf[n, n + 1]`` is valid.
    """
    pmf = np.zeros((max_unknown + 1, max_unknown + 2))
    sf = np.zeros((max_unknown + 1, max_unknown + 2))
    pmf[0, 0] = 1.0
    for n in range(1, max_unknown + 1):
        pmf[n, 0] = pmf[n - 1, 0] * (1.0 - chance)
        for k in range(1, n + 1):
            pmf[n, k] = pmf[n - 1, k] * (1.0 - chance) + pmf[n - 1, k - 1] * chance
    for n in range(max_unknown + 1):
        running = 0.0
        for k in range(n, -1, -1):
            running += pmf[n, k]
            sf[n, k] = running
    return pmf, sf


@njit(cache=True, parallel=True)
def simulate_counts(seed, samples, unknown, counting, chunks):
    """Histogram of how many of ``unknown`` fair dice show a face in ``counting``.

    ``counting[f - 1]`` is True when face f counts. Sample ``i`` draws its dice from
    its own stream, and each chunk fills its own histogram row, so the result is
    the same on any number of threads.
    """
    per_chunk = np.zeros((chunks, unknown + 1), dtype=np.int64)
    size = (samples + chunks - 1) // chunks
    for c in prange(chunks):
        for i in range(c * size, min(samples, (c + 1) * size)):
            state = stream(seed, i)
            hits = 0
            for _ in range(unknown):
                state = next_state(state)
                if counting[uniform_int(state, 6)]:
                    hits += 1
            per_chunk[c, hits] += 1
    return per_chunk.sum(axis=0)
