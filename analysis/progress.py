"""A progress bar for long work that speaks only to a terminal.

Solving, database building and large simulations report progress on stderr
when it is a terminal, and stay silent otherwise (pipes, CI logs, notebooks).

>>> with Progress("solving", total=3, stream=None) as bar:
...     for _ in range(3):
...         bar.advance()
>>> bar.done
3
"""

from __future__ import annotations

import sys
import time


class Progress:
    """``with Progress("building bear-off database", total=n) as bar: ... bar.advance(k)``."""

    def __init__(self, label: str, total: int, stream="stderr", width: int = 30):
        self.label, self.total, self.width = label, max(int(total), 1), width
        if stream == "stderr":
            stream = sys.stderr  # looked up now: tests and notebooks swap sys.stderr
        self.stream = stream if stream is not None and getattr(stream, "isatty", lambda: False)() else None
        self.done = 0
        self._started = time.perf_counter()
        self._last_draw = 0.0

    def __enter__(self) -> "Progress":
        self._draw(force=True)
        return self

    def advance(self, steps: int = 1) -> None:
        self.done = min(self.total, self.done + steps)
        self._draw()

    def _draw(self, force: bool = False) -> None:
        if self.stream is None:
            return
        now = time.perf_counter()
        if not force and now - self._last_draw < 0.1 and self.done < self.total:
            return  # redraw at most ten times a second
        self._last_draw = now
        filled = self.width * self.done // self.total
        elapsed = now - self._started
        self.stream.write(f"\r{self.label}: [{'#' * filled}{'.' * (self.width - filled)}] "
                          f"{100 * self.done / self.total:5.1f}%  {elapsed:6.1f}s")
        self.stream.flush()

    def __exit__(self, *exc) -> None:
        if self.stream is not None:
            self._draw(force=True)
            self.stream.write("\n")
            self.stream.flush()
