"""Brag sessions: deals per second at a table of five bots, compiled and as plain Python.

The peer is the same rules run as plain Python (the deal's transitions are one source,
run either way), the only other implementation of the whole deal that runs here. Times
the whole ``session()`` call a user waits for, with numba's compile (or cache load) timed
apart on a first short session. Writes its section of docs/benchmarks.md.

Run: ``python benchmarks/bench_brag_session.py [--deals 100000] [--plain-deals 2000]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import best_of, record  # noqa: E402

from analysis.brag.table import _session_kernels as S  # noqa: E402
from analysis.brag.table.deal import rule_vector  # noqa: E402
from analysis.brag.rules import preset  # noqa: E402
from analysis.brag.table.session import _NO_SOLVE, bot_row, session, solved_tables  # noqa: E402

BOTS = ["strategy", "threshold", "blind", "never-bluff", "strategy"]


def _plain(deals: int) -> float:
    rules = preset("brag3")
    n = len(BOTS)
    bp = np.array([bot_row(rules, b, n) for b in BOTS])
    started = time.perf_counter()
    S.play_session(rule_vector(rules), bp, n, deals, 1, 200.0, np.zeros((deals, n)),
                   np.zeros(S.C_SIZE, np.int64), np.zeros((3, n)), np.zeros((deals, S.O_SIZE), np.int64),
                   solved_tables(rules, n) or _NO_SOLVE)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--plain-deals", type=int, default=2_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    started = time.perf_counter()
    session("brag3", players=5, bots=BOTS, deals=10, seed=1)
    first = time.perf_counter() - started
    seconds, result = best_of(lambda: session("brag3", players=5, bots=BOTS, deals=args.deals, seed=1),
                              args.repeat)
    plain = _plain(args.plain_deals)
    rate, plain_rate = args.deals / seconds, args.plain_deals / plain
    text = f"""Brag sessions: five bots ({", ".join(BOTS)}), `brag3`, bankroll 200, seed 1: the whole `session()` call.

| | deals | seconds | deals per second |
|---|---:|---:|---:|
| compiled (best of {args.repeat}) | {args.deals:,} | {seconds:.2f} | {rate:,.0f} |
| the same rules as plain Python | {args.plain_deals:,} | {plain:.2f} | {plain_rate:,.0f} |

Ratio {rate / plain_rate:,.0f}x; numba's compile or cache load on the first short session
{first:.1f} s. Target: 10,000 deals per second or more."""
    print(text)
    record("bench_brag_session", text)


if __name__ == "__main__":
    main()
