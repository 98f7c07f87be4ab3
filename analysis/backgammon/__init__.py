"""Backgammon, Dutch and Acey-Deucey: positions, the opening roll, legal plays, dice tables,
bear-off databases, race formulas, cube decisions and scoring.

>>> from analysis.backgammon import Position, legal_plays
>>> len(legal_plays("backgammon", Position.from_id("4HPwATDgc/ABMA"), "31"))
16
"""

from analysis._lazy import lazy_package

# Imported on first use: the dice tables, take points and variant figures (``odds
# backgammon shots`` and the like) need neither numba nor the bear-off databases.
_HOME = {"BearoffOdds": "bearoff", "bearoff_odds": "bearoff", "race_win_chance": "bearoff",
         "one_sided_win_matrix": "bearoff", "two_sided_piece": "bearoff",
         "CubeAdvice": "cube", "cube_advice": "cube", "may_double": "cube",
         "CubeDecision": "cubeful", "cube_decision": "cubeful",
         "Evaluation": "net", "Hint": "net", "evaluate": "net", "hint": "net", "load_net": "net",
         "Bot": "match", "MatchResult": "match", "make_bot": "match",
         "entry": "dice", "entry_table": "dice", "shot_table": "dice", "shots": "dice",
         "Play": "moves", "Plays": "moves", "legal_plays": "moves", "parse_roll": "moves",
         "OpeningRoll": "opening", "opening_position": "opening", "opening_roll": "opening",
         "Position": "position", "pip_count": "position",
         "janowski_equity": "race", "keith": "race", "take_point": "race", "thorp": "race",
         "ACEY_DEUCEY": "rules", "DUTCH": "rules", "STANDARD": "rules", "BackgammonRules": "rules", "preset": "rules",
         "acey_deucey_stake_table": "variants", "game_result": "variants", "settle": "variants",
         "variant_table": "variants"}

__all__ = sorted(_HOME)


__getattr__, __dir__ = lazy_package(__name__, _HOME)
