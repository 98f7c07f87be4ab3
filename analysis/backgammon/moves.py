"""Legal plays: every distinct position a roll can lead to.

>>> from analysis.backgammon.position import Position
>>> plays = legal_plays("backgammon", Position.opening(), "31")
>>> len(plays)
16
>>> "8/5 6/5" in plays.table["play"].tolist()
True
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from analysis.compile_notice import compiling
from analysis.errors import InvalidDice, InvalidPosition
from analysis.backgammon import move_rules
from analysis.backgammon.position import BAR, START, Position, pip_count
from analysis.backgammon.rules import BackgammonRules, preset


def parse_roll(roll) -> tuple[int, int]:
    """``"31"``, ``"3-1"``, ``"3 1"`` or ``(3, 1)`` as a pair of dice."""
    if isinstance(roll, (tuple, list)) and len(roll) == 2:
        dice = roll
    else:
        text = str(roll).strip().replace("-", "").replace(" ", "").replace(",", "")
        dice = list(text) if len(text) == 2 and text.isascii() and text.isdigit() else None
    try:
        pair = tuple(int(d) for d in dice) if dice is not None else ()
    except ValueError:
        pair = ()
    if len(pair) != 2 or not all(1 <= d <= 6 for d in pair):
        raise InvalidDice(f"'{roll}' is not a roll; a roll is two dice showing 1-6, e.g. 31 or 66.")
    return pair


@dataclass(frozen=True)
class Play:
    """One legal play: its notation, the dice it used and the position it leaves (opponent to roll)."""

    notation: str
    dice_used: int
    hits: int
    result: Position
    #: Acey-Deucey only: the double chosen after a 1-2 and whether the extra roll was earned.
    chosen_double: int = 0
    extra_roll: bool = False


@dataclass(frozen=True)
class Plays:
    """All distinct legal plays of a roll from a position."""

    position: Position
    roll: tuple
    rules: BackgammonRules
    plays: tuple

    def __len__(self) -> int:
        return len(self.plays)

    def rows(self) -> list[dict]:
        """One dict per play (the columns of :attr:`table`), built without pandas."""
        # One column for every play: a GNU Backgammon ID where each result has one, else the readable
        # notation (checkers still waiting to enter in Dutch or Acey-Deucey have no ID, and a roll
        # may leave some plays with such checkers and others without).
        ids = all(not (play.result.on_roll[START] or play.result.opponent[START]) for play in self.plays)
        rows = []
        for play in self.plays:
            row = {"play": play.notation, "dice_used": play.dice_used, "hits": play.hits,
                   "pips_after": play.result.pips()[1]}
            if ids:
                row["position_id"] = play.result.position_id()
            else:
                row["position"] = play.result.notation()
            if self.rules.acey_deucey_roll and sorted(self.roll) == [1, 2]:
                row["chosen_double"] = play.chosen_double
                row["extra_roll"] = play.extra_roll
            rows.append(row)
        return rows

    @property
    def table(self) -> "pd.DataFrame":
        import pandas as pd     # lazy: the CLI answer prints without pandas (a quick start)

        return pd.DataFrame(self.rows())

    def __str__(self) -> str:
        head = f"{len(self)} distinct plays of {self.roll[0]}{self.roll[1]} ({self.rules.name}):"
        rows = self.rows()
        if not rows:
            return head + "\nnone (the roll cannot be played)"
        columns = list(rows[0])
        cells = [[str(row[c]) for c in columns] for row in rows]
        widths = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(columns)]
        lines = ["  ".join(c.rjust(w) for c, w in zip(columns, widths))]
        lines += ["  ".join(v.rjust(w) for v, w in zip(r, widths)) for r in cells]
        return head + "\n" + "\n".join(lines)

    def to_dict(self) -> dict:
        return {"rules": self.rules.name, "roll": list(self.roll), "count": len(self), "plays": self.rows()}


_KERNELS = "analysis.backgammon._kernels"
#: Seconds numba takes to compile the move generator, then the Acey-Deucey 1-2 on top of it,
#: on the first run after install (idle machine; benchmarks/bench_backgammon.py measures them).
COMPILE_SECONDS, ACEY_DEUCEY_COMPILE_SECONDS = 7.4, 3.0


def legal_plays(rules: BackgammonRules | str, position: Position, roll) -> Plays:
    """Every distinct legal play of ``roll`` for the side on roll in ``position`` under ``rules``.

    One question runs the move generator (``move_rules``) as plain Python; once bulk work has
    loaded its compiled copy (``_kernels``) in the process, that is used instead: the same text.
    """
    rules = preset(rules)
    die1, die2 = parse_roll(roll)
    _check_playable(position, rules)
    board = position.board_array()
    generator = sys.modules.get(_KERNELS, move_rules)
    if rules.acey_deucey_roll and {die1, die2} == {1, 2}:
        with compiling("the Acey-Deucey move generator", COMPILE_SECONDS + ACEY_DEUCEY_COMPILE_SECONDS,
                       *_compiled(generator, "legal_plays", "acey_deucey_plays")):
            boards, steps, used, doubles, extra = generator.acey_deucey_plays(board)
        plays = []
        for i in range(boards.shape[0]):
            play = _make_play(position, boards[i], steps[i], int(used[i]))
            if doubles[i]:
                play = Play(f"{play.notation} (then {doubles[i]}{doubles[i]})", play.dice_used, play.hits,
                            play.result, chosen_double=int(doubles[i]), extra_roll=bool(extra[i]))
            plays.append(play)
    else:
        with compiling("the move generator", COMPILE_SECONDS, *_compiled(generator, "legal_plays")):
            boards, steps, used = generator.legal_plays(board, die1, die2, rules.variant_code)
        plays = [_make_play(position, boards[i], steps[i], used) for i in range(boards.shape[0])]
    return Plays(position, (die1, die2), rules, tuple(_order(plays)))


def _compiled(generator, *names):
    """The kernels that will compile on this call (none when the plain generator answers)."""
    return [getattr(generator, name) for name in names] if generator is not move_rules else []


def _order(plays):
    # The usual reading order: highest starting point first, as gnubg lists hint moves.
    return sorted(plays, key=lambda p: _sort_key(p.notation))


def _sort_key(notation: str):
    key = []
    for word in notation.split():
        start = word.split("/")[0]
        if "/" not in word:
            continue
        key.append(-(26 if start == "start" else 25 if start == "bar" else int(start)))
    return key, notation


def _check_playable(position: Position, rules: BackgammonRules) -> None:
    if sum(position.on_roll) == 0 or sum(position.opponent) == 0:
        raise InvalidPosition("The game is over (one side has borne off all 15 checkers); there is no "
                              "move to play.")
    waiting = position.on_roll[START] + position.opponent[START]
    if waiting and rules.standard_start:
        raise InvalidPosition(f"Checkers waiting to enter (start:{waiting}) exist only in Dutch and "
                                  "Acey-Deucey; choose --rules dutch or acey_deucey.")


def _make_play(position: Position, board, steps, used: int) -> Play:
    mine = tuple(int(c) for c in board[:26])
    theirs = tuple(int(c) for c in board[26:])
    result = Position(theirs, mine, position.cube_value, position.swapped().cube_owner)
    segments = []   # each: list of points (as labels) and the hit flags at each arrival
    hits = 0
    for step in steps:
        src, dst, hit = int(step[0]), int(step[1]), int(step[2])
        if src == move_rules.NO_STEP:
            continue
        hits += hit
        src_label = "bar" if src == BAR else "start" if src == START else str(src + 1)
        dst_label = "off" if dst < 0 else str(dst + 1)
        for segment in segments:
            if segment[-1][0] == src_label and src_label not in ("bar", "start"):
                segment.append((dst_label, hit))
                break
        else:
            segments.append([(src_label, 0), (dst_label, hit)])
    words = []
    for segment in segments:
        text = segment[0][0]
        for label, hit in segment[1:]:
            text += "/" + label + ("*" if hit else "")
        # Only the end points matter unless a hit happened on the way.
        if not any(hit for _, hit in segment[1:-1]):
            text = segment[0][0] + "/" + segment[-1][0] + ("*" if segment[-1][1] else "")
        words.append(text)
    words.sort(key=lambda w: _sort_key(w)[0])
    grouped = []
    for word in words:
        if grouped and grouped[-1][0] == word:
            grouped[-1][1] += 1
        else:
            grouped.append([word, 1])
    notation = " ".join(w if n == 1 else f"{w}({n})" for w, n in grouped) or "no legal move"
    return Play(notation, int(used), hits, result)


def pips_played(before: Position, play: Play) -> int:
    """Pips the mover's count fell by (less than the dice when a bear-off wasted pips)."""
    return pip_count(before.on_roll) - pip_count(play.result.opponent)
