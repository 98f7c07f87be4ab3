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
- ``model`` (settings ``model:bluff_rate=0.2:rationality=4``): plays the bidding
  model of ``model.py`` with those parameters (the defaults where not given), drawing
  each action from the model's chances.
- ``bayes:P`` (default P = 0.5): the threshold rule on the chance that a bid is
  true given its own dice *and* what every bid so far says about the bidders'
  dice (exact beliefs as ``beliefs.py``, reading the others with
  ``model.THRESHOLD_TABLE``, or with ``bayes:P:FIELD=VALUE:...``). When two players
  hold dice it plays instead the action with the best expected balance of dice
  (the opponent's lost minus its own) on the opponent's answer, read with the same
  model: a challenge, an exact call, or the raise among those true with chance P or
  more that the opponent most profitably challenges (docs/bluff_strategy.md).
- ``strategy:P`` (default P = 0.5): plays as ``bayes:P`` while three or more players hold
  dice; once two remain it plays the stored solved heads-up round at those dice counts
  (``strategy_bot.py``; a palifico round as ``bayes``). Every pair of dice counts must be stored.

Three bots bid what the solved strategy never bids (its benchmarks' off-path opponents); each calls as
``threshold:0.5`` does:

- ``overbid``: opens on the face it may open on with the highest expected count (its own dice for it plus the
  unknown dice at 1/3 or 1/6) at that count rounded plus two; answers as ``threshold:0.5``.
- ``jumper``: raises where ``threshold:0.5`` raises, but two counts higher on the same face (at most the dice in
  play).
- ``switcher``: raises where ``threshold:0.5`` raises, but to the lowest legal bid on the wild face (stars,
  pacos, wild ones) whenever the last bid is not on it and one is within the dice; without a wild face, or in a
  palifico round, it is ``threshold:0.5``.

``random`` is the fourth: any legal bid or call, uniformly.

>>> parse_bots("threshold,honest,random,threshold:0.4")
(Bot(kind='threshold', parameter=0.5, model=None), Bot(kind='honest', parameter=0.0, model=None), Bot(kind='random', parameter=0.0, model=None), Bot(kind='threshold', parameter=0.4, model=None))
"""

from __future__ import annotations

from dataclasses import dataclass

from analysis.bluff.model import PARAMETERS, BiddingModel, parse_models
from analysis.errors import InvalidArgument

KINDS = {"random": 0, "honest": 1, "threshold": 2, "equilibrium": 3, "model": 4, "bayes": 5, "strategy": 6,
         "overbid": 7, "jumper": 8, "switcher": 9}


@dataclass(frozen=True)
class Bot:
    kind: str
    parameter: float = 0.0
    model: BiddingModel | None = None  # the model bot's parameters

    @property
    def code(self) -> int:
        return KINDS[self.kind]

    @property
    def label(self) -> str:
        changed = [f"{name}={getattr(self.model, name):g}" for name in PARAMETERS
                   if self.model is not None and getattr(self.model, name) != getattr(BiddingModel(), name)]
        if self.kind in ("threshold", "bayes", "strategy"):
            return ":".join([f"{self.kind}:{self.parameter:g}", *changed])
        return ":".join([self.kind, *changed])

    def settings(self) -> tuple[float, ...]:
        """The kernel's row: threshold, rationality, bluff rate, call bias, jump cost."""
        model = self.model or BiddingModel()
        return (self.parameter, model.rationality, model.bluff_rate, model.call_bias, model.jump_cost)


def parse_bot(text: str) -> Bot:
    name, _, value = text.strip().lower().partition(":")
    if name not in KINDS:
        raise InvalidArgument(f"'{text}' is not a bot; choose from {', '.join(KINDS)} (threshold:P sets P).")
    if name == "model":
        return Bot(name, 0.0, parse_models(value.replace(":", " "), 1)[0])
    if name not in ("threshold", "bayes", "strategy"):
        if value:
            raise InvalidArgument(f"The {name} bot takes no parameter, but '{text}' gives one.")
        return Bot(name)
    if name == "bayes" and "=" in value:
        threshold, _, settings = value.partition(":") if "=" not in value.partition(":")[0] else ("", "", value)
        bot = parse_bot(f"bayes:{threshold}" if threshold else "bayes")
        return Bot(name, bot.parameter, parse_models(settings.replace(":", " "), 1)[0])
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
