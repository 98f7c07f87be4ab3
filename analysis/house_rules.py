"""A game's rules from a player's words: a preset's name, a game's own rule inputs (dice bidding's wild
face), and house rules written ``FIELD=VALUE``; every sentence names the input it is about
(:func:`analysis.errors.about`: "preset", "rule", or the input's own name).

The command line reads them from ``--preset``/``--rule`` (``analysis/cli/common.py``), a page from its
form; both call :func:`read_rules`.

>>> read_rules("bluff", "perudo", ["exact_call=calza"]).exact_call
'calza'
>>> from analysis.errors import OddsError
>>> try:
...     read_rules("bluff", "bluff", ["exact_call=maybe"])
... except OddsError as error:
...     print(error.field)
rule
"""

from __future__ import annotations

import math
import types
import typing
from importlib import import_module

from analysis.errors import InvalidRules, about

#: The largest magnitude a numeric rule value may have on the command line; each game's
#: rules then check their own, narrower ranges when the rules object is made.
RULE_NUMBER_LIMIT = 10 ** 9
_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


class GameRules:
    """Where a game's rules live and how its ``--preset`` / ``--rule`` flags read (a plain class:
    ``dataclasses`` would cost the start of every ``odds`` command 20 ms)."""

    def __init__(self, module: str, rules_class: str, default: str, presets: str, example: str,
                 exclude: tuple = ("name",)):
        self.module = module                # holds ``preset`` and the rules class
        self.rules_class = rules_class
        self.default = default              # the preset when --preset is not given
        self.presets = presets              # the presets, for the help
        self.example = example              # a ``--rule`` change every command of the game accepts
        self.exclude = exclude              # fields --rule does not change (names; what a flag of its own sets)


#: The four games' rule flags (``odds GAME ... --preset NAME --rule FIELD=VALUE``).
GAME_RULES = {
    "bluff": GameRules("analysis.bluff.rules", "BiddingRules", "bluff", "bluff (default), perudo or liars_dice",
                       "exact_call=calza", ("name", "title", "joker_name")),
    "yacht": GameRules("analysis.yacht.rules", "Rules", "yacht_kr", "yacht_kr (default), clubhouse, yahtzee or yatzy",
                       "five_alike_is_full_house=false", ("name", "boxes", "description", "joker")),
    "brag": GameRules("analysis.brag.rules", "BragRules", "brag3", "brag3 (default), brag4 or teen_patti",
                      "prial_333_high=false"),
    "backgammon": GameRules("analysis.backgammon.rules", "BackgammonRules", "backgammon",
                            "backgammon (default), dutch or acey_deucey", "opening_double_cap=2"),
}


def rule_fields(rules_class, items, exclude=("name",)) -> dict:
    """``["field=value", ...]`` as ``{field: value}``, each value read as its field's real type.

    The type comes from the dataclass's resolved type hints (not the annotation's text),
    so ``bool``, ``int``, ``float``, ``str``, ``X | None`` and tuples of numbers all read
    the same way in every game.

    >>> from analysis.backgammon.rules import BackgammonRules
    >>> rule_fields(BackgammonRules, ["cube_max=16", "cube=true"])
    {'cube_max': 16, 'cube': True}
    """
    import dataclasses  # lazy: keeps dataclasses out of a table question's start-up

    hints = typing.get_type_hints(rules_class)
    fields = {f.name: f for f in dataclasses.fields(rules_class) if f.name not in exclude and f.init}
    values = {}
    for item in items:
        name, sep, text = str(item).partition("=")
        name = "_".join(name.replace("-", " ").split()).lower()      # "dice per player" is dice_per_player
        if not sep:
            raise InvalidRules(f"'{item}' is not a rule; write FIELD=VALUE, e.g. {next(iter(fields), 'field')}=...")
        if name not in fields:
            raise InvalidRules(f"'{name.replace('_', ' ')}' is not a rule here; the rules are "
                               f"{', '.join(field.replace('_', ' ') for field in sorted(fields))}.")
        values[name] = _read_value(hints.get(name, str), fields[name], text.strip(), name)
    return values


def _read_value(kind, field, text: str, name: str):
    import dataclasses  # lazy: keeps dataclasses out of a table question's start-up

    args = typing.get_args(kind)
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        if text.lower() == "none" and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _read_value(inner[0], field, text, name)
    if kind is bool:
        if text.lower() in _TRUE or text.lower() in _FALSE:
            return text.lower() in _TRUE
        raise InvalidRules(f"'{text}' is not true or false (rule {name}).")
    if kind in (int, float):
        if not text.isascii():
            raise InvalidRules(f"'{text}' is not a number for rule {name}; write it in ASCII digits 0-9.")
        try:
            value = int(text) if kind is int else float(text)
        except ValueError:
            raise InvalidRules(f"'{text}' is not {'a whole number' if kind is int else 'a number'} "
                               f"(rule {name}).") from None
        if not math.isfinite(value) or abs(value) > RULE_NUMBER_LIMIT:
            raise InvalidRules(f"{text} is out of range for rule {name}; rule values lie within "
                               f"±{RULE_NUMBER_LIMIT:,}.")
        return value
    if kind is tuple or typing.get_origin(kind) is tuple:
        element = args[0] if args else None
        if element is None:      # a bare ``tuple``: the default's elements say what it holds
            default = field.default if field.default is not dataclasses.MISSING else ()
            element = type(default[0]) if default else str
        return tuple(_read_value(element, field, word.strip(), name)
                     for word in text.replace(";", ",").split(",") if word.strip())
    return text


def read_rules(game: str, preset: str | None = None, changes=(), **fields):
    """``game``'s rules: the preset called ``preset`` (None: the game's default) with ``fields`` (a game's
    own rule inputs, by name) and the house rules ``changes`` (``["FIELD=VALUE", ...]``), checked when made."""
    spec = GAME_RULES[game]
    module = import_module(spec.module)
    name = spec.default if preset is None else preset
    with about("preset"):
        module.preset(name)
    for key, value in fields.items():
        if value is not None:
            with about(key):
                module.preset(name, **{key: value})
    with about("rule"):
        if changes:      # read only when given: reading the fields' types imports typing
            fields = {**fields, **rule_fields(getattr(module, spec.rules_class), changes, spec.exclude)}
        return module.preset(name, **fields)
