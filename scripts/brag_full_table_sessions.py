"""What the solves of five to eight players add at the table: the ``strategy`` bot in seat 1 against a field
of bots, playing the stored solve, against the same bot playing its simple rule (the fixed rule the
solve replaced), each a seeded session of the same deals count and seed.

Each cell: seat 1's chips per deal with the solve and with the rule, and the gain, with 95% intervals
from batch means of ``session.BATCH_DEALS`` deals (the gain's from the batch-by-batch differences of the
two sessions, paired by batch). The dealer moves round the table every deal, so seat 1 plays every
position. docs/brag.md quotes the table this prints.

Run: ``nice -n 10 .venv/bin/python scripts/brag_full_table_sessions.py [--players 5 6 7 8] [--deals 100000]
[--seed 1] [--field threshold]``
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from analysis.brag.table.session import session  # noqa: E402


def interval(values: np.ndarray) -> tuple[float, float]:
    """The mean of batch means and the half-width of its 95% interval."""
    return float(values.mean()), float(1.96 * values.std(ddof=1) / np.sqrt(values.size))


def cell(players: int, deals: int, seed: int, field: list[str]) -> dict:
    bots = ["strategy"] + [field[i % len(field)] for i in range(players - 1)]
    started = time.process_time()
    solved = session("brag3", players, bots, deals=deals, seed=seed)
    rule = session("brag3", players, bots, deals=deals, seed=seed, solved=False)
    with_solve, with_rule = solved.batch_means[:, 0], rule.batch_means[:, 0]
    return {"players": players, "deals": deals, "bots": bots, "solved": interval(with_solve),
            "rule": interval(with_rule), "gain": interval(with_solve - with_rule),
            "cpu_seconds": time.process_time() - started}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[5, 6, 7, 8])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--field", default="threshold", help="the other seats' bots, comma separated, in turn")
    args = parser.parse_args()
    field = args.field.split(",")
    print(f"Seat 1 `strategy` against {', '.join(field)} (`brag3`, seed {args.seed}, {args.deals:,} deals a "
          "session), chips per deal, 95% intervals:\n")
    print("| players | with the solve | with the fixed rule | gain from the solve | CPU seconds |")
    print("|---:|---:|---:|---:|---:|")
    for players in args.players:
        row = cell(players, args.deals, args.seed, field)
        words = [f"{m:+.3f} ± {h:.3f}" for m, h in (row["solved"], row["rule"], row["gain"])]
        print(f"| {players} | {' | '.join(words)} | {row['cpu_seconds']:.0f} |", flush=True)


if __name__ == "__main__":
    main()
