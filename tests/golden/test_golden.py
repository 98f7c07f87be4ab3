"""Golden builds: every kind of stored table is built small and compared with the values recorded for its
version, so a change that alters a table's numbers cannot keep the version under which old tables are served.

(See ``builds.py`` for the builds, ``summary.py`` for what is compared, ``record.py`` to record new values.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from analysis.cli.cache import GAMES, declare_tables
from analysis.store import KINDS
from tests.golden.builds import BUILDS, build
from tests.golden.summary import difference, recorded_values, summarise_tables

ROOT = Path(__file__).resolve().parents[2]
declare_tables(GAMES)
RECORDED = recorded_values()


def declared_in(name: str) -> str:
    """The module that declares the kind ``name`` (its name in quotes beside ``TableKind(``)."""
    for path in sorted((ROOT / "analysis").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "TableKind(" in text and f'"{name}"' in text:
            return str(path.relative_to(ROOT))
    return "the module that declares it"


def record_command(name: str) -> str:
    return f"`python -m tests.golden.record {name}`"


def test_every_declared_kind_has_a_golden_build():
    missing = sorted(set(KINDS) - set(BUILDS))
    assert not missing, (f"No golden build builds {', '.join(missing)}: add a small seeded build of each declared "
                         "kind to tests/golden/builds.py and record its values with "
                         f"`python -m tests.golden.record {' '.join(missing)}`.")
    gone = sorted((set(BUILDS) | set(RECORDED)) - set(KINDS))
    assert not gone, (f"tests/golden holds builds or values of {', '.join(gone)}, which no module declares any "
                      "more: remove them from tests/golden/builds.py and tests/golden/values.json.")


@pytest.mark.parametrize("name", sorted(BUILDS))
def test_golden_build(name):
    kind = KINDS.get(name)
    assert kind is not None, f"tests/golden/builds.py builds '{name}', which no module declares: remove its build."
    recorded = RECORDED.get(name)
    assert recorded is not None, (f"Table kind '{name}' has no recorded golden values: record them with "
                                  f"{record_command(name)}.")
    assert recorded["version"] == kind.version, (
        f"The golden values of table kind '{name}' were recorded for version {recorded['version']}, and it is now "
        f"version {kind.version}: record the new version's values with {record_command(name)}.")
    problem = difference(recorded["tables"], summarise_tables(build(name)))
    assert problem is None, (
        f"The numbers of table kind '{name}' changed while its version stayed {kind.version}: bump its version in "
        f"{declared_in(name)}, rebuild what ships (docs/store.md, Shipped tables), and record the new golden values "
        f"with {record_command(name)}.\n(First difference: {problem}.)")
