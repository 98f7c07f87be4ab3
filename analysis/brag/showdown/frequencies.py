"""Exact frequencies: how many of the C(52, k) hands fall in each class, and each hand's percentile.

>>> table = frequencies("brag3")
>>> int(table.loc["prial", "hands"]), int(table.loc["running_flush", "hands"])
(52, 48)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from analysis.brag.showdown.hands import _cards
from analysis.brag.rules import CLASS_TITLES, CLASSES, BragRules, preset
from analysis.brag.showdown.tables import class_codes, hand_table

if TYPE_CHECKING:  # pandas is imported where a table is built: a one-hand answer needs none
    import pandas as pd


def frequencies(rules: str | BragRules) -> pd.DataFrame:
    """One row per class, best first: hands, probability, 1-in-N odds, distinct strengths, percentile band.

    ``weaker_than_class`` is the share of hands below the class's weakest member:
    a hand of this class beats at least that share of a fresh deal.
    """
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    rules = preset(rules)
    strengths = hand_table(rules).strengths
    codes = class_codes(strengths, rules)
    total = len(strengths)
    counts = np.bincount(codes, minlength=len(CLASSES))
    rows = []
    for code in reversed(range(len(CLASSES))):
        members = strengths[codes == code]
        rows.append({
            "class": CLASSES[code],
            "title": CLASS_TITLES[CLASSES[code]],
            "hands": int(counts[code]),
            "probability": counts[code] / total,
            "one_in": total / counts[code],
            "distinct_strengths": int(np.unique(members).size),
            "weaker_than_class": float(np.count_nonzero(strengths < members.min()) / total),
        })
    table = pd.DataFrame(rows).set_index("class")
    table.attrs.update(preset=rules.name, total_hands=total,
                       distinct_strengths=int(np.unique(strengths).size))
    return table


def percentiles(rules: str | BragRules) -> np.ndarray:
    """Each hand's percentile (row order of ``hand_table``): share of hands it beats, ties counted half."""
    strengths = hand_table(rules).strengths
    ordered = np.sort(strengths)
    below = np.searchsorted(ordered, strengths, side="left")
    equal = np.searchsorted(ordered, strengths, side="right") - below
    return 100.0 * (below + 0.5 * (equal - 1)) / (len(strengths) - 1)


def percentile(rules: str | BragRules, hand) -> float:
    """One hand's percentile: 0 for the weakest hand, 100 for the strongest."""
    rules = preset(rules)
    table = hand_table(rules)
    return float(percentiles(rules)[table.row_of(_cards(hand, rules))])


def frequency_report(rules: str | BragRules) -> dict:
    """The frequency table as plain values, for JSON."""
    table = frequencies(rules)
    return {
        "preset": table.attrs["preset"],
        "total_hands": table.attrs["total_hands"],
        "distinct_strengths": table.attrs["distinct_strengths"],
        "classes": [{"class": name, **{k: (v.item() if hasattr(v, "item") else v) for k, v in row.items()}}
                    for name, row in table.iterrows()],
    }
