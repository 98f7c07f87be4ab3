"""``odds bluff ...``: bid odds, the call advisor, odds tables and the bid track."""

from __future__ import annotations

import importlib.util
import sys

from analysis.cli.common import (add_json_flag, add_rules_flags, add_seed_flag, bounded, print_json,
                                 writable_file)
from analysis.cli.requested import add_chart, asks_for_another
from analysis.questions import bluff as questions

#: The ranges of the numeric arguments, checked before any work starts (docs/bluff.md lists them).
DICE = bounded(*questions.DICE)
SEAT = bounded(*questions.SEAT)
UNKNOWN = bounded(int, 0, 200, "the unknown dice")
COUNT = bounded(int, 1, 1000, "the largest bid count")


def _add_rules(parser) -> None:
    add_rules_flags(parser, "bluff", make_rules=_rules)
    parser.add_argument("--wild", type=bounded(int, 1, 6, "the wild face"), default=None, metavar="FACE",
                        help="liars_dice only: make FACE wild (e.g. --preset liars_dice --wild 6)")
    parser.add_argument("--palifico", action="store_true", help="Perudo palifico round: pacos are not wild")


def _rules(args):
    # The dice counts are rules too: ``--rule box_dice=none --rule dice_per_player=5`` is the
    # five-each house rule, checked when the rules are made.
    return questions.rules(args.preset, args.rule, args.wild, args.palifico)


def register(subparsers) -> None:
    bluff = subparsers.add_parser("bluff", help="dice bidding: Bluff, Perudo, Liar's Dice")
    commands = bluff.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    call = commands.add_parser("call", help="should I call bluff? challenge vs the best raises")
    _add_rules(call)
    call.add_argument("--dice", required=True, help='my dice, e.g. "3 3 * 5 1"')
    call.add_argument("--opponents", required=True, nargs="+", type=DICE, metavar="N",
                      help="the other players' dice counts (1-30 each, 1-5 opponents), in turn order after me")
    call.add_argument("--bid", required=True, help='the bid to answer, e.g. 7x3, "7 threes", *3')
    call.add_argument("--bidder", type=SEAT, default=None, metavar="K",
                      help="which opponent (1 = next after me) made the bid, 1-5; default: the last")
    call.add_argument("--next", dest="responder", type=SEAT, default=1, metavar="K",
                      help="which opponent answers my raise, 1-5; default 1 (the next player)")
    call.add_argument("--start", type=DICE, default=None, help="starting dice per player, 1-30 (house rule)")
    call.add_argument("--history", default="", metavar="BIDS",
                      help="the round's bids in order as PLAYER:BID (me, then 1, 2, ... in turn order after me), "
                           "e.g. --opponents 5 5 --bid 7x3 --history \"1:4x3 2:5x3 me:6x3 1:6x5 2:7x3\"; read "
                           "as evidence under --model "
                           "(plain \"1x3,1x5\": the bids before --bid, in turn order)")
    call.add_argument("--model", default="", metavar="SETTINGS",
                      help="the opponents' bidding model, e.g. --opponents 5 5 --model \"bluff_rate=0.3 "
                           "2:rationality=4\" "
                           "(fields rationality, bluff_rate, call_bias; K: for opponent K only)")
    call.add_argument("--rollouts", type=bounded(int, 0, 10 ** 6, "the rollouts"), default=0, metavar="N",
                      help="also play each action out to the end of the round N times, 0-1,000,000 "
                           "(seeded; e.g. 10000; default 0: the exact one-step answers only)")
    add_seed_flag(call, "the rollouts")
    add_json_flag(call)
    call.set_defaults(handler=_call)

    odds = commands.add_parser("odds", help="P(true), P(exact) and the count distribution of a bid")
    _add_rules(odds)
    odds.add_argument("--dice", default="", help="my dice (default: none)")
    odds.add_argument("--unknown", required=True, type=UNKNOWN, help="number of dice I cannot see, 0-200")
    odds.add_argument("--bid", required=True, help="the bid")
    odds.add_argument("--simulate", type=bounded(int, 0, 10 ** 7, "the rolls"), default=0, metavar="SAMPLES",
                      help="also estimate by Monte Carlo with this many rolls, 0-10,000,000")
    add_seed_flag(odds, "--simulate")
    add_json_flag(odds)
    odds.set_defaults(handler=_odds)

    table = commands.add_parser("table", help="write the odds of every bid x unknown dice as CSV")
    _add_rules(table)
    table.add_argument("--dice", default="", help="my dice (default: none)")
    table.add_argument("--max-unknown", type=UNKNOWN, default=60,
                       help="largest number of unknown dice, 0-200 (default 60)")
    table.add_argument("--max-count", type=COUNT, default=None,
                       help="largest bid count, 1-1000 (default: all that can be true)")
    table.add_argument("--out", default="-", type=writable_file, help="CSV file (default: standard output)")
    add_json_flag(table)
    table.set_defaults(handler=_table)

    raises = commands.add_parser("raises", help="the legal raises of a bid, in track order")
    _add_rules(raises)
    raises.add_argument("--bid", default=None, help="the current bid (default: none, list the openings)")
    raises.add_argument("--max-count", type=COUNT, default=None, help="largest count listed, 1-1000 (default: bid + 3)")
    add_json_flag(raises)
    raises.set_defaults(handler=_raises)

    # Equilibrium play and simulation live in their own module, not imported for a table question.
    if not asks_for_another(commands) and importlib.util.find_spec("analysis.cli.bluff_strategy") is not None:
        from analysis.cli import bluff_play, bluff_strategy  # lazy: only when their commands are asked for
        bluff_strategy.register(commands, _add_rules)
        bluff_play.register(commands, _add_rules)

    add_chart(commands, "bluff", _add_rules)


def _call(args) -> int:
    advice = questions.call(_rules(args), args.dice, args.opponents, args.bid, bidder=args.bidder,
                            responder=args.responder, history=args.history, palifico=args.palifico,
                            model=args.model, start=args.start, rollouts=args.rollouts, seed=args.seed)
    print_json(advice) if args.json else print(advice)
    return 0


def _odds(args) -> int:
    # lazy: keeps numpy out of the command line's start-up
    from analysis.bluff.bids import parse_bid, parse_dice
    from analysis.bluff.odds.bid_odds import bid_odds

    rules = _rules(args)
    dice = parse_dice(rules, args.dice) if args.dice.strip() else ()
    bid = parse_bid(rules, args.bid)
    odds = bid_odds(rules, dice, args.unknown, bid, args.palifico)
    simulated = None
    if args.simulate:
        from analysis.bluff.odds.simulate import simulate_bid  # lazy: only when a Monte Carlo check is asked for
        simulated = simulate_bid(rules, dice, args.unknown, bid, args.simulate, args.seed, args.palifico)
    if args.json:
        payload = odds.to_dict()
        if simulated is not None:
            payload["monte_carlo"] = simulated.to_dict()
        print_json(payload)
    else:
        print(odds)
        if simulated is not None:
            print(simulated)
    return 0


def _table(args) -> int:
    # lazy: keeps numpy out of the command line's start-up
    from analysis.bluff.bids import parse_dice
    from analysis.bluff.odds.bid_odds import odds_table

    rules = _rules(args)
    dice = parse_dice(rules, args.dice) if args.dice.strip() else ()
    table = odds_table(rules, dice, args.max_unknown, args.max_count, args.palifico)
    if args.json and args.out == "-":
        print_json(table)
    elif args.out == "-":
        table.to_csv(sys.stdout, index=False)
    else:
        table.to_csv(args.out, index=False)
        print(f"wrote {len(table):,} rows to {args.out}")
    return 0


def _raises(args) -> int:
    answer = questions.raises(_rules(args), args.bid, args.max_count, args.palifico)
    print_json(answer) if args.json else print(" ".join(answer["raises"]))
    return 0
