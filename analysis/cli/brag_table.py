"""``odds brag deal`` and ``odds brag session``: the whole deal at a table of 2 to 8."""

from __future__ import annotations

from analysis.cli.common import (add_json_flag, add_rules_flags, add_seed_flag, print_json, rules_from_args,
                                 scheduler_address)
from analysis.errors import InvalidArgument


def deal_rules_text(rules) -> str:
    """The whole deal's betting in words (no cap on bets: the deal ends by folds, a see or a cover)."""
    ladder = ", ".join(f"{s:g}" for s in rules.stakes)
    alone = "carries over" if rules.blind_alone == "carries" else "goes to the blind player"
    return (f"ante {rules.ante:g}; stakes {ladder} (blind players bet half), at most {rules.raises} "
            f"raise{'s' if rules.raises != 1 else ''}, no cap on bets; seeing costs {rules.see_cost:g}x the "
            f"seer's stake; a pot folded to a blind player {alone}"
            + ("; the blind hand is kept" if rules.keep_blind and rules.blind_alone == "carries" else "")
            + ("; pot cover allowed" if rules.pot_cover else "")
            + ("; the pack is gathered unshuffled" if rules.gather == "bottom" else "; a fresh shuffle each deal"))


def session_arguments(parser) -> None:
    parser.add_argument("--players", type=int, default=5, help="players at the table, 2-8 (default 5)")
    parser.add_argument("--bots", help="one bot per seat, comma separated: strategy, threshold, blind, "
                                       "never-bluff (default: those four in turn)")
    parser.add_argument("--deals", type=int, default=10_000, help="deals to play (default 10,000)")
    add_seed_flag(parser, "the shuffles")
    parser.add_argument("--bankroll", type=float, default=200.0,
                        help="each seat's chips; a seat that cannot ante buys back in to this (default 200)")
    parser.add_argument("--scheduler", type=scheduler_address,
                        help="play a long session as sittings of 20,000 deals (a fresh table each) through Dask: "
                             "processes, threads, sync or tcp://host:port; the same seed gives the same table "
                             "on any of them")
    add_rules_flags(parser, "brag")
    add_json_flag(parser)


def session_command(args) -> int:
    from analysis.brag.table.deal import check_players  # lazy: keeps numba and numpy out of the command line's start-up
    from analysis.brag.table.session import session  # lazy: keeps numba and numpy out of the command line's start-up

    check_players(args.players)
    bots = None if args.bots is None else [b.strip() for b in args.bots.split(",")]
    if args.scheduler is not None:
        # lazy: keeps numba and numpy out of the command line's start-up
        from analysis.brag.table.session import long_session

        result = long_session(rules_from_args(args), players=args.players, bots=bots, deals=args.deals,
                              seed=args.seed, bankroll=args.bankroll, scheduler=args.scheduler)
    else:
        result = session(rules_from_args(args), players=args.players, bots=bots, deals=args.deals,
                         seed=args.seed, bankroll=args.bankroll)
    data = result.to_dict()
    for seat in data["seats"]:
        mean, half = seat["chips_per_deal"], seat["interval_95"]
        seat["interval_95"] = [mean - half, mean + half]
    return _answer(args, data, lambda: _session_text(result, data))


def _answer(args, data, write) -> int:
    """The answer as JSON with ``--json``, else in words (``write`` prints them)."""
    if args.json:
        print_json(data)
    else:
        write()
    return 0


def _session_text(result, data) -> None:
    print(f"{result.rules.name}, {len(result.bots)} players, {result.deals:,} deals (seed {result.seed}), "
          f"bankroll {result.bankroll:g}; {deal_rules_text(result.rules)}")
    print(f"{'seat':>4}  {'bot':<12} {'chips per deal':>15}  {'95% interval':>20}  {'bought in':>10}")
    for seat in data["seats"]:
        low, high = seat["interval_95"]
        print(f"{seat['seat']:>4}  {seat['bot']:<12} {seat['chips_per_deal']:>15.3f}  "
              f"{f'{low:.3f} to {high:.3f}':>20}  {seat['bought_in']:>10,.0f}")
    ends = data["deals_by_end"]
    print(f"Deals: {ends['seen']:,} seen, {ends['folded_to_one']:,} won unseen, {ends['carried']:,} carried over "
          f"(a blind player left alone), {ends['covers']:,} pots covered, {ends['shuffles']:,} shuffles "
          f"after a prial; {data['carried_out_of_last_deal']:g} chips carried out of the last deal.")
    for bot, words in data["bots"].items():
        print(f"  {bot}: {words}.")
    print(f"  {result.seconds:.2f} s playing ({result.deals / max(result.seconds, 1e-9):,.0f} deals/s).")


def deal_arguments(parser) -> None:
    parser.add_argument("--hands", required=True,
                        help='every seat\'s hand from seat 1 (first to act), separated by "/", '
                             'e.g. "QS QD 4C / AS 7H 2D / 9C 9H KD"')
    parser.add_argument("--history", default="",
                        help='the moves, comma separated: look, bet (or blind), raise, see, fold, cover, '
                             'look-old, keep, discard')
    parser.add_argument("--banks", help="each seat's chips, comma separated (default: plenty)")
    add_rules_flags(parser, "brag")
    add_json_flag(parser)


def deal_command(args) -> int:
    from analysis.brag.table.deal import Deal  # lazy: keeps numba and numpy out of the command line's start-up

    hands = [h.strip() for h in args.hands.split("/")]
    banks = None
    if args.banks is not None:
        try:
            banks = [float(b) for b in args.banks.split(",")]
        except ValueError:
            raise InvalidArgument(f"'{args.banks}' is not a list of chip counts; give numbers "
                                  "separated by commas.") from None
    deal = Deal(rules_from_args(args), hands=hands, banks=banks)
    deal.play(args.history)
    summary = deal.summary()
    return _answer(args, summary, lambda: _deal_text(summary))


def _deal_text(summary) -> None:
    if summary["over"]:
        print(f"The deal is over: {summary['end']}.")
        for seat, chips in summary["pots_won"].items():
            print(f"  seat {seat} takes {chips:g} chips")
        if summary["carry"]:
            print(f"  {summary['carry']:g} chips carry to the next deal")
        if summary["kept_blind"]:
            print(f"  seat {summary['kept_blind']} keeps the blind hand")
    else:
        print(f"Seat {summary['turn']} to act; pot {summary['pot']:g}"
              + (f", new pot {summary['new_pot']:g}" if summary["new_pot"] else "")
              + f"; stake {summary['stake']:g}.")
    print("  " + ", ".join(f"seat {s}: {status}" for s, status in summary["status"].items()))


def deck_arguments(parser) -> None:
    parser.add_argument("--players", type=int, default=5, help="players at the table, 2-8 (default 5)")
    parser.add_argument("--deals", type=int, default=10_000, help="deals in each session (default 10,000)")
    add_seed_flag(parser, "the shuffles")
    add_rules_flags(parser, "brag")
    add_json_flag(parser)


def deck_command(args) -> int:
    from analysis.brag.table.deal import check_players  # lazy: keeps numba and numpy out of the command line's start-up
    from analysis.brag.table.deck import deck_memory  # lazy: keeps numba and numpy out of the command line's start-up

    check_players(args.players)
    memory = deck_memory(rules_from_args(args), players=args.players, deals=args.deals, seed=args.seed)
    data = memory.to_dict()
    return _answer(args, data, lambda: _deck_text(memory, data))


def _deck_text(memory, data) -> None:
    from analysis.brag.rules import CLASS_TITLES  # lazy: keeps brag.rules out of the command line's start-up

    print(f"{memory.rules.name}, {memory.players} players, {memory.deals:,} deals (seed {memory.seed}): seat 1's "
          f"next hand after the {memory.showdowns:,} showdowns it saw without a shuffle after them.")
    print(f"{'class':<14} {'fresh pack':>10}  {'on average after':>17}  {'typical change':>14}")
    for row in data["classes"]:
        print(f"{CLASS_TITLES[row['class']]:<14} {row['fresh_pack']:>10.2%}  "
              f"{row['mean_after_showdown']:>10.2%} ± {row['mean_error_95']:.2%}  "
              f"{row['mean_absolute_change']:>14.2%}")
    print(f"Seat 1 knew at least one card of its next hand before the deal in "
          f"{memory.known_own_card:.0%} of those deals (it remembers every card it has seen since the last "
          f"shuffle and where it went).")
    low, high = data["gain_interval_95"]
    print(f"Remembering the cards is worth {memory.gain:+.3f} chips per deal to seat 1 (95% interval {low:+.3f} "
          f"to {high:+.3f}): {memory.observer_chips:+.3f} as an observer against fresh-deck players, "
          f"{memory.fresh_chips:+.3f} as a fresh-deck player among them.")


def players_argument(parser) -> None:
    parser.add_argument("--players", type=int, default=2,
                        help="players at the table: 2 (heads-up, default), or 3 to 8 (the multi-player solves)")


def multi_solve_command(args, rules) -> int:
    from analysis.brag.multi.strategy import solve_summary  # lazy: keeps numpy out of the command line's start-up

    summary = solve_summary(rules, args.players)
    return _answer(args, summary, lambda: _multi_solve_text(summary))


def _multi_solve_text(summary) -> None:
    print(f"{summary['rules']}, {summary['players']} players: {summary['model']}, {summary['iterations']:,} "
          f"iterations ({summary['seconds']:.0f} s when solved).")
    for seat, (value, gain) in enumerate(zip(summary["values"], summary["best_response_gains"]), start=1):
        print(f"  seat {seat}: value {value:+.4f} chips per deal, best-response gain {gain:.4f}")


def multi_strategy_command(args, rules) -> int:
    # lazy: keeps numpy out of the command line's start-up
    from analysis.brag.multi.strategy import multi_strategy, strategy_text

    answer = multi_strategy(rules, args.players, args.hand, args.history)
    return _answer(args, answer, lambda: print(strategy_text(answer)))


def value_arguments(parser) -> None:
    parser.add_argument("what", choices=("blind", "kept", "cover"),
                        help="blind: playing blind at the first turn; kept: a kept blind hand; cover: covering "
                             "the pot when short of chips (e.g. cover --hand \"QS QD 4C\" --pot 40 --chips 3)")
    parser.add_argument("--players", type=int, default=2,
                        help="blind, kept: players at the solved table, 2-8 (default 2)")
    parser.add_argument("--hand", help='cover: your hand, as "QS QD 4C"')
    parser.add_argument("--pot", type=float, help="cover: chips in the pot before you cover")
    parser.add_argument("--chips", type=float, help="cover: the chips you have left (all go in)")
    parser.add_argument("--others", type=int, default=1, help="cover: players still betting after you (default 1)")
    add_seed_flag(parser, "the Monte Carlo deals (cover, 3+ others)")
    add_rules_flags(parser, "brag")
    add_json_flag(parser)


def value_command(args) -> int:
    from analysis.brag.table import values  # lazy: keeps numpy out of the command line's start-up

    rules = rules_from_args(args)
    if args.what == "cover":
        if args.hand is None or args.pot is None or args.chips is None:
            raise InvalidArgument("A cover's value needs your hand, the pot and your chips: give --hand, --pot "
                                  "and --chips.")
        data = values.cover_value(rules, args.hand, args.pot, args.chips, args.others, seed=args.seed)
        return _answer(args, data, lambda: _cover_text(data))
    if args.what == "blind":
        data = values.blind_value(rules, args.players)
        return _answer(args, data, lambda: _blind_text(data))
    data = values.kept_hand_value(rules, args.players)
    return _answer(args, data, lambda: _kept_text(data))


def _blind_text(data) -> None:
    print(f"{data['rules']}, {data['players']} players, the first player against {data['model']} "
          "(chips per deal, ante 1, best reply after the move):")
    for move, value in data["first_moves"].items():
        print(f"  {move:<14} {value:+.4f}")
    print(f"Playing blind ({data['best_blind_move']}) is worth {data['value_of_playing_blind']:+.4f} chips per "
          "deal over looking at once.")


def _kept_text(data) -> None:
    print(f"{data['rules']}, {data['players']} players, the first player against {data['model']} "
          "(chips per deal, ante 1):")
    print(f"  one hand: look {data['look']:+.4f}, best blind move {data['best_blind_move']:+.4f}")
    print(f"  two blind hands (look at one; keep it, or play the other blind): {data['with_two_hands']:+.4f}, "
          f"keeping the looked-at hand {data['looked_hand_kept']:.0%} of the time")
    print(f"A kept blind hand is worth {data['value_of_the_kept_hand']:+.4f} chips per deal (the opponents play "
          "as against one hand; a bet with both hands blind counted as one blind hand's, so at least this).")


def _cover_text(data) -> None:
    how = "exact" if data["exact"] else (f"Monte Carlo, {data['samples']:,} deals, seed {data['seed']}, standard "
                                         f"error {data['standard_error']:.3f} chips")
    print(f"Cover the pot of {data['pot']:g} with your {data['chips']:g} chips, holding {data['hand']} "
          f"({data['rules']}), {data['others']} other{'s' if data['others'] != 1 else ''} betting on?")
    for name, value in data["values"].items():
        mark = "  <- best" if name == data["best"] else ""
        print(f"  {name:<6} {value:+10.3f} chips{mark}")
    print(f"  your hand beats the best of theirs: {data['win']:.4%} ({how}); break-even {data['break_even_win']:.4%}")
    print("Assumptions:\n  - Your chips join the pot; it goes to you if your hand beats the new pot's winner's (a tie "
          "goes to the winner), taken to hold the best of the others' hands, so covering is worth at least this.")
