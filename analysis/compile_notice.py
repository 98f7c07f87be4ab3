"""The first run of numba's kernels: a command that may compile says so.

The first run after install compiles the kernels (seconds each), and a command that calls one
wraps the call in :func:`compiling` so the user hears why the answer is slow, once.
"""

from __future__ import annotations

import sys

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
    from contextlib import contextmanager   # lazy: a table question never compiles

    return contextmanager(_compiling)(what, seconds, *kernels, stream=stream)


def _compiling(what: str, seconds: float, *kernels, stream="stderr"):
    if stream == "stderr":
        stream = sys.stderr         # looked up now: tests and notebooks swap sys.stderr
    if (stream is None or type(stream).__module__.split(".")[0] == "ipykernel"
            or all(is_compiled(kernel) for kernel in kernels)):
        yield
        return
    import threading  # lazy: only a compile that runs shows the spinner (a table question never compiles)
    import time  # lazy: the same

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
