"""Dice bidding at real table size: the sampled strategy's strength, its solver's speed, and how fast it answers.

1. **Strength, heads-up**: one-round games between each stored sampled strategy of the plan (``plan.PLAN``,
   built by ``scripts/bluff_sampled_solves.py``; the advisor reads the first stored: the user's store's copy, else
   the package's, in 255ths, as a fresh clone answers) and the ``bayes`` bot (its decisions made by the tournament
   kernel's own functions, ``decision_bots``), seeded, the opener alternating, at 2v2 .. 5v5 of Liar's Dice with
   ones wild (no spot on), Perudo and Bluff: the share of rounds the strategy wins (the other loses the dice) and
   its dice balance, with 95% intervals; at 1v1 (every bid remembered) beside the exact equilibrium's
   (``solve.solve_round``) against the bot. Each advisor's solve also plays with decision-time search
   (``SampledSolution.search``), its exploitability exact at 1v1 and bounded from below beyond
   (``search_responder``, with its interval); the cells go to ``reports/data/bluff_size.json`` for the strategy article.
2. **Solver speed beside OpenSpiel**: iterations per second of this solver's external sampling and of OpenSpiel's
   ``ExternalSamplingMCCFRSolver`` (C++, through ``pyspiel``) and ``external_sampling_mccfr`` (Python) on the same
   game, OpenSpiel's ``liars_dice`` (one die each, sixes wild, no spot on; ``preset("liars_dice", wild=6,
   exact_call=None)``), every bid remembered, and the exploitability each reaches in the same time (exact, each by
   its own best response); numba's compile time beside. Also the full-width solvers: this toolkit's CFR over the
   remembered bids (``full_width``; here every bid, the exact game) beside OpenSpiel's C++ ``CFRPlusSolver``.
3. **Answer time**: ``odds bluff play`` (also with ``--bot`` and ``--search``) and ``odds bluff open`` in a fresh
   process from the store (the median of 3).
4. **Against every bot**: the advisor's stored strategy (no search) against each bot of the tournaments, one-round
   games as in 1, 1v1 to 5v5; the cells go to ``reports/data/bluff_size_bots.json`` (its own section: ``--skip
   strength --skip openspiel --skip answers`` reruns it alone, in about half an hour).
5. **The 5v5 solve**: the planned solves of 5v5 Liar's Dice (ones wild, no spot on) as stored: seconds, the
   exploitability along the way, and the memory a fresh process running the same solve holds.

Run: ``python benchmarks/bench_bluff_size.py [--rounds 20000] [--seconds 30]``; cells whose solve is not stored
are listed as missing, with the command that builds them. ``--game`` and ``--dice`` measure some cells of 1 again:
the stored cells (of the same seed) of the others stay, with their rows and the date they were measured.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import record  # noqa: E402

from analysis.bluff.bids import format_bid  # noqa: E402
from analysis.bluff.play.decision_bots import bot_seat  # noqa: E402
from analysis.bluff.history import Turn  # noqa: E402
from analysis.bluff.rules import preset  # noqa: E402
from analysis.bluff.sampled.game import sampled_game  # noqa: E402
from analysis.bluff.sampled.plan import plans  # noqa: E402
from analysis.bluff.sampled.search import SEARCH_FLOOR, draw_action  # noqa: E402
from analysis.bluff.sampled.stored import stored_solve  # noqa: E402
from analysis.bluff.play.tournament import wilson_interval  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "reports" / "data" / "bluff_size.json"
GAMES = {"Liar's Dice, ones wild": preset("liars_dice", wild=1, exact_call=None), "Perudo": preset("perudo"),
         "Bluff": preset("bluff")}


class TablePlayer:
    """A stored abstract strategy (``policy`` on ``game``'s slots), drawing its actions with ``rng``."""

    def __init__(self, game, policy):
        self.game, self.policy = game, policy
        self.hand_index = [{hand: h for h, hand in enumerate(game.hands[s])} for s in (0, 1)]

    def act(self, seat, hand, bids, rng) -> int:
        """An action index at this decision: raises first (track order), then the calls."""
        g = self.game
        w = g.window_of([g.bids[b] for b in bids])
        size = int(g.n_actions[w])
        base = int(g.offset[seat, w]) + self.hand_index[seat][hand] * size
        row = self.policy[base:base + size].astype(np.float64)
        return int(rng.choice(size, p=row / row.sum()))


class SearchPlayer(TablePlayer):
    """The stored strategy with decision-time search over the exact belief (``SampledSolution.search``)."""

    def __init__(self, solution):
        super().__init__(solution.game, solution.policy)
        self.solution = solution

    def act(self, seat, hand, bids, rng) -> int:
        return draw_action(self.solution.search_policy(seat, hand, [self.game.bids[b] for b in bids])[0], rng)


def _showdown(game, hands, bid, call, caller) -> float:
    actual = game.match[0, hands[0], bid] + game.match[1, hands[1], bid]
    return float(game.payoff[call, caller, bid, actual])      # the first bidder's dice balance


#: The bots that draw their action from a mixed policy (the others' policies put all on one action).
MIXED_BOTS = ("random", "model", "equilibrium")


def head_to_head(rules, dice: int, rounds: int, seed: int, player, opponent: str = "bayes",
                 answers: dict | None = None) -> tuple[int, list]:
    """(rounds the strategy won, its dice balance per round) against the ``opponent`` bot, opener alternating.
    ``answers``, where given, counts the strategy's answers to a bid (``"answers"``) and its challenges among
    them (``"challenges"``)."""
    game = player.game
    bot = bot_seat(rules, opponent, 2, max(rules.starting_dice(2), dice))
    mixed = opponent.partition(":")[0] in MIXED_BOTS
    wins, balances = 0, []
    names = {format_bid(rules, b): k for k, b in enumerate(game.bids)}
    for i in range(rounds):
        rng = np.random.default_rng([seed, i])
        rolls = [tuple(sorted(int(x) for x in rng.integers(1, 7, dice))) for _ in (0, 1)]
        hands = [player.hand_index[s][rolls[s]] for s in (0, 1)]
        mine = i % 2            # the strategy's seat: it opens the even rounds
        bids: list[int] = []
        while True:
            seat = len(bids) % 2
            last = bids[-1] if bids else len(game.bids)
            nr = int(game.n_raises[last])
            call = -1
            if seat == mine:
                a = player.act(seat, rolls[seat], bids, rng)
                call = a - nr if a >= nr else -1
                if answers is not None and bids:
                    answers["answers"] = answers.get("answers", 0) + 1
                    answers["challenges"] = answers.get("challenges", 0) + (call == 0)
                target = int(game.raises[last, a]) if a < nr else -1
            else:
                # The bot may make any legal raise; an abstract strategy reads it from the bids made.
                turns = tuple(Turn(0 if (j % 2) == seat else 1, game.bids[b]) for j, b in enumerate(bids))
                choice = bot.decide(rolls[seat], (dice,), turns)
                text = choice.action
                if mixed:
                    actions = list(choice.policy)
                    chances = np.array([choice.policy[a] for a in actions])
                    text = actions[int(rng.choice(len(actions), p=chances / chances.sum()))]
                if text in game.calls:
                    call = game.calls.index(text)
                else:
                    target = names[text]
            if call >= 0:
                first_bidder = _showdown(game, hands, bids[-1], call, seat)
                balance = first_bidder if mine == 0 else -first_bidder
                wins += balance > 0
                balances.append(balance)
                break
            bids.append(target)
    return wins, balances


#: The measured cells, for the strategy article (``reports/data/bluff_size.json``).
RECORDS: list = []


def _measured(name, dice, player_kind, label, rounds, wins, balances, exploitability=None,
              exploitability_half_width=0.0) -> str:
    """A table row and its record: the share of rounds won and the dice balance, with 95% intervals."""
    cell, row = _cell(name, dice, label, rounds, wins, balances)
    RECORDS.append({"player": player_kind, **cell, "exploitability": exploitability,
                    "exploitability_half_width": exploitability_half_width, "row": row,
                    "date": date.today().isoformat()})
    return row


def merged_cells(stored: dict, fresh: list, seed: int) -> tuple[list, list]:
    """(every cell, the kept ones): ``fresh`` beside the ``stored`` cells of the same seed of the games and sizes
    this run did not measure, in the table's order (game, then dice). A run of one game or size so replaces only
    its own rows."""
    measured = {(c["game"], c["dice"]) for c in fresh}
    kept = [c for c in stored.get("cells", []) if stored.get("seed") == seed and "row" in c
            and (c["game"], c["dice"]) not in measured]
    order = list(GAMES)
    # sorted() is stable: the rows of one game and size keep their order (strategy, then search).
    cells = sorted(kept + fresh, key=lambda c: (order.index(c["game"]) if c["game"] in order else len(order),
                                                c["dice"]))
    return cells, kept


STRENGTH_HEADER = ["| game | dice | strategy | rounds | strategy wins (95%) | dice balance a round (95%) |",
                   "|---|---|---|---|---|---|"]
BOTS_HEADER = ["| game | dice | bot | rounds | strategy wins (95%) | dice balance a round (95%) |",
               "|---|---|---|---|---|---|"]


def strength_text(cells: list, kept: list, header=STRENGTH_HEADER) -> str:
    """The strength table (or ``header``'s) from the cells' rows, and which rows an earlier run measured."""
    lines = [*header, *(c["row"] for c in cells)]
    earlier: dict = {}
    for c in kept:
        sizes = earlier.setdefault(c["date"], {}).setdefault(c["game"], [])
        if f"{c['dice']}v{c['dice']}" not in sizes:
            sizes.append(f"{c['dice']}v{c['dice']}")
    for day, games in sorted(earlier.items()):
        lines += ["", f"Kept from the run of {day} (this run did not measure them): "
                  + "; ".join(f"{game} ({', '.join(sizes)})" for game, sizes in games.items()) + "."]
    return "\n".join(lines)


def _cell(name, dice, label, rounds, wins, balances) -> tuple[dict, str]:
    """(record, table row) of ``rounds`` one-round games: the share won and the dice balance, with 95% intervals."""
    low, high = wilson_interval(wins, rounds)
    mean = float(np.mean(balances))
    half = 1.96 * float(np.std(balances, ddof=1)) / math.sqrt(rounds)
    cell = {"game": name, "dice": dice, "rounds": rounds, "wins": wins, "win_low": low, "win_high": high,
            "balance": mean, "balance_half_width": half}
    return cell, _row(cell, label)


def _row(cell: dict, label: str) -> str:
    """A cell's table row."""
    mean, half = cell["balance"], cell["balance_half_width"]
    return (f"| {cell['game']} | {cell['dice']}v{cell['dice']} | {label} | {cell['rounds']:,} | "
            f"{cell['wins'] / cell['rounds']:.1%} ({cell['win_low']:.1%}-{cell['win_high']:.1%}) | "
            f"{mean:+.3f} ({mean - half:+.3f} to {mean + half:+.3f}) |")


def search_responder(solution, rounds: int, seed: int = 0) -> tuple[float, float]:
    """A lower bound on the search's exploitability, with the half-width of its 95% interval: (R0 + R1) / 2, Rs the
    mean payoff of a responder in seat s over ``rounds`` sampled rounds. The responder keeps the exact belief about
    the searcher's hand (the search's chances for every hand it may hold, ``SampledSolution.search_chances``), values
    each call exactly and each raise the stored strategy makes in its place (chance >= the search's floor) by the
    searcher's answer and its own best call after; a strategy, so its mean is at most the best response's."""
    game, policy = solution.game, solution.policy.astype(np.float64)
    means, variances = [], []
    for responder in (0, 1):
        searcher = 1 - responder
        sign = 1.0 if responder == 0 else -1.0
        n = len(game.hands[searcher])
        rng = np.random.default_rng([seed, 11, responder])
        results = np.empty(rounds)
        for i in range(rounds):
            hands = [int(rng.choice(len(game.hands[s]), p=game.chance[s, :len(game.hands[s])])) for s in (0, 1)]
            mine = hands[responder]
            weights = game.chance[searcher, :n].copy()
            history: list = []

            def calls_after(bids, w):
                b = game.bids.index(bids[-1])
                actual = game.match[responder, mine, b] + game.match[searcher, :n, b]
                return [sign * float(w @ game.payoff[c, responder, b, actual]) for c in range(len(game.calls))]

            while True:
                last = game.bids.index(history[-1]) if history else len(game.bids)
                nr = int(game.n_raises[last])
                if len(history) % 2 == searcher:
                    chances = solution.search_chances(searcher, history)
                    a = draw_action(chances[hands[searcher]], rng)
                    weights = weights * chances[:, a]
                else:
                    best, a = -np.inf, -1
                    for c, value in enumerate(calls_after(history, weights) if history else []):
                        if value > best:
                            best, a = value, nr + c
                    window = game.window_of(history)
                    size = int(game.n_actions[window])
                    row = policy[int(game.offset[responder, window]) + mine * size:][:nr]
                    for r in np.flatnonzero(row >= min(SEARCH_FLOOR, row.max(initial=0.0))) if nr else []:
                        after = history + [game.bids[game.raises[last, r]]]
                        b = game.bids.index(after[-1])
                        answers = solution.search_chances(searcher, after)
                        value = 0.0
                        for answer in np.flatnonzero(answers.any(axis=0)):
                            w = weights * answers[:, answer]
                            if answer >= game.n_raises[b]:
                                actual = game.match[responder, mine, b] + game.match[searcher, :n, b]
                                value += sign * float(w @ game.payoff[answer - game.n_raises[b], searcher, b, actual])
                            else:
                                value += max(calls_after(after + [game.bids[game.raises[b, answer]]], w))
                        if value > best:
                            best, a = value, int(r)
                if a >= nr:
                    bid = game.bids.index(history[-1])
                    actual = game.match[0, hands[0], bid] + game.match[1, hands[1], bid]
                    results[i] = sign * game.payoff[a - nr, len(history) % 2, bid, actual]
                    break
                history.append(game.bids[game.raises[last, a]])
        means.append(results.mean())
        variances.append(results.var(ddof=1) / rounds)
    return (means[0] + means[1]) / 2, 1.96 * math.sqrt(variances[0] + variances[1]) / 2


def _search_exploitability(solution) -> float:
    """The exact exploitability of the search (``SearchPlayer``) where the solve remembers every bid: its choice at
    every information set (the bids so far, a set since they rise) as a pure policy, on the exact solver's tree."""
    from itertools import combinations

    from analysis.bluff.sampled.exploitability import exact_exploitability

    game = solution.game
    policy = np.zeros(game.slots)
    for depth in range(len(game.bids) + 1):
        seat = depth % 2
        for chosen in combinations(range(len(game.bids)), depth):
            history = [game.bids[b] for b in chosen]
            window = game.window_of(history)
            if game.offset[seat, window] < 0:
                continue
            size = int(game.n_actions[window])
            for h, hand in enumerate(game.hands[seat]):
                start = int(game.offset[seat, window]) + h * size
                policy[start:start + size] = solution.search_policy(seat, hand, history)[0]
    return exact_exploitability(game, policy).value


def _one_die_rows(name, rules, rounds, seed) -> list:
    """One die each, where the exact equilibrium is known: the planned sampled solve (every bid remembered, built
    here if missing: seconds) and the exact solver's equilibrium, each against the bot."""
    from analysis.bluff.sampled.exploitability import from_tree_policy
    from analysis.bluff.sampled.plan import planned
    from analysis.bluff.sampled.solver import solve_sampled
    from analysis.bluff.exact.solve import default_precision, round_game, solve_round

    plan = planned((1, 1))
    iterations = plan["iterations"]
    sampled = solve_sampled(rules, (1, 1), **plan)
    target, cap = default_precision((1, 1))
    exact = solve_round(rules, (1, 1), target=target, iterations=cap)
    exact_policy = from_tree_policy(sampled.game, round_game(rules, (1, 1)), exact.policy)
    rows = []
    searched = _search_exploitability(sampled)
    for kind, label, player, measured in (
            ("strategy", f"every bid, {iterations:,} iterations, exploitability {sampled.exploitability.value:.3f} "
             "(exact)", TablePlayer(sampled.game, sampled.policy), sampled.exploitability.value),
            ("search", f"the same with decision-time search, exploitability {searched:.3f} (exact)",
             SearchPlayer(sampled), searched),
            ("exact", f"exact equilibrium (CFR, exploitability {exact.exploitability:.0e}; game value "
             f"{exact.value:+.4f})", TablePlayer(sampled.game, exact_policy), exact.exploitability)):
        wins, balances = head_to_head(rules, 1, rounds, seed, player)
        rows.append(_measured(name, 1, kind, label, rounds, wins, balances, measured))
        print(rows[-1], flush=True)
    return rows


def _strength_row(name, rules, dice, rounds, seed, solution, search: bool = False, search_rounds: int = 300) -> str:
    started = time.perf_counter()
    player = SearchPlayer(solution) if search else TablePlayer(solution.game, solution.policy)
    wins, balances = head_to_head(rules, dice, rounds, seed, player)
    e = solution.exploitability
    sampling = ", full width" if solution.full_width else ""
    sampling += f", raises: {solution.game.steps} lowest counts a face" if solution.game.steps else ""
    sampling += f", robust sampling ({solution.width:g} a node)" if solution.width else \
        " (average strategy sampling)" if solution.explore < 1 else ""
    sampling += f", started from the {solution.warm['iterations']:,}-iteration one-bid solve" if solution.warm else ""
    # Which copy was played: the package's (the policy in 255ths, what a fresh clone answers from) or the store's.
    sampling += ", the package's copy (in 255ths)" if solution.shipped else ", the store's copy"
    if search:
        bound, half = search_responder(solution, search_rounds, seed)
        label = (f"the same with decision-time search, exploitability at least {bound:.2f} +- {half:.2f} "
                 f"({search_rounds:,} rounds a seat)")
    else:
        bound, half = e.value, e.half_width
        label = (f"{solution.game.memory}, {solution.iterations:,} iterations{sampling}, exploitability {e.value:.3f} "
                 "(local BR)")
    row = _measured(name, dice, "search" if search else "strategy", label, rounds, wins, balances, bound, half)
    print(row, f"{time.perf_counter() - started:.0f} s", flush=True)
    return row


def strength_table(rounds: int, seed: int, games, sizes, all_plans: bool = False, search_rounds: int = 300) -> str:
    """Plays every cell (their records go to ``RECORDS``); returns the note on the solves not stored."""
    lines, missing = [], []
    for name, rules in GAMES.items():
        if name not in games:
            continue
        if 1 in sizes:
            lines += _one_die_rows(name, rules, rounds, seed)
        for dice in sizes:
            if dice == 1:
                continue
            # The advisor's solve (the plan's first stored), with and without search; with ``all_plans`` every
            # stored solve of the plan.
            solutions = [s for s in (stored_solve(rules, (dice, dice), **plan)
                                     for plan in plans((dice, dice), rules)) if s is not None]
            if not solutions:
                missing.append(f"{name} {dice}v{dice}")
            for i, solution in enumerate(solutions if all_plans else solutions[:1]):
                lines.append(_strength_row(name, rules, dice, rounds, seed, solution))
                if i == 0:
                    lines.append(_strength_row(name, rules, dice, rounds, seed, solution, True, search_rounds))
    if not missing:
        return ""
    return ("Not stored here (so not measured): " + ", ".join(missing) +
            "; `python scripts/bluff_sampled_solves.py` builds them.")


#: Every bot of the tournaments, in the order of the table; ``equilibrium`` differs from ``threshold`` only at 1v1.
OPPONENTS = ("random", "honest", "threshold", "model", "bayes", "equilibrium")
BOTS_DATA = DATA.with_name("bluff_size_bots.json")


def advisor_solve(rules, dice: int):
    """The solve the advisor reads at ``dice`` each (the plan's first stored; at 1v1 every bid remembered)."""
    from analysis.bluff.sampled.plan import planned

    if dice == 1:
        return stored_solve(rules, (1, 1), **planned((1, 1)))
    stored = (stored_solve(rules, (dice, dice), **plan) for plan in plans((dice, dice), rules))
    return next((s for s in stored if s is not None), None)


def bots_table(rounds: int, seed: int, games, sizes) -> list:
    """The advisor's stored strategy against every bot, heads-up, one round: its share of rounds won and its dice
    balance a round (the cells, each with its table row). With the opener alternating the game value is 0 dice; an
    equilibrium does no worse against any bot, and the strategy no worse than its exploitability."""
    lines = list(BOTS_HEADER)
    cells = []
    for name, rules in GAMES.items():
        if name not in games:
            continue
        for dice in sizes:
            solution = advisor_solve(rules, dice)
            if solution is None:
                lines.append(f"| {name} | {dice}v{dice} | (no stored solve) | | | |")
                continue
            player = TablePlayer(solution.game, solution.policy)
            for opponent in OPPONENTS if dice == 1 else OPPONENTS[:-1]:
                started = time.perf_counter()
                wins, balances = head_to_head(rules, dice, rounds, seed, player, opponent)
                cell, row = _cell(name, dice, opponent, rounds, wins, balances)
                cells.append({**cell, "bot": opponent, "exploitability": solution.exploitability.value, "row": row,
                              "date": date.today().isoformat()})
                lines.append(row)
                print(lines[-1], f"{time.perf_counter() - started:.0f} s", flush=True)
    return cells


def _iterate(iteration, batch: int, seconds: float) -> tuple[int, float]:
    """(iterations, seconds taken): ``iteration()`` called in batches of ``batch`` for about ``seconds``."""
    done = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        for _ in range(batch):
            iteration()
        done += batch
    return done, time.perf_counter() - started


def openspiel_race(seconds: float) -> str:
    import pyspiel
    from open_spiel.python.algorithms import exploitability, external_sampling_mccfr

    from analysis.bluff.sampled import _kernels as kern
    from analysis.bluff.sampled.exploitability import _seed, exact_exploitability
    from analysis.bluff.sampled.solver import VARIANT, _normalised
    from analysis.bluff.sampled.stored import BONUS

    rules = preset("liars_dice", wild=6, exact_call=None)
    game = sampled_game(rules, (1, 1), k=None)
    regret, strategy_sum = np.zeros(game.slots), np.zeros(game.slots)
    started = time.perf_counter()
    kern.run_chunk(1, 1, game.kernel_layout(), game.cdf, regret, strategy_sum, 1.0, BONUS, 0.0)
    compile_seconds = time.perf_counter() - started
    regret[:], strategy_sum[:] = 0.0, 0.0
    ours, period, t = 0, 1000, 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        t += 1
        kern.run_chunk(_seed(0, 0, t), period, game.kernel_layout(), game.cdf, regret, strategy_sum, 1.0, BONUS, 0.0)
        kern.discount(regret, strategy_sum, t, VARIANT)
        ours += period
    our_time = time.perf_counter() - started
    our_exploitability = exact_exploitability(game, _normalised(game, strategy_sum)).value

    spiel = pyspiel.load_game("liars_dice")
    solver = external_sampling_mccfr.ExternalSamplingSolver(spiel, external_sampling_mccfr.AverageType.SIMPLE)
    theirs, their_time = _iterate(solver.iteration, 100, seconds)
    their_exploitability = exploitability.exploitability(spiel, solver.average_policy())
    # OpenSpiel's C++ solver of the same algorithm (pyspiel's bindings): the fastest peer that runs here.
    native = pyspiel.ExternalSamplingMCCFRSolver(spiel, seed=0)
    natives, native_time = _iterate(native.run_iteration, 1000, seconds)
    native_exploitability = pyspiel.exploitability(spiel, native.average_policy())
    ours_rate, their_rate, native_rate = ours / our_time, theirs / their_time, natives / native_time
    full_rows, full_rate, plus_rate = _full_width_race(game, spiel, seconds)
    return "\n".join([
        "| solver | iterations | iterations/s | exploitability reached (dice) |", "|---|---|---|---|",
        f"| this toolkit, external sampling (numba; compile {compile_seconds:.1f} s, not in the time) | {ours:,} | "
        f"{ours_rate:,.0f} | {our_exploitability:.4f} |",
        f"| OpenSpiel `ExternalSamplingMCCFRSolver` (C++, through pyspiel) | {natives:,} | {native_rate:,.0f} | "
        f"{native_exploitability:.4f} |",
        f"| OpenSpiel `external_sampling_mccfr` (Python over pyspiel) | {theirs:,} | {their_rate:,.0f} | "
        f"{their_exploitability:.4f} |",
        *full_rows,
        "",
        f"Same game (OpenSpiel's `liars_dice`, one die each), the same {seconds:.0f} s each: external sampling makes "
        f"{ours_rate / native_rate:,.1f} times the iterations per second of OpenSpiel's C++ solver and "
        f"{ours_rate / their_rate:,.0f} times its Python one's; full-width CFR over the remembered bids (here every "
        f"bid: the exact game) {full_rate / plus_rate:,.1f} times the iterations of OpenSpiel's C++ CFR+.",
    ])


def _full_width_race(game, spiel, seconds: float) -> tuple[list, float, float]:
    """Rows of the race for the full-width solvers: this toolkit's over the windows of remembered bids
    (``full_width``; with every bid remembered, the exact game) and OpenSpiel's C++ CFR+ on the same game; with the
    iterations per second of each."""
    import pyspiel

    from analysis.bluff.sampled.full_width import Trainer
    from analysis.bluff.sampled.exploitability import exact_exploitability
    from analysis.bluff.sampled.game import MAX_BYTES
    from analysis.bluff.sampled.solver import VARIANT, _normalised
    from analysis.cfr.kernels import SCHEDULES

    started = time.perf_counter()
    trainer = Trainer(game, SCHEDULES[VARIANT], MAX_BYTES)
    trainer.iterate(1, np.zeros(game.slots), np.zeros(game.slots))      # compiles (or loads) the kernels
    compile_seconds = time.perf_counter() - started
    regret, strategy_sum = np.zeros(game.slots), np.zeros(game.slots)
    done = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        done += 1
        trainer.iterate(done, regret, strategy_sum)
    rate = done / (time.perf_counter() - started)
    reached = exact_exploitability(game, _normalised(game, strategy_sum)).value
    plus = pyspiel.CFRPlusSolver(spiel)
    theirs, their_time = _iterate(plus.evaluate_and_update_policy, 1, seconds)
    their_exploitability = pyspiel.exploitability(spiel, plus.average_policy())
    return [f"| this toolkit, full-width CFR over the remembered bids (numba; discounted, alternating; compile "
            f"{compile_seconds:.1f} s, not in the time) | {done:,} | {rate:,.1f} | {reached:.6f} |",
            f"| OpenSpiel `CFRPlusSolver` (C++, full width, through pyspiel) | {theirs:,} | "
            f"{theirs / their_time:,.1f} | {their_exploitability:.6f} |"], rate, theirs / their_time


#: The 5v5 solve of the target: Liar's Dice with ones wild and no spot on, every solve the plan has for it.
SOLVE_RULES = preset("liars_dice", wild=1, exact_call=None)


def _peak_memory(plan: dict) -> float:
    """GB at most held by a fresh process that runs two iterations of the planned 5v5 solve (every array of a solve is
    made before its first iteration), its exploitability measured on 200 rounds a seat."""
    code = ("import resource, sys; from analysis.bluff.sampled.solver import solve_sampled; "
            "from analysis.bluff.rules import preset; "
            f"solve_sampled(preset('liars_dice', wild=1, exact_call=None), (5, 5), **{plan!r} | {{'iterations': 2}}, "
            "store=False, checks=1, lbr_games=200, warm=None); "
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(out.stdout.split()[-1]) / 1024 ** 2


def solve_figures(again: int) -> str:
    """The 5v5 solves of Liar's Dice (ones wild, no spot on) the plan holds: how they were solved, their seconds, the
    most memory their arrays take, the local-best-response exploitability along the way (as stored with each) and,
    for the advisor's solve, measured again on ``again`` rounds a seat of another seed."""
    from analysis.bluff.sampled.exploitability import sampled_exploitability

    rows = ["| solve | seconds (as solved) | memory (GB) | exploitability along the way (dice, 95%) | at the end |",
            "|---|---|---|---|---|"]
    remeasured = ""
    for plan in plans((5, 5), SOLVE_RULES)[:2]:
        solution = stored_solve(SOLVE_RULES, (5, 5), **plan)
        if solution is None:
            rows.append(f"| {plan} | not stored: `python scripts/bluff_sampled_solves.py --only liars_dice:5` | | | |")
            continue
        trail = ", ".join(f"{int(n):,}: {v:.3f} +- {h:.3f}" for n, v, h in solution.trajectory)
        e = solution.exploitability
        warm = plan.get("warm")
        seconds = f"{solution.seconds:,.0f}"
        if warm:
            base = stored_solve(SOLVE_RULES, (5, 5), **warm)
            seconds += f" (+ {base.seconds:,.0f} for the solve it starts from)" if base is not None else ""
        rows.append(f"| {solution.method}, remembering {solution.game.memory}, {solution.iterations:,} iterations | "
                    f"{seconds} | {_peak_memory({n: v for n, v in plan.items() if n != 'warm'}):.2f} | {trail} | "
                    f"{e.value:.4f} +- {e.half_width:.4f} |")
        if again and not remeasured:
            started = time.perf_counter()
            measured = sampled_exploitability(solution.game, solution.policy.astype(np.float64), again, seed=1)
            copy = "as the package ships it, in 255ths" if solution.shipped else "as stored"
            remeasured = (f"The advisor's solve (the first row) measured again on {again:,} rounds a seat, seed 1 (the "
                          f"solve's own checks: seed 0), the policy {copy}: "
                          f"**{measured.value:.4f} +- {measured.half_width:.4f}** dice "
                          f"({time.perf_counter() - started:.0f} s).")
    return "\n".join(rows + (["", remeasured] if remeasured else []))


def answer_times() -> str:
    odds = str(Path(sys.executable).with_name("odds"))
    commands = {
        "play (Liar's Dice 5v5, after 1:3x3)": [odds, "bluff", "play", "--preset", "liars_dice", "--wild", "1",
                                                "--rule", "exact_call=none", "--dice", "3 3 1 6 2", "--opponents",
                                                "5", "--history", "1:3x3", "--json"],
        "play (Liar's Dice 2v2 opening)": [odds, "bluff", "play", "--preset", "liars_dice", "--wild", "1", "--rule",
                                           "exact_call=none", "--dice", "3 1", "--opponents", "2", "--json"],
        "play --bot bayes (Bluff 5v5)": [odds, "bluff", "play", "--preset", "bluff", "--dice", "3 3 * 5 1",
                                         "--opponents", "5", "--history", "1:9x3", "--bot", "bayes", "--json"],
        "play --search (Liar's Dice 3v3, after 1:2x3)": [odds, "bluff", "play", "--preset", "liars_dice", "--wild",
                                                         "1", "--rule", "exact_call=none", "--dice", "3 3 1",
                                                         "--opponents", "3", "--history", "1:2x3", "--search",
                                                         "--json"],
        "play --search (Bluff 5v5, after 1:9x3)": [odds, "bluff", "play", "--preset", "bluff", "--dice", "3 3 * 5 1",
                                                   "--opponents", "5", "--history", "1:9x3", "--search", "--json"],
        "play --search (Liar's Dice 3v3 opening, two raises ahead)": [odds, "bluff", "play", "--preset",
                                                                      "liars_dice", "--wild", "1", "--rule",
                                                                      "exact_call=none", "--dice", "3 3 1",
                                                                      "--opponents", "3", "--search", "--json"],
        "play (Bluff 5v5 opening)": [odds, "bluff", "play", "--preset", "bluff", "--dice", "3 3 * 5 1",
                                     "--opponents", "5", "--json"],
        "open (Perudo 5v5)": [odds, "bluff", "open", "--preset", "perudo", "--dice", "1 4 4 6 2", "--opponents",
                              "5", "--json"],
    }
    def median_of_3(argv) -> tuple[float, int]:
        times, code = [], 0
        for _ in range(3):
            started = time.perf_counter()
            code = subprocess.run(argv, capture_output=True, env=dict(os.environ)).returncode
            times.append(time.perf_counter() - started)
        return statistics.median(times), code

    # The yardstick of a question at the table: about 3 times a fresh Python's `import numpy`.
    numpy_alone, _ = median_of_3([sys.executable, "-c", "import numpy"])
    lines = [f"The yardstick: `python -c \"import numpy\"` takes {numpy_alone:.2f} s here; a question at the table "
             "should answer within about 3 times that. None of these compiles (the kernels load from numba's cache; "
             "the strategy's answers and its search run as plain Python).", "",
             "| command | median of 3 (s) | times import numpy | exit |", "|---|---|---|---|"]
    for name, argv in commands.items():
        seconds, code = median_of_3(argv)
        lines.append(f"| `odds bluff {name}` | {seconds:.2f} | {seconds / numpy_alone:.1f} | {code} |")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--skip", action="append", default=[],
                        choices=("strength", "openspiel", "answers", "bots", "solve"))
    parser.add_argument("--game", action="append", default=[], choices=("liars_dice", "perudo", "bluff"),
                        help="the games of the strength table (default: all three)")
    parser.add_argument("--dice", nargs="+", type=int, default=[1, 2, 3, 4, 5], help="dice each (default 1-5)")
    parser.add_argument("--all-plans", action="store_true", help="also every other stored solve of the plan")
    parser.add_argument("--lbr-rounds", type=int, default=100000,
                        help="rounds a seat of the 5v5 solve's exploitability measured again (0: not again)")
    parser.add_argument("--search-rounds", type=int, default=300,
                        help="rounds a seat of the responder that bounds the search's exploitability")
    parser.add_argument("--data", default=str(DATA), help="where the strength records go (JSON; '' for nowhere)")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    parts = [f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, load {load:.1f} at the "
             f"start; {date.today().isoformat()}. "
             f"`python benchmarks/bench_bluff_size.py {' '.join(argv or sys.argv[1:])}`."]
    if "strength" not in args.skip:
        missing = strength_table(args.rounds, args.seed, [n for n, key in zip(GAMES, ("liars_dice", "perudo", "bluff"))
                                                          if not args.game or key in args.game], args.dice,
                                 args.all_plans, args.search_rounds)
        # The stored cells of the games and sizes not measured now stay (with their rows), so that one game or size
        # can be measured again without the hours of the others; only with ``--data``, whose cells they are.
        stored = json.loads(Path(args.data).read_text()) if args.data and Path(args.data).exists() else {}
        cells, kept = merged_cells(stored, RECORDS, args.seed)
        parts += ["", "**Heads-up one-round games against the `bayes` bot** (seed "
                  f"{args.seed}, opener alternating):", "", strength_text(cells, kept)]
        parts += ["", missing] if missing else []
        if args.data:
            Path(args.data).write_text(json.dumps({"rounds": args.rounds, "seed": args.seed,
                                                   "date": date.today().isoformat(),
                                                   "search_floor": SEARCH_FLOOR, "cells": cells}, indent=1) + "\n")
        text = "\n".join(parts)
        print(text)
        record("bench_bluff_size", "## Dice bidding at real size (bench_bluff_size.py)\n\n" + text)
    if "openspiel" not in args.skip:
        # A section of its own, so that either can be measured again alone.
        text = "\n".join(["## Dice bidding: the round solvers beside OpenSpiel's (bench_bluff_size.py)", "",
                          f"Load {os.getloadavg()[0]:.1f} at the start.", "", openspiel_race(args.seconds)])
        print(text)
        record("bench_bluff_size-openspiel", text)
    if "solve" not in args.skip:
        text = "\n".join(["## Dice bidding: the 5v5 solve (bench_bluff_size.py)", "",
                          "The planned solves of a 5v5 round of Liar's Dice with ones wild and no spot on, as stored "
                          "(built by `python scripts/bluff_sampled_solves.py --only liars_dice:5 --lbr-games 20000`, "
                          "one solve at a time on this machine): the seconds each took, its exploitability in the "
                          "real game (local best response, a lower bound, with its 95% interval) at its checks and "
                          "at the end, "
                          "and the most memory a fresh process running the same solve holds (its arrays are made "
                          f"before the first iteration). Load {os.getloadavg()[0]:.1f} at the start.", "",
                          solve_figures(args.lbr_rounds)])
        print(text)
        record("bench_bluff_size-solve", text)
    if "bots" not in args.skip:
        # A section of its own: every bot, the advisor's strategy only, no search (minutes, not the hour above).
        load = os.getloadavg()[0]
        chosen = [n for n, key in zip(GAMES, ("liars_dice", "perudo", "bluff")) if not args.game or key in args.game]
        fresh = bots_table(args.rounds, args.seed, chosen, args.dice)
        # The stored cells of the games and sizes not measured now stay, as in the strength table.
        stored = json.loads(BOTS_DATA.read_text()) if args.data and BOTS_DATA.exists() else {}
        for c in stored.get("cells", []):
            c.setdefault("date", stored.get("date"))
            c.setdefault("row", _row(c, c["bot"]))
        cells, kept = merged_cells(stored, fresh, args.seed)
        table = strength_text(cells, kept, BOTS_HEADER)
        below = [c for c in cells if c["balance"] + c["balance_half_width"] < 0]
        text = "\n".join(["## Dice bidding: the stored strategy against every bot (bench_bluff_size.py)", "",
                          f"Heads-up one-round games, seed {args.seed}, the opener alternating, so the game value is 0 "
                          "dice a round; the strategy the advisor reads (at 1v1 every bid remembered) against each bot "
                          "of the tournaments (`threshold` at 0.5, `model` with its default settings; `equilibrium` "
                          "is the exact one-die-each equilibrium, elsewhere it plays as `threshold`). Load "
                          f"{load:.1f} at the start.", "", table, "",
                          f"Cells whose dice balance is below 0 by more than its interval: {len(below)} of "
                          f"{len(cells)}" + ("" if not below else " (" + ", ".join(
                              f"{c['game']} {c['dice']}v{c['dice']} against {c['bot']}" for c in below) + ")") + "."])
        print(text)
        record("bench_bluff_size-bots", text)
        if args.data:
            BOTS_DATA.write_text(json.dumps({"rounds": args.rounds, "seed": args.seed, "date": date.today().isoformat(),
                                             "cells": cells}, indent=1) + "\n")
    if "answers" not in args.skip:
        # A section of its own, so that the answers can be timed again without the hour of games above.
        text = "\n".join(["## Dice bidding: answers from a stored solve (bench_bluff_size.py)", "",
                          "Answer time in a fresh process, warm store; "
                          f"load {os.getloadavg()[0]:.1f} at the start:", "", answer_times()])
        print(text)
        record("bench_bluff_size-answers", text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
