"""Counter-based random numbers for numba kernels.

Every Monte Carlo kernel in the toolkit draws sample ``i`` from
``splitmix64(seed, i, j)``, a pure function of the seed and the sample's own
counters. Which thread runs which sample therefore cannot change the result:
the same seed gives the same figure on 1 or 16 threads.
"""

from numba import njit, uint64

#: Seeds are whole numbers 0 .. SEED_LIMIT - 1 (they are mixed as unsigned 64-bit words;
#: the top bit is kept clear so a seed prints and stores as a signed integer too).
SEED_LIMIT = 2 ** 63


def check_seed(seed) -> int:
    """The one seed rule of the toolkit: a whole number from 0 to 2**63 - 1 (None means 0).

    >>> check_seed(7)
    7
    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    analysis.errors.InvalidArgument: Seed -1 is not allowed; use a whole number from 0 to 2**63 - 1.
    """
    import numbers

    from analysis.errors import InvalidArgument

    seed = 0 if seed is None else seed
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or not 0 <= seed < SEED_LIMIT:
        raise InvalidArgument(f"Seed {seed!r} is not allowed; use a whole number from 0 to 2**63 - 1.")
    return int(seed)

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
