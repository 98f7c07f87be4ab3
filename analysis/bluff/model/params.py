"""The bidding model's parameters (``model.py``): one :class:`BiddingModel` per player, read from text.

Kept apart from the model's arrays so that a question at the table reads its
``--model`` settings without importing numpy.

>>> parse_models("rationality=4", 2)[1].rationality
4.0
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace

from analysis.bluff.bids import format_bid
from analysis.errors import InvalidArgument


@dataclass(frozen=True)
class BiddingModel:
    """The parameters of the bidding model (one set per player).

    Attributes:
        rationality: how sharply the player prefers better-looking actions (0: every
            action alike; 10: nearly always the best-looking one).
        bluff_rate: chance that the player instead raises to a uniformly chosen legal raise.
        call_bias: added to the score of calling (positive: calls more readily).
        jump_cost: taken off a raise's score for every legal raise it skips (0: any believable raise
            alike; near 0.2: the smallest believable raise, as a cautious player bids).
    """

    rationality: float = 8.0
    bluff_rate: float = 0.1
    call_bias: float = 0.0
    jump_cost: float = 0.0

    def __post_init__(self):
        for name, low, high in (("rationality", 0.0, 100.0), ("bluff_rate", 0.0, 1.0), ("call_bias", -5.0, 5.0),
                                ("jump_cost", 0.0, 1.0)):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or not math.isfinite(value) or not low <= value <= high:
                raise InvalidArgument(f"The model's {name} must be a number from {low:g} to {high:g}, not {value!r}.")

    def __str__(self) -> str:
        return (f"rationality {self.rationality:g}, bluff rate {self.bluff_rate:g}, call bias {self.call_bias:g}, "
                f"jump cost {self.jump_cost:g}")

    def to_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


PARAMETERS = tuple(f.name for f in fields(BiddingModel))

#: The model fitted (``odds bluff fit``) to 600 rounds of four ``threshold:0.5`` bots in Bluff, rounded:
#: near-certain raises, the smallest believable one first, hardly any bluffs. The ``bayes`` bot reads
#: the bids with it unless told otherwise.
THRESHOLD_TABLE = BiddingModel(rationality=12.0, bluff_rate=0.005, call_bias=0.05, jump_cost=0.35)


def parse_models(text: str, opponents: int, base: BiddingModel = BiddingModel()) -> tuple[BiddingModel, ...]:
    """One model per opponent from ``"bluff_rate=0.3 2:rationality=4"``.

    A plain ``FIELD=VALUE`` sets every opponent; ``K:FIELD=VALUE`` only opponent K
    (1 = the next player after me). Items are separated by spaces or commas.

    >>> [m.bluff_rate for m in parse_models("bluff_rate=0.3 2:bluff_rate=0", 2)]
    [0.3, 0.0]
    """
    everyone: dict[str, float] = {}
    each: dict[int, dict[str, float]] = {}
    for item in text.replace(",", " ").split():
        who, colon, setting = item.rpartition(":")
        name, equals, value_text = setting.partition("=")
        if not equals or name not in PARAMETERS:
            raise InvalidArgument(f"Cannot read the model setting {item!r}; write FIELD=VALUE or K:FIELD=VALUE "
                                  f"with FIELD one of {', '.join(PARAMETERS)}.")
        try:
            value = float(value_text)
        except ValueError:
            raise InvalidArgument(f"The value in the model setting {item!r} must be a number.") from None
        if not colon:
            everyone[name] = value
            continue
        if not who.isdigit() or not 1 <= int(who) <= opponents:
            raise InvalidArgument(f"The model setting {item!r} names opponent {who!r}; the opponents are "
                                  f"1-{opponents}.")
        each.setdefault(int(who), {})[name] = value
    shared = replace(base, **everyone)
    return tuple(replace(shared, **each.get(k, {})) for k in range(1, opponents + 1))


def one_model_each(models, opponents: int) -> tuple[BiddingModel, ...]:
    """One model per opponent from ``models``: a tuple of them, one model for all, or None (the defaults)."""
    if models is None:
        models = BiddingModel()
    if isinstance(models, BiddingModel):
        models = (models,) * opponents
    if len(models) != opponents:
        raise InvalidArgument(f"Give one model per opponent: {opponents} opponents but {len(models)} models.")
    return tuple(models)


def unexplained_bid(turn, rules) -> InvalidArgument:
    """The error for a bid (a history's ``Turn``) that no hand makes under the model."""
    return InvalidArgument(f"Player {turn.player}'s bid {format_bid(rules, turn.bid)} is impossible under the "
                           f"model; give it a bluff rate above 0.")
