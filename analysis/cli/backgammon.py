"""``odds backgammon ...``: legal plays, shot and entry tables, bear-off odds and cube advice."""

from __future__ import annotations

import sys

from analysis.cli.common import (add_json_flag, add_rules_flags, add_seed_flag, bounded, print_json, rules_from_args,
                                 scheduler_address)
from analysis.cli.requested import add_chart
from analysis.errors import InvalidArgument

#: Example positions for the help: the opening, and a bear-off race (for bearoff and race).
OPENING = ("4HPwATDgc/ABMA", "6:5 8:3 13:5 24:2 / 6:5 8:3 13:5 24:2")
BEAR_OFF = ("YAAAGAQAAAAAAA", "1:2 6:1 / 6:2")


def _add_position(parser, required: bool = False, cube: bool = True, example: tuple = OPENING,
                  match: bool = False) -> None:
    group = parser.add_mutually_exclusive_group(required=required)
    group.add_argument("--id", help=f"GNU Backgammon position ID, e.g. {example[0]} (side on roll as gnubg shows)")
    group.add_argument("--position", help=f'readable notation, e.g. "{example[1]}"')
    group.add_argument("--xgid", help="eXtreme Gammon's XGID=... (position, cube, turn, score, match length)")
    parser.add_argument("--match-id", default=None,
                        help="GNU Backgammon match ID beside --id (cube, turn, score, match length, Crawford)")
    if cube:
        parser.add_argument("--cube", type=bounded(int, 1, 64, "the cube"), default=None,
                            help="cube value 1-64 (1, 2, 4, ...; above 1 and centred only after opening ties)")
        parser.add_argument("--owner", default=None, help="cube owner: centre (default), on_roll or opponent")
    else:           # the answer does not depend on the cube: do not accept one only to ignore it
        parser.set_defaults(cube=None, owner=None)
    if match:
        parser.add_argument("--match", type=bounded(int, 1, 25, "the match length"), default=None,
                            help="match length in points (1-25); with --score, answers in match-winning chances")
        parser.add_argument("--score", default=None,
                            help="points so far as MINE-THEIRS, the side on roll first (4-2: it has 4); "
                                 "goes with --match")
        crawford = parser.add_mutually_exclusive_group()
        crawford.add_argument("--crawford", action="store_true", default=None,
                              help="this is the Crawford game (the default when one side alone is 1-away)")
        crawford.add_argument("--post-crawford", dest="crawford", action="store_false",
                              help="the Crawford game has been played (one side 1-away)")
    else:
        parser.set_defaults(match=None, score=None, crawford=None)


def _setup(args, rules=None):
    """The position, its cube and the match score asked about (an :class:`analysis.backgammon.ids.Setup`)."""
    from analysis.backgammon.ids import Setup, read_match_id, read_xgid
    from analysis.backgammon.position import Position

    if args.match_id is not None and args.id is None:
        raise InvalidArgument("A match ID goes with a position ID; give --id ID --match-id MATCH_ID.")
    from_id = args.xgid is not None or args.match_id is not None
    if from_id and (args.cube is not None or args.owner is not None):
        raise InvalidArgument("The XGID or match ID already holds the cube; leave out --cube and --owner.")
    if from_id and (args.match is not None or args.score is not None or args.crawford is not None):
        raise InvalidArgument("The XGID or match ID already holds the score; leave out --match, --score and "
                              "--crawford.")
    if args.xgid is not None:
        return read_xgid(args.xgid)
    if args.match_id is not None:
        return read_match_id(args.match_id, args.id)
    owner = args.owner or "centre"       # a bad value or owner is reported by Position
    value = 1 if args.cube is None else args.cube
    if args.id is not None:
        position = Position.from_id(args.id, value, owner)
    else:
        if args.position is not None:
            position = Position.from_notation(args.position)
        elif rules is not None:
            position = Position.opening(rules)
        else:
            raise InvalidArgument("No position given; pass --id ID, --xgid XGID or --position \"6:5 ... / 6:5 ...\".")
        if args.cube is not None or args.owner:
            position = Position(position.on_roll, position.opponent, value, owner)
    if (args.match is None) != (args.score is None):
        raise InvalidArgument("A match score needs both --match N (the length) and --score MINE-THEIRS.")
    if args.match is None:
        if args.crawford is not None:
            raise InvalidArgument("--crawford and --post-crawford go with a match score (--match N --score A-B).")
        return Setup(position)
    from analysis.backgammon.met import match_score

    score = match_score(args.match, args.score, args.crawford)
    return Setup(position, args.match, (args.match - score.mine, args.match - score.theirs),
                 score.game == "crawford")


def _score(setup):
    """The match :class:`analysis.backgammon.met.Score` of ``setup`` (None: a money game)."""
    if not setup.is_match:
        return None
    from analysis.backgammon.met import match_score

    return match_score(setup.length, setup.score, setup.crawford if (setup.length - setup.score[0] == 1) != (
        setup.length - setup.score[1] == 1) else None)


def _ids(setup) -> dict:
    """The position's ids for a JSON answer (None where the position has none, e.g. Dutch's start)."""
    from analysis.errors import InvalidPosition

    try:
        return setup.to_dict()
    except InvalidPosition:
        return {"xgid": None, "position_id": None, "match_id": None}


def register(subparsers) -> None:
    game = subparsers.add_parser("backgammon", help="backgammon, Dutch, Acey-Deucey: moves, shots, bear-offs, cube")
    commands = game.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    moves = commands.add_parser("moves", help="every distinct legal play of a roll")
    _add_position(moves)
    moves.add_argument("--roll", required=True, help="two dice, e.g. 31 or 66")
    add_rules_flags(moves, "backgammon", alias="--rules")
    add_json_flag(moves)
    moves.set_defaults(handler=_moves)

    bearoff = commands.add_parser("bearoff", help="bear-off odds: one side's rolls, or both sides and the cube")
    bearoff.add_argument("counts", nargs="?", default=None,
                         help='six checker counts, ace point first, e.g. "3 3 3 2 2 2"')
    _add_position(bearoff, example=BEAR_OFF)
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
    _add_position(pips, required=True, cube=False, example=BEAR_OFF)
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

    _register_net(commands)

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
    from analysis.backgammon.moves import legal_plays, parse_roll
    rules = rules_from_args(args)
    parse_roll(args.roll)          # a bad roll is reported before anything else
    setup = _setup(args, rules)
    plays = legal_plays(rules, setup.position, args.roll)
    if args.json:
        print_json({**plays.to_dict(), **_ids(setup)})
    else:
        print(plays)
    return 0


def _bearoff(args) -> int:
    from analysis.backgammon.bearoff import bearoff_odds, home_counts
    from analysis.backgammon.cube import cube_advice

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
    setup = _setup(args)
    if setup.is_match:
        raise InvalidArgument("The bearoff command answers money play; at a match score ask "
                              "'odds backgammon cube' (exact chances in the bear-off database, the cube by the score).")
    position = setup.position
    advice = cube_advice(rules, position, turn=args.turn)
    mine, theirs = home_counts(position)
    sides = {"on_roll": bearoff_odds(mine), "opponent": bearoff_odds(theirs)}
    if args.json:
        print_json({**advice.to_dict(), **{name: odds.to_dict() for name, odds in sides.items()}, **_ids(setup)})
    else:
        print(advice)
        for name, odds in sides.items():
            print(f"{name.replace('_', ' ')}: {' '.join(map(str, odds.counts))}, "
                  f"{odds.expected_rolls:.3f} rolls expected, EPC {odds.effective_pip_count:.1f}")
    return 0


def _shots(args) -> int:
    from analysis.backgammon.dice import parse_blocks, shot_table, shots

    if args.distance is None:
        table = shot_table(args.blocks)
        print_json(table) if args.json else print(table.to_string(index=False))
        return 0
    rolls = shots(args.distance, args.blocks)
    blocks = sorted(parse_blocks(args.blocks))
    if args.json:
        print_json({"distance": args.distance, "blocks": blocks, "rolls": rolls, "chance": rolls / 36})
    else:
        where = f" past blocks at {', '.join(map(str, blocks))}" if blocks else ""
        print(f"a blot {args.distance} away{where}: hit by {rolls}/36 rolls ({100 * rolls / 36:.1f}%)")
    return 0


def _entry(args) -> int:
    from analysis.backgammon.dice import entry, entry_table

    if args.closed is None:
        table = entry_table(max(2, args.on_bar))
        print_json(table) if args.json else print(table.to_string(index=False))
        return 0
    result = entry(args.closed, args.on_bar)
    print_json(result) if args.json else print(result)
    return 0


def _race(args) -> int:
    from analysis.backgammon import race

    setup = _setup(args)
    position = setup.position
    if not position.is_race():
        from analysis.errors import InvalidPosition
        raise InvalidPosition("The sides are still in contact; the race counts apply once every checker "
                              "has passed the opponent's.")
    mine, theirs = position.on_roll[:24], position.opponent[:24]
    data = {"pips": list(position.pips()),
            "keith": [race.keith_count(mine), race.keith_count(theirs)],
            "thorp": [race.thorp_count(mine), race.thorp_count(theirs)],
            "advice": [f(mine, theirs).to_dict() for f in race.FORMULAS.values()], **_ids(setup)}
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
    from analysis.backgammon.opening import opening_roll

    roll = opening_roll(rules_from_args(args))
    print_json(roll) if args.json else print(roll)
    return 0


def _register_net(commands) -> None:
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
        _add_position(question, match=True)
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
    from analysis.backgammon.moves import parse_roll
    from analysis.backgammon.net import hint

    rules = rules_from_args(args)
    setup = _setup(args, rules)
    roll = args.roll if args.roll is not None else setup.dice
    if roll is None:
        raise InvalidArgument("No roll given; pass --roll 31 (or an XGID or match ID with the dice rolled).")
    parse_roll(roll)
    score = _score(setup)
    if score is None:
        result = hint(rules, setup.position, roll, ply=args.ply, net=_net(args, rules))
    else:
        from analysis.backgammon.match_cube import match_hint

        result = match_hint(rules, setup.position, roll, score, ply=args.ply, net=_net(args, rules))
    print_json({**result.to_dict(), **_ids(setup)}) if args.json else print(result)
    return 0


def _eval(args) -> int:
    from analysis.backgammon.net import evaluate

    rules = rules_from_args(args)
    setup = _setup(args, rules)
    score = _score(setup)
    if score is not None:
        from analysis.backgammon.match_cube import check_cube_at_score, check_match_rules

        check_match_rules(rules)
        check_cube_at_score(setup.position, score)
    result = evaluate(rules, setup.position, ply=args.ply, net=_net(args, rules))
    data = {**result.to_dict(), **_ids(setup)}
    text = str(result)
    if score is not None:
        from analysis.backgammon.match_cube import match_winning_chance, score_dict

        chances = match_winning_chance(rules, result, score)
        data.update(score_dict(score), **chances)
        text += (f"\nat {score.mine}-away against {score.theirs}-away{_game_words(score)}: match-winning chance "
                 f"{100 * chances['mwc']:.1f}% with the cube ({100 * chances['mwc_cubeless']:.1f}% cubeless)")
    print_json(data) if args.json else print(text)
    return 0


def _game_words(score) -> str:
    return {"crawford": " (Crawford game)", "post-crawford": " (post-Crawford)"}.get(score.game, "")


def _cube(args) -> int:
    from analysis.backgammon.cubeful import cube_decision

    rules = rules_from_args(args)
    setup = _setup(args, rules)
    score = _score(setup)
    net = None if args.weights is None else _net(args, rules)
    if score is None:
        result = cube_decision(rules, setup.position, ply=args.ply, net=net)
    else:
        from analysis.backgammon.match_cube import match_cube_decision

        result = match_cube_decision(rules, setup.position, score, ply=args.ply, net=net)
    print_json({**result.to_dict(), **_ids(setup)}) if args.json else print(result)
    return 0


def _net(args, rules):
    from analysis.backgammon.net import load_net

    return load_net(rules, path=args.weights)


def _match(args) -> int:
    from itertools import combinations

    from analysis.backgammon.match import make_bot, match

    rules = rules_from_args(args)
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    bots = [make_bot(name, args.weights) for name in names]
    if len(bots) < 2:
        raise InvalidArgument(f"'{args.bots}' names {len(bots)} bot; a match needs two or more, e.g. net,pips.")
    if args.points is None:
        if args.matches is not None or args.export is not None:
            raise InvalidArgument("--matches and --export go with matches to N points; add --points N.")
        games = 1000 if args.games is None else args.games
        results = [match(rules, a, b, games, args.seed, cube=args.cube, chunks=args.chunks,
                         scheduler=args.scheduler) for a, b in combinations(bots, 2)]
    else:
        from analysis.backgammon.match_play import play_matches

        if args.games is not None or args.cube:
            raise InvalidArgument("Matches to N points are played with the cube, by matches: use --matches, not "
                                  "--games or --cube.")
        matches = 100 if args.matches is None else args.matches
        results = [play_matches(rules, a, b, args.points, matches, args.seed, chunks=args.chunks,
                                scheduler=args.scheduler) for a, b in combinations(bots, 2)]
        if args.export is not None:
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
