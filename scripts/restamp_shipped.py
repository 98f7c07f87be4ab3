"""Give the package's shipped tables the keys of file format 3, their numbers untouched.

File format 2 keyed a stored table by a hash of the source text of the modules that built it, so a
comment added to a kernel made every shipped solve stale; format 3 keys it by its kind's version
(``TableKind.version``). This rewrites each shipped file's header once: the format becomes 3, the
code hash gives way to the kind's version, and everything else (kind, rules, parameters, package,
build time, checksum) and the payload's bytes stay as they were. Each file is then read back by the
package's reader and every array compared, bit for bit, with the one read from the old file.

Run once, on a checkout whose shipped files were sound under format 2 (their code hashes matched):
``.venv/bin/python scripts/restamp_shipped.py``. A file already in format 3 is left alone.
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from analysis.cli.cache import GAMES, declare_tables  # noqa: E402
from analysis.store import _MAGIC, FORMAT_VERSION, KINDS, check_table, read_header  # noqa: E402

SHIPPED = ("analysis/bluff/solved", "analysis/brag/solved", "analysis/backgammon/weights")


def _arrays(payload: bytes) -> dict:
    with np.load(io.BytesIO(payload), allow_pickle=False) as npz:
        return {name: npz[name] for name in npz.files}


def restamp(path: Path) -> str:
    blob = path.read_bytes()
    start = len(_MAGIC) + 4
    size = int.from_bytes(blob[len(_MAGIC):start], "little")
    header, payload = json.loads(blob[start:start + size]), blob[start + size:]
    if header["format"] == FORMAT_VERSION:
        return "already in format 3"
    assert header["format"] == 2 and "fingerprint" in header, f"{path}: not a format-2 table file"
    kind = KINDS[header["kind"]]
    before = _arrays(payload)
    new = {name: value for name, value in header.items() if name != "fingerprint"}
    new.update(format=FORMAT_VERSION, version=kind.version)
    text = json.dumps(new, sort_keys=True).encode()
    tmp = path.with_suffix(".restamp.tmp")
    tmp.write_bytes(_MAGIC + len(text).to_bytes(4, "little") + text + payload)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)
    read, after, problem = check_table(path.read_bytes(), kind, header["rules"], header["params"])
    assert problem is None, f"{path}: refused after re-stamping ({problem})"
    assert before.keys() == after.keys() and all(
        before[name].dtype == after[name].dtype and before[name].shape == after[name].shape
        and before[name].tobytes() == after[name].tobytes() for name in before), f"{path}: arrays changed"
    return f"format 2 -> 3, {kind.name} version {kind.version}, {len(before)} arrays equal bit for bit"


def main() -> None:
    declare_tables(GAMES)
    for folder in SHIPPED:
        for path in sorted((ROOT / folder).rglob("*.podds")):
            print(f"{path.relative_to(ROOT)}: {restamp(path)}", flush=True)
    assert all(read_header(path)["format"] == FORMAT_VERSION for folder in SHIPPED
               for path in (ROOT / folder).rglob("*.podds"))


if __name__ == "__main__":
    main()
