"""Print the exploitability of every dice-bidding round solve the advisor reads, as a Markdown table.

For each dice pair of 1-5 a player beyond three dice in play (a row) and each game the scripts build
(``SCRIPT_GAMES``, a column), the solve that
``stored_plan`` reads (the package's, else the user's store), with its method (full width or sampled), the bids
remembered, and its exploitability in dice a round (exact, or a local best response with its 95% interval).
docs/bluff_strategy.md quotes this table.

Run: ``.venv/bin/python scripts/bluff_solve_table.py``
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from analysis.bluff.play.strategy_bot import SCRIPT_GAMES  # noqa: E402
from analysis.bluff.sampled.plan import stored_plan  # noqa: E402

TITLES = {"liars_dice": "Liar's Dice, ones wild, no spot on", "liars_dice_no_wild": "Liar's Dice (spot on)",
          "perudo": "Perudo", "bluff": "Bluff"}


def cell(solution) -> str:
    if solution is None:
        return "not built"
    e = solution.exploitability
    how = "full width" if solution.full_width else "sampled"
    value = f"{max(e.value, 0.0):.3f}" if e.exact else f"{e.value:.3f} +- {e.half_width:.3f}"
    return f"{value} ({how})"


def main() -> int:
    games = {name: make() for name, make in SCRIPT_GAMES.items()}
    print("| dice | " + " | ".join(TITLES[name] for name in games) + " |")
    print("|---" * (len(games) + 1) + "|")
    for a in range(1, 6):
        for b in range(1, 6):
            if a + b > 3:
                cells = [cell(stored_plan(rules, (a, b))) for rules in games.values()]
                print(f"| {a}v{b} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
