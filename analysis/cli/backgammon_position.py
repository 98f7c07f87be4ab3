"""The position a backgammon command asks about: its flags (``--id``, ``--position``, ``--xgid``, ``--match-id``, the
cube and the match score) and the :class:`analysis.backgammon.ids.Setup` read from them, for the table commands
(``cli.backgammon``) and the trained net's (``cli.backgammon_net``) alike."""

from __future__ import annotations

from analysis.cli.common import bounded
from analysis.errors import InvalidArgument, InvalidPosition

#: Example positions for the help: the opening, and a bear-off race (for bearoff and race).
OPENING = ("4HPwATDgc/ABMA", "6:5 8:3 13:5 24:2 / 6:5 8:3 13:5 24:2")
BEAR_OFF = ("YAAAGAQAAAAAAA", "1:2 6:1 / 6:2")


def add_position(parser, required: bool = False, cube: bool = True, example: tuple = OPENING,
                 match: bool = False) -> None:
    """The flags that name a position (one of ``--id``, ``--position``, ``--xgid``), with the cube's where the answer
    depends on it and the match score's where the command answers at a score (``match``)."""
    group = parser.add_mutually_exclusive_group(required=required)
    group.add_argument("--id", help=f"GNU Backgammon position ID, e.g. {example[0]} (side on roll as gnubg shows)")
    group.add_argument("--position", help=f'readable notation, e.g. "{example[1]}"')
    group.add_argument("--xgid", help="eXtreme Gammon's XGID=... (position, cube, turn, score, match length)")
    parser.add_argument("--match-id", default=None,
                        help="GNU Backgammon match ID beside --id (cube, turn, score, match length, Crawford)")
    if cube:
        parser.add_argument("--cube", type=bounded(int, 1, 64, "the cube"), default=None,
                            help="cube value 1-64 (1, 2, 4, ...; above 1 and centred only after opening ties)")
        parser.add_argument("--owner", default=None, help="cube owner: centre (default), on_roll or opponent")
    else:           # the answer does not depend on the cube: do not accept one only to ignore it
        parser.set_defaults(cube=None, owner=None)
    if match:
        parser.add_argument("--match", type=bounded(int, 1, 25, "the match length"), default=None,
                            help="match length in points (1-25); with --score, answers in match-winning chances")
        parser.add_argument("--score", default=None,
                            help="points so far as MINE-THEIRS, the side on roll first (4-2: it has 4); "
                                 "goes with --match")
        crawford = parser.add_mutually_exclusive_group()
        crawford.add_argument("--crawford", action="store_true", default=None,
                              help="this is the Crawford game (the default when one side alone is 1-away)")
        crawford.add_argument("--post-crawford", dest="crawford", action="store_false",
                              help="the Crawford game has been played (one side 1-away)")
    else:
        parser.set_defaults(match=None, score=None, crawford=None)


def setup_from_args(args, rules=None):
    """The position, its cube and the match score asked about (an :class:`analysis.backgammon.ids.Setup`)."""
    # lazy: keeps numpy out of the command line's start-up
    from analysis.backgammon.ids import Setup, read_match_id, read_xgid
    from analysis.backgammon.position import Position  # lazy: keeps numpy out of the command line's start-up

    if args.match_id is not None and args.id is None:
        raise InvalidArgument("A match ID goes with a position ID; give --id ID --match-id MATCH_ID.")
    from_id = args.xgid is not None or args.match_id is not None
    if from_id and (args.cube is not None or args.owner is not None):
        raise InvalidArgument("The XGID or match ID already holds the cube; leave out --cube and --owner.")
    if from_id and (args.match is not None or args.score is not None or args.crawford is not None):
        raise InvalidArgument("The XGID or match ID already holds the score; leave out --match, --score and "
                              "--crawford.")
    if args.xgid is not None:
        return read_xgid(args.xgid)
    if args.match_id is not None:
        return read_match_id(args.match_id, args.id)
    owner = args.owner or "centre"       # a bad value or owner is reported by Position
    value = 1 if args.cube is None else args.cube
    if args.id is not None:
        position = Position.from_id(args.id, value, owner)
    else:
        if args.position is not None:
            position = Position.from_notation(args.position)
        elif rules is not None:
            position = Position.opening(rules)
        else:
            raise InvalidArgument("No position given; pass --id ID, --xgid XGID or --position \"6:5 ... / 6:5 ...\".")
        if args.cube is not None or args.owner:
            position = Position(position.on_roll, position.opponent, value, owner)
    if (args.match is None) != (args.score is None):
        raise InvalidArgument("A match score needs both --match N (the length) and --score MINE-THEIRS.")
    if args.match is None:
        if args.crawford is not None:
            raise InvalidArgument("--crawford and --post-crawford go with a match score (--match N --score A-B).")
        return Setup(position)
    from analysis.backgammon.met import match_score  # lazy: keeps backgammon.met out of the command line's start-up

    score = match_score(args.match, args.score, args.crawford)
    return Setup(position, args.match, (args.match - score.mine, args.match - score.theirs),
                 score.game == "crawford")


def score_of(setup):
    """The match :class:`analysis.backgammon.met.Score` of ``setup`` (None: a money game)."""
    if not setup.is_match:
        return None
    from analysis.backgammon.met import match_score  # lazy: keeps backgammon.met out of the command line's start-up

    return match_score(setup.length, setup.score, setup.crawford if (setup.length - setup.score[0] == 1) != (
        setup.length - setup.score[1] == 1) else None)


def ids_of(setup) -> dict:
    """The position's ids for a JSON answer (None where the position has none, e.g. Dutch's start)."""
    try:
        return setup.to_dict()
    except InvalidPosition:
        return {"xgid": None, "position_id": None, "match_id": None}
