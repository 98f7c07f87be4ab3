"""``odds backgammon hint | eval | cube | match``: the trained net's answers and its games between bots."""

from __future__ import annotations

import sys

from analysis.cli.backgammon_position import add_position, ids_of, setup_from_args
from analysis.cli.common import (add_json_flag, add_rules_flags, add_seed_flag, bounded, print_json, rules_from_args,
                                 scheduler_address)
from analysis.errors import InvalidArgument
from analysis.questions import backgammon as questions


def register(commands) -> None:
    """The trained evaluator's commands: hint, eval, cube and match."""
    plies = bounded(int, 0, 2, "the look-ahead")
    for name, summary, ply_help, handler in (
            ("hint", "every legal play of a roll ranked by the trained net's equity", "look-ahead: 0 (the net), 1 or 2",
             _hint),
            ("eval", "the net's win, gammon and backgammon chances and equity", "look-ahead: 0 (the net), 1 or 2",
             _eval),
            ("cube", "double, take or pass anywhere: the net with Janowski's cube formula",
             "look-ahead of the cubeless evaluation: 0, 1 or 2", _cube)):
        question = commands.add_parser(name, help=summary)
        add_position(question, match=True)
        if name == "hint":
            question.add_argument("--roll", default=None, help="two dice, e.g. 31 or 66 (default: the XGID's or "
                                  "match ID's dice)")
        question.add_argument("--ply", type=plies, default=0, help=ply_help)
        add_rules_flags(question, "backgammon")
        question.add_argument("--weights", default=None, help="a weights file instead of the shipped net")
        add_json_flag(question)
        question.set_defaults(handler=handler)

    games = commands.add_parser("match", help="bots against each other: money games, or matches to N points "
                                "with the cube (net, net:ply1, pips, random)")
    games.add_argument("--bots", required=True, help="two or more bots, e.g. net,pips (each pair plays)")
    games.add_argument("--games", type=bounded(int, 1, 1_000_000, "the number of games"), default=None,
                       help="money games each pair plays (default 1000)")
    games.add_argument("--points", type=bounded(int, 1, 25, "the match length"), default=None,
                       help="play matches to this many points with the cube (1-25) instead of money games")
    games.add_argument("--matches", type=bounded(int, 1, 100_000, "the number of matches"), default=None,
                       help="matches each pair plays, with --points (default 100)")
    games.add_argument("--export", default=None, metavar="DIR",
                       help="with --points: write each match to DIR as .mat text (GNU Backgammon imports it)")
    add_seed_flag(games, "the dice")
    games.add_argument("--cube", action="store_true",
                       help="play with the cube (net bots double and take by Janowski at 0-ply; pips and random "
                            "never double and always take)")
    games.add_argument("--chunks", type=bounded(int, 1, 1_000_000, "the chunks"), default=None,
                       help="independent seeded chunks, 1 to the games (default: about 500 games each through Dask)")
    games.add_argument("--scheduler", default=None, type=scheduler_address,
                       help="play the games through Dask: 'processes' (Dask's local process scheduler), 'threads', "
                            "'sync' or a dask.distributed scheduler address tcp://host:port (default: in this "
                            "process); the same seed gives the same games on any scheduler")
    add_rules_flags(games, "backgammon")
    games.add_argument("--weights", default=None, help="a weights file instead of the shipped net")
    add_json_flag(games)
    games.set_defaults(handler=_match)


def _hint(args) -> int:
    rules = rules_from_args(args)
    setup = setup_from_args(args, rules)
    result = questions.hint(rules, setup, args.roll, args.ply, _net(args, rules))
    print_json({**result.to_dict(), **ids_of(setup)}) if args.json else print(result)
    return 0


def _eval(args) -> int:
    rules = rules_from_args(args)
    data, text = questions.evaluation(rules, setup_from_args(args, rules), args.ply, _net(args, rules))
    print_json(data) if args.json else print(text)
    return 0


def _cube(args) -> int:
    rules = rules_from_args(args)
    setup = setup_from_args(args, rules)
    result = questions.cube(rules, setup, args.ply, None if args.weights is None else _net(args, rules))
    print_json({**result.to_dict(), **ids_of(setup)}) if args.json else print(result)
    return 0


def _net(args, rules):
    from analysis.backgammon.net import load_net  # lazy: keeps numpy out of the command line's start-up

    return load_net(rules, path=args.weights)


def _match(args) -> int:
    if args.points is None and (args.matches is not None or args.export is not None):
        raise InvalidArgument("--matches and --export go with matches to N points; add --points N.")
    results = questions.match(rules_from_args(args), args.bots, args.games, args.seed, args.cube, args.points,
                              args.matches, args.chunks, args.scheduler, args.weights)
    if args.export is not None:
        # lazy: only --export writes matches; keeps pathlib and numba out of the command line's start-up
        from pathlib import Path

        from analysis.backgammon.match_play import export_matches

        for result in results:
            folder = Path(args.export) / f"{result.bots[0]}-vs-{result.bots[1]}".replace(":", "-")
            export_matches(result, folder)
            print(f"wrote {result.matches:,} matches to {folder}", file=sys.stderr)
    if args.json:
        print_json([r.to_dict() for r in results])
    else:
        print("\n".join(str(r) for r in results))
    return 0
