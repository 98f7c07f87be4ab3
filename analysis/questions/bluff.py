"""Dice bidding's rules as a player gives them: the game, its house rules, the wild face, a palifico round.

>>> rules("perudo", ["exact_call=calza"], palifico=True).name
'perudo'
>>> rules("bluff", palifico=True)
Traceback (most recent call last):
...
analysis.errors.InvalidRules: Bluff has no palifico rounds; they are Perudo's.
"""

from __future__ import annotations

from analysis.errors import InvalidArgument, InvalidRules, about
from analysis.house_rules import read_rules
from analysis.questions.read import number


def rules(preset: str = "bluff", house=(), wild=None, palifico: bool = False):
    """The rules of ``preset`` with the ``house`` rules (``FIELD=VALUE`` each), Liar's Dice's ``wild`` face
    (a number, or its text) and, for ``palifico``, the check that the game has palifico rounds."""
    if isinstance(wild, str):
        with about("wild"):
            wild = number(wild, int, 1, 6, "the wild face") if wild.strip() else None
    chosen = read_rules("bluff", preset or "bluff", list(house), wild=wild)
    if palifico and not chosen.palifico:
        raise InvalidRules(f"{chosen.title} has no palifico rounds; they are Perudo's.", field="palifico")
    return chosen


#: The ranges of the numbers a dice-bidding question takes (the command's flags and the page's fields alike).
DICE = (int, 1, 30, "a player's dice")
SEAT = (int, 1, 5, "an opponent's number")
#: The largest count a list of raises goes to (far above any table's dice: 6 players x 30 dice).
MAX_LISTED_COUNT = 1000


def counts(opponents, field: str = "opponents") -> list[int]:
    """Each opponent's dice count (numbers, or their text: "6 7"), each within :data:`DICE`."""
    with about(field):
        words = opponents.split() if isinstance(opponents, str) else list(opponents)
        if not words:
            raise InvalidArgument("Give each opponent's dice count, in turn order after you: 6 7.")
        return [whole(word, DICE) for word in words]


def whole(value, spec):
    """``value`` (a number, or its text) within the range ``spec`` = (kind, low, high, what)."""
    return value if isinstance(value, int) and spec[1] <= value <= spec[2] else number(value, *spec)


def seat(value, field: str):
    """An opponent's number (empty: None), within :data:`SEAT`."""
    if value is None or value == "":
        return None
    with about(field):
        return whole(value, SEAT)


def call(rules, dice: str, opponents, bid: str, *, bidder=None, responder=None, history: str = "",
         palifico: bool = False, model: str = "", start=None, rollouts: int = 0, seed: int = 0):
    """Should I call ``bid``? The call advisor's answer (:func:`analysis.bluff.odds.advice.advise_call`), the
    round's bids (``history``: ``PLAYER:BID`` turns, or plain bids before ``bid``) read as evidence."""
    # lazy: keeps the dice-bidding modules out of the command line's start-up
    from analysis.bluff.bids import parse_bid, parse_dice
    from analysis.bluff.odds.advice import advise_call  # lazy: keeps numpy out of the command line's start-up

    opponents = counts(opponents)
    bidder, responder = seat(bidder, "bidder"), seat(responder, "responder") or 1
    with about("dice"):
        dice = parse_dice(rules, dice)
    with about("bid"):
        bid = parse_bid(rules, bid)
    turns = None
    players = 1 + len(opponents)
    with about("history"):      # the round's bids, the bid to answer last: their sentences are about the round
        if ":" in history:
            # lazy: keeps the dice-bidding modules out of the command line's start-up
            from analysis.bluff.history import history_with_bid, parse_history
            turns = history_with_bid(rules, parse_history(rules, history, players, palifico), bid,
                                     players, bidder, palifico)
            earlier = tuple(turn.bid for turn in turns[:-1])
            bidder = turns[-1].player
        else:
            earlier = tuple(parse_bid(rules, text) for text in history.split(",") if text.strip())
            if earlier or model or rollouts:
                # lazy: keeps the dice-bidding modules out of the command line's start-up
                from analysis.bluff.history import plain_history
                turns = plain_history(rules, earlier, bid, players, bidder, palifico)
    models = None
    if model:
        # lazy: keeps the dice-bidding modules out of the command line's start-up
        from analysis.bluff.model.params import parse_models
        with about("model"):
            models = parse_models(model, len(opponents))
    return advise_call(rules, dice, opponents, bid, bidder=bidder, responder=responder, palifico_round=palifico,
                       start=start, history=earlier, turns=turns, models=models, rollouts=rollouts, seed=seed)


def raises(rules, bid: str | None = None, max_count=None, palifico: bool = False) -> dict:
    """The legal raises of ``bid`` (none: the openings), in track order, up to ``max_count`` (default: bid + 3)."""
    # lazy: keeps the dice-bidding modules out of the command line's start-up
    from analysis.bluff.bids import format_bid, legal_raises, parse_bid

    with about("bid"):
        parsed = parse_bid(rules, bid) if bid else None
    top = max_count if max_count is not None else (parsed.count if parsed else 0) + 3
    if not 1 <= top <= MAX_LISTED_COUNT:     # the list grows with the count: bound it before building it
        raise InvalidArgument(f"Raises up to a count of {top:,} cannot be listed; the largest count "
                              f"listed must be 1-{MAX_LISTED_COUNT:,}.", field="max_count")
    return {"preset": rules.name, "bid": bid,
            "raises": [format_bid(rules, b) for b in legal_raises(rules, parsed, top, palifico)]}


def opening(rules, dice: str, opponents, top: int = 8, palifico: bool = False):
    """The best opening bids: (the strategy's decision, the rows of bids); at a table of three or more players
    the full-table strategy's where its round is solved, else the odds' and the model's, the decision's note
    saying so."""
    # lazy: keeps the dice-bidding modules out of the command line's start-up
    from analysis.bluff.bids import parse_dice
    # lazy: keeps numpy and the solved strategy out of the command line's start-up
    from analysis.bluff.play.decision import opening_bids, table_opening_bids

    opponents = counts(opponents)
    with about("dice"):
        dice = parse_dice(rules, dice)
    if len(opponents) == 1:
        return opening_bids(rules, dice, opponents[0], top, palifico)
    if palifico:
        raise InvalidArgument("A palifico round's openings are answered heads-up only; give one opponent.",
                              field="palifico")
    return table_opening_bids(rules, dice, opponents, top)


def opening_dict(decision, rows) -> dict:
    """:func:`opening`'s answer as the command's JSON and the page's answer give it (with the decision's note where
    the strategy does not cover the table)."""
    out = {"recommended": decision.action, "source": decision.source, "openings": rows}
    return {**out, "note": decision.note} if decision.note else out


def play(rules, dice: str, opponents, history: str = "", bot: str | None = None, search: bool = False,
         palifico: bool = False):
    """What the solved strategy (``search``: looking ahead), or the tournament bot ``bot``, would do now."""
    # lazy: keeps the dice-bidding modules out of the command line's start-up
    from analysis.bluff.bids import parse_dice
    # lazy: keeps numpy and the solved strategy out of the command line's start-up
    from analysis.bluff.play.decision import decide

    if search and bot:
        raise InvalidArgument("Ask either a bot or the strategy with search, not both.", field="bot")
    opponents = counts(opponents)
    with about("dice"):
        dice = parse_dice(rules, dice)
    return decide(rules, dice, opponents, history, bot or ("search" if search else "strategy"), palifico=palifico)
