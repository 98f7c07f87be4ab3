"""``odds GAME chart KIND``: time to a written chart in a fresh process, numbers already in the store.

What the user waits for: starting Python, importing matplotlib (Agg), pandas and the game,
reading the table from the store, drawing and writing the file. Each chart is drawn once to
fill the store (not timed), then drawn ``--runs`` times, each in a new process; the median
and best wall-clock times are printed beside two floors measured the same way:

- ``python -c "import matplotlib.pyplot"`` with the Agg backend: the import alone;
- a bare matplotlib script that draws and saves one line chart of the same size: what the
  most direct peer (a hand-written plotting script, no odds at all) costs to start and write.

Target: every chart under 1 s. Run: ``python benchmarks/bench_charts.py [--runs 5]``
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHARTS = {
    "bluff bids (PNG)": ["bluff", "chart", "bids", "--preset", "bluff", "--dice", "3 3 * 5 1", "--unknown", "13",
                         "--out", "{dir}/bids.png", "--data", "{dir}/bids.csv"],
    "bluff heatmap (SVG)": ["bluff", "chart", "heatmap", "--preset", "perudo", "--out", "{dir}/perudo.svg"],
    "yacht boxes (PDF)": ["yacht", "chart", "boxes", "--preset", "yacht_kr", "--out", "{dir}/boxes.pdf"],
    "yacht distribution (PNG)": ["yacht", "chart", "distribution", "--preset", "yacht_kr",
                                 "--out", "{dir}/distribution.png"],
    "brag freq (PNG)": ["brag", "chart", "freq", "--preset", "teen_patti", "--out", "{dir}/freq.png"],
    "backgammon bearoff (SVG)": ["backgammon", "chart", "bearoff", "3 3 3 2 2 2", "--out", "{dir}/bearoff.svg"],
    "backgammon entry (PNG)": ["backgammon", "chart", "entry", "--out", "{dir}/entry.png"],
}

IMPORT_ONLY = "import matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot"
BARE_SCRIPT = ("import matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot as plt; "
               "fig, ax = plt.subplots(figsize=(6, 4)); ax.plot(range(12), [i * i for i in range(12)]); "
               "ax.set_title('t'); fig.savefig(r'{dir}/bare.png', dpi=150)")


def wall(argv: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"failed: {' '.join(argv)}\n{done.stderr}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per chart (default 5)")
    args = parser.parse_args()
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as folder:
        odds = [sys.executable, "-m", "analysis.cli.main"]
        rows = []
        floors = {"import matplotlib.pyplot (floor)": [sys.executable, "-c", IMPORT_ONLY],
                  "bare matplotlib script, one chart (peer)": [sys.executable, "-c",
                                                               BARE_SCRIPT.format(dir=folder)]}
        for name, argv in floors.items():
            times = [wall(argv) for _ in range(args.runs)]
            rows.append((name, statistics.median(times), min(times)))
        for name, template in CHARTS.items():
            argv = odds + [word.format(dir=folder) for word in template]
            wall(argv)                      # fills the store (and numba's cache) if this is the first run
            times = [wall(argv) for _ in range(args.runs)]
            rows.append((name, statistics.median(times), min(times)))
    peer = rows[1][1]
    print(f"fresh-process wall clock, {args.runs} runs each, numbers already in the store ({root})")
    print(f"{'chart':<42}{'median':>9}{'best':>9}{'vs peer':>9}")
    for name, median, best in rows:
        print(f"{name:<42}{median:>8.2f}s{best:>8.2f}s{median / peer:>8.1f}x")
    slow = [name for name, median, _ in rows[2:] if median >= 1.0]
    print("target (< 1 s each):", "met" if not slow else "missed by " + ", ".join(slow))


if __name__ == "__main__":
    main()
