"""A round's history as text: who bid what, in turn order, checked against the rules.

Each item is ``PLAYER:BID`` with ``me`` for me and 1, 2, ... for the opponents in
turn order after me, or ``PLAYER:challenge`` (``exact``) for a call, which ends the
round::

    1:4x3 2:5x3 me:6x3 1:6x5 2:7x3

Kept apart from the beliefs (``beliefs.py``) so that reading a history needs no numpy.

>>> from analysis.bluff.rules import BLUFF
>>> [turn.text(BLUFF) for turn in parse_history(BLUFF, "1:4x3 2:5x3 me:6x3", 3)]
['1:4x3', '2:5x3', 'me:6x3']
"""

from __future__ import annotations

from dataclasses import dataclass

from analysis.bluff.bids import Bid, all_bids, check_raise, format_bid, is_raise, parse_bid
from analysis.bluff.rules import BiddingRules
from analysis.errors import InvalidArgument, InvalidBid

#: Words accepted for a call in a history; a call ends the round.
CALL_WORDS = {"challenge": "challenge", "bluff": "challenge", "dudo": "challenge", "call": "challenge",
              "exact": "exact", "calza": "exact", "spot_on": "exact", "spoton": "exact"}


@dataclass(frozen=True)
class Turn:
    """One item of a round's history: ``player`` (0 is me) made ``bid``, or called (``call``)."""

    player: int
    bid: Bid | None = None
    call: str | None = None

    def text(self, rules: BiddingRules) -> str:
        who = "me" if self.player == 0 else str(self.player)
        return f"{who}:{self.call if self.call else format_bid(rules, self.bid)}"


def _who(player: int) -> str:
    return "you" if player == 0 else f"player {player}"


def parse_history(rules: BiddingRules, text: str, players: int, palifico_round: bool = False) -> tuple[Turn, ...]:
    """The round's bids from ``"1:4x3 2:5x3 me:6x3"``, checked: known players in turn order, each bid a raise,
    nothing after a call, and a bid at the end to answer."""
    turns: list[Turn] = []
    for item in text.replace(",", " ").split():
        who, colon, action = item.partition(":")
        if not colon or not action:
            raise InvalidBid(f"Cannot read {item!r} in the history; write each bid as PLAYER:BID, "
                             "e.g. 1:4x3 or me:5x3.")
        who = who.strip().lower()
        if who in ("me", "0"):
            player = 0
        elif who.isdigit() and 1 <= int(who) < players:
            player = int(who)
        else:
            raise InvalidBid(f"{who!r} in the history is not a player; use me or an opponent 1-{players - 1}.")
        if turns and turns[-1].call:
            raise InvalidBid(f"Nothing can follow {_who(turns[-1].player)}'s {turns[-1].call} in the history: "
                             f"a call ends the round.")
        call = CALL_WORDS.get(action.lower())
        bid = None
        if call is None:
            try:
                bid = parse_bid(rules, action)
                check_raise(rules, turns[-1].bid if turns else None, bid, palifico_round)
            except InvalidBid as error:     # say where: the same bid may also be the one to answer
                reason = str(error)
                raise InvalidBid(f"In the history, {reason[0].lower()}{reason[1:]}") from None
        elif not turns:
            raise InvalidBid(f"The history opens with a {call}; a round opens with a bid.")
        elif call == "exact" and rules.exact_call is None:
            raise InvalidBid(f"{rules.title} has no exact call, but the history has one.")
        if turns and player != (turns[-1].player + 1) % players:
            expected = (turns[-1].player + 1) % players
            raise InvalidBid(f"{_who(player).capitalize()} cannot act after {_who(turns[-1].player)} in the history; "
                             f"the turn passes to {_who(expected)}.")
        turns.append(Turn(player, bid, call))
    if turns and turns[-1].call:
        raise InvalidBid(f"The history ends with {_who(turns[-1].player)}'s {turns[-1].call}: the round is over "
                         f"and there is no bid to answer.")
    return tuple(turns)


def history_with_bid(rules: BiddingRules, history: tuple[Turn, ...], bid: Bid, players: int,
                     bidder: int | None = None, palifico_round: bool = False) -> tuple[Turn, ...]:
    """The history ending with ``bid``: as its last item, or appended as made by the next player in turn."""
    if history and history[-1].bid == bid:
        if bidder is not None and bidder != history[-1].player:
            raise InvalidBid(f"The history has {_who(history[-1].player)} bidding {format_bid(rules, bid)}, "
                             f"not player {bidder}.")
        return history
    if bidder is None:
        bidder = (history[-1].player + 1) % players if history else players - 1
    if history and bidder != (history[-1].player + 1) % players:
        raise InvalidBid(f"Player {bidder} cannot bid {format_bid(rules, bid)} after {_who(history[-1].player)}; "
                         f"the turn passes to {_who((history[-1].player + 1) % players)}.")
    if bidder == 0:
        raise InvalidBid("The bid to answer must be an opponent's, not yours.")
    check_raise(rules, history[-1].bid if history else None, bid, palifico_round)
    return (*history, Turn(bidder, bid))


def plain_history(rules: BiddingRules, bids, bid: Bid, players: int, bidder: int | None = None,
                  palifico_round: bool = False) -> tuple[Turn, ...]:
    """Turns from bids without players (``"1x3,1x5"``): the bids before ``bid``, made in turn order
    by the players before ``bidder`` (default: the opponent just before me)."""
    bidder = players - 1 if bidder is None else bidder
    if not 1 <= bidder < players:
        raise InvalidArgument(f"The bidder must be an opponent, 1-{players - 1}, not {bidder}.", field="bidder")
    turns = []
    previous = None
    for back, earlier in enumerate(bids):
        player = (bidder - (len(bids) - back)) % players
        check_raise(rules, previous, earlier, palifico_round)
        turns.append(Turn(player, earlier))
        previous = earlier
    check_raise(rules, previous, bid, palifico_round)
    return (*turns, Turn(bidder, bid))


class Unreadable(InvalidArgument):
    """A legal history that a player who reads only bids that can be true cannot read (``read_within_the_dice``);
    the solved strategy hands such a round to the bid reader, which reads every legal bid."""


def within_the_dice(rules: BiddingRules, previous, following, in_play: int, palifico_round: bool = False):
    """The bid read in place of one above the ``in_play`` dice made after ``previous`` (None: the opening) and raised
    to ``following`` (a bid within the dice, as Perudo's switch to aces halves the count): the highest bid within
    the dice between them. A player who reads only bids that can be true (the solved strategy, the bots' kernels)
    reads the round so. None where no bid within the dice lies between them."""
    between = [b for b in all_bids(rules, in_play) if is_raise(rules, previous, b, palifico_round)
               and is_raise(rules, b, following, palifico_round)]
    return between[-1] if between else None


def read_within_the_dice(rules: BiddingRules, bids, in_play: int, palifico_round: bool = False):
    """Heads-up ``bids`` (a raise each, the last within the ``in_play`` dice) as a player who reads only bids that can
    be true reads them: ``(read, beyond, dropped)``. ``read`` holds the bids read, each one above the dice replaced
    by ``within_the_dice``; ``beyond`` maps the position in ``read`` of each replaced bid to the bid made; ``dropped``
    lists the positions in ``bids`` of the bids left out. Where no bid within the dice lies between the bids around
    one above them (Perudo: ``3x1``, then ``7x6``, then ``4x1`` at four dice), that bid and the bid before it are read
    as not made: the following bid raises the one before the pair, and the turn order holds (two bids, one each).
    Refused (``Unreadable``) only where that leaves the following bid opening a round it may not open (Perudo's
    aces)."""
    read, made, beyond, dropped = [], [], {}, []
    for i, bid in enumerate(bids):
        if bid.count <= in_play:
            read.append(bid)
            made.append(i)
            continue
        stand = within_the_dice(rules, read[-1] if read else None, bids[i + 1], in_play, palifico_round)
        if stand is None and read and (len(read) > 1 or is_raise(rules, None, bids[i + 1], palifico_round)):
            dropped += [made.pop(), i]
            read.pop()
            beyond = {j: text for j, text in beyond.items() if j < len(read)}
            continue
        if stand is None:       # the next bid cannot open the round (Perudo's aces): no reading is left
            raise Unreadable(f"{format_bid(rules, bid)} is above the {in_play} dice in play and no bid within "
                                  "them lies between the bids around it, so the solved strategy cannot read this round.",
                             field="history")
        beyond[len(read)] = format_bid(rules, bid)
        read.append(stand)
        made.append(i)
    return read, beyond, dropped
