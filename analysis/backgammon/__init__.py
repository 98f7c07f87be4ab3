"""Backgammon, Dutch and Acey-Deucey: positions, legal plays, dice tables, bear-off databases,
race formulas and cube decisions.

>>> from analysis.backgammon import Position, legal_plays
>>> len(legal_plays(Position.from_id("4HPwATDgc/ABMA"), "31"))
16
"""

from analysis.backgammon.bearoff import BearoffOdds, CubeAdvice, bearoff_odds, cube_advice, race_win_chance
from analysis.backgammon.moves import Play, Plays, legal_plays, parse_roll
from analysis.backgammon.position import Position, pip_count
from analysis.backgammon.rules import ACEY_DEUCEY, DUTCH, STANDARD, BackgammonRules, preset

__all__ = ["ACEY_DEUCEY", "DUTCH", "STANDARD", "BackgammonRules", "BearoffOdds", "CubeAdvice", "Play", "Plays",
           "Position", "bearoff_odds", "cube_advice", "legal_plays", "parse_roll", "pip_count", "preset",
           "race_win_chance"]
