"""Race and cube: Keith, Thorp and 8-9-12 counts, scored against exact bear-off decisions;
take points (dead cube, with gammons) and Janowski's live-cube formula.

The three counts (money play, no contact):

* **Keith** (Tom Keith, "Cube Handling In Noncontact Positions", bkgm.com, 2004):
  pips + 2 per checker beyond one on the 1-point + 1 per checker beyond one on the
  2-point + 1 per checker beyond three on the 3-point + 1 per empty 4-, 5- or 6-point;
  the roller's count is raised by one seventh. Double if the roller's count exceeds
  the opponent's by at most 4, redouble by at most 3; take if it exceeds it by at least 2.
* **Thorp** (E. O. Thorp, as popularised by Robertie, "Advanced Backgammon" vol. 2):
  pips + 2 per checker left + 1 per checker on the 1-point - 1 per occupied home point;
  the roller adds 10% when over 30. Double if the roller's count exceeds the
  opponent's by at most 2, redouble by at most 1; take if by at least -2.
* **8-9-12** (Trice): the roller's lead as a share of its own pip count: double at
  8% or more, redouble at 9% or more; the opponent passes beyond 12%.

>>> round(take_point(), 4), round(take_point(cube_efficiency=1.0), 4)
(0.25, 0.2)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analysis.backgammon.bearoff import TWO_SIDED_CHECKERS, home_positions, two_sided_piece
from analysis.errors import InvalidArgument, InvalidPosition
from analysis.store import Store


def keith_count(counts) -> float:
    """Keith's adjusted count of a side (its home-board and outside counts, ace point first)."""
    counts = list(counts) + [0] * (24 - len(counts))
    pips = sum((i + 1) * c for i, c in enumerate(counts[:24]))
    extra = 2 * max(counts[0] - 1, 0) + max(counts[1] - 1, 0) + max(counts[2] - 3, 0)
    extra += sum(1 for i in (3, 4, 5) if counts[i] == 0)
    return pips + extra


def thorp_count(counts) -> float:
    counts = list(counts) + [0] * (24 - len(counts))
    pips = sum((i + 1) * c for i, c in enumerate(counts[:24]))
    return pips + 2 * sum(counts) + counts[0] - sum(1 for i in range(6) if counts[i] > 0)


@dataclass(frozen=True)
class FormulaAdvice:
    formula: str
    double: bool
    redouble: bool
    take: bool

    def to_dict(self) -> dict:
        return {"formula": self.formula, "double": self.double, "redouble": self.redouble, "take": self.take}


def _check_race(roller, opponent) -> None:
    if not any(roller) or not any(opponent):
        raise InvalidPosition("One side has already borne off all its checkers; the game is over, there is "
                              "no race to count.")


def keith(roller, opponent) -> FormulaAdvice:
    _check_race(roller, opponent)
    # Keith rounds the seventh down when counting at the table; we keep the fraction.
    diff = keith_count(roller) * 8 / 7 - keith_count(opponent)
    return FormulaAdvice("Keith", diff <= 4, diff <= 3, diff >= 2)


def thorp(roller, opponent) -> FormulaAdvice:
    _check_race(roller, opponent)
    mine = thorp_count(roller)
    if mine > 30:
        mine *= 1.1
    diff = mine - thorp_count(opponent)
    return FormulaAdvice("Thorp", diff <= 2, diff <= 1, diff >= -2)


def eight_nine_twelve(roller, opponent) -> FormulaAdvice:
    _check_race(roller, opponent)
    mine = sum((i + 1) * c for i, c in enumerate(roller))
    theirs = sum((i + 1) * c for i, c in enumerate(opponent))
    lead = (theirs - mine) / mine
    return FormulaAdvice("8-9-12", lead >= 0.08, lead >= 0.09, lead <= 0.12)


FORMULAS = {"Keith": keith, "Thorp": thorp, "8-9-12": eight_nine_twelve}


def _formula_matrices(rows: np.ndarray) -> dict:
    """(double, redouble, take) for every (roller, opponent) pair, vectorised per formula.

    Same rules as :func:`keith`, :func:`thorp` and :func:`eight_nine_twelve` (a test checks).
    """
    k = np.array([keith_count(r) for r in rows], dtype=float)
    t = np.array([thorp_count(r) for r in rows], dtype=float)
    pips = rows @ np.arange(1, 7)
    keith_diff = (k * 8 / 7)[:, None] - k[None, :]
    roller_t = np.where(t > 30, t * 1.1, t)
    thorp_diff = roller_t[:, None] - t[None, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        lead = (pips[None, :] - pips[:, None]) / pips[:, None]
    return {"Keith": (keith_diff <= 4, keith_diff <= 3, keith_diff >= 2),
            "Thorp": (thorp_diff <= 2, thorp_diff <= 1, thorp_diff >= -2),
            "8-9-12": (lead >= 0.08, lead >= 0.09, lead <= 0.12)}


def score_formulas(store: Store | None = None, window: tuple[float, float] = (0.0, 1.0)) -> pd.DataFrame:
    """How often each count makes the wrong cube decision in the exact two-sided bear-offs.

    Every pair of positions of up to 6 checkers is scored, with the cube centred
    (double to 2?), a 2-cube owned by the roller (redouble to 4?) and, facing an
    initial double, the opponent (take?). The equity cost of a wrong decision is the exact cubeful equity lost
    by the side that made it, per unit of the cube before doubling; the other side
    is assumed to answer correctly. ``window`` keeps only pairs whose cubeless
    winning chance for the roller lies inside it (the ones where the cube is live).
    """
    rows = home_positions(TWO_SIDED_CHECKERS)
    win = two_sided_piece("win", store)["win"][1:, 1:]
    nd_c = two_sided_piece("cube-1", store)["no_double"][1:, 1:]          # centred cube
    nd_o = two_sided_piece("cube-2", store)["owned"][1:, 1:]              # roller owns a 2-cube
    nd_x = two_sided_piece("cube-2", store)["theirs"][1:, 1:]             # taker of an initial double
    nd_x4 = two_sided_piece("cube-4", store)["theirs"][1:, 1:]            # taker of a redouble to 4
    double_value = np.minimum(2 * nd_x, 1.0)
    redouble_value = np.minimum(2 * nd_x4, 1.0)
    inside = (win >= window[0]) & (win <= window[1])
    n = int(inside.sum())
    right_double = double_value > nd_c + 1e-12
    right_redouble = redouble_value > nd_o + 1e-12
    right_take = 2 * nd_x <= 1 + 1e-12
    results = []
    for name, (double, redouble, take) in _formula_matrices(rows).items():
        double, redouble, take = double[1:, 1:], redouble[1:, 1:], take[1:, 1:]
        bad_double = (double != right_double) & inside
        bad_redouble = (redouble != right_redouble) & inside
        bad_take = (take != right_take) & inside
        results.append({
            "formula": name, "positions": n,
            "wrong_double_%": 100 * bad_double.sum() / n,
            "of which doubled wrongly_%": 100 * (bad_double & double).sum() / n,
            "wrong_redouble_%": 100 * bad_redouble.sum() / n,
            "of which redoubled wrongly_%": 100 * (bad_redouble & redouble).sum() / n,
            "wrong_take_%": 100 * bad_take.sum() / n,
            "of which took wrongly_%": 100 * (bad_take & take).sum() / n,
            "cost_per_double_decision": float(np.abs(double_value - nd_c)[bad_double].sum() / n),
            "cost_per_redouble_decision": float(np.abs(redouble_value - nd_o)[bad_redouble].sum() / n),
            "cost_per_take_decision": float(np.abs(1 - 2 * nd_x)[bad_take].sum() / n)})
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    return pd.DataFrame(results)


# --------------------------------------------------------------------------- take points
def _check_values(win_value: float, loss_value: float, cube_efficiency: float) -> None:
    if not 1 <= win_value <= 3 or not 1 <= loss_value <= 3:
        raise InvalidArgument(f"Average win/loss values {win_value}/{loss_value} are impossible; each lies "
                              "between 1 (single games only) and 3 (all backgammons).")
    if not 0 <= cube_efficiency <= 1:
        raise InvalidArgument(f"A cube efficiency of {cube_efficiency} is impossible; it lies between "
                              "0 (dead cube) and 1 (fully live).")


def take_point(win_value: float = 1.0, loss_value: float = 1.0, cube_efficiency: float = 0.0) -> float:
    """Minimum winning chance for a money take.

    ``win_value``/``loss_value``: the taker's average points per game won / lost
    (1 without gammons). Dead cube: (L - 1/2) / (W + L). Janowski's live cube with
    efficiency x: (L - 1/2) / (W + L + x/2) (x = 1 gives the classic 20%).
    """
    _check_values(win_value, loss_value, cube_efficiency)
    return (loss_value - 0.5) / (win_value + loss_value + 0.5 * cube_efficiency)


def janowski_equity(p: float, cube: str = "centre", win_value: float = 1.0, loss_value: float = 1.0,
                    cube_efficiency: float = 0.68) -> float:
    """Janowski's cubeful money equity: x times the live-cube line plus (1 - x) times the dead cube.

    The live-cube lines run (money, cube value 1): owned from (0, -L) to the
    cash point (CP, +1); centred from the take point (TP, -1) to (CP, +1);
    opponent-owned from (TP, -1) to (1, W), flat beyond the ends. TP and CP are the
    fully live take and cash points. 0.68 is a typical efficiency for long races.
    """
    if not 0 <= p <= 1:
        raise InvalidArgument(f"A winning chance of {p} is impossible; it lies between 0 and 1.")
    _check_values(win_value, loss_value, cube_efficiency)
    w, l_, x = win_value, loss_value, cube_efficiency
    dead = p * (w + l_) - l_
    tp = (l_ - 0.5) / (w + l_ + 0.5)
    cp = (l_ + 1.0) / (w + l_ + 0.5)
    if cube == "owned":
        live = -l_ + (1 + l_) * p / cp if p < cp else 1.0
    elif cube == "centre":
        live = -1.0 if p < tp else 1.0 if p > cp else -1.0 + 2.0 * (p - tp) / (cp - tp)
    elif cube == "opponent":
        live = -1.0 if p < tp else -1.0 + (w + 1.0) * (p - tp) / (1.0 - tp)
    else:
        raise InvalidArgument(f"'{cube}' is not a cube position; use centre, owned or opponent.")
    return x * live + (1 - x) * dead


def take_point_table(gammon_rates=(0.0, 0.1, 0.2, 0.3), efficiencies=(0.0, 0.5, 0.68, 1.0)) -> pd.DataFrame:
    """Take points when a share of each side's wins are gammons (no backgammons)."""
    rows = []
    for g in gammon_rates:
        value = 1 + g          # average points of a game won (or lost) with gammon share g
        row = {"gammon_share": g}
        for x in efficiencies:
            row[f"x={x:g}"] = take_point(value, value, x)
        rows.append(row)
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    return pd.DataFrame(rows)


def exact_take_points(store: Store | None = None) -> pd.DataFrame:
    """In the exact bear-offs: the taker's cubeless winning chance at every take and pass.

    Returns one row per pair facing an initial double (centred cube turned to 2):
    the taker's cubeless chance and whether the exact cubeful analysis takes.
    """
    win = two_sided_piece("win", store)["win"]
    nd_x = two_sided_piece("cube-2", store)["theirs"]
    count = win.shape[0]
    a, b = np.meshgrid(np.arange(1, count), np.arange(1, count), indexing="ij")
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    return pd.DataFrame({"taker_win": 1 - win[a, b].ravel(), "correct_take": (2 * nd_x[a, b] <= 1 + 1e-12).ravel()})
