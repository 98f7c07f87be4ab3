"""Matches as .mat text (the Jellyfish match format GNU Backgammon imports and exports), written and read.

A file holds one match::

     5 point match

     Game 1
     net : 0                            pips : 0
      1)                                31: 8/5 6/5
      2) 64: 24/18 13/9                 52: 13/8 13/11
      3)  Doubles => 2                   Takes
      ...
          Wins 2 points

The first player's actions fill the left column, the second's the right; a move is the dice
and each checker's hop from the mover's own side, the bar being 25 and off 0, ``*`` a hit;
the cube's actions are ``Doubles => n``, ``Takes`` and ``Drops`` (a drop by the left-hand player has
the winner's ``Wins`` on its line, as GNU Backgammon writes it). The reader finds the right
column where the second player's name starts on the score line, as the file's author laid it out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from analysis.errors import InvalidArgument

_LEFT = 30          # width of the left column after the "NNN) " move number
_PREFIX = 5


@dataclass
class MatGame:
    """A game read from a .mat file: the score before it, the actions (side 0 left, 1 right) and the result.

    ``actions``: ("move", side, (d1, d2), "24/18 13/9"), ("double", side, value), ("take", side),
    ("drop", side); ``winner`` and ``points`` from the "Wins" line.
    """

    score: tuple
    actions: list = field(default_factory=list)
    winner: int = -1
    points: int = 0


@dataclass
class MatMatch:
    length: int
    players: tuple
    games: list


def mat_move(notation: str) -> str:
    """The .mat form of a play's notation: one hop per checker, bar 25 and off 0 ("bar/22 6/off(2)" ->
    "25/22 6/0 6/0")."""
    if notation == "no legal move":
        return ""
    hops = []
    for word in notation.split():
        count = 1
        repeat = re.fullmatch(r"(.+)\((\d)\)", word)
        if repeat:
            word, count = repeat.group(1), int(repeat.group(2))
        points = word.replace("bar", "25").replace("off", "0").split("/")
        for _ in range(count):
            for start, end in zip(points, points[1:]):
                hops.append(f"{start.rstrip('*')}/{end}")
    return " ".join(hops)


def _cell(action) -> str:
    kind = action[0]
    if kind == "move":
        return f"{action[2][0]}{action[2][1]}: {action[3]}".rstrip()
    if kind == "double":
        return f" Doubles => {action[2]}"
    return " Takes" if kind == "take" else " Drops"


def write_mat(match: MatMatch) -> str:
    """The .mat text of ``match``."""
    a, b = match.players
    lines = [f" {match.length} point match", ""]
    for number, game in enumerate(match.games, 1):
        lines += [f" Game {number}", f"{f' {a} : {game.score[0]}':<{_PREFIX + _LEFT}}{b} : {game.score[1]}"]
        rows: list[list] = []
        for action in game.actions:
            side = action[1]
            if side == 0 or not rows or rows[-1][1] is not None:     # the left player starts a line
                rows.append([None, None])
            rows[-1][side] = _cell(action)
        total = sum(g.points if g.winner == 0 else 0 for g in match.games[:number])
        other = sum(g.points if g.winner == 1 else 0 for g in match.games[:number])
        won = f"Wins {game.points} point{'s' if game.points != 1 else ''}"
        if max(total, other) >= match.length:
            won += " and the match"
        # The left player's drop: the right player's win goes on the same line, as GNU Backgammon writes
        # it (a line of its own there would be read as a further action).
        same_line = bool(game.actions) and game.actions[-1][:2] == ("drop", 0)
        if same_line:
            rows[-1][1] = won
        for index, (left, right) in enumerate(rows, 1):
            left = left or ""
            text = f"{index:3d}) {left:<{_LEFT}}{' ' if len(left) >= _LEFT else ''}{right or ''}"
            lines.append(text.rstrip())
        if not same_line:
            lines.append(f"      {won}" if game.winner == 0 else f"{'':<{_PREFIX + _LEFT}}{won}")
        lines.append("")
    return "\n".join(lines) + "\n"


def read_mat(text: str) -> MatMatch:
    """The match a .mat text holds (the layout :func:`write_mat` writes, and the columns of other authors)."""
    # lines starting with ";" are tags ("; [EventDate ...]", as GNU Backgammon writes them)
    lines = [line for line in text.splitlines() if not line.lstrip().startswith(";")]
    header = next((re.match(r"\s*(\d+)\s+point\s+match", line) for line in lines if line.strip()), None)
    if header is None:
        raise InvalidArgument("The file is not a .mat match: its first line must be 'N point match'.")
    length = int(header.group(1))
    games: list[MatGame] = []
    players: tuple = ()
    right = _PREFIX + _LEFT
    for line in lines:
        score = re.match(r"^\s*(\S.*?)\s*:\s*(\d+)\s+(\S.*?)\s*:\s*(\d+)\s*$", line)
        if re.match(r"^\s*Game\s+\d+\s*$", line):
            games.append(MatGame((0, 0)))
        elif score and games and not games[-1].actions:
            players = (score.group(1), score.group(3))
            right = line.index(score.group(3), line.index(":") + 1)
            games[-1].score = (int(score.group(2)), int(score.group(4)))
        elif games and re.match(r"^\s*\d+\)", line):
            start = line.index(")") + 1
            for side, cell in _cells(line, start, right):
                if cell.startswith("Wins"):
                    games[-1].winner, games[-1].points = side, _points(cell)
                else:
                    games[-1].actions.append(_read_cell(cell, side, line))
        elif games and "Wins" in line:
            games[-1].winner = 0 if line.index("Wins") < right else 1
            games[-1].points = _points(line)
    if not games:
        raise InvalidArgument("The .mat text holds no game.")
    return MatMatch(length, players, games)


#: Where a cell of a numbered line begins: the dice of a move, or a word of the cube or the result.
_CELL_START = re.compile(r"\b(?:[1-6][1-6]:|Doubles|Takes|Accepts|Drops|Passes|Refuses|Wins)")


def _cells(line: str, start: int, right: int) -> list:
    """(side, text) of each cell of a numbered line. A long left-hand move may run into the right
    column, so cells are found by how they begin; a cell starting left of ``right`` is the left player's."""
    starts = [m.start() for m in _CELL_START.finditer(line, start)]
    if not starts and line[start:].strip():
        raise InvalidArgument(f"'{line.strip()}' in the .mat text holds no move or cube action.")
    cells = []
    for begin, end in zip(starts, starts[1:] + [len(line)]):
        cells.append((0 if begin < right else 1, line[begin:end].strip()))
    return cells


def _points(text: str) -> int:
    won = re.search(r"Wins\s+(\d+)\s+point", text)
    if won is None:
        raise InvalidArgument(f"'{text.strip()}' in the .mat text is not a game's result (Wins N points).")
    return int(won.group(1))


def _read_cell(cell: str, side: int, line: str):
    move = re.fullmatch(r"(\d)(\d):\s*(.*)", cell)
    if move:
        return ("move", side, (int(move.group(1)), int(move.group(2))), move.group(3).strip())
    double = re.fullmatch(r"Doubles\s*=>\s*(\d+)", cell)
    if double:
        return ("double", side, int(double.group(1)))
    if cell in ("Takes", "Accepts"):
        return ("take", side)
    if cell in ("Drops", "Passes", "Refuses"):
        return ("drop", side)
    raise InvalidArgument(f"'{cell}' in the .mat line '{line.strip()}' is not a move or a cube action.")

