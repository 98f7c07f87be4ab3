"""benchmarks/_timing.record: each script writes only its own section of docs/benchmarks.md."""

import datetime
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def timing(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("_timing", ROOT / "benchmarks" / "_timing.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "PAGE", tmp_path / "docs" / "benchmarks.md")
    monkeypatch.setattr("sys.argv", ["bench_a.py", "--runs", "3"])
    return module


def test_the_page_is_created_with_its_title_and_the_section(timing):
    timing.record("bench_a", "| a | b |\n|---|---|\n| 1 | 2 |")
    text = timing.PAGE.read_text()
    assert text.startswith("# Benchmarks\n")
    section = text[text.index("<!-- bench:bench_a -->"):]
    assert section.endswith("<!-- /bench:bench_a -->\n")
    assert "| 1 | 2 |" in section and "## bench_a" in section
    assert "`python benchmarks/bench_a.py --runs 3`" in section
    assert datetime.date.today().isoformat() in section
    assert "cores" in section and "load average" in section


def test_a_second_run_replaces_its_own_section_and_keeps_the_others(timing):
    timing.PAGE.parent.mkdir(parents=True)
    timing.PAGE.write_text("# Benchmarks\n\nintro\n\n<!-- bench:bench_a -->\nold a\n<!-- /bench:bench_a -->\n\n"
                           "<!-- bench:bench_b -->\nkept b\n<!-- /bench:bench_b -->\n")
    timing.record("bench_a", "new a")
    timing.record("bench_c", "new c")
    text = timing.PAGE.read_text()
    assert "old a" not in text and text.count("new a") == 1 and "kept b" in text and "intro" in text
    assert text.index("new a") < text.index("kept b") < text.index("new c")
    assert text.count("<!-- bench:bench_a -->") == 1


def test_a_section_names_the_script_that_ran_it(timing, monkeypatch):
    monkeypatch.setattr("sys.argv", ["benchmarks/bench_b.py", "--bonus"])
    timing.record("bench_b-bonus", "x")
    assert "`python benchmarks/bench_b.py --bonus`" in timing.PAGE.read_text()


def test_a_name_with_regex_characters_is_its_own_section(timing):
    timing.record("bench_a", "a")
    timing.record("bench_a.b", "ab")        # not matched by the pattern of "bench_a" nor the reverse
    timing.record("bench_a", "a again")
    text = timing.PAGE.read_text()
    assert "a again" in text and "\nab\n" in text and text.count("<!-- bench:") == 2


def test_markdown_table(timing):
    assert timing.markdown_table(["x", "y"], [[1, "2 s"]]) == "| x | y |\n|---|---|\n| 1 | 2 s |"


def test_a_section_that_names_itself_keeps_one_heading(timing):
    timing.record("bench_a", "## Brag sessions\n\n| a |\n|---|")
    timing.record("bench_a", "## Brag sessions\n\n| b |\n|---|")
    section = timing.PAGE.read_text().split("<!-- bench:bench_a -->")[1]
    assert section.count("## ") == 1 and "## Brag sessions\n\n| b |" in section and "bench_a\n" not in section


def _cell(game, dice, player, row, day="2026-01-01"):
    return {"game": game, "dice": dice, "player": player, "row": row, "date": day}


def test_a_strength_run_of_some_cells_keeps_the_stored_others_in_the_tables_order():
    spec = importlib.util.spec_from_file_location("bench_bluff_size", ROOT / "benchmarks" / "bench_bluff_size.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    stored = {"seed": 0, "cells": [_cell("Perudo", 2, "strategy", "| old P2 |"),
                                   _cell("Perudo", 2, "search", "| old P2s |"),
                                   _cell("Perudo", 3, "strategy", "| old P3 |"),
                                   _cell("Bluff", 2, "strategy", "| old B2 |"),
                                   _cell("Liar's Dice, ones wild", 4, "strategy", "| old L4 |")]}
    fresh = [_cell("Perudo", 2, "strategy", "| new P2 |", "2026-02-02"),
             _cell("Perudo", 2, "search", "| new P2s |", "2026-02-02")]
    cells, kept = bench.merged_cells(stored, fresh, seed=0)
    assert [c["row"] for c in cells] == ["| old L4 |", "| new P2 |", "| new P2s |", "| old P3 |", "| old B2 |"]
    assert [c["row"] for c in kept] == ["| old P3 |", "| old B2 |", "| old L4 |"]
    text = bench.strength_text(cells, kept)
    assert text.splitlines()[2:7] == [c["row"] for c in cells]
    assert text.endswith("Kept from the run of 2026-01-01 (this run did not measure them): Perudo (3v3); Bluff (2v2); "
                         "Liar's Dice, ones wild (4v4).")
    # Another seed's cells are not this run's table: none is kept.
    assert bench.merged_cells(stored, fresh, seed=1) == (fresh, [])
