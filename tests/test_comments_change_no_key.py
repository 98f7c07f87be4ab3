"""A comment changes no stored key: with a comment line appended to every module of ``analysis/``, every shipped
table is still read as sound and a 5v5 question is still answered from the full-width solve, word for word.

(A table's key is its file format, kind, kind version, rules and parameters, never the source text: docs/store.md.)
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The folders of shipped tables (large: linked into the copy, not copied).
SHIPPED = ("bluff/solved", "brag/solved", "backgammon/weights")
#: A 5v5 question that only the full-width solve (300 iterations) answers at its best.
QUESTION = ["bluff", "play", "--preset", "liars_dice", "--wild", "1", "--rule", "exact_call=none", "--dice",
            "3 3 1 6 2", "--opponents", "5", "--history", "1:3x3", "--json"]

# Run with PYTHONPATH at a package: every shipped file read by the package's one reader, and the declared kinds.
_READ_SHIPPED = """
import json, sys
from pathlib import Path
import analysis
from analysis.cli.cache import GAMES, declare_tables
from analysis.shipped import read_table_file
from analysis.store import KINDS, SUFFIX, file_digest, parse_file
declare_tables(GAMES)
package = Path(analysis.__file__).parent
files = {}
for folder in %r:
    for path in sorted((package / folder).rglob("*" + SUFFIX)):
        header = parse_file(path.read_bytes())[0]
        kind = KINDS[header["kind"]]
        header, arrays = read_table_file(path, kind, "shipped table")   # one sentence (an error) if refused
        if not folder.endswith("weights"):   # a net's file is named by its preset, a solve's by its key
            assert file_digest(header["rules"], header["params"]) in path.name, path   # found where its key says
        files[str(path.relative_to(package))] = [kind.name, kind.version, sorted(arrays)]
print(json.dumps({"package": str(package), "files": files,
                  "kinds": {name: kind.version for name, kind in sorted(KINDS.items())}}))
""" % (SHIPPED,)


def _commented_copy(target: Path) -> Path:
    """``analysis/`` copied to ``target`` with "# a comment" appended to every module; the shipped folders linked."""
    package = target / "analysis"
    shutil.copytree(ROOT / "analysis", package, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
                    symlinks=True)
    for folder in SHIPPED:
        shutil.rmtree(package / folder)
        (package / folder).symlink_to(ROOT / "analysis" / folder, target_is_directory=True)
    modules = sorted(package.rglob("*.py"))
    for module in modules:
        with open(module, "a", encoding="utf-8") as out:
            out.write("\n# a comment\n")
    assert len(modules) > 100
    return package


def _run(pythonpath: Path, cache: Path, *args: str) -> subprocess.CompletedProcess:
    # Kernels of the commented copy in a cache of its own: they would take the place of the checkout's.
    env = {**os.environ, "PYTHONPATH": str(pythonpath), "ODDS_CACHE_DIR": str(cache),
           "ODDS_KERNEL_CACHE": str(cache / "kernels")}
    return subprocess.run([sys.executable, *args], cwd=cache, env=env, capture_output=True, text=True, timeout=600)


def test_a_comment_in_every_module_changes_no_key(tmp_path):
    copy = _commented_copy(tmp_path / "copy")
    answers = {}
    for name, root in (("original", ROOT), ("commented", copy.parent)):
        (tmp_path / f"{name}-read").mkdir()
        read = _run(root, tmp_path / f"{name}-read", "-c", _READ_SHIPPED)
        assert read.returncode == 0, f"{name}: a shipped table is refused:\n{read.stderr}"
        shipped = json.loads(read.stdout)
        assert Path(shipped.pop("package")) == root / "analysis"    # the package under test, not the installed one
        cache = tmp_path / f"{name}-store"
        cache.mkdir()
        play = _run(root, cache, "-m", "analysis.cli.main", *QUESTION)
        assert play.returncode == 0, f"{name}: {play.stderr}"
        answers[name] = shipped, json.loads(play.stdout), play.stderr
    (shipped, answer, stderr), commented = answers["original"], answers["commented"]
    assert {folder.split("/")[0] for folder in map(str, shipped["files"])} == {"bluff", "brag", "backgammon"}
    assert commented == answers["original"]
    # Answered from the package's full-width 5v5 solve (300 iterations; the sampled one has millions), nothing refused.
    assert answer["source"].startswith("5v5 solve") and " 300 iterations" in answer["source"], answer["source"]
    assert "refused" not in stderr
