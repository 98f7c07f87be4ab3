"""Seeded matches: the win-seeking player against players who play for the largest expected score.

Strategies: ``optimal`` plays for the largest expected score (the solved table) whatever the
others do; ``to-win`` plays to maximise its share of the win against the others as they stand
at each of its turns (win.py's recursion, rerun every turn) once it has ``exact_from`` or fewer
boxes open, and for the expected score before (the recursion over more open boxes costs
seconds per turn; see docs/yacht.md). Among equally good choices for the win it takes the one
with the larger expected score. The seats rotate from game to game, so every strategy sits in
every seat equally often; a tie counts as an equal share of the win. Game ``g`` uses its own
random stream, so a seed gives the same games on any number of threads.

>>> result = simulate_match("yacht_kr", ("optimal", "optimal"), games=400, seed=1)
>>> result.games, result.shares   # one strategy in every seat: exactly the fair share
(400, {'optimal': 0.5})
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import numpy as np
import pandas as pd

from analysis.errors import InvalidArgument
from analysis.progress import Progress
from analysis.seeds import check_seed
from analysis.yacht import heads_up
from analysis.yacht.game import game_arrays, throw_tables
from analysis.yacht.kernel_tables import MatchSeats, WinTables
from analysis.yacht.rules import Rules
from analysis.yacht.solver import state_values
from analysis.yacht.target import as_plain_rules, card_mask, open_maxima
from analysis.yacht.win import Position, parse_position, remaining_values

STRATEGIES = ("optimal", "to-win")
#: The win-seeking recursion is run from this many open boxes down (2**6 cards per turn at most).
EXACT_FROM = 6
#: Seconds per game per 2**exact_from for a win-seeking player, measured here (two cores: 4-6 ms a
#: game heads-up from 4 open boxes, 5 ms with four players).
_SECONDS_PER_CARD = 0.0003
#: Seconds per game when the cards below a win-seeking player's turn come from a heads-up lead table.
_SECONDS_PER_LOOKUP_GAME = 0.0004
_CHUNK = 500


def parse_strategies(text: str | tuple, players: int) -> tuple[str, ...]:
    """``"to-win,optimal"`` for ``players`` seats: the last strategy named fills the remaining seats."""
    names = [t.strip().lower() for t in (text.split(",") if isinstance(text, str) else text) if t.strip()]
    for name in names:
        if name not in STRATEGIES:
            raise InvalidArgument(f"'{name}' is not a match strategy; choose from {', '.join(STRATEGIES)}.")
    if not 2 <= players <= 6:
        raise InvalidArgument(f"A match has 2 to 6 players, not {players}.")
    if not names or len(names) > players:
        raise InvalidArgument(f"Name 1 to {players} strategies for {players} players, not {len(names)}.")
    return tuple(names + [names[-1]] * (players - len(names)))


@dataclass(frozen=True)
class Match:
    """Seeded games between strategies (see :func:`simulate_match`)."""

    rules: Rules
    strategies: tuple[str, ...]   # by seat in game 0; game g rotates them by g
    games: int
    seed: int
    exact_from: int
    finals: np.ndarray            # finals[game, player]: player i plays strategies[i], whatever the seat
    box_points: np.ndarray        # box_points[player, box]: total points written
    box_zeros: np.ndarray         # box_zeros[player, box]: games with a zero written
    #: Of those writes, the ones made behind: the player's score below the best other player's as its turn began.
    behind_writes: np.ndarray | None = None   # [player, box]: games in which the box was written while behind
    behind_zeros: np.ndarray | None = None    # [player, box]: ... with a zero
    #: Writes whose turn the win-seeking player played differently from the expected-score play
    #: (a keep or box worth less in expected points), split [player, behind (1) or not (0), box].
    differed: np.ndarray | None = None

    @property
    def players(self) -> int:
        return len(self.strategies)

    def share_per_game(self) -> np.ndarray:
        """share[game, player]: 1 for the sole top score, 1/k when k players tie at the top, else 0."""
        top = self.finals.max(axis=1, keepdims=True)
        at_top = self.finals == top
        return at_top / at_top.sum(axis=1, keepdims=True)

    @property
    def shares(self) -> dict[str, float]:
        """Each strategy's average share of the win per player of it (the fair share is 1 / players)."""
        share = self.share_per_game()
        return {name: float(share[:, [i for i, s in enumerate(self.strategies) if s == name]].mean())
                for name in dict.fromkeys(self.strategies)}

    def interval(self, strategy: str, z: float = 1.96) -> tuple[float, float, float]:
        """(mean share, low, high): the 95% interval of one player of ``strategy``'s share of the win."""
        column = self.share_per_game()[:, self.strategies.index(strategy)]
        mean = float(column.mean())
        error = float(column.std(ddof=1) / np.sqrt(self.games)) if self.games > 1 else float("inf")
        return mean, mean - z * error, mean + z * error

    def strategy_table(self) -> pd.DataFrame:
        """Per strategy (first player of it): share of the win with its interval, mean final score."""
        rows = []
        for name in dict.fromkeys(self.strategies):
            i = self.strategies.index(name)
            mean, low, high = self.interval(name)
            rows.append({"strategy": name, "share_of_wins": mean, "ci95_low": low, "ci95_high": high,
                         "fair_share": 1 / self.players, "mean_final": float(self.finals[:, i].mean())})
        return pd.DataFrame(rows)

    def box_table(self) -> pd.DataFrame:
        """Per box and strategy (first player of it): mean points and how often a zero was written."""
        rows = []
        for b, box in enumerate(self.rules.boxes):
            row = {"box": box.name}
            for name in dict.fromkeys(self.strategies):
                i = self.strategies.index(name)
                row[f"{name} mean"] = self.box_points[i, b] / self.games
                row[f"{name} zero rate"] = self.box_zeros[i, b] / self.games
            rows.append(row)
        return pd.DataFrame(rows)

    def joined(self, later: "Match") -> "Match":
        """This run followed by ``later``, the games after it under the same seed and strategies."""
        if (later.rules, later.strategies, later.seed, later.exact_from) != (self.rules, self.strategies, self.seed,
                                                                           self.exact_from):
            raise InvalidArgument("Only runs of the same match (rules, strategies, seed, exact_from) can be joined.")
        return Match(self.rules, self.strategies, self.games + later.games, self.seed, self.exact_from,
                     np.concatenate([self.finals, later.finals]), self.box_points + later.box_points,
                     self.box_zeros + later.box_zeros, self.behind_writes + later.behind_writes,
                     self.behind_zeros + later.behind_zeros, self.differed + later.differed)

    def situation_table(self) -> pd.DataFrame:
        """Per box and strategy (first player of it): zero rates behind and ahead (or level), and how often
        the win-seeking player's turn differed from the expected-score play, behind and ahead.

        ``behind`` means the player's score was below the best other player's as the turn that wrote the
        box began. A rate is over the games in which the box was written in that situation.
        """
        rows = []
        for b, box in enumerate(self.rules.boxes):
            row = {"box": box.name}
            for name in dict.fromkeys(self.strategies):
                i = self.strategies.index(name)
                behind, zeros = self.behind_writes[i, b], self.behind_zeros[i, b]
                ahead, ahead_zeros = self.games - behind, self.box_zeros[i, b] - zeros
                row[f"{name} written behind"] = behind / self.games
                row[f"{name} zero rate behind"] = zeros / behind if behind else 0.0
                row[f"{name} zero rate ahead"] = ahead_zeros / ahead if ahead else 0.0
                if name == "to-win":
                    row["to-win differed behind"] = self.differed[i, 1, b] / behind if behind else 0.0
                    row["to-win differed ahead"] = self.differed[i, 0, b] / ahead if ahead else 0.0
            rows.append(row)
        return pd.DataFrame(rows)

    def to_dict(self) -> dict:
        return {"preset": self.rules.name, "players": self.players, "strategies": list(self.strategies),
                "games": self.games, "seed": self.seed, "exact_from": self.exact_from,
                "strategy_table": self.strategy_table(), "boxes": self.box_table(),
                "situations": self.situation_table()}

    def __str__(self) -> str:
        lines = [f"{self.rules.name}: {self.games:,} games of {self.players} players "
                 f"({', '.join(self.strategies)}; seats rotate), seed {self.seed}; to-win plays to win from "
                 f"{self.exact_from} open boxes down"]
        for row in self.strategy_table().itertuples():
            lines.append(f"  {row.strategy:8s} share of the win {row.share_of_wins:.4%} "
                         f"(95% interval {row.ci95_low:.4%} to {row.ci95_high:.4%}; fair share "
                         f"{row.fair_share:.4%}), mean final score {row.mean_final:.2f}")
        return "\n".join(lines)


def lead_table_fits(names: tuple[str, ...], exact_from: int) -> bool:
    """Whether a heads-up lead table serves this match: two players, one or both playing to win, few open boxes."""
    return len(names) == 2 and "to-win" in names and exact_from <= heads_up.MOST_OPEN


def lead_table_pays(rules: Rules, names: tuple[str, ...], exact_from: int, games: int) -> bool:
    """Whether building the heads-up lead table (heads_up.py) first saves time over ``games`` games."""
    if not lead_table_fits(names, exact_from):
        return False
    per_turn = games * names.count("to-win") * _SECONDS_PER_CARD * (1 << exact_from)
    return heads_up.estimated_seconds(rules, exact_from) + games * _SECONDS_PER_LOOKUP_GAME < per_turn


def _span(seconds: float) -> str:
    return f"{seconds / 3600:,.1f} hours" if seconds >= 5400 else f"{max(1, round(seconds / 60))} minutes"


def simulate_match(rules: Rules | str = "yacht_kr", strategies=("to-win", "optimal"), players: int | None = None,
                   games: int = 10_000, seed: int = 0, exact_from: int = EXACT_FROM,
                   start: tuple | None = None, rotate: bool = True, first_game: int = 0,
                   heads_up_table: bool | None = None) -> Match:
    """Play ``games`` seeded games between ``strategies`` (one per player).

    ``first_game``: play games ``first_game ..`` of the seed's sequence, so a long run can be made in
    parts (:meth:`Match.joined` puts them together: the same result as one run).

    ``start``: the players' positions (``Position`` or ``"SCORE:BOX,..."``) instead of empty cards;
    ``rotate=False`` keeps player i in seat i (who moves first changes nothing for expected-score
    players, but a win-seeking player sees more when it moves later).

    ``heads_up_table``: with two players, solve the win-seeking recursion once against every
    opponent card (heads_up.py: minutes and 1.5 GB for four open boxes) and look it up at each
    turn; the games are the same either way. ``None`` builds it when that saves time.
    """
    from analysis.yacht import _kernels as K  # lazy: keeps numba out of a table question's start-up
    from analysis.yacht import _target_kernels as T  # lazy: keeps numba out of a table question's start-up

    rules = as_plain_rules(rules)
    players = players or (len(start) if start else len(strategies))
    names = parse_strategies(strategies, players)
    if not 1 <= games <= 100_000_000:
        raise InvalidArgument(f"Games must be between 1 and 100,000,000, not {games}.")
    if not 0 <= first_game < 2 ** 62:
        raise InvalidArgument(f"first_game must be a whole number from 0, not {first_game}.")
    seed = check_seed(seed)
    n_boxes = len(rules.boxes)
    if not 1 <= exact_from <= n_boxes:
        raise InvalidArgument(f"exact_from must be 1 to {n_boxes} open boxes, not {exact_from}.")
    everything = Position(0, tuple(b.name for b in rules.boxes))
    positions = [parse_position(rules, p) for p in start] if start else [everything] * players
    if len(positions) != players:
        raise InvalidArgument(f"Give one start position per player ({players}), not {len(positions)}.")
    g = game_arrays(rules)
    values, remaining = state_values(rules), remaining_values(rules)
    codes = np.array([STRATEGIES.index(n) for n in names], dtype=np.int64)
    masks = np.array([card_mask(rules, p.open_boxes) for p in positions], dtype=np.int64)
    scores = np.array([p.score for p in positions], dtype=np.int64)
    order, maxima = np.ascontiguousarray(g.masks[::-1]), open_maxima(rules)
    win = WinTables(values, remaining, order, maxima)
    was_open = np.array([[not m >> b & 1 for b in range(n_boxes)] for m in masks])
    finals = np.zeros((games, players), dtype=np.int64)
    box_points = np.zeros((players, n_boxes), dtype=np.int64)
    box_zeros = np.zeros((players, n_boxes), dtype=np.int64)
    behind_writes, behind_zeros = np.zeros_like(box_zeros), np.zeros_like(box_zeros)
    differed = np.zeros((players, 2, n_boxes), dtype=np.int64)
    if heads_up_table is None:
        heads_up_table = lead_table_pays(rules, names, exact_from, games)
    if heads_up_table and not lead_table_fits(names, exact_from):
        raise InvalidArgument(f"A heads-up lead table serves two players, at least one playing to win, from "
                              f"{heads_up.MOST_OPEN} or fewer open boxes.")
    if heads_up_table and not heads_up.held(rules, exact_from):
        seconds = heads_up.estimated_seconds(rules, exact_from)
        if seconds > 60:
            print(f"odds: solving the win-seeking play against every opponent card first takes about {_span(seconds)} "
                  f"here; then the games take about {_span(games * _SECONDS_PER_LOOKUP_GAME)}.", file=sys.stderr)
    lead = heads_up.lead_table(rules, exact_from) if heads_up_table else heads_up.EMPTY
    if "to-win" in names and not heads_up_table:
        seconds = games * names.count("to-win") * _SECONDS_PER_CARD * (1 << exact_from)
        if seconds > 60:
            print(f"odds: {games:,} games with a win-seeking player from {exact_from} open boxes take about "
                  f"{_span(seconds)} here; a lower --exact-from is faster.", file=sys.stderr)
    step = max(_CHUNK, -(-games // 200))
    with Progress(f"odds: playing {games:,} {rules.name} matches ({', '.join(names)})", total=games) as bar:
        for first in range(0, games, step):
            count = min(step, games - first)
            turn = (first_game + first + np.arange(count)) % players if rotate else np.zeros(count, dtype=np.int64)
            seat_of = (np.arange(players)[None, :] + turn[:, None]) % players   # player i's seat in each game
            rows = np.arange(count)[:, None]
            seat_strategy = np.empty((count, players), dtype=np.int64)
            seat_mask, seat_score = np.empty_like(seat_strategy), np.empty_like(seat_strategy)
            seat_strategy[rows, seat_of], seat_mask[rows, seat_of], seat_score[rows, seat_of] = codes, masks, scores
            points = np.zeros((count, players, n_boxes), dtype=np.int64)
            situation = np.zeros_like(points)
            T.play_matches(first_game + first, seed, MatchSeats(seat_strategy, seat_mask, seat_score), exact_from, win,
                           lead, g.scoring, g.dice, throw_tables(), K.numba_threads(), points, situation)
            for i in range(players):
                mine = points[np.arange(count), seat_of[:, i]]
                how = situation[np.arange(count), seat_of[:, i]]
                behind, changed = (how & 1 == 1) & was_open[i], how & 2 == 2
                finals[first:first + count, i] = scores[i] + mine.sum(axis=1)
                box_points[i] += mine.sum(axis=0)
                box_zeros[i] += ((mine == 0) & was_open[i]).sum(axis=0)
                behind_writes[i] += behind.sum(axis=0)
                behind_zeros[i] += (behind & (mine == 0)).sum(axis=0)
                differed[i, 1] += (changed & behind).sum(axis=0)
                differed[i, 0] += (changed & ~behind & was_open[i]).sum(axis=0)
            bar.advance(count)
    return Match(rules, names, games, seed, exact_from, finals, box_points, box_zeros, behind_writes, behind_zeros,
                 differed)
