"""A page's form: its fields, read from the query string, and the command lines they make.

Each game's page module lists its :class:`Field`\\ s and a ``questions(values)`` function that
turns the read values into ``odds`` command lines (:mod:`analysis.web.ask` runs them). A sentence
from the command lands beside the field whose option it names, else beside the field whose
words it uses, else above the form.

>>> fields = (Field("dice", "Your dice", "--dice", max_length=10), Field("bid", "The bid", "--bid"))
>>> read_values(fields, {"dice": " 3 3 * ", "bid": "7x3"})
({'dice': '3 3 *', 'bid': '7x3'}, {})
>>> read_values(fields, {"dice": "1" * 11})[1]
{'dice': 'Your dice is 11 characters long; the most this field takes is 10.'}
>>> read_values(fields, {"dice": "3", "bid": "--help"})[1]
{'bid': "'--help' is not a value for the bid."}
>>> field_of(fields, "--bid", "anything")
'bid'
>>> field_of(fields, None, "'7' is not a face of a Bluff die.", {"dice": "3 3 7", "bid": "7x3"})
'dice'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: A word that the command line would read as an option: a dash, then anything but a number.
_OPTION = re.compile(r"^-(?![0-9.])")
#: The longest query string a page reads (a long board notation and history fit many times over).
MAX_QUERY = 4096


@dataclass(frozen=True)
class Field:
    """One input of a form: its query name, label, the ``odds`` option it feeds and how it is drawn."""

    name: str
    label: str
    flag: str | None = None
    kind: str = "text"          # text, number, select, checkbox, dice, cards, boxes
    default: str = ""
    choices: tuple = ()
    hint: str = ""
    #: Words that point a sentence without an option name at this field ("bidder", "history").
    words: tuple = ()
    max_length: int = 120
    #: The library's names of the input this field feeds, besides its own name (an error's ``field``).
    inputs: tuple = ()


def read_values(fields, query) -> tuple[dict, dict]:
    """(the fields' values, stripped, defaults where absent; the sentences of those too long)."""
    values, problems = {}, {}
    for field in fields:
        if field.kind == "boxes":
            raw = ",".join(query.getlist(field.name)) if hasattr(query, "getlist") else query.get(field.name, "")
        else:
            raw = query.get(field.name, field.default if field.kind != "checkbox" else "")
        text = " ".join(str(raw).split())
        # A word like "--help" or "-h" would reach the command line as an option, not as this value.
        option = next((word for word in text.split() if _OPTION.match(word)), None)
        if len(text) > field.max_length:
            problems[field.name] = (f"{field.label} is {len(text):,} characters long; the most this field "
                                    f"takes is {field.max_length:,}.")
            text = ""
        elif option is not None:
            problems[field.name] = f"'{option}' is not a value for {field.label.lower()}."
            text = ""
        values[field.name] = text
    return values, problems


def field_of(fields, flag: str | None, sentence: str, values: dict | None = None,
             about: str | None = None) -> str | None:
    """The field a sentence belongs beside: the input the library's error names (``about``), else by
    the option it names, else the field holding the value it quotes ("'7' is not a face ..."), else the
    field whose words it uses."""
    if about is not None:
        for field in fields:
            if about == field.name or about in field.inputs:
                return field.name
    if flag is not None:
        for field in fields:
            if field.flag == flag:
                return field.name
    quoted = re.findall(r"'([^']+)'", sentence)
    for field in fields:
        value = (values or {}).get(field.name, "")
        if value and any(text == value or text in value.split() for text in quoted):
            return field.name
    # The most specific of the words used wins: "history" over the "bid" that a sentence about the
    # round's bids also says.
    lowered = sentence.lower()
    used = [(max(len(word) for word in field.words if word in lowered), -order, field.name)
            for order, field in enumerate(fields) if any(word in lowered for word in field.words)]
    return max(used)[2] if used else None


def rule_options(text: str) -> list[str]:
    """``"exact_call=calza box_dice=none"`` as ``--rule`` options (spaces between rules: a value
    may hold commas, ``stakes=1,2,4``)."""
    options = []
    for item in text.split():
        options += ["--rule", item]
    return options
