"""The outer loop of every CFR solve: iterations in chunks, a check every so often, a stopping rule.

A solver hands over two callables: ``run(first, count)`` runs ``count`` iterations numbered
from ``first`` (a compiled kernel, in place), and ``check()`` returns the exploitability of
the average strategy now, or None where the solver cannot measure it (a sampled solver
between its exact checks). The loop checks after ``check_every`` iterations, then after
gaps that double up to ``widen_to`` (None: a fixed gap), and stops at the first check at or
below ``target`` or at the iteration cap. The numbers do not depend on how the loop slices
the iterations between checks (it cuts them into pieces of about a second, so the progress
bar and a log's progress line move while a kernel holds the interpreter).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Optional

from analysis.progress import Progress


@dataclass(frozen=True)
class Iterated:
    """What the loop did: the iterations run, the time they took, and the checks' history."""

    iterations: int
    seconds: float                  # wall-clock seconds
    cpu_seconds: float              # processor seconds (all threads)
    exploitability: Optional[float]  # at the last check that measured it (None: none did)
    history: tuple                  # (iterations, exploitability) at each check that measured it


def iterate(run: Callable[[int, int], None], check: Callable[[], Optional[float]], *, iterations: int,
            target: float, check_every: int, widen_to: Optional[int] = None, label: str = "solving",
            progress: bool = True, stop_at_target: bool = True) -> Iterated:
    """Run up to ``iterations`` iterations, checking the exploitability as the module says."""
    started, started_cpu = time.perf_counter(), time.process_time()
    history = []
    done, gap, piece = 0, check_every, 8
    exploitability = None
    with Progress(label, total=iterations, stream="stderr" if progress else None) as bar:
        while done < iterations:
            end = done + min(gap, iterations - done)
            while done < end:
                size = min(piece, end - done)
                began = time.perf_counter()
                run(done + 1, size)
                done += size
                bar.advance(size)
                took = time.perf_counter() - began
                piece = piece * 2 if took < 0.5 else max(1, piece // 2) if took > 2.0 else piece
            measured = check()
            if measured is not None:
                exploitability = measured
                history.append((done, measured))
                # The solve usually stops at the target long before the cap: say how close it is.
                bar.label = f"{label} (exploitability {measured:.1e}, stopping at {target:g})"
                if stop_at_target and measured <= target:
                    break
            if widen_to is not None:
                gap = min(gap * 2, widen_to)
    return Iterated(done, time.perf_counter() - started, time.process_time() - started_cpu, exploitability,
                    tuple(history))
