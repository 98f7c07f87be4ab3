"""Brag sessions at five to eight players: what the stored solve adds to the ``strategy`` bot over its fixed
rule (``analysis.brag.table.session.solve_gain``), against two fields of bots, and the CPU each cell took.

Each cell plays seat 1's ``strategy`` bot twice over the same seeded deals, once from the stored solve of that
table size and once from its simple rule alone; the others are the field's bots in turn. Chips per deal with
95% intervals from batch means of 500 deals (the gain's from the batch-by-batch differences). The dealer
moves round the table every deal, so seat 1 plays every position. Writes its section of docs/benchmarks.md;
docs/brag.md quotes it.

Run: ``nice -n 10 .venv/bin/python benchmarks/bench_brag_full_table.py [--players 5 6 7 8] [--deals 1000000]
[--seed 1]``
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import record  # noqa: E402

from analysis.brag.table.session import solve_gain  # noqa: E402

FIELDS = (("threshold",), ("threshold", "blind", "never-bluff", "fresh-deck"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, nargs="+", default=[5, 6, 7, 8])
    parser.add_argument("--deals", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sections = []
    for field in FIELDS:
        rows = []
        for players in args.players:
            started = time.process_time()
            cell = solve_gain("brag3", players, field, args.deals, args.seed)
            words = [f"{m:+.3f} ± {h:.3f}" for m, h in (cell["solved"], cell["rule"], cell["gain"])]
            rows.append(f"| {players} | {' | '.join(words)} | {time.process_time() - started:.0f} |")
            print(rows[-1], flush=True)
        sections += [f"Seat 1 against {', '.join(field)} in turn:", "",
                     "| players | with the solve | with the fixed rule | gain from the solve | CPU seconds |",
                     "|---:|---:|---:|---:|---:|", *rows, ""]
    text = "\n".join([
        f"Brag at five to eight players (`brag3`, seed {args.seed}, {args.deals:,} deals a session): seat 1's "
        "`strategy` bot playing the stored solve against the same bot playing its fixed rule, chips per deal, "
        "95% intervals.", "", *sections])
    print(text)
    record("bench_brag_full_table", text)


if __name__ == "__main__":
    main()
