"""The games' own names for the Yacht presets, for whatever a player reads (titles, legends, sentences).

>>> game_name(preset("yacht_kr")), game_name(preset("yatzy"))
('Korean Yacht', 'Yatzy')
"""

from __future__ import annotations

from analysis.yacht.rules import preset  # noqa: F401  (the doctest's)

GAME_NAMES = {"yacht_kr": "Korean Yacht", "clubhouse": "Clubhouse Yacht", "yahtzee": "Yahtzee", "yatzy": "Yatzy"}


def game_name(rules) -> str:
    """``Korean Yacht`` for ``yacht_kr``; a preset made by hand keeps its own name."""
    return GAME_NAMES.get(rules.name, rules.name)
