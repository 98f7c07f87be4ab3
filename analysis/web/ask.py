"""A page's questions asked of the question layer (:mod:`analysis.questions`), as the command asks them.

Each game's page module turns its form's values into its questions: for each, the name the page shows
its answer under, the command line a player would type for the same answer (shown under "The same at
the command line"), and its work, a call into :mod:`analysis.questions`, the layer the ``odds`` command
calls too. So a page answers with the very readers (their ranges, checked before any work starts), the
very library calls and the very JSON of ``--json``, and a bad value gets the same sentence, which names
the input it is about (:attr:`analysis.errors.OddsError.field`). :func:`answer` needs no web framework,
so a notebook can ask the pages too.

>>> from analysis.web import backgammon
>>> answer(backgammon, {**{field.name: "" for field in backgammon.FIELDS}, "distance": "6"})["answers"]["shots"]["rolls"]
17
>>> answer(backgammon, {**{field.name: "" for field in backgammon.FIELDS}, "distance": "25"})["errors"]
{'distance': '25 is out of range for the distance; use 1-24.'}
"""

from __future__ import annotations

import shlex
from dataclasses import replace

from analysis.errors import OddsError
from analysis.questions.plain import to_plain
from analysis.web.forms import field_of

#: The sentence of a question that needs more memory than the machine has.
NO_MEMORY = "The question needs more memory than this machine has; ask a smaller one."


def answer(module, values: dict) -> dict:
    """Ask ``module``'s questions for ``values``: every answer, or the first wrong field's sentence."""
    result = {"answers": {}, "errors": {}, "notes": {}, "commands": {}}
    for name, argv, work in module.questions(values):
        result["commands"][name] = "odds " + shlex.join([*argv, "--json"])
        try:
            result["answers"][name] = to_plain(work())
            continue
        except OddsError as error:
            sentence, about = sentence_of(error), error.field
        except MemoryError:
            sentence, about = NO_MEMORY, None
        if name in getattr(module, "NOTES", ()) and not _quotes_the_form(module.FIELDS, sentence, values, about):
            result["notes"][name] = sentence        # "not a race": no fault of the form
            continue
        # One wrong field: its sentence alone, no half of an answer beside it.
        where = field_of(module.FIELDS, None, sentence, values, about)
        result["errors"][where or "form"] = sentence
        result["answers"] = {}
        break
    return result


def sentence_of(error: OddsError) -> str:
    """The error's one sentence, starting with a capital and ending with a stop."""
    text = " ".join(str(error).split()) or "The question could not be answered."
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "?")) else text + "."


def _quotes_the_form(fields, sentence: str, values, about) -> bool:
    """Does a sentence name an input of the form or quote one of its values ("'7' is not a face")?
    Then it is the form's fault, even from an answer that some positions or rounds lack."""
    return field_of([replace(field, words=()) for field in fields], None, sentence, values, about) is not None
