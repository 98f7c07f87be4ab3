"""The kernels' on-disk cache (``analysis.jit``): kept by the module's place in the package, so another checkout
or an installed copy of the same code reads what one compiled; stamped by the text of the module and of every
module of the package it imports, so a change to a rule a kernel calls (or a constant it reads) compiles it anew
rather than running the old machine code."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

RULES = "STEP = 3\n"
KERNEL = '''
from analysis.jit import njit
from analysis._probe_rules import STEP


@njit(cache=True)
def stepped(x):
    return x + STEP
'''
# Prints whether the kernel is compiled before its first call (read from the cache), then its value.
ASK = ("from analysis.compile_notice import is_compiled; from analysis._probe_kernels import stepped; "
       "print(is_compiled(stepped), stepped(10))")


def _copy(where: Path) -> Path:
    package = where / "analysis"
    shutil.copytree(ROOT / "analysis", package, ignore=shutil.ignore_patterns(
        "__pycache__", "*.pyc", "*.podds", "solved", "weights", "*.nbi", "*.nbc"))
    (package / "_probe_rules.py").write_text(RULES)
    (package / "_probe_kernels.py").write_text(KERNEL)
    return package


def _ask(checkout: Path, kernels: Path) -> str:
    env = {**os.environ, "PYTHONPATH": str(checkout), "ODDS_KERNEL_CACHE": str(kernels)}
    done = subprocess.run([sys.executable, "-c", ASK], cwd=checkout, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_another_checkout_reads_the_compiled_kernel_and_a_changed_rule_compiles_it_anew(tmp_path):
    kernels = tmp_path / "kernels"
    first, second = _copy(tmp_path / "one").parent, _copy(tmp_path / "two").parent
    assert _ask(first, kernels) == "False 13"          # compiled here, the first time
    assert _ask(first, kernels) == "True 13"           # then read from the cache
    assert _ask(second, kernels) == "True 13"          # another place on disk, the same code: read, not compiled
    assert list(kernels.rglob("*.nbi")) and all("two" not in p.parts and "one" not in p.parts
                                                for p in kernels.rglob("*.nbi"))
    # A comment in the kernel's module or in a rule it imports is a change of text: compiled anew, same answer.
    (second / "analysis" / "_probe_rules.py").write_text("STEP = 3   # a comment\n")
    assert _ask(second, kernels) == "False 13"
    # The rule the kernel folded in changes: never the old machine code (numba's own cache would run it).
    (second / "analysis" / "_probe_rules.py").write_text("STEP = 4\n")
    assert _ask(second, kernels) == "False 14"
    assert _ask(second, kernels) == "True 14"
