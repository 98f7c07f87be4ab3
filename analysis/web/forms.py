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
        if field.kind == "boxes":      # ticked boxes, each a value (none sent: the field's default)
            raw = (",".join(query.getlist(field.name)) if hasattr(query, "getlist") and field.name in query
                   else query.get(field.name, field.default))
        else:
            raw = query.get(field.name, field.default if field.kind != "checkbox" else "")
        text = " ".join(str(raw).split())
        # A word like "--help" or "-h" would reach the command line as an option, not as this value.
        option = next((word for word in text.split() if _OPTION.match(word)), None)
        choices = [value for value, _ in field.choices]
        if len(text) > field.max_length:
            problems[field.name] = (f"{field.label} is {len(text):,} characters long; the most this field "
                                    f"takes is {field.max_length:,}.")
            text = ""
        elif option is not None:
            problems[field.name] = f"'{option}' is not a value for {field.label.lower()}."
            text = ""
        elif field.kind == "select" and text and text not in choices:
            # A value the form never offers (an address typed by hand): named by the choices' own words.
            labels = [label for _, label in field.choices]
            problems[field.name] = (f"'{text}' is not a choice for {field.label.lower()}; choose "
                                    f"{', '.join(labels[:-1])} or {labels[-1]}.")
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


def rule_items(text: str) -> list[str]:
    """House rules as a player writes them, ``"exact call=calza; dice per player=5"`` (a rule's words
    and its value's joined by underscores, as the rules name them), as ``FIELD=VALUE`` items; rules
    separated by spaces alone, ``"exact_call=calza box_dice=none"``, are read too.

    >>> rule_items("exact call = spot on; dice per player=5"), rule_items("exact_call=calza box_dice=none")
    (['exact_call=spot_on', 'dice_per_player=5'], ['exact_call=calza', 'box_dice=none'])
    """
    pieces = re.split(r"\s*[;,]\s*", text.strip())
    if len(pieces) == 1 and text.count("=") > 1:
        pieces = text.split()
    items = []
    for piece in filter(None, pieces):
        name, sep, value = piece.partition("=")
        items.append("_".join(name.split()) + sep + "_".join(value.split()) if sep else piece)
    return items


def rule_options(text: str) -> list[str]:
    """The house rules of :func:`rule_items` as ``--rule`` options."""
    options = []
    for item in rule_items(text):
        options += ["--rule", item]
    return options


#: Names the command line uses for a game (its preset) that a player would not: the game's own name.
_PRESET_NAMES: dict[str, str] = {}
#: A name written with underscores (a rule's, a value's).
_SNAKE = re.compile(r"\b[A-Za-z]+(?:_[A-Za-z0-9]+)+\b")
#: A clause that tells the reader which ``odds`` command to run (a note the command line prints).
_COMMAND_CLAUSE = re.compile(r";[^;]*\bodds [a-z]+ [^;]*?\.$")


def learn_names(fields) -> None:
    """Remember the game names of a form's ``preset`` choices, for :func:`players_words`."""
    for field in fields:
        if field.name == "preset":
            for value, label in field.choices:
                if not value.isalpha():          # bluff, perudo, yatzy are the games' names already
                    _PRESET_NAMES[value] = label


def players_words(text: str) -> str:
    """A sentence of the library as a page shows it: a preset's name as the game's ("yacht_kr":
    "Korean Yacht"), without a clause that says which command to run.

    >>> learn_names([Field("preset", "Game", kind="select", choices=(("yacht_kr", "Korean Yacht"),))])
    >>> players_words("Yacht_kr has no upper bonus.")
    'Korean Yacht has no upper bonus.'
    >>> players_words("Exact_call='maybe' is not a choice; allowed: None, 'calza', 'spot_on'.")
    "Exact call='maybe' is not a choice; allowed: None, 'calza', 'spot on'."
    >>> players_words("No solved 5v5 round of Liar's Dice is stored; build it with odds bluff solve --dice 5 5.")
    "No solved 5v5 round of Liar's Dice is stored."
    """
    text = _COMMAND_CLAUSE.sub(".", str(text))
    for value, label in _PRESET_NAMES.items():
        text = re.sub(rf"(?<![\w-]){re.escape(value)}(?![\w-])", label.replace("\\", "\\\\"), text,
                      flags=re.IGNORECASE)
    # A rule's name, or a value's, as words ("exact_call": "exact call"; the form reads them back).
    return _SNAKE.sub(lambda match: match.group(0).replace("_", " "), text)
