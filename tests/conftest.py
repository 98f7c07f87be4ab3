"""Shared fixtures: the ``odds`` command run in-process, a private table store, and the scripts as modules."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Every test session starts from a fresh, empty table store, so the tests check what the
# kernels compute now, never arrays stored by an earlier run. The folder is made once, by
# the main process (xdist's workers inherit it and share its tables: two workers building
# one table is safe) and removed at the end. ODDS_TEST_STORE=FOLDER keeps and reuses a
# store instead, for quick local reruns: a table is served only at its kind's version, so after changing a
# builder's numbers bump that version (tests/golden/ says which).
# (This module is imported twice, as a plugin and by tests importing its helpers: the
# marker variable keeps it to one folder per session.)
_MARKER = "ODDS_TEST_SESSION_STORE"
if "PYTEST_XDIST_WORKER" not in os.environ and _MARKER not in os.environ:
    if os.environ.get("ODDS_TEST_STORE"):
        os.environ["ODDS_CACHE_DIR"] = os.environ["ODDS_TEST_STORE"]
    else:
        os.environ[_MARKER] = os.environ["ODDS_CACHE_DIR"] = tempfile.mkdtemp(prefix="odds-test-store-")


def load_script(name: str):
    """``scripts/NAME.py`` as a module (the scripts are not a package), for tests of their data and functions."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pytest_collection_modifyitems(config, items):
    # Every test that drives a browser is marked so, wherever it lives: the quick lane leaves them out.
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


def pytest_unconfigure(config):
    if "PYTEST_XDIST_WORKER" not in os.environ and _MARKER in os.environ:  # the main process, once all ran
        shutil.rmtree(os.environ.pop(_MARKER), ignore_errors=True)


class CommandResult:
    def __init__(self, code: int, out: str, err: str):
        self.code, self.out, self.err = code, out, err

    def json(self):
        import json
        return json.loads(self.out)


@pytest.fixture
def odds(capsys):
    """Run ``odds ARGS...`` in-process; returns exit code, stdout and stderr."""
    from analysis.cli.main import main

    def run(*argv: str) -> CommandResult:
        try:
            code = main(list(argv))
        except SystemExit as stop:  # argparse exits on usage errors
            code = stop.code if isinstance(stop.code, int) else 1
        captured = capsys.readouterr()
        return CommandResult(code, captured.out, captured.err)

    return run


def assert_one_sentence_error(result: CommandResult) -> None:
    """Bad input: exit code 2, nothing on stdout, one line on stderr, no traceback. (A kernel's first-run notice,
    "odds: compiling ...", may come before it in a process that had not compiled that kernel yet: it is progress,
    not part of the error.)"""
    assert result.code == 2, (result.code, result.out, result.err)
    assert result.out == ""
    lines = [line for line in result.err.splitlines() if line.strip() and not line.startswith("odds: compiling ")]
    assert len(lines) == 1, result.err
    assert "Traceback" not in result.err
    assert lines[0].rstrip().endswith((".", "?")), lines[0]


def browser_missing() -> str | None:
    """Why headless Chromium cannot be driven here (Selenium, the browser or its driver missing), or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e \".[test]\")"
    for names, package in ((("chromium", "chromium-browser", "google-chrome"), "chromium"),
                           (("chromedriver",), "chromium-driver")):
        if not any(shutil.which(name) for name in names):
            return f"{names[0]} is not on PATH (apt-get install {package})"
    return None


def require_browser(problem: str | None) -> None:
    """Skip the test when ``problem`` says why the browser cannot run, except in CI, where it must run."""
    if problem is not None:
        if os.environ.get("CI"):
            pytest.fail(f"browser tests must run in CI: {problem}")
        pytest.skip(f"browser tests skipped: {problem}")


def headless_chromium(width: int, height: int, *flags: str):
    """A headless Chromium driven by Selenium, its window ``width`` x ``height``; quit it when done."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--window-size={width},{height}", *flags):
        options.add_argument(flag)
    options.binary_location = next(filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))))
    return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
