"""Dice bidding's rules as a player gives them: the game, its house rules, the wild face, a palifico round.

>>> rules("perudo", ["exact_call=calza"], palifico=True).name
'perudo'
>>> rules("bluff", palifico=True)
Traceback (most recent call last):
...
analysis.errors.InvalidRules: Bluff has no palifico rounds; they are Perudo's.
"""

from __future__ import annotations

from analysis.errors import InvalidRules, about
from analysis.house_rules import read_rules
from analysis.questions.read import number


def rules(preset: str = "bluff", house=(), wild=None, palifico: bool = False):
    """The rules of ``preset`` with the ``house`` rules (``FIELD=VALUE`` each), Liar's Dice's ``wild`` face
    (a number, or its text) and, for ``palifico``, the check that the game has palifico rounds."""
    if isinstance(wild, str):
        with about("wild"):
            wild = number(wild, int, 1, 6, "the wild face") if wild.strip() else None
    chosen = read_rules("bluff", preset or "bluff", list(house), wild=wild)
    if palifico and not chosen.palifico:
        raise InvalidRules(f"{chosen.title} has no palifico rounds; they are Perudo's.", field="palifico")
    return chosen
