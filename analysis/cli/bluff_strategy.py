"""``odds bluff solve | game-value | tournament``: equilibrium rounds, endgame values, bot tournaments.

Registered by ``analysis/cli/bluff.py`` into the ``odds bluff`` command group.
"""

from __future__ import annotations

from analysis.cli.bluff_play import SAMPLED_PAYOFF, sampled_solve
from analysis.cli.common import (add_json_flag, add_rules_flags, add_seed_flag, bounded, print_json, rules_from_args,
                                 scheduler_address, writable_file)
from analysis.errors import InvalidArgument

#: The ranges of the numeric arguments, checked before any work starts (docs/bluff.md lists them).
ROUND_DICE = bounded(int, 1, 3, "a player's dice in a solved round")
SOLVE_DICE = bounded(int, 1, 15, "a player's dice in a solved round")
PLAYERS = bounded(int, 2, 6, "the players")
GAMES = bounded(int, 1, 10 ** 9, "the games")
CHUNKS = bounded(int, 1, 10 ** 6, "the chunks")


def register(commands, add_rules) -> None:
    solve = commands.add_parser("solve", help="equilibrium of a two-player round by CFR, with its exploitability")
    add_rules(solve)
    solve.add_argument("--dice", nargs=2, type=SOLVE_DICE, default=[1, 1], metavar=("FIRST", "SECOND"),
                       help="dice of the first and the second bidder, 1-15 each (default 1 1; beyond 3 dice in all "
                            "the sampled solver, docs/bluff_strategy.md)")
    solve.add_argument("--remember", type=bounded(int, 1, 1000, "the bids remembered"), default=None, metavar="K",
                       help="sampled solver: the bids a player remembers (default: the stored plan's)")
    solve.add_argument("--full-width", action="store_true",
                       help="beyond 3 dice in play: full-width CFR over the remembered bids instead of sampling "
                            "(every information set at every iteration; the plan's solve at 5v5 of Liar's Dice)")
    add_seed_flag(solve, "the sampled solver")
    solve.add_argument("--solver", default="dcfr", choices=("dcfr", "cfr+", "lcfr", "cfr"),
                       help="discounted CFR (default), CFR+, linear CFR or vanilla CFR")
    solve.add_argument("--iterations", type=bounded(int, 1, 1_000_000, "the iterations"), default=None,
                       help="most iterations (default 10000; 2000 with 3 dice in play)")
    solve.add_argument("--target", type=bounded(float, 1e-9, 1.0, "the target exploitability"), default=None,
                       help="stop at this exploitability, in dice, 1e-9 to 1 (default 1e-5; 1e-3 with 3 dice in "
                            "play); 0 can never be reached")
    solve.add_argument("--no-exact-call", action="store_true",
                       help="leave out calza / spot on (OpenSpiel's liars_dice has none)")
    solve.add_argument("--payoff", default="dice", choices=("dice", "round", "game"),
                       help="what the players play for: the dice lost (default), winning the round (losing fewer "
                            "dice), or winning the game (up to 3 dice in play, where the game values are exact)")
    solve.add_argument("--openings", action="store_true", help="also print the opening bids by hand")
    solve.add_argument("--after", default=None, metavar="BIDS",
                       help="also print the strategy by hand after these bids, e.g. \"1x3\" or \"1x3,1x5\"")
    add_json_flag(solve)
    solve.set_defaults(handler=_solve)

    value = commands.add_parser("game-value", help="chance to win a two-player endgame, rounds at equilibrium")
    add_rules(value)
    value.add_argument("--dice", nargs=2, type=ROUND_DICE, required=True, metavar=("MINE", "YOURS"),
                       help="my dice and your dice (at most 3 in all)")
    value.add_argument("--target", type=bounded(float, 1e-9, 1.0, "the target exploitability"), default=1e-3,
                       help="exploitability each round is solved to, in win probability, 1e-9 to 1 (default 1e-3)")
    add_json_flag(value)
    value.set_defaults(handler=_game_value)

    tournament = commands.add_parser("tournament", help="whole games between bots: win rates with 95%% intervals")
    add_rules(tournament)
    tournament.add_argument("--players", type=PLAYERS, default=None, help="players, 2-6 (default: one per bot)")
    tournament.add_argument("--bots", required=True,
                            help="comma-separated bots by seat: random, honest, threshold[:P], equilibrium, "
                                 "bayes[:P], strategy[:P], model[:FIELD=VALUE:...], and bidding off the solved "
                                 "strategy's path overbid, jumper, switcher")
    tournament.add_argument("--games", type=GAMES, default=10000, help="games to play, 1-10^9 (default 10000)")
    add_seed_flag(tournament, "the games")
    tournament.add_argument("--start", default=None, metavar="N or N,N,...",
                            help="starting dice per player, 1-30 (house rule), or one count per seat, e.g. 7,3,4")
    tournament.add_argument("--log", default=None, metavar="ROUNDS.jsonl",
                            help="write every round (dice, bids, call, outcome) as a line of JSON")
    tournament.add_argument("--no-rotate", action="store_true",
                            help="keep the first seat opening every game (default: the opener rotates)")
    tournament.add_argument("--chunks", type=CHUNKS, default=None,
                            help="independent seeded chunks, 1 to the games (default: about 20000 games each)")
    tournament.add_argument("--scheduler", default="processes", type=scheduler_address,
                            help="Dask's local process scheduler (default, nothing to start), 'threads', 'sync' "
                                 "or a dask.distributed scheduler address tcp://host:port")
    add_json_flag(tournament)
    tournament.set_defaults(handler=_tournament)

    fit = commands.add_parser("fit", help="fit the bidding model to a log of rounds (maximum likelihood)")
    fit.add_argument("log", metavar="ROUNDS.jsonl", help="a log written by tournament --log (or by hand)")
    _add_log_preset(fit)
    fit.add_argument("--seat", type=bounded(int, 0, 5, "the seat"), default=None,
                     help="fit one seat's decisions only, 0-5 (default: every seat)")
    fit.add_argument("--rounds", type=bounded(int, 1, 10 ** 6, "the rounds"), default=1500,
                     help="rounds read from the start of the log, 1-1,000,000 (default 1500)")
    add_json_flag(fit)
    fit.set_defaults(handler=_fit)

    calibration = commands.add_parser("calibration", help="P(bid true | history) against how often bids are true")
    calibration.add_argument("log", metavar="ROUNDS.jsonl", help="a log written by tournament --log (or by hand)")
    _add_log_preset(calibration)
    calibration.add_argument("--model", default="", metavar="SETTINGS",
                             help="how the bidders are read, e.g. \"bluff_rate=0.3\" (default: the model's defaults)")
    calibration.add_argument("--bids", type=bounded(int, 1, 10 ** 6, "the bids"), default=1000,
                             help="bids judged, 1-1,000,000 (default 1000)")
    add_json_flag(calibration)
    calibration.set_defaults(handler=_calibration)

    sweep = commands.add_parser("sweep", help="a grid of tournaments (presets x players x bots) through Dask")
    add_rules_flags(sweep, "bluff", alias="--presets",
                    presets="a preset, or several comma-separated, e.g. bluff,perudo (default bluff); "
                            "--rule changes every one",
                    make_rules=_sweep_presets)
    sweep.add_argument("--players", default="4", help="comma-separated player counts, 2-6 each (default 4)")
    sweep.add_argument("--tested", required=True, help="comma-separated bots to test in seat 0, e.g. "
                                                       "threshold:0.3,threshold:0.5,honest")
    sweep.add_argument("--field", default="threshold", help="the bot in every other seat (default threshold)")
    sweep.add_argument("--games", type=GAMES, default=10000, help="games per tournament, 1-10^9 (default 10000)")
    add_seed_flag(sweep, "the games")
    sweep.add_argument("--chunks", type=CHUNKS, default=None, help="chunks per tournament, 1 to the games")
    sweep.add_argument("--scheduler", default="processes", type=scheduler_address,
                       help="processes (default), threads, sync or tcp://host:port")
    sweep.add_argument("--out", default=None, type=writable_file, help="also write the table as CSV")
    add_json_flag(sweep)
    sweep.set_defaults(handler=_sweep)


def _solve(args) -> int:
    # lazy: keeps numpy out of the command line's start-up
    from analysis.bluff.exact.solve import default_precision, solve_round

    rules = args.make_rules(args)
    if args.no_exact_call:
        rules = rules.with_fields(exact_call=None)
    if sum(args.dice) > 3:      # beyond the exact solver's tree: the sampled abstraction
        return sampled_solve(args, rules)
    history = None
    if args.after is not None:      # read before solving: a bad bid is one sentence, not after a long solve
        # lazy: keeps bluff.bids out of the command line's start-up
        from analysis.bluff.bids import check_raise, format_bid, parse_bid
        history = [parse_bid(rules, text) for text in args.after.split(",") if text.strip()]
        for previous, bid in zip([None, *history], history):
            if bid.count > sum(args.dice):
                raise InvalidArgument(f"{format_bid(rules, bid)} is not a bid of this round: {sum(args.dice)} dice "
                                      "are in play.")
            check_raise(rules, previous, bid, args.palifico)
    target, iterations = default_precision(args.dice)
    terminal = None
    if args.payoff != "dice":
        # lazy: keeps numpy out of the command line's start-up
        from analysis.bluff.sampled.game import payoff_function
        terminal = payoff_function(rules, tuple(args.dice), SAMPLED_PAYOFF[args.payoff], args.palifico)
    solution = solve_round(rules, tuple(args.dice), variant=args.solver,
                           iterations=iterations if args.iterations is None else args.iterations,
                           target=target if args.target is None else args.target, palifico_round=args.palifico,
                           terminal_value=terminal, payoff_name=args.payoff)
    after = None
    if history is not None:
        from analysis.bluff.exact.solve import strategy_table  # lazy: keeps numpy out of the command line's start-up
        after = strategy_table(solution, history)
    if args.json:
        payload = solution.to_dict()
        if args.openings:
            from analysis.bluff.exact.solve import opening_table  # lazy: keeps numpy out of the command line's start-up
            payload["openings"] = opening_table(solution)
        if after is not None:
            payload["after"] = {"bids": args.after, "strategy_by_hand": after.reset_index()}
        print_json(payload)
    else:
        print(solution)
        print(f"  {solution.timing_text}")
        if args.openings:
            from analysis.bluff.exact.solve import opening_table  # lazy: keeps numpy out of the command line's start-up
            print()
            print(opening_table(solution).to_string(index=False, float_format=lambda x: f"{x:.3f}"))
        if after is not None:
            print(f"\nAfter {args.after}: the strategy by hand of the player to act")
            print(after.to_string(float_format=lambda x: f"{x:.3f}"))
    return 0


def _game_value(args) -> int:
    from analysis.bluff.exact.game_value import game_value  # lazy: keeps numpy out of the command line's start-up

    rules = args.make_rules(args)
    if args.palifico:
        raise InvalidArgument("--palifico marks one round; game-value decides which rounds are palifico itself.")
    value = game_value(rules, tuple(args.dice), target=args.target)
    print_json(value) if args.json else print(value)
    return 0


def _tournament(args) -> int:
    from analysis.bluff.play.tournament import run_tournament  # lazy: keeps numpy out of the command line's start-up

    rules = args.make_rules(args)
    result = run_tournament(rules, args.bots, players=args.players, games=args.games, seed=args.seed,
                            start=_starts(args.start), rotate=not args.no_rotate, chunks=args.chunks,
                            scheduler=args.scheduler, log=args.log)
    print_json(result) if args.json else print(result)
    return 0


def _add_log_preset(parser) -> None:
    parser.add_argument("--preset", default=None,
                        help="the game the log is of (default: as the log names it; a different one is refused)")


def _check_log_preset(args) -> None:
    """A log names its preset on every round; ``--preset`` can only confirm it."""
    if args.preset is None:
        return
    from analysis.bluff.rules import preset  # lazy: keeps bluff.rules out of the command line's start-up

    wanted = preset(args.preset).name
    try:
        with open(args.log, encoding="utf-8") as log:
            logged = next((item.get("preset") for item in map(_json_or_none, log)
                           if isinstance(item, dict) and "log" not in item), None)
    except (OSError, UnicodeDecodeError):
        return      # the reader says what is wrong with the file
    if logged is not None and logged != wanted:
        raise InvalidArgument(f"The log {args.log} is of {logged}, not {wanted}; drop --preset or give --preset "
                              f"{logged}.")


def _json_or_none(line: str):
    import json  # lazy: only a log's check reads JSON; the command line's start-up skips it

    try:
        return json.loads(line)
    except ValueError:
        return None


def _fit(args) -> int:
    from analysis.bluff.model.fit import fit_log  # lazy: keeps numba and numpy out of the command line's start-up

    _check_log_preset(args)
    fitted = fit_log(args.log, args.seat, args.rounds)
    print_json(fitted) if args.json else print(fitted)
    return 0


def _calibration(args) -> int:
    from analysis.bluff.model.calibration import calibration  # lazy: keeps numpy out of the command line's start-up
    from analysis.bluff.model.bidding import parse_models  # lazy: keeps numpy out of the command line's start-up

    _check_log_preset(args)
    judged = calibration(args.log, parse_models(args.model, 1)[0], args.bids)
    print_json(judged) if args.json else print(judged)
    return 0


def _starts(text):
    """``--start``: one count for everyone, or one per seat."""
    if text is None:
        return None
    try:
        counts = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise InvalidArgument(f"--start takes a dice count such as 5, or one per seat such as 7,3,4, "
                              f"not '{text}'.") from None
    return counts[0] if len(counts) == 1 else counts


def _sweep_presets(args) -> list:
    """The rules of each comma-separated ``--preset``, every one with the ``--rule`` changes."""
    return [rules_from_args(args, name.strip()) for name in args.preset.split(",") if name.strip()]


def _sweep(args) -> int:
    from analysis.bluff.play.bots import parse_bot  # lazy: keeps numpy out of the command line's start-up
    from analysis.bluff.play.tournament import bot_grid  # lazy: keeps numpy out of the command line's start-up

    presets = _sweep_presets(args)
    player_count = bounded(int, 2, 6, "the players")
    try:
        counts = [player_count(n) for n in args.players.split(",") if n.strip()]
    except Exception:   # argparse's sentence for a count out of range or not a number
        raise InvalidArgument(f"--players takes player counts 2-6 such as 3,4, not '{args.players}'.") from None
    tested = [parse_bot(name).label for name in args.tested.split(",") if name.strip()]
    if not presets or not counts or not tested:
        raise InvalidArgument("Give at least one preset, one player count and one tested bot.")
    parse_bot(args.field)
    table = bot_grid(presets, counts, tested, args.field, args.games, args.seed, args.chunks, args.scheduler)
    if args.out:
        table.to_csv(args.out, index=False)
    if args.json:
        print_json(table)
    else:
        print(f"seat 0 tested against {args.field} in every other seat; {args.games:,} games each, seed {args.seed}")
        print(table.to_string(index=False, float_format=lambda x: f"{x:.4f}"))
    return 0
