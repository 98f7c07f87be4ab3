"""A log of played rounds, one JSON object a line: what tournaments write and ``odds bluff fit`` reads.

The format is plain enough to write by hand after a game night. Each line is one round::

    {"preset": "bluff", "game": 0, "round": 3, "palifico": false,
     "dice": ["3 3 * 5 1", "2 4 4 6 1", ""],
     "bids": [{"player": 0, "bid": "4x3"}, {"player": 1, "bid": "5x4"}],
     "call": {"player": 0, "call": "challenge"},
     "actual": 4, "lost": [0, 1, 0]}

- ``dice``: every seat's dice this round in the preset's faces (``*`` is Bluff's star), ``""``
  for a seat already out; seats are numbered 0, 1, ... in turn order.
- ``bids``: the round's bids in order, each by the seat that made it.
- ``call``: who ended the round and how: ``challenge`` or ``exact`` (calza, spot on).
- ``actual`` (the count of the last bid) and ``lost`` (dice lost per seat, -1 a die won back) are
  optional: the fit does not need them.
- ``palifico`` (Perudo) is optional, false when missing.

A tournament's log starts with one header line (``{"log": "parlour-odds rounds", ...}``) naming
the bots and starting dice; a reader skips it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass

from analysis.bluff.bids import Bid, check_raise, format_bid, format_dice, parse_bid, parse_dice
from analysis.bluff.rules import preset
from analysis.errors import InvalidArgument

CALL_NAMES = ("challenge", "exact")


@dataclass(frozen=True)
class LoggedRound:
    """One round read from a log: seats' dice, the bids by seat, and the call that ended it."""

    rules: object
    dice: tuple[tuple[int, ...], ...]
    bids: tuple[tuple[int, Bid], ...]
    caller: int
    call: str
    palifico_round: bool


def check_writable(path) -> None:
    folder = os.path.dirname(os.path.abspath(path)) or "."
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK) or (os.path.isdir(path)):
        raise InvalidArgument(f"Cannot write the log to {path}: the folder is missing or not writable.")


def write_log(path, rules, bots, starts, seed, bid_count, bid_face, chunks) -> int:
    """Write the rounds of every chunk (the kernel's log arrays) to ``path``; returns the rounds written."""
    written = 0
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(json.dumps({"log": "parlour-odds rounds", "version": 1, "preset": rules.name,
                                  "bots": [b.label for b in bots], "starting_dice": list(starts), "seed": seed})
                      + "\n")
            for rounds, hands, lost, actions in chunks:
                for record, seat_hands, seat_lost in zip(rounds, hands, lost):
                    game, number, pal, first, count, caller, bidder, actual = (int(x) for x in record)
                    moves = actions[first:first + count]
                    dice = [format_dice(rules, [face for face in range(1, 7) for _ in range(int(row[face - 1]))])
                            for row in seat_hands]
                    bids = [{"player": int(p), "bid": format_bid(rules, Bid(int(bid_count[a]), int(bid_face[a])))}
                            for p, a in moves[:-1]]
                    call = CALL_NAMES[-1 - int(moves[-1][1])]
                    out.write(json.dumps({"preset": rules.name, "game": game, "round": number,
                                          "palifico": bool(pal), "dice": dice, "bids": bids,
                                          "call": {"player": int(moves[-1][0]), "call": call},
                                          "actual": actual, "lost": [int(x) for x in seat_lost]}) + "\n")
                    written += 1
    except OSError as error:
        raise InvalidArgument(f"Cannot write the log to {path} ({error.strerror}).") from None
    return written


def read_log(path, max_rounds: int | None = None) -> list[LoggedRound]:
    """The rounds of a log file, checked: known preset, legal raises, seats that exist and hold dice."""
    rounds: list[LoggedRound] = []
    try:
        handle = open(path, encoding="utf-8")
    except OSError as error:
        raise InvalidArgument(f"Cannot read the log {path} ({error.strerror}).") from None
    with handle:
        for number, line in enumerate(handle, start=1):
            if max_rounds is not None and len(rounds) >= max_rounds:
                break
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError:
                raise InvalidArgument(f"Line {number} of {path} is not JSON.") from None
            if not isinstance(item, dict) or "log" in item:
                continue
            rounds.append(_read_round(item, number, path))
    if not rounds:
        raise InvalidArgument(f"The log {path} holds no rounds.")
    if len({r.rules.name for r in rounds}) > 1:
        raise InvalidArgument(f"The log {path} mixes presets; fit one game at a time.")
    return rounds


def _read_round(item: dict, number: int, path) -> LoggedRound:
    where = f"line {number} of {path}"
    try:
        rules = preset(item["preset"])
        dice = tuple(parse_dice(rules, text) if str(text).strip() else () for text in item["dice"])
        palifico_round = bool(item.get("palifico", False))
        bids, previous = [], None
        for entry in item["bids"]:
            player, bid = int(entry["player"]), parse_bid(rules, str(entry["bid"]))
            if not 0 <= player < len(dice) or not dice[player]:
                raise InvalidArgument(f"Seat {player} on {where} has no dice this round.")
            check_raise(rules, previous, bid, palifico_round)
            bids.append((player, bid))
            previous = bid
        caller, call = int(item["call"]["player"]), str(item["call"]["call"])
    except (KeyError, TypeError, ValueError) as error:
        raise InvalidArgument(f"Cannot read the round on {where} ({error}); docs/bluff.md shows the format.") from None
    except InvalidArgument:
        raise
    except Exception as error:  # an analysis.errors message about a die or a bid
        raise InvalidArgument(f"On {where}: {error}") from None
    if call not in CALL_NAMES or not bids:
        raise InvalidArgument(f"The round on {where} must end with a challenge or an exact call after a bid.")
    if not 0 <= caller < len(dice) or not dice[caller]:
        raise InvalidArgument(f"Seat {caller} on {where} has no dice this round.")
    return LoggedRound(rules, dice, tuple(bids), caller, call, palifico_round)

