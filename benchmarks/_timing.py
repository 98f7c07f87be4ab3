"""The timing helpers the benchmarks share: the best of a few runs, and the page that records them.

A benchmark script runs as ``python benchmarks/bench_x.py``, so this folder is on the path:
``from _timing import best_of, record``.

Every script ends by calling ``record(script, markdown)`` with its results table: the
figures land in ``docs/benchmarks.md``, one section per script between
``<!-- bench:SCRIPT -->`` and ``<!-- /bench:SCRIPT -->``, with the command that produced
them, the machine (cores, processor, load average) and the date. The page is written by
the scripts alone, so no figure there is older than its section's date.
"""

from __future__ import annotations

import datetime
import os
import platform
import re
import sys
import time
from pathlib import Path

PAGE = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"
TITLE = ("# Benchmarks\n\nWritten by the scripts in `benchmarks/` themselves (each replaces its own section): "
         "the figure, the strongest fair peer that runs here, the ratio, the machine and the date.\n")

#: The load when the script started (this module is imported first thing): a shared machine's
#: other work slows every figure, so the section says how busy it was at both ends.
LOAD_AT_START = os.getloadavg()[0] if hasattr(os, "getloadavg") else None


def best_of(function, repeat: int = 1):
    """(fastest wall-clock seconds over ``repeat`` calls of ``function()``, the last call's result)."""
    best, result = float("inf"), None
    for _ in range(repeat):
        started = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - started)
    return best, result


def markdown_table(header: list[str], rows: list[list]) -> str:
    """A Markdown table: ``header`` then one line per row, every cell as ``str`` gives it."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def processor() -> str:
    """The processor's model name (Linux's /proc/cpuinfo), else what the platform module says."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> str:
    """One line: cores, processor, Python, and the load average when the script started and now."""
    line = f"{os.cpu_count()} cores, {processor()}, Python {platform.python_version()}"
    if LOAD_AT_START is not None:
        line += f"; load average {LOAD_AT_START:.1f} at the start, {os.getloadavg()[0]:.1f} at the end"
    return line


def record(script: str, markdown: str) -> None:
    """Write ``markdown`` (the script's results) as the section ``script`` of docs/benchmarks.md.

    Replaces the text between ``<!-- bench:SCRIPT -->`` and ``<!-- /bench:SCRIPT -->`` or, when
    the page has no such section, appends one; the page is created with its title if missing.
    The section carries the command as run, the machine and today's date.
    """
    # The script that ran (one script may record several sections), with its arguments.
    command = " ".join(["python", f"benchmarks/{Path(sys.argv[0]).name}", *sys.argv[1:]])
    # A section that names itself (its first line a "## " heading) keeps its name; others are named
    # after their script. Either way the section has one heading, however often it is recorded.
    body = markdown.strip()
    first, _, rest = body.partition("\n")
    title, body = (first[3:].strip(), rest.strip()) if first.startswith("## ") else (script, body)
    # A named section also answers to its script's name, so links read benchmarks.md#SCRIPT either way.
    anchor = "" if title == script else f'<a id="{script}"></a>\n'
    section = (f"<!-- bench:{script} -->\n{anchor}## {title}\n\n{body}\n\n"
               f"Run `{command}` on {datetime.date.today().isoformat()}; {machine()}.\n"
               f"<!-- /bench:{script} -->")
    text = PAGE.read_text(encoding="utf-8") if PAGE.exists() else TITLE
    pattern = re.compile(rf"<!-- bench:{re.escape(script)} -->.*?<!-- /bench:{re.escape(script)} -->", re.S)
    if pattern.search(text):
        text = pattern.sub(lambda _: section, text, count=1)
    else:
        text = text.rstrip("\n") + "\n\n" + section
    PAGE.parent.mkdir(parents=True, exist_ok=True)
    PAGE.write_text(text.rstrip("\n") + "\n", encoding="utf-8")
    print(f"recorded in {PAGE}, section {script}")
