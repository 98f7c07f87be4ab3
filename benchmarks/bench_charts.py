"""``odds GAME chart KIND``: time to a written chart in a fresh process, numbers already in the store.

What the user waits for: starting Python, importing matplotlib (Agg), pandas and the game,
reading the table from the store, drawing and writing the file. Each chart is drawn once to
fill the store (not timed), then drawn ``--runs`` times, each in a new process; the median
and best wall-clock times (and the least CPU time, steadier on a busy machine) are printed
beside two floors measured the same way:

- Python, numpy and ``matplotlib.figure`` with the Agg canvas, as the chart command imports
  them: what every chart pays before its own numbers;
- a bare matplotlib script that draws and saves one line chart of the same size: what the
  most direct peer (a hand-written plotting script, no odds at all) costs to start and write.

Target: every chart under 1 s. Run: ``python benchmarks/bench_charts.py [--runs 5] [--only backgammon]``
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _timing import markdown_table, record

CHARTS = {
    "bluff bids (PNG)": ["bluff", "chart", "bids", "--preset", "bluff", "--dice", "3 3 * 5 1", "--unknown", "13",
                         "--out", "{dir}/bids.png", "--data", "{dir}/bids.csv"],
    "bluff heatmap (SVG)": ["bluff", "chart", "heatmap", "--preset", "perudo", "--out", "{dir}/perudo.svg"],
    "bluff cost (PNG)": ["bluff", "chart", "cost", "--preset", "perudo", "--dice", "1 4 4 6 2", "--opponents", "5",
                         "4", "--face", "4", "--out", "{dir}/cost.png"],
    "yacht boxes (PDF)": ["yacht", "chart", "boxes", "--preset", "yacht_kr", "--out", "{dir}/boxes.pdf"],
    "yacht distribution (PNG)": ["yacht", "chart", "distribution", "--preset", "yacht_kr",
                                 "--out", "{dir}/distribution.png"],
    "yacht keeps (PNG)": ["yacht", "chart", "keeps", "--preset", "yacht_kr", "--dice", "6 6 6 2 1",
                          "--out", "{dir}/keeps.png"],
    "yacht reach (PNG)": ["yacht", "chart", "reach", "--preset", "yacht_kr", "--out", "{dir}/reach.png"],
    "brag freq (PNG)": ["brag", "chart", "freq", "--preset", "teen_patti", "--out", "{dir}/freq.png"],
    "brag equity, heads-up (PNG)": ["brag", "chart", "equity", "--preset", "teen_patti", "--out", "{dir}/eq.png"],
    "brag threshold (PNG)": ["brag", "chart", "threshold", "--preset", "brag3", "--out", "{dir}/threshold.png"],
    "backgammon bearoff (SVG)": ["backgammon", "chart", "bearoff", "3 3 3 2 2 2", "--out", "{dir}/bearoff.svg"],
    "backgammon shots (PNG)": ["backgammon", "chart", "shots", "--blocks", "4,6", "--out", "{dir}/shots.png"],
    "backgammon entry (PNG)": ["backgammon", "chart", "entry", "--out", "{dir}/entry.png"],
    "backgammon race (PDF)": ["backgammon", "chart", "race", "--out", "{dir}/race.pdf"],
}

#: What every chart pays before its own work: Python, numpy and matplotlib's figure with the
#: Agg canvas, imported as the chart command imports them (no pyplot, no 3-D axes, no
#: property tables in docstrings).
IMPORT_ONLY = ("import matplotlib; matplotlib.use('Agg'); from analysis.cli.chart import _import_matplotlib_lean; "
               "_import_matplotlib_lean(); import matplotlib.backends.backend_agg")
BARE_SCRIPT = ("import matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot as plt; "
               "fig, ax = plt.subplots(figsize=(6, 4)); ax.plot(range(12), [i * i for i in range(12)]); "
               "ax.set_title('t'); fig.savefig(r'{dir}/bare.png', dpi=150)")


def wall(argv: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU (user + system) seconds of one fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"failed: {' '.join(argv)}\n{done.stderr}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per chart (default 5)")
    parser.add_argument("--only", default="", help="time only the charts whose name contains this text")
    args = parser.parse_args()
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as folder:
        odds = [sys.executable, "-m", "analysis.cli.main"]
        rows = []
        floors = {"import matplotlib.figure + Agg (floor)": [sys.executable, "-c", IMPORT_ONLY],
                  "bare pyplot script, one chart (peer)": [sys.executable, "-c", BARE_SCRIPT.format(dir=folder)]}
        charts = {name: argv for name, argv in CHARTS.items() if args.only in name}
        for name, argv in list(floors.items()) + [(name, odds + [w.format(dir=folder) for w in template])
                                                  for name, template in charts.items()]:
            wall(argv)                      # fills the store (and numba's cache) if this is the first run
            times = [wall(argv) for _ in range(args.runs)]
            walls = [seconds for seconds, _ in times]
            rows.append((name, statistics.median(walls), min(walls), min(cpu for _, cpu in times)))
    peer = rows[1][1]
    print(f"fresh-process wall clock, {args.runs} runs each, numbers already in the store ({root}, "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f})")
    print(f"{'chart':<42}{'median':>9}{'best':>9}{'CPU':>8}{'vs peer':>9}")
    for name, median, best, cpu in rows:
        print(f"{name:<42}{median:>8.2f}s{best:>8.2f}s{cpu:>7.2f}s{median / peer:>8.1f}x")
    slow = [name for name, median, _, _ in rows[2:] if median >= 1.0]
    print("target (< 1 s each):", "met" if not slow else "missed by " + ", ".join(slow))
    record("bench_charts", f"`odds GAME chart KIND`: wall-clock seconds to a written chart in a fresh process, "
           f"numbers already in the store, median and best of {args.runs} runs (and the least processor time), beside "
           f"the floor every chart pays (Python, numpy and matplotlib's figure with the Agg canvas) and the peer, "
           f"a bare "
           f"pyplot script that saves one line chart. Target: every chart under 1 s "
           f"({'met' if not slow else 'missed by ' + ', '.join(slow)}).\n\n"
           + markdown_table(["chart", "median", "best", "CPU", "median vs peer"],
                            [[name, f"{median:.2f} s", f"{best:.2f} s", f"{cpu:.2f} s", f"{median / peer:.2f}x"]
                             for name, median, best, cpu in rows]))


if __name__ == "__main__":
    main()
