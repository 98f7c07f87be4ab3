"""A command that needs an optional extra which is not installed: one sentence naming the install command."""

import sys

import pytest

from tests.conftest import assert_one_sentence_error


@pytest.fixture
def without(monkeypatch):
    """Make ``import NAME`` fail for each name given, as on an install without that extra."""
    def hide(*names):
        for name in names:
            for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
                monkeypatch.delitem(sys.modules, loaded)
            monkeypatch.setitem(sys.modules, name, None)     # None in sys.modules: ImportError on import
    return hide


def test_a_tournament_without_the_scale_extra(odds, without):
    without("dask", "distributed")
    result = odds("bluff", "tournament", "--preset", "perudo", "--players", "2", "--bots", "threshold,honest",
                  "--games", "20", "--seed", "1", "--scheduler", "sync")
    assert_one_sentence_error(result)
    assert 'pip install -e ".[scale]"' in result.err and "dask" in result.err


def test_a_sweep_without_the_scale_extra(odds, without):
    without("dask")
    result = odds("bluff", "sweep", "--presets", "perudo", "--players", "2", "--tested", "honest",
                  "--field", "threshold", "--games", "20", "--seed", "1", "--scheduler", "sync")
    assert_one_sentence_error(result)
    assert 'pip install -e ".[scale]"' in result.err


@pytest.mark.parametrize("missing", ["nbclient", "nbconvert", "ipykernel"])
def test_the_articles_without_the_reports_extra(odds, without, missing, tmp_path):
    without(missing)
    result = odds("report", "bluff", "--out", str(tmp_path))
    assert_one_sentence_error(result)
    assert 'pip install -e ".[reports]"' in result.err and missing in result.err
    assert not list(tmp_path.iterdir())          # refused before any notebook ran


def test_the_extras_are_installed_here():
    # The test command installs every extra, so the suite also runs the real tournaments and articles.
    import dask, distributed, nbclient, nbconvert, ipykernel  # noqa: E401, F401
