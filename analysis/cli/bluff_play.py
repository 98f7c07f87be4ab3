"""``odds bluff play | open``, and ``odds bluff solve`` beyond three dice: the solved heads-up strategy at real size.

Registered by ``analysis/cli/bluff.py`` into the ``odds bluff`` command group.
"""

from __future__ import annotations

from analysis.errors import InvalidArgument
from analysis.cli.common import add_json_flag, bounded, print_json
from analysis.questions import bluff as questions

DICE = bounded(*questions.DICE)

#: ``odds bluff solve --payoff``'s names as the sampled solver calls them (its "win" is winning the round).
SAMPLED_PAYOFF = {"dice": "dice", "round": "win", "game": "game"}


def register(commands, add_rules) -> None:
    play = commands.add_parser("play", help="what to do now: the solved strategy's (or a bot's) chances and values")
    add_rules(play)
    _add_table(play)
    play.add_argument("--history", default="", metavar="TURNS",
                      help='the round so far, e.g. "1:3x3 me:4x3 1:5x3" (default: none, I open)')
    play.add_argument("--bot", default=None, metavar="NAME",
                      help="ask a tournament bot instead: bayes, threshold:0.4, honest, random, model, equilibrium, "
                           "overbid, jumper, switcher")
    play.add_argument("--search", action="store_true",
                      help="the solved strategy with decision-time search: stronger against the bots, easier to "
                           "exploit")
    add_json_flag(play)
    play.set_defaults(handler=_play)

    opening = commands.add_parser("open", help="the best opening bids: chance true, chance challenged, value")
    add_rules(opening)
    _add_table(opening)
    opening.add_argument("--top", type=bounded(int, 1, 100, "the bids shown"), default=8,
                         help="bids shown, 1-100 (default 8)")
    add_json_flag(opening)
    opening.set_defaults(handler=_open)


def _add_table(parser) -> None:
    parser.add_argument("--dice", required=True, help='my dice, e.g. "3 3 * 5 1"')
    parser.add_argument("--opponents", required=True, nargs="+", type=DICE, metavar="N",
                        help="the other players' dice counts (1-30 each), in turn order after me")


def _play(args) -> int:
    decision = questions.play(args.make_rules(args), args.dice, args.opponents, args.history, args.bot,
                              args.search, args.palifico)
    print_json(decision.to_dict()) if args.json else print(decision)
    return 0


def _open(args) -> int:
    decision, rows = questions.opening(args.make_rules(args), args.dice, args.opponents, args.top, args.palifico)
    if args.json:
        print_json(questions.opening_dict(decision, rows))
        return 0
    against = " ".join(map(str, args.opponents))
    print(f"Opening with {args.dice} against {against} dice: {decision.action} ({decision.source})")
    if decision.note:
        print(f"  {decision.note}")
    print(f"  {'bid':>6}  {'strategy':>8}  {'P(true)':>7}  {'P(challenged)':>13}  value (dice)")
    for row in rows:
        print(f"  {row['bid']:>6}  {_shown(row['p_strategy'], '8.1%')}  {row['p_true']:7.1%}  "
              f"{_shown(row['p_challenged'], '13.1%')}  {_shown(row['value'], '+.3f')}")
    return 0


def _shown(value, spec: str) -> str:
    """``value`` in ``spec``, or a dash as wide where there is none (an answer from the odds has no strategy)."""
    if value is not None:
        return format(value, spec)
    width = "".join(c for c in spec.split(".")[0] if c.isdigit())
    return format("-", f">{width or 1}")


def sampled_solve(args, rules) -> int:
    """``odds bluff solve`` for a round beyond the exact solver: the planned sampled solve (read or built)."""
    # lazy: keeps numpy and the sampled solver out of the command line's start-up
    from analysis.bluff.sampled.plan import FULL_WIDTH_ITERATIONS, planned, stored_plan
    from analysis.bluff.sampled.solver import solve_sampled

    if args.openings or args.after is not None:
        raise InvalidArgument("--openings and --after print the exact solver's tables, for at most 3 dice in play; "
                              "ask odds bluff open or odds bluff play instead.")
    chosen = (args.remember is None and args.iterations is None and args.seed == 0 and not args.palifico
              and args.payoff == "dice" and not args.full_width)
    solution = stored_plan(rules, tuple(args.dice)) if chosen else None    # the plan's best solve already stored
    if solution is None:
        plan = planned(args.dice, rules)
        if args.full_width and not plan.get("full_width"):
            plan = {"k": 2, "iterations": FULL_WIDTH_ITERATIONS, "full_width": True}
        if args.remember is not None:
            plan["k"] = args.remember
        if args.iterations is not None:
            plan["iterations"] = args.iterations
        solution = solve_sampled(rules, tuple(args.dice), seed=args.seed, palifico_round=args.palifico,
                                 payoff=SAMPLED_PAYOFF[args.payoff], **plan)
    if args.json:
        print_json(solution.to_dict())
    else:
        print(solution)
        done = "read from the store, solved" if solution.from_store else "solved"
        print(f"  {done} in {solution.seconds:.1f} s")
    return 0
