"""The import graph of ``analysis`` has no cycle, imports inside functions included.

Every module is read with ``ast`` (nothing is imported), and every ``import`` and ``from ...
import`` in it, at any depth, is an edge to the module it names: ``from analysis.bluff.bids
import parse_bid`` to ``analysis.bluff.bids``, ``from analysis.bluff import preset`` to the
package ``analysis.bluff``. A cycle is a strongly connected group of two or more modules.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "analysis"

#: Cycles that are known and left to other work, each exactly as it stands: a new cycle, or a
#: module joining one of these, fails the test; one that is broken must leave this list.
KNOWN: set[frozenset[str]] = set()


def module_names() -> dict[str, Path]:
    names = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def imports_of(name: str, path: Path, modules) -> set[str]:
    """The ``analysis`` modules that module ``name`` (file ``path``) imports, anywhere in it."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            # ``from PACKAGE import module`` imports the module; ``from MODULE import name`` the module.
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:     # ``import analysis.x.y`` names a module or a package
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = module_names()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected groups of two or more modules (Tarjan's algorithm)."""
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(frozenset(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


def test_the_reader_finds_imports_inside_functions():
    graph = import_graph()
    assert {"analysis.cli.requested", "analysis.errors"} <= graph["analysis.cli.main"]    # at the top
    assert "analysis.cli.chart" in graph["analysis.cli.requested"]     # inside add_chart only
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [frozenset("abc")]


def test_the_import_graph_has_no_new_cycle():
    found = set(cycles(import_graph()))
    new = found - KNOWN
    assert not new, "import cycles: " + "; ".join(" <-> ".join(sorted(group)) for group in new)
    gone = KNOWN - found
    assert not gone, "these cycles are broken now; remove them from KNOWN: " + repr(gone)
