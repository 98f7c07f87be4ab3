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
early keeps what it has and says how many games it holds. The games themselves are kept too, in
``.cache/yacht_match_<players>p.npz`` (not committed); ``--resume`` goes on from them.
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


def save_games(match, path: Path) -> None:
    """The run's games and counts, written beside and renamed into place."""
    partial = path.with_name(path.stem + ".partial.npz")
    np.savez(partial, strategies=np.array(match.strategies), seed=match.seed, exact_from=match.exact_from,
             **{name: getattr(match, name) for name in COUNTED})
    os.replace(partial, path)


def load_games(path: Path, rules, strategies, seed: int, exact_from: int):
    """The run kept by :func:`save_games`, refused (one sentence) if it is another match's."""
    from analysis.yacht.match import Match

    with np.load(path) as kept:
        if (tuple(kept["strategies"]), int(kept["seed"]), int(kept["exact_from"])) != (strategies, seed, exact_from):
            raise SystemExit(f"{path} holds another match (strategies, seed or exact_from); "
                             "move it away to start anew.")
        counted = {name: kept[name] for name in COUNTED}
    return Match(rules, strategies, int(counted["finals"].shape[0]), seed, exact_from, **counted)


#: The arrays a Match is made of beyond its settings.
COUNTED = ("finals", "box_points", "box_zeros", "behind_writes", "behind_zeros", "differed")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--part", type=int, default=2500, help="games per part (the file is rewritten after each)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--exact-from", type=int, default=4)
    parser.add_argument("--out", type=Path, help="default reports/data/yacht_match_<players>p.json")
    parser.add_argument("--resume", action="store_true", help="go on from the games kept in .cache")
    args = parser.parse_args()
    out = args.out or DATA / f"yacht_match_{args.players}p.json"
    kept = ROOT / ".cache" / f"{out.stem}.npz"

    from analysis.yacht.match import lead_table_pays, parse_strategies, simulate_match
    from analysis.yacht.target import as_plain_rules

    # Whether the heads-up lead table pays is judged on the whole run, not one part (it is built once).
    rules = as_plain_rules("yacht_kr")
    names = parse_strategies("to-win,optimal", args.players)
    match = load_games(kept, rules, names, args.seed, args.exact_from) if args.resume and kept.exists() else None
    done = match.games if match else 0
    lead_table = lead_table_pays(rules, names, args.exact_from, args.games - done)
    out.parent.mkdir(parents=True, exist_ok=True)
    kept.parent.mkdir(parents=True, exist_ok=True)
    for first in range(done, args.games, args.part):
        part = simulate_match("yacht_kr", names, games=min(args.part, args.games - first), seed=args.seed,
                              exact_from=args.exact_from, first_game=first, heads_up_table=lead_table)
        match = part if match is None else match.joined(part)
        # Written beside and renamed into place: a run stopped mid-write keeps the last whole file.
        partial = out.with_suffix(".partial")
        partial.write_text(json.dumps({"preset": "yacht_kr", **cell(match)}, indent=1) + "\n")
        os.replace(partial, out)
        save_games(match, kept)
        print(match, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
