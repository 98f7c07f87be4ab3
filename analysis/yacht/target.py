"""Play for a target: the strategy that maximises the chance of finishing with at least T points.

Without bonuses (``yacht_kr``) the game between turns is just the open boxes and the score so
far, and the chance of reaching ``T`` from score ``s`` is the chance of gaining ``T - s`` more
points. So one table answers every target: ``reach[card, r]`` is the best chance of gaining at
least ``r`` more points from score card ``card`` (bit ``b`` set = box ``b`` filled), for ``r`` from
0 (always 1) to one more than the largest possible score (always 0). It is exact, built once by
the turn recursion on rows over ``r`` and kept in the table store.

The best play depends on the target: the same dice can call for a safe keep when the goal is
close and a long shot when it is far, so the keeps and boxes are chosen for each ``r`` apart.

Presets with an upper or yacht bonus are not played here: their score card also carries the
upper total and the bonus flag, which these kernels do not track and which multiplies the states
by 64 or more (Clubhouse: 0.7 GB of table; Yatzy 6.3 GB, Yahtzee 13.2 GB; see docs/yacht.md).

>>> round(reach_chance("yacht_kr", 200), 4)  # P(final >= 200) from the empty card, played for 200
0.297
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from analysis.errors import InvalidArgument
from analysis.progress import Progress
from analysis.store import Array, Store, TableKind, prepares
from analysis.tables import counted
from analysis.yacht.dice import TABLES
from analysis.yacht.game import game_arrays
from analysis.yacht.rules import Rules, preset

#: reach[card, r]: the chance to score at least r more from each score card, playing for that target.
REACH = TableKind("yacht/reach", {"reach": Array("float64", ("cards", None), within=(0, 1))},
                  code=(__name__, "analysis.yacht._target_kernels", "analysis.yacht.game", "analysis.yacht.dice"))


def as_plain_rules(rules: Rules | str) -> Rules:
    """``rules`` as a preset, refused (one sentence) if a bonus makes the score card carry more than the score."""
    rules = preset(rules)
    if rules.upper_bonus or rules.yacht_bonus or rules.joker != "none":
        raise InvalidArgument(
            f"Playing to a score goal is solved for presets without bonuses (yacht_kr); {rules.name}'s bonuses "
            "make the score card carry the upper total too, which these goal tables do not track.")
    return rules


def max_score(rules: Rules) -> int:
    """The largest final score (every box at its best)."""
    return int(rules.scores.max(axis=1).sum())


def box_maxima(rules: Rules) -> np.ndarray:
    return rules.scores.max(axis=1)


@lru_cache(maxsize=16)
def open_maxima(rules: Rules) -> np.ndarray:
    """``open_maxima[card]``: the most points the card's open boxes can still add."""
    n_boxes = len(rules.boxes)
    cards = np.arange(1 << n_boxes)
    is_open = (~cards[:, None] >> np.arange(n_boxes)[None, :]) & 1
    return (is_open @ box_maxima(rules)).astype(np.int64)


def dice_rows():
    """The dice tables the score-row kernels take after the score table."""
    t = TABLES
    return t.first_roll, t.keep_add, t.keep_remove, t.n_remove


def solve_layers(table: np.ndarray, rules: Rules, lows: np.ndarray, cards_wanted: np.ndarray | None,
                 label: str, highs: np.ndarray | None = None) -> np.ndarray:
    """Run the turn recursion from the fullest card down, filling ``table`` (rows: cards; columns: score index).

    ``cards_wanted``: a boolean per card, or None for every card; each card fills the score indices
    from ``lows[card]`` up to (not including) ``highs[card]`` (default: the table's width).
    """
    from analysis.yacht import _target_kernels as T

    g = game_arrays(rules)
    n_boxes = len(rules.boxes)
    masks = g.masks
    chosen = np.ones(masks.shape[0], dtype=bool) if cards_wanted is None else cards_wanted[masks]
    if highs is None:
        highs = np.full(masks.shape[0], table.shape[1], dtype=np.int64)
    with Progress(label, total=int(chosen.sum())) as bar:
        for layer in range(n_boxes - 1, -1, -1):
            span = slice(int(g.layer_start[layer]), int(g.layer_start[layer + 1]))
            cards = masks[span][chosen[span]]
            if cards.shape[0]:
                T.solve_cards(table, cards, lows[cards], highs[cards], rules.scores, *dice_rows())
                bar.advance(int(cards.shape[0]))
    return table


def compute_reach(rules: Rules, within: int = 0) -> np.ndarray:
    """``reach[card, r]``: the best chance of gaining at least ``r`` more points (no cache).

    ``within``: a card; only it and the cards that follow from it are filled (the rest stay 0).
    """
    rules = as_plain_rules(rules)
    top = max_score(rules) + 1
    n_cards = 1 << len(rules.boxes)
    # Column x stands for r = top - x, so a box's points move x up, as in a score (see _target_kernels).
    table = np.zeros((n_cards, top + 1))
    table[n_cards - 1, top] = 1.0
    lows = top - open_maxima(rules)
    wanted = None if within == 0 else (np.arange(n_cards) & within) == within
    solve_layers(table, rules, lows, wanted, f"odds: playing {rules.name} for every target ({n_cards:,} cards)")
    return np.ascontiguousarray(table[:, ::-1])


def reach_table(rules: Rules | str = "yacht_kr", store: Store | None = None) -> np.ndarray:
    """The target table ``reach[card, r]`` for ``rules``, from the store when it is there and intact."""
    rules = as_plain_rules(rules)
    store = store or Store()
    return (store.table(REACH, rules, {"cards": 1 << len(rules.boxes)}, lambda: {"reach": compute_reach(rules)})
            ["reach"])


@prepares("yacht", "target tables of the presets without bonuses (odds yacht advise --target)")
def _prepare_reach() -> None:
    from analysis.yacht.rules import PRESETS

    for rules in PRESETS.values():
        if not (rules.upper_bonus or rules.yacht_bonus or rules.joker != "none"):
            reach_table(rules)


def card_mask(rules: Rules, open_boxes) -> int:
    """The score card (bit set = filled) with ``open_boxes`` (names) open; one sentence if a name is bad."""
    indices = [rules.box_index(name) for name in open_boxes]
    if len(set(indices)) != len(indices):
        raise InvalidArgument("A box is listed twice in the open boxes; list each box once.")
    mask = (1 << len(rules.boxes)) - 1
    for i in indices:
        mask &= ~(1 << i)
    return mask


def needed(reach: np.ndarray, card: int, points: int) -> float:
    """The chance in ``reach`` of gaining at least ``points`` (0 or fewer is certain, past the top impossible)."""
    if points <= 0:
        return 1.0  # exactly: the table's column 0 is a sum of chances, 1 only to rounding
    return float(reach[card, min(points, reach.shape[1] - 1)])


def reach_chance(rules: Rules | str, target: int, open_boxes="all", score: int = 0,
                 store: Store | None = None) -> float:
    """P(final score >= ``target``) from a card with ``open_boxes`` open and ``score`` points, played for it."""
    from analysis.yacht.advice import open_boxes_from

    rules = as_plain_rules(rules)
    if isinstance(open_boxes, str):
        open_boxes = open_boxes_from(rules, open_boxes)
    check_score(rules, score)
    return needed(reach_table(rules, store), card_mask(rules, open_boxes), target - score)


def check_score(rules: Rules, score: int) -> None:
    if score < 0:
        raise InvalidArgument(f"Score {score} is negative; it is the points already on the card.")
    if score > max_score(rules):
        raise InvalidArgument(f"Score {score} is more than a whole {rules.name} game can score ({max_score(rules)}).")


@dataclass(frozen=True)
class ReachCurve:
    """P(final score >= T) for every T from one position, played for each T apart (see :func:`reach_curve`)."""

    rules: Rules
    open_boxes: tuple[str, ...]
    score: int
    chance: np.ndarray   # chance[T] for T = 0 .. max score + 1

    def at(self, target: int) -> float:
        return float(self.chance[min(max(target, 0), self.chance.shape[0] - 1)])

    def to_dict(self) -> dict:
        return {"preset": self.rules.name, "open": list(self.open_boxes), "score": self.score,
                "reach": [[int(t), float(p)] for t, p in enumerate(self.chance)]}

    def __str__(self) -> str:
        marks = [t for t in range(0, self.chance.shape[0], 20)]
        lines = [f"{self.rules.name}: P(final score >= T), {counted(len(self.open_boxes), 'box', 'boxes')} open, score {self.score}, "
                 "played for each T"]
        lines += [f"  T = {t:3d}: {self.chance[t]:.4%}" for t in marks]
        return "\n".join(lines)


def reach_curve(rules: Rules | str = "yacht_kr", open_boxes="all", score: int = 0,
                store: Store | None = None) -> ReachCurve:
    """P(final >= T) for T = 0 .. max + 1 from a position (the opening by default)."""
    from analysis.yacht.advice import open_boxes_from

    rules = as_plain_rules(rules)
    if isinstance(open_boxes, str):
        open_boxes = open_boxes_from(rules, open_boxes)
    check_score(rules, score)
    reach = reach_table(rules, store)
    card = card_mask(rules, open_boxes)
    targets = np.arange(max_score(rules) + 2)
    chance = np.array([needed(reach, card, int(t) - score) for t in targets])
    return ReachCurve(rules, tuple(open_boxes), score, chance)
