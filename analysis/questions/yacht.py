"""Yacht's questions as a player asks them: the best keep or box for the dice on the table, each box's odds.

>>> advise(rules("yacht_kr"), "6 6 6 2 1", "2").rolls_left
2
"""

from __future__ import annotations

from analysis.errors import about
from analysis.house_rules import read_rules
from analysis.questions.read import number
from analysis.seeds import SEED_LIMIT

#: The ranges of the numbers of the advisor (the page's fields; the rules check a card's totals).
ROLLS = (int, 0, 2, "the rolls left")
POINTS = (int, -10 ** 6, 10 ** 6, "the points")


def rules(preset: str = "yacht_kr", house=(), joker: str | None = None):
    """The rules of ``preset`` with the ``house`` rules (``FIELD=VALUE`` each) and Yahtzee's ``joker`` rule."""
    return read_rules("yacht", preset or "yacht_kr", list(house), **({"joker": joker} if joker else {}))


def _whole(value, spec, field: str):
    if value is None or isinstance(value, int):
        return value
    with about(field):
        return number(value, *spec)


def advise(rules, dice: str, rolls_left, open_boxes: str = "all", upper=0, yacht_bonus: bool = False, score=0,
           box: str | None = None, target=None, opponents=()):
    """The best keep (rolls left) or box (none left) for ``dice`` on this card, ranked by the expected final
    score, by the chance of reaching ``target``, or of beating ``opponents`` (``SCORE:BOX,BOX`` each)."""
    # lazy: keeps numpy out of the command line's start-up
    from analysis.yacht.advice import advise as advise_keep
    from analysis.yacht.card import ScoreCard, open_boxes_from

    rolls_left = _whole(rolls_left, ROLLS, "rolls")
    upper, score = _whole(upper, POINTS, "upper"), _whole(score, POINTS, "score")
    target = _whole(target if target != "" else None, POINTS, "target")
    with about("open"):
        boxes = open_boxes_from(rules, open_boxes or "all")
    card = ScoreCard(boxes, upper, yacht_bonus, score)
    return advise_keep(rules, dice, rolls_left, card, box=box, target=target, opponents=tuple(opponents))


def odds(rules):
    """Each box's chance and expected points within one turn (a table, one row a box)."""
    from analysis.yacht.odds import box_odds  # lazy: keeps numpy out of the command line's start-up

    return box_odds(rules)


#: The range of a simulation's games.
GAMES = (int, 2, 10_000_000, "the number of games")


def read_seed(value) -> int:
    """A seed as the toolkit reads every seed (0 to 2**63 - 1)."""
    return _whole(value, (int, 0, SEED_LIMIT - 1, "the seed"), "seed")


def simulate(rules, strategy: str = "optimal", games=10_000, seed=0):
    """Seeded whole solitaire games under ``strategy`` (optimal, greedy or common)."""
    # lazy: keeps numba and pandas out of the command line's start-up
    from analysis.yacht.simulate import simulate as play

    rules = globals()["rules"](rules) if isinstance(rules, str) else rules
    games, seed = _whole(games, GAMES, "games"), read_seed(seed)
    return play(rules, games=games, seed=seed, strategy=strategy)


def simulate_dict(*args, **kwargs) -> dict:
    """:func:`simulate`'s result as the JSON answer gives it (a job's answer)."""
    return simulate(*args, **kwargs).to_dict()
