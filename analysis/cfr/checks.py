"""The solver settings every CFR solve accepts: one set of limits, one set of messages."""

from __future__ import annotations

import math
from numbers import Integral, Real

from analysis.cfr.schedule import VARIANTS
from analysis.errors import InvalidArgument

#: Most iterations one solve may ask for (the largest default cap is 20,000).
MAX_ITERATIONS = 1_000_000


def check_solver(variant: str, target: float, iterations: int) -> None:
    """Refuse, in one sentence each, an unknown solver, a target that is not a number of at least 0
    (0 runs every iteration), or iterations outside 1 to ``MAX_ITERATIONS``.

    >>> check_solver("dcfr", 1e-3, 20_000)
    >>> check_solver("fast", 1e-3, 20_000)
    Traceback (most recent call last):
    ...
    analysis.errors.InvalidArgument: Solver 'fast' is not known; choose from cfr, cfr+, dcfr or lcfr.
    """
    if variant not in VARIANTS:
        names = list(VARIANTS)
        raise InvalidArgument(f"Solver {variant!r} is not known; choose from {', '.join(names[:-1])} or {names[-1]}.")
    if isinstance(target, bool) or not isinstance(target, Real) or not (math.isfinite(target) and target >= 0):
        raise InvalidArgument(f"Target exploitability {target!r} is not allowed; choose a number of at least 0 "
                              "(0 runs every iteration).")
    if isinstance(iterations, bool) or not isinstance(iterations, Integral) or not 1 <= iterations <= MAX_ITERATIONS:
        raise InvalidArgument(f"{iterations!r} iterations is not allowed; choose 1 to {MAX_ITERATIONS:,}.")
