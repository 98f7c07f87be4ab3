"""Matches to N points between two bots, with the cube, and each game's record.

Each match is played from 0-0: the opening roll decides who starts (the dice are thrown
again on a tie), the games follow the match rules (:mod:`analysis.backgammon.met`): the cube
at the score, the Crawford game without it, post-Crawford after. A net bot plays its checkers
as in money games (the net at its look-ahead) and decides the cube by the score: before its
roll, with access to the cube, it doubles when min(double/take, double/pass) beats no double
in match-winning chances (:func:`analysis.backgammon.match_cube.match_cube_decision`'s
figures, the net at 0-ply); it takes when taking is worth at least passing. The pips and random
bots never double and always take (as in the money games).

Match m draws its dice from a generator seeded with (seed, m) alone, so the matches can be cut
into chunks run through Dask (``scheduler`` as :func:`analysis.backgammon.match.match`) and are
the same however they are cut. Every game is recorded (:class:`GameRecord`): the dice, the
boards before and after each move, the cube's actions and the points won; :mod:`analysis.backgammon.mat`
writes them in the .mat text GNU Backgammon imports.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from analysis.backgammon import _match
from analysis.backgammon.cubeful import cube_efficiency
from analysis.backgammon.mat import MatGame, MatMatch, mat_move, write_mat
from analysis.backgammon.match import Bot, _EMPTY_NET, _no_database, _rule_codes, make_bot
from analysis.backgammon.match_cube import check_match_rules
from analysis.backgammon.met import (CRAWFORD, MOST_AWAY, NORMAL, POST_CRAWFORD, Outcomes, Score, cubeful_mwc,
                                     may_double, met)
from analysis.backgammon.moves import legal_plays
from analysis.backgammon.position import Position
from analysis.compile_notice import compiling
from analysis.backgammon.rules import BackgammonRules, preset
from analysis.errors import InvalidArgument
from analysis.extras import need
from analysis.progress import Progress
from analysis.schedulers import check_scheduler, compute

#: The most matches one command plays (each a few seconds at most at 0-ply).
MOST_MATCHES = 100_000
#: Matches per Dask chunk when the caller does not choose.
CHUNK_MATCHES = 25
#: A game longer than this many moves is stopped (no legal game comes near it).
MOST_MOVES = 2000


@dataclass
class GameRecord:
    """One game of a match: the score before it (A's points, B's points), who played what, and the result.

    ``actions`` are tuples: ("move", side, (d1, d2), before, after) with boards of 52 counts in the
    mover's view; ("double", side, new cube value); ("take", side); ("drop", side). ``winner`` is
    0 (A) or 1 (B); ``points`` the points it won.
    """

    score: tuple
    crawford: bool
    actions: list = field(default_factory=list)
    winner: int = -1
    points: int = 0


@dataclass
class MatchRecord:
    length: int
    games: list
    winner: int


@dataclass(frozen=True)
class MatchPlayResult:
    """Bot A's matches to ``length`` points against bot B."""

    rules: BackgammonRules
    bots: tuple
    length: int
    seed: int
    records: tuple

    @property
    def matches(self) -> int:
        return len(self.records)

    def summary(self) -> dict:
        n = self.matches
        wins = np.array([r.winner == 0 for r in self.records], dtype=float)
        rate = float(wins.mean())
        low, high = wilson(rate, n)
        games = np.array([len(r.games) for r in self.records])
        return {"rules": self.rules.name, "bots": list(self.bots), "points": self.length, "matches": n,
                "seed": self.seed, "a_match_win_rate": rate, "a_match_win_rate_95": [low, high],
                "games_per_match": float(games.mean()),
                "a_game_win_rate": float(np.mean([g.winner == 0 for r in self.records for g in r.games]))}

    def to_dict(self) -> dict:
        return self.summary()

    def __str__(self) -> str:
        s = self.summary()
        a, b = self.bots
        lo, hi = s["a_match_win_rate_95"]
        return (f"{a} vs {b}, {s['matches']:,} matches to {self.length} points with the cube ({self.rules.name}, "
                f"seed {self.seed}; {s['games_per_match']:.1f} games a match)\n{a} wins {100 * s['a_match_win_rate']:.1f}% "
                f"of the matches (95%: {100 * lo:.1f}-{100 * hi:.1f}%), {100 * s['a_game_win_rate']:.1f}% of the games")


def wilson(rate: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95% interval of a rate seen in ``n`` trials (sound at 0% and 100%, where the normal one collapses).

    >>> [round(v, 4) for v in wilson(1.0, 200)]
    [0.9812, 1.0]
    """
    centre = (rate + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_matches(rules: BackgammonRules | str, bot_a: str | Bot, bot_b: str | Bot, length: int, matches: int,
                 seed: int = 1, chunks: int | None = None, scheduler=None) -> MatchPlayResult:
    """``matches`` matches to ``length`` points of bot A against bot B, with the cube."""
    rules = preset(rules)
    check_match_rules(rules)
    check_scheduler(scheduler)
    if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= MOST_AWAY:
        raise InvalidArgument(f"A match to {length!r} points is not offered; play to 1-{MOST_AWAY} points.")
    if isinstance(matches, bool) or not isinstance(matches, int) or not 1 <= matches <= MOST_MATCHES:
        raise InvalidArgument(f"'{matches}' matches is not allowed; play 1 to {MOST_MATCHES:,}.")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 31:
        raise InvalidArgument(f"Seed {seed!r} is not allowed; use a whole number from 0 to 2**31 - 1.")
    if chunks is not None and (isinstance(chunks, bool) or not isinstance(chunks, int)
                               or not 1 <= chunks <= matches):
        raise InvalidArgument(f"The number of chunks must be 1-{matches:,} (the matches), not {chunks}.")
    bots = tuple(b if isinstance(b, Bot) else make_bot(b) for b in (bot_a, bot_b))
    label = f"{bots[0].name} vs {bots[1].name}: {matches:,} matches to {length}"
    if scheduler is None:
        records = []
        with Progress(label, total=matches) as bar:
            players = _Players(rules, bots)
            for m in range(matches):
                records.append(_play_match(players, length, seed, m))
                bar.advance(1)
    else:
        dask = need("dask", "A match through Dask")
        size = math.ceil(matches / (max(1, math.ceil(matches / CHUNK_MATCHES)) if chunks is None else chunks))
        _play_span(rules, bots, length, seed, 0, 1)     # compile (or load) the kernels once, before any worker
        parts = compute([dask.delayed(_play_spans)(rules, bots, length, seed, [(first, min(size, matches - first))])
                         for first in range(0, matches, size)], scheduler, label, "A match through Dask")
        records = [r for part in parts for r in part]
    return MatchPlayResult(rules, (bots[0].name, bots[1].name), length, seed, tuple(records))


def _play_spans(rules, bots, length, seed, spans) -> list:
    """Chunks of matches, in order: one Dask task (a list with one list of records per span)."""
    return [_play_span(rules, bots, length, seed, first, size) for first, size in spans]


def _play_span(rules, bots, length, seed, first, size) -> list:
    players = _Players(rules, bots)
    return [_play_match(players, length, seed, m) for m in range(first, first + size)]


class _Players:
    """The two bots loaded in this process: their nets' layers and the bear-off table."""

    def __init__(self, rules: BackgammonRules, bots):
        self.rules, self.bots = rules, bots
        self.nets = [b._net(rules) if b.kind == _match.NET else None for b in bots]
        db = next((n for n in self.nets if n is not None), None)
        self.db_win, self.ways = (db.db_win, db.ways) if db else _no_database()
        self.layers = [n.layers() if n else _EMPTY_NET for n in self.nets]
        self.codes = _rule_codes(rules)
        opening = np.array(Position.opening().on_roll * 2, dtype=np.int8)
        for side in (0, 1):         # compile (or load from numba's cache) the bots' kernels, with a notice
            with compiling("the match kernels", 120, _match.bot_choice):
                _match.bot_choice(opening, 3, 1, self.bots[side].kind, self.bots[side].ply, *self.layers[side],
                                  self.codes, self.db_win, self.ways)

    def choose(self, side: int, board, d1: int, d2: int, rng) -> tuple:
        bot = self.bots[side]
        if bot.kind == _match.RANDOM:
            _match.seed(int(rng.integers(0, 2 ** 31)))
        afters, extra, pick = _match.bot_choice(board, d1, d2, bot.kind, bot.ply, *self.layers[side], self.codes,
                                                self.db_win, self.ways)
        return afters[pick].copy(), bool(extra[pick])

    def cube_equities(self, side: int, board, score: Score, cube: int, owner: str) -> tuple:
        """(no double, double/take, double/pass) for ``side`` on roll, by its net at 0-ply."""
        outputs, _ = self.nets[side].boards_value(board[None, :], 0)
        outcomes = Outcomes.from_probabilities(outputs[0, :5])
        p = float(outputs[0, 0])
        x = float(cube_efficiency(_position(board)))
        no_double = cubeful_mwc(outcomes, score, cube, owner, x, met, p)
        take = cubeful_mwc(outcomes, score, 2 * cube, "opponent", x, met, p)
        return no_double, take, met(score.mine - cube, score.theirs, score.game != NORMAL)


def _position(board) -> Position:
    return Position(tuple(int(c) for c in board[:26]), tuple(int(c) for c in board[26:]))


def _play_match(players: _Players, length: int, seed: int, m: int) -> MatchRecord:
    rng = np.random.default_rng([seed, m])
    points = [0, 0]
    crawford_played = False
    games = []
    while max(points) < length:
        away = (length - points[0], length - points[1])
        one_away = (away[0] == 1) != (away[1] == 1)
        crawford = one_away and not crawford_played
        crawford_played = crawford_played or crawford
        game = _play_game(players, away, crawford, rng)
        game.score = tuple(points)
        points[game.winner] += game.points
        games.append(game)
    return MatchRecord(length, games, 0 if points[0] >= length else 1)


def _play_game(players: _Players, away: tuple, crawford: bool, rng) -> GameRecord:
    record = GameRecord((0, 0), crawford)
    game = CRAWFORD if crawford else (POST_CRAWFORD if (away[0] == 1) != (away[1] == 1) else NORMAL)
    board = np.array(Position.opening().on_roll * 2, dtype=np.int8)
    d1, d2 = 0, 0
    while d1 == d2:
        d1, d2 = int(rng.integers(1, 7)), int(rng.integers(1, 7))
    side = 0 if d1 > d2 else 1       # the higher die moves first, with both dice
    cube, holder = 1, -1             # holder: -1 centred, else the side owning the cube
    first = True
    for _ in range(MOST_MOVES):
        if not first:
            score = Score(away[side], away[1 - side], game)
            owner = "centre" if holder == -1 else ("on_roll" if holder == side else "opponent")
            if (holder in (-1, side) and players.bots[side].kind == _match.NET
                    and may_double(score, cube, "mine")):
                no_double, take, passed = players.cube_equities(side, board, score, cube, owner)
                if min(take, passed) > no_double + 1e-12:
                    record.actions.append(("double", side, 2 * cube))
                    takes = True
                    if players.bots[1 - side].kind == _match.NET:
                        takes = _taker_takes(players, side, board, score, cube)
                    if not takes:
                        record.actions.append(("drop", 1 - side))
                        record.winner, record.points = side, cube
                        return record
                    record.actions.append(("take", 1 - side))
                    cube, holder = 2 * cube, 1 - side
            d1, d2 = int(rng.integers(1, 7)), int(rng.integers(1, 7))
        first = False
        before = board.copy()
        after, _ = players.choose(side, board, d1, d2, rng)
        record.actions.append(("move", side, (d1, d2), before, after.copy()))
        if not after[:26].any():
            record.winner = side
            record.points = int(_match.game_points(after, players.codes)) * cube
            return record
        board = np.concatenate([after[26:], after[:26]])
        side = 1 - side
    raise AssertionError("a game ran past the longest possible")      # pragma: no cover


def _taker_takes(players: _Players, doubler: int, board, score: Score, cube: int) -> bool:
    """Whether the net of the side doubled takes: its chance with the cube at 2x (owning it) is at least
    its chance after passing, valued by its own net with the doubler on roll."""
    outputs, _ = players.nets[1 - doubler].boards_value(board[None, :], 0)
    outcomes = Outcomes.from_probabilities(outputs[0, :5])
    p = float(outputs[0, 0])
    x = float(cube_efficiency(_position(board)))
    doubler_take = cubeful_mwc(outcomes, score, 2 * cube, "opponent", x, met, p)
    doubler_pass = met(score.mine - cube, score.theirs, score.game != NORMAL)
    return doubler_take <= doubler_pass + 1e-12


def move_notation(rules: BackgammonRules, before, dice, after) -> str:
    """The notation of the play that turns board ``before`` into ``after`` (the mover's view) with ``dice``."""
    target = tuple(int(c) for c in after)
    for play in legal_plays(rules, _position(before), dice).plays:
        result = play.result.swapped()
        if result.on_roll + result.opponent == target:
            return play.notation
    raise AssertionError("a recorded move is not among the legal plays")      # pragma: no cover


def mat_match(result: MatchPlayResult, record: MatchRecord):
    """One match of ``result`` as a :class:`analysis.backgammon.mat.MatMatch` (the bots' names as players)."""
    games = []
    for game in record.games:
        actions = []
        for action in game.actions:
            if action[0] == "move":
                _, side, dice, before, after = action
                actions.append(("move", side, dice, mat_move(move_notation(result.rules, before, dice, after))))
            else:
                actions.append(action)
        games.append(MatGame(game.score, actions, game.winner, game.points))
    return MatMatch(record.length, result.bots, games)


def export_matches(result: MatchPlayResult, directory) -> list:
    """Write each match of ``result`` as
    ``match-0001.mat`` ... in ``directory`` (created if missing); returns the paths."""
    folder = Path(directory)
    if folder.exists() and not folder.is_dir():
        raise InvalidArgument(f"'{directory}' is a file; --export needs a folder to write the matches in.")
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for number, record in enumerate(result.records, 1):
        path = folder / f"match-{number:04d}.mat"
        path.write_text(write_mat(mat_match(result, record)))
        paths.append(path)
    return paths
