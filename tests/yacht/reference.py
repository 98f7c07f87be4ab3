"""Plain-Python reference for Yacht, written from docs/rules.md without the package's kernels or rule engine.

Slow and obviously correct: every reroll is averaged over all ordered outcomes of the
dice thrown, every box is scored by a hand-written rule, and the bonus and joker rules
are spelled out as the rule books word them. Used only on small sub-games.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product

FACES = range(1, 7)


def _tally(dice):
    return sorted(Counter(dice).values(), reverse=True)


def _has_run(dice, run):
    return set(run) <= set(dice)


def _of_a_kind(dice, n):
    return _tally(dice)[0] >= n


def _pairs(dice):
    """Faces of the pairs that can be set aside, highest first, a face counted once per two dice."""
    return sorted((f for f, c in Counter(dice).items() for _ in range(c // 2)), reverse=True)


def _upper(face):
    return lambda dice: face * dice.count(face)


YACHT_KR = {
    "Chase Off": lambda d: 50 if _tally(d)[0] == 5 else 0,
    "Straight": lambda d: 40 if sorted(d) == [1, 2, 3, 4, 5] else 0,
    "Even Straight": lambda d: 30 if sorted(d) == [2, 3, 4, 5, 6] else 0,
    "Four Dice": lambda d: sum(d) if _of_a_kind(d, 4) else 0,
    "Full House": lambda d: sum(d) if _tally(d)[:2] == [3, 2] or _tally(d)[0] == 5 else 0,
    "Choice": lambda d: sum(d) if len(_pairs(d)) >= 2 else 0,
    "Six Beans": _upper(6), "Five Beans": _upper(5), "Four Beans": _upper(4),
    "Three Beans": _upper(3), "Two Beans": _upper(2), "Aces": _upper(1),
}

CLUBHOUSE = {
    "Aces": _upper(1), "Deuces": _upper(2), "Threes": _upper(3), "Fours": _upper(4), "Fives": _upper(5),
    "Sixes": _upper(6),
    "Choice": sum,
    "Four of a Kind": lambda d: sum(d) if _of_a_kind(d, 4) else 0,
    "Full House": lambda d: sum(d) if _tally(d)[:2] == [3, 2] or _tally(d)[0] == 5 else 0,
    "Small Straight": lambda d: 15 if any(_has_run(d, range(a, a + 4)) for a in (1, 2, 3)) else 0,
    "Large Straight": lambda d: 30 if any(_has_run(d, range(a, a + 5)) for a in (1, 2)) else 0,
    "Yacht": lambda d: 50 if _tally(d)[0] == 5 else 0,
}

YAHTZEE = {
    "Aces": _upper(1), "Twos": _upper(2), "Threes": _upper(3), "Fours": _upper(4), "Fives": _upper(5),
    "Sixes": _upper(6),
    "Three of a Kind": lambda d: sum(d) if _of_a_kind(d, 3) else 0,
    "Four of a Kind": lambda d: sum(d) if _of_a_kind(d, 4) else 0,
    "Full House": lambda d: 25 if _tally(d)[:2] == [3, 2] else 0,
    "Small Straight": lambda d: 30 if any(_has_run(d, range(a, a + 4)) for a in (1, 2, 3)) else 0,
    "Large Straight": lambda d: 40 if any(_has_run(d, range(a, a + 5)) for a in (1, 2)) else 0,
    "Yahtzee": lambda d: 50 if _tally(d)[0] == 5 else 0,
    "Chance": sum,
}
YAHTZEE_JOKER_POINTS = {"Full House": 25, "Small Straight": 30, "Large Straight": 40}


def _yatzy_two_pairs(d):
    faces = sorted((f for f, c in Counter(d).items() if c >= 2), reverse=True)
    return 2 * (faces[0] + faces[1]) if len(faces) >= 2 else 0


def _yatzy_kind(n):
    def score(d):
        faces = [f for f, c in Counter(d).items() if c >= n]
        return n * max(faces) if faces else 0
    return score


YATZY = {
    "Ones": _upper(1), "Twos": _upper(2), "Threes": _upper(3), "Fours": _upper(4), "Fives": _upper(5),
    "Sixes": _upper(6),
    "One Pair": _yatzy_kind(2), "Two Pairs": _yatzy_two_pairs, "Three of a Kind": _yatzy_kind(3),
    "Four of a Kind": _yatzy_kind(4),
    "Small Straight": lambda d: 15 if sorted(d) == [1, 2, 3, 4, 5] else 0,
    "Large Straight": lambda d: 20 if sorted(d) == [2, 3, 4, 5, 6] else 0,
    "Full House": lambda d: sum(d) if _tally(d)[:2] == [3, 2] else 0,
    "Chance": sum,
    "Yatzy": lambda d: 50 if _tally(d)[0] == 5 else 0,
}

UPPER_FACE = {"Aces": 1, "Ones": 1, "Deuces": 2, "Twos": 2, "Threes": 3, "Fours": 4, "Fives": 5, "Sixes": 6,
              "Six Beans": 6, "Five Beans": 5, "Four Beans": 4, "Three Beans": 3, "Two Beans": 2}


class Reference:
    """Optimal expected points still to come, by exhaustive recursion over a small sub-game.

    ``boxes``: name -> scoring function; ``bonus``/``threshold``: the upper bonus;
    ``yahtzee``: name of the five-alike box if it earns 100-point bonuses; ``joker``: "forced" or "free".
    """

    def __init__(self, boxes, bonus=0, threshold=63, yahtzee=None, joker=None, all_boxes=None):
        self.boxes, self.bonus, self.threshold = boxes, bonus, threshold
        self.yahtzee, self.joker = yahtzee, joker
        self.all_boxes = all_boxes or list(boxes)
        self.value = lru_cache(maxsize=None)(self._value)

    def choices(self, open_boxes, upper, yahtzee_50, dice):
        """(box, points now including bonuses, next state) for every box the rules allow."""
        five_alike = len(set(dice)) == 1
        joker = bool(self.yahtzee and five_alike and self.yahtzee not in open_boxes)
        extra = 100 if joker and yahtzee_50 else 0
        allowed = list(open_boxes)
        lower_open = [b for b in open_boxes if b not in UPPER_FACE]
        matching = [b for b in self.all_boxes if UPPER_FACE.get(b) == dice[0]] if five_alike else []
        matching_open = bool(matching) and matching[0] in open_boxes
        full_value = False
        if joker and self.joker == "forced":
            # Hasbro: the matching upper box if it is open, else any open lower box at full value,
            # else a zero in an open upper box.
            if matching_open:
                allowed = [matching[0]]
            elif lower_open:
                allowed, full_value = lower_open, True
            full_value = full_value or not matching_open
        elif joker and self.joker == "free":
            # Verhoeff: any open box; the straights and full house count once the matching upper box is used.
            full_value = not matching_open
        result = []
        for box in allowed:
            points = self.boxes[box](dice)
            if full_value and box in YAHTZEE_JOKER_POINTS:
                points = YAHTZEE_JOKER_POINTS[box]
            gain = points + extra
            new_upper = upper
            if box in UPPER_FACE and self.bonus:
                if upper < self.threshold <= upper + points:
                    gain += self.bonus
                new_upper = min(self.threshold, upper + points)
            new_flag = yahtzee_50 or (box == self.yahtzee and points == 50)
            result.append((box, gain, (open_boxes - {box}, new_upper, new_flag)))
        return result

    def _value(self, open_boxes, upper, yahtzee_50):
        if not open_boxes:
            return 0.0

        def final(dice):
            return max(gain + self.value(*following)
                       for _, gain, following in self.choices(open_boxes, upper, yahtzee_50, dice))

        return turn_value(final)


def _turn(final):
    """(roll_value, keep_value) of a turn ending in ``final(dice)``, every reroll averaged over ordered outcomes."""
    @lru_cache(maxsize=None)
    def roll_value(dice, rerolls):
        if rerolls == 0:
            return final(dice)
        keeps = {tuple(sorted(dice[i] for i in range(5) if m >> i & 1)) for m in range(32)}
        return max(keep_value(keep, rerolls) for keep in keeps)

    @lru_cache(maxsize=None)
    def keep_value(keep, rerolls):
        outcomes = list(product(FACES, repeat=5 - len(keep)))
        return sum(roll_value(tuple(sorted(keep + o)), rerolls - 1) for o in outcomes) / len(outcomes)

    return roll_value, keep_value


def keep_value(final, dice_kept, rerolls):
    """Expected ``final(dice)`` after keeping ``dice_kept`` with ``rerolls`` rolls left, played best."""
    return _turn(final)[1](tuple(sorted(dice_kept)), rerolls)


def turn_value(final):
    """Best expected ``final(dice)`` over a turn of three rolls."""
    roll_value, _ = _turn(final)
    first = list(product(FACES, repeat=5))
    return sum(roll_value(tuple(sorted(d)), 2) for d in first) / len(first)


class GoalReference:
    """Best expected ``utility(final score)`` from (open boxes, score so far), every turn played for it.

    For a target T the utility is 1 from T up, else 0 (the chance of reaching T); against finished
    opponents it is the share of the win. ``seen`` keeps every (open boxes, score) the recursion
    visited, so one run checks many table entries. ``boxes``: name -> scoring function (no bonuses).
    """

    def __init__(self, boxes, utility):
        self.boxes, self.utility, self.seen = boxes, utility, {}

    def final(self, open_boxes, score):
        """The value of ending the turn on ``dice`` with the best box for the goal."""
        return lambda dice: max(self(open_boxes - {b}, score + self.boxes[b](list(dice))) for b in open_boxes)

    def __call__(self, open_boxes: frozenset, score: int) -> float:
        if not open_boxes:
            return self.utility(score)
        if (open_boxes, score) not in self.seen:
            self.seen[open_boxes, score] = turn_value(self.final(open_boxes, score))
        return self.seen[open_boxes, score]


class BonusGoalReference:
    """:class:`GoalReference` with the bonuses: the best expected ``utility(final score)`` from (open boxes,
    upper total, yahtzee-bonus flag, score so far), each box's points and bonuses from ``Reference.choices``."""

    def __init__(self, reference: Reference, utility):
        self.reference, self.utility, self.seen = reference, utility, {}

    def __call__(self, open_boxes: frozenset, upper: int, yahtzee_50: bool, score: int) -> float:
        if not open_boxes:
            return self.utility(score)
        key = (open_boxes, upper, yahtzee_50, score)
        if key not in self.seen:
            def final(dice):
                return max(self(*following, score + gain)
                           for _, gain, following in self.reference.choices(open_boxes, upper, yahtzee_50, list(dice)))

            self.seen[key] = turn_value(final)
        return self.seen[key]
