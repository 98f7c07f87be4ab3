"""The backgammon page: the legal plays of a roll ranked by the evaluator, its chances and cube
answer, the race and bear-off cube answers, shots and entry.

Answered by ``odds backgammon moves`` and ``hint`` (the plays ranked by the trained net, at the
look-ahead chosen), ``eval`` and ``cube`` (the net's five chances and its cube answer), ``race``
and ``bearoff`` (these two apply only to a race and a bear-off, and say so otherwise), ``shots``
and ``entry``.
"""

from __future__ import annotations

from functools import partial

from analysis.backgammon.rules import preset
from analysis.errors import OddsError
from analysis.questions import backgammon as ask
from analysis.web.forms import Field

TITLE = "Backgammon"
SHORT = "Backgammon"
BLURB = "Backgammon, Dutch, Acey-Deucey: legal plays, shots, entry, race and cube."

FIELDS = (
    Field("preset", "Game", "--rules", "select", "backgammon",
          (("backgammon", "Backgammon"), ("dutch", "Dutch"), ("acey_deucey", "Acey-Deucey")), words=("preset",)),
    Field("id", "Position ID", "--id", "text", "", hint="GNU Backgammon's, e.g. 4HPwATDgc/ABMA",
          words=("position id",)),
    Field("position", "Or the notation", "--position", "text", "",
          hint='POINT:CHECKERS, yours / theirs: "6:5 8:3 13:5 24:2 / 6:5 8:3 13:5 24:2"; empty: the opening',
          words=("position", "checker", "point", "bar"), max_length=300),
    Field("roll", "Roll", "--roll", "dice", "", hint="two dice: 31, 66", words=("roll",)),
    Field("ply", "Evaluator's look-ahead", "--ply", "select", "0",
          (("0", "0-ply (the net alone)"), ("1", "1-ply (every reply roll)")), words=("look-ahead", "plies")),
    Field("cube", "Cube", "--cube", "number", "1", words=("cube",)),
    Field("owner", "Cube owner", "--owner", "select", "",
          (("", "centre"), ("on_roll", "you (on roll)"), ("opponent", "the opponent")), words=("owner",)),
    Field("distance", "Shot: pips to the blot", "--distance", "number", "", hint="1-24", words=("distance",)),
    Field("blocks", "Blocking points between", "--blocks", "text", "", hint="distances, e.g. 4,6",
          words=("block",)),
    Field("closed", "Entry: closed points", "--closed", "number", "", hint="0-6", words=("closed",)),
    Field("on_bar", "Checkers on the bar", "--on-bar", "number", "1", words=("on the bar",)),
)

#: Answers that apply to some positions only: their sentence is a note, not an error of the form.
NOTES = ("race", "bearoff")


def position_of(values):
    """The position asked about (the opening when none is given), or None when it cannot be read
    (the form's answer says why)."""
    # lazy: keeps numpy out of the page's start-up until a board is drawn
    from analysis.backgammon.position import Position

    try:
        if values["id"]:
            return Position.from_id(values["id"])
        if values["position"]:
            return Position.from_notation(values["position"])
        return Position.opening(values["preset"] or "backgammon")
    except OddsError:
        return None


def _has_cube(name: str) -> bool:
    """Do the rules ``name`` play with the doubling cube? (A name that is no preset: asked, and refused.)"""
    try:
        return preset(name).cube
    except OddsError:
        return True


def questions(values) -> list[tuple[str, list[str], object]]:
    """What this form asks: each answer's name, its command line, its work (:mod:`analysis.questions.backgammon`)."""
    position = (["--id", values["id"]] if values["id"] else
                ["--position", values["position"]] if values["position"] else [])
    cube = ["--cube", values["cube"] or "1"] + (["--owner", values["owner"]] if values["owner"] else [])
    preset, ply = values["preset"] or "backgammon", ["--ply", values["ply"] or "0"]

    def rules():
        return ask.rules(preset)

    def setup(with_cube: bool = True, opening: bool = True):
        return ask.setup(rules() if opening else None, id=values["id"] or None,
                         position=None if values["id"] else values["position"] or None,
                         cube=(values["cube"] or "1") if with_cube else None,
                         owner=(values["owner"] or None) if with_cube else None)

    def evaluation():
        return ask.evaluation(rules(), setup(), values["ply"] or "0")[0]

    asked = []
    if values["roll"]:
        asked.append(("moves", ["backgammon", "moves", *position, *cube, "--roll", values["roll"], "--rules", preset],
                      lambda: ask.moves(rules(), setup(), values["roll"])))
        asked.append(("hint", ["backgammon", "hint", *position, *cube, "--roll", values["roll"], *ply,
                               "--preset", preset],
                      lambda: _with_ids(ask.hint(rules(), setup(), values["roll"], values["ply"] or "0"), setup())))
    asked.append(("eval", ["backgammon", "eval", *position, *cube, *ply, "--preset", preset], evaluation))
    if _has_cube(preset):
        asked.append(("cube_net", ["backgammon", "cube", *position, *cube, *ply, "--preset", preset],
                      lambda: _with_ids(ask.cube(rules(), setup(), values["ply"] or "0"), setup())))
    if position:
        asked.append(("race", ["backgammon", "race", *position], lambda: ask.race(setup(False, False))))
        asked.append(("bearoff", ["backgammon", "bearoff", *position, *cube, "--preset", preset],
                      lambda: ask.bearoff(rules(), setup(opening=False))))
    if values["distance"]:
        asked.append(("shots", ["backgammon", "shots", "--distance", values["distance"], "--blocks", values["blocks"]],
                      lambda: ask.shots(values["distance"], values["blocks"])))
    if values["closed"]:
        asked.append(("entry", ["backgammon", "entry", "--closed", values["closed"], "--on-bar",
                                values["on_bar"] or "1"],
                      lambda: ask.entry(values["closed"], values["on_bar"] or "1")))
    return asked


def _with_ids(result, setup) -> dict:
    """A result with the position's IDs beside it, as the command's JSON gives them."""
    return {**result.to_dict(), **ask.ids_of(setup)}


def charts(values) -> dict:
    """The shots chart (with the blocks given) and the entry chart, when those figures are asked; in a
    race the race chart, and in a bear-off each home board's distribution of rolls (by kind, each a
    function giving its rules, none here, and its inputs)."""
    kinds = {}
    position = position_of(values)
    if position is not None and position.is_race():
        kinds["race"] = lambda: (None, {})
        homes = [side[:6] for side in (position.on_roll, position.opponent) if 0 < sum(side[:6]) == sum(side)]
        if homes:       # every checker of a side in its home board: its bear-off's distribution of rolls
            counts = [" ".join(map(str, home)) for home in homes]
            kinds["bearoff"] = lambda: (None, {"counts": counts})
    if values["distance"]:
        kinds["shots"] = lambda: (None, {"blocks": [values["blocks"]] if values["blocks"] else []})
    if values["closed"]:
        kinds["entry"] = lambda: (None, {})
    return kinds


#: Long questions, run as jobs with progress and a Cancel button: name -> (title, its form's fields).
JOBS = {"match": ("Games between bots", (
    Field("preset", "Game", "--preset", "select", "backgammon", FIELDS[0].choices, words=("preset", "rules")),
    Field("bots", "Bots", "--bots", "text", "net,pips",
          hint="two or more of net, net:ply1, pips, random; each pair plays", words=("bot",)),
    Field("games", "Games", "--games", "number", "1000", hint="1-1,000,000 (net: about 200 a second)",
          words=("games",)),
    Field("seed", "Seed", "--seed", "number", "1", words=("seed",)),
    Field("with_cube", "With the cube", "--cube", "checkbox", words=("cube",)),
))}


def job(name: str, values) -> tuple[list[str], object]:
    """The job ``name`` (a match between bots): its command line (``odds backgammon match``) and its work, its
    values read first (a wrong one raises its sentence before the job starts)."""
    preset, games, seed = values["preset"] or "backgammon", values["games"] or "1000", values["seed"] or "1"
    argv = (["backgammon", "match", "--preset", preset, "--bots", values["bots"], "--games", games, "--seed", seed]
            + (["--cube"] if values["with_cube"] else []))
    games = ask.read_whole(games, ask.GAMES, "games")
    seed = ask.read_seed(seed)
    return argv, partial(ask.match_dicts, preset, values["bots"], games, seed, bool(values["with_cube"]))
