"""One question asked of the ``odds`` command itself, in-process: the page's answers are the CLI's.

Every page builds the command line a player would type (``odds bluff call ... --json``) from its
form and hands it to :func:`ask`, which runs ``analysis.cli.main.main`` with this thread's standard
output and error captured. So a page answers with the very parser (its ranges, checked before any
work starts), the very library calls and the very JSON of ``--json``, and a bad value gets the
CLI's own sentence. Several questions may run at once in the server's worker threads: the capture
is per thread, and output of any other thread goes where it always went. :func:`answer` asks all of
a page's questions for its form's values and places a wrong value's sentence beside its field; it
needs no web framework, so a notebook can ask the pages too.

>>> answer = ask(["backgammon", "shots", "--distance", "6"])
>>> answer.ok, answer.data["rolls"]
(True, 17)
>>> answer = ask(["backgammon", "shots", "--distance", "25"])
>>> answer.ok, answer.flag, answer.error
(False, '--distance', '25 is out of range for the distance; use 1-24.')
"""

from __future__ import annotations

import io
import json
import re
import shlex
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass, replace

from analysis.web.forms import field_of

_local = threading.local()
_install_lock = threading.Lock()


class _PerThread(io.TextIOBase):
    """A stand-in for ``sys.stdout``/``sys.stderr``: writes of a thread that is capturing go to its
    buffer, everything else to the stream that was there before."""

    def __init__(self, name: str, original):
        self.name, self.original = name, original

    def _target(self):
        return getattr(_local, self.name, None) or self.original

    def write(self, text):
        return self._target().write(text)

    def flush(self):
        return self._target().flush()

    def isatty(self):
        return False

    def fileno(self):
        return self.original.fileno()


def _install() -> None:
    with _install_lock:
        for name in ("stdout", "stderr"):
            if not isinstance(getattr(sys, name), _PerThread):
                setattr(sys, name, _PerThread(name, getattr(sys, name)))


@dataclass(frozen=True)
class Answer:
    """The command's JSON (``ok``), or its one sentence and the option it names (``flag``, if any)."""

    ok: bool
    data: object = None
    error: str | None = None
    flag: str | None = None
    #: The input the library's sentence is about (its error's ``field``), where it names one.
    about: str | None = None


#: "odds bluff call: error: Argument --opponents: 31 is out of range ..." -> the option and the sentence.
_USAGE = re.compile(r"^odds(?: \S+)*: error: (?:argument (?P<flag>[-\w/]+): )?(?P<text>.*)$", re.IGNORECASE | re.DOTALL)


@contextmanager
def _captured():
    """This thread's standard output and error, captured (other threads' go where they went)."""
    _install()
    out, err = io.StringIO(), io.StringIO()
    _local.stdout, _local.stderr = out, err
    try:
        yield out, err
    finally:
        _local.stdout = _local.stderr = None


#: Each command's parser, built once (building one costs a command line more than most answers);
#: built one at a time, as building reads a setting of the CLI's that is the same for all threads.
_parsers: dict = {}
_building = threading.Lock()


def _parser(argv: list[str]):
    from analysis.cli.main import build_parser

    key = tuple(argv[:2])
    with _building:
        if key not in _parsers:
            _parsers[key] = build_parser(*key)
        return _parsers[key]


def ask(argv: list[str], as_json: bool = True) -> Answer:
    """Run ``odds ARGV --json`` in this thread and read its answer (never raises for bad input);
    ``as_json=False`` runs ``odds ARGV`` as it is (a chart writing its file) and keeps its text."""
    from analysis.cli.main import main

    refused = []
    with _captured() as (out, err):
        try:
            code = main([*argv, "--json"] if as_json else list(argv), _parser(argv), refused)
        except SystemExit as stop:          # argparse: a usage error (its sentence is on stderr)
            code = stop.code if isinstance(stop.code, int) else 2
    if code == 0:
        if not as_json:
            return Answer(True, out.getvalue())
        try:
            return Answer(True, json.loads(out.getvalue()))
        except ValueError:      # not an answer (a help text): nothing the page can show
            return Answer(False, error="The question could not be answered; check the values given.")
    reply = _error(err.getvalue())
    return replace(reply, about=refused[-1].field) if refused else reply


def check(argv: list[str]) -> Answer:
    """Read ``odds ARGV --json`` as the command would and run nothing: ``ok``, or the sentence of a
    value out of its range (so a long question is refused before it starts).

    >>> check(["backgammon", "match", "--bots", "net,pips", "--games", "0"]).error
    '0 is out of range for the number of games; use 1-1,000,000.'
    """
    with _captured() as (_, err):
        try:
            _parser(argv).parse_args([*argv, "--json"])
        except SystemExit:
            return _error(err.getvalue())
    return Answer(True)


def _error(text: str) -> Answer:
    # The sentence is the last line that says "error:" (progress lines of a long build come before it).
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    line = next((line for line in reversed(lines) if ": error: " in line), lines[-1] if lines else
                "The question could not be answered.")
    match = _USAGE.match(line)
    if match is None:
        return Answer(False, error=line)
    sentence = match.group("text").strip()
    sentence = sentence[0].upper() + sentence[1:] if sentence else "The question could not be answered."
    flag = match.group("flag")
    return Answer(False, error=sentence if sentence.endswith((".", "?")) else sentence + ".",
                  flag=flag.split("/")[0] if flag else None)


def answer(module, values: dict) -> dict:
    """Ask ``module``'s questions for ``values``: every answer, or the first wrong field's sentence."""
    result = {"answers": {}, "errors": {}, "notes": {}, "commands": {}}
    for name, argv in module.questions(values):
        result["commands"][name] = "odds " + shlex.join([*argv, "--json"])
        reply = ask(argv)
        if reply.ok:
            result["answers"][name] = reply.data
        elif name in getattr(module, "NOTES", ()) and not _quotes_the_form(module.FIELDS, reply, values):
            result["notes"][name] = reply.error        # "not a race": no fault of the form
        else:
            # One wrong field: its sentence alone, no half of an answer beside it.
            where = field_of(module.FIELDS, reply.flag, reply.error, values, reply.about)
            result["errors"][where or "form"] = reply.error
            result["answers"] = {}
            break
    return result


def _quotes_the_form(fields, reply, values) -> bool:
    """Does a sentence name an option of the form or quote one of its values ("'7' is not a face")?
    Then it is the form's fault, even from an answer that some positions or rounds lack."""
    return field_of([replace(field, words=()) for field in fields], reply.flag, reply.error, values,
                    reply.about) is not None
