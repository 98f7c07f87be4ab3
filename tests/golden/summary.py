"""Golden values: a table's arrays summarised so that any change to a number shows, on any machine.

An integer or byte array is kept exactly (its SHA-256). A float array is kept as a few statistics
(sum, sum of squares, a sum weighted by fixed pseudo-random weights, least and largest value),
compared within a relative 1e-9 of the array's own scale: numba's builds on another processor may
round differently in the last bits, which no statistic should mistake for a change, while a change
to any one number beyond that (or a permutation of them, which the weighted sum sees) shows.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np

VALUES = Path(__file__).resolve().parent / "values.json"
#: Relative tolerance of a float statistic, against the array's scale (sum of magnitudes, of squares, largest).
RTOL = 1e-9
_WEIGHT_SEED = 20261204


def _weights(size: int) -> np.ndarray:
    return np.random.default_rng(_WEIGHT_SEED).random(size)   # PCG64: the same numbers on every machine


def summarise(array: np.ndarray) -> dict:
    """An array's golden summary (plain JSON)."""
    array = np.asarray(array)
    out = {"dtype": array.dtype.str, "shape": list(array.shape)}
    if array.dtype.kind == "f":
        flat = array.astype(np.float64).ravel()
        out.update({"sum": float(flat.sum()), "abs_sum": float(np.abs(flat).sum()),
                    "squares": float(flat @ flat), "weighted": float(flat @ _weights(flat.size)),
                    "min": float(flat.min()) if flat.size else 0.0, "max": float(flat.max()) if flat.size else 0.0})
    else:
        little = array.astype(array.dtype.newbyteorder("<"), copy=False)
        out["sha256"] = hashlib.sha256(np.ascontiguousarray(little).tobytes()).hexdigest()
    return out


def summarise_tables(tables) -> list[dict]:
    """(parameters, arrays) pairs as golden values."""
    return [{"params": params, "arrays": {name: summarise(values) for name, values in sorted(arrays.items())}}
            for params, arrays in tables]


def _float_difference(name: str, want: dict, got: dict) -> str | None:
    scale = {"sum": "abs_sum", "abs_sum": "abs_sum", "weighted": "abs_sum", "squares": "squares"}
    largest = max(abs(want["min"]), abs(want["max"]), abs(got["min"]), abs(got["max"]))
    for stat in ("sum", "abs_sum", "squares", "weighted", "min", "max"):
        size = max(abs(want[scale[stat]]), abs(got[scale[stat]])) if stat in scale else largest
        if abs(want[stat] - got[stat]) > RTOL * size + 1e-300:
            return f"array {name}: its {stat} was {want[stat]!r}, now {got[stat]!r}"
    return None


def difference(recorded: list[dict], built: list[dict]) -> str | None:
    """The first way ``built`` differs from ``recorded`` (golden values of one kind), or None."""
    if len(recorded) != len(built):
        return f"{len(recorded)} tables were recorded, {len(built)} built"
    for number, (want, got) in enumerate(zip(recorded, built), start=1):
        where = f"table {number} of {len(built)}"
        if want["params"] != got["params"]:
            return f"{where}: its parameters were {json.dumps(want['params'])}, now {json.dumps(got['params'])}"
        if want["arrays"].keys() != got["arrays"].keys():
            return f"{where}: its arrays were {sorted(want['arrays'])}, now {sorted(got['arrays'])}"
        for name, a in want["arrays"].items():
            b = got["arrays"][name]
            if (a["dtype"], a["shape"]) != (b["dtype"], b["shape"]):
                return f"{where}: array {name} was {a['dtype']} {a['shape']}, now {b['dtype']} {b['shape']}"
            if "sha256" in a:
                if a["sha256"] != b["sha256"]:
                    return f"{where}: array {name}'s values differ (SHA-256)"
            else:
                problem = _float_difference(name, a, b)
                if problem:
                    return f"{where}: {problem}"
    return None


def recorded_values() -> dict:
    return json.loads(VALUES.read_text()) if VALUES.is_file() else {}
