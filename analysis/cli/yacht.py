"""``odds yacht ...``: the optimal strategy, per-box odds, the keep/score advisor, and simulated games."""

from __future__ import annotations

import argparse

from analysis.cli.common import add_json_flag, add_rules_flags, add_seed_flag, print_json, rules_from_args
from analysis.cli.requested import add_chart
from analysis.errors import InvalidArgument
from analysis.questions import yacht as questions


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None


def _add_rules(parser) -> None:
    add_rules_flags(parser, "yacht", make_rules=_rules)
    parser.add_argument("--joker", choices=("forced", "free", "none"),
                        help="where a further Yahtzee goes (yahtzee only): forced (Hasbro, default), free "
                             "(Verhoeff) or none (bonus paid, no joker)")


def _rules(args):
    # Read by the fields' real types, each number within the shared limit; the rules check their ranges.
    return rules_from_args(args, **({"joker": args.joker} if args.joker else {}))


def register(subparsers) -> None:
    yacht = subparsers.add_parser("yacht", help="Yacht dice: Korean Yacht, Clubhouse, Yahtzee, Yatzy")
    commands = yacht.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    solve = commands.add_parser("solve", help="optimal expected score, per-box contributions, score distribution")
    _add_rules(solve)
    solve.add_argument("--distribution", action="store_true",
                       help="also print the exact chance of every final score ([score, chance] pairs in JSON)")
    add_json_flag(solve)
    solve.set_defaults(handler=_solve)

    odds = commands.add_parser("odds", help="each box's chance and expected points within one turn")
    _add_rules(odds)
    add_json_flag(odds)
    odds.set_defaults(handler=_odds)

    advise = commands.add_parser("advise", help="the best keep or box for the dice on the table")
    _add_rules(advise)
    advise.add_argument("--dice", required=True, help='the five dice, e.g. "6 6 6 2 1"')
    advise.add_argument("--rolls-left", type=_int, required=True, help="rerolls still allowed this turn: 0, 1 or 2")
    advise.add_argument("--open", default="all", help='"all" or the open boxes, comma-separated')
    advise.add_argument("--upper", type=_int, default=0, help="upper-section total so far (presets with a bonus)")
    advise.add_argument("--yacht-bonus", action="store_true", help="the yacht box already holds its points")
    advise.add_argument("--score", type=_int, default=0, help="points on the card so far (added to the figures)")
    advise.add_argument("--box", help="with 0 rolls left: the box you mean to write, to see what it gives up")
    advise.add_argument("--top", type=_int, default=12, help="how many alternatives to print (default 12)")
    advise.add_argument("--target", type=_int,
                        help="rank by the chance of finishing with at least this score")
    advise.add_argument("--opponent", action="append", default=[], metavar="SCORE:BOX,BOX,...",
                        help='an opponent\'s score and open boxes, e.g. "190:Chase Off,Choice" (repeatable, up '
                             "to 5): rank by the chance of beating them when they play for the expected score")
    add_json_flag(advise)
    advise.set_defaults(handler=_advise)

    win = commands.add_parser("win", help="exact P(win), P(tie), P(lose) from the players' positions")
    _add_rules(win)
    win.add_argument("--me", required=True, metavar="SCORE:BOX,BOX,...",
                     help='my score and open boxes, e.g. "140:Chase Off,Straight,Six Beans"')
    win.add_argument("--opponent", action="append", default=[], metavar="SCORE:BOX,BOX,...",
                     help="an opponent's score and open boxes (repeatable, 1 to 5)")
    win.add_argument("--to-win", action="store_true",
                     help="also my share of the win when I play to win (one recursion over my open boxes)")
    add_json_flag(win)
    win.set_defaults(handler=_win)

    sim = commands.add_parser("simulate", help="seeded whole games under the optimal or a heuristic strategy")
    _add_rules(sim)
    sim.add_argument("--strategy", default="optimal",
                     help="optimal (default), greedy or common; with --players, one per player, comma-separated, "
                          "from optimal and to-win (the last fills the other seats), "
                          "e.g. --players 2 --strategy to-win,optimal")
    sim.add_argument("--players", type=_int,
                     help="play matches of 2 to 6 players (yacht_kr) and report each strategy's share of the wins")
    sim.add_argument("--exact-from", type=_int, default=6,
                     help="with --players: open boxes from which to-win runs its win-seeking recursion (default "
                          "6; before that it plays for the expected score)")
    sim.add_argument("--games", type=_int, default=10_000, help="games to play (default 10,000)")
    add_seed_flag(sim, "the simulated games")
    add_json_flag(sim)
    sim.set_defaults(handler=_simulate)

    add_chart(commands, "yacht", _add_rules)


def _solve(args) -> int:
    # lazy: keeps numpy out of the command line's start-up
    import numpy as np

    from analysis.yacht.solver import solve

    solution = solve(_rules(args))
    if args.json:
        print_json(solution.to_dict(distribution=args.distribution))
    else:
        print(solution)
        if args.distribution:
            print("\nscore  chance      at most")
            cumulative = solution.distribution.cumsum()
            for score in np.nonzero(solution.distribution)[0]:
                print(f"{score:5d}  {solution.distribution[score]:.3e}  {cumulative[score]:.6f}")
    return 0


def _odds(args) -> int:
    table = questions.odds(_rules(args))
    if args.json:
        print_json(table)
    else:
        print(table.to_string(index=False, formatters={
            "first_roll_chance": "{:8.4%}".format, "turn_chance": "{:8.4%}".format,
            "turn_expected_points": "{:8.4f}".format}))
    return 0


def _advise(args) -> int:
    if args.top < 1:
        raise InvalidArgument(f"--top must be at least 1, not {args.top}.")
    advice = questions.advise(_rules(args), args.dice, args.rolls_left, args.open, args.upper, args.yacht_bonus,
                              args.score, box=args.box, target=args.target, opponents=args.opponent)
    if args.json:
        print_json(advice.to_dict())
    else:
        print(advice.headline())
        print()
        print(advice.table(args.top))
        if len(advice.rows) > args.top:
            print(f"({len(advice.rows) - args.top} more; --top to see them)")
    return 0


def _win(args) -> int:
    from analysis.yacht.win import win_chances  # lazy: keeps numpy out of the command line's start-up

    result = win_chances(_rules(args), args.me, args.opponent, to_win=args.to_win)
    if args.json:
        print_json(result.to_dict())
    else:
        print(result)
    return 0


def _simulate(args) -> int:
    from analysis.yacht.simulate import simulate  # lazy: keeps numba and pandas out of the command line's start-up

    if args.players is not None:
        from analysis.yacht.match import simulate_match  # lazy: keeps pandas out of the command line's start-up

        match = simulate_match(_rules(args), args.strategy, players=args.players, games=args.games, seed=args.seed,
                               exact_from=args.exact_from)
        if args.json:
            print_json(match.to_dict())
        else:
            print(match)
            print()
            print(match.box_table().to_string(index=False, float_format="{:.4f}".format))
        return 0
    result = simulate(_rules(args), games=args.games, seed=args.seed, strategy=args.strategy)
    if args.json:
        print_json(result.to_dict())
    else:
        print(result)
        print()
        # The same units as odds yacht solve: points to four places, the zero rate as a percentage.
        print(result.boxes().to_string(index=False, formatters={
            "mean_points": "{:8.4f}".format, "standard_error": "{:8.4f}".format, "zero_rate": "{:7.2%}".format}))
    return 0
