"""The error types every game raises for bad input.

Each message is one sentence that names the bad value and says what is allowed;
the CLI prints it as it is (exit code 2, no traceback).

>>> raise InvalidDice("'7' is not a die face; Bluff dice show 1-5 or a star (*).")
Traceback (most recent call last):
...
analysis.errors.InvalidDice: '7' is not a die face; Bluff dice show 1-5 or a star (*).
"""


def one_line(text: str) -> str:
    """``text`` with its control characters written as escapes (``\\n``, ``\\x1b``, ``\\u2028``), so a
    bad value holding a newline or a terminal escape stays inside its quotes on one line.

    >>> print(one_line("'7x3\\nrm -rf' is not a bid."))
    '7x3\\nrm -rf' is not a bid.
    """
    import unicodedata

    return "".join(character.encode("unicode_escape").decode("ascii")
                   if unicodedata.category(character) in _CONTROL else character for character in str(text))


#: Unicode categories written as escapes: controls (newline, tab, escape), formatting characters
#: (right-to-left overrides, zero-width spaces) and the line and paragraph separators.
_CONTROL = ("Cc", "Cf", "Zl", "Zp")


class OddsError(ValueError):
    """Base class: bad input to any part of the toolkit. Its sentence is always one line
    (:func:`one_line`), whatever the bad value it quotes holds."""

    def __str__(self) -> str:
        return one_line(super().__str__())


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
