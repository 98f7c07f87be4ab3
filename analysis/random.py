"""Counter-based random numbers for numba kernels.

Every Monte Carlo kernel in the toolkit draws sample ``i`` from
``splitmix64(seed, i, j)``, a pure function of the seed and the sample's own
counters. Which thread runs which sample therefore cannot change the result:
the same seed gives the same figure on 1 or 16 threads.
"""

from numba import uint64

# The seed rule lives beside this module, free of numba, so validating a seed starts nothing.
from analysis.jit import njit
from analysis.seeds import SEED_LIMIT, check_seed  # noqa: F401

_GOLDEN = uint64(0x9E3779B97F4A7C15)
_MIX1 = uint64(0xBF58476D1CE4E5B9)
_MIX2 = uint64(0x94D049BB133111EB)


@njit(cache=True, inline="always")
def mix64(z):
    """The splitmix64 finaliser: a bijection of 64-bit words with good avalanche."""
    z = uint64(z)
    z = (z ^ (z >> uint64(30))) * _MIX1
    z = (z ^ (z >> uint64(27))) * _MIX2
    return z ^ (z >> uint64(31))


@njit(cache=True, inline="always")
def stream(seed, sample):
    """The starting state of sample ``sample``'s private stream under ``seed``."""
    return mix64(uint64(seed) * _GOLDEN + mix64(uint64(sample) + _GOLDEN))


@njit(cache=True, inline="always")
def next_state(state):
    """Advance a stream by one step (Weyl sequence, as in splitmix64)."""
    return uint64(state) + _GOLDEN


@njit(cache=True, inline="always")
def uniform_int(state, n):
    """A value in ``0..n-1`` from the 32 high bits of ``mix64(state)`` (Lemire's multiply).

    The bias is below n / 2**32 (1.4e-9 for a die), far under any Monte Carlo error bar.
    """
    return (int(mix64(state) >> uint64(32)) * n) >> 32


@njit(cache=True, inline="always")
def uniform_float(state):
    """A float in [0, 1) with 53 random bits."""
    return float(mix64(state) >> uint64(11)) * (1.0 / 9007199254740992.0)
