"""Dice and bids as text, and the bid track: which bids raise which.

>>> from analysis.bluff.rules import BLUFF
>>> parse_dice(BLUFF, "3 3 * 5 1")
(3, 3, 6, 5, 1)
>>> bid = parse_bid(BLUFF, "7x4"); bid
Bid(count=7, face=4)
>>> is_raise(BLUFF, bid, parse_bid(BLUFF, "*4")), is_raise(BLUFF, bid, parse_bid(BLUFF, "7x2"))
(True, False)
>>> [format_bid(BLUFF, b) for b in legal_raises(BLUFF, parse_bid(BLUFF, "3x5"), max_count=4)]
['*2', '4x1', '4x2', '4x3', '4x4', '4x5', '*3', '*4']

The rules come first in every function here.
"""

from __future__ import annotations

import bisect
import functools
import re
from dataclasses import dataclass

from analysis.bluff.rules import NUMBER_WORDS, SINGULAR_WORDS, BiddingRules
from analysis.errors import InvalidArgument, InvalidBid, InvalidDice

_STAR_SIGNS = ("*", "★", "☆", "S", "s")
#: The largest count a bid may name (far above any table: 6 players x 30 dice), and the largest
#: count a list of bids is built to: lists grow with the count, so they are bounded before building.
MAX_BID_COUNT = 1000
MAX_LISTED_COUNT = 2 * MAX_BID_COUNT


@dataclass(frozen=True, order=False)
class Bid:
    """"There are at least ``count`` dice showing ``face`` among all dice in play"."""

    count: int
    face: int


# ----------------------------------------------------------------------------- dice
def _face_code(token: str, rules: BiddingRules) -> int | None:
    if rules.star_die:
        if token in _STAR_SIGNS:
            return 6
        return int(token) if token in ("1", "2", "3", "4", "5") else None
    return int(token) if token in ("1", "2", "3", "4", "5", "6") else None


def parse_dice(rules: BiddingRules, text: str) -> tuple[int, ...]:
    """Read dice such as ``"3 3 * 5 1"`` (spaces or commas; ``★``/``S`` for Bluff's star)."""
    raw = text.replace(",", " ").split()
    if len(raw) == 1 and len(raw[0]) > 1:
        raw = list(raw[0])  # "33*51": one character per die
    if not raw:
        raise InvalidDice("No dice given; write them like \"3 3 * 5 1\".")
    dice = []
    for token in raw:
        code = _face_code(token, rules)
        if code is None:
            raise InvalidDice(f"{token!r} is not a face of a {rules.title} die; the faces are {rules.faces_text()}.")
        dice.append(code)
    return tuple(dice)


def format_dice(rules: BiddingRules, dice) -> str:
    return " ".join(rules.face_name(d) for d in dice)


# ----------------------------------------------------------------------------- bids
_WORD_FACES = {**{w: f for f, w in NUMBER_WORDS.items()}, **{w: f for f, w in SINGULAR_WORDS.items()}}
_NUMERIC = re.compile(r"^(\d+)\s*[x×X]\s*(\S+)$")
_STAR_FIRST = re.compile(r"^[*★☆Ss]\s*(\d+)$")
_WORDS = re.compile(r"^(\d+)\s+([A-Za-z]+)$")


def parse_bid(rules: BiddingRules, text: str) -> Bid:
    """Read a bid: ``"7x4"``, ``"7 fours"``, ``"*3"`` / ``"3 stars"`` (Bluff), ``"2 pacos"`` (Perudo)."""
    stripped = text.strip()
    face: int | None = None
    if match := _NUMERIC.match(stripped):
        count_text, face_text = match.groups()
        face = _face_code(face_text, rules)
        if face is None:
            raise InvalidBid(f"{face_text!r} in bid {text!r} is not a {rules.title} face; the faces are {rules.faces_text()}.")
    elif rules.star_die and (match := _STAR_FIRST.match(stripped)):
        count_text, face = match.group(1), 6
    elif match := _WORDS.match(stripped):
        count_text, word = match.group(1), match.group(2).lower()
        if rules.joker_name and word in (rules.joker_name, rules.joker_name + "s"):
            face = rules.joker
        elif _WORD_FACES.get(word) in rules.bid_faces and not (rules.star_die and word.startswith("six")):
            face = _WORD_FACES[word]
        else:
            raise InvalidBid(f"{word!r} in bid {text!r} is not a {rules.title} face; the faces are {rules.faces_text()}.")
    else:
        example = '"7x4", "7 fours" or "*3"' if rules.star_die else '"7x4" or "7 fours"'
        raise InvalidBid(f"Cannot read the bid {text!r}; write it like {example}.")
    count = int(count_text) if count_text.isascii() and len(count_text) <= 6 else MAX_BID_COUNT + 1
    if not 1 <= count <= MAX_BID_COUNT:
        raise InvalidBid(f"The bid {text!r} has count {count_text}; a bid's count must be 1-{MAX_BID_COUNT:,}.")
    return Bid(count, face)


def format_bid(rules: BiddingRules, bid: Bid) -> str:
    """``7x4``; Bluff's star bids as ``*3``."""
    if rules.star_die and bid.face == 6:
        return f"*{bid.count}"
    return f"{bid.count}x{rules.face_name(bid.face)}"


def describe_bid(rules: BiddingRules, bid: Bid) -> str:
    """``seven fours`` style, with digits: ``7 fours``, ``3 stars``."""
    return f"{bid.count} {rules.face_words(bid.face, bid.count)}"


# ---------------------------------------------------------------------------- track
def track_key(rules: BiddingRules, bid: Bid) -> tuple[int, int, int]:
    """The bid's place on the track; a raise is a bid with a larger key.

    Number bids sit at (count, 0, face rank); a joker bid of k sits right after
    number field 2k-1 (Bluff) or 2k (Perudo), at (field, 1, 0).
    """
    return _track_key(rules, bid)


def _track_key(rules: BiddingRules, bid: Bid) -> tuple[int, int, int]:
    if rules.joker_bids_own_track and bid.face == rules.joker:
        field = 2 * bid.count - 1 if rules.joker_place_after == "odd" else 2 * bid.count
        return (field, 1, 0)
    return (bid.count, 0, rules.number_faces.index(bid.face))


def is_raise(rules: BiddingRules, previous: Bid | None, new: Bid, palifico_round: bool = False) -> bool:
    """Whether ``new`` may follow ``previous`` (None: ``new`` opens the round)."""
    return _is_raise(rules, previous, new, palifico_round)


def _is_raise(rules: BiddingRules, previous: Bid | None, new: Bid, palifico_round: bool) -> bool:
    if previous is None:
        return rules.opening_on_joker or palifico_round or new.face != rules.joker
    if palifico_round:
        # Palifico: the opening face is fixed, only the count goes up.
        return new.face == previous.face and new.count > previous.count
    return _track_key(rules, new) > _track_key(rules, previous)


def check_raise(rules: BiddingRules, previous: Bid | None, new: Bid, palifico_round: bool = False) -> None:
    """Raise :class:`InvalidBid` with the reason when ``new`` is not a legal raise."""
    if _is_raise(rules, previous, new, palifico_round):
        return
    new_text = format_bid(rules, new)
    if previous is None:
        raise InvalidBid(f"{rules.title} does not allow opening a round on {rules.face_words(new.face)} ({new_text}).")
    if palifico_round:
        raise InvalidBid(f"In a palifico round the face stays {rules.face_name(previous.face)} and the count must rise, so {new_text} cannot follow {format_bid(rules, previous)}.")
    raise InvalidBid(f"{new_text} is not a legal raise of {format_bid(rules, previous)}; a raise must be a later bid on the track.")


def all_bids(rules: BiddingRules, max_count: int) -> list[Bid]:
    """Every bid with count 1..max_count, in track order."""
    _check_listed(max_count)
    return list(_track(rules, max_count)[0])


@functools.lru_cache(maxsize=64)
def _track(rules: BiddingRules, max_count: int) -> tuple[tuple[Bid, ...], tuple[tuple[int, int, int], ...]]:
    """Every bid with count 1..max_count in track order, and their keys: made once per table size (the
    beliefs list the raises of every bid in a history, the advisor those of the bid to answer)."""
    keyed = sorted((_track_key(rules, bid), bid) for bid in
                   (Bid(count, face) for count in range(1, max_count + 1) for face in rules.bid_faces))
    return tuple(bid for _, bid in keyed), tuple(key for key, _ in keyed)


def legal_raises(rules: BiddingRules, previous: Bid | None, max_count: int,
                 palifico_round: bool = False) -> list[Bid]:
    """The legal raises of ``previous`` with count at most ``max_count``, in track order."""
    _check_listed(max_count)
    bids, keys = _track(rules, max_count)
    if previous is None or palifico_round:
        return [bid for bid in bids if _is_raise(rules, previous, bid, palifico_round)]
    # Every bid after the one to beat on the track: the keys are in order, so one search finds them.
    return list(bids[bisect.bisect_right(keys, _track_key(rules, previous)):])


def _check_listed(max_count: int) -> None:
    if not 0 <= max_count <= MAX_LISTED_COUNT:
        raise InvalidArgument(f"Bids up to a count of {max_count:,} cannot be listed; the largest count listed "
                              f"must be 0-{MAX_LISTED_COUNT:,}.")
