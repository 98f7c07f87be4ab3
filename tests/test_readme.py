"""The README's examples, run as written: each command prints exactly the output the README shows."""

import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def examples():
    """(command, expected output) for every ``$ odds ...`` line of the README's console blocks."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = []
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            found.append((command, output))
    return found


def test_the_readme_has_an_example_per_game():
    games = {shlex.split(command)[1] for command, _ in examples()}
    assert {"bluff", "yacht", "brag", "backgammon"} <= games


@pytest.mark.parametrize("command, expected", examples(), ids=[command[:60] for command, _ in examples()])
def test_a_readme_example_prints_what_the_readme_shows(odds, command, expected, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                  # a chart example writes its file here
    argv = shlex.split(command)
    assert argv[0] == "odds"
    result = odds(*argv[1:])
    shown = result.out if result.code == 0 else result.err
    # A first run may also say on stderr that it builds a table or compiles a kernel; the answer is stdout.
    assert shown == expected, (result.code, result.out, result.err)
