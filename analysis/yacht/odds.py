"""Per-box odds within one turn: the chance of making each box and a turn's expected score on it alone.

"Making" a box means writing more than zero in it. Each figure assumes the player
goes for that box alone with the best keeps for the figure asked: the keeps that
maximise the chance of making it, or those that maximise its expected points.

>>> table = box_odds("yacht_kr")
>>> round(float(table.set_index("box").loc["Chase Off", "turn_chance"]), 6)  # five alike in a turn
0.046029
"""

from __future__ import annotations

import numpy as np

from analysis.yacht import _kernels as K
from analysis.yacht.dice import TABLES
from analysis.yacht.game import dice_args, game_arrays
from analysis.yacht.rules import Rules, preset


def best_turn(roll_values: np.ndarray) -> float:
    """The best expected ``roll_values[final roll]`` over a turn of three rolls."""
    return float(K.one_box_turn(np.asarray(roll_values, dtype=np.float64), *dice_args()))


def box_odds(rules: Rules | str = "yacht_kr"):
    """One row per box (a DataFrame): chance on the first roll, chance within the turn, best expected
    points in the turn, most points."""
    import pandas as pd

    return pd.DataFrame(box_odds_rows(rules))


def box_odds_rows(rules: Rules | str = "yacht_kr") -> list[dict]:
    """:func:`box_odds`'s rows as dicts, without pandas (for the chart command)."""
    rules = preset(rules)
    arrays = game_arrays(rules)
    rows = []
    for box, scores in zip(rules.boxes, arrays.scores):
        made = (scores > 0).astype(np.float64)
        rows.append({
            "box": box.name,
            "first_roll_chance": float(TABLES.first_roll @ made),
            "turn_chance": best_turn(made),
            "turn_expected_points": best_turn(scores),
            "max_points": int(scores.max()),
        })
    return rows
