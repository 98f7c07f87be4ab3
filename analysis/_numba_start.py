"""Start numba's cached kernels without importing ``scipy.linalg`` first.

When numba first loads a compiled kernel it imports its array functions
(``numba.np.arraymath``), whose import checks that a BLAS is available by
importing ``scipy.linalg.cython_blas``: several tenths of a second of a table
question that never multiplies a matrix. scipy is a dependency of this package,
so the check's answer is known; this skips only that import-time check (numba's
own ``_HAVE_BLAS`` is still set by whether scipy is installed), and a kernel that
does use BLAS (``np.dot``, ``np.linalg``) still imports it when it compiles.
:func:`install` is called from ``analysis/__init__.py``; it imports nothing heavy.

:func:`compiling` is the other half of starting numba: the first run after install
compiles the kernels (seconds each), and a command that calls one wraps the call so
the user hears why the answer is slow, once.
"""

from __future__ import annotations

import sys

_TARGET = "numba.np.arraymath"


class _SkipBlasCheck:     # a meta path finder (only find_spec is needed; importlib.abc costs start-up time)
    def find_spec(self, name, path=None, target=None):
        if name != _TARGET:
            return None
        sys.meta_path.remove(self)          # once: the real finders take it from here
        import importlib.util

        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None or importlib.util.find_spec("scipy") is None:
            return spec
        import numba.np.linalg as linalg

        real_check, run = linalg.ensure_blas, spec.loader.exec_module

        def exec_module(module):
            linalg.ensure_blas = lambda: None        # scipy is installed: the BLAS is there
            try:
                run(module)
            finally:
                linalg.ensure_blas = real_check
                if getattr(module, "ensure_blas", None) is not real_check:
                    module.ensure_blas = real_check

        spec.loader.exec_module = exec_module
        return spec


def install() -> None:
    if _TARGET not in sys.modules and not any(isinstance(f, _SkipBlasCheck) for f in sys.meta_path):
        sys.meta_path.insert(0, _SkipBlasCheck())


# --------------------------------------------------------------------------- first-run compiles
SPINNER = "|/-\\"

def is_compiled(kernel) -> bool:
    """True when calling ``kernel`` (an ``@njit(cache=True)`` function) will not compile it:
    it already ran in this process, or numba's on-disk cache holds code for its current source."""
    if getattr(kernel, "signatures", None):
        return True
    try:
        return bool(kernel._cache._cache_file._load_index())     # {} when missing or stale
    except Exception:       # a numba without this layout: assume cached rather than cry wolf
        return True


def compiling(what: str, seconds: float, *kernels, stream="stderr"):
    """Tell the user when the work inside compiles numba kernels (the first run after install).

    ``with compiling("the move generator", 7, _kernels.legal_plays): ...`` says nothing when
    every kernel is cached (the usual run). Otherwise it writes to stderr
    ``odds: compiling the move generator (first run only, about 7 s)...``: on a terminal
    with a spinner and the seconds so far, ending in ``done (6.8 s)``; in a log or a pipe
    as one line before and one line after. A notebook stays silent. ``seconds`` is the
    compile time measured on an idle machine (benchmarks/bench_backgammon.py prints it).
    """
    from contextlib import contextmanager   # here, not at import: a table question never compiles

    return contextmanager(_compiling)(what, seconds, *kernels, stream=stream)


def _compiling(what: str, seconds: float, *kernels, stream="stderr"):
    if stream == "stderr":
        stream = sys.stderr         # looked up now: tests and notebooks swap sys.stderr
    if (stream is None or type(stream).__module__.split(".")[0] == "ipykernel"
            or all(is_compiled(kernel) for kernel in kernels)):
        yield
        return
    import threading
    import time

    label = f"odds: compiling {what} (first run only, about {seconds:.0f} s)..."
    terminal = bool(getattr(stream, "isatty", lambda: False)())
    started, stop = time.perf_counter(), threading.Event()

    def spin() -> None:
        turn = 0
        while True:
            stream.write(f"\r{label} {SPINNER[turn % 4]} {time.perf_counter() - started:.0f} s")
            turn += 1
            stream.flush()
            if stop.wait(0.25):
                return

    spinner = threading.Thread(target=spin, daemon=True) if terminal else None
    if spinner is not None:
        spinner.start()
    else:
        stream.write(label + "\n")
        stream.flush()
    outcome = "stopped"
    try:
        yield
        outcome = "done"
    finally:
        elapsed = time.perf_counter() - started
        if spinner is not None:
            stop.set()
            spinner.join()
            stream.write(f"\r{label} {outcome} ({elapsed:.1f} s)\n")
        else:
            stream.write(f"odds: compiling {what}: {outcome} ({elapsed:.1f} s)\n")
        stream.flush()
