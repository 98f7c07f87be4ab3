"""The on-disk store of solved tables: named by what they mean, keyed by what they hold, checked on load.

A game declares each kind of table it stores once, beside the code that builds it,
as a :class:`TableKind`: its name (``"brag/strengths"``: the game, then the table),
the arrays it holds (names, dtypes, shapes, cheap invariants such as probabilities
within [0, 1]) and its version: a whole number bumped by hand when a change alters
what the table holds (tests/golden/ builds every kind small and fails, naming the
kind, when its numbers change under the same version). It then asks the store for
a table by (kind, rules, parameters); the store, and only the store, turns that
into a file name.

A table's key is its file format, kind, kind version, rules and parameters: a
docstring, a rename, a moved file or a refactor that leaves the numbers alone
never makes a table stale. A file holds a small JSON header (that key, the package
version and when it was built, for the record, and a SHA-256 of the payload) and
the arrays as an ``.npz`` payload. A table is served from a file only when all of
these hold:

* the header is a JSON object with the expected fields and types;
* it was built for the same kind version, rules and parameters;
* the payload's checksum matches and its arrays have the declared names, dtypes
  and shapes and pass the declared invariants.

Anything else (a truncated file, a flipped bit, a header that is a list, a table
from older code, arrays of zeros, a folder where the file should be) is rebuilt,
with one line on stderr saying why. Files are written to a temporary name in the
same folder and renamed into place, so a crash or a second process building the
same table never leaves half a file. When the cache folder cannot be written (read
only, full, not a folder, ``ODDS_CACHE_DIR`` naming a place like ``/proc``) the
answer is computed without caching, and stderr says so once.

>>> import tempfile, numpy as np
>>> SQUARES = TableKind("demo/squares", {"sq": Array("int64", ("n",))}, version=1)
>>> store = Store(tempfile.mkdtemp())
>>> store.table(SQUARES, None, {"n": 4}, lambda: {"sq": np.arange(4) ** 2})["sq"].tolist()
[0, 1, 4, 9]
"""

from __future__ import annotations

import datetime
import hashlib
import io
import json
import os
import re
import sys
from dataclasses import asdict, dataclass, field, is_dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Mapping

import numpy as np

from analysis import __version__
from analysis.errors import InvalidArgument

#: Bump when the file layout itself changes (each kind of table carries its own version). Format 2 keyed a
#: table by a hash of its building modules' source text; 3 by the kind's version (scripts/restamp_shipped.py).
FORMAT_VERSION = 3
SUFFIX = ".podds"
_MAGIC = b"PODDS\x00"
_MAX_HEADER = 1 << 20

#: Every declared kind of table, by name (filled as game modules are imported).
KINDS: dict[str, "TableKind"] = {}
#: ``odds cache build`` steps by game: (what is built, function), declared with :func:`prepares`.
PREPARE_STEPS: dict[str, list[tuple[str, Callable[[], object]]]] = {}


def default_root() -> Path:
    """``$ODDS_CACHE_DIR`` if set, else ``~/.cache/parlour-odds``."""
    env = os.environ.get("ODDS_CACHE_DIR")
    if env:
        return Path(env)
    try:
        return Path.home() / ".cache" / "parlour-odds"
    except RuntimeError:  # no home folder known: a relative folder still works
        return Path(".cache") / "parlour-odds"


# ------------------------------------------------------------------------------- declaring tables

@dataclass(frozen=True)
class Array:
    """One array of a table: its dtype, its shape and the invariants its values keep.

    ``shape`` holds a number, ``None`` (any length) or the name of an integer
    parameter of the table for each axis. ``within`` bounds every value (e.g.
    probabilities: ``(0, 1)``); ``sums_to_one`` names an axis along which every
    slice is a distribution; ``nonzero`` says that an array of zeros only is a failed
    build (a solve that did not run), not a table. An ``optional`` array may be absent.
    """

    dtype: str
    shape: tuple = ()
    within: tuple[float, float] | None = None
    sums_to_one: int | None = None
    optional: bool = False
    nonzero: bool = False


@dataclass(frozen=True, eq=False)   # compared and hashed by identity: one declaration per kind
class TableKind:
    """A kind of stored table, declared once beside its builder.

    ``arrays`` maps each array's name to its :class:`Array` (or is a function of
    the parameters returning that mapping, for tables stored in parts). ``version``
    is part of every key: bump it when a change alters what the table holds (a
    fixed bug, another rounding, another seed schedule), never for a change that
    leaves the numbers alone. ``check`` is an extra invariant, ``check(arrays,
    params)``, returning what is wrong or None.
    """

    name: str
    arrays: Mapping[str, Array] | Callable[[Mapping], Mapping[str, Array]]
    version: int
    check: Callable[[Mapping, Mapping], str | None] | None = field(default=None, compare=False)

    def __post_init__(self):
        if not re.fullmatch(r"[a-z0-9_]+(/[a-z0-9_-]+)+", self.name):
            raise ValueError(f"table kind {self.name!r}: use lower-case words joined by '/', the game first")
        if not isinstance(self.version, int) or isinstance(self.version, bool) or self.version < 1:
            raise ValueError(f"table kind {self.name!r}: its version must be a whole number from 1, "
                             f"not {self.version!r}")
        KINDS[self.name] = self

    @property
    def game(self) -> str:
        return self.name.split("/", 1)[0]

    def layout(self, params: Mapping) -> Mapping[str, Array]:
        return self.arrays(params) if callable(self.arrays) else self.arrays


def prepares(game: str, what: str):
    """Declare a step of ``odds cache build GAME``: a function that builds tables the game's commands use.

    Put it in any module of ``analysis/<game>/`` (the command imports them all)::

        @prepares("brag", "hand strengths of every preset")
        def _prepare_strengths():
            for name in PRESETS:
                hand_table(name)
    """
    def register(function):
        steps = PREPARE_STEPS.setdefault(game, [])
        steps[:] = [step for step in steps if step[0] != what] + [(what, function)]
        return function
    return register


# ------------------------------------------------------------------------------------ the store

def chosen_store(store: "Store | None | bool" = None) -> "Store | None":
    """The store a public function was given, as every game reads its ``store=`` argument: None is the
    default store (``$ODDS_CACHE_DIR``), ``False`` no store at all (compute afresh and keep nothing),
    a :class:`Store` itself. A function resolves it once and passes the result down.

    >>> chosen_store(False) is None, type(chosen_store()).__name__
    (True, 'Store')
    """
    if store is None:
        return Store()
    return None if store is False else store


def stored_table(store: "Store | None | bool", kind: "TableKind", rules, params: Mapping | None, build) -> dict:
    """:meth:`Store.table` in the store a function was given (:func:`chosen_store`); under
    ``store=False`` the table is built afresh and not kept."""
    store = chosen_store(store)
    return build() if store is None else store.table(kind, rules, params, build)


class Store:
    """A folder of solved tables. See the module docstring for the guarantees."""

    def __init__(self, root: str | os.PathLike | None = None):
        self.root = Path(root) if root is not None else default_root()

    # A store is its folder: two Store objects of one folder are the same store (to caches too).
    def __eq__(self, other) -> bool:
        return isinstance(other, Store) and self.root == other.root

    def __hash__(self) -> int:
        return hash(self.root)

    def path(self, kind: TableKind, rules=None, params: Mapping | None = None) -> Path:
        """Where the table of ``kind`` for ``rules`` and ``params`` lives.

        The name is the rules' name (a readable label) and a digest of the exact rules
        and parameters, in lower case, so tables never share a file, even on a
        file system that ignores case.
        """
        digest = file_digest(_rules_key(rules), _canonical(params or {}))
        label = re.sub(r"[^a-z0-9]+", "_", str(getattr(rules, "name", rules) if rules is not None else "all").lower())
        return self.root.joinpath(*kind.name.split("/"), f"{label.strip('_')[:40] or 'rules'}-{digest}{SUFFIX}")

    def load(self, kind: TableKind, rules=None, params: Mapping | None = None,
             announce: bool = False) -> dict[str, np.ndarray] | None:
        """The stored arrays if the file is there, intact and built for this key by this code; else None.

        With ``announce`` (the caller rebuilds what is not served), a damaged or stale file is
        reported with the same stderr line as :meth:`table`.
        """
        stored, problem = self.read(kind, rules, params)
        if announce and problem is not None:
            _announce_rebuild(kind, rules, problem)
        return stored

    def save(self, kind: TableKind, rules, params: Mapping | None,
             arrays: Mapping[str, np.ndarray]) -> Path | None:
        """Check ``arrays`` against the kind's layout and write them atomically.

        Returns the file's path, or None (said on stderr) when the folder cannot be written or
        the arrays do not match the kind's declared layout.
        """
        params = params or {}
        arrays = {name: np.asarray(values) for name, values in arrays.items()}
        problem = check_arrays(kind, params, arrays)
        if problem is not None:
            # A bug in the builder or its declaration, not in the user's input: answer, but never store it.
            print(f"odds: not caching {kind.name}{_label(rules)}: the table just built does not match its "
                  f"declared layout ({problem}).", file=sys.stderr)
            return None
        buffer = io.BytesIO()
        np.savez(buffer, **arrays)
        payload = buffer.getvalue()
        header = json.dumps({
            "format": FORMAT_VERSION, "kind": kind.name, "version": kind.version, "rules": _rules_key(rules),
            "params": _canonical(params), "package": _package_version(),
            "built": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "sha256": hashlib.sha256(payload).hexdigest()}, sort_keys=True).encode()
        import tempfile   # lazy: only a build writes: a question answered from the store never needs it

        target = self.path(kind, rules, params)
        tmp = None
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=target.name, suffix=".tmp")
            with os.fdopen(fd, "wb") as out:
                out.write(_MAGIC + len(header).to_bytes(4, "little") + header + payload)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, target)
        except OSError as error:
            if tmp is not None:
                Path(tmp).unlink(missing_ok=True)
            if not target.is_dir():  # a folder in the file's place was reported as damage already
                _warn_unwritable(self.root, error)
            return None
        return target

    def table(self, kind: TableKind, rules, params: Mapping | None,
              build: Callable[[], Mapping[str, np.ndarray]]) -> dict[str, np.ndarray]:
        """The table for (kind, rules, params): from the store if it is sound, else built, saved and returned."""
        stored, problem = self.read(kind, rules, params)
        if stored is not None:
            return stored
        if problem is not None:
            _announce_rebuild(kind, rules, problem)
        arrays = {name: np.asarray(values) for name, values in build().items()}
        self.save(kind, rules, params, arrays)
        return arrays

    def _blob(self, kind: TableKind, rules, params) -> tuple[bytes | None, str | None]:
        """(the file's bytes, None); (None, None) when missing; (None, why) when it cannot be read."""
        path = self.path(kind, rules, params)
        try:
            return path.read_bytes(), None
        except (FileNotFoundError, NotADirectoryError):
            return None, None  # missing (or the cache folder itself is missing or a file)
        except IsADirectoryError:
            return None, f"the cached file is damaged (a folder is in its place: {path})"
        except OSError as error:
            return None, f"the cached file is damaged (it cannot be read: {error.strerror or error})"

    def read(self, kind: TableKind, rules, params) -> tuple[dict | None, str | None]:
        """(arrays, None) when sound; (None, None) when missing; (None, why) when it must be rebuilt."""
        params = params or {}
        blob, problem = self._blob(kind, rules, params)
        if blob is None:
            return None, problem
        return check_table(blob, kind, _rules_key(rules), _canonical(params))[1:]


# ------------------------------------------------------------------------ reading and checking

_HEADER_FIELDS = {"format": int, "kind": str, "version": int, "params": dict, "package": str, "built": str,
                  "sha256": str}
#: ``check_table``'s stand-in for "any rules" or "any parameters" (a file read by path, not looked up by key).
ANY = object()


def file_digest(rules_key, params_key) -> str:
    """The part of a file's name that tells tables apart: a digest of the exact rules and parameters."""
    return hashlib.sha256(json.dumps([rules_key, params_key], sort_keys=True).encode()).hexdigest()[:12]


def parse_file(blob: bytes) -> tuple[dict | None, bytes | None, str | None]:
    """(header, payload, None) for a file that is whole as written, else (None, None, why it is damaged)."""
    def damaged(reason: str):
        return None, None, f"the cached file is damaged ({reason})"

    if not blob.startswith(_MAGIC) or len(blob) < len(_MAGIC) + 4:
        return damaged("it is not a table file" if blob else "it is empty")
    start = len(_MAGIC) + 4
    size = int.from_bytes(blob[len(_MAGIC):start], "little")
    if size > min(_MAX_HEADER, len(blob) - start):
        return damaged("it is cut short")
    try:
        header = json.loads(blob[start:start + size])
    except (ValueError, UnicodeDecodeError):
        return damaged("its header is not JSON")
    if not isinstance(header, dict):
        return damaged(f"its header is a JSON {type(header).__name__}, not an object")
    if isinstance(header.get("format"), int) and header["format"] != FORMAT_VERSION:
        # Not damage: an older (or newer) release wrote it; it is rebuilt like a table of another version.
        return None, None, (f"the cached table was written in file format {header['format']}; this release reads "
                            f"format {FORMAT_VERSION}")
    for name, wanted in _HEADER_FIELDS.items():
        if not isinstance(header.get(name), wanted) or isinstance(header.get(name), bool):
            return damaged(f"its header lacks a {wanted.__name__} '{name}'")
    if "rules" not in header:
        return damaged("its header lacks 'rules'")
    payload = blob[start + size:]
    if hashlib.sha256(payload).hexdigest() != header["sha256"]:
        return damaged("its checksum does not match")
    return header, payload, None


def check_table(blob: bytes, kind: TableKind, rules_key=ANY, params_key=ANY) -> tuple[dict | None, dict | None,
                                                                                     str | None]:
    """The one reader of a table file, the store's and the package's alike: (header, arrays, None) when ``blob``
    is a sound table of ``kind`` at its version, built for ``rules_key`` and ``params_key`` (plain JSON values, as
    the header holds them; :data:`ANY` for any); else (the header if it could be read, None, why it is refused).
    """
    header, payload, problem = parse_file(blob)
    if problem is not None:
        return None, None, problem
    if header["kind"] != kind.name or any(wanted is not ANY and header[name] != wanted for name, wanted in
                                          (("rules", rules_key), ("params", params_key))):
        return header, None, "the cached file is damaged (it holds another table)"
    if header["version"] != kind.version:
        return header, None, (f"the cached table is version {header['version']} of its kind; this release reads "
                              f"version {kind.version}")
    arrays, problem = read_arrays(kind, header["params"], payload)
    return header, arrays, problem


def refusal(problem: str) -> str:
    """A store problem as the clause of a sentence about a file that is not a cache (a shipped table, a weights
    file): "the cached file is damaged (it is cut short)" becomes "it is cut short"."""
    prefix = "the cached file is damaged ("
    return problem[len(prefix):-1] if problem.startswith(prefix) and problem.endswith(")") else problem


def read_arrays(kind: TableKind, params: Mapping, payload: bytes) -> tuple[dict | None, str | None]:
    """The payload's arrays checked against the kind's layout: (arrays, None) or (None, why)."""
    try:
        with np.load(io.BytesIO(payload), allow_pickle=False) as npz:
            arrays = {name: npz[name] for name in npz.files}
    except (ValueError, OSError, KeyError, EOFError) as error:
        return None, f"the cached file is damaged (its arrays cannot be read: {error})"
    problem = check_arrays(kind, params, arrays)
    if problem is not None:
        return None, f"the cached file is damaged ({problem})"
    return arrays, None


def check_arrays(kind: TableKind, params: Mapping, arrays: Mapping[str, np.ndarray]) -> str | None:
    """What is wrong with ``arrays`` for the kind's declared layout, or None."""
    try:
        layout = kind.layout(params)
    except (KeyError, TypeError, ValueError):
        return "its parameters do not fit the table's layout"
    missing = sorted(name for name, spec in layout.items() if name not in arrays and not spec.optional)
    extra = sorted(set(arrays) - set(layout))
    if missing or extra:
        return "; ".join(filter(None, [missing and f"array {', '.join(missing)} is missing",
                                       extra and f"array {', '.join(extra)} is not part of the table"]))
    for name, values in arrays.items():
        spec = layout[name]
        if values.dtype != np.dtype(spec.dtype):
            return f"array {name} holds {values.dtype}, not {spec.dtype}"
        wanted = tuple(params[axis] if isinstance(axis, str) else axis for axis in spec.shape)
        if values.ndim != len(wanted) or any(w is not None and w != n for w, n in zip(wanted, values.shape)):
            return f"array {name} has shape {values.shape}, not {tuple('any' if w is None else w for w in wanted)}"
        if values.dtype.kind == "f" and values.size and not np.isfinite(values).all():
            return f"array {name} holds a value that is not a finite number"
        if spec.within is not None and values.size:
            low, high = spec.within
            slack = 1e-9 * max(1.0, abs(low), abs(high))  # rounding in the last bits is not damage
            if values.min() < low - slack or values.max() > high + slack:
                return f"array {name} holds values outside [{low}, {high}]"
        if spec.sums_to_one is not None and values.size:
            sums = values.sum(axis=spec.sums_to_one)
            if not np.allclose(sums, 1.0, rtol=0, atol=1e-9):
                return f"array {name} is not a distribution (its sums are off 1 by up to {np.abs(sums - 1).max():.2g})"
        if spec.nonzero and not values.any():
            return f"array {name} holds nothing but zeros"
    if kind.check is not None:
        problem = kind.check(arrays, params)
        if problem is not None:
            return problem
    return None


def read_header(path: Path) -> dict | None:
    """The header of a table file without reading the payload (for ``odds cache info``); None if unreadable."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(len(_MAGIC) + 4)
            if not head.startswith(_MAGIC) or len(head) < len(_MAGIC) + 4:
                return None
            size = int.from_bytes(head[len(_MAGIC):], "little")
            if size > _MAX_HEADER:
                return None
            header = json.loads(handle.read(size))
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    return header if isinstance(header, dict) else None


# ----------------------------------------------------------------------------------- small parts

_WARNED: set[str] = set()


def _warn_unwritable(root: Path, error: OSError) -> None:
    """Say once per process and folder that answers are not being cached, and why."""
    if str(root) in _WARNED:
        return
    _WARNED.add(str(root))
    reason = error.strerror or str(error)
    print(f"odds: the table cache {root} cannot be written ({reason}); answering without caching "
          f"(set ODDS_CACHE_DIR to a writable folder to keep the tables).", file=sys.stderr)


def _announce_rebuild(kind: TableKind, rules, problem: str) -> None:
    print(f"odds: rebuilding {kind.name}{_label(rules)}: {problem}.", file=sys.stderr)


def _label(rules) -> str:
    """`` (brag3)`` after a table's kind: the rules it was built for, if any."""
    return f" ({getattr(rules, 'name', rules)})" if rules is not None else ""


def _rules_key(rules) -> object:
    """The rules as plain JSON values: their ``key()``, their fields, or the value itself."""
    if rules is None:
        return None
    if hasattr(rules, "key") and callable(rules.key):
        return _canonical(rules.key())
    if is_dataclass(rules) and not isinstance(rules, type):
        return _canonical(asdict(rules))
    return _canonical(rules)


def _canonical(key) -> object:
    """The key as plain JSON values, so that a round trip through the header compares equal."""
    return json.loads(json.dumps(key, sort_keys=True, default=str))


@lru_cache(maxsize=1)
def _package_version() -> str:
    return __version__
