"""Backgammon, Dutch and Acey-Deucey: positions, legal plays, dice tables, bear-off databases,
race formulas and cube decisions.

>>> from analysis.backgammon import Position, legal_plays
>>> len(legal_plays(Position.from_id("4HPwATDgc/ABMA"), "31"))
16
"""

from importlib import import_module

# Imported on first use: the dice tables, take points and variant figures (``odds
# backgammon shots`` and the like) need neither numba nor the bear-off databases.
_HOME = {"BearoffOdds": "bearoff", "CubeAdvice": "bearoff", "bearoff_odds": "bearoff",
         "cube_advice": "bearoff", "race_win_chance": "bearoff",
         "Play": "moves", "Plays": "moves", "legal_plays": "moves", "parse_roll": "moves",
         "Position": "position", "pip_count": "position",
         "ACEY_DEUCEY": "rules", "DUTCH": "rules", "STANDARD": "rules", "BackgammonRules": "rules", "preset": "rules"}

__all__ = sorted(_HOME)


def __getattr__(name):
    if name not in _HOME:
        raise AttributeError(f"module 'analysis.backgammon' has no attribute '{name}'")
    return getattr(import_module(f"analysis.backgammon.{_HOME[name]}"), name)


def __dir__():
    return sorted(set(globals()) | set(_HOME))
