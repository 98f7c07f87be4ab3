"""The page and the charts sit beside the command line, not above it: neither imports ``analysis.cli``
(both ask the question layer, ``analysis.questions``, which the command calls too)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "analysis"
MODULES = sorted([*(ROOT / "web").rglob("*.py"), *(ROOT / "charts").rglob("*.py"), *(ROOT / "questions").rglob("*.py")])


def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
            names += [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                "import_module", "__import__") and node.args and isinstance(node.args[0], ast.Constant):
            names.append(str(node.args[0].value))
    return names


def test_the_modules_are_found():
    assert len(MODULES) > 20 and ROOT / "web" / "ask.py" in MODULES


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(ROOT)) for p in MODULES])
def test_no_page_chart_or_question_module_imports_the_command_line(path):
    upward = [name for name in _imports(path) if name == "analysis.cli" or name.startswith("analysis.cli.")]
    assert upward == [], f"{path.relative_to(ROOT)} imports {upward}"
