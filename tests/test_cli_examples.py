"""Every example in the ``odds`` help is valid for its game.

Each ``e.g. ...`` in an argument's help (and in a command's description or epilog) is read
as the argument's value, or as flags when it starts with one, and put into an invocation of
its command with sound values for the other required arguments. A question answered at once
is run and must answer (exit 0); long work (solving, tournaments, charts) is parsed, and its
rules built, as the command would before starting.
"""

from __future__ import annotations

import shlex

import pytest

from tests.test_fuzz import GOOD, _run_batch, _subcommands

#: Commands whose work takes seconds to minutes, that answer only from a solve a long run stores (a
#: dice-bidding play or opening, a Brag value), or whose filled-in values would not fit them (a deal needs a hand
#: for every seat): their examples are parsed and their rules built.
LONG = {"solve", "game-value", "tournament", "sweep", "fit", "calibration", "simulate", "strategy", "chart",
        "win", "match", "deal", "play", "open", "value"}
#: Sound values for required arguments the fuzz's table leaves out.
SOUND = {**GOOD, "what": "blind", "log": "rounds.jsonl", "out": "chart.png", "me": "140:Chase Off,Choice",
         "tested": "honest"}


def _cut(text: str) -> str:
    """``text`` up to the first ``;``, ``(`` or ``)`` outside quotes: where an example ends."""
    quote = None
    for index, character in enumerate(text):
        if quote:
            quote = None if character == quote else quote
        elif character in "\"'":
            quote = character
        elif character in ";()":
            return text[:index]
    return text


def _alternatives(text: str) -> list[str]:
    """``a, "b c" or d`` as ``["a", '"b c"', "d"]``: split at ``, `` and `` or `` outside quotes."""
    parts, current, quote, index = [], "", None, 0
    while index < len(text):
        character = text[index]
        if quote is None and (text.startswith(", ", index) or text.startswith(" or ", index)):
            parts.append(current)
            current, index = "", index + (2 if text.startswith(", ", index) else 4)
            continue
        if quote:
            quote = None if character == quote else quote
        elif character in "\"'":
            quote = character
        current += character
        index += 1
    return [part.strip() for part in parts + [current] if part.strip()]


def help_examples(text: str) -> list[list[str]]:
    """The examples of one help text, each as command-line words."""
    text = (text or "").replace("%%", "%")
    examples = []
    for piece in text.split("e.g. ")[1:]:
        for alternative in _alternatives(_cut(piece).strip().rstrip(".")):
            examples.append(shlex.split(alternative))
    return examples


def _invocation(path, parser, action, words) -> list[str]:
    """``path``'s command with ``words`` for ``action`` (or as flags), sound values for the rest."""
    given = words if words[0].startswith("-") else ([action.option_strings[0]] if action.option_strings else []) + words
    # An optional positional (a bear-off's six counts, a Brag hand) is given a sound value unless the
    # example gives a position another way (an option of a mutually exclusive group).
    exclusive = {option for group in parser._mutually_exclusive_groups for member in group._group_actions
                 for option in member.option_strings}
    argv = list(path)
    for other in parser._actions:
        if other.dest == "help" or not (other.required or not other.option_strings):
            continue
        if other is action or (other.option_strings and set(other.option_strings) & set(given)):
            continue
        if other.nargs == "?" and (other.dest not in SOUND or exclusive & set(given)):
            continue
        value = SOUND.get(other.dest, "1")
        values = value.split() if other.nargs in ("+", 2) and other.dest in ("opponents",) else [value]
        if other.nargs == 2:
            values = ["1", "1"]
        argv += ([other.option_strings[0]] if other.option_strings else []) + values
    # A backgammon hint needs a roll unless its position carries the dice (an XGID or a match ID): the parser
    # cannot require it, so an example of another option is given one.
    if any(other.dest == "roll" for other in parser._actions) and not {"--roll", "--xgid", "--match-id"} & set(given):
        argv += ["--roll", "31"]
    return argv + given


def all_examples():
    """(argv, where the example was written) for every example of every command."""
    found = []
    for path, parser in _subcommands():
        texts = [(action, action.help) for action in parser._actions if action.dest != "help"]
        texts += [(None, parser.description), (None, parser.epilog)]
        for action, text in texts:
            for words in help_examples(text):
                if action is None and not words[0].startswith("-"):
                    continue        # a description's example names no argument to give it to
                found.append((_invocation(path, parser, action, words), f"{' '.join(path)}: {text!r}"))
    return found


EXAMPLES = all_examples()


def test_the_help_has_examples_to_check():
    assert len(EXAMPLES) >= 30
    assert any("--rule" in argv for argv, _ in EXAMPLES)


def test_every_example_in_the_help_parses_and_builds_its_rules():
    from analysis.cli.main import build_parser

    for argv, where in EXAMPLES:
        try:
            args = build_parser(*argv[:2]).parse_args(argv)
        except SystemExit:
            pytest.fail(f"odds {shlex.join(argv)} (from {where}) is refused by the parser")
        if hasattr(args, "make_rules"):
            args.make_rules(args)


@pytest.mark.slow
def test_every_quick_example_in_the_help_answers():
    quick = [argv for argv, _ in EXAMPLES if not LONG & set(argv)]
    records, finished = _run_batch(quick, budget=240)
    assert finished, "the examples did not finish in time"
    done = {r["index"]: r for r in records if r["kind"] == "done"}
    failed = [(shlex.join(quick[i]), done[i]["err"][-300:]) for i in range(len(quick))
              if i not in done or done[i]["code"] != 0]
    assert not failed, failed
