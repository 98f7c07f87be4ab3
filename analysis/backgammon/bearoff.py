"""Exact bear-off databases: one-sided (15 checkers) and two-sided (6 checkers, with the cube).

A bear-off position is the six counts on a side's home board, ace point first.

* **One-sided**: for all 54,264 positions of up to 15 checkers, the distribution
  of the number of rolls needed to bear everything off when each roll is played
  to minimise the expected number of rolls (gnubg's convention), the expected
  rolls, the effective pip count (EPC = expected rolls x 49/6, the average roll)
  and, for 15 checkers, the rolls needed to bear off the *first* checker (does
  the side save the gammon?).
* **Two-sided**: for every pair of positions of up to 6 checkers (924 x 924),
  the exact cubeless winning chance of the side on roll and the cubeful money
  equities with the cube centred, owned by the side on roll and owned by the
  opponent, at every cube value up to the 64 limit, from which the double /
  take / pass decisions of :mod:`analysis.backgammon.cube` follow.

Both are built by numba kernels and cached with :class:`analysis.store.Store`.

>>> odds = bearoff_odds((3, 3, 3, 2, 2, 2))
>>> round(odds.expected_rolls, 4), odds.distribution.index[0]
(7.555, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb

import numpy as np

from analysis.errors import InvalidPosition
from analysis.progress import Progress
from analysis.store import Array, Store, TableKind, chosen_store, prepares
from analysis.backgammon import bearoff_rules
from analysis.backgammon.position import BAR, SLOTS, START, Position, pip_count
from analysis.backgammon.rules import STANDARD

ONE_SIDED_CHECKERS = 15
TWO_SIDED_CHECKERS = 6
HORIZON = 32            # no 15-checker bear-off takes 32 rolls or more (checked on build)
AVERAGE_ROLL = 49 / 6   # pips in an average roll, doubles counted four times
_ROLLS = Array("float64", ("positions", "horizon"), within=(0, 1), sums_to_one=1)
#: For every position: the distribution and mean of the rolls to bear off all checkers, and the first one.
ONE_SIDED = TableKind("backgammon/bearoff-one-sided", {
    "distribution": _ROLLS, "expected": Array("float64", ("positions",), within=(0, HORIZON)),
    "first_off": _ROLLS, "first_off_expected": Array("float64", ("positions",), within=(0, HORIZON))},
    version=1)


def _two_sided_layout(params) -> dict:
    n = params["positions"]
    equity = Array("float64", (n, n), within=(-1, 1))   # no gammons in a bear-off: per unit of the stake
    if params["piece"] == "win":
        return {"win": Array("float64", (n, n), within=(0, 1))}
    if params["piece"] == "cube-1":
        return {"no_double": equity}
    return {"owned": equity, "theirs": equity, "centre": Array("float64", (n, n), within=(-1, 1), optional=True)}


#: One part (``piece``) of the two-sided database: the cubeless win chance, or the equities at one cube value.
TWO_SIDED = TableKind("backgammon/bearoff-two-sided", _two_sided_layout,
                      version=1)


# Reading a stored table needs no numba: ranks and the small boards' list run as plain Python
# (bearoff_rules.py), and the kernels (numba's import and cached code: about half a second) load only to build.

@lru_cache(maxsize=None)
def home_positions(top: int) -> np.ndarray:
    """All 6-tuples of at most ``top`` checkers, in the kernels' (lexicographic) rank order."""
    if top <= TWO_SIDED_CHECKERS:        # 924 boards: run as Python, so a cube question or chart starts no numba
        return bearoff_rules.home_positions(top, comb(top + 6, 6))
    from analysis.backgammon import _kernels  # lazy: keeps numba out of a table question's start-up

    return _kernels.home_positions(top, comb(top + 6, 6))


@lru_cache(maxsize=None)
def _ways(top: int) -> np.ndarray:
    """Prefix counts for the lexicographic rank: [point, checkers left, count on the point]."""
    table = np.zeros((6, top + 1, top + 1), dtype=np.int64)
    for i in range(6):
        for left in range(top + 1):
            for c in range(1, left + 1):
                table[i, left, c] = table[i, left, c - 1] + comb(5 - i + left - (c - 1), 5 - i)
    return table


def rank(counts, top: int = ONE_SIDED_CHECKERS) -> int:
    """Index of a home-board position in the database of up to ``top`` checkers."""
    return int(bearoff_rules.bearoff_rank(counts, top, _ways(top)))


def _pips(rows: np.ndarray) -> np.ndarray:
    return rows @ np.arange(1, 7)


def _build_one_sided() -> dict:
    from analysis.backgammon import _kernels  # lazy: keeps numba out of a table question's start-up

    rows = home_positions(ONE_SIDED_CHECKERS)
    order = np.argsort(_pips(rows), kind="stable")
    ways = _ways(ONE_SIDED_CHECKERS)
    with Progress("odds: building the one-sided bear-off database (once; cached afterwards)", total=2) as bar:
        dist, expect = _kernels.build_one_sided(rows, order, ONE_SIDED_CHECKERS, ways, HORIZON, False)
        bar.advance()
        gammon, gammon_expect = _kernels.build_one_sided(rows, order, ONE_SIDED_CHECKERS, ways, HORIZON, True)
        bar.advance()
    if not (np.allclose(dist.sum(axis=1), 1.0, atol=1e-12) and np.allclose(gammon.sum(axis=1), 1.0, atol=1e-12)):
        raise RuntimeError("bear-off distributions do not sum to 1: the horizon is too short")
    return {"distribution": dist, "expected": expect, "first_off": gammon, "first_off_expected": gammon_expect}


_LOADED: dict = {}


@prepares("backgammon", "one-sided bear-off database")
def one_sided_database(store: Store | None = None) -> dict:
    """The one-sided database (built on first use, a few seconds, then read from the cache)."""
    store = chosen_store(store)
    if store is None:
        return _build_one_sided()
    memo = (str(store.root), "one-sided")   # once per process and folder: a load verifies a 14 MB checksum
    if memo not in _LOADED:
        params = {"checkers": ONE_SIDED_CHECKERS, "horizon": HORIZON, "positions": comb(ONE_SIDED_CHECKERS + 6, 6)}
        _LOADED[memo] = store.table(ONE_SIDED, None, params, _build_one_sided)
    return _LOADED[memo]


#: The cube of standard backgammon (docs/rules.md: 2..64), from the rule fields.
CUBE_VALUES = STANDARD.cube_values
CUBE_MAX = CUBE_VALUES[-1]


@lru_cache(maxsize=None)
def _two_sided_inputs():
    """Positions, the successor table and the order in which pairs are solved."""
    from analysis.backgammon import _kernels  # lazy: keeps numba out of a table question's start-up

    rows = home_positions(TWO_SIDED_CHECKERS)
    starts, succ = _kernels.successor_table(rows, TWO_SIDED_CHECKERS, _ways(TWO_SIDED_CHECKERS))
    pips = _pips(rows)
    pair_order = np.argsort((pips[:, None] + pips[None, :]).ravel(), kind="stable").astype(np.int64)
    return rows.shape[0], starts, succ, pair_order


def two_sided_endless() -> dict:
    """The two-sided database with an endless cube, the model of gnubg's own database.

    Not cached (about a second): used to compare with gnubg and in the benchmark.
    """
    from analysis.backgammon import _kernels  # lazy: keeps numba out of a table question's start-up

    count, starts, succ, pair_order = _two_sided_inputs()
    unused = np.zeros((1, 1))
    win, nd_centre, nd_owned, nd_theirs = _kernels.build_two_sided(pair_order, starts, succ, count, unused, False)
    return {"win": win, "no_double_centre": nd_centre, "no_double_owned": nd_owned,
            "no_double_theirs": nd_theirs}


def _build_cube_levels() -> dict:
    """Cubeful equities at every cube value, honouring the 64 cap (docs/rules.md).

    At 64 nobody may double: the equity is the cubeless 2P - 1. Below, a double to
    2v is taken at twice the taker-owns equity at 2v, so the levels are solved from
    32 down to 1. The cap is not a detail: it moves equities with a 2-cube by up to
    1.3e-4 and with an 8-cube by up to 0.016 against an endless cube.
    """
    from analysis.backgammon import _kernels  # lazy: keeps numba out of a table question's start-up

    values = CUBE_VALUES[-2::-1]                      # 32, 16, ..., 1: each level needs the one above
    with Progress("odds: building the two-sided bear-off database (once; cached afterwards)",
                  total=1 + len(values)) as bar:
        count, starts, succ, pair_order = _two_sided_inputs()
        win = two_sided_endless()["win"]
        bar.advance()
        taker_above = 2 * win - 1                     # cube at the cap: dead
        pieces = {"win": {"win": win}}
        for value in values:
            _, nd_centre, nd_owned, nd_theirs = _kernels.build_two_sided(pair_order, starts, succ, count,
                                                                         taker_above, True)
            if value == 1:
                pieces["cube-1"] = {"no_double": nd_centre}
            else:       # centred above 1: the opening ties raised the stake before the first turn
                pieces[f"cube-{value}"] = {"owned": nd_owned, "theirs": nd_theirs, "centre": nd_centre}
            taker_above = nd_theirs
            bar.advance()
    return pieces


def _two_sided_params(piece: str) -> dict:
    return {"piece": piece, "checkers": TWO_SIDED_CHECKERS, "cube_max": CUBE_MAX,
            "positions": comb(TWO_SIDED_CHECKERS + 6, 6)}


def two_sided_held(piece: str, store: Store | None = None) -> bool:
    """Is the part ``piece`` of the two-sided database at hand (loaded, or in the store), so that
    :func:`two_sided_piece` reads it rather than builds the whole database?"""
    store = chosen_store(store)
    if store is None:
        return False
    return (str(store.root), piece) in _LOADED or store.path(TWO_SIDED, None, _two_sided_params(piece)).is_file()


def two_sided_piece(piece: str, store: Store | None = None) -> dict:
    """One part of the two-sided database: ``win`` or ``cube-V`` (V = 1, 2, ..., 32).

    ``win`` holds the cubeless chance of the side on roll for every pair (rank a on
    roll, rank b to play next); ``cube-1`` the centred no-double equity; ``cube-V``
    the no-double equities with the V-cube owned by the roller, by the opponent and
    still centred (a game the opening ties started at V).
    All parts are built together (a few seconds) and stored separately, so a
    question loads only the parts it needs.
    """
    store = chosen_store(store)
    if store is None:
        return _build_cube_levels()[piece]
    memo = (str(store.root), piece)
    if memo not in _LOADED:
        stored = store.load(TWO_SIDED, None, _two_sided_params(piece), announce=True)
        if stored is None:
            built = _build_cube_levels()
            for name, arrays in built.items():
                store.save(TWO_SIDED, None, _two_sided_params(name), arrays)
            stored = built[piece]
        _LOADED[memo] = stored
    return _LOADED[memo]


@prepares("backgammon", "two-sided bear-off database with the cube")
def _prepare_two_sided() -> None:
    for piece in ["win"] + [f"cube-{value}" for value in CUBE_VALUES[:-1]]:
        two_sided_piece(piece)


# --------------------------------------------------------------------------- one side
@dataclass(frozen=True, eq=False)
class BearoffOdds:
    """How many rolls one side needs to bear off (exact, optimal play).

    ``distribution`` (and ``first_off``) are pandas Series made when asked for: printing the
    odds (``odds backgammon bearoff``) reads the stored arrays and never imports pandas.
    """

    counts: tuple
    fewest: int                     # the fewest rolls that can bear everything off
    chances: np.ndarray             # P(exactly fewest, fewest + 1, ... rolls)
    expected_rolls: float
    #: P(first checker off in exactly n rolls) from n = first_off_fewest; 15 checkers only.
    first_off_fewest: int | None = None
    first_off_chances: np.ndarray | None = None

    @property
    def distribution(self) -> pd.Series:
        """P(exactly n rolls), indexed by n."""
        return _series(self.fewest, self.chances, "P(rolls)")

    @property
    def first_off(self) -> pd.Series | None:
        """P(first checker off in exactly n rolls), indexed by n; 15 checkers only."""
        if self.first_off_chances is None:
            return None
        return _series(self.first_off_fewest, self.first_off_chances, "P(first off)")

    def rolls(self) -> list[tuple[int, float]]:
        """(n, P(exactly n rolls)) pairs, without pandas."""
        return list(enumerate(self.chances.tolist(), start=self.fewest))

    def first_off_rolls(self) -> list[tuple[int, float]] | None:
        if self.first_off_chances is None:
            return None
        return list(enumerate(self.first_off_chances.tolist(), start=self.first_off_fewest))

    @property
    def effective_pip_count(self) -> float:
        return self.expected_rolls * AVERAGE_ROLL

    @property
    def pips(self) -> int:
        return pip_count(tuple(self.counts) + (0,) * (SLOTS - 6))     # the one pip count (position.py)

    @property
    def wastage(self) -> float:
        """EPC minus the pip count: pips lost to the dice not fitting the position."""
        return self.effective_pip_count - self.pips

    def to_dict(self) -> dict:
        data = {"counts": list(self.counts), "pips": self.pips, "mean_rolls": self.expected_rolls,
                "expected_rolls": self.expected_rolls,
                "effective_pip_count": self.effective_pip_count, "wastage": self.wastage,
                "rolls": dict(self.rolls())}
        if self.first_off_chances is not None:
            data["first_checker_off"] = dict(self.first_off_rolls())
        return data

    def __str__(self) -> str:
        lines = [f"bear-off {' '.join(map(str, self.counts))} (ace point first): {self.pips} pips, "
                 f"{self.expected_rolls:.4f} rolls expected, EPC {self.effective_pip_count:.2f} "
                 f"(wastage {self.wastage:.2f})",
                 "rolls  P(exactly)  P(at most)"]
        cumulative = 0.0
        for n, p in self.rolls():
            cumulative += p
            if p < 5e-7 and cumulative > 0.5:
                break
            lines.append(f"{n:5d}  {p:10.6f}  {cumulative:10.6f}")
        if self.first_off_chances is not None:
            first = ", ".join(f"{n}: {p:.4f}" for n, p in self.first_off_rolls())
            lines.append(f"first checker off in n rolls: {first}")
        return "\n".join(lines)


def _series(fewest: int, chances: np.ndarray, name: str):
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    return pd.Series(chances, index=range(fewest, fewest + chances.size), name=name)


def parse_counts(counts) -> tuple:
    """Six counts (ace point first) from ``"3 3 3 2 2 2"``, ``"3,3,3,2,2,2"`` or a sequence."""
    words = str(counts).replace(",", " ").split() if isinstance(counts, str) else list(counts)
    try:
        values = tuple(int(w) for w in words)
    except (TypeError, ValueError):
        values = ()
    if any(isinstance(w, str) and not w.isascii() for w in words):
        values = ()         # int() also reads other scripts' digits ('٣'); a count is written in ASCII
    if len(values) != 6 or min(values, default=-1) < 0:
        raise InvalidPosition(f"'{counts}' is not a home board; give six checker counts, ace point first, "
                              "e.g. \"3 3 3 2 2 2\".")
    if sum(values) > ONE_SIDED_CHECKERS:
        raise InvalidPosition(f"'{counts}' holds {sum(values)} checkers; a side has at most 15.")
    return values


def rolls_needed(counts, store: Store | None = None) -> tuple[int, np.ndarray, float]:
    """``(fewest, chances, expected)``: P(exactly n rolls) for n = fewest, fewest + 1, ... as an array.

    The numbers of :func:`bearoff_odds` straight from the stored table, without pandas
    (the ``chart`` command draws from them).
    """
    counts = parse_counts(counts)
    index = rank(counts)
    table = one_sided_database(store)
    dist = table["distribution"][index]
    possible = np.nonzero(dist > 0)[0]
    fewest, most = int(possible.min()), int(possible.max())
    return fewest, dist[fewest:most + 1], float(table["expected"][index])


def bearoff_odds(counts, store: Store | None = None) -> BearoffOdds:
    """The one-sided bear-off figures for ``counts`` (six counts, ace point first)."""
    counts = parse_counts(counts)
    fewest, chances, expected = rolls_needed(counts, store)
    if sum(counts) < ONE_SIDED_CHECKERS:
        return BearoffOdds(counts, fewest, chances, expected)
    gammon = one_sided_database(store)["first_off"][rank(counts)]
    possible = np.nonzero(gammon > 0)[0]
    first, last = int(possible.min()), int(possible.max())
    return BearoffOdds(counts, fewest, chances, expected, first, gammon[first:last + 1])


# --------------------------------------------------------------------------- two sides
def home_counts(position: Position) -> tuple[tuple, tuple]:
    """Both sides' home-board counts; every checker must be on its home board."""
    for label, side in (("side on roll", position.on_roll), ("opponent", position.opponent)):
        if side[BAR] or side[START]:
            raise InvalidPosition(f"The {label} has a checker on the bar or waiting to enter; a bear-off "
                                  "position has every checker on the six home points.")
        if any(side[6:24]):
            outside = max(i + 1 for i in range(6, 24) if side[i])
            raise InvalidPosition(f"The {label} has a checker on its {outside}-point; a bear-off position has "
                                  "every checker on the six home points.")
    return tuple(position.on_roll[:6]), tuple(position.opponent[:6])


def race_win_chance(mine, theirs, store: Store | None = None) -> float:
    """P(side on roll finishes first) from the two one-sided roll distributions.

    Exact for independent bear-offs; with both sides playing to minimise their own
    expected rolls (rather than to maximise the winning chance) it is a close
    approximation, exact within the two-sided database's range only by luck.
    """
    table = one_sided_database(store)
    mine_dist = table["distribution"][rank(mine)]
    theirs_dist = table["distribution"][rank(theirs)]
    theirs_at_least = np.cumsum(theirs_dist[::-1])[::-1]      # P(they need >= n rolls)
    return float(np.sum(mine_dist * theirs_at_least))


def one_sided_win_matrix(store: Store | None = None) -> np.ndarray:
    """The one-sided race estimate for every pair of the two-sided database (924 x 924).

    Comparing it with ``two_sided_piece("win")["win"]`` measures how much playing to
    win, rather than to finish fastest, matters in short bear-offs.
    """
    rows = home_positions(TWO_SIDED_CHECKERS)
    table = one_sided_database(store)["distribution"]
    dist = table[[rank(r) for r in rows]]
    at_least = np.cumsum(dist[:, ::-1], axis=1)[:, ::-1]
    return dist @ at_least.T
