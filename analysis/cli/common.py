"""Helpers shared by the game commands: JSON output and plain-text tables."""

from __future__ import annotations

import argparse
import math
import os
import re
import sys

from analysis.errors import InvalidArgument
from analysis.house_rules import GAME_RULES, read_rules
from analysis.questions.plain import to_plain
from analysis.questions.read import number
from analysis.seeds import SEED_LIMIT


def print_json(value) -> None:
    import json  # lazy: only --json prints JSON; keeps json out of the command line's start-up

    json.dump(to_plain(value), sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


def add_json_flag(parser) -> None:
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")


# --------------------------------------------------------------------------- numbers
def bounded(kind: type, low, high, what: str):
    """An argparse ``type=`` that reads a whole (``kind=int``) or decimal (``float``) number and
    checks ``low <= value <= high`` before any work starts (:func:`analysis.questions.read.number`, as
    the page reads it); a bad value is one sentence, exit 2.

    >>> bounded(int, 1, 6, "a die")("4")
    4
    >>> bounded(int, 1, 6, "a die")("7")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 7 is out of range for a die; use 1-6
    """
    def parse(text):
        try:
            return number(text, kind, low, high, what)
        except InvalidArgument as error:
            raise argparse.ArgumentTypeError(str(error).rstrip(".")) from None

    parse.__name__ = what      # argparse names the type in some messages
    parse.bounds = (kind, low, high)    # for tests that drive every bounded argument to its edges
    return parse


def seed_type():
    """The ``type=`` of every ``--seed``: the toolkit's one seed rule (analysis/seeds.py), checked by argparse."""
    return bounded(int, 0, SEED_LIMIT - 1, "the seed")


def add_seed_flag(parser, what: str) -> None:
    """``--seed``, 0 to 2**63 - 1 (default 0); ``what`` says what it seeds."""
    parser.add_argument("--seed", type=seed_type(), default=0, help=f"seed of {what}, 0 to 2**63-1 (default 0)")


# --------------------------------------------------------------------------- rules
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


def rules_from_args(args, preset_name: str | None = None, **fields):
    """The rules named by ``args.preset`` (or ``preset_name``) with ``fields`` and the ``args.rule``
    changes, checked when made (:func:`add_rules_flags` says which game's; :func:`analysis.house_rules.read_rules`)."""
    name = args.preset if preset_name is None else preset_name
    return read_rules(args.rules_game, name, getattr(args, "rule", []), **fields)


def writable_file(text: str) -> str:
    """An argparse ``type=`` for an output file: ``-`` (standard output), or a path whose folder
    exists and takes a new file, checked before any work starts (a missing folder, a directory,
    ``/proc``); a full disk can only show when writing, and is one sentence then too."""
    import tempfile  # lazy: only an output file is checked with it; keeps it out of the command line's start-up

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
    # lazy: keeps analysis.schedulers out of the command line's start-up
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
