"""Yacht dice (the Korean 12-box game, Clubhouse Yacht, Yahtzee, Yatzy): odds, optimal strategy, advice.

>>> from analysis.yacht import preset, solve
>>> round(solve(preset("yacht_kr")).expected_score, 2)
174.56
"""

from analysis.yacht.rules import PRESETS, Box, Rules, preset
from analysis.yacht.solver import Solution, solve, state_values

__all__ = ["PRESETS", "Box", "Rules", "preset", "Solution", "solve", "state_values"]
