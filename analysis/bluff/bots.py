"""The bot library of the tournament: who bids what, and when they call.

- ``random``: any legal raise (count up to the dice in play) or a call, uniformly.
- ``honest``: bids only what it believes: a bid whose expected count (own dice
  plus the unknown dice at 1/3 or 1/6) reaches the bid; raises to the first
  such bid on the track and challenges a bid it does not believe.
- ``threshold:P`` (default P = 0.5): challenges when the exact chance that the
  bid is true, given its own dice, is below P; otherwise raises to the first bid
  on the track that is true with chance at least P (challenges if there is none);
  calls exactly (calza, spot on) when the bid is exactly right with chance 1/2 or more.
- ``equilibrium``: in a two-player, one-die-each round it plays the CFR
  equilibrium of ``solve.py`` for winning the game (the round decides it);
  everywhere else it plays as ``threshold:0.5``.

>>> parse_bots("threshold,honest,random,threshold:0.4")
(Bot(kind='threshold', parameter=0.5), Bot(kind='honest', parameter=0.0), Bot(kind='random', parameter=0.0), Bot(kind='threshold', parameter=0.4))
"""

from __future__ import annotations

from dataclasses import dataclass

from analysis.errors import InvalidArgument

KINDS = {"random": 0, "honest": 1, "threshold": 2, "equilibrium": 3}


@dataclass(frozen=True)
class Bot:
    kind: str
    parameter: float = 0.0

    @property
    def code(self) -> int:
        return KINDS[self.kind]

    @property
    def label(self) -> str:
        return f"threshold:{self.parameter:g}" if self.kind == "threshold" else self.kind


def parse_bot(text: str) -> Bot:
    name, _, value = text.strip().lower().partition(":")
    if name not in KINDS:
        raise InvalidArgument(f"'{text}' is not a bot; choose from {', '.join(KINDS)} (threshold:P sets P).")
    if name != "threshold":
        if value:
            raise InvalidArgument(f"The {name} bot takes no parameter, but '{text}' gives one.")
        return Bot(name)
    if not value:
        return Bot(name, 0.5)
    try:
        parameter = float(value)
    except ValueError:
        raise InvalidArgument(f"The threshold in '{text}' must be a number between 0 and 1.") from None
    if not 0.0 <= parameter <= 1.0:
        raise InvalidArgument(f"The threshold in '{text}' must be between 0 and 1, not {parameter:g}.")
    return Bot(name, parameter)


def parse_bots(text: str) -> tuple[Bot, ...]:
    """Bots by seat from ``"threshold,honest,random"``."""
    names = [part for part in text.split(",") if part.strip()]
    if not names:
        raise InvalidArgument("Name at least one bot, e.g. --bots threshold,honest.")
    return tuple(parse_bot(name) for name in names)
