"""The position a backgammon command asks about: its flags (``--id``, ``--position``, ``--xgid``, ``--match-id``, the
cube and the match score) and the :class:`analysis.backgammon.ids.Setup` read from them, for the table commands
(``cli.backgammon``) and the trained net's (``cli.backgammon_net``) alike."""

from __future__ import annotations

from analysis.cli.common import bounded
from analysis.questions.backgammon import ids_of, setup  # noqa: F401 - ids_of: the commands read it here

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
    """The position, its cube and the match score the flags ask about (:func:`analysis.questions.backgammon.setup`)."""
    return setup(rules, id=args.id, position=getattr(args, "position", None), xgid=args.xgid, match_id=args.match_id,
                 cube=args.cube, owner=args.owner, match=args.match, score=args.score, crawford=args.crawford)
