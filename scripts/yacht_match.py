"""Run the Yacht article's matches (one win-seeking player against expected-score players) and record them.

Run from the repository root, one process per number of players (hours on two cores for tens
of thousands of games; the sizes are arguments):

    .venv/bin/python scripts/yacht_match.py --players 2 --games 60000 [--seed 1] [--exact-from 4]

Writes ``reports/data/yacht_match_<players>p.json``, which the Yacht article reads: the exact
command that reproduces the run, the win-seeking player's outcomes as counts
(outright wins, ties at the top by how many share it, losses), each strategy's share of the
win with its 95% interval, mean final scores, each box's zero rate behind and ahead, how often
the win-seeking play differed from the expected-score play, and the first games' final scores
(a test replays them). The games are played in parts of ``--part`` games and the file is
rewritten after each part (the games so far: the same as one run of that many), so a run stopped
early keeps what it has and says how many games it holds.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "reports" / "data"
#: Games whose final scores are kept in the file so that a test can replay them with the same seed.
REPLAYED = 40


def outcome_counts(finals: np.ndarray) -> dict[str, int]:
    """Player 0's games: won outright, tied at the top with k players in all (``tie_k``), lost."""
    top = finals.max(axis=1)
    at_top = (finals == top[:, None]).sum(axis=1)
    mine = finals[:, 0] == top
    counts = {"won": int((mine & (at_top == 1)).sum())}
    for k in range(2, finals.shape[1] + 1):
        counts[f"tie_{k}"] = int((mine & (at_top == k)).sum())
    counts["lost"] = int((~mine).sum())
    return counts


def cell(match) -> dict:
    strategy_table = match.strategy_table()
    return {
        "command": (f"odds yacht simulate --preset {match.rules.name} --players {match.players} --strategy "
                    f"to-win,optimal --games {match.games} --seed {match.seed} --exact-from {match.exact_from}"),
        "players": match.players, "strategies": list(match.strategies), "games": match.games, "seed": match.seed,
        "exact_from": match.exact_from,
        "to_win_outcomes": outcome_counts(match.finals),
        "strategy_table": strategy_table.to_dict("records"),
        "boxes": match.box_table().to_dict("records"),
        "situations": match.situation_table().to_dict("records"),
        "first_finals": match.finals[:REPLAYED].tolist(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--part", type=int, default=2500, help="games per part (the file is rewritten after each)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--exact-from", type=int, default=4)
    parser.add_argument("--out", type=Path, help="default reports/data/yacht_match_<players>p.json")
    args = parser.parse_args()
    out = args.out or DATA / f"yacht_match_{args.players}p.json"

    from analysis.yacht.match import lead_table_pays, parse_strategies, simulate_match
    from analysis.yacht.target import as_plain_rules

    # Whether the heads-up lead table pays is judged on the whole run, not one part (it is built once).
    names = parse_strategies("to-win,optimal", args.players)
    lead_table = lead_table_pays(as_plain_rules("yacht_kr"), names, args.exact_from, args.games)
    out.parent.mkdir(parents=True, exist_ok=True)
    match = None
    for first in range(0, args.games, args.part):
        part = simulate_match("yacht_kr", names, games=min(args.part, args.games - first), seed=args.seed,
                              exact_from=args.exact_from, first_game=first, heads_up_table=lead_table)
        match = part if match is None else match.joined(part)
        # Written beside and renamed into place: a run stopped mid-write keeps the last whole file.
        partial = out.with_suffix(".partial")
        partial.write_text(json.dumps({"preset": "yacht_kr", **cell(match)}, indent=1) + "\n")
        os.replace(partial, out)
        print(match, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
