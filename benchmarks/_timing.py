"""The timing helper the benchmarks share: the best of a few runs, and what the last run returned.

A benchmark script runs as ``python benchmarks/bench_x.py``, so this folder is on the path:
``from _timing import best_of``.
"""

from __future__ import annotations

import time


def best_of(function, repeat: int = 1):
    """(fastest wall-clock seconds over ``repeat`` calls of ``function()``, the last call's result)."""
    best, result = float("inf"), None
    for _ in range(repeat):
        started = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - started)
    return best, result
