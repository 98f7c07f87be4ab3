"""A preset turned into the plain arrays the kernels read (built once per preset, kept in memory).

>>> from analysis.yacht.rules import preset
>>> arrays = game_arrays(preset("yacht_kr"))
>>> int(arrays.params[0]), arrays.scores.shape
(12, (12, 252))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from analysis.yacht.dice import KEEPS, ROLLS, TABLES
from analysis.yacht.kernel_tables import Scoring, ThrowTables
from analysis.yacht.rules import Rules
from analysis.yacht.scoring_rules import pack


@dataclass(frozen=True, eq=False)
class GameArrays:
    rules: Rules
    params: np.ndarray
    scores: np.ndarray
    joker_scores: np.ndarray
    box_face: np.ndarray
    yacht_face: np.ndarray
    reachable: np.ndarray
    masks: np.ndarray
    layer_start: np.ndarray

    @property
    def scoring(self) -> Scoring:
        """The preset's numbers and score tables, as every kernel takes them (one value)."""
        return Scoring(self.params, self.scores, self.joker_scores, self.box_face, self.yacht_face)

    @property
    def rule_args(self) -> Scoring:
        """The same, for the rule text run as plain Python (``*g.rule_args``)."""
        return self.scoring

    @property
    def dice(self):
        """The dice tables (``dice.TABLES``, the same for every preset)."""
        return TABLES

    def state(self, mask: int, upper: int, flag: int) -> int:
        return int(pack(mask, upper, flag, self.params))

    @property
    def start(self) -> int:
        return self.state(0, 0, 0)

    @property
    def max_final_score(self) -> int:
        return self.rules.max_final_score


def upper_reachable(threshold: int, tracked: int) -> np.ndarray:
    """``reachable[faces, total]``: can the filled upper boxes (bit f = face f) add up to ``total`` (capped)?"""
    table = np.zeros((1 << 7, tracked), dtype=np.bool_)
    if tracked == 1:
        table[:, 0] = True
        return table
    for faces in range(1 << 7):
        if faces & 1:
            continue
        totals = {0}
        for face in range(1, 7):
            if faces >> face & 1:
                totals = {min(threshold, t + face * c) for t in totals for c in range(6)}
        table[faces, sorted(totals)] = True
    return table


@lru_cache(maxsize=16)
def game_arrays(rules: Rules) -> GameArrays:
    n_boxes = len(rules.boxes)
    params, box_face, yacht_face = (np.array(numbers, dtype=np.int64) for numbers in rules.kernel_numbers())
    masks = np.array(sorted(range(1 << n_boxes), key=lambda m: (bin(m).count("1"), m)), dtype=np.int64)
    popcounts = np.array([bin(int(m)).count("1") for m in masks])
    layer_start = np.searchsorted(popcounts, np.arange(n_boxes + 2)).astype(np.int64)
    return GameArrays(rules, params, rules.scores, rules.joker_scores, box_face, yacht_face,
                      upper_reachable(rules.upper_threshold, rules.upper_states), masks, layer_start)


def _faces_code(faces) -> int:
    code = 0
    for face in sorted(faces):
        code = code * 7 + face
    return code


@lru_cache(maxsize=1)
def throw_tables() -> ThrowTables:
    """Lookup tables for simulation: keep faces and sizes, roll faces, and sorted-faces code -> index."""
    keep_faces = np.zeros((len(KEEPS), 5), dtype=np.int64)
    keep_size = np.array([len(k) for k in KEEPS], dtype=np.int64)
    for i, keep in enumerate(KEEPS):
        keep_faces[i, :len(keep)] = keep
    roll_faces = np.array(ROLLS, dtype=np.int64)
    roll_code = np.full(7 ** 5, -1, dtype=np.int64)
    keep_index_code = np.full(7 ** 5, -1, dtype=np.int64)
    for i, roll in enumerate(ROLLS):
        roll_code[_faces_code(roll)] = i
    for i, keep in enumerate(KEEPS):
        keep_index_code[_faces_code(keep)] = i
    return ThrowTables(keep_faces, keep_size, roll_faces, roll_code, keep_index_code)
