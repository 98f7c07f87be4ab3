"""Three rules of docs/architecture.md, read from the source with ``ast`` (nothing is imported):

- every import inside a function says why it is there: a ``# lazy:`` comment on its line, or on the
  comment line just above it (or above the block of imports it opens), naming what it keeps out of
  which start-up;
- no function takes more than ``MAX_PARAMETERS`` parameters, apart from the known ones listed here,
  each at its present count: a new one, or a known one that grows, fails; one brought down must
  leave the list;
- every kernel is compiled by ``analysis.jit.njit``, never by numba's own ``njit`` or ``jit``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "analysis"
MAX_PARAMETERS = 12


#: Functions over ``MAX_PARAMETERS`` (path:function -> parameters), as they stand: numba kernels and the
#: rule text they run (which keeps plain arrays, as one question runs it in Python), and a few entry points.
KNOWN_WIDE: dict[str, int] = {
    # The multi-player solver's walks, recursive, called at every node (as _traverse below): the arrays stay apart
    # (es_iterations and full_iterations take the bundle); a bundle here was not timed as costing nothing.
    "analysis/cfr/_multi_kernels.py:_full_walk": 17,
    "analysis/cfr/_multi_kernels.py:_walk": 24,
    # The core solver's keyword options (numbers and names, not arrays), as the public entry points below.
    "analysis/cfr/multi_player.py:solve": 14,
    "analysis/backgammon/_net.py:_gradient_step": 19,
    "analysis/backgammon/_net.py:play_value": 18,
    "analysis/backgammon/_net.py:selfplay_positions": 15,
    "analysis/backgammon/_net.py:train_games": 16,
    # The training command's keyword options (numbers and names, not arrays), as the entry points below.
    "analysis/backgammon/training.py:train": 17,
    # Public entry points (``analysis.bluff``'s names) whose parameters are a question's keyword options, numbers
    # and names rather than arrays: bundling them would change the public call.
    "analysis/bluff/exact/solve.py:solve_round": 13,
    "analysis/bluff/odds/advice.py:advise_call": 14,
    # The sampled solver's walk, recursive, called at every node of every traversal: the arrays stay apart (a
    # bundle's fields taken at each call cost its innermost loop time; run_chunk takes the bundle).
    "analysis/bluff/sampled/_kernels.py:_traverse": 20,
    # solve_sampled is public (keyword options, as above); stored_solve and checked_solve take its keywords to
    # find and check a solve.
    "analysis/bluff/sampled/solver.py:solve_sampled": 17,
    "analysis/bluff/sampled/stored.py:checked_solve": 13,
    "analysis/bluff/sampled/stored.py:stored_solve": 14,
    "analysis/brag/table/_session_kernels.py:bot_move": 13,
}


def _functions(tree):
    return [node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


def says_why(lines: list[str], node) -> bool:
    """Does the import ``node`` carry a ``# lazy:`` comment: on its own lines, or on the comment line
    above it, above the imports (and blank lines) that run up to it?"""
    if any("# lazy:" in line for line in lines[node.lineno - 1:node.end_lineno]):
        return True
    above = node.lineno - 2
    while above >= 0 and (not lines[above].strip() or lines[above].strip().startswith(("from ", "import "))):
        above -= 1
    return above >= 0 and lines[above].strip().startswith("# lazy:")


def unexplained_imports(text: str) -> list[str]:
    """The first line of each import inside a function of the module ``text`` that does not say why."""
    lines = text.splitlines()
    found = {}
    for function in _functions(ast.parse(text)):
        for node in ast.walk(function):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and not says_why(lines, node):
                found[node.lineno] = lines[node.lineno - 1].split("#")[0].strip()
    return [found[line] for line in sorted(found)]


def parameter_counts(text: str) -> dict[str, int]:
    """Each function of the module ``text`` (nested ones by their own name) and its parameters, ``*args`` and
    ``**kwargs`` counted as one each."""
    counts = {}
    for function in _functions(ast.parse(text)):
        a = function.args
        counts[function.name] = max(counts.get(function.name, 0), len(a.posonlyargs) + len(a.args) + len(a.kwonlyargs)
                                    + (a.vararg is not None) + (a.kwarg is not None))
    return counts


def numba_compilers(text: str) -> list[str]:
    """numba's own compiling decorators that the module ``text`` imports or names (``from numba import njit``,
    ``numba.jit``)."""
    found = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ImportFrom) and node.module == "numba":
            found += [f"from numba import {alias.name}" for alias in node.names if alias.name in ("njit", "jit")]
        elif (isinstance(node, ast.Attribute) and node.attr in ("njit", "jit") and isinstance(node.value, ast.Name)
              and node.value.id == "numba"):
            found.append(f"numba.{node.attr}")
    return found


def _modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")


def test_the_readers_see_what_they_should():
    text = ("def f():\n    import json\n    import os  # lazy: keeps os out\n\n"
            "def g():\n    # lazy: keeps both out\n    import a\n\n    from b import c\n\n"
            "def h():\n    x = 1\n    # why not\n    import d\n")
    assert unexplained_imports(text) == ["import json", "import d"]
    assert parameter_counts("def f(a, b=1, *c, d, **e):\n    def g(x):\n        pass\n") == {"f": 5, "g": 1}
    assert numba_compilers("import numba\nfrom numba import njit, prange\nf = numba.jit(g)\nn = numba.get_num_threads()\n"
                           "from analysis.jit import njit\n") == ["from numba import njit", "numba.jit"]


def test_every_import_inside_a_function_says_why():
    found = {(path, line) for path, text in _modules() for line in unexplained_imports(text)}
    assert not found, ("imports inside functions without a '# lazy: <what it keeps out of which start-up>' comment "
                       "(else move them to the module's top): " + "; ".join(f"{p}: {line}" for p, line in sorted(found)))


def test_no_new_function_takes_more_than_twelve_parameters():
    wide = {f"{path}:{name}": count for path, text in _modules()
            for name, count in parameter_counts(text).items() if count > MAX_PARAMETERS}
    grown = {name: count for name, count in wide.items() if count > KNOWN_WIDE.get(name, MAX_PARAMETERS)}
    assert not grown, (f"functions over {MAX_PARAMETERS} parameters (bundle the arrays that travel together in a "
                       f"named tuple, as kernel_tables.py does): {grown}")
    fewer = {name: (known, wide.get(name, "at most 12")) for name, known in KNOWN_WIDE.items()
             if wide.get(name) != known}
    assert not fewer, "these take fewer parameters now; lower or remove them in KNOWN_WIDE: " + repr(fewer)


def test_every_kernel_compiles_through_the_toolkits_njit():
    # analysis.jit.njit compiles a call between kernels once per argument type, where numba's own compiles the
    # callee again for each constant a caller passes (docs/architecture.md#kernel-inputs-and-imports).
    found = {(path, name) for path, text in _modules() if path != "analysis/jit.py" for name in numba_compilers(text)}
    assert not found, ("kernels compiled by numba's own decorator (use 'from analysis.jit import njit'): "
                       + "; ".join(f"{p}: {name}" for p, name in sorted(found)))
