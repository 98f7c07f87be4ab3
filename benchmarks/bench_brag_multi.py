"""Brag for three and four players: the stored solve (time to a best-response gain below 0.01 chip per
deal for every player, peak memory), and ``odds brag strategy --players N`` from it in fresh processes.

There is no outside solver of multi-player Brag to run beside it; the figures stand alone, with the
solve's own best-response gains as its measure. The solve is the one the commands answer from
(``analysis.brag.multi.strategy.stored``), so running this leaves the store warm for them.

Run: ``nice -n 10 .venv/bin/python benchmarks/bench_brag_multi.py [--players 3 4] [--repeat 5] [--fresh]``;
``--fresh`` also solves each table size again from nothing (the stored solve's settings and seed, no
store), the time a user waits for on a machine without the stored solve.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import record  # noqa: E402

from analysis.brag._stored import MULTI_STORED  # noqa: E402
from analysis.brag.rules import preset  # noqa: E402
from analysis.brag.multi.solve import solve_multi  # noqa: E402
from analysis.brag.multi.strategy import stored  # noqa: E402

QUESTION = {3: ["--history", "blind,look,bet"], 4: ["--history", "blind,look,bet,fold"]}


def _question(players: int, repeat: int, stay: bool = False) -> tuple[float, float]:
    odds = str(Path(sys.executable).with_name("odds"))
    argv = [odds, "brag", "strategy", "--preset", "brag3", "--players", str(players), "--hand", "QS QD 4C",
            *QUESTION[players], "--json"]
    if stay:   # the stay question against the same solve: your pot and stake, the solved opponents
        argv = [odds, "brag", "stay", "--hand", "QS QD 4C", "--pot", "40", "--stake", "5", "--opponents",
                str(players - 1), "--json"]
    subprocess.run(argv, check=True, capture_output=True)        # warm the store and the page cache
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return min(times), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, nargs="+", default=[3, 4])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--fresh", action="store_true", help="also time a solve from nothing")
    args = parser.parse_args()
    rows, fresh = [], []
    for players in args.players:
        started = time.perf_counter()
        table = stored(preset("brag3"), players)
        wall = time.perf_counter() - started
        summary = table["summary"].tolist()
        gains = summary[2 + players:2 + 2 * players]
        best, median = _question(players, args.repeat)
        stay_best, stay_median = _question(players, args.repeat, stay=True)
        rows.append(f"| {players} | {int(summary[0]):,} | {summary[1]:.0f} | {max(gains):.4f} | "
                    f"{wall:.0f} | {best:.2f} / {median:.2f} | {stay_best:.2f} / {stay_median:.2f} |")
        print(rows[-1], flush=True)
        if args.fresh:
            started = time.perf_counter()
            again = solve_multi("brag3", players, **{k: MULTI_STORED[k] for k in ("iterations", "target", "check_every",
                                                                                  "seed")})
            fresh.append(f"| {players} | {again.iterations:,} | {time.perf_counter() - started:.0f} | "
                         f"{max(again.gains):.4f} |")
            print(fresh[-1], flush=True)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    text = "\n".join([
        "Brag for three and four players: the stored solve of `brag3` (external-sampling MCCFR to a best-response "
        "gain of at most 0.01 chip",
        "per deal for every player, or the iteration cap) and `odds brag strategy --players N` from it in a",
        "fresh process (best / median of the runs), and `odds brag stay --opponents N-1` against it. No outside",
        "multi-player Brag solver runs here to compare.",
        "",
        "| players | iterations | seconds the stored solve took | largest gain | this call's seconds (0: stored) "
        "| strategy seconds "
        "| stay seconds |",
        "|---:|---:|---:|---:|---:|---:|---:|",
        *rows,
        *(["", "The same solve from nothing in this run (the stored solve's settings and seed; seconds of the whole "
            "call, numba's compile included):", "", "| players | iterations | seconds | largest gain |",
            "|---:|---:|---:|---:|", *fresh] if fresh else []),
        "",
        f"Peak memory of this process {peak:,.0f} MB.",
    ])
    print(text)
    record("bench_brag_multi", text)


if __name__ == "__main__":
    main()
