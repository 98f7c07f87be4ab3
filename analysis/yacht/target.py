"""Play for a target: the strategy that maximises the chance of finishing with at least T points.

Between turns the game is the score card's state (the open boxes and, with an upper bonus, the
upper total so far; with a yacht bonus, its flag) and the score so far, and the chance of
reaching ``T`` from score ``s`` is the chance of gaining ``T - s`` more points. So one table
answers every target: ``reach[state, r]`` is the best chance of gaining at least ``r`` more
points from ``state``, for ``r`` from 0 (always 1) to one more than the largest possible score
(always 0). It is exact, built by the turn recursion on rows over ``r``, bonuses included as
the points they add. Without bonuses the state is the card itself (``yacht_kr``: 4,096 x 317).

The best play depends on the target: the same dice can call for a safe keep when the goal is
close and a long shot when it is far, so the keeps and boxes are chosen for each ``r`` apart.

Where the whole table is small enough (``yacht_kr`` 10 MB, Clubhouse 0.7 GB) it is built once and
kept in the table store. Larger ones (Yatzy 6.3 GB) are not stored: a question solves the
states its position leads to, which is quick late in the game and takes long from the opening;
where even those would not fit this machine's memory (Yahtzee's opening: its 100-point bonuses
widen the table to 1,577 scores) the question is refused in one sentence.

>>> round(reach_chance("yacht_kr", 200), 4)  # P(final >= 200) from the empty card, played for 200
0.297
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from analysis.errors import InvalidArgument
from analysis.progress import Progress, duration
from analysis.store import Array, Store, TableKind, chosen_store, prepares, stored_table
from analysis.tables import counted
from analysis.yacht.card import ScoreCard, card_state, open_boxes_from
from analysis.yacht.game import game_arrays
from analysis.yacht.rules import PRESETS, Rules, preset
from analysis.yacht.scoring_rules import P_YACHT_BOX

#: reach[state, r]: the chance to score at least r more from each state of the card, playing for that target.
REACH = TableKind("yacht/reach", {"reach": Array("float64", ("states", None), within=(0, 1))},
                  version=1)
#: A preset's whole target table is kept in the store up to this size (Clubhouse's is 0.7 GB). Yatzy's
#: 6.3 GB would take three times that while being written and seconds to read back at every question.
STORED_BYTES = 1 << 30
#: The most memory one question's goal table may fill (this machine has 24 GB; the store and the
#: rest of the process need room beside it).
MEMORY_BYTES = 8 << 30
#: State-score pairs the kernels fill per second here (benchmarks/bench_yacht_target.py), for the
#: time a question will take.
PAIRS_PER_SECOND = 200_000
#: States given to the kernels at a time (a layer is split into parts of about this many).
PART = 16_384
#: A kept table that builds faster than this is always used whole (yacht_kr: about 5 s); beyond, a position
#: may be solved alone when that is sooner than reading or building the whole table (see goal_rows).
QUICK_SECONDS = 10
#: Reading and checking a kept table from the store, per GB (Clubhouse's 0.64 GB: about 3 s here).
READ_SECONDS_PER_GB = 4.5
#: Loading numba's compiled kernels in a fresh process, before a position is solved alone.
START_SECONDS = 1.0
#: A question expected to take longer than this says so first.
SAY_SECONDS = 5


def as_plain_rules(rules: Rules | str) -> Rules:
    """``rules`` as a preset, refused (one sentence) if a bonus makes the score card carry more than the score.

    Play against opponents (win.py) and matches are solved for these presets only.
    """
    rules = preset(rules)
    if rules.upper_bonus or rules.yacht_bonus or rules.joker != "none":
        raise InvalidArgument(
            f"Playing against opponents is solved for presets without bonuses (yacht_kr); {rules.name}'s bonuses "
            "make every player's card carry the upper total too, which the opponents' final-score tables do not "
            "track (playing for a target score, --target, is solved for every preset).")
    return rules


def max_score(rules: Rules) -> int:
    """The largest final score (every box at its best, every bonus paid)."""
    return int(rules.max_final_score)


def box_maxima(rules: Rules) -> np.ndarray:
    return rules.scores.max(axis=1)


@lru_cache(maxsize=16)
def open_maxima(rules: Rules) -> np.ndarray:
    """``open_maxima[card]``: the most points the card's open boxes can still add (before bonuses)."""
    n_boxes = len(rules.boxes)
    cards = np.arange(1 << n_boxes)
    is_open = (~cards[:, None] >> np.arange(n_boxes)[None, :]) & 1
    best = box_maxima(rules) if rules.joker == "none" else np.maximum(box_maxima(rules), rules.joker_scores.max(axis=1))
    return (is_open @ best).astype(np.int64)


def state_parts(rules: Rules, states: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(mask, upper total, yacht-bonus flag) of packed states (see scoring_rules.pack)."""
    flags = states % rules.flag_states
    rest = states // rules.flag_states
    return rest // rules.upper_states, rest % rules.upper_states, flags


def most_to_gain(rules: Rules, states: np.ndarray) -> np.ndarray:
    """The most points each state can still add, bonuses included (a bound: a bonus still open counts in full)."""
    masks, upper, _ = state_parts(rules, states)
    gain = open_maxima(rules)[masks]
    if rules.has_upper_bonus:
        gain = gain + np.where(upper < rules.upper_threshold, rules.upper_bonus, 0)
    if rules.has_yacht_bonus:   # at most one yacht bonus a turn still to play
        gain = gain + rules.yacht_bonus * (len(rules.boxes) - filled_count(rules)[masks])
    return gain


@lru_cache(maxsize=4)
def filled_count(rules: Rules) -> np.ndarray:
    """``filled_count[card]``: how many boxes the card has filled."""
    cards = np.arange(1 << len(rules.boxes))
    return ((cards[:, None] >> np.arange(len(rules.boxes))[None, :]) & 1).sum(axis=1)


def layer_states(rules: Rules) -> list[np.ndarray]:
    """The valid states with 0, 1, ... boxes filled, in increasing order (the solver's states, from
    :func:`valid_states`)."""
    states = np.nonzero(valid_states(rules))[0]
    filled = filled_count(rules)[state_parts(rules, states)[0]]
    return [states[filled == layer] for layer in range(len(rules.boxes) + 1)]


def solve_layers(table: np.ndarray, rules: Rules, lows: np.ndarray, cards_wanted: np.ndarray | None,
                 label: str, highs: np.ndarray | None = None, rows: np.ndarray | None = None) -> np.ndarray:
    """Run the turn recursion from the fullest card down, filling ``table`` (rows: states; columns: score index).

    ``cards_wanted``: a boolean per state, or None for every valid state; each state fills the score
    indices from ``lows[state]`` up to (not including) ``highs[state]`` (default: the table's width).
    ``rows[state]``: the state's row in ``table`` (default: the state itself).
    """
    from analysis.yacht import _target_kernels as T  # lazy: keeps numba out of a table question's start-up

    g = game_arrays(rules)
    layers = layer_states(rules)
    if cards_wanted is not None:
        layers = [states[cards_wanted[states]] for states in layers]
    if highs is None:
        highs = np.full(lows.shape[0], table.shape[1], dtype=np.int64)
    rows = np.empty(0, dtype=np.int64) if rows is None else rows
    with Progress(label, total=sum(int(states.shape[0]) for states in layers[:-1])) as bar:
        for states in reversed(layers[:-1]):
            # In parts, so that the bar moves within a layer of Yatzy's (up to 400,000 states, minutes).
            for part in np.array_split(states, -(-states.shape[0] // PART)) if states.shape[0] else ():
                T.solve_cards(table, rows, part, lows[part], highs[part], g.scoring, g.dice)
                bar.advance(int(part.shape[0]))
    return table


@dataclass(frozen=True, eq=False)
class GoalRows:
    """A goal table in the kernels' layout: ``values[row, x]``, column ``x`` standing for ``top - x`` points
    still needed; ``rows[state]`` is each state's row (None: the state itself)."""

    values: np.ndarray
    rows: np.ndarray | None = None

    def row(self, state: int) -> int:
        return int(state if self.rows is None else self.rows[state])

    def chance(self, state: int, points: int) -> float:
        """The best chance of gaining at least ``points`` more (0 or fewer is certain, past the top impossible)."""
        if points <= 0:
            return 1.0   # exactly: column `top` is a sum of chances, 1 only to rounding
        top = self.values.shape[1] - 1
        return float(self.values[self.row(state), top - min(points, top)])


@lru_cache(maxsize=4)
def valid_states(rules: Rules) -> np.ndarray:
    """A boolean per state: can the card hold it? (The solver's rule, ``_kernels.state_is_valid``, in numpy,
    so that sizing a question starts no compiler.)"""
    g = game_arrays(rules)
    masks, upper, flags = state_parts(rules, np.arange(rules.n_states))
    faces = np.zeros(masks.shape[0], dtype=np.int64)   # bit f: the upper box of face f is filled
    for box, face in enumerate(g.box_face):
        if face > 0:
            faces |= ((masks >> box) & 1) << int(face)
    valid = g.reachable[faces, upper]
    yacht_box = int(g.params[P_YACHT_BOX])
    return valid & ((flags == 0) | ((yacht_box >= 0) & ((masks >> max(yacht_box, 0)) & 1 == 1)))


def sub_game(rules: Rules, within: int | None) -> np.ndarray:
    """A boolean per state: the valid states that can follow ``within`` (its filled boxes and more, its upper
    total or more, its flag or higher), ``within`` included; every valid state for None."""
    valid = valid_states(rules)
    if within is None:
        return valid.copy()
    masks, upper, flags = state_parts(rules, np.arange(rules.n_states))
    mask, low_upper, flag = (int(part[0]) for part in state_parts(rules, np.array([within])))
    return valid & ((masks & mask) == mask) & (upper >= low_upper) & (flags >= flag)


@dataclass(frozen=True)
class GoalSize:
    """What solving a target table from one position takes here: card states, memory, seconds (an estimate)."""

    states: int
    scores: int
    bytes: int
    seconds: float

    @property
    def fits(self) -> bool:
        return self.bytes <= MEMORY_BYTES


def goal_size(rules: Rules, within: int | None = None) -> GoalSize:
    """The size of :func:`solve_reach`'s work from ``within`` (None: every state)."""
    rules = preset(rules)
    return _size(rules, np.nonzero(sub_game(rules, within))[0])


def _size(rules: Rules, states: np.ndarray) -> GoalSize:
    top = max_score(rules) + 1
    lows = np.maximum(top - most_to_gain(rules, states), 0)
    return GoalSize(int(states.shape[0]), top + 1, int(states.shape[0]) * (top + 1) * 8,
                    float((top + 1 - lows).sum()) / PAIRS_PER_SECOND)


def solve_reach(rules: Rules, within: int | None = None, say_time: bool = False) -> GoalRows:
    """The target recursion over every state, or over ``within`` and the states that follow it (no cache).

    With ``say_time`` a question that will take more than a few seconds says how long first; one
    whose table would not fit this machine's memory is refused in one sentence.
    """
    rules = preset(rules)
    top = max_score(rules) + 1
    wanted = sub_game(rules, within)
    states = np.nonzero(wanted)[0]
    size = _size(rules, states)
    where = "from the opening" if within is None or within == game_arrays(rules).start else "from this position"
    if not size.fits:
        raise InvalidArgument(
            f"Playing {rules.name} for a target {where} needs a table of {size.bytes / 2**30:.1f} GB "
            f"({size.states:,} card states x {size.scores:,} scores), more than this machine's memory allows; "
            "ask from a position with fewer boxes open.")
    if say_time and size.seconds > SAY_SECONDS:
        print(f"odds: playing {rules.name} for a target {where} solves {size.states:,} card states; this "
              f"takes about {duration(size.seconds)} here.", file=sys.stderr)
    lows = np.maximum(top - most_to_gain(rules, np.arange(rules.n_states)), 0)
    rows = None
    if within is None:
        wanted = None   # every valid state, each in its own row
        table = np.zeros((rules.n_states, top + 1))
    else:
        rows = np.zeros(rules.n_states, dtype=np.int64)
        rows[states] = np.arange(states.shape[0])
        table = np.zeros((states.shape[0], top + 1))
    # Column x stands for r = top - x, so a box's points move x up, as in a score (see _target_kernels).
    full = layer_states(rules)[-1]
    full = full if wanted is None else full[wanted[full]]
    table[full if rows is None else rows[full], top] = 1.0
    solve_layers(table, rules, lows, wanted, f"odds: playing {rules.name} for every target "
                 f"({states.shape[0]:,} card states)", rows=rows)
    return GoalRows(table, rows)


def compute_reach(rules: Rules, within: int = 0) -> np.ndarray:
    """``reach[state, r]``: the best chance of gaining at least ``r`` more points (no cache).

    ``within``: a state; only it and the states that follow from it are filled (the rest stay 0).
    A build that takes a while (Clubhouse's whole table: about 2 minutes) says how long first.
    """
    rules = preset(rules)
    solved = solve_reach(rules, None if within == 0 else within, say_time=True)
    table = solved.values
    if solved.rows is not None:
        whole = np.zeros((rules.n_states, table.shape[1]))
        used = sub_game(rules, within)
        whole[used] = table[solved.rows[used]]
        table = whole
    # Turned to reach[state, r] a block of rows at a time, so that a large table is not held twice.
    for start in range(0, table.shape[0], 4096):
        table[start:start + 4096] = table[start:start + 4096, ::-1].copy()
    return table


def whole_table_bytes(rules: Rules) -> int:
    return rules.n_states * (max_score(rules) + 2) * 8


def reach_values(rules: Rules | str = "yacht_kr", store: Store | None = None) -> np.ndarray:
    """The whole target table ``reach[state, r]`` for ``rules``, from the store when it is there and intact.

    Only for presets whose table is kept (see STORED_BYTES); :func:`goal_rows` answers the others.
    """
    rules = preset(rules)
    if whole_table_bytes(rules) > STORED_BYTES:
        raise InvalidArgument(
            f"{rules.name}'s whole target table ({whole_table_bytes(rules) / 2**30:.1f} GB) is not kept; ask from "
            "a position instead, which solves only the card states it leads to.")
    return stored_table(store, REACH, rules, {"states": rules.n_states},
                        lambda: {"reach": compute_reach(rules)})["reach"]


def goal_rows(rules: Rules, state: int, store: Store | None = None) -> GoalRows:
    """A target table that holds ``state`` and every state after it.

    Presets too large to keep are solved for the position (saying how long when that takes a
    while). Kept ones are read from the store, or built and kept, except where the whole table is
    a wait (Clubhouse: 0.7 GB, about 3 s to read and 2-3 minutes to build) and the position's own
    states solve sooner (late in the game): those are solved alone.
    """
    if whole_table_bytes(rules) > STORED_BYTES:
        return solve_reach(rules, state, say_time=True)
    build = goal_size(rules).seconds
    if build > QUICK_SECONDS:
        chosen = chosen_store(store)
        kept = chosen is not None and chosen.path(REACH, rules, {"states": rules.n_states}).is_file()
        whole = whole_table_bytes(rules) / 2**30 * READ_SECONDS_PER_GB if kept else build
        if goal_size(rules, state).seconds + START_SECONDS < whole:
            return solve_reach(rules, state)
    return GoalRows(reach_values(rules, store)[:, ::-1])


@prepares("yacht", "target tables of the presets small enough to keep (odds yacht advise --target)")
def _prepare_reach() -> None:
    for rules in PRESETS.values():
        if whole_table_bytes(rules) <= STORED_BYTES:
            reach_values(rules)


def card_mask(rules: Rules, open_boxes) -> int:
    """The score card (bit set = filled) with ``open_boxes`` (names) open; one sentence if a name is bad."""
    indices = [rules.box_index(name) for name in open_boxes]
    if len(set(indices)) != len(indices):
        raise InvalidArgument("A box is listed twice in the open boxes; list each box once.")
    mask = (1 << len(rules.boxes)) - 1
    for i in indices:
        mask &= ~(1 << i)
    return mask


def card_position(rules: Rules, open_boxes, score: int = 0, upper_total: int = 0,
                  yacht_bonus: bool = False) -> tuple[tuple[str, ...], int]:
    """(the open boxes by their own names, the packed state), checked; one sentence if anything is wrong.

    ``open_boxes``: ``"all"``, a comma-separated list or a sequence of names. With no box open the
    state is the full card's (the game is over).
    """
    if isinstance(open_boxes, str):
        open_boxes = open_boxes_from(rules, open_boxes)
    open_boxes = tuple(rules.boxes[rules.box_index(name)].name for name in open_boxes)
    if not open_boxes:
        check_score(rules, score)   # card_state checks it otherwise, with the rest of the card
        if upper_total or yacht_bonus:
            raise InvalidArgument("With every box filled the game is over; give no upper total or bonus flag.")
        return open_boxes, game_arrays(rules).state((1 << len(rules.boxes)) - 1, 0, 0)
    mask, upper, flag = card_state(rules, ScoreCard(open_boxes, upper_total, yacht_bonus, score))
    return open_boxes, game_arrays(rules).state(mask, upper, flag)


def reach_chance(rules: Rules | str, target: int, open_boxes="all", score: int = 0,
                 store: Store | None = None, upper_total: int = 0, yacht_bonus: bool = False) -> float:
    """P(final score >= ``target``) from a card with ``open_boxes`` open and ``score`` points, played for it.

    ``upper_total``, ``yacht_bonus``: the rest of the card in presets with those bonuses.
    """
    rules = preset(rules)
    _, state = card_position(rules, open_boxes, score, upper_total, yacht_bonus)
    if target <= score:
        return 1.0
    return goal_rows(rules, state, store).chance(state, target - score)


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
    upper_total: int = 0

    def at(self, target: int) -> float:
        return float(self.chance[min(max(target, 0), self.chance.shape[0] - 1)])

    def to_dict(self) -> dict:
        return {"preset": self.rules.name, "open": list(self.open_boxes), "score": self.score,
                "upper_total": self.upper_total, "reach": [[int(t), float(p)] for t, p in enumerate(self.chance)]}

    def __str__(self) -> str:
        marks = [t for t in range(0, self.chance.shape[0], 20)]
        upper = f", upper total {self.upper_total}" if self.rules.has_upper_bonus else ""
        lines = [f"{self.rules.name}: P(final score >= T), {counted(len(self.open_boxes), 'box', 'boxes')} open, "
                 f"score {self.score}{upper}, played for each T"]
        lines += [f"  T = {t:3d}: {self.chance[t]:.4%}" for t in marks]
        return "\n".join(lines)


def reach_curve(rules: Rules | str = "yacht_kr", open_boxes="all", score: int = 0,
                store: Store | None = None, upper_total: int = 0, yacht_bonus: bool = False) -> ReachCurve:
    """P(final >= T) for T = 0 .. max + 1 from a position (the opening by default)."""
    rules = preset(rules)
    open_boxes, state = card_position(rules, open_boxes, score, upper_total, yacht_bonus)
    goal = goal_rows(rules, state, store)
    targets = np.arange(max_score(rules) + 2)
    chance = np.array([1.0 if t <= score else goal.chance(state, int(t) - score) for t in targets])
    return ReachCurve(rules, open_boxes, score, chance, upper_total)
