"""Whole games of three players: the full-table strategy against fields of the tournaments' bots (``multi.games``),
seats rotated, each game played twice on the same dice (the strategy, then the bid reader, in the tested seat), for
each game (Liar's Dice ones wild, Liar's Dice as played, Bluff, Perudo) and field, as many games as a cell's CPU
seconds allow (``--seconds``, at most ``--games``); printed as a table and written as JSON (``--out``).

    nice -n 10 .venv/bin/python scripts/bluff_table_games.py --seconds 40 --out bluff_table_games.json
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from analysis.bluff.multi.games import FIELDS, measure_field  # noqa: E402
from analysis.bluff.play.strategy_bot import SCRIPT_GAMES  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000, help="the most paired games a cell")
    parser.add_argument("--seconds", type=float, default=40.0, help="CPU seconds a cell")
    parser.add_argument("--start", type=int, default=2, help="dice each player starts with")
    parser.add_argument("--fields", nargs="+", default=list(FIELDS), choices=FIELDS)
    parser.add_argument("--only", nargs="+", default=list(SCRIPT_GAMES), choices=list(SCRIPT_GAMES))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default=None, help="a JSON file of the results")
    args = parser.parse_args(argv)
    rows = []
    for name in args.only:
        for field in args.fields:
            result = measure_field(SCRIPT_GAMES[name](), field, args.games, args.seed, args.start,
                                   seconds=args.seconds)
            print(f"{name}: {result} ({result.seconds:.0f} s CPU)", flush=True)
            rows.append({"game": name, "field": field, "start": args.start, "games": result.games,
                         "table_wins": result.table_wins, "bayes_wins": result.bayes_wins, "gain": result.gain,
                         "half": result.half, "seed": args.seed})
            if args.out:
                with open(args.out, "w") as out:
                    json.dump(rows, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
