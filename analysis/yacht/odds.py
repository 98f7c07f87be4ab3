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

from analysis.store import Store, prepares, stored_table
from analysis.yacht._stored import BOX_ODDS
from analysis.yacht.dice import TABLES
from analysis.yacht.game import game_arrays
from analysis.yacht.rules import PRESETS, Rules, preset


def best_turn(roll_values: np.ndarray) -> float:
    """The best expected ``roll_values[final roll]`` over a turn of three rolls."""
    from analysis.yacht import _kernels as K   # lazy: numba starts only when a table is built

    return float(K.one_box_turn(np.asarray(roll_values, dtype=np.float64), TABLES))


def box_odds(rules: Rules | str = "yacht_kr"):
    """One row per box (a DataFrame): chance on the first roll, chance within the turn, best expected
    points in the turn, most points."""
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    return pd.DataFrame(box_odds_rows(rules))


def box_odds_rows(rules: Rules | str = "yacht_kr", store: Store | None = None) -> list[dict]:
    """:func:`box_odds`'s rows as dicts, without pandas (for the chart command), read from the table store."""
    rules = preset(rules)
    table = stored_table(store, BOX_ODDS, rules, {"boxes": len(rules.boxes)}, lambda: compute_box_odds(rules))
    return [{"box": box.name,
             "first_roll_chance": float(table["first_roll_chance"][i]),
             "turn_chance": float(table["turn_chance"][i]),
             "turn_expected_points": float(table["turn_expected_points"][i]),
             "max_points": int(table["max_points"][i])} for i, box in enumerate(rules.boxes)]


def compute_box_odds(rules: Rules) -> dict[str, np.ndarray]:
    """The arrays of :data:`BOX_ODDS`, one entry per box, by the one-box turn recursion."""
    columns = {"first_roll_chance": [], "turn_chance": [], "turn_expected_points": [], "max_points": []}
    for scores in game_arrays(rules).scores:
        made = (scores > 0).astype(np.float64)
        columns["first_roll_chance"].append(float(TABLES.first_roll @ made))
        columns["turn_chance"].append(best_turn(made))
        columns["turn_expected_points"].append(best_turn(scores))
        columns["max_points"].append(int(scores.max()))
    return {name: np.array(values, dtype=np.int64 if name == "max_points" else np.float64)
            for name, values in columns.items()}


@prepares("yacht", "each box's odds within one turn, every preset (odds yacht odds, odds yacht chart boxes)")
def _prepare_box_odds() -> None:
    for rules in PRESETS.values():
        box_odds_rows(rules)
