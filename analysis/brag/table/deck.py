"""What the unshuffled pack is worth: the next hand's chances after a showdown you saw, and what a
player who remembers the cards gains over a session against players who treat every pack as fresh.

Between deals the cards are gathered without shuffling (docs/rules.md), so a player who saw a
showdown knows where those cards lie: under the undealt cards, or, once the undealt cards run
short, dealt to a seat they can name. Their next hand is then drawn from the cards they have not
seen (the cards they know the places of are in it or not, for certain), so its chances differ
from a fresh pack's. Both answers are measured over seeded sessions:

>>> m = deck_memory("brag3", players=5, deals=2000, seed=1)
>>> 0 < m.showdowns <= 2000
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analysis.brag.table import _session_kernels as S
from analysis.brag.rules import CLASSES, BragRules, preset
from analysis.brag.table.session import session
from analysis.brag.showdown.tables import class_codes, hand_table
from analysis.errors import InvalidArgument

_CHUNK = 256


def next_hand_classes(rules: str | BragRules, forced: int = 0, excluded: int = 0) -> np.ndarray:
    """The chance of each hand class (``CLASSES`` order) for a hand that holds the cards of the bit
    mask ``forced`` and none of ``excluded``, the rest drawn from the other cards alike."""
    return _class_chances(preset(rules), np.array([forced], np.uint64), np.array([excluded], np.uint64))[0]


def _class_chances(rules: BragRules, forced: np.ndarray, excluded: np.ndarray) -> np.ndarray:
    table = hand_table(rules)
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), table.hands.astype(np.uint64)), axis=1)
    classes = np.asarray(class_codes(table.strengths, rules))
    out = np.zeros((len(forced), len(CLASSES)))
    for start in range(0, len(forced), _CHUNK):
        f = forced[start:start + _CHUNK, None]
        e = excluded[start:start + _CHUNK, None]
        possible = ((masks[None, :] & f) == f) & ((masks[None, :] & e) == 0)
        counts = np.stack([(possible & (classes == c)).sum(axis=1) for c in range(len(CLASSES))], axis=1)
        out[start:start + _CHUNK] = counts / counts.sum(axis=1, keepdims=True)
    return out


@dataclass
class DeckMemory:
    """Seat 1's next hand after each showdown it saw (without a shuffle after it), against a fresh pack."""

    rules: BragRules
    players: int
    deals: int
    seed: int
    showdowns: int
    fresh: list
    mean_after: list
    mean_after_error: list
    mean_shift: list
    known_own_card: float
    gain: float
    gain_interval: float
    observer_chips: float
    fresh_chips: float

    def to_dict(self) -> dict:
        return {"rules": self.rules.name, "players": self.players, "deals": self.deals, "seed": self.seed,
                "showdowns_seen_without_shuffle": self.showdowns,
                "classes": [{"class": name, "fresh_pack": self.fresh[i], "mean_after_showdown": self.mean_after[i],
                             "mean_error_95": self.mean_after_error[i], "mean_absolute_change": self.mean_shift[i]}
                            for i, name in enumerate(CLASSES)],
                "share_knowing_an_own_card_in_advance": self.known_own_card,
                "observer_chips_per_deal": self.observer_chips, "fresh_deck_chips_per_deal": self.fresh_chips,
                "observer_gain_per_deal": self.gain, "gain_interval_95": [self.gain - self.gain_interval,
                                                                          self.gain + self.gain_interval]}


def deck_memory(rules: str | BragRules, players: int = 5, deals: int = 20_000, seed: int = 0,
                bankroll: float = 200.0) -> DeckMemory:
    """Measure the unshuffled pack's worth at a table of ``players``: a session with an observer in
    seat 1 and fresh-deck bots elsewhere, and the same table of fresh-deck bots only."""
    rules = preset(rules)
    if rules.hand_size != 3 or rules.gather != "bottom":
        raise InvalidArgument("The pack's memory is measured for three-card hands gathered unshuffled; "
                              "choose brag3 or teen_patti with gather=bottom.")
    watched = session(rules, players, ["observer"] + ["fresh-deck"] * (players - 1), deals, seed, bankroll)
    plain = session(rules, players, ["fresh-deck"] * players, deals, seed, bankroll)
    seen = watched.observed
    after = seen[:, S.O_AFTER_SHOWDOWN] == 1
    forced = seen[after, S.O_FORCED].astype(np.uint64)
    excluded = seen[after, S.O_EXCLUDED].astype(np.uint64)
    fresh = next_hand_classes(rules)
    chances = _class_chances(rules, forced, excluded) if after.any() else np.zeros((0, len(CLASSES)))
    count = len(chances)
    mean = chances.mean(axis=0) if count else np.full(len(CLASSES), np.nan)
    error = 1.96 * chances.std(axis=0, ddof=1) / np.sqrt(count) if count > 1 else np.full(len(CLASSES), np.nan)
    shift = np.abs(chances - fresh).mean(axis=0) if count else np.full(len(CLASSES), np.nan)
    gain = watched.chips_per_deal[0] - plain.chips_per_deal[0]
    interval = float(np.hypot(watched.interval[0], plain.interval[0]))
    return DeckMemory(rules, players, deals, seed, count, fresh.tolist(), mean.tolist(), error.tolist(),
                      shift.tolist(), float((forced != 0).mean()) if count else float("nan"), float(gain),
                      interval, float(watched.chips_per_deal[0]), float(plain.chips_per_deal[0]))
