"""Ranking single hands: strength, class, the best three of four, and a plain-words name.

>>> strength("brag3", "3S 3H 3D") > strength("brag3", "AS AH AD")      # 3-3-3 is the top prial in brag3
True
>>> describe("brag3", "KS KH 7D")
'Pair of kings, 7 kicker'
>>> best_three("brag4", "AS KS QS 2D")
('A♠ K♠ Q♠', '2♦')
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from analysis.brag.showdown.cards import RANK_CHARS, format_hand, parse_hand
from analysis.brag.rules import CLASSES, BragRules, preset
from analysis.brag.showdown.tables import class_codes, hand_table
from analysis.errors import InvalidCards, about

_RANK_WORDS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
               "jack", "queen", "king", "ace")
_PLURAL = {"six": "sixes"}


def _cards(hand, rules: BragRules) -> tuple[int, ...]:
    """A hand given as text or as card codes, checked against the preset's hand size (its errors are
    about the hand)."""
    with about("hand"):
        return _read_cards(hand, rules)


def _read_cards(hand, rules: BragRules) -> tuple[int, ...]:
    if isinstance(hand, str):
        return parse_hand(hand, rules.hand_size)
    try:
        items = tuple(hand)
    except TypeError:
        items = (hand,)
    # int() would quietly turn 47.9 into 47 and True into 1: only whole-number types are cards.
    if not all(isinstance(c, (int, np.integer)) and not isinstance(c, bool) for c in items):
        raise InvalidCards(f"{hand!r} is not a hand; give it as text such as 'KS KH 7D' "
                           "or as card numbers 0-51.")
    cards = tuple(int(c) for c in items)
    if len(cards) != rules.hand_size or len(set(cards)) != len(cards) or not all(0 <= c < 52 for c in cards):
        raise InvalidCards(f"{hand!r} is not a hand of {rules.hand_size} distinct cards numbered 0-51.")
    return cards


def strength(rules: str | BragRules, hand) -> int:
    """The hand's strength: higher beats lower, equal ties."""
    rules = preset(rules)
    table = hand_table(rules)
    return int(table.strengths[table.row_of(_cards(hand, rules))])


def hand_class(rules: str | BragRules, hand) -> str:
    """The class name (``prial``, ``running_flush``, ``run``, ``flush``, ``pair``, ``high_card``)."""
    rules = preset(rules)
    return CLASSES[class_codes(strength(rules, hand), rules)]


def best_three(rules: str | BragRules, hand) -> tuple[str, str]:
    """The three cards that play from four, and the discard (which breaks ties)."""
    rules = preset(rules)
    cards = _cards(hand, rules)
    if len(cards) != 4:
        raise InvalidCards(f"best_three needs four cards, not {len(cards)}.")
    three_rules = _three_card_rules(rules)
    candidates = [(strength(three_rules, [c for c in cards if c != d]), d >> 2, d) for d in cards]
    _, _, discard = max(candidates)
    return format_hand([c for c in cards if c != discard]), format_hand([discard])


def _three_card_rules(rules: BragRules) -> BragRules:
    """Rules for the three cards that play: Three Card Brag with the same fields.

    Named brag3 so that brag4 reuses brag3's cached strengths instead of storing a copy.
    """
    return replace(rules, name="brag3", hand_size=3)


def describe(rules: str | BragRules, hand) -> str:
    """The hand in words, e.g. ``'Run, A-2-3'`` or ``'Pair of kings, 7 kicker'``."""
    rules = preset(rules)
    cards = _cards(hand, rules)
    if rules.hand_size == 4:
        three, discard = best_three(rules, cards)
        return f"{describe(_three_card_rules(rules), three)}, discarding {discard}"
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    name = hand_class(rules, cards)
    if name == "prial":
        return f"Prial of {_plural(ranks[0])}"
    if name in ("run", "running_flush"):
        shown = "A-2-3" if ranks == [12, 1, 0] else "-".join(RANK_CHARS[r] for r in ranks)
        return f"{'Running flush' if name == 'running_flush' else 'Run'}, {shown}"
    if name == "pair":
        pair = ranks[1]
        kicker = ranks[0] if ranks[0] != pair else ranks[2]
        return f"Pair of {_plural(pair)}, {RANK_CHARS[kicker]} kicker"
    shown = "-".join(RANK_CHARS[r] for r in ranks)
    return f"Flush, {shown}" if name == "flush" else f"High card, {shown}"


def _plural(rank: int) -> str:
    word = _RANK_WORDS[rank]
    return _PLURAL.get(word, word + "s")


def compare(rules: str | BragRules, first, second) -> int:
    """1 if ``first`` beats ``second``, -1 if it loses, 0 for a tie; the hands may not share a card."""
    rules = preset(rules)
    a, b = _cards(first, rules), _cards(second, rules)
    shared = set(a) & set(b)
    if shared:
        card = format_hand(sorted(shared)[:1])
        raise InvalidCards(f"'{card}' is in both hands; a card can be held by one player only.")
    sa, sb = strength(rules, a), strength(rules, b)
    return (sa > sb) - (sa < sb)


__all__ = ["strength", "hand_class", "best_three", "describe", "compare"]
