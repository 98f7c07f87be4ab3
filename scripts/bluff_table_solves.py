"""Solve the planned multi-player rounds (``analysis.bluff.multi.solve.TABLE_PLAN``) of every game, one at a time,
each seeded and resumable from its checkpoint, and store them (table kind ``bluff/multi``); each seat's gain from a
sampled local best response is printed and stored with the solve.

    nice -n 10 .venv/bin/python scripts/bluff_table_solves.py > bluff_table_solves.log 2>&1 &
    nice -n 10 .venv/bin/python scripts/bluff_table_solves.py --only perudo:2:2:2

GAME: ``liars_dice`` (ones wild, no spot on), ``liars_dice_no_wild`` (as played: spot on, nothing wild), ``bluff``,
``perudo``; DICE: every seat's count from the opener. Checkpoints go to ``--checkpoints`` (default
``.checkpoints/``); a solve stopped and run again goes on from its last checkpoint with the same result."""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from analysis.bluff.multi.solve import TABLE_PLAN, planned_rounds, solve_table  # noqa: E402
from analysis.bluff.play.strategy_bot import SCRIPT_GAMES  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", default=[], metavar="GAME:DICE",
                        help="one planned round, e.g. perudo:2:2:2 (repeatable)")
    parser.add_argument("--checkpoints", default=".checkpoints", help="folder of the solves' checkpoints")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    order = planned_rounds()
    if args.only:
        order = []
        for item in args.only:
            name, *counts = item.split(":")
            dice = tuple(int(c) for c in counts)
            if name not in SCRIPT_GAMES or dice not in TABLE_PLAN:
                parser.error(f"{item!r} is not a planned round: GAME one of {', '.join(SCRIPT_GAMES)}, DICE one of "
                             + ", ".join(":".join(map(str, d)) for d in TABLE_PLAN) + ".")
            order.append((name, dice))
    os.makedirs(args.checkpoints, exist_ok=True)
    for name, dice in order:
        plan = TABLE_PLAN[dice]
        began = time.perf_counter()
        path = os.path.join(args.checkpoints, f"bluff-multi-{name}-{'-'.join(map(str, dice))}-seed{args.seed}.npz")
        solved = solve_table(SCRIPT_GAMES[name](), dice, plan["k"], plan["iterations"], args.seed,
                             plan["lbr_rounds"], checkpoint=path, progress=False)
        print(f"{name} {':'.join(map(str, dice))}: {time.perf_counter() - began:.0f} s here", flush=True)
        print(solved.summary(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
