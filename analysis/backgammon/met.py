"""Match play: the match equity table, and the cube's value at a match score.

A match is played to N points. A side "n-away" needs n more points. The match equity
``met(a, b)`` is the chance that the side a-away wins the match against the side b-away,
both before the next game starts with the cube centred.

The table is computed here, by the standard recursion over scores (closer scores first):

* **The Crawford game** (the first game after a side reaches 1-away) has no cube: the
  trailer's chance is the cubeless game, ``1/2`` a win plus gammons (and backgammons)
  at the stated rates, each outcome leading to a post-Crawford score.
* **Post-Crawford** the trailer doubles at once (its gammons count double, the leader's
  nothing extra); the leader takes, or drops when dropping leaves the trailer no better off
  (the *free drop* at an even away): ``T(n) = min(T(n - 1), 1/2 [(1 - G) T(n - 2) + (G - B)
  T(n - 4) + B T(n - 6)])`` with ``T(1) = 1/2`` and ``T(n <= 0) = 1``.
* **Any other score**: the game's value at 50% winning chances with the cube centred, by
  the match version of Janowski's cube formula (:func:`cubeful_mwc`), whose points
  are the match equities of the scores the game can lead to.

Gammon rates: ``GAMMON_RATE`` of the games end in a gammon or backgammon and
``BACKGAMMON_RATE`` in a backgammon, the shipped net's opening evaluation at 0-ply
(``tests/backgammon/test_met.py`` checks them against the net).

The cube at a score (:func:`cubeful_mwc`): the cubeless ("dead cube") match-winning chance
is the outcome probabilities times the match equities of the scores they lead to; the
live-cube line runs, as in money play, through the points where a side cashes or passes:
from the average loss at 0% winning chances, through the pass value at the side's take
point and the cash value at its cash point, to the average win at 100%; each take point is
where taking one cube level up (valued by the same line, recursively) equals passing.
The answer is ``x`` times the live line plus ``1 - x`` times the dead cube, ``x`` the cube
efficiency (0.68 in contact; a race's from its pips, as in money play).

>>> round(met(1, 1), 3)
0.5
>>> round(met(2, 4) + met(4, 2), 12)
1.0
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from analysis.errors import InvalidArgument

#: Longest match the table covers (25 points, as the published tables).
MOST_AWAY = 25
#: Share of games ending in a gammon or more, and in a backgammon: the shipped net's opening
#: evaluation at 0-ply (win gammon 15.07% + lose gammon 13.80%; backgammons 0.31% + 0.27%).
GAMMON_RATE = 0.289
BACKGAMMON_RATE = 0.0057
#: The cube efficiency the table's games are played with (Janowski's x in contact).
TABLE_EFFICIENCY = 0.68
#: The cube's top value (as the money rules).
CUBE_MAX = 64

#: The kinds of game a score can start: an ordinary game with the cube, the Crawford game
#: (no cube), or a post-Crawford game (the cube back, the leader 1-away).
NORMAL, CRAWFORD, POST_CRAWFORD = "normal", "crawford", "post-crawford"


# --------------------------------------------------------------------------- the table
def met(a: int, b: int, post_crawford: bool = False) -> float:
    """Chance that the side ``a``-away wins against the side ``b``-away before the next game.

    A side at 0 or below has won (1.0 / 0.0). With one side 1-away and the other not, the next
    game is the Crawford game unless ``post_crawford``.
    """
    if a <= 0:
        return 1.0
    if b <= 0:
        return 0.0
    _check_away(a), _check_away(b)
    if post_crawford and (a == 1) != (b == 1):
        return 1.0 - _post_crawford(b) if a == 1 else _post_crawford(a)
    return _pre_table()[a][b]


def table(most_away: int = 15, post_crawford: bool = False):
    """The table as a DataFrame: rows the side's away, columns the opponent's (1 to ``most_away``).
    ``post_crawford``: one row, the trailer at each away against the leader 1-away."""
    import pandas as pd  # lazy: keeps numpy and pandas out of a table question's start-up

    aways = range(1, most_away + 1)
    if post_crawford:
        return pd.DataFrame([[_post_crawford(n) for n in aways]], index=["post-Crawford"],
                            columns=list(aways))
    return pd.DataFrame([[met(a, b) for b in aways] for a in aways], index=list(aways), columns=list(aways))


def take_point_table(most_away: int = 7, efficiency: float = TABLE_EFFICIENCY):
    """The winning chance a player needs to take an initial double (cube 1, centred, the table's gammon
    rates), rows the taker's away and columns the doubler's (2 to ``most_away``)."""
    import pandas as pd  # lazy: keeps numpy and pandas out of a table question's start-up

    shares = Outcomes.symmetric(GAMMON_RATE, BACKGAMMON_RATE)
    aways = range(2, most_away + 1)
    return pd.DataFrame([[take_point(shares, Score(taker, doubler, NORMAL), 1, met, efficiency) for doubler in aways]
                         for taker in aways], index=list(aways), columns=list(aways))


def _check_away(n) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n > MOST_AWAY:
        raise InvalidArgument(f"{n!r}-away is outside the match equity table; it covers 1 to {MOST_AWAY} away.")


@lru_cache(maxsize=None)
def _post_crawford(n: int) -> float:
    """The trailer's chance at ``n``-away against the leader 1-away, after the Crawford game."""
    if n <= 0:
        return 1.0
    if n == 1:
        return 0.5
    single, gammon, backgammon = 1 - GAMMON_RATE, GAMMON_RATE - BACKGAMMON_RATE, BACKGAMMON_RATE
    take = 0.5 * (single * _post_crawford(n - 2) + gammon * _post_crawford(n - 4)
                  + backgammon * _post_crawford(n - 6))
    return min(take, _post_crawford(n - 1))


@lru_cache(maxsize=1)
def _pre_table() -> tuple:
    """``[a][b]`` for a, b in 0..MOST_AWAY (row and column 0 unused), closer scores first."""
    size = MOST_AWAY + 1
    rows = [[0.0] * size for _ in range(size)]
    opening = Outcomes.symmetric(GAMMON_RATE, BACKGAMMON_RATE)
    for total in range(2, 2 * MOST_AWAY + 1):
        for a in range(max(1, total - MOST_AWAY), min(MOST_AWAY, total - 1) + 1):
            b = total - a
            if a == 1 and b == 1:
                rows[a][b] = 0.5
            elif a == 1 or b == 1:        # the Crawford game: no cube, then post-Crawford scores
                rows[a][b] = opening.dead(Score(a, b, CRAWFORD), 1, _lookup(rows))
            else:       # each side's entry on its own (their sum being 1 is a check, not an assumption)
                rows[a][b] = cubeful_mwc(opening, Score(a, b, NORMAL), 1, "centre", TABLE_EFFICIENCY,
                                         _lookup(rows))
    return tuple(tuple(row) for row in rows)


def _lookup(rows):
    """Match equity of a score reached after a game (the rows being built for ordinary scores)."""
    def equity(a: int, b: int, post: bool) -> float:
        if a <= 0:
            return 1.0
        if b <= 0:
            return 0.0
        if post and (a == 1) != (b == 1):
            return 1.0 - _post_crawford(b) if a == 1 else _post_crawford(a)
        return rows[a][b]
    return equity


# --------------------------------------------------------------------------- a score
@dataclass(frozen=True)
class Score:
    """A match score seen from the side on roll: it is ``mine``-away, the opponent ``theirs``-away;
    ``game`` is NORMAL, CRAWFORD or POST_CRAWFORD."""

    mine: int
    theirs: int
    game: str = NORMAL

    @property
    def after_game_post(self) -> bool:
        """Whether the scores this game leads to are post-Crawford."""
        return self.game in (CRAWFORD, POST_CRAWFORD)

    def swapped(self) -> "Score":
        return Score(self.theirs, self.mine, self.game)


def match_score(length: int, score: str | tuple, crawford: bool | None = None) -> Score:
    """The :class:`Score` of a match to ``length`` points at ``score`` ("4-2": the side on roll has 4,
    the opponent 2). At 1-away for one side, the game is the Crawford game unless ``crawford`` is False."""
    if isinstance(length, bool) or not isinstance(length, int) or not 1 <= length <= MOST_AWAY:
        raise InvalidArgument(f"A match to {length!r} points is not covered; matches are 1 to {MOST_AWAY} points.")
    if isinstance(score, str):
        parts = score.replace(":", "-").split("-")
        if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
            raise InvalidArgument(f"'{score}' is not a score; write the points so far as MINE-THEIRS, e.g. 4-2.")
        score = tuple(int(p) for p in parts)
    mine, theirs = score
    if not (0 <= mine < length and 0 <= theirs < length):
        raise InvalidArgument(f"A score of {mine}-{theirs} is not possible in a match to {length}; each side has "
                              f"0 to {length - 1} points while the match is being played.")
    a, b = length - mine, length - theirs
    if (a == 1) == (b == 1):
        if crawford:
            raise InvalidArgument(f"At {mine}-{theirs} to {length} no side is alone at 1-away, so this is not "
                                  "the Crawford game.")
        return Score(a, b, NORMAL)
    return Score(a, b, CRAWFORD if crawford is None or crawford else POST_CRAWFORD)


# --------------------------------------------------------------------------- a game's outcomes
@dataclass(frozen=True)
class Outcomes:
    """Shares of the side on roll's wins and losses that are single, gammon and backgammon.

    Built from the five probabilities (win, win gammon, win backgammon, lose gammon, lose
    backgammon, gammons counting the backgammons); the win chance itself varies along the cube's line.
    """

    win: tuple
    loss: tuple

    @classmethod
    def from_probabilities(cls, probabilities) -> "Outcomes":
        p, wg, wb, lg, lb = (float(v) for v in probabilities[:5])
        q = 1.0 - p
        win = (1.0, 0.0, 0.0) if p <= 1e-9 else ((p - wg) / p, (wg - wb) / p, wb / p)
        loss = (1.0, 0.0, 0.0) if q <= 1e-9 else ((q - lg) / q, (lg - lb) / q, lb / q)
        return cls(win, loss)

    @classmethod
    def symmetric(cls, gammons: float, backgammons: float) -> "Outcomes":
        shares = (1.0 - gammons, gammons - backgammons, backgammons)
        return cls(shares, shares)

    def average_win(self, score: Score, cube: int, equity) -> float:
        post = score.after_game_post
        return sum(s * equity(score.mine - k * cube, score.theirs, post) for k, s in enumerate(self.win, 1))

    def average_loss(self, score: Score, cube: int, equity) -> float:
        post = score.after_game_post
        return sum(s * equity(score.mine, score.theirs - k * cube, post) for k, s in enumerate(self.loss, 1))

    def dead(self, score: Score, cube: int, equity, p: float = 0.5) -> float:
        """The cubeless match-winning chance at winning chance ``p`` (the cube stays at ``cube``)."""
        return p * self.average_win(score, cube, equity) + (1 - p) * self.average_loss(score, cube, equity)

    def swapped(self) -> "Outcomes":
        return Outcomes(self.loss, self.win)


# --------------------------------------------------------------------------- the cube's line
def may_double(score: Score, cube: int, side: str) -> bool:
    """Whether ``side`` ("mine"/"theirs") gains anything by doubling ``cube`` (it has cube access):
    not in the Crawford game, below the top value, and a single win does not already give it the match."""
    away = score.mine if side == "mine" else score.theirs
    return score.game != CRAWFORD and cube < CUBE_MAX and away > cube


def live_points(outcomes: Outcomes, score: Score, cube: int, owner: str, equity) -> list:
    """The fully live cube's line for the side on roll: (winning chance, match-winning chance) corners.

    ``owner``: "centre", "on_roll" (the side on roll owns the cube) or "opponent".
    """
    points = [(0.0, outcomes.average_loss(score, cube, equity))]
    if owner in ("centre", "opponent") and may_double(score, cube, "theirs"):
        points.append((take_point(outcomes, score, cube, equity, 1.0), equity(score.mine, score.theirs - cube,
                                                                              score.after_game_post)))
    if owner in ("centre", "on_roll") and may_double(score, cube, "mine"):
        theirs = take_point(outcomes.swapped(), score.swapped(), cube, equity, 1.0)
        points.append((1.0 - theirs, equity(score.mine - cube, score.theirs, score.after_game_post)))
    points.append((1.0, outcomes.average_win(score, cube, equity)))
    return points


def _on_line(points, p: float) -> float:
    for (p0, v0), (p1, v1) in zip(points, points[1:]):
        if p <= p1:
            return v0 if p1 <= p0 else v0 + (v1 - v0) * (p - p0) / (p1 - p0)
    return points[-1][1]


def take_point(outcomes: Outcomes, score: Score, cube: int, equity, efficiency: float) -> float:
    """The least winning chance at which the side on roll takes the opponent's double of ``cube``
    (clipped to 0-1: 0, always take; 1, always pass). Taking is valued by the line one cube level up,
    which is straight between its corners, so the crossing is found piece by piece, exactly."""
    passed = equity(score.mine, score.theirs - cube, score.after_game_post)
    doubled = 2 * cube
    corners = live_points(outcomes, score, doubled, "on_roll", equity) if score.game != CRAWFORD else []
    # the taken value is straight between the live line's corners (the dead cube is straight in p)
    ps = sorted({0.0, 1.0, *(p for p, _ in corners)})
    values = [_mixed(outcomes, score, doubled, corners, efficiency, equity, p) for p in ps]
    if values[0] >= passed:
        return 0.0
    for (p0, v0), (p1, v1) in zip(zip(ps, values), zip(ps[1:], values[1:])):
        if v1 >= passed:
            return p0 + (p1 - p0) * (passed - v0) / (v1 - v0)
    return 1.0


def _mixed(outcomes: Outcomes, score: Score, cube: int, corners, efficiency: float, equity, p: float) -> float:
    dead = outcomes.dead(score, cube, equity, p)
    if efficiency == 0.0 or not corners:
        return dead
    return efficiency * _on_line(corners, p) + (1.0 - efficiency) * dead


def cubeful_mwc(outcomes: Outcomes, score: Score, cube: int, owner: str, efficiency: float, equity=None,
                p: float = 0.5) -> float:
    """Match-winning chance of the side on roll at winning chance ``p``: ``efficiency`` times the
    live cube's line plus the rest times the dead cube. ``equity``: the match equity of a score
    (a, b, post-Crawford) (default: :func:`met`)."""
    equity = equity or met
    corners = [] if score.game == CRAWFORD else live_points(outcomes, score, cube, owner, equity)
    return _mixed(outcomes, score, cube, corners, efficiency, equity, p)
