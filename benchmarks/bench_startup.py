"""Start-up latency: typical table questions, each in a fresh process, from a warm store.

Each command is run once to warm the table store and numba's on-disk cache (its
time is printed as "first run": on a fresh install that run compiles the kernels
or builds tables), then ``--repeat`` more times; the best and median of those are
what a user waits for at the table. Target: a median under 0.5 s. Two floors are
timed the same way for scale: Python starting and stopping with no work, and Python
importing numpy (which every answer imports: each rule has one implementation, in
numpy or in numba's subset run as Python for one question). Every process runs with
Python's bytecode cache on (``PYTHONDONTWRITEBYTECODE`` unset), as an installed package
has it: without it each run compiles the package's modules from source again. The figures
go to docs/benchmarks.md (section ``bench_startup``).

    python benchmarks/bench_startup.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _timing import markdown_table, record

COMMANDS = {
    "bluff call": ["bluff", "call", "--dice", "3 3 * 5 1", "--opponents", "5", "5", "--bid", "4x3"],
    "bluff call history": ["bluff", "call", "--preset", "bluff", "--dice", "3 3 * 5 1", "--opponents", "6", "7",
                           "--bid", "7x3", "--history", "1:4x3 2:5x3 me:6x3 1:6x5 2:7x3"],
    # Four players with 7 dice each: 28 dice in play, exact beliefs after seven bids.
    "bluff call 28 dice": ["bluff", "call", "--preset", "bluff", "--dice", "3 3 * 5 1 2 4", "--opponents", "7", "7",
                           "7", "--bid", "10x3", "--history", "1:5x3 2:6x3 3:7x3 me:8x3 1:8x5 2:9x3 3:10x3"],
    # The solved heads-up strategy (a stored 5v5 solve): every action's exact value, and the best openings.
    "bluff play": ["bluff", "play", "--preset", "liars_dice", "--wild", "1", "--rule", "exact_call=none", "--dice",
                   "3 3 1 6 2", "--opponents", "5", "--history", "1:3x3"],
    # After a jump the strategy never makes (read by the off-path model, the answer naming it).
    "bluff play off path": ["bluff", "play", "--preset", "perudo", "--dice", "1 4 4 6 2", "--opponents", "5",
                            "--history", "1:2x4 me:3x4 1:6x5"],
    "bluff open": ["bluff", "open", "--preset", "perudo", "--dice", "1 4 4 6 2", "--opponents", "5"],
    "brag equity": ["brag", "equity", "KS KH 7D"],
    "brag strategy": ["brag", "strategy", "--preset", "brag3", "--hand", "QS QD 4C", "--history", "blind,look,bet"],
    "yacht advise": ["yacht", "advise", "--preset", "yacht_kr", "--dice", "6 6 6 2 1", "--rolls-left", "2",
                     "--open", "all"],
    "backgammon moves": ["backgammon", "moves", "--id", "4HPwATDgc/ABMA", "--roll", "31"],
    "backgammon hint": ["backgammon", "hint", "--id", "4HPwATDgc/ABMA", "--roll", "31"],
    "backgammon eval": ["backgammon", "eval", "--id", "4HPwATDgc/ABMA"],
}
TARGET_S = 0.5
#: Each process's environment: this one's, with the bytecode cache on (see the module's text).
ENVIRONMENT = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
#: What every answer pays before its own work, timed the same way.
FLOORS = {"python, no work": [sys.executable, "-c", "pass"],
          "python + numpy": [sys.executable, "-c", "import numpy"]}


def odds_command() -> list[str]:
    """The installed ``odds`` script beside this Python, else the module (the same code path)."""
    script = Path(sys.executable).with_name("odds")
    if script.exists():
        return [str(script)]
    found = shutil.which("odds")
    return [found] if found else [sys.executable, "-m", "analysis.cli.main"]


def run_once(argv: list[str], command: list[str] | None = None) -> float:
    began = time.perf_counter()
    done = subprocess.run(command or odds_command() + argv, capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[1], env=ENVIRONMENT)
    seconds = time.perf_counter() - began
    if done.returncode != 0:
        raise SystemExit(f"odds {' '.join(argv)} failed ({done.returncode}): {done.stderr.strip()[-400:]}")
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per command after the first (default 5)")
    args = parser.parse_args()
    if not 1 <= args.repeat <= 100:
        parser.error("--repeat takes 1-100")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.1f} (the best of the runs is the steadier figure on a busy machine)")
    print(f"{'command':<18} {'first run':>10} {'best':>8} {'median':>8}  over numpy  under target")
    rows, floor = [], {}
    for name, command in FLOORS.items():
        times = [run_once([], command) for _ in range(args.repeat)]
        floor[name] = statistics.median(times)
        print(f"{name:<18} {'':>10} {min(times):7.3f}s {floor[name]:7.3f}s  (floor)")
        rows.append([f"`python {' '.join(command[1:])}` (floor)", "", f"{min(times):.3f} s", f"{floor[name]:.3f} s",
                     "", ""])
    for name, argv in COMMANDS.items():
        first = run_once(argv)
        times = [run_once(argv) for _ in range(args.repeat)]
        best, median = min(times), statistics.median(times)
        ratio = median / floor["python + numpy"]
        under = "yes" if median < TARGET_S else "no"
        print(f"{name:<18} {first:9.2f}s {best:7.3f}s {median:7.3f}s  {ratio:4.1f}x numpy  {under}")
        rows.append([f"`odds {shlex.join(argv)}`", f"{first:.2f} s", f"{best:.3f} s", f"{median:.3f} s",
                     f"{ratio:.1f}x", under])
    record("bench_startup", f"A table question in a fresh process from a warm store (bytecode cache on, as in an "
           f"installed package), best and median of {args.repeat} runs after a first one; target: median under "
           f"{TARGET_S} s. The floors are timed the same way: Python doing nothing, and Python importing numpy.\n\n"
           + markdown_table(["command", "first run", "best", "median", "median over numpy's",
                             f"median under {TARGET_S} s"], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
