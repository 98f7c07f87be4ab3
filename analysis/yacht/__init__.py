"""Yacht dice (the Korean 12-box game, Clubhouse Yacht, Yahtzee, Yatzy): odds, optimal strategy, advice.

>>> from analysis.yacht import preset, solve
>>> round(solve(preset("yacht_kr")).expected_score, 2)
174.56
"""

from analysis.yacht.rules import PRESETS, Box, Rules, preset
from analysis.yacht.solver import Solution, solve, state_values
from analysis.yacht.target import ReachCurve, reach_chance, reach_curve, reach_table
from analysis.yacht.win import Position, WinChances, parse_position, remaining_table, win_chances, win_share
from analysis.yacht.match import Match, simulate_match

__all__ = ["PRESETS", "Box", "Rules", "preset", "Solution", "solve", "state_values",
           "ReachCurve", "reach_chance", "reach_curve", "reach_table",
           "Position", "WinChances", "parse_position", "remaining_table", "win_chances", "win_share",
           "Match", "simulate_match"]
