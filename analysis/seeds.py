"""The one seed rule of the toolkit (no numba here: checking a seed must not start the JIT).

Every Monte Carlo figure takes a seed from 0 to 2**63 - 1; the kernels mix it as an
unsigned 64-bit word (analysis/random.py), and keeping the top bit clear lets a seed
print and store as a signed integer too.
"""

from __future__ import annotations

import numbers

from analysis.errors import InvalidArgument

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
    seed = 0 if seed is None else seed
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or not 0 <= seed < SEED_LIMIT:
        raise InvalidArgument(f"Seed {seed!r} is not allowed; use a whole number from 0 to 2**63 - 1.")
    return int(seed)
