"""Helpers shared by the game commands: JSON output and plain-text tables."""

from __future__ import annotations

import math
import sys


def to_plain(value):
    """Numpy scalars/arrays, DataFrames and dataclasses as JSON-ready Python values."""
    import dataclasses

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if hasattr(value, "to_dict"):
            return to_plain(value.to_dict())
        return {f.name: to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if hasattr(value, "to_dict") and hasattr(value, "columns"):  # a DataFrame
        return [to_plain(row) for row in value.to_dict(orient="records")]
    if hasattr(value, "tolist"):
        return to_plain(value.tolist())
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def print_json(value) -> None:
    import json

    json.dump(to_plain(value), sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def add_json_flag(parser) -> None:
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")


# --------------------------------------------------------------------------- numbers
def _ascii_number(text: str, what: str) -> str:
    """The text of a number, refusing digits from other scripts ('²', '①', '٣') that int() may read."""
    import argparse

    text = str(text).strip().replace("_", "")
    if not text.isascii():
        raise argparse.ArgumentTypeError(f"'{text}' is not a number for {what}; write it in ASCII digits 0-9")
    return text


def bounded(kind: type, low, high, what: str):
    """An argparse ``type=`` that reads a whole (``kind=int``) or decimal (``float``) number and
    checks ``low <= value <= high`` before any work starts; a bad value is one sentence, exit 2.

    >>> bounded(int, 1, 6, "a die")("4")
    4
    >>> bounded(int, 1, 6, "a die")("7")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 7 is out of range for a die; use 1-6
    """
    import argparse
    import math

    def parse(text):
        clean = _ascii_number(text, what)
        try:
            value = int(clean) if kind is int else float(clean)
        except ValueError:
            word = "a whole number" if kind is int else "a number"
            raise argparse.ArgumentTypeError(f"'{text}' is not {word} (for {what})") from None
        if kind is float and not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"'{text}' is not a finite number (for {what})")
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text} is out of range for {what}; use {low:,}-{high:,}"
                                             if kind is int else
                                             f"{text} is out of range for {what}; use {low:g} to {high:g}")
        return value

    parse.__name__ = what      # argparse names the type in some messages
    parse.bounds = (kind, low, high)    # for tests that drive every bounded argument to its edges
    return parse


def seed_type():
    """The ``type=`` of every ``--seed``: the toolkit's one seed rule (analysis/seeds.py), checked by argparse."""
    from analysis.seeds import SEED_LIMIT

    return bounded(int, 0, SEED_LIMIT - 1, "the seed")


def add_seed_flag(parser, what: str) -> None:
    """``--seed``, 0 to 2**63 - 1 (default 0); ``what`` says what it seeds."""
    parser.add_argument("--seed", type=seed_type(), default=0, help=f"seed of {what}, 0 to 2**63-1 (default 0)")


# --------------------------------------------------------------------------- rules
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


def add_rules_flags(parser, game: str, alias: str | None = None, presets: str | None = None,
                    make_rules=None) -> None:
    """``--preset NAME`` (with an optional old spelling such as ``--rules``) and repeatable
    ``--rule FIELD=VALUE`` for ``game``; ``args.make_rules(args)`` reads them back (``make_rules``,
    a game's own reader for flags of its own such as ``--wild``, or :func:`rules_from_args`)."""
    spec = GAME_RULES[game]
    names = ["--preset"] + ([alias] if alias else [])
    parser.add_argument(*names, dest="preset", default=spec.default, help=presets or spec.presets)
    parser.add_argument("--rule", action="append", default=[], metavar="FIELD=VALUE",
                        help=f"change one rule field, e.g. --rule {spec.example} (repeatable; see docs/{game}.md)")
    parser.set_defaults(rules_game=game, make_rules=make_rules or rules_from_args)


def rule_fields(rules_class, items, exclude=("name",)) -> dict:
    """``["field=value", ...]`` as ``{field: value}``, each value read as its field's real type.

    The type comes from the dataclass's resolved type hints (not the annotation's text),
    so ``bool``, ``int``, ``float``, ``str``, ``X | None`` and tuples of numbers all read
    the same way in every game.

    >>> from analysis.backgammon.rules import BackgammonRules
    >>> rule_fields(BackgammonRules, ["cube_max=16", "cube=true"])
    {'cube_max': 16, 'cube': True}
    """
    import dataclasses
    import typing

    from analysis.errors import InvalidRules

    hints = typing.get_type_hints(rules_class)
    fields = {f.name: f for f in dataclasses.fields(rules_class) if f.name not in exclude and f.init}
    values = {}
    for item in items:
        name, sep, text = str(item).partition("=")
        name = name.strip()
        if not sep:
            raise InvalidRules(f"'{item}' is not a rule; write FIELD=VALUE, e.g. {next(iter(fields), 'field')}=...")
        if name not in fields:
            raise InvalidRules(f"'{name}' is not a rule field here; the fields are {', '.join(sorted(fields))}.")
        values[name] = _read_value(hints.get(name, str), fields[name], text.strip(), name)
    return values


def _read_value(kind, field, text: str, name: str):
    import dataclasses
    import math
    import types
    import typing

    from analysis.errors import InvalidRules

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


def rules_from_args(args, preset_name: str | None = None, **fields):
    """The rules named by ``args.preset`` (or ``preset_name``) with ``fields`` and the ``args.rule``
    changes, checked when made (:func:`add_rules_flags` says which game's)."""
    from importlib import import_module

    from analysis.errors import about

    spec = GAME_RULES[args.rules_game]
    module = import_module(spec.module)
    name = args.preset if preset_name is None else preset_name
    # Each sentence names its input: the preset's name, a game's own rule input (dice bidding's wild
    # face), or the house rules.
    with about("preset"):
        module.preset(name)
    for key, value in fields.items():
        if value is not None:
            with about(key):
                module.preset(name, **{key: value})
    with about("rule"):
        changes = getattr(args, "rule", [])     # read only when given: reading the fields' types imports typing
        if changes:
            fields.update(rule_fields(getattr(module, spec.rules_class), changes, spec.exclude))
        return module.preset(name, **fields)


def writable_file(text: str) -> str:
    """An argparse ``type=`` for an output file: ``-`` (standard output), or a path whose folder
    exists and takes a new file, checked before any work starts (a missing folder, a directory,
    ``/proc``); a full disk can only show when writing, and is one sentence then too."""
    import argparse
    import os
    import tempfile

    if text == "-":
        return text
    if "://" in text:       # pandas and others would read it as an address to send the file to
        raise argparse.ArgumentTypeError(f"'{text}' is an address, not a file name to write")
    path = os.path.abspath(os.path.expanduser(text)) if text.strip() else ""
    folder = os.path.dirname(path)
    if not path or os.path.isdir(path):
        raise argparse.ArgumentTypeError(f"'{text}' is not a file name to write")
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(f"cannot write '{text}': the folder {folder} does not exist")
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".odds-probe-"):
            pass
    except OSError as error:
        reason = (error.strerror or 'not writable').lower()
        raise argparse.ArgumentTypeError(f"cannot write '{text}': {reason}") from None
    return text


def scheduler_address(text: str) -> str:
    """An argparse ``type=`` for ``--scheduler``: a local scheduler's name, or a dask.distributed
    address ``tcp://host:port`` / ``tls://host:port`` (``inproc://``, ``ucx://`` as they are),
    its form checked before anything connects.

    >>> scheduler_address("tcp://10.0.0.5:8786")
    'tcp://10.0.0.5:8786'
    >>> scheduler_address("tcp://")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'tcp://' is not a scheduler address; write tcp://host:port (port 1-65535), or processes, threads or sync
    """
    import argparse
    import re

    from analysis.schedulers import LOCAL_SCHEDULERS

    if text in LOCAL_SCHEDULERS or text.startswith(("inproc://", "ucx://")):
        return text
    match = re.fullmatch(r"(tcp|tls)://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+):([0-9]{1,5})", text)
    if match is None or not 1 <= int(match.group(3)) <= 65535:
        raise argparse.ArgumentTypeError(f"'{text}' is not a scheduler address; write tcp://host:port "
                                         "(port 1-65535), or processes, threads or sync")
    return text


#: The help line of every game's ``chart`` command (``requested.add_chart`` writes it without the chart module).
CHART_HELP = "write a chart as PNG, SVG or PDF (odds {game} chart KIND)"
