"""Backgammon's questions as a player asks them: the position (an ID, an XGID, the notation), its cube and the
match score read into a :class:`analysis.backgammon.ids.Setup`, and each question's answer as ``odds backgammon
... --json`` gives it (the position's IDs beside it).

>>> shots(6, "")["rolls"]
17
>>> moves(rules("backgammon"), setup(rules("backgammon")), "31")["roll"]
[3, 1]
"""

from __future__ import annotations

from itertools import combinations

from analysis.errors import InvalidArgument, InvalidPosition, about
from analysis.house_rules import read_rules
from analysis.questions.read import number
from analysis.seeds import SEED_LIMIT

#: The ranges of the numbers a backgammon question takes (the command's flags and the page's fields alike).
CUBE = (int, 1, 64, "the cube")
MATCH = (int, 1, 25, "the match length")
PLY = (int, 0, 2, "the look-ahead")
DISTANCE = (int, 1, 24, "the distance")
CLOSED = (int, 0, 6, "closed points")
ON_BAR = (int, 1, 15, "checkers on the bar")


def rules(preset: str = "backgammon", house=()):
    """The rules of ``preset`` with the ``house`` rules (``FIELD=VALUE`` each)."""
    return read_rules("backgammon", preset or "backgammon", list(house))


def read_whole(value, spec, field: str):
    """``value`` (a number, or its text) within ``spec`` = (kind, low, high, what); its error is about ``field``."""
    if isinstance(value, int):
        return value
    with about(field):
        return number(value, *spec)


def setup(rules=None, *, id=None, position=None, xgid=None, match_id=None, cube=None, owner=None, match=None,
          score=None, crawford=None):
    """The position, its cube and the match score asked about (an :class:`analysis.backgammon.ids.Setup`): a
    position ID (``id``, with GNU Backgammon's ``match_id`` beside it), the notation (``position``) or an ``xgid``;
    none: the opening of ``rules``. ``cube``, ``match``: numbers or their text."""
    # lazy: keeps numpy out of the command line's start-up
    from analysis.backgammon.ids import Setup, read_match_id, read_xgid
    from analysis.backgammon.position import CUBE_OWNERS, Position

    named = [name for name, value in (("id", id), ("position", position), ("xgid", xgid)) if value is not None]
    if len(named) > 1:
        raise InvalidArgument("Give the position one way: a position ID, the notation or an XGID, not two.",
                              field=named[-1])
    if match_id is not None and id is None:
        raise InvalidArgument("A match ID goes with a position ID; give --id ID --match-id MATCH_ID.",
                              field="match_id")
    source = "xgid" if xgid is not None else "match_id"
    if (xgid is not None or match_id is not None) and (cube is not None or owner is not None):
        raise InvalidArgument(f"The {'XGID' if xgid is not None else 'match ID'} already holds the cube and its "
                              "owner; give neither beside it.", field="cube" if cube is not None else "owner")
    if (xgid is not None or match_id is not None) and (match is not None or score is not None
                                                       or crawford is not None):
        raise InvalidArgument(f"The {'XGID' if xgid is not None else 'match ID'} already holds the match score; "
                              "give no match length or score beside it.",
                              field="match" if match is not None else "score" if score is not None else "crawford")
    if xgid is not None or match_id is not None:
        with about(source):
            return read_xgid(xgid) if xgid is not None else read_match_id(match_id, id)
    cube = None if cube in (None, "") else read_whole(cube, CUBE, "cube")
    match = None if match in (None, "") else read_whole(match, MATCH, "match")
    score = None if score == "" else score
    owner = owner or "centre"       # a bad owner, or a cube that does not exist, is reported by Position
    value = 1 if cube is None else cube
    if id is not None:
        with about("id"):
            position = Position.from_id(id)
    elif position is not None:
        with about("position"):
            position = Position.from_notation(position)
    elif rules is not None:
        position = Position.opening(rules)
    else:
        raise InvalidArgument("No position given; pass --id ID, --xgid XGID or --position \"6:5 ... / 6:5 ...\".",
                              field="position")
    if cube is not None or owner != "centre":
        # An owner that does not exist, or an owned cube of 1, is the owner's fault; a cube of 3 the cube's.
        with about("owner" if owner not in CUBE_OWNERS or (value == 1 and owner != "centre") else "cube"):
            position = Position(position.on_roll, position.opponent, value, owner)
    if (match is None) != (score is None):
        raise InvalidArgument("A match score needs both the match length and the score so far (MINE-THEIRS, "
                              "e.g. 4-2).", field="score" if score is None else "match")
    if match is None:
        if crawford is not None:
            raise InvalidArgument("--crawford and --post-crawford go with a match score (--match N --score A-B).",
                                  field="crawford")
        return Setup(position)
    # lazy: keeps the match equity table out of the command line's start-up
    from analysis.backgammon.met import match_score

    with about("score"):
        score = match_score(match, score, crawford)
    return Setup(position, match, (match - score.mine, match - score.theirs),
                 score.game == "crawford")


def score_of(setup):
    """The match :class:`analysis.backgammon.met.Score` of ``setup`` (None: a money game)."""
    if not setup.is_match:
        return None
    # lazy: keeps the match equity table out of the command line's start-up
    from analysis.backgammon.met import match_score

    return match_score(setup.length, setup.score, setup.crawford if (setup.length - setup.score[0] == 1) != (
        setup.length - setup.score[1] == 1) else None)


def ids_of(setup) -> dict:
    """The position's ids for a JSON answer (None where the position has none, e.g. Dutch's start)."""
    try:
        return setup.to_dict()
    except InvalidPosition:
        return {"xgid": None, "position_id": None, "match_id": None}


def plays(rules, setup, roll: str):
    """Every distinct legal play of ``roll`` (:class:`analysis.backgammon.moves.LegalPlays`)."""
    # lazy: keeps numpy out of the command line's start-up
    from analysis.backgammon.moves import legal_plays, parse_roll

    with about("roll"):
        parse_roll(roll)
    return legal_plays(rules, setup.position, roll)


def moves(rules, setup, roll: str) -> dict:
    """:func:`plays` as the JSON answer gives it, with the position's IDs."""
    return {**plays(rules, setup, roll).to_dict(), **ids_of(setup)}


def bearoff_sides(rules, setup, turn=None):
    """The cube's answer from the exact bear-off database (money play), and each side's bear-off odds."""
    # lazy: keeps numpy out of the command line's start-up
    from analysis.backgammon.bearoff import bearoff_odds, home_counts
    from analysis.backgammon.cube import cube_advice

    if setup.is_match:
        raise InvalidArgument("The bear-off answer is for money play; at a match score ask the cube's answer "
                              "(exact chances in the bear-off database, the cube by the score).", field="score")
    advice = cube_advice(rules, setup.position, turn=turn)
    mine, theirs = home_counts(setup.position)
    return advice, {"on_roll": bearoff_odds(mine), "opponent": bearoff_odds(theirs)}


def bearoff(rules, setup, turn=None) -> dict:
    """:func:`bearoff_sides` as the JSON answer gives it, with the position's IDs."""
    advice, sides = bearoff_sides(rules, setup, turn)
    return {**advice.to_dict(), **{name: odds.to_dict() for name, odds in sides.items()}, **ids_of(setup)}


def race(setup) -> dict:
    """Pip counts, Keith's and Thorp's counts and each formula's cube advice, in a race."""
    from analysis.backgammon import race as counts  # lazy: keeps numpy out of the command line's start-up

    position = setup.position
    if not position.is_race():
        raise InvalidPosition("The sides are still in contact; the race counts apply once every checker "
                              "has passed the opponent's.")
    mine, theirs = position.on_roll[:24], position.opponent[:24]
    return {"pips": list(position.pips()),
            "keith": [counts.keith_count(mine), counts.keith_count(theirs)],
            "thorp": [counts.thorp_count(mine), counts.thorp_count(theirs)],
            "advice": [f(mine, theirs).to_dict() for f in counts.FORMULAS.values()], **ids_of(setup)}


def shots(distance, blocks: str = "") -> dict:
    """The rolls (of 36) that hit a blot ``distance`` pips away, past blocking points at ``blocks``."""
    # lazy: keeps numpy out of the command line's start-up
    from analysis.backgammon.dice import parse_blocks, shots as hits

    distance = read_whole(distance, DISTANCE, "distance")
    with about("blocks"):
        rolls = hits(distance, blocks)
        where = sorted(parse_blocks(blocks))
    return {"distance": distance, "blocks": where, "rolls": rolls, "chance": rolls / 36}


def entry(closed, on_bar=1):
    """The chance of entering ``on_bar`` checkers against ``closed`` points."""
    from analysis.backgammon.dice import entry as enter  # lazy: keeps numpy out of the command line's start-up

    return enter(read_whole(closed, CLOSED, "closed"), read_whole(on_bar, ON_BAR, "on_bar"))


def _roll_of(setup, roll):
    from analysis.backgammon.moves import parse_roll  # lazy: keeps numpy out of the command line's start-up

    roll = roll or setup.dice
    if roll is None:
        raise InvalidArgument("No roll given; give the two dice rolled (31, 66), or an XGID or match ID with the "
                              "dice rolled.", field="roll")
    with about("roll"):
        parse_roll(roll)
    return roll


def hint(rules, setup, roll=None, ply=0, net=None):
    """Every legal play of ``roll`` (default: the XGID's dice) ranked by the trained net, weighed by the match
    score where there is one."""
    from analysis.backgammon.net import hint as ranked  # lazy: keeps numpy out of the command line's start-up

    roll, ply = _roll_of(setup, roll), read_whole(ply, PLY, "ply")
    score = score_of(setup)
    if score is None:
        return ranked(rules, setup.position, roll, ply=ply, net=net)
    from analysis.backgammon.match_cube import match_hint  # lazy: keeps numpy out of the command line's start-up

    return match_hint(rules, setup.position, roll, score, ply=ply, net=net)


def evaluation(rules, setup, ply=0, net=None):
    """The net's five chances and equity; at a match score, the match-winning chances too: (the JSON answer,
    its text)."""
    from analysis.backgammon.net import evaluate  # lazy: keeps numpy out of the command line's start-up

    ply = read_whole(ply, PLY, "ply")
    score = score_of(setup)
    if score is not None:
        # lazy: keeps numpy out of the command line's start-up
        from analysis.backgammon.match_cube import check_cube_at_score, check_match_rules

        check_match_rules(rules)
        with about("cube"):
            check_cube_at_score(setup.position, score)
    result = evaluate(rules, setup.position, ply=ply, net=net)
    data = {**result.to_dict(), **ids_of(setup)}
    text = str(result)
    if score is not None:
        # lazy: keeps numpy out of the command line's start-up
        from analysis.backgammon.match_cube import match_winning_chance, score_dict

        chances = match_winning_chance(rules, result, score)
        data.update(score_dict(score), **chances)
        game = {"crawford": " (Crawford game)", "post-crawford": " (post-Crawford)"}.get(score.game, "")
        text += (f"\nat {score.mine}-away against {score.theirs}-away{game}: match-winning chance "
                 f"{100 * chances['mwc']:.1f}% with the cube ({100 * chances['mwc_cubeless']:.1f}% cubeless)")
    return data, text


def cube(rules, setup, ply=0, net=None):
    """No double, double-take, double-pass or too good: money play, or at the match score."""
    from analysis.backgammon.cubeful import cube_decision  # lazy: keeps numpy out of the command line's start-up

    ply = read_whole(ply, PLY, "ply")
    score = score_of(setup)
    if score is None:
        return cube_decision(rules, setup.position, ply=ply, net=net)
    # lazy: keeps numpy out of the command line's start-up
    from analysis.backgammon.match_cube import match_cube_decision

    return match_cube_decision(rules, setup.position, score, ply=ply, net=net)


#: The ranges of a match between bots.
GAMES = (int, 1, 1_000_000, "the number of games")
MATCHES = (int, 1, 100_000, "the number of matches")


def read_seed(value) -> int:
    """A seed as the toolkit reads every seed (0 to 2**63 - 1)."""
    return read_whole(value, (int, 0, SEED_LIMIT - 1, "the seed"), "seed")


def match(rules, bots: str, games=None, seed_=0, cube: bool = False, points=None, matches=None, chunks=None,
          scheduler=None, weights=None) -> list:
    """Bots against each other, each pair of ``bots`` ("net,pips"): ``games`` money games (default 1,000), or
    ``matches`` matches to ``points`` with the cube (default 100); seeded, the same games on any scheduler."""
    # lazy: keeps numba out of the command line's start-up
    from analysis.backgammon.match import make_bot, match as money_games

    rules = globals()["rules"](rules) if isinstance(rules, str) else rules
    with about("bots"):
        names = [name.strip() for name in bots.split(",") if name.strip()]
        players = [make_bot(name, weights) for name in names]
        if len(players) < 2:
            raise InvalidArgument(f"A match needs two bots or more, not {len(players)}.")
    seed_ = read_seed(seed_)
    if points is None:
        games = 1000 if games in (None, "") else read_whole(games, GAMES, "games")
        return [money_games(rules, a, b, games, seed_, cube=cube, chunks=chunks, scheduler=scheduler)
                for a, b in combinations(players, 2)]
    from analysis.backgammon.match_play import play_matches  # lazy: keeps numba out of the command line's start-up

    if games is not None or cube:
        raise InvalidArgument("Matches to N points are played with the cube, by matches: use --matches, not "
                              "--games or --cube.", field="games")
    points = read_whole(points, MATCH, "points")
    matches = 100 if matches in (None, "") else read_whole(matches, MATCHES, "matches")
    return [play_matches(rules, a, b, points, matches, seed_, chunks=chunks, scheduler=scheduler)
            for a, b in combinations(players, 2)]


def match_dicts(*args, **kwargs) -> list[dict]:
    """:func:`match`'s results as the JSON answer gives them (a job's answer)."""
    return [result.to_dict() for result in match(*args, **kwargs)]
