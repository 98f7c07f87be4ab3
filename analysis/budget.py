"""Work that must stay short: the time and memory it may take, and one sentence when it would take more.

A web page's question runs inside :func:`limited` (a few seconds, a memory limit): before work whose
cost the library can estimate (a table to build, a target to solve from the opening), the library
calls :func:`check` with its estimate, and inside a limit that estimate over the limit raises
:class:`TooLong` before any of the work starts, its sentence saying how long the work would take.
Outside any limit (the command line, a notebook) :func:`check` refuses nothing.

Work that reports progress (:mod:`analysis.progress`) is also stopped at its next step once it has
run ``OVERRUN`` times its time limit (an estimate that was wrong, or work with none), and at its next
step whatever its limit once :func:`stop_everything` is called (the server stopping).

>>> with limited(seconds=2):
...     check("building the table", seconds=1020)
Traceback (most recent call last):
...
analysis.budget.TooLong: Building the table takes about 17 minutes here, longer than a page waits.
>>> check("building the table", seconds=1020) is None         # no limit here: nothing refused
True
>>> with limited(seconds=60, memory_bytes=2 << 30):
...     check("solving Yatzy for a target", seconds=30, memory_bytes=5 << 30)
Traceback (most recent call last):
...
analysis.budget.TooBig: Solving Yatzy for a target needs about 5.0 GB of memory, more than the 2.0 GB allowed here, and takes about 30 seconds.
"""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass

from analysis.errors import InvalidArgument

_here = threading.local()
#: Work with no estimate (or a wrong one) is stopped at a step once it has run this many times its limit.
OVERRUN = 15
#: Set when everything running should stop at its next step (the server is stopping).
_stopping = threading.Event()


class TooLong(InvalidArgument):
    """Work whose estimate is longer than the limit it runs under (``seconds``, ``memory_bytes``: the estimate)."""

    def __init__(self, sentence: str, seconds: float | None = None, memory_bytes: int = 0):
        super().__init__(sentence)
        self.seconds, self.memory_bytes = seconds, memory_bytes


class TooBig(TooLong):
    """Work whose estimated memory is more than the limit it runs under."""


class Stopping(Exception):
    """Raised at a step of work once :func:`stop_everything` has been called (not bad input)."""


@dataclass
class Limit:
    seconds: float | None
    memory_bytes: int | None
    began: float
    #: The refusal raised under this limit, if any (what was asked that takes too long or too much).
    refused: InvalidArgument | None = None


@contextmanager
def limited(seconds: float | None = None, memory_bytes: int | None = None):
    """Inside the block, this thread's work may take ``seconds`` and ``memory_bytes`` (None: no limit)."""
    before = getattr(_here, "limit", None)
    _here.limit = Limit(seconds, memory_bytes, time.monotonic())
    try:
        yield _here.limit
    finally:
        _here.limit = before


def current() -> Limit | None:
    return getattr(_here, "limit", None)


def duration(seconds: float) -> str:
    """A time to read: "about 3 seconds", "about 17 minutes", "about 2.5 hours".

    >>> duration(3.2), duration(100), duration(1020), duration(9000)
    ('3 seconds', '2 minutes', '17 minutes', '2.5 hours')
    """
    if seconds < 90:
        count, unit = max(1, round(seconds)), "second"
    elif seconds < 90 * 60:
        count, unit = round(seconds / 60), "minute"
    else:
        hours = seconds / 3600
        return f"{hours:.1f} hours" if hours < 10 else f"{round(hours):,} hours"
    return f"{count:,} {unit}{'' if count == 1 else 's'}"


def check(what: str, seconds: float = 0.0, memory_bytes: int = 0) -> None:
    """Before work estimated to take ``seconds`` and ``memory_bytes``: refuse it in one sentence when this
    thread runs under a :func:`limited` that it would exceed (``what``: the work, as a clause)."""
    limit = current()
    if limit is None:
        return
    what = what[:1].upper() + what[1:]
    if limit.memory_bytes is not None and memory_bytes > limit.memory_bytes:
        # The time too, where it is long: what a page offers to work out in the background says how long.
        taking = f", and takes about {duration(seconds)}" if seconds >= 1 else ""
        limit.refused = TooBig(f"{what} needs about {memory_bytes / 2**30:.1f} GB of memory, more than the "
                               f"{limit.memory_bytes / 2**30:.1f} GB allowed here{taking}.", seconds, memory_bytes)
        raise limit.refused
    if limit.seconds is not None and seconds > limit.seconds:
        limit.refused = TooLong(f"{what} takes about {duration(seconds)} here, longer than a page waits.", seconds,
                                memory_bytes)
        raise limit.refused


def step() -> None:
    """At a step of long work: stop it (:class:`TooLong`) once it has run past this thread's time limit,
    or (:class:`Stopping`) when everything is stopping."""
    if _stopping.is_set():
        raise Stopping("stopped: the process is ending")
    limit = current()
    if limit is not None and limit.seconds is not None:
        spent = time.monotonic() - limit.began
        if spent > limit.seconds * OVERRUN:
            limit.refused = TooLong(f"This question was still working after {duration(spent)}, longer than a "
                                    "page waits.")
            raise limit.refused


def stop_everything() -> None:
    """Every piece of work that reports progress stops at its next step (the process is ending)."""
    _stopping.set()


def stopping() -> bool:
    return _stopping.is_set()
