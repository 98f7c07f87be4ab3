"""Brag's table questions answered in plain Python from the store: no numpy, numba or pandas.

Importing numpy alone takes 0.15-0.2 s on a small machine, more than half of the 0.3 s
a question asked at the table may take. ``odds brag equity`` (one or two opponents,
exact) and ``odds brag strategy`` read one row of a stored table here and build the
same answer object the library builds (``analysis.brag.answers``), so the text and
JSON are the same to the last digit. Each function returns None when the store
cannot serve the question (the table is missing, stale or damaged, or the question
needs real work); the command then asks the library, which computes the answer and
stores the tables for next time.

The one piece of ranking needed here, a hand's strength, is computed from the rules
(``strength``); tests/brag/test_plain_paths.py holds it equal to the numba table for
every three-card hand of every preset and a large sample of four-card hands.
"""

from __future__ import annotations

from bisect import bisect_left
from math import comb, isfinite

from analysis.brag._stored import DECISION_POINTS, TWO_OPPONENTS, VERSUS, decision_params
from analysis.brag.answers import Advice, Equity
from analysis.brag.cards import format_hand, parse_hand
from analysis.brag.rules import CLASS_SHIFT, CLASSES, DISCARD_SHIFT, BragRules

_PRIAL, _RUNNING_FLUSH, _RUN, _FLUSH, _PAIR = (CLASSES.index(name) * CLASS_SHIFT for name in
                                               ("prial", "running_flush", "run", "flush", "pair"))
#: Runs are keyed 2 * (top rank), 2-3-4 = 4 ... A-K-Q = 24; A-2-3 takes an odd key by where it
#: ranks (``rules.a23_code``: highest, second, lowest) or is no run at all (None).
_A23_KEY = (25, 23, 1, None)


def three_card_strength(cards, rules: BragRules) -> int:
    """The strength of three cards (higher beats lower, equal ties), as the numba kernels encode it."""
    high, middle, low = sorted((card >> 2 for card in cards), reverse=True)
    suited = len({card & 3 for card in cards}) == 1
    if high == low:
        # 3-3-3 tops the prials where the rules say so: it takes the key above the aces.
        return _PRIAL + (13 if rules.prial_333_high and high == 1 else high)
    if high == middle + 1 == low + 2:
        run = 2 * high
    elif (high, middle, low) == (12, 1, 0):
        run = _A23_KEY[rules.a23_code]
    else:
        run = None
    if run is not None:
        return (_RUNNING_FLUSH if suited else _RUN) + run
    if suited:
        return _FLUSH + (high * 13 + middle) * 13 + low
    if high == middle or middle == low:
        kicker = low if high == middle else high
        return _PAIR + middle * 13 + kicker
    return (high * 13 + middle) * 13 + low


def strength(cards, rules: BragRules) -> int:
    """The strength of a hand: three cards, or four (the best three, then the discard's rank breaks ties)."""
    if len(cards) == 3:
        return three_card_strength(cards, rules)
    # Equal best threes hold the same ranks, so among them the highest discard is the same card rank.
    best, discard = max((three_card_strength([c for c in cards if c != out], rules), out >> 2) for out in cards)
    return best * DISCARD_SHIFT + discard


def colex_row(cards) -> int:
    """The row of a hand in the stored tables (colex order of its sorted cards)."""
    return sum(comb(card, place + 1) for place, card in enumerate(sorted(cards)))


def parse_history(text) -> list[str]:
    """``"blind,look,bet"`` (or a list) as a list of action names."""
    if text is None:
        return []
    if isinstance(text, str):
        return [" ".join(step.split()).lower() for step in text.split(",") if step.strip()]
    return [str(step) for step in text]


# ------------------------------------------------------------------------------------- equity

def stored_equity(rules: BragRules, hand: str, opponents: int, against: str = "any") -> Equity | None:
    """The exact equity of ``hand`` against one opponent (any range) or two (three-card presets),
    read from the stored heads-up or two-opponent table; None where the store cannot answer."""
    from analysis.store import Store

    cards = parse_hand(hand, rules.hand_size)    # a bad hand is refused as the library refuses it
    hands = comb(52, rules.hand_size)
    row = colex_row(cards)
    if opponents == 1:
        table = Store().load_plain(VERSUS, rules, {"against": against, "hands": hands})
        if table is None:
            return None
        beats, ties, available = (table[name][row] for name in ("beats", "ties", "available"))
        if not (0 <= beats and 0 <= ties and beats + ties <= available) or available == 0:
            return None  # damaged, or no hand in the range avoids this one: the library says so
        win, tie = beats / available, ties / available
        return Equity(format_hand(cards), rules.name, 1, against, win, tie, 1 - win - tie, win + tie / 2, True,
                      deals=available)
    if opponents != 2 or rules.hand_size != 3 or against.strip().lower() != "any":
        return None
    table = Store().load_plain(TWO_OPPONENTS, rules, {"hands": hands})
    if table is None:
        return None
    win, tie2, tie3, lose = table["counts"].row(row)
    deals = comb(49, 3) * comb(46, 3)
    if min(win, tie2, tie3, lose) < 0 or win + tie2 + tie3 + lose != deals:
        return None
    return Equity(format_hand(cards), rules.name, 2, "any", win / deals, (tie2 + tie3) / deals, lose / deals,
                  (win + tie2 / 2 + tie3 / 3) / deals, True, deals=deals)


# ------------------------------------------------------------------------------------- strategy

def stored_advice(rules: BragRules, hand: str, history) -> Advice | None:
    """The equilibrium mix and each action's value for ``hand`` after ``history`` in the solve
    ``odds brag strategy`` reads, from the stored decision point; None where the store cannot answer
    (not stored yet, a history that is not a decision, or the ``raise`` shorthand)."""
    from analysis.store import Store

    cards = parse_hand(hand, rules.hand_size)
    steps = parse_history(history)
    if any(step in ("raise", "blind raise") for step in steps):
        return None  # "the next rung up": the library reads it from the betting tree
    point = Store().load_plain(DECISION_POINTS, rules, decision_params(rules, steps))
    if point is None:
        return None
    strengths = point["strengths"].flat
    row = bisect_left(strengths, strength(cards, rules))
    if row == len(strengths) or strengths[row] != strength(cards, rules):
        return None
    seat, blind = point["point"].flat
    names = _names(point["actions"])
    mix_row = point["mix"].row(0 if blind else row)
    values_row = point["values"].row(row)
    mass = point["mass"][row]
    if len(names) != len(mix_row) or len(names) != len(values_row) or not isfinite(mass):
        return None
    # As the library: a hand the opponent's play never meets here has no value to show.
    values = [value / mass if mass > 0 else float("nan") for value in values_row]
    after = None
    if "after_actions" in point:
        after = dict(zip(_names(point["after_actions"]), point["after_mix"].row(row)))
    return Advice(rules.name, format_hand(cards), tuple(steps), seat, bool(blind), dict(zip(names, mix_row)),
                  dict(zip(names, values)), after, point["reach"][row])


def _names(array) -> list[str]:
    return bytes(array.flat).decode().split("\n")
