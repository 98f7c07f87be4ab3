"""The neural evaluator: a position's outcome probabilities and equity, and every play of a roll ranked.

The net (encoding and training in :mod:`analysis.backgammon._net` and
:mod:`analysis.backgammon.training`) is trained by self-play for each preset and shipped in
``analysis/backgammon/weights/``. It sees a position from the side on roll, before it rolls,
and gives gnubg's five probabilities: win, win a gammon, win a backgammon, lose a gammon,
lose a backgammon (each gammon figure includes the backgammons), plus the cubeless equity
(Acey-Deucey: the payout by checkers left, from a sixth output). Where both sides are in the
two-sided bear-off database (up to 6 checkers each, all home) the exact values replace the
net's (in Acey-Deucey only the win chance: the database does not count checkers left).

``ply`` 1 and 2 look ahead: the 21 rolls are averaged and, for each roll, the side on roll
plays the 0-ply net's choice, whose position is then valued at one ply less.

One question at 0-ply (a hint of up to ``MOST_PLAIN_POSITIONS`` plays, one evaluation) runs the
forward pass (``net_rules``) as plain Python: no compiler starts, and the answer comes in a
fraction of a second in a fresh process. Look-ahead, more positions, or a process that has
already loaded the compiled copies (``_net``) use those: the same text, compiled.

>>> from analysis.backgammon.position import Position
>>> ev = evaluate("backgammon", Position.opening())
>>> 0.4 < ev.win < 0.6
True
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import numpy as np

from analysis.backgammon.bearoff import TWO_SIDED_CHECKERS, _ways, two_sided_held, two_sided_piece
from analysis.backgammon.cost import COMPILE_SECONDS, check_evaluator
from analysis import budget
from analysis.compile_notice import compiling
from analysis.errors import InvalidArgument
from analysis.store import Store
from analysis.backgammon import net_rules
from analysis.backgammon.moves import _check_playable, legal_plays, parse_roll
from analysis.backgammon.position import Position
from analysis.backgammon.rules import BackgammonRules, preset
from analysis.backgammon.weights import load_weights, shipped_path

PLIES = (0, 1, 2)
#: The most plays a 2-ply hint values (each takes 21 x 21 replies: tens of milliseconds).
MOST_TWO_PLY_PLAYS = 60
#: The most positions a 0-ply question values as plain Python (1-3 ms each); beyond, the compiled
#: kernels are loaded (about a second from numba's cache), which is then the quicker way.
MOST_PLAIN_POSITIONS = 400
_COMPILED = "analysis.backgammon._net"
_NO_DATABASE = np.zeros((1, 1))
NAMES = ("win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon")


@dataclass(frozen=True, eq=False)
class Net:
    """A loaded net for one preset, with the bear-off table it defers to (read from the store when first needed)."""

    rules: BackgammonRules
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    record: dict
    path: Path = field(default=None)
    store: Store | None = None

    @cached_property
    def db_win(self) -> np.ndarray:
        return database(self.rules, self.store)[0]

    @cached_property
    def ways(self) -> np.ndarray:
        return _ways(TWO_SIDED_CHECKERS)

    def _reads_database(self, kernels, boards) -> bool:
        """Does valuing ``boards`` read the database? The compiled kernels always do; the plain forward
        pass only for a board in it (a question in the middle game then does not read the 7 MB table)."""
        return kernels is not net_rules or any(min(net_rules._db_rank(b, 0, self.ways),
                                                   net_rules._db_rank(b, 26, self.ways)) >= 0 for b in boards)

    def _database_for(self, kernels, boards) -> np.ndarray:
        """The win table, or an empty one where it is not read (the kernels see no difference)."""
        return self.db_win if self._reads_database(kernels, boards) else _NO_DATABASE

    def _check_cost(self, kernels, boards, ply: int, *names) -> None:
        """Where work must stay short (a page): refuse a first build of the database or a first compile
        before either starts, saying how long it would take (:mod:`analysis.backgammon.cost`)."""
        if budget.current() is None:        # the command line and notebooks wait: nothing to check
            return
        database = not self.rules.pay_per_checker_left and self._reads_database(kernels, boards)
        what = "looking a roll ahead" if ply else "using the evaluator"
        check_evaluator(what, database, _compiled(kernels, *names), self.store)

    @property
    def rule_codes(self) -> np.ndarray:
        r = self.rules
        return np.array([r.variant_code, r.gammon_value, r.backgammon_value, int(r.backgammon_needs_gammon)],
                        dtype=np.int64)

    @property
    def features(self) -> bool:
        """Whether the net reads the hand-made features after the raw encoding (its first layer's rows say)."""
        return self.w1.shape[0] > net_rules.RAW_INPUTS

    def layers(self):
        return self.w1, self.b1, self.w2, self.b2

    def boards_value(self, boards: np.ndarray, ply: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """Outputs (n, 6) of boards (kernel layout) seen by their side on roll, and whether each is exact
        (both sides in the two-sided bear-off database)."""
        kernels = _kernels(_ply(ply), boards.shape[0], self.store)
        used = ("evaluate_batch", "positions_value") if ply else ("evaluate_batch",)
        self._check_cost(kernels, _boards(kernels, boards), ply, *used)
        with compiling("the evaluator", COMPILE_SECONDS, *_compiled(kernels, *used)):
            boards = _boards(kernels, boards)
            outputs, exact = kernels.evaluate_batch(*self.layers(), boards, self._database_for(kernels, boards),
                                                    self.ways)
            if ply:
                outputs = kernels.positions_value(*self.layers(), boards, self.rule_codes, self.db_win, self.ways, ply)
        return outputs, exact

    def plays_value(self, afters: np.ndarray, extra: np.ndarray, ply: int = 0) -> np.ndarray:
        """The mover's outputs (n, 6) after each play (boards in the mover's view)."""
        kernels = _kernels(_ply(ply), afters.shape[0], self.store)
        self._check_cost(kernels, _boards(kernels, afters), ply, "plays_value")
        if kernels is net_rules:
            afters = _boards(net_rules, afters)
            return net_rules.plays_value0(*self.layers(), afters, extra, self.rule_codes,
                                          self._database_for(net_rules, afters), self.ways)
        with compiling("the evaluator", COMPILE_SECONDS, kernels.plays_value):
            return kernels.plays_value(*self.layers(), afters, extra, self.rule_codes, self.db_win, self.ways, ply)

    def equities(self, outputs: np.ndarray) -> np.ndarray:
        r = self.rules
        if r.pay_per_checker_left:
            return 30.0 * (outputs[:, net_rules.PAYOUT] - 0.5)
        return (2 * outputs[:, 0] - 1 + (r.gammon_value - 1) * (outputs[:, 1] - outputs[:, 3])
                + (r.backgammon_value - r.gammon_value) * (outputs[:, 2] - outputs[:, 4]))


def _ply(ply) -> int:
    if isinstance(ply, bool) or ply not in PLIES:
        raise InvalidArgument(f"A look-ahead of {ply!r} plies is not offered; use 0, 1 or 2.")
    return int(ply)


def _kernels(ply: int, positions: int, store: Store | None = None):
    """``net_rules`` as plain Python for one small 0-ply question, else the compiled kernels (``_net``).
    Once loaded, the compiled kernels answer quicker, but they read the bear-off database for every
    position: while it is not at hand, a small 0-ply question still runs plain (which reads it only
    for a board in it), so it never waits for the database's first build."""
    if ply == 0 and positions <= MOST_PLAIN_POSITIONS and (_COMPILED not in sys.modules
                                                           or not two_sided_held("win", store)):
        return net_rules
    from analysis.backgammon import _net  # lazy: keeps numba out of a table question's start-up

    return _net


def _boards(kernels, boards: np.ndarray) -> np.ndarray:
    """Boards for ``kernels``: int64 for the plain forward pass (numpy's int8 sums would wrap around)."""
    return boards.astype(np.int64) if kernels is net_rules else boards


def _compiled(kernels, *names):
    """The kernels that may compile on this call (none when the plain forward pass answers)."""
    return [getattr(kernels, name) for name in names] if kernels is not net_rules else []


_NETS: dict = {}


def load_net(rules: BackgammonRules | str = "backgammon", path=None, store: Store | None = None) -> Net:
    """The shipped net of ``rules``'s preset (or the weights file ``path``), checked on load, once a process."""
    rules = preset(rules)
    base = _base_preset(rules)
    path = Path(path) if path is not None else shipped_path(base)
    key = (rules, str(path), str(store.root) if store else None)
    if key not in _NETS:
        arrays, record = load_weights(path, base)
        _NETS[key] = Net(rules, arrays["w1"], arrays["b1"], arrays["w2"], arrays["b2"], record, path, store)
    return _NETS[key]


def database(rules: BackgammonRules, store: Store | None = None):
    """(win table, rank table) of the two-sided bear-off database, or empty ones where it does not apply.

    Acey-Deucey pays by checkers left, which the database (a win chance) does not give.
    """
    if rules.pay_per_checker_left:
        return np.zeros((1, 1)), _ways(TWO_SIDED_CHECKERS)
    return two_sided_piece("win", store)["win"], _ways(TWO_SIDED_CHECKERS)


def _base_preset(rules: BackgammonRules) -> str:
    """The preset whose net plays ``rules``: the one with the same move rules and scoring."""
    names = {0: "backgammon", 1: "dutch", 2: "acey_deucey"}
    name = names[rules.variant_code]
    if rules.pay_per_checker_left != preset(name).pay_per_checker_left:
        raise InvalidArgument(f"No net is trained for the rules '{rules.name}': its moves are "
                              f"{name}'s but it scores games differently.")
    return name


@dataclass(frozen=True)
class Evaluation:
    """Outcome probabilities of the side on roll (before it rolls) and its cubeless equity."""

    position: Position
    rules: BackgammonRules
    probabilities: tuple      # win, win gammon, win backgammon, lose gammon, lose backgammon
    equity: float
    ply: int
    exact: bool               # True: the two-sided bear-off database gave the probabilities

    @property
    def win(self) -> float:
        return self.probabilities[0]

    def to_dict(self) -> dict:
        data = {"rules": self.rules.name, "notation": self.position.notation(), "ply": self.ply,
                "exact": self.exact, **dict(zip(NAMES, self.probabilities)), "equity": self.equity}
        if not self.position.on_roll[25] and not self.position.opponent[25]:
            data["position_id"] = self.position.position_id()
        return data

    def __str__(self) -> str:
        source = "exact bear-off database" if self.exact else f"net, {self.ply}-ply"
        return (f"{self.position.notation()} ({self.rules.name}, side on roll, {source})\n"
                f"{_probability_line(self.probabilities)}\n"
                f"cubeless equity {self.equity:+.3f}")


def _probability_line(p) -> str:
    return (f"win {100 * p[0]:.1f}% (gammon {100 * p[1]:.1f}%, backgammon {100 * p[2]:.1f}%), "
            f"lose {100 * (1 - p[0]):.1f}% (gammon {100 * p[3]:.1f}%, backgammon {100 * p[4]:.1f}%)")


def evaluate(rules: BackgammonRules | str, position: Position, ply: int = 0, store: Store | None = None,
             net: Net | None = None) -> Evaluation:
    """The probabilities and cubeless equity of ``position`` for its side on roll."""
    rules = preset(rules)
    _check_playable(position, rules)
    net = net or load_net(rules, store=store)
    outputs, exact = net.boards_value(position.board_array()[None, :], ply)
    return Evaluation(position, rules, tuple(float(v) for v in outputs[0, :5]), float(net.equities(outputs)[0]),
                      _ply(ply), bool(exact[0]))


@dataclass(frozen=True)
class RankedPlay:
    play: str
    equity: float
    loss: float                 # equity given up against the best play
    probabilities: tuple
    position: Position          # after the play (opponent to roll, or the mover again after a 1-2)
    extra_roll: bool = False
    mwc: float | None = None    # at a match score: the mover's match-winning chance (``loss`` then in it too)


@dataclass(frozen=True)
class Hint:
    """Every legal play of a roll, best first, valued at ``ply``."""

    position: Position
    rules: BackgammonRules
    roll: tuple
    ply: int
    plays: tuple
    score: object = None        # a match score (analysis.backgammon.met.Score): plays ranked by match chances

    def to_dict(self) -> dict:
        rows = []
        for rank, p in enumerate(self.plays, 1):
            row = {"rank": rank, "play": p.play, "equity": p.equity, "loss": p.loss,
                   **dict(zip(NAMES, p.probabilities))}
            if p.mwc is not None:
                row["mwc"] = p.mwc
            if p.extra_roll:
                row["extra_roll"] = True
            rows.append(row)
        data = {"rules": self.rules.name, "notation": self.position.notation(), "roll": list(self.roll),
                "ply": self.ply, "count": len(rows), "plays": rows}
        if self.score is not None:
            data.update(away=[self.score.mine, self.score.theirs], game=self.score.game)
        return data

    def __str__(self) -> str:
        match = self.score is not None
        ranking = ("match-winning chance of the side playing (loss in it), cube as it is" if match
                   else "equity of the side playing, cubeless")
        head = f"{len(self.plays)} plays of {self.roll[0]}{self.roll[1]} ({self.rules.name}, {self.ply}-ply), best first; "
        lines = [head + ranking, f"{'':>3}  {'play':<28} {'equity':>7} {'loss':>7}   win  w-g  w-bg   l-g  l-bg"
                 + ("    MWC" if match else "")]
        for rank, p in enumerate(self.plays, 1):
            q = p.probabilities
            lines.append(f"{rank:>3}. {p.play:<28} {p.equity:+7.3f} {-p.loss if p.loss else 0.0:7.3f} "
                         f"{100 * q[0]:5.1f} {100 * q[1]:4.1f} "
                         f"{100 * q[2]:5.1f} {100 * q[3]:5.1f} {100 * q[4]:5.1f}"
                         + (f" {100 * p.mwc:5.1f}%" if match else ""))
        return "\n".join(lines)


def hint(rules: BackgammonRules | str, position: Position, roll, ply: int = 0, store: Store | None = None,
         net: Net | None = None) -> Hint:
    """Every legal play of ``roll`` (the move generator's list), ranked by equity at ``ply``."""
    rules = preset(rules)
    dice = parse_roll(roll)
    ply = _ply(ply)
    plays = legal_plays(rules, position, dice)
    if ply == 2 and len(plays) > MOST_TWO_PLY_PLAYS:
        raise InvalidArgument(f"The roll has {len(plays)} plays; looking two plies ahead from each would take "
                              f"minutes (at most {MOST_TWO_PLY_PLAYS} plays are looked at so deep); use --ply 1.")
    net = net or load_net(rules, store=store)
    afters = np.array([_mover_view(p) for p in plays.plays], dtype=np.int8).reshape(-1, 52)
    extra = np.array([p.extra_roll for p in plays.plays], dtype=np.bool_)
    outputs = net.plays_value(afters, extra, ply)
    equities = net.equities(outputs)
    best = float(equities.max())
    ranked = [RankedPlay(p.notation, float(e), best - float(e), tuple(float(v) for v in o[:5]), p.result, p.extra_roll)
              for p, e, o in zip(plays.plays, equities, outputs)]
    order = sorted(range(len(ranked)), key=lambda i: (-ranked[i].equity, i))
    return Hint(position, rules, dice, ply, tuple(ranked[i] for i in order))


def _mover_view(play) -> tuple:
    """The board after ``play`` from the mover's side (the kernels' layout)."""
    after = play.result if play.extra_roll else play.result.swapped()
    return after.on_roll + after.opponent
