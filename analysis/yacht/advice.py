"""The keep/score advisor: the best keep (or box) for the dice on the table, and what every alternative gives up.

>>> advice = advise("yacht_kr", dice="6 6 6 2 1", rolls_left=2)
>>> advice.best
'keep 6 6 6'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from analysis.errors import InvalidArgument
from analysis.tables import counted
from analysis.yacht.dice import KEEPS, ROLL_INDEX, ROLLS, TABLES, parse_dice, show
from analysis.yacht.game import game_arrays
from analysis.yacht.rules import Rules, preset
from analysis.yacht.scoring import NEG, joker_applies, write_box
from analysis.yacht.solver import state_values
from analysis.yacht.turn import goal_turn, solve_turn

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
        import pandas as pd   # only here: the command line prints the rows without it

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


def _card_state(rules: Rules, card: ScoreCard) -> tuple[int, int, int]:
    g = game_arrays(rules)
    indices = [rules.box_index(name) for name in card.open_boxes]
    if len(set(indices)) != len(indices):
        raise InvalidArgument("A box is listed twice in the open boxes; list each box once.")
    if not indices:
        raise InvalidArgument("No box is open; the game is over, so there is nothing to advise.")
    mask = (1 << len(rules.boxes)) - 1
    for i in indices:
        mask &= ~(1 << i)
    if card.score < 0:
        raise InvalidArgument(f"Score so far {card.score} is negative; it is the points already on the card.")
    if card.score > g.max_final_score:
        raise InvalidArgument(f"Score so far {card.score} is more than a whole {rules.name} game can score "
                              f"({g.max_final_score}).")
    if card.upper_total < 0:
        raise InvalidArgument(f"Upper total {card.upper_total} is negative; it is the sum of the filled upper boxes.")
    upper = 0
    if rules.has_upper_bonus:
        # The exact total, not the solver's capped one: 150 is not a total five upper boxes can hold.
        totals = {0}
        for box in rules.boxes:
            if box.is_upper and mask >> rules.box_index(box.name) & 1:
                totals = {total + box.face * count for total in totals for count in range(6)}
        if card.upper_total not in totals:
            raise InvalidArgument(f"Upper total {card.upper_total} cannot be made from the filled upper boxes.")
        upper = min(card.upper_total, rules.upper_threshold)
    elif card.upper_total:
        raise InvalidArgument(f"{rules.name} has no upper bonus, so an upper total does not apply.")
    flag = 0
    if card.yacht_bonus:
        box = rules.yacht_box
        if not rules.has_yacht_bonus or box is None or not mask >> box & 1:
            raise InvalidArgument("The yacht-bonus flag needs a preset with a yacht bonus and its yacht box filled.")
        flag = 1
    return mask, upper, flag


def open_boxes_from(rules: Rules, text: str) -> tuple[str, ...]:
    """``"all"`` or a comma-separated list of box names, as the boxes' own names."""
    if text.strip().lower() == "all":
        return tuple(b.name for b in rules.boxes)
    names = [t for t in (part.strip() for part in text.split(",")) if t]
    return tuple(rules.boxes[rules.box_index(name)].name for name in names)


def advise(rules: Rules | str, dice, rolls_left: int, card: ScoreCard | None = None, *,
           open_boxes: str = "all", box: str | None = None, values: np.ndarray | None = None,
           target: int | None = None, opponents=()) -> Advice:
    """Every keep (rolls left 1 or 2) or every box (0 rolls left) for ``dice``, best first.

    ``expected_final`` is the score so far plus the expected points still to come under
    optimal play after that choice; ``gives_up`` is how far it falls short of the best.
    ``box`` names the box the player means to write (0 rolls left) to see what it gives up.

    With a goal the options are ranked by it instead, in ``goal_chance`` (``goal_gives_up``: how
    far short of the best): ``target`` T ranks by the chance of finishing with T or more, played
    for T from then on; ``opponents`` (positions, ``"190:Chase Off,Choice"``) ranks by my share of
    the win against them playing for the expected score, played to win from then on (see win.py).
    Presets without bonuses only.
    """
    if target is not None and opponents:
        raise InvalidArgument("Choose one goal: a target score or opponents, not both.")
    rules = preset(rules)
    dice = parse_dice(dice)
    if rolls_left not in (0, 1, 2):
        raise InvalidArgument(f"Rolls left must be 0, 1 or 2 (a turn has three rolls), not {rolls_left}.")
    card = card or ScoreCard(open_boxes_from(rules, open_boxes))
    mask, upper, flag = _card_state(rules, card)
    if target is not None or opponents:
        # Check the goal before any table is loaded, so that a typo answers at once.
        from analysis.yacht.target import as_plain_rules
        from analysis.yacht.win import Position, player_positions

        as_plain_rules(rules)
    if opponents:
        _, opponents = player_positions(rules, Position(card.score, tuple(card.open_boxes)), opponents)
    asked_box = None
    if box is not None:
        asked_box = rules.box_index(box)
        if mask >> asked_box & 1:
            raise InvalidArgument(f"'{rules.boxes[asked_box].name}' is already used; the open boxes are "
                                  f"{', '.join(card.open_boxes)}.")
        if rolls_left:
            raise InvalidArgument("A box is written only with 0 rolls left; drop the box or set rolls left to 0.")
    g = game_arrays(rules)
    values = state_values(rules) if values is None else values
    turn = solve_turn(g, mask, upper, flag, values)
    roll = ROLL_INDEX[dice]
    rows = []
    asked = None
    if rolls_left == 0:
        joker = joker_applies(mask, roll, g.params, g.yacht_face)
        for box, value in enumerate(turn.box_values[:, roll]):
            if value <= NEG / 2:
                continue
            points, upper_bonus, yacht_bonus, _ = write_box(box, mask, upper, flag, roll, joker, *g.rule_args)
            extra = upper_bonus + yacht_bonus
            label = f"{rules.boxes[box].name} for {points}" + (f" (+{extra} bonus)" if extra else "")
            rows.append({"option": label, "expected_final": card.score + float(value)})
            if box == asked_box:
                asked = label
    else:
        keep_vals = turn.k2 if rolls_left == 2 else turn.k1
        for j in range(TABLES.n_roll_keeps[roll]):
            keep = TABLES.roll_keeps[roll, j]
            faces = KEEPS[keep]
            # Keeping all five with two rolls left still leaves the last roll to decide on.
            label = (("keep all (stop and score)" if rolls_left == 1 else "keep all five, roll none")
                     if len(faces) == 5 else
                     "reroll all" if not faces else f"keep {show(faces)}")
            rows.append({"option": label, "expected_final": card.score + float(keep_vals[keep])})
    goal = None
    best_expected = max(row["expected_final"] for row in rows)
    if target is not None or opponents:
        goal, chances = goal_chances(rules, card, mask, roll, rolls_left, target, opponents)
        for row, chance in zip(rows, chances):
            row["goal_chance"] = float(chance)
        # Equal chances (to rounding) keep the expected-score order.
        rows.sort(key=lambda row: (-round(row["goal_chance"], 12), -row["expected_final"]))
        for row in rows:
            row["gives_up"] = best_expected - row["expected_final"]
            row["goal_gives_up"] = rows[0]["goal_chance"] - row["goal_chance"]
    else:
        rows.sort(key=lambda row: -row["expected_final"])
        for row in rows:
            row["gives_up"] = best_expected - row["expected_final"]
    if asked_box is not None and asked is None:
        raise InvalidArgument(f"The rules do not let this roll be written in '{rules.boxes[asked_box].name}' "
                              "(the joker rule decides where a further five alike goes).")
    return Advice(rules, dice, rolls_left, card, tuple(rows), asked, goal)


def goal_chances(rules: Rules, card: ScoreCard, mask: int, roll: int, rolls_left: int, target, opponents):
    """(goal label, chance of the goal after each option, in the order advise() lists the options)."""
    from analysis.yacht.target import as_plain_rules, reach_table
    from analysis.yacht.win import Position, player_positions, remaining_table, win_values

    rules = as_plain_rules(rules)
    n_options = (len(rules.boxes) - bin(mask).count("1")) if rolls_left == 0 else int(TABLES.n_roll_keeps[roll])
    if target is not None and target <= card.score:
        return f"reach {target}", [1.0] * n_options   # already there: every choice keeps it, exactly
    if target is not None:
        table = np.ascontiguousarray(reach_table(rules)[:, ::-1])   # column x: top - points still needed
        top = table.shape[1] - 1
        x = top - min(max(target - card.score, 0), top)
        label = f"reach {target}"
    else:
        me, opponents = player_positions(rules, Position(card.score, tuple(card.open_boxes)), opponents)
        table = win_values(rules, me, opponents, remaining_table(rules))
        top, x = table.shape[1] - 1, card.score
        label = "beat " + " and ".join(str(o) for o in opponents)
    if rolls_left == 0:
        chances = []
        for box in range(len(rules.boxes)):
            if not mask >> box & 1:
                chances.append(table[mask | (1 << box), min(x + int(rules.scores[box, roll]), top)])
        return label, chances
    turn = goal_turn(mask, table, rules.scores, x)
    keep_vals = turn.k2 if rolls_left == 2 else turn.k1
    return label, [keep_vals[keep] for keep in TABLES.roll_keeps[roll, :TABLES.n_roll_keeps[roll]]]


def opening_keeps(rules: Rules | str = "yacht_kr", values: np.ndarray | None = None):
    """The best keep for every first roll of the game (two rolls left, every box open), most likely rolls first.

    Columns: roll, chance (of throwing it), best keep, expected final score, runner-up keep, margin.
    """
    import pandas as pd

    rules = preset(rules)
    g = game_arrays(rules)
    values = state_values(rules) if values is None else values
    k2 = solve_turn(g, 0, 0, 0, values).k2   # the empty card
    rows = []
    for roll, dice in enumerate(ROLLS):
        keeps = sorted(TABLES.roll_keeps[roll, :TABLES.n_roll_keeps[roll]], key=lambda k: -k2[k])
        label = [("keep all" if len(KEEPS[k]) == 5 else "reroll all" if not KEEPS[k] else show(KEEPS[k]))
                 for k in keeps[:2]]
        rows.append({"roll": show(dice), "chance": TABLES.first_roll[roll], "best_keep": label[0],
                     "expected_final": k2[keeps[0]], "runner_up": label[1],
                     "margin": k2[keeps[0]] - k2[keeps[1]]})
    table = pd.DataFrame(rows)
    return table.sort_values(["chance", "expected_final"], ascending=False, kind="stable").reset_index(drop=True)
