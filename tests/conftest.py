"""Shared fixtures: the ``odds`` command run in-process, and a private table store."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Solved tables built by one test are reused by the others (and by the other xdist
# worker); the store verifies every file, so sharing a folder is safe.
os.environ.setdefault("ODDS_CACHE_DIR", str(ROOT / ".cache" / "test-store"))


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
    """Bad input: exit code 2, nothing on stdout, one line on stderr, no traceback."""
    assert result.code == 2, (result.code, result.out, result.err)
    assert result.out == ""
    lines = [line for line in result.err.splitlines() if line.strip()]
    assert len(lines) == 1, result.err
    assert "Traceback" not in result.err
    assert lines[0].rstrip().endswith((".", "?")), lines[0]
