"""Solve a large Yacht preset's target table from the opening and record P(final >= T) for the article.

Presets whose whole target table is kept in the store (``yacht_kr``, ``clubhouse``) answer this
in seconds and need no file. Yatzy's and Yahtzee's tables are solved per position (see
docs/yacht.md), about half an hour from the opening here, so the article reads the opening's
curve from ``reports/data/yacht_reach_<preset>.json``, written by:

    .venv/bin/python scripts/yacht_reach.py --preset yatzy

The file holds the command, the seconds it took, and for every target T from 0 to one more than
the largest score the chance of reaching it when played for T and when played for the largest
expected score (the exact final-score distribution of the optimal strategy).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "reports" / "data"


def main(argv=None) -> int:
    sys.path.insert(0, str(ROOT))
    from analysis.yacht.solver import solve
    from analysis.yacht.target import goal_size, reach_curve

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", required=True)
    args = parser.parse_args(argv)
    solution = solve(args.preset)
    started = time.perf_counter()
    curve = reach_curve(args.preset)
    seconds = time.perf_counter() - started
    expected = np.concatenate([np.cumsum(solution.distribution[::-1])[::-1], [0.0]])
    expected = np.pad(expected, (0, max(0, curve.chance.size - expected.size)))[:curve.chance.size]
    size = goal_size(args.preset)
    record = {"command": f"python scripts/yacht_reach.py --preset {args.preset}", "preset": args.preset,
              "seconds": round(seconds, 1), "card_states": size.states, "estimated_seconds": round(size.seconds, 1),
              "target_play": curve.chance.tolist(), "expected_score_play": np.clip(expected, 0, 1).tolist()}
    DATA.mkdir(parents=True, exist_ok=True)
    out = DATA / f"yacht_reach_{args.preset}.json"
    out.write_text(json.dumps(record) + "\n")
    print(f"wrote {out.relative_to(ROOT)}: {size.states:,} card states solved in {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
