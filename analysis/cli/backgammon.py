"""``odds backgammon ...``: legal plays, shot and entry tables, bear-off odds, match equities and cube advice; the
trained net's commands are ``backgammon_net``'s."""

from __future__ import annotations

from analysis.cli import backgammon_net
from analysis.cli.backgammon_position import BEAR_OFF, add_position, setup_from_args
from analysis.cli.common import add_json_flag, add_rules_flags, bounded, print_json, rules_from_args
from analysis.cli.requested import add_chart
from analysis.errors import InvalidArgument
from analysis.questions import backgammon as questions


def register(subparsers) -> None:
    game = subparsers.add_parser("backgammon", help="backgammon, Dutch, Acey-Deucey: moves, shots, bear-offs, cube")
    commands = game.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    moves = commands.add_parser("moves", help="every distinct legal play of a roll")
    add_position(moves)
    moves.add_argument("--roll", required=True, help="two dice, e.g. 31 or 66")
    add_rules_flags(moves, "backgammon", alias="--rules")
    add_json_flag(moves)
    moves.set_defaults(handler=_moves)

    bearoff = commands.add_parser("bearoff", help="bear-off odds: one side's rolls, or both sides and the cube")
    bearoff.add_argument("counts", nargs="?", default=None,
                         help='six checker counts, ace point first, e.g. "3 3 3 2 2 2"')
    add_position(bearoff, example=BEAR_OFF)
    bearoff.add_argument("--turn", type=bounded(int, 1, 10_000, "the turn"), default=None,
                         help="game turn (1 = the opening move): the cube waits for the rules' first_double_turn")
    add_rules_flags(bearoff, "backgammon")
    add_json_flag(bearoff)
    bearoff.set_defaults(handler=_bearoff)

    shots = commands.add_parser("shots", help="rolls (of 36) that hit a blot, with blocking points")
    shots.add_argument("--distance", type=bounded(int, 1, 24, "the distance"), default=None,
                       help="pips from the hitter to the blot (1-24)")
    shots.add_argument("--blocks", default="", help="distances of blocking points in between, e.g. 4,6")
    add_json_flag(shots)
    shots.set_defaults(handler=_shots)

    entry = commands.add_parser("entry", help="entering from the bar against closed points")
    entry.add_argument("--closed", type=bounded(int, 0, 6, "closed points"), default=None,
                       help="closed points in the home board (0-6)")
    entry.add_argument("--on-bar", type=bounded(int, 1, 15, "checkers on the bar"), default=1,
                       help="checkers on the bar, 1-15 (default 1)")
    add_json_flag(entry)
    entry.set_defaults(handler=_entry)

    pips = commands.add_parser("race", help="pip counts and the Keith, Thorp and 8-9-12 cube advice")
    add_position(pips, required=True, cube=False, example=BEAR_OFF)
    add_json_flag(pips)
    pips.set_defaults(handler=_race)

    take = commands.add_parser("takepoint", help="money take points: dead cube, gammons, Janowski")
    take.add_argument("--win-value", type=bounded(float, 1, 3, "the win value"), default=1.0,
                      help="taker's average points per win (1-3)")
    take.add_argument("--loss-value", type=bounded(float, 1, 3, "the loss value"), default=1.0,
                      help="taker's average points per loss (1-3)")
    take.add_argument("--efficiency", type=bounded(float, 0, 1, "the cube efficiency"), default=None,
                      help="Janowski cube efficiency 0-1")
    add_json_flag(take)
    take.set_defaults(handler=_takepoint)

    variants = commands.add_parser("variants", help="Dutch and Acey-Deucey entering figures and payouts")
    add_rules_flags(variants, "backgammon", presets="backgammon (default), dutch or acey_deucey (for the payout table)")
    add_json_flag(variants)
    variants.set_defaults(handler=_variants)

    add_chart(commands, "backgammon")

    backgammon_net.register(commands)

    equities = commands.add_parser("met", help="match equity table: each score's chance to win the match, "
                                   "and the take points of a first double")
    equities.add_argument("--away", type=bounded(int, 2, 25, "the largest away"), default=9,
                          help="show 1 to this many points away (2-25, default 9)")
    equities.add_argument("--take-points", action="store_true",
                          help="the winning chance a player needs to take a first double at each score")
    add_json_flag(equities)
    equities.set_defaults(handler=_met)

    opening = commands.add_parser("opening", help="the opening roll: starting stake (ties double it) and first roll")
    add_rules_flags(opening, "backgammon")
    add_json_flag(opening)
    opening.set_defaults(handler=_opening)


def _moves(args) -> int:
    from analysis.backgammon.moves import parse_roll  # lazy: keeps numpy out of the command line's start-up

    rules = rules_from_args(args)
    parse_roll(args.roll)          # a bad roll is reported before anything else
    setup = setup_from_args(args, rules)
    answer = questions.plays(rules, setup, args.roll)
    print_json({**answer.to_dict(), **questions.ids_of(setup)}) if args.json else print(answer)
    return 0


def _bearoff(args) -> int:
    from analysis.backgammon.bearoff import bearoff_odds  # lazy: keeps numpy out of the command line's start-up

    rules = rules_from_args(args)        # bad rules are reported before any table is read or built
    if args.counts is None and args.id is None and args.position is None and args.xgid is None:
        raise InvalidArgument('No position given; give six home-board counts ("3 3 3 2 2 2"), '
                              '--id ID, or --position "6:5 ... / 6:5 ...".')
    if args.counts is not None:
        if args.id is not None or args.position is not None or args.xgid is not None:
            raise InvalidArgument("Give either six counts or a position (--id/--position), not both.")
        if args.cube is not None or args.owner is not None:
            raise InvalidArgument("Six counts are one side's bear-off, with no cube; give --cube/--owner with a "
                                  "position (--id/--position).")
        odds = bearoff_odds(args.counts)
        print_json(odds) if args.json else print(odds)
        return 0
    setup = setup_from_args(args)
    if args.json:
        print_json(questions.bearoff(rules, setup, args.turn))
        return 0
    advice, sides = questions.bearoff_sides(rules, setup, args.turn)
    print(advice)
    for name, odds in sides.items():
        print(f"{name.replace('_', ' ')}: {' '.join(map(str, odds.counts))}, "
              f"{odds.expected_rolls:.3f} rolls expected, EPC {odds.effective_pip_count:.1f}")
    return 0


def _shots(args) -> int:
    from analysis.backgammon.dice import shot_table  # lazy: keeps numpy out of the command line's start-up

    if args.distance is None:
        table = shot_table(args.blocks)
        print_json(table) if args.json else print(table.to_string(index=False))
        return 0
    answer = questions.shots(args.distance, args.blocks)
    if args.json:
        print_json(answer)
    else:
        blocks, rolls = answer["blocks"], answer["rolls"]
        where = f" past blocks at {', '.join(map(str, blocks))}" if blocks else ""
        print(f"a blot {args.distance} away{where}: hit by {rolls}/36 rolls ({100 * rolls / 36:.1f}%)")
    return 0


def _entry(args) -> int:
    from analysis.backgammon.dice import entry_table  # lazy: keeps numpy out of the command line's start-up

    if args.closed is None:
        table = entry_table(max(2, args.on_bar))
        print_json(table) if args.json else print(table.to_string(index=False))
        return 0
    result = questions.entry(args.closed, args.on_bar)
    print_json(result) if args.json else print(result)
    return 0


def _race(args) -> int:
    data = questions.race(setup_from_args(args))
    if args.json:
        print_json(data)
    else:
        print(f"pips {data['pips'][0]} vs {data['pips'][1]}; Keith {data['keith'][0]} vs {data['keith'][1]}; "
              f"Thorp {data['thorp'][0]} vs {data['thorp'][1]}")
        for advice in data["advice"]:
            print(f"{advice['formula']:>7}: double {'yes' if advice['double'] else 'no'}, redouble "
                  f"{'yes' if advice['redouble'] else 'no'}, take {'yes' if advice['take'] else 'no'}")
    return 0


def _takepoint(args) -> int:
    # lazy: keeps numpy out of the command line's start-up
    from analysis.backgammon.race import take_point, take_point_table

    if args.efficiency is None and args.win_value == 1.0 and args.loss_value == 1.0:
        table = take_point_table()
        if args.json:
            print_json(table)
            return 0
        print("Money take points: the winning chance a taker needs, by the share of games that end in a\n"
              "gammon (rows) and the cube efficiency x (Janowski; 0 = dead cube, 1 = fully live):")
        shown = table.rename(columns={"gammon_share": "gammons",
                                      **{c: f"x = {c[2:]}" for c in table.columns if c.startswith("x=")}})
        print(shown.to_string(index=False, formatters={
            column: ("{:.0%}" if column == "gammons" else "{:.1%}").format for column in shown.columns}))
        return 0
    x = 0.0 if args.efficiency is None else args.efficiency
    value = take_point(args.win_value, args.loss_value, x)
    if args.json:
        print_json({"win_value": args.win_value, "loss_value": args.loss_value, "cube_efficiency": x,
                    "take_point": value})
    else:
        print(f"take with at least {100 * value:.2f}% winning chances (W={args.win_value}, "
              f"L={args.loss_value}, cube efficiency {x})")
    return 0


def _variants(args) -> int:
    # lazy: keeps numpy and pandas out of the command line's start-up
    from analysis.backgammon.variants import acey_deucey_roll_chance, payout_table, variant_table

    rules = rules_from_args(args)
    table = variant_table()
    if args.json:
        print_json({"entering": table, "acey_deucey_roll_chance": acey_deucey_roll_chance(),
                    "rules": rules.name, "payouts": payout_table(rules)})
    else:
        print("Entering all 15 checkers from off the board, expected rolls (Dutch) and turns (Acey-Deucey):")
        shown = table.rename(columns={"blocked_points": "points blocked", "dutch_rolls": "Dutch rolls",
                                      "acey_deucey_turns": "Acey-Deucey turns"})
        print(shown.to_string(index=False, formatters={"Dutch rolls": "{:.2f}".format,
                                                       "Acey-Deucey turns": "{:.2f}".format}))
        print(f"\nAn acey-deucey (1-2) starts a turn 1 time in 18 ({acey_deucey_roll_chance():.2%}).")
        print(f"\nPayouts under '{rules.name}', in stakes (Acey-Deucey pays the stake per checker left):")
        payouts = payout_table(rules)
        print(payouts.to_string(index=False, formatters={
            column: (lambda v: f"{v:,.0f}" if float(v).is_integer() else f"{v:,.2f}") for column in payouts.columns}))
    return 0


def _met(args) -> int:
    # lazy: keeps the match equity table out of the command line's start-up
    from analysis.backgammon import met

    if args.take_points:
        table = met.take_point_table(args.away)
        if args.json:
            print_json({"take_points": {str(t): {str(d): v for d, v in row.items()} for t, row in table.iterrows()}})
            return 0
        print("Take points of a first double (cube in the centre, typical gammons): the winning chance the taker\n"
              "needs, rows the taker's points away, columns the doubler's:")
        print(table.to_string(float_format=lambda v: f"{100 * v:.1f}%"))
        return 0
    table, post = met.table(args.away), met.table(args.away, post_crawford=True)
    if args.json:
        print_json({"met": {str(a): {str(b): v for b, v in row.items()} for a, row in table.iterrows()},
                    "post_crawford": {str(b): v for b, v in post.iloc[0].items()},
                    "gammon_rate": met.GAMMON_RATE, "backgammon_rate": met.BACKGAMMON_RATE})
        return 0
    print("Chance to win the match (%), rows your points away, columns the opponent's; the 1-away row and column\n"
          f"start with the Crawford game ({100 * met.GAMMON_RATE:.1f}% of games end in a gammon):")
    print(table.to_string(float_format=lambda v: f"{100 * v:.1f}"))
    print("\nPost-Crawford, the trailer's chance against the leader at 1-away:")
    print(post.to_string(float_format=lambda v: f"{100 * v:.1f}"))
    return 0


def _opening(args) -> int:
    from analysis.backgammon.opening import opening_roll  # lazy: keeps numpy out of the command line's start-up

    roll = opening_roll(rules_from_args(args))
    print_json(roll) if args.json else print(roll)
    return 0
