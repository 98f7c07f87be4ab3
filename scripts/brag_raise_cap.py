"""Heads-up Brag: the game's value as the cap on bets and the raise limit grow, to show where a cap
stops mattering (the rules have no cap; the heads-up solve needs one).

Writes ``reports/data/brag_raise_cap.json``: for each structure, the first player's value (chips per
ante), the exploitability reached, the iterations and seconds. Two sweeps of ``brag3``:
the cap on bets (``bets`` 2 to 12, stakes 1, 2, one raise) and the raise limit (``raises`` 0 to 3,
stakes 1, 2, 4, 8, at most 8 bets). Each solve runs discounted CFR to 0.001 ante (or 2,000
iterations) with the toolkit's solver; the file is rewritten after every solve and solves already
in it are kept, so an interrupted run resumes.

Run: ``nice -n 10 .venv/bin/python scripts/brag_raise_cap.py`` (minutes; a line per solve on stderr).
"""

from __future__ import annotations

import json
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from analysis.brag.rules import preset  # noqa: E402
from analysis.brag.headsup.solve import solve  # noqa: E402

PATH = os.path.join(ROOT, "reports", "data", "brag_raise_cap.json")
TARGET, ITERATIONS = 1e-3, 2000
SWEEPS = {
    "bets": [dict(stakes=(1.0, 2.0), raises=1, bets=b) for b in (2, 4, 6, 8, 10, 12)],
    "raises": [dict(stakes=(1.0, 2.0, 4.0, 8.0), raises=r, bets=8) for r in (0, 1, 2, 3)],
}


def _key(fields: dict) -> str:
    return json.dumps({k: list(v) if isinstance(v, tuple) else v for k, v in sorted(fields.items())})


def main() -> None:
    data = json.load(open(PATH)) if os.path.exists(PATH) else {"rules": "brag3", "target": TARGET,
                                                                 "iterations": ITERATIONS, "solves": {}}
    for sweep, structures in SWEEPS.items():
        for fields in structures:
            key = _key(fields)
            if key in data["solves"]:
                continue
            started = time.perf_counter()
            solution = solve(preset("brag3", **fields), target=TARGET, iterations=ITERATIONS, progress=False)
            data["solves"][key] = {"sweep": sweep, **{k: list(v) if isinstance(v, tuple) else v
                                                      for k, v in fields.items()},
                                   "value": solution.value, "exploitability": solution.exploitability,
                                   "iterations": solution.iterations, "seconds": time.perf_counter() - started}
            print(f"{sweep} {fields}: value {solution.value:+.4f}, exploitability {solution.exploitability:.5f}, "
                  f"{solution.iterations} iterations", file=sys.stderr, flush=True)
            with open(PATH, "w") as out:
                json.dump(data, out, indent=1)


if __name__ == "__main__":
    main()
