"""``odds brag ...``: hand ranking, exact frequencies, equity, and the stay / see / blind decisions."""

from __future__ import annotations

import sys

from analysis.cli import brag_table, requested
from analysis.cli.common import (add_json_flag, add_rules_flags, add_seed_flag, print_json, rules_from_args,
                                 writable_file)
from analysis.cli.requested import add_chart
from analysis.errors import InvalidArgument
from analysis.house_rules import rule_fields
from analysis.questions import brag as questions


def _add_preset(parser) -> None:
    add_rules_flags(parser, "brag")


def _preset(args):
    """The rules of ``--preset`` with the ``--rule FIELD=VALUE`` changes (checked when made)."""
    return rules_from_args(args)


def _add_hand(parser) -> None:
    """The hand, as every command takes it: positional, or ``--hand`` (the same thing)."""
    parser.add_argument("hand", nargs="?", help='your hand, e.g. "KS KH 7D" or "K♠ K♥ 7♦"')
    parser.add_argument("--hand", dest="hand_option", metavar="HAND", help="your hand (the same as giving it first)")


def _hand_of(args) -> str:
    if args.hand is not None and args.hand_option is not None and args.hand != args.hand_option:
        raise InvalidArgument(f"Two hands given ('{args.hand}' and --hand '{args.hand_option}'); give one.")
    hand = args.hand if args.hand is not None else args.hand_option
    if hand is None:
        raise InvalidArgument('Give your hand, e.g. odds brag %s "KS KH 7D".' % args.command)
    return hand


def register(subparsers) -> None:
    brag = subparsers.add_parser("brag", help="Brag: three-card, four-card, Teen Patti")
    commands = brag.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    # A command line that names one command builds only its arguments (the others by name and
    # help): every argument costs argparse time at each start of a question asked at the table.
    wanted = requested.REQUESTED_COMMAND if requested.REQUESTED_COMMAND in _COMMANDS else None
    for name, (help_text, add_arguments, handler) in _COMMANDS.items():
        parser = commands.add_parser(name, help=help_text)
        if wanted in (None, name):
            add_arguments(parser)
            parser.set_defaults(handler=handler)
    add_chart(commands, "brag")


def _freq_arguments(parser) -> None:
    _add_preset(parser)
    add_json_flag(parser)


def _equity_arguments(parser) -> None:
    _add_hand(parser)
    parser.add_argument("--opponents", type=int, default=1, help="players still in against you, 1-7 (default 1)")
    parser.add_argument("--against", default="any",
                        help="one opponent's range: any, a class (pair), a class or better (pair+), 'top 20%%'")
    add_seed_flag(parser, "the Monte Carlo deals (3+ opponents or --simulate)")
    parser.add_argument("--samples", type=int, default=1_000_000, help="Monte Carlo deals (default 1,000,000)")
    parser.add_argument("--simulate", action="store_true", help="simulate even where exact enumeration exists")
    _add_preset(parser)
    add_json_flag(parser)


def _hand_arguments(parser) -> None:
    parser.add_argument("hands", nargs="+", help='one or more hands, e.g. "AS 2D 3C" "KH KD 7S"')
    _add_preset(parser)
    add_json_flag(parser)


def _add_hand_pot_stake(parser, stake_help: str) -> None:
    _add_hand(parser)
    parser.add_argument("--pot", type=float, required=True, help="chips in the pot before you act")
    parser.add_argument("--stake", type=float, required=True, help=stake_help)


def _see_arguments(parser) -> None:
    _add_hand_pot_stake(parser, "the previous stake")
    parser.add_argument("--against", default="any", help="the opponent's range (default any)")
    parser.add_argument("--opponent-sees", type=float, default=1.0,
                        help="probability the opponent sees you if you bet instead (default 1)")
    _add_preset(parser)
    add_json_flag(parser)


def _stay_arguments(parser) -> None:
    _add_hand_pot_stake(parser, "the stake to match")
    parser.add_argument("--opponents", type=int, default=1, help="players still in against you, 1-7")
    parser.add_argument("--model", choices=("solved", "threshold"),
                        help="the opponents' play: the solved strategy (default for three-card presets; "
                             "heads-up equilibrium with one opponent, the 3-8 player solves with 2-7), or the "
                             "fixed threshold model (default with --opponent-stays or four-card presets)")
    parser.add_argument("--history", default="",
                        help="solved model: the moves before yours in the deal, comma separated "
                             "(default: you act first)")
    parser.add_argument("--opponent-stays", type=float, default=None,
                        help="threshold model: opponents stay in round r with hands beating a share 1 - S**r "
                             "of all hands (default 0.5)")
    add_seed_flag(parser, "the Monte Carlo deals (2+ opponents)")
    parser.add_argument("--samples", type=int, default=1_000_000, help="Monte Carlo deals (default 1,000,000)")
    _add_preset(parser)
    add_json_flag(parser)


def _blind_arguments(parser) -> None:
    parser.add_argument("--pot", type=float, required=True, help="chips in the pot now")
    parser.add_argument("--stake", type=float, required=True, help="the open stake")
    parser.add_argument("--rounds", type=int, default=1, help="betting rounds before you see (default 1)")
    parser.add_argument("--against", default="any", help="the open opponent's range (default any)")
    _add_preset(parser)
    add_json_flag(parser)


def _solve_arguments(parser) -> None:
    _add_betting(parser)
    parser.add_argument("--solver", default="dcfr", help="dcfr (default), cfr+, lcfr or cfr")
    parser.add_argument("--target", type=float, default=1e-3,
                        help="stop when the exploitability is at most this, chips per ante (default 0.001)")
    parser.add_argument("--iterations", type=int, default=20_000, help="most iterations (default 20,000)")
    brag_table.players_argument(parser)
    add_json_flag(parser)


def _strategy_arguments(parser) -> None:
    _add_betting(parser)
    parser.add_argument("--hand", required=True, help="your hand")
    parser.add_argument("--history", default="",
                        help='the betting so far, comma separated, e.g. "blind,look,bet" (default: the start)')
    brag_table.players_argument(parser)
    add_json_flag(parser)


def _table_arguments(parser) -> None:
    _add_preset(parser)
    parser.add_argument("--against", default="any", help="the opponent's range (default any)")
    parser.add_argument("--out", default="-", type=writable_file, help="CSV file (default: standard output)")
    add_json_flag(parser)


def _add_betting(parser) -> None:
    add_rules_flags(parser, "brag", make_rules=_betting_rules)
    parser.add_argument("--ante", type=float, help="chips each player antes (preset: 1)")
    parser.add_argument("--stakes", help="the open stake ladder in chips, e.g. 1,2,4 (preset: 1,2)")
    parser.add_argument("--raises", type=int, help="most raises in a hand (preset: 1)")
    parser.add_argument("--bets", type=int, help="most bets in a hand before a player must see or fold (preset: 4)")


def _betting_rules(args):
    from analysis.brag.rules import BragRules, preset  # lazy: keeps the Brag rules out of the command line's start-up

    rules = rules_from_args(args)
    shortcuts = [f"{name}={value}" for name, value in
                 (("ante", args.ante), ("stakes", args.stakes), ("raises", args.raises), ("bets", args.bets))
                 if value is not None]
    return preset(rules, **rule_fields(BragRules, shortcuts)) if shortcuts else rules


def _solve(args) -> int:
    if args.players != 2:
        return brag_table.multi_solve_command(args, _betting_rules(args))
    from analysis.brag.headsup.solve import solve  # lazy: keeps numpy out of the command line's start-up

    solution = solve(_betting_rules(args), variant=args.solver, target=args.target, iterations=args.iterations)
    if args.json:
        print_json(solution)
    else:
        print(solution)
        print(f"  {solution.timing_text}")
    return 0


def _strategy(args) -> int:
    if args.players != 2:
        return brag_table.multi_strategy_command(args, _betting_rules(args))
    # lazy: keeps numpy out of the command line's start-up
    from analysis.brag.showdown.lookup import stored_advice

    rules = _betting_rules(args)
    # From the decision's small stored table when it is there (no solve).
    advice = stored_advice(rules, args.hand, args.history)
    if advice is not None:
        return _decision(advice, args.json)
    # lazy: keeps the heads-up solver out of a start-up that a stored answer ends
    from analysis.brag.headsup.betting import betting_tree
    from analysis.brag.showdown.hands import _cards
    from analysis.brag.headsup.solve import solve
    from analysis.brag.headsup.strategy import parse_history, store_decision_points, strategy

    # Bad hands and histories are refused before any solving starts.
    _cards(args.hand, rules)
    betting_tree(rules).decision_of(parse_history(args.history))
    solution = solve(rules)
    _decision(strategy(solution, args.hand, args.history), args.json)
    sys.stdout.flush()
    store_decision_points(solution)   # so that the next question at any decision is a lookup
    return 0


def _freq(args) -> int:
    # lazy: keeps numpy out of the command line's start-up
    from analysis.brag.showdown.frequencies import frequency_report

    report = frequency_report(_preset(args))
    if args.json:
        print_json(report)
        return 0
    print(f"{report['preset']}: {report['total_hands']:,} hands, "
          f"{report['distinct_strengths']:,} distinct strengths")
    print(f"{'class':<15}{'hands':>9}{'probability':>13}{'1 in':>10}{'strengths':>11}{'beats at least':>16}")
    for row in report["classes"]:
        print(f"{row['title']:<15}{row['hands']:>9,}{row['probability']:>13.6f}{row['one_in']:>10.2f}"
              f"{row['distinct_strengths']:>11,}{row['weaker_than_class']:>16.4%}")
    return 0


def _equity(args) -> int:
    rules = _preset(args)
    result = questions.equity(rules, _hand_of(args), args.opponents, args.against, args.seed, args.samples,
                              args.simulate)
    _decision(result, args.json)
    sys.stdout.flush()
    questions.store_equity_table(rules, result, args.against)
    return 0


def _hand(args) -> int:
    answer = questions.hand(_preset(args), args.hands)
    if args.json:
        print_json(answer)
        return 0
    rows, winners = answer["hands"], answer["winners"]
    for i, row in enumerate(rows, start=1):
        print(f"{i}. {row['hand']}: {row['name']} (strength {row['strength']}, "
              f"beats {row['percentile']:.2f}% of hands)")
    if winners:
        print("Tie between hands " + ", ".join(map(str, winners)) + "." if len(winners) > 1
              else f"Hand {winners[0]} wins.")
    return 0


def _decision(decision, as_json: bool) -> int:
    if as_json:
        print_json(decision)
    else:
        print(decision)
    return 0


def _see(args) -> int:
    return _decision(questions.see(_preset(args), _hand_of(args), args.pot, args.stake, args.against,
                                   args.opponent_sees), args.json)


def _stay(args) -> int:
    return _decision(questions.stay(_preset(args), _hand_of(args), args.pot, args.stake, args.opponents,
                                    args.model, args.history, args.opponent_stays, args.seed, args.samples),
                     args.json)


def _blind(args) -> int:
    return _decision(questions.blind(_preset(args), args.pot, args.stake, args.rounds, args.against), args.json)


def _table(args) -> int:
    from analysis.brag.showdown.equity import equity_table  # lazy: keeps numpy out of the command line's start-up

    frame = equity_table(_preset(args), args.against)
    if args.json and args.out == "-":
        print_json(frame)
    elif args.out == "-":
        frame.to_csv(sys.stdout, index=False, float_format="%.6f")
    else:
        try:
            frame.to_csv(args.out, index=False, float_format="%.6f")
        except OSError as error:
            # pandas raises its own OSError (no strerror) for a missing folder.
            reason = error.strerror or "no such folder"
            raise InvalidArgument(f"Cannot write '{args.out}': {reason.lower()}.") from None
        print(f"Wrote {len(frame):,} hands to {args.out}.")
    return 0


#: Every command: its help line, the function adding its arguments, its handler (in ``--help`` order).
_COMMANDS = {
    "freq": ("exact count and probability of every hand class", _freq_arguments, _freq),
    "equity": ("win / tie / lose against N opponents (exact for 1-2)", _equity_arguments, _equity),
    "hand": ("name, strength and percentile of hands; with several, who wins", _hand_arguments, _hand),
    "see": ("two players left: see (pay twice the stake), bet or fold", _see_arguments, _see),
    "stay": ("stay (bet the stake) or fold against N opponents, played out by the rules", _stay_arguments, _stay),
    "blind": ("two players left, cards unseen: keep playing blind or look", _blind_arguments, _blind),
    "solve": ("betting solved: heads-up equilibrium, or 3-8 players (--players) with best-response gains",
              _solve_arguments, _solve),
    "strategy": ("the solved mix at a decision (heads-up: and each action's value; --players 3-8)",
                 _strategy_arguments, _strategy),
    "table": ("heads-up equity of every hand as CSV", _table_arguments, _table),
    "deal": ("one deal at a table of 2-8, move by move: who takes the pots", brag_table.deal_arguments,
             brag_table.deal_command),
    "session": ("many deals at a table of 2-8 bots: chips won per deal by seat", brag_table.session_arguments,
                brag_table.session_command),
    "deck": ("what the unshuffled pack is worth: the next hand's chances, and a memory's gain",
             brag_table.deck_arguments, brag_table.deck_command),
    "value": ("what playing blind, a kept blind hand or a pot cover is worth, in chips",
              brag_table.value_arguments, brag_table.value_command),
}
