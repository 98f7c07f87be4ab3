"""Yacht presets as data: the boxes, what qualifies for each, how each scores, and the bonuses.

A preset is a frozen :class:`Rules`; every house rule is a field, so an analysis can
be rerun under another rule with :func:`dataclasses.replace` (or :func:`preset`'s
keyword arguments) instead of a fork of the code. Scores for all 252 distinct rolls
of five dice are computed once per preset by :func:`box_scores`.

>>> rules = preset("yacht_kr")
>>> [box.name for box in rules.boxes][:3]
['Chase Off', 'Straight', 'Even Straight']
>>> rules.score((6, 6, 6, 2, 2), "Full House"), rules.score((6, 6, 6, 2, 2), "Six Beans")
(22, 18)
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from analysis.errors import InvalidArgument, InvalidRules
from analysis.presets import choose_preset

TYPE_CHECKING = False  # typing's constant, without importing typing (a few ms of a question's start-up)
if TYPE_CHECKING:  # numpy is imported where the score tables are made as arrays: a plain answer never needs it
    import numpy as np

#: What a box asks for. ``upper``: dice showing ``face``; ``of_a_kind``: at least ``count`` alike;
#: ``full_house``: three alike and two alike; ``pair`` / ``two_pairs``: pairs; ``straight``: one of
#: ``runs`` among the dice; ``yacht``: five alike; ``chance``: anything.
KINDS = ("upper", "of_a_kind", "full_house", "pair", "two_pairs", "straight", "yacht", "chance")
#: How a qualifying roll scores. ``fixed``: ``points``; ``total``: sum of all five dice;
#: ``matched``: sum of the dice that make the pattern (Yatzy style); ``face``: face x count.
SCORINGS = ("fixed", "total", "matched", "face")
JOKERS = ("none", "forced", "free")
#: The largest bonus a rule may set (Yahtzee's are 35 and 100).
MAX_BONUS = 10_000


@dataclass(frozen=True)
class Box:
    """One box of the score card (a "category")."""

    name: str
    kind: str
    scoring: str = "total"
    points: int = 0
    face: int = 0
    count: int = 0
    runs: tuple[tuple[int, ...], ...] = ()

    def __post_init__(self):
        if self.kind not in KINDS:
            raise InvalidRules(f"'{self.kind}' is not a box kind; choose from {', '.join(KINDS)}.")
        if self.scoring not in SCORINGS:
            raise InvalidRules(f"'{self.scoring}' is not a scoring rule; choose from {', '.join(SCORINGS)}.")

    @property
    def is_upper(self) -> bool:
        return self.kind == "upper"


@dataclass(frozen=True)
class Rules:
    """A Yacht preset: the boxes in score-card order and the bonus rules.

    ``five_alike_is_full_house``: five alike also counts as three alike plus two alike
    (and, for ``two_pairs`` boxes that allow equal pairs, as two pairs).
    ``distinct_pairs``: the two pairs of a ``two_pairs`` box must show different faces.
    ``one_pair_scores_two_pairs``: a single pair scores its two dice in a ``two_pairs`` box
    (how Larsson and Sjoberg's 2012 Yatzy code scored it; their published 248.63 rests on it).
    ``upper_bonus`` points are added once the upper boxes reach ``upper_threshold``.
    ``yacht_bonus`` points are added for every further five alike once the yacht box
    holds its points, and ``joker`` says where a further five alike may then be written
    (``none``: anywhere, scored normally):
    ``forced`` (Hasbro: the matching upper box if open, else any lower box at full
    value, else a zero in an upper box) or ``free`` (any open box, lower boxes at full value).
    """

    name: str
    boxes: tuple[Box, ...]
    upper_bonus: int = 0
    upper_threshold: int = 63
    yacht_bonus: int = 0
    joker: str = "none"
    five_alike_is_full_house: bool = True
    distinct_pairs: bool = False
    one_pair_scores_two_pairs: bool = False
    description: str = field(default="", compare=False)

    def __post_init__(self):
        if self.joker not in JOKERS:
            raise InvalidRules(f"'{self.joker}' is not a joker rule; choose from {', '.join(JOKERS)}.")
        if not 1 <= len(self.boxes) <= 16:
            raise InvalidRules(f"A preset needs 1 to 16 boxes, not {len(self.boxes)}.")
        names = [b.name for b in self.boxes]
        if len(set(n.lower() for n in names)) != len(names):
            raise InvalidRules("Box names must be distinct.")
        if (self.yacht_bonus or self.joker != "none") and self.yacht_box is None:
            raise InvalidRules("A yacht bonus or joker rule needs a box of kind 'yacht'.")
        for name in ("upper_bonus", "upper_threshold", "yacht_bonus"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidRules(f"{name} must be a whole number of points, not {value!r}.")
        for name in ("five_alike_is_full_house", "distinct_pairs", "one_pair_scores_two_pairs"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidRules(f"{name} must be true or false, not {getattr(self, name)!r}.")
        if not 1 <= self.upper_threshold <= 105:
            raise InvalidRules(f"Upper threshold {self.upper_threshold} is not allowed; the upper boxes hold 1 to 105.")
        for name in ("upper_bonus", "yacht_bonus"):
            # Bounded so that every score stays a small whole number in the kernels' int64 arithmetic.
            if not 0 <= getattr(self, name) <= MAX_BONUS:
                raise InvalidRules(f"{name} {getattr(self, name)} is not allowed; a bonus is 0 to {MAX_BONUS:,} "
                                   "points.")

    # --- derived facts -------------------------------------------------------------
    @property
    def yacht_box(self) -> int | None:
        return next((i for i, b in enumerate(self.boxes) if b.kind == "yacht"), None)

    @property
    def has_upper_bonus(self) -> bool:
        return self.upper_bonus > 0

    @property
    def has_yacht_bonus(self) -> bool:
        return self.yacht_bonus > 0

    @property
    def upper_states(self) -> int:
        """Upper totals tracked by the solver: 0..threshold (capped) if there is a bonus, else just 0."""
        return self.upper_threshold + 1 if self.has_upper_bonus else 1

    @property
    def flag_states(self) -> int:
        return 2 if self.has_yacht_bonus else 1

    @property
    def n_states(self) -> int:
        return (1 << len(self.boxes)) * self.upper_states * self.flag_states

    def key(self) -> dict:
        """The fields that decide every solved table (used as the cache key)."""
        return dataclasses.asdict(self) | {"description": None}

    def box_index(self, name: str) -> int:
        wanted = name.strip().lower().replace("_", " ").replace("-", " ")
        for i, b in enumerate(self.boxes):
            if b.name.lower().replace("-", " ") == wanted:
                return i
        raise InvalidArgument(f"'{name}' is not a box of {self.name}; the boxes are "
                              f"{', '.join(b.name for b in self.boxes)}.")

    def score(self, dice, box: str | int) -> int:
        """Points for writing ``dice`` (five faces) in ``box`` (no bonuses, no joker)."""
        index = box if isinstance(box, int) else self.box_index(box)
        return box_score(self.boxes[index], tuple(dice), self)

    @cached_property
    def scores(self) -> np.ndarray:
        """``scores[box, roll]`` for the 252 rolls of :data:`analysis.yacht.dice.ROLLS`."""
        return box_scores(self)

    @cached_property
    def joker_scores(self) -> np.ndarray:
        """As :attr:`scores`, but full house and straights score full value (used for a joker yacht)."""
        import numpy as np  # lazy: keeps numpy out of a table question's start-up

        return np.array(self.score_rows(joker=True), dtype=np.int64)

    def score_rows(self, joker: bool = False) -> list[list[int]]:
        """``rows[box][roll]`` as plain lists (the tables without numpy); ``joker``: as :attr:`joker_scores`."""
        return self._score_rows[1 if joker else 0]

    @cached_property
    def _score_rows(self) -> tuple[list[list[int]], list[list[int]]]:
        from analysis.yacht.dice import ROLLS  # lazy: keeps numpy out of a table question's start-up

        facts = [_RollFacts(roll) for roll in ROLLS]
        plain = [[_box_points(box, roll, self) for roll in facts] for box in self.boxes]
        # The joker changes only the six five-alike rolls: the rest is the plain table.
        jokers = [row[:] for row in plain]
        for r, roll in enumerate(facts):
            if roll.five_alike:
                for row, box in zip(jokers, self.boxes):
                    row[r] = _box_points(box, roll, self, joker=True)
        return plain, jokers

    def kernel_numbers(self) -> tuple[list[int], list[int], list[int]]:
        """(params, box_face, yacht_face): the preset's numbers in the kernels' ``P_*`` order (see
        ``scoring_rules.py``), each box's upper face (0 for a lower box), each roll's five-alike face (else 0)."""
        from analysis.yacht.dice import ROLLS  # lazy: keeps numpy out of a table question's start-up

        plain, jokers = self.score_rows(), self.score_rows(joker=True)
        params = [len(self.boxes), self.upper_states, self.flag_states, self.upper_threshold, self.upper_bonus,
                  self.yacht_bonus, -1 if self.yacht_box is None else self.yacht_box, JOKERS.index(self.joker),
                  max(max(row) for row in plain + jokers)]
        box_face = [box.face if box.is_upper else 0 for box in self.boxes]
        yacht_face = [roll[0] if len(set(roll)) == 1 else 0 for roll in ROLLS]
        return params, box_face, yacht_face

    @property
    def max_final_score(self) -> int:
        """The most points a whole game can score: every box at its best, every bonus paid."""
        best = sum(max(max(plain), max(joker)) for plain, joker in zip(self.score_rows(), self.score_rows(True)))
        return best + self.upper_bonus + self.yacht_bonus * (len(self.boxes) - 1)


class _RollFacts:
    """What every box asks of a roll, worked out once per roll (the 252 rolls are scored in every box)."""

    __slots__ = ("counts", "total", "tallies", "five_alike")

    def __init__(self, dice: tuple[int, ...]):
        self.counts = Counter(dice)
        self.total = sum(dice)
        self.tallies = sorted(self.counts.values(), reverse=True)
        self.five_alike = self.tallies[0] == 5


def box_score(box: Box, dice: tuple[int, ...], rules: Rules, joker: bool = False) -> int:
    """Points for ``dice`` in ``box``; ``joker`` makes a five-alike count as any pattern."""
    return _box_points(box, _RollFacts(dice), rules, joker)


def _box_points(box: Box, roll: _RollFacts, rules: Rules, joker: bool = False) -> int:
    counts, total, tallies, five_alike = roll.counts, roll.total, roll.tallies, roll.five_alike
    if box.kind == "upper":
        return box.face * counts[box.face]
    if box.kind == "chance":
        return total
    if box.kind == "yacht":
        qualifies, matched = five_alike, total
    elif box.kind == "of_a_kind":
        faces = [f for f, c in counts.items() if c >= box.count]
        qualifies = bool(faces)
        matched = max(faces) * box.count if faces else 0
    elif box.kind == "pair":
        faces = [f for f, c in counts.items() if c >= 2]
        qualifies = bool(faces)
        matched = 2 * max(faces) if faces else 0
    elif box.kind == "two_pairs":
        pairs = sorted((f for f, c in counts.items() for _ in range(c // 2)), reverse=True)
        if rules.distinct_pairs:
            pairs = sorted({f for f, c in counts.items() if c >= 2}, reverse=True)
        if not rules.five_alike_is_full_house and five_alike:
            pairs = pairs[:1]
        qualifies = len(pairs) >= (1 if rules.one_pair_scores_two_pairs else 2)
        matched = 2 * sum(pairs[:2]) if qualifies else 0
    elif box.kind == "full_house":
        qualifies = tallies[:2] == [3, 2] or (five_alike and rules.five_alike_is_full_house)
        matched = total
    elif box.kind == "straight":
        qualifies = any(set(run) <= counts.keys() for run in box.runs)
        matched = total
    else:  # pragma: no cover - KINDS is checked in Box
        raise InvalidRules(f"'{box.kind}' is not a box kind.")
    if joker and five_alike and box.kind in ("full_house", "straight"):
        qualifies = True
    if not qualifies:
        return 0
    if box.scoring == "fixed":
        return box.points
    return total if box.scoring == "total" else matched


def box_scores(rules: Rules) -> np.ndarray:
    import numpy as np   # lazy: a plain-Python answer reads Rules.score_rows()

    return np.array(rules.score_rows(), dtype=np.int64)


def _upper(names) -> tuple[Box, ...]:
    return tuple(Box(name, "upper", "face", face=face) for face, name in enumerate(names, start=1))


_SMALL_RUNS = ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6))
_LARGE_RUNS = ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6))

YACHT_KR = Rules(
    name="yacht_kr",
    boxes=(
        Box("Chase Off", "yacht", "fixed", points=50),
        Box("Straight", "straight", "fixed", points=40, runs=((1, 2, 3, 4, 5),)),
        Box("Even Straight", "straight", "fixed", points=30, runs=((2, 3, 4, 5, 6),)),
        Box("Four Dice", "of_a_kind", "total", count=4),
        Box("Full House", "full_house", "total"),
        Box("Choice", "two_pairs", "total"),
    ) + tuple(reversed(_upper(("Aces", "Two Beans", "Three Beans", "Four Beans", "Five Beans", "Six Beans")))),
    description="The 12-box Korean game: no bonus; five alike also counts as Full House and Choice.",
)

CLUBHOUSE = Rules(
    name="clubhouse",
    boxes=_upper(("Aces", "Deuces", "Threes", "Fours", "Fives", "Sixes")) + (
        Box("Choice", "chance", "total"),
        Box("Four of a Kind", "of_a_kind", "total", count=4),
        Box("Full House", "full_house", "total"),
        Box("Small Straight", "straight", "fixed", points=15, runs=_SMALL_RUNS),
        Box("Large Straight", "straight", "fixed", points=30, runs=_LARGE_RUNS),
        Box("Yacht", "yacht", "fixed", points=50),
    ),
    upper_bonus=35,
    description="Clubhouse Games Yacht: 12 boxes, 35 bonus at 63, five alike is a Full House.",
)

YAHTZEE = Rules(
    name="yahtzee",
    boxes=_upper(("Aces", "Twos", "Threes", "Fours", "Fives", "Sixes")) + (
        Box("Three of a Kind", "of_a_kind", "total", count=3),
        Box("Four of a Kind", "of_a_kind", "total", count=4),
        Box("Full House", "full_house", "fixed", points=25),
        Box("Small Straight", "straight", "fixed", points=30, runs=_SMALL_RUNS),
        Box("Large Straight", "straight", "fixed", points=40, runs=_LARGE_RUNS),
        Box("Yahtzee", "yacht", "fixed", points=50),
        Box("Chance", "chance", "total"),
    ),
    upper_bonus=35,
    yacht_bonus=100,
    joker="forced",
    five_alike_is_full_house=False,
    description="Hasbro Yahtzee: 35 bonus at 63, 100 per extra Yahtzee, joker rule.",
)

YATZY = Rules(
    name="yatzy",
    boxes=_upper(("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes")) + (
        Box("One Pair", "pair", "matched"),
        Box("Two Pairs", "two_pairs", "matched"),
        Box("Three of a Kind", "of_a_kind", "matched", count=3),
        Box("Four of a Kind", "of_a_kind", "matched", count=4),
        Box("Small Straight", "straight", "fixed", points=15, runs=((1, 2, 3, 4, 5),)),
        Box("Large Straight", "straight", "fixed", points=20, runs=((2, 3, 4, 5, 6),)),
        Box("Full House", "full_house", "total"),
        Box("Chance", "chance", "total"),
        Box("Yatzy", "yacht", "fixed", points=50),
    ),
    upper_bonus=50,
    five_alike_is_full_house=False,
    distinct_pairs=True,
    description="Scandinavian Yatzy: 15 boxes, 50 bonus at 63, pairs score the dice that make them.",
)

PRESETS = {r.name: r for r in (YACHT_KR, CLUBHOUSE, YAHTZEE, YATZY)}


def preset(name_or_rules: str | Rules = "yacht_kr", **fields) -> Rules:
    """The preset called ``name_or_rules`` (or that :class:`Rules` itself), with any field replaced by a keyword.

    The fields are checked when the rules are made: an unknown field or a bad value raises
    :class:`~analysis.errors.InvalidRules` here, never later.

    >>> preset(preset("yahtzee"), joker="free").joker
    'free'
    >>> preset("yacht_kr", upper_bonus=-5)
    Traceback (most recent call last):
    ...
    analysis.errors.InvalidRules: upper_bonus -5 is not allowed; a bonus is 0 to 10,000 points.
    """
    rules = choose_preset(name_or_rules, PRESETS, Rules, "Yacht", {})
    if fields.get("joker") not in (None, "none") and rules.joker == "none":
        raise InvalidRules(f"The joker rule applies only to the yahtzee preset, not to {rules.name}.")
    return choose_preset(rules, PRESETS, Rules, "Yacht", fields)
