"""Train the backgammon evaluator by TD(lambda) self-play and write its weights file.

Run from the repository root, one process, in the background (an hour or more on one core):

    nice -n 10 .venv/bin/python scripts/train_backgammon.py --preset backgammon --games 400000 --seed 1 \
        --out analysis/backgammon/weights/backgammon.podds --log .cache/train-backgammon.log

The file is rewritten every few minutes (a checkpoint) and at the end, with its training
record (this command, seed, games, seconds, commit). Run the same command again to go on
from the file: the result is bit for bit the one an unbroken run gives. ``--fresh`` starts over.
"""

from __future__ import annotations

import argparse
import shlex
import sys

from analysis.errors import InvalidArgument
from analysis.backgammon.training import train


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="backgammon")
    parser.add_argument("--games", type=int, required=True, help="games to have trained in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", required=True, help="weights file (continued when it exists)")
    parser.add_argument("--hidden", type=int, default=128, help="hidden units")
    parser.add_argument("--alpha", type=float, default=0.1, help="step size at game 0")
    parser.add_argument("--halflife", type=int, default=200_000, help="games after which the step size halves")
    parser.add_argument("--lam", type=float, default=0.0, help="TD lambda")
    parser.add_argument("--chunk", type=int, default=500, help="games between progress lines and checkpoints")
    parser.add_argument("--checkpoint-minutes", type=float, default=3.0)
    parser.add_argument("--log", default=None, help="append progress lines to this file")
    parser.add_argument("--snapshots", default=None, help="folder for copies at 1k, 2k, 5k, 10k, ... games")
    parser.add_argument("--fresh", action="store_true", help="start over even if --out exists")
    args = parser.parse_args(argv)
    command = "scripts/train_backgammon.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:]))
    try:
        record = train(args.preset, args.games, args.seed, args.out, hidden=args.hidden, alpha=args.alpha,
                       halflife=args.halflife, lam=args.lam, chunk=args.chunk,
                       checkpoint_seconds=60 * args.checkpoint_minutes, log=args.log, command=command,
                       snapshots=args.snapshots, resume=not args.fresh)
    except InvalidArgument as error:
        print(f"train_backgammon: {error}", file=sys.stderr)
        return 2
    print(f"{record['preset']}: {record['games']} games in {record['seconds']:.0f} s -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
