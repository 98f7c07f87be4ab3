"""The keep/score advisor: the best keep (or box) for the dice on the table, and what every alternative gives up.

>>> advice = advise("yacht_kr", dice="6 6 6 2 1", rolls_left=2)
>>> advice.best
'keep 6 6 6'
"""

from __future__ import annotations

import numpy as np

from analysis.errors import InvalidArgument, about
from analysis.yacht.card import (Advice, ScoreCard, asked_box_index, open_boxes_from, option_rows,
                                 rank_by_expected_score, read_position)
from analysis.yacht.dice import KEEPS, ROLL_INDEX, ROLLS, TABLES, show
from analysis.yacht.game import game_arrays
from analysis.yacht.rules import Rules, preset
from analysis.yacht.solver import state_values
from analysis.yacht.cost import check_advice, check_target
from analysis.yacht.target import as_plain_rules, goal_rows
from analysis.yacht.turn import box_outcomes, goal_turn, solve_turn
from analysis.yacht.win import Position, player_positions, remaining_values, win_values

__all__ = ["Advice", "ScoreCard", "advise", "goal_chances", "open_boxes_from", "opening_keeps"]


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
    A target works in every preset (bonuses count as the points they add); opponents in presets
    without bonuses only.
    """
    if target is not None and opponents:
        raise InvalidArgument("Choose one goal: a target score or opponents, not both.", field="opponents")
    rules = preset(rules)
    card = card or ScoreCard(open_boxes_from(rules, open_boxes))
    dice, mask, upper, flag = read_position(rules, dice, rolls_left, card)
    if opponents:
        # Check the goal before any table is loaded, so that a typo answers at once.
        with about("opponents"):
            as_plain_rules(rules)
            _, opponents = player_positions(rules, Position(card.score, tuple(card.open_boxes)), opponents)
    asked_box = asked_box_index(rules, card, mask, rolls_left, box)
    g = game_arrays(rules)
    # Where work must stay short: refused before a long first solve or target, in one sentence for both.
    if values is None:
        check_advice(rules, g.state(mask, upper, flag), target is not None and target > card.score)
    elif target is not None and target > card.score:
        check_target(rules, g.state(mask, upper, flag))
    values = state_values(rules) if values is None else values
    turn = solve_turn(g, mask, upper, flag, values)
    roll = ROLL_INDEX[dice]
    keep_vals = turn.k2 if rolls_left == 2 else turn.k1
    rows, asked = option_rows(rules, card, (mask, upper, flag), dice, rolls_left, lambda b: turn.box_values[b, roll],
                              keep_vals.__getitem__, g.rule_args, asked_box)
    goal = None
    if target is not None or opponents:
        best_expected = max(row["expected_final"] for row in rows)
        goal, chances = goal_chances(rules, card, (mask, upper, flag), roll, rolls_left, target, opponents)
        for row, chance in zip(rows, chances):
            row["goal_chance"] = float(chance)
        # Equal chances (to rounding) keep the expected-score order.
        rows.sort(key=lambda row: (-round(row["goal_chance"], 12), -row["expected_final"]))
        for row in rows:
            row["gives_up"] = best_expected - row["expected_final"]
            row["goal_gives_up"] = rows[0]["goal_chance"] - row["goal_chance"]
    else:
        rank_by_expected_score(rows)
    return Advice(rules, dice, rolls_left, card, tuple(rows), asked, goal)


def goal_chances(rules: Rules, card: ScoreCard, state: tuple[int, int, int], roll: int, rolls_left: int, target,
                 opponents):
    """(goal label, chance of the goal after each option, in the order advise() lists the options).

    ``state``: the card's (mask, upper total, flag) as read_position checked it.
    """
    mask, upper, flag = state
    g = game_arrays(rules)
    if target is not None and target <= card.score:
        # Already there: every choice keeps it, exactly.
        n_options = (int((box_outcomes(g, mask, upper, flag)[0][:, roll] >= 0).sum()) if rolls_left == 0
                     else int(TABLES.n_roll_keeps[roll]))
        return f"reach {target}", [1.0] * n_options
    if target is not None:
        goal = goal_rows(rules, g.state(mask, upper, flag))
        table, rows = goal.values, goal.rows
        top = table.shape[1] - 1
        x = top - min(max(target - card.score, 0), top)
        label = f"reach {target}"
    else:
        rules = as_plain_rules(rules)
        me, opponents = player_positions(rules, Position(card.score, tuple(card.open_boxes)), opponents)
        table, rows = win_values(rules, me, opponents, remaining_values(rules)), None
        top, x = table.shape[1] - 1, card.score
        label = "beat " + " and ".join(str(o) for o in opponents)
    gains, follows = box_outcomes(g, mask, upper, flag, rows)
    if rolls_left == 0:
        # The boxes the rules allow, in card order, as option_rows lists them.
        return label, [table[follows[box, roll], min(x + int(gains[box, roll]), top)]
                       for box in range(len(rules.boxes)) if gains[box, roll] >= 0]
    turn = goal_turn(gains, follows, table, x)
    keep_vals = turn.k2 if rolls_left == 2 else turn.k1
    return label, [keep_vals[keep] for keep in TABLES.roll_keeps[roll, :TABLES.n_roll_keeps[roll]]]


def opening_keeps(rules: Rules | str = "yacht_kr", values: np.ndarray | None = None):
    """The best keep for every first roll of the game (two rolls left, every box open), most likely rolls first.

    Columns: roll, chance (of throwing it), best keep, expected final score, runner-up keep, margin.
    """
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

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
