"""Yacht dice (the Korean 12-box game, Clubhouse Yacht, Yahtzee, Yatzy): odds, optimal strategy, advice.

>>> from analysis.yacht import preset, solve
>>> round(solve(preset("yacht_kr")).expected_score, 2)
174.56
"""

from analysis._lazy import lazy_package

# Each name from its module, imported on first use: ``odds yacht advise`` and the other
# table questions then load only what they need (no pandas or kernels they do not use).
_HOME = {
    "PRESETS": "rules", "Box": "rules", "Rules": "rules", "preset": "rules",
    "Solution": "solver", "solve": "solver", "state_values": "solver",
    "box_odds": "odds",
    "Advice": "advice", "ScoreCard": "advice", "advise": "advice", "opening_keeps": "advice",
    "Simulation": "simulate", "simulate": "simulate",
    "ReachCurve": "target", "reach_chance": "target", "reach_curve": "target", "reach_values": "target",
    "Position": "win", "WinChances": "win", "parse_position": "win", "remaining_values": "win",
    "win_chances": "win", "win_share": "win",
    "Match": "match", "simulate_match": "match",
}

__all__ = sorted(_HOME)


__getattr__, __dir__ = lazy_package(__name__, _HOME)
