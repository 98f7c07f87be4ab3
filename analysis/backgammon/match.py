"""Bots and money games between them: one decision for a position, and whole games with statistics.

Bots (``make_bot``): ``net`` (the trained evaluator, 0-ply), ``net:ply1`` and ``net:ply2``
(with look-ahead), ``pips`` (the play leaving the largest pip lead, then the fewest blots:
a beginner's rule) and ``random`` (a legal play drawn uniformly). A bot's
:meth:`Bot.choose` returns one :class:`analysis.backgammon.moves.Play` of the move
generator's list, usable from a notebook; :func:`match` plays whole money games (cubeless,
or with the cube) in a numba kernel, the opener alternating, and reports win rates and points per
game with 95% intervals. Game g's dice come from (seed, g) alone, so a match can be cut into
chunks run through Dask (``scheduler``: Dask's local ``processes``, ``threads`` or ``sync``, or a
``dask.distributed`` address), as the Bluff tournaments are, and gives the same games on any scheduler.

>>> bot = make_bot("pips")
>>> from analysis.backgammon.position import Position
>>> bot.choose("backgammon", Position.opening(), "31").notation
'8/5 6/5'
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from analysis.backgammon.bearoff import TWO_SIDED_CHECKERS, _ways
from analysis.backgammon.kernel_tables import MatchBots
from analysis.backgammon.net import load_net
from analysis.compile_notice import compiling
from analysis.errors import InvalidArgument
from analysis.extras import need
from analysis.progress import Progress
from analysis.backgammon import _match
from analysis.backgammon.moves import legal_plays, parse_roll
from analysis.backgammon.position import Position
from analysis.backgammon.rules import BackgammonRules, preset
from analysis.schedulers import check_scheduler, compute

KINDS = {"net": _match.NET, "pips": _match.PIPS, "random": _match.RANDOM}
#: Games one match may hold (a few hours at 0-ply on one core), and the cost of a net bot's
#: move at each look-ahead against 0-ply (1-ply values 21 rolls' best replies, 2-ply 21 x 21).
MOST_GAMES = 1_000_000
PLY_COST = {0: 1, 1: 50, 2: 2000}
#: Games per Dask chunk when the caller does not choose (a few seconds at 0-ply).
CHUNK_GAMES = 500
_EMPTY_NET = tuple(np.zeros((1, 1)) if k in (0, 2) else np.zeros(1) for k in range(4))


@dataclass(frozen=True)
class Bot:
    """A player: ``kind`` net, pips or random, and the net's look-ahead ``ply``."""

    name: str
    kind: int
    ply: int = 0
    weights: object = None       # a weights file for the net (None: the shipped one)

    def _net(self, rules):
        return load_net(rules, path=self.weights)

    def choose(self, rules: BackgammonRules | str, position: Position, roll, seed: int = 0):
        """The bot's play of ``roll`` in ``position`` (one of ``legal_plays``'s plays)."""
        rules = preset(rules)
        dice = parse_roll(roll)
        plays = legal_plays(rules, position, dice)
        net = self._net(rules) if self.kind == _match.NET else None
        layers = net.layers() if net else _EMPTY_NET
        codes = _rule_codes(rules)
        db_win, ways = (net.db_win, net.ways) if net else _no_database()
        _match.seed(seed)
        afters, extra, pick = _match.bot_choice(position.board_array(), dice[0], dice[1], self.kind, self.ply,
                                                *layers, codes, db_win, ways)
        chosen = tuple(int(v) for v in afters[pick])
        for play in plays.plays:
            after = play.result if play.extra_roll else play.result.swapped()
            if after.on_roll + after.opponent == chosen and play.extra_roll == bool(extra[pick]):
                return play
        raise AssertionError("the bot chose a board the move generator does not list")  # pragma: no cover


def _no_database():
    return np.zeros((1, 1)), _ways(TWO_SIDED_CHECKERS)


def _rule_codes(rules: BackgammonRules) -> np.ndarray:
    return np.array([rules.variant_code, rules.gammon_value, rules.backgammon_value,
                     int(rules.backgammon_needs_gammon)], dtype=np.int64)


def make_bot(spec: str, weights=None) -> Bot:
    """``net``, ``net:ply1``, ``net:ply2``, ``pips`` or ``random``."""
    text = str(spec).strip().lower()
    name, _, option = text.partition(":")
    if name not in KINDS or (option and (name != "net" or option not in ("ply0", "ply1", "ply2"))):
        raise InvalidArgument(f"'{spec}' is not a bot; choose net, net:ply1, net:ply2, pips or random.")
    return Bot(text, KINDS[name], int(option[3:]) if option else 0, weights if name == "net" else None)


@dataclass(frozen=True)
class MatchResult:
    """Bot A's results against bot B over ``games`` cubeless money games."""

    rules: BackgammonRules
    bots: tuple
    seed: int
    points: np.ndarray           # A's points in each game (negative: B won)
    cube: bool = False
    cubes: np.ndarray | None = None     # the final cube of each game (with the cube)

    @property
    def games(self) -> int:
        return int(self.points.size)

    def summary(self) -> dict:
        n = self.games
        wins = self.points > 0
        rate = float(wins.mean())
        ppg = float(self.points.mean())
        sd = float(self.points.std(ddof=1)) if n > 1 else 0.0
        rate_half = 1.96 * math.sqrt(rate * (1 - rate) / n)
        ppg_half = 1.96 * sd / math.sqrt(n)
        return {"rules": self.rules.name, "bots": list(self.bots), "games": n, "seed": self.seed,
                "a_win_rate": rate, "a_win_rate_95": [rate - rate_half, rate + rate_half],
                "a_points_per_game": ppg, "a_points_per_game_95": [ppg - ppg_half, ppg + ppg_half],
                "cube": self.cube, "mean_final_cube": float(self.cubes.mean()) if self.cube else None}

    def to_dict(self) -> dict:
        return self.summary()

    def __str__(self) -> str:
        s = self.summary()
        a, b = self.bots
        lo, hi = s["a_win_rate_95"]
        plo, phi = s["a_points_per_game_95"]
        kind = "money games with the cube" if self.cube else "cubeless money games"
        cube = f", final cube {s['mean_final_cube']:.2f} on average" if self.cube else ""
        return (f"{a} vs {b}, {s['games']:,} {kind} ({self.rules.name}, seed {self.seed}, "
                f"opener alternating{cube})\n{a} wins {100 * s['a_win_rate']:.1f}% "
                f"(95%: {100 * lo:.1f}-{100 * hi:.1f}%), "
                f"{s['a_points_per_game']:+.3f} points a game (95%: {plo:+.3f} to {phi:+.3f})")


def match(rules: BackgammonRules | str, bot_a: str | Bot, bot_b: str | Bot, games: int, seed: int = 1,
          chunk: int = 200, cube: bool = False, chunks: int | None = None, scheduler=None) -> MatchResult:
    """``games`` whole money games of bot A against bot B (opener alternating), cubeless or with the
    cube (net bots double and take by Janowski's formula at 0-ply; pips and random never double, always take).

    ``scheduler`` None plays them in this process, ``chunk`` games (or a ``chunks``-th of them) between
    progress updates; a Dask scheduler plays them as ``chunks`` seeded chunks (default: about 500 games
    each). Every game is the same however they are cut and wherever they run.
    """
    rules = preset(rules)
    check_scheduler(scheduler)
    if cube and not rules.cube:
        raise InvalidArgument(f"The rules '{rules.name}' have no doubling cube; play the match without --cube.")
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MOST_GAMES:
        raise InvalidArgument(f"'{games}' games is not allowed; use 1 to {MOST_GAMES:,}.")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 31:
        raise InvalidArgument(f"Seed {seed!r} is not allowed; use a whole number from 0 to 2**31 - 1.")
    bots = tuple(b if isinstance(b, Bot) else make_bot(b) for b in (bot_a, bot_b))
    most = MOST_GAMES // max(PLY_COST[b.ply] if b.kind == _match.NET else 1 for b in bots)
    if games > most:
        raise InvalidArgument(f"{games:,} games of {bots[0].name} against {bots[1].name} would take hours; "
                              f"play at most {most:,} in one match.")
    if chunks is not None and (isinstance(chunks, bool) or not isinstance(chunks, int) or not 1 <= chunks <= games):
        raise InvalidArgument(f"The number of chunks must be 1-{games:,} (the games), not {chunks}.")
    label = f"{bots[0].name} vs {bots[1].name}: {games:,} games"
    if scheduler is None:
        size = chunk if chunks is None else math.ceil(games / chunks)
        points, cubes = np.zeros(games), np.ones(games, dtype=np.int64)
        with Progress(label, total=games) as bar:
            for first in range(0, games, size):
                n = min(size, games - first)
                points[first:first + n], cubes[first:first + n] = _play_span(rules, bots, first, n, seed, cube)
                bar.advance(n)
    else:
        dask = need("dask", "A match through Dask")
        size = math.ceil(games / (max(1, math.ceil(games / CHUNK_GAMES)) if chunks is None else chunks))
        _play_span(rules, bots, 0, 1, seed, cube)       # compile (or load) the kernels once, before any worker
        parts = compute([dask.delayed(_play_spans)(rules, bots, [(first, min(size, games - first))], seed, cube)
                         for first in range(0, games, size)], scheduler, label, "A match through Dask")
        points, cubes = np.concatenate([p for p, _ in parts]), np.concatenate([c for _, c in parts])
    return MatchResult(rules, (bots[0].name, bots[1].name), seed, points, cube, cubes if cube else None)


def _play_spans(rules: BackgammonRules, bots, spans, seed: int, cube: bool) -> list:
    """The chunks ``spans`` ((first game, games) pairs) of one match, in order: one Dask task."""
    return [_play_span(rules, bots, first, size, seed, cube) for first, size in spans]


def _play_span(rules: BackgammonRules, bots, first: int, size: int, seed: int, cube: bool) -> tuple:
    """(A's points, final cubes) of games ``first .. first + size - 1`` (the nets loaded in this process)."""
    nets = [b._net(rules) if b.kind == _match.NET else None for b in bots]
    db = next((n for n in nets if n is not None), None)
    db_win, ways = (db.db_win, db.ways) if db else _no_database()
    layers = [n.layers() if n else _EMPTY_NET for n in nets]
    sides = MatchBots(np.array([b.kind for b in bots], dtype=np.int64), np.array([b.ply for b in bots], dtype=np.int64),
                      layers[0], layers[1])
    points = np.zeros(size)
    cubes = np.ones(size, dtype=np.int64)
    cube_rules = np.array([int(cube), rules.cube_max, rules.first_double_turn], dtype=np.int64)
    with compiling("the match kernel", 60, _match.play_games):
        _match.play_games(first, size, seed, sides, _rule_codes(rules), db_win, ways, cube_rules, points, cubes)
    return points, cubes
