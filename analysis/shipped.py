"""The tables shipped inside the package, read by one reader with the store's checks.

The package carries what takes minutes to hours to build: the dice-bidding solves
(``analysis/bluff/solved/``), Brag's multi-player solves (``analysis/brag/solved/``) and the
backgammon nets (``analysis/backgammon/weights/``). Each is a store file (:mod:`analysis.store`),
keyed like any stored table by its kind's version, rules and parameters, and read here by the
store's own reader (``check_table``): a file that is cut short, has a flipped bit, holds another
table or was built for another version of its kind is refused in one sentence, never trusted. A
caller that then answers from anything else says so (``why``), so a refused table is never
silently replaced by a weaker one.
"""

from __future__ import annotations

import os
from pathlib import Path

from analysis.errors import InvalidArgument
from analysis.store import ANY, Store, TableKind, check_table, refusal

#: The largest shipped file read (the 5v5 solves are a few MB; a net's file a few hundred kB).
MAX_BYTES = 64 * 2 ** 20


def shipped_table(root: str | os.PathLike, kind: TableKind, rules, params: dict) -> tuple[dict | None, str | None]:
    """The package's table of ``kind`` for ``rules`` and ``params`` under ``root``: (arrays, None) when sound,
    (None, None) when the package holds none, (None, why) when its file is refused."""
    arrays, problem = Store(root).read(kind, rules, params)
    return arrays, None if problem is None else refusal(problem)


def read_table_file(path: str | os.PathLike, kind: TableKind, what: str) -> tuple[dict, dict]:
    """(header, arrays) of the table file at ``path`` (any rules and parameters: the caller checks them), or one
    sentence naming ``what`` the file should be ("The weights file ... is refused: ...")."""
    path = Path(path)
    if not path.is_file():      # a folder, a device (/dev/full reads forever) or nothing at all
        raise InvalidArgument(f"The {what} {path} is not a file.")
    if path.stat().st_size > MAX_BYTES:
        raise InvalidArgument(f"The {what} {path} is over {MAX_BYTES // 2 ** 20} MB, more than any table the "
                              f"package ships.")
    try:
        blob = path.read_bytes()
    except OSError as error:
        raise InvalidArgument(f"The {what} {path} cannot be read ({error.strerror or error}).") from error
    header, arrays, problem = check_table(blob, kind, ANY, ANY)
    if problem is not None:
        if header is not None and header.get("kind") != kind.name:
            problem = f"it is not a {what} (it holds a table of kind {header.get('kind')})"
        raise InvalidArgument(f"The {what} {path} is refused: {refusal(problem)}.")
    return header, arrays


class Refused(InvalidArgument):
    """A shipped table the reader refused, where the question needs it: its one sentence says which and why."""
