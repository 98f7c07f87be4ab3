"""One ``preset(name_or_rules, **fields)`` for every game: one way to read a preset's name, one
sentence for a name or a field that does not exist.

Each game's ``preset`` is this function over its own presets and rules class, plus what only
that game knows (dice bidding's ``wild``, Yacht's joker, Brag's stake ladder); the fields' values
are checked by the rules class itself when the rules are made.
"""

from __future__ import annotations

import dataclasses

from analysis.errors import InvalidRules


def preset_key(name) -> str:
    """A preset's name as every game reads it: case, spaces, hyphens and apostrophes aside.

    >>> preset_key("Liar's Dice"), preset_key(" acey-deucey ")
    ('liars_dice', 'acey_deucey')
    """
    return str(name).strip().lower().replace("-", "_").replace("'", "").replace(" ", "_")


def choose_preset(name_or_rules, presets: dict, rules_class: type, game: str, fields: dict):
    """The preset called ``name_or_rules`` among ``presets`` (or that rules object), with ``fields``
    changed; ``game`` names the game in the sentences.

    >>> from analysis.backgammon.rules import PRESETS, BackgammonRules
    >>> choose_preset("Dutch", PRESETS, BackgammonRules, "backgammon", {}).name
    'dutch'
    >>> choose_preset("hypergammon", PRESETS, BackgammonRules, "backgammon", {})
    Traceback (most recent call last):
    ...
    analysis.errors.InvalidRules: 'hypergammon' is not a backgammon preset; choose from backgammon, dutch, acey_deucey, standard.
    """
    if isinstance(name_or_rules, rules_class):
        rules = name_or_rules
    else:
        rules = presets.get(preset_key(name_or_rules)) if isinstance(name_or_rules, str) else None
        if rules is None:
            raise InvalidRules(f"'{name_or_rules}' is not a {game} preset; choose from {', '.join(presets)}.")
    if not fields:
        return rules
    # ``name`` is a field too: a house variant may carry its own (``name="bluff_five_each"``).
    known = sorted(field.name for field in dataclasses.fields(rules_class) if field.init)
    for name in fields:
        if name not in known:
            raise InvalidRules(f"'{name}' is not a {game} rule field; the fields are {', '.join(known)}.")
    return dataclasses.replace(rules, **fields)
