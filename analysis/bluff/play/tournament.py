"""Whole games between bots, 2-6 players, any preset: win rates with 95% confidence intervals.

Games are played by a numba kernel in independent seeded chunks, run through
Dask: the local process scheduler by default (nothing to start), ``threads`` or
``sync`` in-process, or a ``dask.distributed`` scheduler at ``tcp://host:port``
(or a ``distributed.Client``). Game ``i`` uses random stream ``i`` of the seed,
so the same seed gives the same games, and the same table, however the chunks
are cut and wherever they run.

The opener of the first round rotates with the game number (unless
``rotate=False``), so every seat opens equally often; the table also reports
the chance that the first opener wins and the win rate by position after the
first opener.

>>> from analysis.bluff.rules import preset
>>> result = run_tournament(preset("perudo"), "threshold,random", games=2000, seed=1, scheduler="sync")
>>> result.table.bot.tolist()
['threshold:0.5', 'random']
>>> bool(result.table.win_rate[0] > 0.9)
True
"""

from __future__ import annotations

import math
import sys
import time
from dataclasses import dataclass, field

import numpy as np

from analysis.bluff.bids import all_bids, is_raise, track_key
from analysis.bluff.exact.solve import solve_round
from analysis.bluff.model.beliefs import multisets
from analysis.bluff.model.rounds_log import check_writable, write_log
from analysis.bluff.play.bots import Bot, parse_bots
from analysis.bluff.play.kernel_tables import BeliefTables, EquilibriumTables, LogArrays, RuleTables
from analysis.bluff.model.bidding import THRESHOLD_TABLE
from analysis.bluff.odds._count_tables import count_tables
from analysis.extras import need
from analysis.bluff.odds.outcomes import dice_lost, last_die_payoff
from analysis.bluff.rules import BiddingRules
from analysis.bluff.play.strategy_bot import strategy_tables
from analysis.errors import InvalidArgument
from analysis import schedulers
from analysis.progress import duration
from analysis.schedulers import check_scheduler
from analysis.seeds import check_seed
from analysis.tables import counted

CALLS = ("challenge", "exact")
#: The bots that keep every player's posterior (the ``strategy`` bot plays as ``bayes`` until heads-up).
BELIEVERS = ("bayes", "strategy")
#: Games per chunk when the caller does not choose.
CHUNK_GAMES = 20000
#: Limits that keep a mistyped number from filling the memory: 24 bytes of results a game.
MAX_GAMES = 10 ** 9
MAX_CHUNK_GAMES = 10 ** 7
#: Dask tasks per computation at most: consecutive chunks share a task beyond this, so that a billion
#: games (50,000 chunks) do not send the bots' tables to a worker 50,000 times before the first game.
MAX_TASKS = 1000
#: A tournament expected to take longer than this (seconds) says how long before it starts.
SAY_SECONDS = 5.0
#: Seconds of games played to time the bots before a long tournament (at most 1/50 of its games).
SAMPLE_SECONDS = 0.2
Z95 = 1.959963984540054
#: Columns of a logged round (as the kernel writes them): game, round, palifico, first action, actions,
#: caller, bidder, actual count.
LOG_COLUMNS = 8


def opener_role(rules: BiddingRules, call: str, caller_won: bool) -> int:
    """Who opens the next round: 0 the caller, 1 the bidder (then the next player in turn if out).

    The preset's ``next_opener``: the challenger (Bluff, docs/rules.md), or the player
    who lost a die (when a spot on makes several lose, the bidder). Same rule as ``game_value``.
    """
    if rules.next_opener == "challenger":
        return 0
    return 1 if caller_won else 0


def _rule_tables(rules: BiddingRules, players: int, start: int) -> RuleTables:
    """The preset as plain arrays for the kernel, each built by the package's own rule code."""
    most = players * start
    bids = all_bids(rules, most)
    bid_count = np.array([b.count for b in bids], dtype=np.int64)
    bid_face = np.array([b.face for b in bids], dtype=np.int64)
    legal = np.zeros((2, len(bids) + 1, len(bids)), dtype=np.bool_)
    counts = np.zeros((2, 7, 7), dtype=np.bool_)
    chance_kind = np.zeros((2, 7), dtype=np.int64)
    # A raise is a later place on the track (bids.track_key), compared as whole arrays: calling is_raise for
    # every pair of 180 bids took a quarter of a second. A palifico round keeps the face and raises the count.
    # tests/bluff_strategy/test_tournament.py checks every pair against is_raise in every preset.
    place = np.array([(a * 2 + b) * 8 + c for a, b, c in (track_key(rules, bid) for bid in bids)])
    later = place[None, :] > place[:, None]
    same_face_higher = (bid_face[None, :] == bid_face[:, None]) & (bid_count[None, :] > bid_count[:, None])
    for pal in (0, 1) if rules.palifico else (0,):
        legal[pal, 0] = [is_raise(rules, None, bid, bool(pal)) for bid in bids]
        legal[pal, 1:] = same_face_higher if pal else later
        for face in range(1, 7):
            counting = rules.counts_for(face, bool(pal))
            chance_kind[pal, face] = 0 if len(counting) == 2 else 1
            for die in counting:
                counts[pal, face, die] = True
    # Dice lost by role (caller, bidder, anyone else) for each actual-minus-bid difference: with every
    # player holding plenty of dice, so the kernel only caps a loss at the dice a player holds.
    plenty = 10 * most + 10
    loss_of_role = np.zeros((2, 2 * most + 1, 3), dtype=np.int64)
    opener = np.zeros((2, 2), dtype=np.int64)
    for c, call in enumerate(CALLS):
        if call == "exact" and rules.exact_call is None:
            continue
        for difference in range(-most, most + 1):
            count = most + 1
            loss, caller_won = dice_lost(rules, call, count + difference, count, (plenty,) * 3, 0, 1, plenty + 1)
            loss_of_role[c, difference + most] = loss
        for won in (0, 1):
            opener[c, won] = opener_role(rules, call, bool(won))
    pmf, sf = count_tables()
    chance = np.array([1.0 / 3.0, 1.0 / 6.0])
    return RuleTables(bid_count, bid_face, legal, counts, chance, chance_kind, sf, pmf, loss_of_role, opener,
                      rules.exact_call is not None, rules.exact_call == "calza", rules.palifico)


def _equilibrium_tables(rules: BiddingRules, players: int, start: int, bots, bid_count, bid_face) -> EquilibriumTables:
    """The solved one-die-each round, mapped onto the tournament's bid numbers (empty when unused)."""
    if not any(bot.kind == "equilibrium" for bot in bots):
        empty_i = np.zeros(1, dtype=np.int64)
        return EquilibriumTables(False, np.zeros(1, np.int32), empty_i, np.zeros(1, np.int32), empty_i, empty_i,
                                 np.zeros(1), np.zeros((1, 1), np.bool_), np.full(bid_count.size, -1, np.int64),
                                 empty_i, np.zeros(7, np.int64))

    # Played to win the game, not for dice: Perudo's calza regains the caller a die, worth
    # nothing when the bidder's last die is gone (for Bluff and Liar's Dice the two agree).
    solution = solve_round(rules, (1, 1), terminal_value=last_die_payoff, payoff_name="win")
    game = solution.game
    round_bid = np.array([int(np.flatnonzero((bid_count == b.count) & (bid_face == b.face))[0])
                          for b in game.bids], dtype=np.int64)
    bid_of = np.full(bid_count.size, -1, dtype=np.int64)
    bid_of[round_bid] = np.arange(round_bid.size)
    hand_of_face = np.zeros(7, dtype=np.int64)
    for h, hand in enumerate(game.hands[0]):
        hand_of_face[hand[0]] = h
    return EquilibriumTables(True, game.last, game.child_start, game.n_raises, game.n_actions, game.offset,
                             solution.policy, game.legal, bid_of, round_bid, hand_of_face)


def _belief_tables(bots, starts) -> BeliefTables:
    """Every hand of 0..max(starts) dice as a multiset with its chance, and the model the ``bayes`` bot reads
    the bids with (tiny placeholders when no ``bayes`` bot plays)."""
    largest = max(starts) if any(bot.kind in BELIEVERS for bot in bots) else 0
    parts = [multisets(d) for d in range(largest + 1)]
    offset = np.cumsum([0] + [hands.shape[0] for hands, _ in parts]).astype(np.int64)
    hands = np.zeros((int(offset[-1]), 7), dtype=np.int64)
    hands[:, 1:] = np.concatenate([h for h, _ in parts])
    # The bayes bots at a table share one posterior per player, read with the first bayes bot's model.
    belief = next((bot.model for bot in bots if bot.kind in BELIEVERS and bot.model is not None), THRESHOLD_TABLE)
    return BeliefTables(offset, hands, np.concatenate([p for _, p in parts]),
                        np.array([belief.rationality, belief.bluff_rate, belief.call_bias, belief.jump_cost]))


def _log_arrays(games: int, players: int, rounds_per_game: int) -> LogArrays:
    rounds = games * rounds_per_game if games else 0
    return LogArrays(np.zeros((rounds, LOG_COLUMNS), np.int64), np.zeros((rounds, players, 6), np.int64),
                     np.zeros((rounds, players), np.int64), np.zeros((rounds * 12, 2), np.int64), np.zeros(3, np.int64))


def _play_chunk(seed: int, first: int, games: int, starts, codes, parameters, rotate: bool, tables, eq,
                beliefs=None, log: bool = False, strategy=None):
    """One chunk of games; with ``log``, also its rounds as arrays (``rounds_log.write_log`` writes them out)."""
    from analysis.bluff.play import _tournament_kernels as k  # lazy: keeps numba out of a table question's start-up

    beliefs = beliefs if beliefs is not None else _belief_tables((), starts)
    strategy = strategy if strategy is not None else strategy_tables(None, (), 1, tables.bid_count, tables.bid_face)
    rounds_per_game = int(sum(starts)) + 8
    while True:
        arrays = _log_arrays(games if log else 0, len(starts), rounds_per_game)
        result = k.play_games(np.uint64(seed), first, games, np.asarray(starts, dtype=np.int64), codes, parameters,
                              rotate, tables, eq, beliefs, strategy, arrays)
        if not arrays.used[2]:
            break
        rounds_per_game *= 2  # a long game (Perudo's calza gives dice back): room for twice the rounds
    if not log:
        return result
    rounds, actions = int(arrays.used[0]), int(arrays.used[1])
    return (*result, (arrays.rounds[:rounds], arrays.hands[:rounds], arrays.lost[:rounds], arrays.actions[:actions]))


@dataclass(frozen=True)
class TournamentResult:
    rules: BiddingRules
    bots: tuple[Bot, ...]
    games: int
    seed: int
    start: int
    chunks: int
    rotate: bool
    table: object = field(repr=False)          # one row per seat
    by_position: object = field(repr=False)    # win rate by seat after the first opener
    first_opener_wins: float = 0.0
    mean_rounds: float = 0.0
    unfinished: int = 0

    def to_dict(self) -> dict:
        return {
            "preset": self.rules.name, "players": len(self.bots), "starting_dice": self.start,
            "games": self.games, "seed": self.seed, "chunks": self.chunks, "opener_rotates": self.rotate,
            "seats": self.table.to_dict(orient="records"),
            "first_opener_win_rate": self.first_opener_wins,
            "win_rate_by_position_after_first_opener": self.by_position.to_dict(orient="records"),
            "mean_rounds_per_game": self.mean_rounds, "unfinished_games": self.unfinished,
        }

    def __str__(self) -> str:
        dice = (f"{counted(self.start, 'die', 'dice')} each" if isinstance(self.start, int) else
                "starting dice " + ",".join(str(d) for d in self.start))
        lines = [f"{self.rules.title}, {len(self.bots)} players, {dice}: "
                 f"{counted(self.games, 'game')}, seed {self.seed} ({counted(self.chunks, 'chunk')})",
                 f"  {'seat':<5}{'bot':<16}{'wins':>9}{'win rate':>10}   95% interval"]
        for row in self.table.itertuples():
            lines.append(f"  {row.seat:<5}{row.bot:<16}{row.wins:>9,}{row.win_rate:>10.4f}   "
                         f"[{row.ci_low:.4f}, {row.ci_high:.4f}]")
        opener_se = math.sqrt(max(self.first_opener_wins * (1 - self.first_opener_wins), 1e-12) / self.games)
        lines.append(f"  the first round's opener wins {self.first_opener_wins:.4f} ± {Z95 * opener_se:.4f} "
                     f"(1/{len(self.bots)} = {1 / len(self.bots):.4f} if opening were worth nothing)")
        lines.append(f"  {self.mean_rounds:.1f} rounds per game")
        return "\n".join(lines)


def wilson_interval(wins: int, games: int) -> tuple[float, float]:
    """95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = Z95 * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    # No wins (or all) puts a bound at 0 (or 1) exactly; rounding would leave it a hair off.
    return (0.0 if wins == 0 else centre - half), (1.0 if wins == games else centre + half)


def _tasks(rules: BiddingRules, bots, players, games, seed, start, rotate, chunks):
    """Validated set-up and the list of (first game, games) chunks."""
    bots = parse_bots(bots) if isinstance(bots, str) else tuple(bots)
    if players is None:
        players = len(bots)
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise InvalidArgument(f"Give one bot per player: {players} players but {len(bots)} bots.")
    if start is None:
        start = rules.starting_dice(players)
    else:
        rules.starting_dice(players)
        for dice in (start if isinstance(start, (tuple, list)) else (start,)):
            if not 1 <= dice <= 30:
                raise InvalidArgument(f"The starting dice must be 1-30 per player, not {dice}.")
    if isinstance(start, (tuple, list)):
        if len(start) != players:
            raise InvalidArgument(f"Give one starting dice count per player: {players} players but "
                                  f"{len(start)} counts.")
        start = tuple(int(d) for d in start) if len(set(start)) > 1 else int(start[0])
    starts = start if isinstance(start, tuple) else (start,) * players
    if any(bot.kind in BELIEVERS for bot in bots) and max(starts) > 15:
        raise InvalidArgument(f"The {next(b.kind for b in bots if b.kind in BELIEVERS)} bot follows hands of at most "
                              f"15 dice, not {max(starts)}.")
    if not 1 <= games <= MAX_GAMES:
        raise InvalidArgument(f"The number of games must be 1-{MAX_GAMES:,}, not {games:,}.")
    seed = check_seed(seed)
    if chunks is None:
        chunks = max(1, math.ceil(games / CHUNK_GAMES))
    if not 1 <= chunks <= games:
        raise InvalidArgument(f"The number of chunks must be 1-{games} (the games), not {chunks}.")
    size = math.ceil(games / chunks)
    if size > MAX_CHUNK_GAMES:
        raise InvalidArgument(f"A chunk holds at most {MAX_CHUNK_GAMES:,} games (its results are kept in memory); "
                              f"for {games:,} games use at least {math.ceil(games / MAX_CHUNK_GAMES):,} chunks.")
    spans = [(first, min(size, games - first)) for first in range(0, games, size)]
    tables = _rule_tables(rules, players, max(starts))
    eq = _equilibrium_tables(rules, players, max(starts), bots, tables.bid_count, tables.bid_face)
    strategy = strategy_tables(rules, bots, max(starts), tables.bid_count, tables.bid_face)
    codes = np.array([b.code for b in bots], dtype=np.int64)
    parameters = np.array([b.settings() for b in bots], dtype=np.float64)
    return bots, players, start, spans, (np.array(starts, dtype=np.int64), codes, parameters, tables, eq,
                                          _belief_tables(bots, starts), strategy)


def _summarise(rules, bots, games, seed, start, rotate, spans, parts) -> TournamentResult:
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    winners = np.concatenate([p[0] for p in parts])
    openers = np.concatenate([p[1] for p in parts])
    rounds = np.concatenate([p[2] for p in parts])
    players = len(bots)
    finished = winners >= 0
    wins = np.bincount(winners[finished], minlength=players)
    rows = []
    for seat, bot in enumerate(bots):
        low, high = wilson_interval(int(wins[seat]), games)
        rows.append({"seat": seat, "bot": bot.label, "wins": int(wins[seat]), "win_rate": wins[seat] / games,
                     "ci_low": low, "ci_high": high})
    position = np.bincount((winners[finished] - openers[finished]) % players, minlength=players)
    by_position = pd.DataFrame({"position_after_first_opener": np.arange(players),
                                "win_rate": position / games,
                                "ci_low": [wilson_interval(int(w), games)[0] for w in position],
                                "ci_high": [wilson_interval(int(w), games)[1] for w in position]})
    return TournamentResult(rules, tuple(bots), games, seed, start, len(spans), rotate, pd.DataFrame(rows),
                            by_position, float(position[0] / games), float(rounds.mean()),
                            int((~finished).sum()))


def _play_chunks(seed: int, spans, setup, rotate: bool, log: bool = False) -> list:
    """The chunks ``spans`` (consecutive ``(first, games)`` pairs) of one tournament, in order: one Dask task."""
    starts, codes, parameters, tables, eq, beliefs, strategy = setup
    return [_play_chunk(seed, first, count, starts, codes, parameters, rotate, tables, eq, beliefs, log, strategy)
            for first, count in spans]


def _delayed_chunks(seed: int, spans, setup, rotate: bool, log: bool = False, tasks: int = MAX_TASKS) -> list:
    """The chunks as at most ``tasks`` Dask tasks of consecutive chunks (each chunk is played alike
    however they are grouped); the tables are handed to Dask once, not once per task."""
    import dask  # lazy: keeps dask out of a table question's start-up

    shared = dask.delayed(setup, traverse=False)
    per_task = math.ceil(len(spans) / tasks)
    return [dask.delayed(_play_chunks)(seed, spans[i:i + per_task], shared, rotate, log)
            for i in range(0, len(spans), per_task)]


def _game_seconds(seed: int, setup, rotate: bool, games: int) -> float:
    """One core's seconds for ``games`` games of these bots, from timed games of the seed (a random
    bot's game takes microseconds, a Bayesian bot's tens of milliseconds: no fixed rate would do)."""
    played, elapsed, size = 0, 0.0, 16
    while elapsed < SAMPLE_SECONDS and size * 50 <= games:
        began = time.perf_counter()
        _play_chunks(seed, [(0, size)], setup, rotate)
        elapsed, played, size = time.perf_counter() - began, size, size * 8
    return elapsed / played * games if played else 0.0


def say_how_long(label: str, seconds: float, workers: int | None) -> None:
    """Tell the user on stderr how long a long computation will take, before it starts."""
    if seconds / (workers or 1) <= SAY_SECONDS:
        return
    where = (f"about {duration(seconds / workers)} here on {workers} worker{'s' if workers > 1 else ''}"
             if workers else f"about {duration(seconds)} of one core's time on the cluster")
    print(f"odds: {label} will take {where}.", file=sys.stderr, flush=True)


def run_tournament(rules: BiddingRules, bots, players: int | None = None, games: int = 10000, seed: int = 0,
                   start: int | tuple[int, ...] | None = None, rotate: bool = True, chunks: int | None = None,
                   scheduler="processes", log=None) -> TournamentResult:
    """Play ``games`` games of ``rules`` between ``bots`` (one per seat) and tabulate who wins.

    ``start`` is every player's starting dice, or one count per seat (``(7, 3, 4)``). ``log``, a file
    name, receives every round as a line of JSON (``rounds_log.py`` describes the format).
    """
    check_scheduler(scheduler)      # before the set-up and the compile, not after them
    need("dask", "A tournament")
    if log is not None:
        check_writable(log)

    bots, players, start, spans, setup = _tasks(rules, bots, players, games, seed, start, rotate, chunks)
    _play_chunks(seed, [(0, 1)], setup, rotate)  # compile once, before any worker
    label = f"{rules.title}: {games:,} games"
    delayed_parts = _delayed_chunks(seed, spans, setup, rotate, log is not None)
    say_how_long(label, _game_seconds(seed, setup, rotate, games), schedulers.workers(scheduler, len(delayed_parts)))
    parts = schedulers.compute(delayed_parts, scheduler, label)
    if log is not None:
        starts, tables = setup[0], setup[3]
        write_log(log, rules, bots, tuple(int(d) for d in starts), seed, tables[0], tables[1], [p[3] for p in parts])
    return _summarise(rules, bots, games, seed, start, rotate, spans, parts)


def seat_wins(rules: BiddingRules, bots, first_game: int, games: int, seed: int = 0,
              start: int | tuple[int, ...] | None = None) -> np.ndarray:
    """Games won by each seat among games ``first_game .. first_game + games - 1`` of the seed, in this process.

    Game ``i`` is the same game as in ``run_tournament`` with the same seed, so blocks of games can be
    played one after another (and any block played again) with the totals of one long tournament.

    >>> from analysis.bluff.rules import preset
    >>> a = seat_wins(preset("liars_dice"), "threshold,random", 0, 300, seed=2)
    >>> b = seat_wins(preset("liars_dice"), "threshold,random", 300, 300, seed=2)
    >>> whole = run_tournament(preset("liars_dice"), "threshold,random", games=600, seed=2, scheduler="sync")
    >>> (a + b).tolist() == whole.table.wins.tolist()
    True
    """
    if not 0 <= first_game < MAX_GAMES:
        raise InvalidArgument(f"The first game must be 0-{MAX_GAMES - 1:,}, not {first_game:,}.")
    bots, players, start, _, (starts, codes, parameters, tables, eq, beliefs, strategy) = _tasks(
        rules, bots, None, games, seed, start, True, 1)
    winners = _play_chunk(seed, first_game, games, starts, codes, parameters, True, tables, eq, beliefs,
                          strategy=strategy)[0]
    return np.bincount(winners[winners >= 0], minlength=players)


def run_sweep(entries, games: int, seed: int = 0, chunks: int | None = None, scheduler="processes"):
    """A grid of tournaments as one Dask computation; ``entries`` are dicts of ``run_tournament`` arguments
    (``rules``, ``bots`` and optionally ``players``, ``start``, ``rotate``). Returns one row per entry and seat.

    Each entry uses the same seed, so entries differ only by their set-up, not by luck of the draw.
    """
    need("dask", "A tournament")
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    check_scheduler(scheduler)
    plans, delayed_parts, seconds = [], [], 0.0
    for entry in entries:
        rules, rotate = entry["rules"], entry.get("rotate", True)
        bots, players, start, spans, setup = _tasks(rules, entry["bots"], entry.get("players"), games, seed,
                                                    entry.get("start"), rotate, chunks)
        _play_chunks(seed, [(0, 1)], setup, rotate)
        seconds += _game_seconds(seed, setup, rotate, games)
        plans.append((rules, bots, start, rotate, spans))
        delayed_parts += _delayed_chunks(seed, spans, setup, rotate, tasks=max(1, MAX_TASKS // len(entries)))
    label = f"{len(plans)} tournaments of {games:,} games"
    say_how_long(label, seconds, schedulers.workers(scheduler, len(delayed_parts)))
    parts = schedulers.compute(delayed_parts, scheduler, label)
    rows, first_part = [], 0
    for number, (rules, bots, start, rotate, spans) in enumerate(plans):
        result = _summarise(rules, bots, games, seed, start, rotate, spans,
                            parts[first_part:first_part + len(spans)])
        first_part += len(spans)
        for row in result.table.to_dict(orient="records"):
            rows.append({"entry": number, "preset": rules.name, "players": len(bots), "start": start, **row,
                         "first_opener_win_rate": result.first_opener_wins})
    return pd.DataFrame(rows)


def bot_grid(presets, player_counts, tested, field: str = "threshold", games: int = 10000, seed: int = 0,
             chunks: int | None = None, scheduler="processes"):
    """One tested bot in seat 0 against a field of ``field`` bots, for every preset x player count x
    tested bot, as one Dask computation. Returns the tested bot's row of each tournament.

    >>> from analysis.bluff.rules import preset
    >>> grid = bot_grid([preset("bluff")], [3], ["threshold:0.3", "honest"], games=300, seed=1, scheduler="sync")
    >>> grid[["preset", "players", "bot"]].values.tolist()
    [['bluff', 3, 'threshold:0.3'], ['bluff', 3, 'honest']]
    """
    entries = []
    for rules in presets:
        for players in player_counts:
            for bot in tested:
                entries.append({"rules": rules, "bots": ",".join([bot] + [field] * (players - 1))})
    table = run_sweep(entries, games, seed, chunks, scheduler)
    return table[table.seat == 0].drop(columns=["seat", "entry"]).reset_index(drop=True)
