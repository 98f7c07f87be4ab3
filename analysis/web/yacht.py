"""The Yacht page: which dice to keep (or which box to write), and each box's odds in a turn.

Answered by ``odds yacht advise`` (ranked by the chance of reaching a target or beating an
opponent when one is given) and ``odds yacht odds``.
"""

from __future__ import annotations

import functools
import re
from functools import partial

from analysis.errors import OddsError, about
from analysis.house_rules import read_rules
from analysis.questions import yacht as ask
from analysis.questions.read import number
from analysis.web.forms import Field
from analysis.yacht.rules import preset as yacht_preset

TITLE = "Yacht"
SHORT = "Yacht"
BLURB = "Korean Yacht, Clubhouse, Yahtzee, Yatzy: the best keep and each keep's value."

PRESETS = (("yacht_kr", "Korean Yacht"), ("clubhouse", "Clubhouse Yacht"), ("yahtzee", "Yahtzee"), ("yatzy", "Yatzy"))

FIELDS = (
    Field("preset", "Game", "--preset", "select", "yacht_kr", PRESETS, words=("preset",)),
    Field("dice", "Your five dice", "--dice", "dice", "", hint="tap the faces, or type them: 6 6 6 2 1",
          words=("dice", "die")),
    Field("rolls", "Rolls left", "--rolls-left", "select", "2", (("2", "2 (after the first roll)"), ("1", "1"),
                                                              ("0", "0 (choose a box)")), words=("roll",)),
    Field("open", "Open boxes", "--open", "boxes", "", hint="none ticked: every box is open",
          words=("box", "open")),
    Field("score", "Points so far", "--score", "number", "0", words=("score",)),
    Field("upper", "Upper section so far", "--upper", "number", "0", words=("upper",)),
    Field("bonus", "The yacht box already scored", "--yacht-bonus", "checkbox", words=("bonus",),
          inputs=("yacht_bonus",)),
    Field("target", "Target score", "--target", "number", "", hint="optional: rank by the chance to reach it",
          words=("target",)),
    Field("opponent", "An opponent", "--opponent", "text", "", hint='optional, SCORE:BOX,BOX: "190:Choice,Aces"',
          words=("opponent",), max_length=300, inputs=("opponents",)),
)


@functools.cache
def rejects() -> dict[str, tuple[str, ...]]:
    """The fields each game has no use for, by preset (hidden while it is chosen): the upper section
    where there is no upper bonus, the yacht box scored where there is no yacht bonus."""
    found = {}
    for name, _ in PRESETS:
        rules = yacht_preset(name)
        found[name] = tuple(field for field, used in (("upper", rules.has_upper_bonus), ("bonus", rules.has_yacht_bonus))
                            if not used)
    return found


def box_names(preset: str) -> list[str]:
    """The boxes of ``preset`` in card order (none for a name that is not a preset)."""
    try:
        return [box.name for box in yacht_preset(preset or "yacht_kr").boxes]
    except OddsError:
        return []


def questions(values) -> list[tuple[str, list[str], object]]:
    """What this form asks: each answer's name, its command line, its work (:mod:`analysis.questions.yacht`)."""
    rules = ["--preset", values["preset"] or "yacht_kr"]
    argv = ["yacht", "advise", *rules, "--dice", values["dice"], "--rolls-left", values["rolls"] or "2",
            "--open", values["open"] or "all", "--score", values["score"] or "0", "--upper", values["upper"] or "0"]
    argv += ["--yacht-bonus"] if values["bonus"] else []
    argv += ["--target", values["target"]] if values["target"] else []
    argv += ["--opponent", values["opponent"]] if values["opponent"] else []

    def advise():
        return ask.advise(ask.rules(values["preset"]), values["dice"], values["rolls"] or "2", values["open"] or "all",
                          values["upper"] or "0", bool(values["bonus"]), values["score"] or "0",
                          target=values["target"] or None,
                          opponents=[values["opponent"]] if values["opponent"] else ())

    return [("advise", argv, advise),
            ("odds", ["yacht", "odds", *rules], lambda: ask.odds(ask.rules(values["preset"])))]


def charts(values) -> dict:
    """Each box's odds in a turn; on a fresh card with rolls left, every keep of this roll too; the
    final score's distribution and the chance to reach each score (by kind, each a function giving its
    rules and inputs, read when it is drawn)."""
    def rules():
        return read_rules("yacht", values["preset"] or "yacht_kr")

    def keeps():
        with about("rolls"):
            rolls = number(values["rolls"], int, 1, 2, "the rolls left")
        return rules(), {"dice": values["dice"], "rolls_left": rolls}

    kinds = {"boxes": lambda: (rules(), {})}
    if not values["open"] and values["score"] in ("", "0") and values["rolls"] in ("1", "2"):
        kinds["keeps"] = keeps
    # A whole game's final score under optimal play, and the chance of reaching each score.
    kinds["distribution"] = lambda: (rules(), {})
    kinds["reach"] = lambda: (rules(), {})
    return kinds


#: Long questions, run as jobs with progress and a Cancel button: name -> (title, its form's fields).
JOBS = {"simulate": ("Whole games, simulated", (
    Field("preset", "Game", "--preset", "select", "yacht_kr", PRESETS, words=("preset",)),
    Field("strategy", "Strategy", "--strategy", "select", "optimal",
          (("optimal", "optimal"), ("greedy", "greedy"), ("common", "a common player's")), words=("strategy",)),
    Field("games", "Games", "--games", "number", "10000", hint="2-10,000,000", words=("games",)),
    Field("seed", "Seed", "--seed", "number", "0", words=("seed",)),
))}


def job(name: str, values) -> tuple[list[str], object]:
    """The job ``name`` (seeded whole games): its command line (``odds yacht simulate``) and its work, its
    values read first (a wrong one raises its sentence before the job starts)."""
    preset, strategy = values["preset"] or "yacht_kr", values["strategy"] or "optimal"
    games, seed = values["games"] or "10000", values["seed"] or "0"
    argv = ["yacht", "simulate", "--preset", preset, "--strategy", strategy, "--games", games, "--seed", seed]
    with about("games"):
        games = number(games, *ask.GAMES)
    with about("seed"):
        seed = ask.read_seed(seed)
    return argv, partial(ask.simulate_dict, preset, strategy, games, seed)


#: A box's row of the advice, as the library labels it: "Six Beans for 18", "Sixes for 18 (+35 bonus)".
_WRITTEN = re.compile(r"^(?P<box>.+) for (?P<points>\d+)(?: \(\+(?P<extra>\d+) bonus\))?$")


def next_roll(values, answers: dict) -> dict | None:
    """The turn one step on, for the "next roll" step under the advice, as it says to play: with rolls
    left, the dice kept (tap the new ones beside them) and one roll fewer; with none, its box written
    (the box closed, its points and bonus added to the score and the upper section) and a new turn's
    first roll to tap. None when the answer is not the advice, or writes the last open box."""
    advice = answers.get("advise")
    if not advice or not advice.get("options"):
        return None
    best, rolls = advice["best"], int(advice["rolls_left"])
    if rolls:
        kept = ("" if best == "reroll all" else " ".join(map(str, advice["dice"])) if best.startswith("keep all")
                else best.removeprefix("keep "))
        return {**values, "dice": kept, "rolls": str(rolls - 1)}
    written = _WRITTEN.match(best)
    left = [box for box in advice["open"] if written is None or box != written["box"]]
    if written is None or not left:
        return None

    rules = yacht_preset(values["preset"] or "yacht_kr")
    box = rules.boxes[rules.box_index(written["box"])]
    points = int(written["points"])
    upper = int(advice["upper_total"]) + (points if box.is_upper else 0)
    yacht_scored = bool(values["bonus"]) or (rules.box_index(box.name) == rules.yacht_box and points > 0)
    return {**values, "dice": "", "rolls": "2", "open": ",".join(left),
            "score": str(int(advice["score_so_far"]) + points + int(written["extra"] or 0)),
            "upper": str(upper) if rules.has_upper_bonus else "0",
            "bonus": "1" if yacht_scored and rules.has_yacht_bonus else ""}
