"""Brag's table questions answered by reading stored rows: no solve and no compiler.

``odds brag equity`` (one or two opponents, exact) and ``odds brag strategy`` read one row of
a stored table here and build the answer object the library builds (``analysis.brag.answers``),
so the text and JSON are the same to the last digit. A hand's strength is its row of the stored
strengths (``tables.hand_strength``), which the ranking kernel built. Each function returns
None when the store cannot serve the question (the table is missing, stale or damaged, or the
question needs real work); the command then asks the library, which computes the answer and
stores the tables for next time.
"""

from __future__ import annotations

from math import comb, isfinite

import numpy as np

from analysis.brag._stored import DECISION_POINTS, TWO_OPPONENTS, VERSUS, decision_params, parse_history
from analysis.brag.answers import Advice, Equity
from analysis.brag.showdown.cards import format_hand, parse_hand
from analysis.brag.rules import BragRules
from analysis.errors import about
from analysis.brag.showdown.tables import colex_row, hand_strength
from analysis.store import Store, chosen_store

# ------------------------------------------------------------------------------------- equity

def stored_equity(rules: BragRules, hand: str, opponents: int, against: str = "any",
                  store: Store | None | bool = None) -> Equity | None:
    """The exact equity of ``hand`` against one opponent (any range) or two (three-card presets),
    read from the stored heads-up or two-opponent table in ``store`` (None: the default store);
    None where the store cannot answer."""
    store = chosen_store(store)
    if store is None:
        return None
    with about("hand"):     # a bad hand is refused as the library refuses it
        cards = parse_hand(hand, rules.hand_size)
    hands = comb(52, rules.hand_size)
    row = colex_row(cards)
    if opponents == 1:
        table = store.load(VERSUS, rules, {"against": against, "hands": hands})
        if table is None:
            return None
        beats, ties, available = (int(table[name][row]) for name in ("beats", "ties", "available"))
        if not (0 <= beats and 0 <= ties and beats + ties <= available) or available == 0:
            return None  # damaged, or no hand in the range avoids this one: the library says so
        win, tie = beats / available, ties / available
        return Equity(format_hand(cards), rules.name, 1, against, win, tie, 1 - win - tie, win + tie / 2, True,
                      deals=available)
    if opponents != 2 or rules.hand_size != 3 or against.strip().lower() != "any":
        return None
    table = store.load(TWO_OPPONENTS, rules, {"hands": hands})
    if table is None:
        return None
    win, tie2, tie3, lose = table["counts"][row].tolist()
    deals = comb(49, 3) * comb(46, 3)
    if min(win, tie2, tie3, lose) < 0 or win + tie2 + tie3 + lose != deals:
        return None
    return Equity(format_hand(cards), rules.name, 2, "any", win / deals, (tie2 + tie3) / deals, lose / deals,
                  (win + tie2 / 2 + tie3 / 3) / deals, True, deals=deals)


# ------------------------------------------------------------------------------------- strategy

def stored_advice(rules: BragRules, hand: str, history, store: Store | None | bool = None) -> Advice | None:
    """The equilibrium mix and each action's value for ``hand`` after ``history`` in the solve
    ``odds brag strategy`` reads, from the stored decision point in ``store`` (None: the default store);
    None where the store cannot answer (not stored yet, a history that is not a decision, or the
    ``raise`` shorthand)."""
    store = chosen_store(store)
    if store is None:
        return None
    cards = parse_hand(hand, rules.hand_size)
    steps = parse_history(history)
    if any(step in ("raise", "blind raise") for step in steps):
        return None  # "the next rung up": the library reads it from the betting tree
    point = store.load(DECISION_POINTS, rules, decision_params(rules, steps))
    if point is None:
        return None
    strength = hand_strength(rules, cards, store)
    strengths = point["strengths"]
    row = int(np.searchsorted(strengths, strength))
    if row == len(strengths) or strengths[row] != strength:
        return None
    seat, blind = point["point"].tolist()
    names = _names(point["actions"])
    mix_row = point["mix"][0 if blind else row].tolist()
    values_row = point["values"][row].tolist()
    mass = float(point["mass"][row])
    if len(names) != len(mix_row) or len(names) != len(values_row) or not isfinite(mass):
        return None
    # As the library: a hand the opponent's play never meets here has no value to show.
    values = [value / mass if mass > 0 else float("nan") for value in values_row]
    after = None
    if "after_actions" in point:
        after = dict(zip(_names(point["after_actions"]), point["after_mix"][row].tolist()))
    return Advice(rules.name, format_hand(cards), tuple(steps), seat, bool(blind), dict(zip(names, mix_row)),
                  dict(zip(names, values)), after, float(point["reach"][row]))


def _names(array) -> list[str]:
    return array.tobytes().decode().split("\n")
