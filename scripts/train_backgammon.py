"""Train the backgammon evaluator by TD(lambda) self-play and write its weights file.

Run from the repository root, one process, in the background (an hour or more on one core):

    nice -n 10 .venv/bin/python scripts/train_backgammon.py --preset backgammon --games 400000 --seed 1 \
        --out analysis/backgammon/weights/backgammon.podds --log .cache/train-backgammon.log

The file is rewritten every few minutes (a checkpoint) and at the end, with its training
record (this command, seed, games, seconds, commit). Run the same command again to go on
from the file: the result is bit for bit the one an unbroken run gives. ``--fresh`` starts over.

``--refine-from FILE`` refines a trained net by its own 1-ply look-ahead (supervised rounds on its
self-play positions, :func:`analysis.backgammon.training.refine`), ``--games`` games a round:

    nice -n 10 .venv/bin/python scripts/train_backgammon.py --refine-from analysis/backgammon/weights/backgammon.podds \
        --rounds 1 --games 12000 --epochs 4 --refine-alpha 0.02 --seed 11 --out .cache/refined.podds

``--average NET NET ...`` writes one net whose weights are the means of snapshots of training (``--snapshots
DIR --snapshot-every N`` keeps them), :func:`analysis.backgammon.training.average`:

    .venv/bin/python scripts/train_backgammon.py --average DIR/backgammon-1500000.podds DIR/backgammon-1520000.podds \
        --out .cache/averaged.podds

``--combine NET NET ...`` writes one net averaging trained nets (an ensemble as one network,
:func:`analysis.backgammon.training.combine`); its record holds each member's:

    .venv/bin/python scripts/train_backgammon.py --combine a.podds b.podds --out .cache/combined.podds
"""

from __future__ import annotations

import argparse
import shlex
import sys

from analysis.errors import InvalidArgument
from analysis.backgammon.training import average, combine, refine, train


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="backgammon")
    parser.add_argument("--games", type=int, default=None,
                        help="games to have trained in all (with --refine-from: self-play games a round)")
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
    parser.add_argument("--snapshot-every", type=int, default=0,
                        help="with --snapshots: also a copy at every multiple of this many games")
    parser.add_argument("--features", action="store_true",
                        help="add the hand-made features to the raw encoding (a net of 207 inputs, not 201)")
    parser.add_argument("--start-from", default=None,
                        help="go on from this trained net (its weights and games) with the settings given here")
    parser.add_argument("--fresh", action="store_true", help="start over even if --out exists")
    parser.add_argument("--refine-from", default=None,
                        help="refine this trained net by its own 1-ply look-ahead instead of TD training")
    parser.add_argument("--rounds", type=int, default=1, help="refinement rounds to have done in all")
    parser.add_argument("--keep-one-in", type=int, default=4, help="refinement: keep one self-play position in this many")
    parser.add_argument("--epochs", type=int, default=3, help="refinement: passes over a round's positions")
    parser.add_argument("--refine-alpha", type=float, default=0.01, help="refinement: step size of the first pass")
    parser.add_argument("--average", nargs="+", default=None, metavar="NET",
                        help="write one net whose weights are the means of these snapshots of training (of one run, "
                             "or of runs gone on from one net) instead of training")
    parser.add_argument("--combine", nargs="+", default=None, metavar="NET",
                        help="write one net averaging these trained nets (their hidden units side by side, the "
                             "outputs' sums averaged) instead of training")
    args = parser.parse_args(argv)
    command = "scripts/train_backgammon.py " + " ".join(shlex.quote(a) for a in (argv or sys.argv[1:]))
    if args.games is None and not (args.combine or args.average):
        parser.error("the following arguments are required: --games")
    try:
        if args.combine:
            record = combine(args.preset, args.combine, args.out, command=command)
            print(f"{record['preset']}: {len(args.combine)} nets, {record['hidden']} hidden units, "
                  f"{record['games']} self-play games in all -> {args.out}")
            return 0
        if args.average:
            record = average(args.preset, args.average, args.out, command=command)
            print(f"{record['preset']}: the mean of {len(args.average)} nets, {record['games']} self-play games in "
                  f"all -> {args.out}")
            return 0
        if args.refine_from:
            record = refine(args.preset, args.refine_from, args.out, args.rounds, args.games, args.seed,
                            keep_one_in=args.keep_one_in, epochs=args.epochs, alpha=args.refine_alpha, log=args.log,
                            command=command)
            print(f"{record['preset']}: refined {record['refinement']['rounds']} rounds -> {args.out}")
            return 0
        record = train(args.preset, args.games, args.seed, args.out, hidden=args.hidden, alpha=args.alpha,
                       halflife=args.halflife, lam=args.lam, chunk=args.chunk,
                       checkpoint_seconds=60 * args.checkpoint_minutes, log=args.log, command=command,
                       snapshots=args.snapshots, resume=not args.fresh,
                       features=args.features, start_from=args.start_from, snapshot_every=args.snapshot_every)
    except InvalidArgument as error:
        print(f"train_backgammon: {error}", file=sys.stderr)
        return 2
    print(f"{record['preset']}: {record['games']} games in {record['seconds']:.0f} s -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
