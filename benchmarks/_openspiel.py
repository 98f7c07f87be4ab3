"""What the benchmarks against OpenSpiel share: importing it (or one sentence saying how to install it),
the line naming both sides' versions and the machine, an iteration rate, and each side's peak memory
measured in a process of its own.

A benchmark script runs as ``python benchmarks/bench_x.py``, so this folder is on the path:
``from _openspiel import openspiel, rate``.
"""

from __future__ import annotations

import json
import platform
import resource
import subprocess
import sys
import time
from importlib.metadata import version

import numpy as np

from _timing import processor


def openspiel():
    """The ``pyspiel`` module, or the script ends with one sentence saying how to install it."""
    try:
        import pyspiel
    except ImportError:
        sys.exit("OpenSpiel is not installed: pip install open_spiel (or bash scripts/setup.sh bench)")
    return pyspiel


def versions(their_game) -> str:
    """One line: OpenSpiel's version and game, numpy's, the processor and Python."""
    return (f"OpenSpiel {version('open_spiel')} ({their_game}), numpy {np.__version__}, {processor()}, "
            f"Python {platform.python_version()}")


def rate(step, seconds: float) -> float:
    """Iterations per second of ``step()`` (one iteration each), over about ``seconds``."""
    done, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        step()
        done += 1
    return done / (time.perf_counter() - started)


def peak_mb() -> float:
    """This process's peak resident memory so far, in MB (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def report(rows: list) -> None:
    """A side's last line when run apart (``apart``): its rows and its process's peak memory, as JSON."""
    print(json.dumps({"rows": rows, "peak_mb": peak_mb()}), flush=True)


def apart(side: str, *arguments: str) -> tuple[list, float]:
    """Run this script again for one ``side`` only (``--side SIDE``) in a fresh process, so its peak memory is its
    own: (its rows, its peak MB). The side's progress lines pass through as it prints them."""
    child = subprocess.run([sys.executable, sys.argv[0], "--side", side, *arguments], stdout=subprocess.PIPE,
                           text=True, check=True)
    lines = child.stdout.strip().splitlines()
    print("\n".join(lines[:-1]), flush=True)
    result = json.loads(lines[-1])
    return result["rows"], result["peak_mb"]
