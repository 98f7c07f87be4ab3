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


def record(script: str, markdown: str) -> None:
    """Replace (or append) the section between ``<!-- bench:SCRIPT -->`` and ``<!-- /bench:SCRIPT -->`` in
    docs/benchmarks.md with ``markdown``, creating the file with a one-line title if missing."""
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    start, end = f"<!-- bench:{script} -->", f"<!-- /bench:{script} -->"
    section = f"{start}\n{markdown.strip()}\n{end}"
    if start in text and end in text:
        before, rest = text.split(start, 1)
        text = before + section + rest.split(end, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    path.write_text(text, encoding="utf-8")
