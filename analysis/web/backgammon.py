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
    Field("xgid", "Or an XGID", "--xgid", "text", "",
          hint="eXtreme Gammon's: the position, the cube and the score, e.g. "
               "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10", words=("xgid",), max_length=80),
    Field("roll", "Roll", "--roll", "dice", "", hint="two dice: 31, 66", words=("roll",)),
    Field("ply", "Evaluator's look-ahead", "--ply", "select", "0",
          (("0", "0-ply (the evaluator alone)"), ("1", "1-ply (every reply roll)")), words=("look-ahead", "plies")),
    Field("cube", "Cube", "--cube", "number", "1", words=("cube",)),
    Field("owner", "Cube owner", "--owner", "select", "",
          (("", "centre"), ("on_roll", "you (on roll)"), ("opponent", "the opponent")), words=("owner",)),
    Field("match", "Match to", "--match", "number", "", hint="points, 1-25; empty: a money game",
          words=("match length",)),
    Field("score", "Score so far", "--score", "text", "", hint="yours-theirs, e.g. 2-1; with the match length",
          words=("score",), max_length=20),
    Field("distance", "Shot: pips to the blot", "--distance", "number", "", hint="1-24", words=("distance",)),
    Field("blocks", "Blocking points between", "--blocks", "text", "", hint="distances, e.g. 4,6",
          words=("block",)),
    Field("closed", "Entry: closed points", "--closed", "number", "", hint="0-6", words=("closed",)),
    Field("on_bar", "Checkers on the bar", "--on-bar", "number", "1", words=("on the bar",)),
)

#: The words of the answers a newcomer may not know (under "Words used here").
WORDS = (
    ("Equity", "what a game is worth on average to the side on roll, in points: +1 a sure single win, -1 a sure "
               "single loss, a gammon counting 2 and a backgammon 3; cubeless: as if there were no cube"),
    ("The evaluator", "a neural network trained by playing itself, which rates a position by its five chances "
                      "(win, win a gammon or a backgammon, lose a gammon or a backgammon)"),
    ("Ply", "how far the evaluator looks ahead: 0-ply rates the position alone, 1-ply averages its rating over "
            "every roll of the reply"),
    ("3-away", "three points short of winning the match; the match-winning chance weighs each result by the "
               "score it leaves"),
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
        if values["xgid"]:
            xgid = _from_xgid(values)
            return None if xgid is None else xgid.position
        return Position.opening(values["preset"] or "backgammon")
    except OddsError:
        return None


def _from_xgid(values):
    """The XGID's position, cube, score and dice (a :class:`analysis.backgammon.ids.Setup`), or None
    when there is none or it cannot be read (the answer says why)."""
    # lazy: the ids' reader is needed only where an XGID is given.
    from analysis.backgammon.ids import read_xgid

    try:
        return read_xgid(values["xgid"]) if values["xgid"] else None
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
    position = [*(["--id", values["id"]] if values["id"] else []),
                *(["--position", values["position"]] if values["position"] else []),
                *(["--xgid", values["xgid"]] if values["xgid"] else [])]
    # An XGID holds the cube: the cube's fields count only when changed from their defaults (then refused).
    cube_value = None if values["xgid"] and values["cube"] in ("", "1") else values["cube"] or "1"
    cube = (["--cube", cube_value] if cube_value else []) + (["--owner", values["owner"]] if values["owner"] else [])
    match = [*(["--match", values["match"]] if values["match"] else []),
             *(["--score", values["score"]] if values["score"] else [])]
    preset, ply = values["preset"] or "backgammon", ["--ply", values["ply"] or "0"]
    xgid = _from_xgid(values)
    # The roll: as given, else the dice of the XGID.
    roll = values["roll"] or ("".join(map(str, xgid.dice)) if xgid is not None and xgid.dice else "")

    def rules():
        return ask.rules(preset)

    def setup(with_cube: bool = True, opening: bool = True, at_score: bool = False):
        return ask.setup(rules() if opening else None, id=values["id"] or None, position=values["position"] or None,
                         xgid=values["xgid"] or None, cube=cube_value if with_cube else None,
                         owner=(values["owner"] or None) if with_cube else None,
                         match=(values["match"] or None) if at_score else None,
                         score=(values["score"] or None) if at_score else None)

    def evaluation():
        return ask.evaluation(rules(), setup(at_score=True), values["ply"] or "0")[0]

    asked = []
    if roll:
        asked.append(("moves", ["backgammon", "moves", *position, *cube, "--roll", roll, "--rules", preset],
                      lambda: ask.moves(rules(), setup(), roll)))
        asked.append(("hint", ["backgammon", "hint", *position, *cube, *match, "--roll", roll, *ply,
                               "--preset", preset],
                      lambda: _with_ids(ask.hint(rules(), setup(at_score=True), roll, values["ply"] or "0"),
                                        setup(at_score=True))))
    asked.append(("eval", ["backgammon", "eval", *position, *cube, *match, *ply, "--preset", preset], evaluation))
    if _has_cube(preset):
        asked.append(("cube_net", ["backgammon", "cube", *position, *cube, *match, *ply, "--preset", preset],
                      lambda: _with_ids(ask.cube(rules(), setup(at_score=True), values["ply"] or "0"),
                                        setup(at_score=True))))
    if position:
        asked.append(("race", ["backgammon", "race", *position], lambda: ask.race(setup(False, False))))
        # The bear-off database answers money play: at a match score the cube's answer above holds it.
        if not match and not (xgid is not None and xgid.is_match):
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


#: The bots of a match, by the names a player reads (the command's names for them first).
BOTS = (("net", "the evaluator"), ("net:ply1", "the evaluator, a roll ahead"), ("pips", "a beginner"),
        ("random", "a random player"))
#: How each plays, in one line (beside its name on the page).
BOT_PLAYS = {
    "net": "plays the move the trained evaluator rates best",
    "net:ply1": "weighs each move against every roll of the reply first (slower)",
    "pips": "plays for the largest lead in pips, then the fewest blots",
    "random": "any legal move, each as likely",
}

#: Long questions, run as jobs with progress and a Cancel button: name -> (title, its form's fields).
JOBS = {"match": ("Games between bots", (
    Field("preset", "Game", "--preset", "select", "backgammon", FIELDS[0].choices, words=("preset", "rules")),
    Field("bots", "Bots", "--bots", "boxes", "net,pips",
          tuple((code, f"{name}: {BOT_PLAYS[code]}") for code, name in BOTS),
          hint="two or more; each pair plays", words=("bot",)),
    Field("games", "Games", "--games", "number", "1000", hint="1-1,000,000 (the evaluator: about 200 a second)",
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


def rejects() -> dict[str, tuple[str, ...]]:
    """The fields each game refuses, by game (hidden while it is chosen): the cube where it is not played."""
    return {value: () if _has_cube(value) else ("cube", "owner") for value, _ in FIELDS[0].choices}


#: The cube's owner seen from the other side, once the turn passes.
_OWNER_SWAPPED = {"": "", "on_roll": "opponent", "opponent": "on_roll"}


def next_roll(values, answers: dict) -> list[tuple[str, str, str]] | None:
    """The plays of the roll answered, best first, each with the position it leaves for the next roll
    (in the notation, from the seat of the side then on roll) and the cube's owner from that seat: the
    "next roll" step plays one and asks about the next roll. None without a ranked roll."""
    # lazy: the move generator (numpy) is read only where a ranked roll offers the next step.
    from analysis.backgammon.moves import legal_plays

    hint = answers.get("hint")
    position = position_of(values)
    if not hint or position is None or not values["roll"]:
        return None
    try:
        results = {play.notation: play for play in legal_plays(ask.rules(values["preset"] or "backgammon"),
                                                                  position, values["roll"]).plays}
    except OddsError:
        return None
    steps = []
    for ranked in hint["plays"]:
        play = results.get(ranked["play"])
        if play is not None:
            # Acey-Deucey's 1-2: the same side rolls again, so the next roll is asked from its seat.
            after = play.result.swapped() if play.extra_roll else play.result
            owner = values["owner"] if play.extra_roll else _OWNER_SWAPPED.get(values["owner"], "")
            steps.append((ranked["play"] or "no play", after.notation(), owner))
    return steps or None
