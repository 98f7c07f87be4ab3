"""Heads-up win tables: the win-seeking recursion solved once for every opponent card, for long matches.

Against one opponent who plays for the expected score, my share of the win from my card ``c`` and
score ``x`` depends on the opponent's card ``o`` and score ``y`` only through ``o`` and the lead
``t = x - y``: the opponent's final is ``y`` plus the points ``remaining[o]`` still to come. So
``lead_table[o, c, t]`` holds that value for every card with ``exact_from`` or fewer open boxes,
on both sides, and every lead that can still matter. A heads-up match then looks up the cards
below the turn it plays instead of rerunning the recursion over them at every turn.

The values are the same numbers the per-turn recursion computes, bit for bit, so the games are
the same (a test plays both). Every column is computed by the same operations in the same order
whatever its score, and outside the stored leads the value is constant: behind by more than my
open boxes can add, every finish loses, exactly 0; ahead by more than the opponent's open boxes
can add, every finish wins and the value is the last stored column's.

Size: ``(cards)**2 * leads`` numbers, 1.5 GB and about twenty minutes on two cores for four open
boxes; so only up to :data:`MOST_OPEN` open boxes.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from analysis.progress import Progress
from analysis.yacht.game import game_arrays
from analysis.yacht.rules import Rules
from analysis.yacht.target import open_maxima
from analysis.yacht.win import remaining_values

#: The most open boxes a lead table is built for (five would take 8 GB).
MOST_OPEN = 4
#: Seconds per opponent card and card for four open boxes, measured here (1,169 s for 794 x 794 on two
#: cores shared with another run).
_SECONDS_PER_PAIR = 0.0019


class LeadTable(NamedTuple):
    """``values[opponent, card, offset + lead]``; ``index[mask]``: a card's row, -1 if not kept."""

    values: np.ndarray
    index: np.ndarray
    offset: int


def kept_cards(rules: Rules, exact_from: int) -> np.ndarray:
    """Every card with ``exact_from`` or fewer open boxes, the full card included (by boxes filled)."""
    g = game_arrays(rules)
    return g.masks[g.layer_start[len(rules.boxes) - exact_from]:]


def estimated_seconds(rules: Rules, exact_from: int) -> float:
    """About how long :func:`lead_table` takes here."""
    n = kept_cards(rules, exact_from).shape[0]
    return n * n * _SECONDS_PER_PAIR * (1 << exact_from) / 16


#: No table: every win-seeking turn runs the recursion.
EMPTY = LeadTable(np.zeros((0, 0, 1)), np.zeros(0, dtype=np.int64), 0)


#: The one lead table this process keeps, by (rules, exact_from): a long match is played in parts.
_HELD: dict[tuple[Rules, int], LeadTable] = {}


def held(rules: Rules, exact_from: int) -> bool:
    """Whether this process already holds the lead table for (rules, exact_from)."""
    return (rules, exact_from) in _HELD


def lead_table(rules: Rules, exact_from: int) -> LeadTable:
    """The win-seeking recursion solved against every opponent card (kept for the process, one table at a time)."""
    if not held(rules, exact_from):
        table = solve_lead_table(rules, exact_from)
        _HELD.clear()
        _HELD[rules, exact_from] = table
    return _HELD[rules, exact_from]


def solve_lead_table(rules: Rules, exact_from: int) -> LeadTable:
    """Solve the win-seeking recursion against every opponent card (no cache)."""
    from analysis.yacht import _target_kernels as T  # lazy: keeps numba out of a table question's start-up

    if not 1 <= exact_from <= MOST_OPEN:
        raise ValueError(f"lead tables are built for 1 to {MOST_OPEN} open boxes, not {exact_from}")
    n_boxes = len(rules.boxes)
    full = (1 << n_boxes) - 1
    cards = kept_cards(rules, exact_from)
    maxima = open_maxima(rules)
    remaining = remaining_values(rules)
    # Leads from -offset (behind by what the fullest kept card can add: any further behind loses
    # for certain) to offset + 1 (ahead by more than any kept opponent card can add).
    offset = int(maxima[cards].max())
    width = 2 * offset + 2
    index = np.full(full + 1, -1, dtype=np.int64)
    index[cards] = np.arange(cards.shape[0])
    g = game_arrays(rules)
    # The cards with 1, 2, ... open boxes: a layer reads only the fuller ones before it.
    layers = [g.masks[g.layer_start[n_boxes - k]:g.layer_start[n_boxes - k + 1]] for k in range(1, exact_from + 1)]
    values = np.empty((cards.shape[0], cards.shape[0], width))
    table = np.zeros((full + 1, width))
    every_card = np.empty(0, dtype=np.int64)   # the table has a row for every card, the card itself
    polynomial = np.empty((width, 2))
    lows = [np.zeros(layer.shape[0], dtype=np.int64) for layer in layers]
    highs = [np.full(layer.shape[0], width, dtype=np.int64) for layer in layers]
    with Progress(f"odds: solving {rules.name} heads-up to win against each of {cards.shape[0]:,} opponent cards",
                  total=cards.shape[0]) as bar:
        for o, opponent in enumerate(cards):
            # Me on the full card at score index f, the opponent on its card at score `offset`:
            # table[full, f] is my share finishing `f - offset` points ahead of the opponent's score.
            T.share_by_final(0, np.array([full, opponent], dtype=np.int64), np.array([0, offset], dtype=np.int64),
                             remaining, polynomial, table[full])
            for layer, low, high in zip(layers, lows, highs):
                T.solve_cards(table, every_card, layer, low, high, g.scoring, g.dice)
            values[o] = table[cards]
            bar.advance(1)
    return LeadTable(values, index, offset)
