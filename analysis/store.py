"""Versioned on-disk store for solved tables: atomic, checksummed, rebuilt when stale.

A table is a dict of numpy arrays identified by a *name* (``"yacht/yahtzee"``) and a
*key* (the rule fields and code version it was built from). The file holds a
small JSON header (format version, key, SHA-256 of the payload) and the arrays as
an ``.npz`` payload. Loading checks all three; anything that does not match
(truncated file, flipped bit, other rules, older code) is treated as missing and
rebuilt, never trusted. Files are written to a temporary name in the same folder
and renamed into place, so a crash or a concurrent writer never leaves half a file.

>>> import tempfile, numpy as np
>>> store = Store(tempfile.mkdtemp())
>>> table = store.load_or_build("demo/squares", {"n": 4}, lambda: {"sq": np.arange(4) ** 2})
>>> table["sq"].tolist()
[0, 1, 4, 9]
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Callable, Mapping

import numpy as np

from analysis.errors import InvalidArgument

#: Bump when the file layout itself changes (not the tables: those carry their own key).
FORMAT_VERSION = 1
_MAGIC = b"PODDS\x00"


def default_root() -> Path:
    """``$ODDS_CACHE_DIR`` if set, else ``~/.cache/parlour-odds``."""
    env = os.environ.get("ODDS_CACHE_DIR")
    return Path(env) if env else Path.home() / ".cache" / "parlour-odds"


class Store:
    """A folder of solved tables. See the module docstring for the guarantees."""

    def __init__(self, root: str | os.PathLike | None = None):
        self.root = Path(root) if root is not None else default_root()

    def path(self, name: str) -> Path:
        if not name or any(part in ("", ".", "..") for part in name.split("/")):
            raise InvalidArgument(f"'{name}' is not a valid table name; use words joined by '/'.")
        return self.root / (name + ".podds")

    def save(self, name: str, key: Mapping, arrays: Mapping[str, np.ndarray]) -> Path:
        """Write ``arrays`` under ``name`` atomically and return the file's path."""
        buffer = io.BytesIO()
        np.savez(buffer, **{k: np.asarray(v) for k, v in arrays.items()})
        payload = buffer.getvalue()
        header = json.dumps(
            {"format": FORMAT_VERSION, "key": _canonical(key), "sha256": hashlib.sha256(payload).hexdigest()},
            sort_keys=True,
        ).encode()
        target = self.path(name)
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=target.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(_MAGIC + len(header).to_bytes(4, "little") + header + payload)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return target

    def load(self, name: str, key: Mapping) -> dict[str, np.ndarray] | None:
        """The stored arrays if the file exists, is intact and was built for ``key``; else None."""
        try:
            blob = self.path(name).read_bytes()
        except FileNotFoundError:
            return None
        try:
            if not blob.startswith(_MAGIC):
                return None
            start = len(_MAGIC)
            size = int.from_bytes(blob[start:start + 4], "little")
            header = json.loads(blob[start + 4:start + 4 + size])
            payload = blob[start + 4 + size:]
            if (header.get("format") != FORMAT_VERSION or header.get("key") != _canonical(key)
                    or header.get("sha256") != hashlib.sha256(payload).hexdigest()):
                return None
            with np.load(io.BytesIO(payload), allow_pickle=False) as npz:
                return {k: npz[k] for k in npz.files}
        except (ValueError, OSError, KeyError, UnicodeDecodeError):
            # json and numpy both raise ValueError subclasses on garbage: a damaged file.
            return None

    def load_or_build(self, name: str, key: Mapping,
                      build: Callable[[], Mapping[str, np.ndarray]]) -> dict[str, np.ndarray]:
        """Load ``name`` for ``key``; if it is missing, stale or damaged, build, save and return it."""
        stored = self.load(name, key)
        if stored is not None:
            return stored
        if self.path(name).exists():
            print(f"odds: rebuilding {name}: the cached file is stale or damaged.", file=sys.stderr)
        arrays = {k: np.asarray(v) for k, v in build().items()}
        self.save(name, key, arrays)
        return arrays


def _canonical(key: Mapping) -> object:
    """The key as plain JSON values, so that a round trip through the header compares equal."""
    return json.loads(json.dumps(key, sort_keys=True, default=str))
