"""The error types every game raises for bad input.

Each message is one sentence that names the bad value and says what is allowed;
the CLI prints it as it is (exit code 2, no traceback).

>>> raise InvalidDice("'7' is not a die face; Bluff dice show 1-5 or a star (*).")
Traceback (most recent call last):
...
analysis.errors.InvalidDice: '7' is not a die face; Bluff dice show 1-5 or a star (*).
"""

import unicodedata
from contextlib import contextmanager


def one_line(text: str) -> str:
    """``text`` with its control characters written as escapes (``\\n``, ``\\x1b``, ``\\u2028``), so a
    bad value holding a newline or a terminal escape stays inside its quotes on one line.

    >>> print(one_line("'7x3\\nrm -rf' is not a bid."))
    '7x3\\nrm -rf' is not a bid.
    """
    return "".join(character.encode("unicode_escape").decode("ascii")
                   if unicodedata.category(character) in _CONTROL else character for character in str(text))


#: Unicode categories written as escapes: controls (newline, tab, escape), formatting characters
#: (right-to-left overrides, zero-width spaces) and the line and paragraph separators.
_CONTROL = ("Cc", "Cf", "Zl", "Zp")


class OddsError(ValueError):
    """Base class: bad input to any part of the toolkit. Its sentence is always one line
    (:func:`one_line`), whatever the bad value it quotes holds.

    ``field`` names the input the sentence is about, where it is known: the question's own name for
    it ("bid", "history", "dice", "opponents", "bidder", "rule", "preset", ...), set where the error
    is raised or by :func:`about` around the reading of that input. The command line prints the
    sentence alone; a page puts it beside that input.
    """

    #: The input the sentence is about, or None (the question as a whole).
    field: str | None = None

    def __init__(self, *args, field: str | None = None):
        super().__init__(*args)
        if field is not None:
            self.field = field

    def __str__(self) -> str:
        return one_line(super().__str__())


@contextmanager
def about(field: str):
    """Inside the block, an :class:`OddsError` that names no input is about ``field``.

    >>> try:
    ...     with about("bid"):
    ...         raise InvalidBid("'7' in bid '7x7' is not a Bluff face.")
    ... except OddsError as error:
    ...     print(error.field)
    bid
    """
    try:
        yield
    except OddsError as error:
        if error.field is None:
            error.field = field
        raise


class InvalidDice(OddsError):
    """A die face that the preset does not have, or the wrong number of dice."""


class InvalidBid(OddsError):
    """A bid that cannot be read, names a face the preset lacks, or is not a legal raise."""


class InvalidCards(OddsError):
    """An unknown card, a duplicated card or the wrong number of cards."""


class InvalidPosition(OddsError):
    """A board position that breaks the rules (checker counts, bar, both colours on a point)."""


class InvalidRules(OddsError):
    """A preset name or a rule field value that does not exist."""


class InvalidArgument(OddsError):
    """Any other argument outside its allowed range."""


class MissingExtra(OddsError):
    """A command that needs an optional package (an extra of the install) that is not installed."""
