"""How long the evaluator's slow first use will take, said before it starts (:func:`analysis.budget.check`).

Two things can make a backgammon question long, each once: the two-sided bear-off database, which a
look-ahead (1- or 2-ply) and any position with both sides bearing off read, is built when the store does
not hold it (every cube level: about 12 s, docs/benchmarks.md); and the evaluator's compiled kernels,
which a look-ahead uses, are compiled on the first run after install (``COMPILE_SECONDS``). Where work
must stay short (a page's question), :func:`check_evaluator` refuses such a question before any of it
starts, in one sentence saying how long it would take; elsewhere (the command line, a notebook) it
refuses nothing and costs nothing.

>>> from analysis.budget import limited
>>> from analysis.store import Store
>>> import tempfile
>>> with limited(seconds=2):
...     check_evaluator("looking a roll ahead", database=True, kernels=(), store=Store(tempfile.mkdtemp()))
Traceback (most recent call last):
...
analysis.budget.TooLong: Looking a roll ahead the first time (the bear-off database is built once) takes about 12 seconds here, longer than a page waits.
"""

from __future__ import annotations

from analysis import budget
from analysis.compile_notice import is_compiled

#: Seconds to build the two-sided database at every cube level (docs/benchmarks.md: 11.3 s, 12.1 s the first call).
BUILD_SECONDS = 12.1
#: Seconds numba takes to compile the evaluator's kernels on the first run after install (a loaded machine).
COMPILE_SECONDS = 60
#: Bytes the build holds at once: seven 924 x 924 tables of float64 at most, three to a cube level.
BUILD_BYTES = 3 * 7 * 924 * 924 * 8


def check_evaluator(what: str, database: bool, kernels=(), store=None) -> None:
    """Refuse (inside a limit) ``what`` (the work, as a clause) when it reads the ``database`` and that is
    not held yet, or its compiled ``kernels`` (numba functions) would compile first, and that takes longer
    than allowed."""
    if budget.current() is None:        # the command line and notebooks wait: nothing to check
        return
    # lazy: the bear-off tables' module (numpy, the store's reader) is read only where a page asks.
    from analysis.backgammon.bearoff import two_sided_held

    seconds, why = 0.0, []
    if database and not two_sided_held("win", store):
        seconds += BUILD_SECONDS
        why.append("the bear-off database is built once")
    if kernels and not all(is_compiled(kernel) for kernel in kernels):
        seconds += COMPILE_SECONDS
        why.append("the evaluator is prepared once")
    if seconds:
        budget.check(f"{what} the first time ({' and '.join(why)})", seconds, BUILD_BYTES if database else 0)
