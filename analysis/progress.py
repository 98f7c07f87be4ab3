"""Progress for long work, on a terminal and in a log or a pipe.

Solving, database building and large simulations report progress on stderr:
a bar redrawn in place on a terminal; a plain line every few seconds when the
output is a log or a pipe (work that ends sooner says nothing there, so quick
answers stay clean). A notebook's output stays silent: articles show results,
not progress. When the work ends, normally or early (a solver that converges
before its iteration cap), the bar ends at 100% and says so, and an error
leaves it marked as stopped rather than stuck at a partial figure.

>>> with Progress("solving", total=3, stream=None) as bar:
...     for _ in range(3):
...         bar.advance()
>>> bar.done
3

Work run for a web page is *followed* as well (:func:`followed`): every bar of that thread reports
its label and figures to the follower at each step, and the follower stops the work at a step by
raising :class:`Cancelled` (the page's Cancel button).

>>> seen = []
>>> def follower(label, done, total):
...     seen.append(done)
...     if done >= 2:
...         raise Cancelled("stopped at the second step")
>>> with followed(follower):
...     with Progress("playing", total=5, stream=None) as bar:
...         for _ in range(5):
...             bar.advance()
Traceback (most recent call last):
...
analysis.progress.Cancelled: stopped at the second step
>>> seen
[0, 1, 2]
"""

from __future__ import annotations

import sys
import threading
import time
from contextlib import contextmanager

from analysis import budget

#: Seconds between two progress lines in a log or a pipe.
LINE_INTERVAL = 5.0
#: The follower of this thread's work, if any (see :func:`followed`).
_following = threading.local()


class Cancelled(Exception):
    """Raised at a step of followed work whose follower asked it to stop."""


@contextmanager
def followed(follower):
    """Inside the block, each bar of this thread calls ``follower(label, done, total)`` when it starts
    and at each step; ``follower`` may raise :class:`Cancelled` to stop the work there."""
    before = getattr(_following, "follower", None)
    _following.follower = follower
    try:
        yield
    finally:
        _following.follower = before


class Progress:
    """``with Progress("building bear-off database", total=n) as bar: ... bar.advance(k)``."""

    def __init__(self, label: str, total: int, stream="stderr", width: int = 30, interval: float = LINE_INTERVAL):
        self.label, self.total, self.width, self.interval = label, max(int(total), 1), width, interval
        if stream == "stderr":
            stream = sys.stderr  # looked up now: tests and notebooks swap sys.stderr
        if stream is None or _is_notebook(stream):
            stream, self.terminal = None, False
        else:
            self.terminal = bool(getattr(stream, "isatty", lambda: False)())
        self.stream = stream
        self.done = 0
        self._started = time.perf_counter()
        self._last_draw = 0.0
        self._last_line = self._started
        self._lines = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._heartbeat = None
        self._follower = getattr(_following, "follower", None)

    def __enter__(self) -> "Progress":
        self._started = self._last_line = time.perf_counter()
        budget.step()         # work that must stay short, or a process that is stopping, ends here
        if self._follower is not None:
            self._follower(self.label, self.done, self.total)
        if self.terminal:
            self._draw(force=True)
        elif self.stream is not None and self.interval > 0:
            # A step can take longer than the interval (one solver check, one kernel call):
            # a quiet thread keeps the log alive between advances.
            self._heartbeat = threading.Thread(target=self._beat, daemon=True)
            self._heartbeat.start()
        return self

    def _beat(self) -> None:
        while not self._stop.wait(self.interval / 2):
            self._line()

    def advance(self, steps: int = 1) -> None:
        self.done = min(self.total, self.done + steps)
        budget.step()
        if self._follower is not None:
            self._follower(self.label, self.done, self.total)
        if self.stream is None:
            return
        if self.terminal:
            self._draw()
        else:
            self._line()

    def _draw(self, force: bool = False, ending: str = "") -> None:
        now = time.perf_counter()
        if not force and now - self._last_draw < 0.1 and self.done < self.total:
            return  # redraw at most ten times a second
        self._last_draw = now
        filled = self.width * self.done // self.total
        elapsed = now - self._started
        self.stream.write(f"\r{self.label}: [{'#' * filled}{'.' * (self.width - filled)}] "
                          f"{100 * self.done / self.total:5.1f}%  {elapsed:6.1f}s{ending}")
        self.stream.flush()

    def _line(self) -> None:
        with self._lock:
            now = time.perf_counter()
            if now - self._last_line < self.interval or self._stop.is_set():
                return
            self._last_line = now
            self._lines += 1
            self.stream.write(f"{self.label}: {100 * self.done / self.total:.0f}% "
                              f"({self.done:,} of {self.total:,}), {now - self._started:.0f} s\n")
            self.stream.flush()

    def __exit__(self, exc_type, *exc) -> None:
        if self.stream is None:
            return
        if self._heartbeat is not None:
            with self._lock:
                self._stop.set()
            self._heartbeat.join()
        elapsed = time.perf_counter() - self._started
        if self.terminal:
            if exc_type is None:
                self.done = self.total  # finished, even if early: never leave the bar at a partial figure
                self._draw(force=True, ending="  done")
            else:
                self._draw(force=True, ending="  stopped")
            self.stream.write("\n")
        elif self._lines:
            self.stream.write(f"{self.label}: {'done' if exc_type is None else 'stopped'} "
                              f"({elapsed:.0f} s)\n")
        self.stream.flush()


def duration(seconds: float) -> str:
    """``seconds`` as a reader says it.

    >>> [duration(s) for s in (40, 1440, 5 * 3600, 3 * 86400)]
    ['40 s', '24 minutes', '5.0 hours', '3.0 days']
    """
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 2 * 3600:
        return f"{seconds / 60:.0f} minutes"
    return f"{seconds / 3600:.1f} hours" if seconds < 2 * 86400 else f"{seconds / 86400:.1f} days"


def _is_notebook(stream) -> bool:
    """True for a Jupyter kernel's output stream: a notebook shows results, not progress."""
    return type(stream).__module__.split(".")[0] == "ipykernel"
