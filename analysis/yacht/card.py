"""Where a game stands and the advisor's answer: the score card, its checks, the options.

``advice.py`` checks the position and lists the options here.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from analysis.errors import InvalidArgument, about
from analysis.tables import counted
from analysis.yacht.dice import KEEP_INDEX, ROLL_INDEX, ROLLS, parse_dice, show, sub_keeps
from analysis.yacht.rules import Rules
from analysis.yacht.scoring_rules import NEG, joker_applies, write_box

#: How the advisor's table prints each column (the option's name as it is).
_FORMATS = {"expected_final": "{:10.4f}", "gives_up": "{:8.4f}", "goal_chance": "{:9.4%}", "goal_gives_up": "{:9.4%}"}


@dataclass(frozen=True)
class ScoreCard:
    """Where the game stands between or during turns: the open boxes and the bonus state."""

    open_boxes: tuple[str, ...]
    upper_total: int = 0
    yacht_bonus: bool = False
    score: int = 0


@dataclass(frozen=True)
class Advice:
    """The advisor's answer: ``options`` holds every distinct choice, best first."""

    rules: Rules
    dice: tuple[int, ...]
    rolls_left: int
    card: ScoreCard
    #: Every distinct choice, best first, as dicts: option, expected_final, (goal_chance,) gives_up (, goal_gives_up).
    rows: tuple[dict, ...]
    asked: str | None = None  # the option the player asked about (``box=``), if any
    goal: str | None = None   # "reach 220" or "beat 190:Chase Off,Choice", when playing for a goal

    @cached_property
    def options(self):
        """The choices as a DataFrame: option, expected_final, gives_up (and goal_chance, goal_gives_up with a goal)."""
        import pandas as pd   # lazy: the command line prints the rows without it

        return pd.DataFrame(list(self.rows), columns=list(self.rows[0]))

    @property
    def best_for_expected_score(self) -> str:
        return max(self.rows, key=lambda row: row["expected_final"])["option"]

    @property
    def differs(self) -> bool:
        """Does the goal call for another choice than the largest expected score? (Never without a goal.)"""
        if self.goal is None:
            return False
        top = self.rows[0]["goal_chance"]
        best_expected = max(row["expected_final"] for row in self.rows)
        # Equal on the goal (to rounding) and best on expectation: the two advices agree.
        return not any(row["goal_chance"] >= top - 1e-12 and row["expected_final"] >= best_expected - 1e-9
                       for row in self.rows)

    @property
    def best(self) -> str:
        return self.rows[0]["option"]

    def row(self, option: str) -> dict:
        return next(row for row in self.rows if row["option"] == option)

    def to_dict(self) -> dict:
        result = {"preset": self.rules.name, "dice": list(self.dice), "rolls_left": self.rolls_left,
                  "open": list(self.card.open_boxes), "upper_total": self.card.upper_total,
                  "score_so_far": self.card.score, "best": self.best, "asked": self.asked}
        if self.goal is not None:
            result |= {"goal": self.goal, "best_for_expected_score": self.best_for_expected_score,
                       "differs": self.differs}
        return result | {"options": [dict(row) for row in self.rows]}

    def headline(self) -> str:
        """The position, the best choice and (if asked) what the player's own choice gives up."""
        what = "keep" if self.rolls_left else "box"
        lines = [f"{self.rules.name}: dice {show(self.dice)}, {counted(self.rolls_left, 'roll')} left, "
                 f"{counted(len(self.card.open_boxes), 'box', 'boxes')} open, score so far {self.card.score}.",
                 f"Best {what}: {self.best} (expected final score {self.rows[0]['expected_final']:.4f})."]
        if self.goal is not None:
            first = self.rows[0]
            chance = "chance of winning (a tie shared)" if self.goal.startswith("beat") else "chance"
            lines[1] = f"Best {what} to {self.goal}: {self.best} ({chance} {first['goal_chance']:.4%})."
            if self.differs:
                row = self.row(self.best_for_expected_score)
                lines.append(f"Playing for the largest expected score would choose {row['option']} instead "
                             f"({chance} {row['goal_chance']:.4%}, expected final score "
                             f"{row['expected_final']:.4f} against {first['expected_final']:.4f}).")
            else:
                lines.append("The largest expected score calls for the same choice.")
        if self.asked is not None:
            row = self.row(self.asked)
            lines.append(f"Your choice, {self.asked}, gives up {row['gives_up']:.4f} points on average.")
        return "\n".join(lines)

    def table(self, top: int | None = None) -> str:
        """The options, best first (the first ``top`` of them), as aligned text."""
        shown = self.rows if top is None else self.rows[:top]
        columns = list(self.rows[0])
        cells = [columns] + [[_FORMATS.get(c, "{}").format(row[c]).strip() for c in columns] for row in shown]
        widths = [max(len(line[i]) for line in cells) for i in range(len(columns))]
        return "\n".join(" ".join(cell.rjust(width) for cell, width in zip(line, widths)) for line in cells)

    def __str__(self) -> str:
        return self.headline() + "\n\n" + self.table()


def card_state(rules: Rules, card: ScoreCard) -> tuple[int, int, int]:
    """The card as the solver's state (filled-box mask, capped upper total, yacht-bonus flag), checked."""
    indices = [rules.box_index(name) for name in card.open_boxes]
    if len(set(indices)) != len(indices):
        raise InvalidArgument("A box is listed twice in the open boxes; list each box once.", field="open")
    if not indices:
        raise InvalidArgument("No box is open; the game is over, so there is nothing to advise.", field="open")
    mask = (1 << len(rules.boxes)) - 1
    for i in indices:
        mask &= ~(1 << i)
    if card.score < 0:
        raise InvalidArgument(f"Score so far {card.score} is negative; it is the points already on the card.",
                              field="score")
    if card.score > rules.max_final_score:
        raise InvalidArgument(f"Score so far {card.score} is more than a whole {rules.name} game can score "
                              f"({rules.max_final_score}).", field="score")
    if card.upper_total < 0:
        raise InvalidArgument(f"Upper total {card.upper_total} is negative; it is the sum of the filled upper boxes.",
                              field="upper")
    upper = 0
    if rules.has_upper_bonus:
        # The exact total, not the solver's capped one: 150 is not a total five upper boxes can hold.
        totals = {0}
        for box in rules.boxes:
            if box.is_upper and mask >> rules.box_index(box.name) & 1:
                totals = {total + box.face * count for total in totals for count in range(6)}
        if card.upper_total not in totals:
            raise InvalidArgument(f"Upper total {card.upper_total} cannot be made from the filled upper boxes.",
                                  field="upper")
        upper = min(card.upper_total, rules.upper_threshold)
    elif card.upper_total:
        raise InvalidArgument(f"{rules.name} has no upper bonus, so an upper total does not apply.", field="upper")
    flag = 0
    if card.yacht_bonus:
        box = rules.yacht_box
        if not rules.has_yacht_bonus or box is None or not mask >> box & 1:
            raise InvalidArgument("The yacht box counts as already scored only in a game with a yacht bonus "
                                  "whose yacht box is filled (not open).", field="yacht_bonus")
        flag = 1
    return mask, upper, flag


def open_boxes_from(rules: Rules, text: str) -> tuple[str, ...]:
    """``"all"`` or a comma-separated list of box names, as the boxes' own names."""
    if text.strip().lower() == "all":
        return tuple(b.name for b in rules.boxes)
    names = [t for t in (part.strip() for part in text.split(",")) if t]
    return tuple(rules.boxes[rules.box_index(name)].name for name in names)


def read_position(rules: Rules, dice, rolls_left: int, card: ScoreCard) -> tuple[tuple[int, ...], int, int, int]:
    """(the dice sorted, mask, upper, flag) for a question at the table, or one sentence on what is wrong."""
    with about("dice"):
        dice = parse_dice(dice)
    if rolls_left not in (0, 1, 2):
        raise InvalidArgument(f"Rolls left must be 0, 1 or 2 (a turn has three rolls), not {rolls_left}.",
                              field="rolls")
    return (dice, *card_state(rules, card))


def asked_box_index(rules: Rules, card: ScoreCard, mask: int, rolls_left: int, box: str | None) -> int | None:
    """The index of the box the player means to write (``box``), checked to be open with 0 rolls left."""
    if box is None:
        return None
    with about("box"):
        index = rules.box_index(box)
    if mask >> index & 1:
        raise InvalidArgument(f"'{rules.boxes[index].name}' is already used; the open boxes are "
                              f"{', '.join(card.open_boxes)}.", field="box")
    if rolls_left:
        raise InvalidArgument("A box is written only with 0 rolls left; drop the box or set rolls left to 0.",
                              field="box")
    return index


def option_rows(rules: Rules, card: ScoreCard, state: tuple[int, int, int], dice, rolls_left: int,
                box_value, keep_value, rule_args, asked_box: int | None = None) -> tuple[list[dict], str | None]:
    """(every choice as {option, expected_final} in table order, the label of ``asked_box``).

    With 0 rolls left the choices are the boxes (``box_value(box)``: the value of writing the
    roll there, bonuses and the card's future included; NEG where the rules forbid it), else the
    distinct keeps of the roll (``keep_value(keep)``, by keep index). ``rule_args`` are
    ``write_box``'s preset arguments, which name the points and bonuses in each box's label.
    """
    mask, upper, flag = state
    roll = ROLL_INDEX[tuple(dice)]
    rows, asked = [], None
    if rolls_left == 0:
        params, yacht_face = rule_args[0], rule_args[4]
        joker = joker_applies(mask, roll, params, yacht_face)
        for box in range(len(rules.boxes)):
            value = box_value(box)
            if value <= NEG / 2:
                continue
            points, upper_bonus, yacht_bonus, _ = write_box(box, mask, upper, flag, roll, joker, *rule_args)
            extra = upper_bonus + yacht_bonus
            label = f"{rules.boxes[box].name} for {points}" + (f" (+{extra} bonus)" if extra else "")
            rows.append({"option": label, "expected_final": card.score + float(value)})
            if box == asked_box:
                asked = label
        if asked_box is not None and asked is None:
            raise InvalidArgument(f"The rules do not let this roll be written in '{rules.boxes[asked_box].name}' "
                                  "(the joker rule decides where a further five alike goes).", field="box")
    else:
        for faces in sub_keeps(ROLLS[roll]):   # in keep order, as the kernels' tables list them
            # Keeping all five with two rolls left still leaves the last roll to decide on.
            label = (("keep all (stop and score)" if rolls_left == 1 else "keep all five, roll none")
                     if len(faces) == 5 else
                     "reroll all" if not faces else f"keep {show(faces)}")
            rows.append({"option": label, "expected_final": card.score + float(keep_value(KEEP_INDEX[faces]))})
    return rows, asked


def rank_by_expected_score(rows: list[dict]) -> None:
    """Sort the choices best first (ties keep table order) and add what each gives up against the best."""
    best_expected = max(row["expected_final"] for row in rows)
    rows.sort(key=lambda row: -row["expected_final"])
    for row in rows:
        row["gives_up"] = best_expected - row["expected_final"]
