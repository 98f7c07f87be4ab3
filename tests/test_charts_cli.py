"""``odds GAME chart KIND``: every chart kind writes its format, its --data CSV holds the library's own
numbers, bad input is one sentence, and charts build with the Agg backend and no display."""

from __future__ import annotations

import csv
import os
import struct
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.conftest import ROOT, assert_one_sentence_error

BLUFF_BIDS = ("bluff", "chart", "bids", "--preset", "bluff", "--dice", "3 3 * 5 1", "--unknown", "13")

#: One command per chart kind (the output flags are added by each test).
KINDS = {
    "bluff-bids": BLUFF_BIDS,
    "bluff-heatmap": ("bluff", "chart", "heatmap", "--preset", "perudo", "--max-unknown", "12", "--max-need", "6"),
    "bluff-cost": ("bluff", "chart", "cost", "--preset", "perudo", "--dice", "1 4 4 6 2", "--opponents", "5", "4",
                   "--face", "4"),
    "yacht-boxes": ("yacht", "chart", "boxes", "--preset", "yacht_kr"),
    "yacht-distribution": ("yacht", "chart", "distribution", "--preset", "yacht_kr"),
    "yacht-keeps": ("yacht", "chart", "keeps", "--preset", "yacht_kr", "--dice", "6 6 6 2 1"),
    "yacht-reach": ("yacht", "chart", "reach", "--preset", "yacht_kr"),
    "brag-freq": ("brag", "chart", "freq", "--preset", "teen_patti"),
    "brag-equity": ("brag", "chart", "equity", "--preset", "brag3", "--hand", "KS KH 7D", "--hand", "AS 2D 3C",
                    "--opponents", "3", "--samples", "20000", "--seed", "5"),
    "brag-threshold": ("brag", "chart", "threshold", "--preset", "brag4"),
    "backgammon-bearoff": ("backgammon", "chart", "bearoff", "3 3 3 2 2 2", "0 0 3 4 4 4"),
    "backgammon-shots": ("backgammon", "chart", "shots", "--blocks", "4,6"),
    "backgammon-entry": ("backgammon", "chart", "entry"),
    "backgammon-race": ("backgammon", "chart", "race"),
}


def _signature(path: Path, extension: str) -> None:
    blob = path.read_bytes()
    assert len(blob) > 1000, f"{path} is nearly empty"
    if extension == ".png":
        assert blob[:8] == b"\x89PNG\r\n\x1a\n"
    elif extension == ".pdf":
        assert blob[:5] == b"%PDF-" and blob.rstrip().endswith(b"%%EOF")
    else:
        text = blob.decode("utf-8")
        assert "<svg" in text and text.rstrip().endswith("</svg>")


def _png_size(path: Path) -> tuple[int, int]:
    blob = path.read_bytes()
    assert blob[12:16] == b"IHDR"
    return struct.unpack(">II", blob[16:24])


def _rows(path: Path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


# --------------------------------------------------------------------------- formats
@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(KINDS))
def test_every_chart_kind_writes_its_format(odds, tmp_path, name):
    extension = (".png", ".svg", ".pdf")[sorted(KINDS).index(name) % 3]   # every format, across the kinds
    out = tmp_path / f"{name}{extension}"
    result = odds(*KINDS[name], "--out", str(out), "--data", str(tmp_path / f"{name}.csv"))
    assert result.code == 0, result.err
    assert result.out.startswith(f"wrote {out}")
    _signature(out, extension)
    assert len(_rows(tmp_path / f"{name}.csv")) > 0


@pytest.mark.parametrize("extension", [".png", ".svg", ".pdf"])
def test_the_required_bluff_command_in_every_format(odds, tmp_path, extension):
    out = tmp_path / f"bids{extension}"
    assert odds(*BLUFF_BIDS, "--out", str(out)).code == 0
    _signature(out, extension)


def test_sizes_and_dpi(odds, tmp_path):
    out = tmp_path / "entry.png"
    assert odds("backgammon", "chart", "entry", "--out", str(out), "--width", "5", "--height", "3",
                "--dpi", "100").code == 0
    assert _png_size(out) == (500, 300)
    assert odds("backgammon", "chart", "entry", "--out", str(out), "--size", "print").code == 0
    assert _png_size(out) == (2100, 1440)      # 7 x 4.8 in at 300 dpi
    assert odds("backgammon", "chart", "entry", "--out", str(out), "--size", "square", "--dpi", "50").code == 0
    assert _png_size(out) == (300, 300)
    assert odds("backgammon", "chart", "entry", "--out", str(out)).code == 0
    assert _png_size(out) == (900, 600)        # web, the default: 6 x 4 in at 150 dpi


def test_same_chart_same_bytes(odds, tmp_path):
    """No dates in the files: the gallery rebuilds byte for byte."""
    for extension in (".svg", ".pdf", ".png"):
        first, second = tmp_path / f"a{extension}", tmp_path / f"b{extension}"
        for out in (first, second):
            assert odds("backgammon", "chart", "shots", "--out", str(out)).code == 0
        assert first.read_bytes() == second.read_bytes(), extension


def test_title_replaces_the_charts_title_and_long_titles_wrap(tmp_path):
    import argparse

    from analysis.cli import chart

    kind = next(k for k in chart.KINDS["yacht"] if k.name == "boxes")
    args = argparse.Namespace(out=str(tmp_path / "boxes.png"), data=None, size=None, width=None, height=None,
                              dpi=None, title="Yacht at a glance")
    from analysis.yacht.rules import preset

    figure, _ = chart.draw(kind, args, preset("yacht_kr"))
    chart.write(figure, _, args)
    assert figure._suptitle.get_text() == "Yacht at a glance"
    args.title = "A title far too long for a chart six inches wide, which must be wrapped onto lines"
    figure, _ = chart.draw(kind, args, preset("yacht_kr"))
    chart.write(figure, _, args)
    assert figure._suptitle.get_text().count("\n") >= 1


@pytest.mark.parametrize("name", ["backgammon-bearoff", "bluff-bids"])
def test_json_summary_describes_the_file_and_holds_the_csvs_numbers(odds, tmp_path, name):
    import json

    out, data = tmp_path / f"{name}.pdf", tmp_path / f"{name}.csv"
    result = odds(*KINDS[name], "--out", str(out), "--data", str(data), "--json")
    assert result.code == 0, result.err
    summary = json.loads(result.out)
    assert (summary["file"], summary["format"], summary["data_file"]) == (str(out), "PDF", str(data))
    assert summary["bytes"] == out.stat().st_size and summary["width_in"] == 6.0 and summary["height_in"] >= 4.0
    rows = _rows(data)
    assert summary["columns"] == list(rows[0]) and summary["row_count"] == len(rows) == len(summary["rows"])
    for listed, written in zip(summary["rows"], rows):
        for column, value in listed.items():
            if isinstance(value, str):
                assert value == written[column]
            else:
                assert value == float(written[column]), (column, value, written[column])
    assert summary["title"] and "\n" not in summary["title"]
    titled = odds(*KINDS[name], "--out", str(out), "--title", "Printed for the club", "--json")
    assert json.loads(titled.out)["title"] == "Printed for the club"


# --------------------------------------------------------------------------- the data behind the charts
def test_bluff_bids_data_equals_bid_odds(odds, tmp_path):
    from analysis.bluff import bid_odds, parse_bid, parse_dice, preset

    data = tmp_path / "bids.csv"
    assert odds(*BLUFF_BIDS, "--out", str(tmp_path / "bids.png"), "--data", str(data)).code == 0
    rows = _rows(data)
    rules = preset("bluff")
    dice = parse_dice(rules, "3 3 * 5 1")
    assert {row["face"] for row in rows} == {"1", "2", "3", "4", "5", "*"}
    for row in rows:
        answer = bid_odds(rules, dice, 13, parse_bid(rules, row["bid"]))
        assert float(row["p_true"]) == pytest.approx(answer.p_true, abs=1e-12)
        assert float(row["p_exact"]) == pytest.approx(answer.p_exact, abs=1e-12)
    # The README's example: 7 threes holding three of them, 13 unknown dice.
    seven_threes = next(row for row in rows if row["bid"] == "7x3")
    assert float(seven_threes["p_true"]) == pytest.approx(0.6776, abs=5e-5)


def test_bluff_heatmap_data_equals_bid_odds(odds, tmp_path):
    from analysis.bluff import Bid, bid_odds, preset

    data = tmp_path / "heat.csv"
    assert odds(*KINDS["bluff-heatmap"], "--out", str(tmp_path / "h.svg"), "--data", str(data)).code == 0
    rows = _rows(data)
    rules = preset("perudo")
    faces = {"Number bid (1/3 per die: face or paco)": 4, "Paco bid (1/6 per die)": 1}
    assert {row["bid_kind"] for row in rows} == set(faces)
    assert len(rows) == 2 * 13 * 6
    for row in rows:
        answer = bid_odds(rules, (), int(row["unknown"]), Bid(int(row["need"]), faces[row["bid_kind"]]))
        assert float(row["p_true"]) == pytest.approx(answer.p_true, abs=1e-12)
    # Plain binomial check: at least 1 of 3 dice at 1/3 per die.
    one_of_three = next(r for r in rows if r["bid_kind"].startswith("Number") and r["unknown"] == "3"
                        and r["need"] == "1")
    assert float(one_of_three["p_true"]) == pytest.approx(1 - (2 / 3) ** 3, abs=1e-12)


def test_bluff_cost_data_equals_the_call_advisor(odds, tmp_path):
    from analysis.bluff import advise_call, parse_bid, parse_dice, preset

    data = tmp_path / "cost.csv"
    assert odds(*KINDS["bluff-cost"], "--out", str(tmp_path / "c.png"), "--data", str(data)).code == 0
    rows = _rows(data)
    rules = preset("perudo")
    dice = parse_dice(rules, "1 4 4 6 2")
    assert {row["call"] for row in rows} == {"challenge", "exact"}       # Perudo has calza
    for count in (3, 5, 8):
        advice = advise_call(rules, dice, [5, 4], parse_bid(rules, f"{count}x4"))
        for call, outcome in (("challenge", advice.challenge), ("exact", advice.exact)):
            losses = [float(r["expected_loss"]) for r in rows if r["count"] == str(count) and r["call"] == call]
            np.testing.assert_allclose(losses, outcome.expected_loss, atol=1e-12)
    bidder = {r["role"] for r in rows if r["player"] == "2"}
    assert bidder == {"player 2 (bidder)"}


@pytest.mark.parametrize("preset, dice, unknown, palifico", [
    ("bluff", "3 3 * 5 1", 13, False), ("bluff", "", 30, False), ("perudo", "1 4 4 6 2", 0, False),
    ("perudo", "2 2 1", 7, True), ("liars_dice", "6 6 1", 9, False), ("liars_dice", "5", 1, False)])
def test_bluff_chart_numbers_equal_the_stored_tables_bit_for_bit(preset, dice, unknown, palifico):
    """The charts' rows against the library's tables from the stored count tables:
    ``odds_table``'s rows for the bid chart, ``bid_odds`` for the heat map and the call costs."""
    from analysis.bluff import Bid, bid_odds, odds_table, parse_dice
    from analysis.bluff.odds.outcomes import challenge_outcome
    from analysis.bluff.rules import preset as bidding_preset
    from analysis.charts.bluff import _bid_kinds, bid_chances, call_costs, p_true_grid

    rules = bidding_preset(preset)
    mine = parse_dice(rules, dice) if dice else ()
    chart = bid_chances(rules, mine, unknown, palifico)
    table = odds_table(rules, mine, unknown, None, palifico)
    table = table[(table["unknown"] == unknown) & (table["count"] >= 1)]
    weighed = table[(table["p_true"] >= 0.005) & (table["p_true"] < 0.995)]["count"]
    if not weighed.empty:
        table = table[table["count"].between(weighed.min(), weighed.max())]
    assert list(chart) == list(table.columns)
    for column in table.columns:
        assert list(chart[column]) == table[column].tolist(), column       # exact, not approximately
    assert len(bid_chances(rules, mine, unknown, palifico, max_count=4)) == len(
        [b for b in odds_table(rules, mine, unknown, 4, palifico).itertuples() if b.unknown == unknown and b.count])

    grid = p_true_grid(rules, 6, 4, palifico)
    faces = dict(_bid_kinds(rules, palifico))
    for kind, unknown_dice, need, p_true in zip(grid["bid_kind"], grid["unknown"], grid["need"], grid["p_true"]):
        assert p_true == bid_odds(rules, (), unknown_dice, Bid(need, faces[kind]), palifico).p_true

    if mine:
        costs = call_costs(rules, mine, [3, 2], 3, palifico_round=palifico)
        for count, call, player, loss in zip(costs["count"], costs["call"], costs["player"], costs["expected_loss"]):
            odds = bid_odds(rules, mine, 5, Bid(count, 3), palifico)
            outcome = challenge_outcome(rules, odds, (len(mine), 3, 2), caller=0, bidder=2, call=call,
                                        start=rules.starting_dice(3))
            assert loss == float(outcome.expected_loss[player])


@pytest.mark.slow
def test_yacht_data_equals_box_odds_solve_and_advise(odds, tmp_path):
    from analysis.yacht import solve
    from analysis.yacht.advice import advise
    from analysis.yacht.odds import box_odds

    boxes, dist, keeps = (tmp_path / name for name in ("boxes.csv", "dist.csv", "keeps.csv"))
    for name, data in (("yacht-boxes", boxes), ("yacht-distribution", dist), ("yacht-keeps", keeps)):
        assert odds(*KINDS[name], "--out", str(tmp_path / f"{name}.png"), "--data", str(data)).code == 0
    table = box_odds("yacht_kr")
    from analysis.charts.yacht import box_turn_odds
    from analysis.yacht.rules import preset

    for name in ("yacht_kr", "yahtzee", "yatzy"):      # the chart's rows, without box_odds' DataFrame: exact
        chart, library = box_turn_odds(preset(name)), box_odds(name)
        assert list(chart) == list(library.columns)
        assert all(list(chart[column]) == library[column].tolist() for column in library.columns)
    rows = _rows(boxes)
    assert [r["box"] for r in rows] == list(table["box"])
    for column in ("first_roll_chance", "turn_chance", "turn_expected_points"):
        np.testing.assert_allclose([float(r[column]) for r in rows], table[column], rtol=1e-12)

    solution = solve("yacht_kr")
    from analysis.charts.yacht import optimal_play
    from analysis.yacht.rules import preset

    stored = optimal_play(preset("yacht_kr"))          # what the chart reads instead of solve (no pandas)
    assert np.array_equal(stored.distribution, solution.distribution)
    assert stored.expected_score == solution.expected_score
    rows = _rows(dist)
    scores = np.array([int(r["score"]) for r in rows])
    chances = np.array([float(r["chance"]) for r in rows])
    np.testing.assert_allclose(chances, solution.distribution[scores], rtol=1e-12)
    assert chances.sum() == pytest.approx(1.0, abs=1e-9)
    # The distribution's mean is the solver's expected score (174.5586, README), an independent check.
    assert (scores * chances).sum() == pytest.approx(solution.expected_score, abs=1e-6)
    assert float(rows[-1]["at_most"]) == pytest.approx(1.0, abs=1e-9)

    options = advise("yacht_kr", "6 6 6 2 1", 2).options
    rows = _rows(keeps)
    assert [r["option"] for r in rows] == list(options["option"][:10])
    np.testing.assert_allclose([float(r["expected_final"]) for r in rows], options["expected_final"][:10],
                               rtol=1e-12)
    assert rows[0]["option"] == "keep 6 6 6"


@pytest.mark.slow
def test_yacht_reach_data_equals_reach_curve_and_the_optimal_distribution(odds, tmp_path):
    from analysis.yacht import reach_curve, solve

    data = tmp_path / "reach.csv"
    assert odds(*KINDS["yacht-reach"], "--out", str(tmp_path / "r.png"), "--data", str(data)).code == 0
    rows = _rows(data)
    targets = np.array([int(r["target"]) for r in rows])
    target_play = np.array([float(r["target_play"]) for r in rows])
    expected_play = np.array([float(r["expected_play"]) for r in rows])
    np.testing.assert_allclose(target_play, reach_curve("yacht_kr").chance[targets], rtol=1e-12)
    distribution = solve("yacht_kr").distribution
    np.testing.assert_allclose(expected_play, [distribution[t:].sum() for t in targets], atol=1e-12)
    # Playing for T can only raise P(final >= T): the expected-score strategy is one of those it beats.
    assert np.all(target_play >= expected_play - 1e-9)
    assert np.any(target_play > expected_play + 0.01)


def test_brag_data_equals_frequencies_equity_and_thresholds(odds, tmp_path):
    from analysis.brag import equity, frequencies
    from analysis.brag.advice import see_thresholds, stay_thresholds

    freq, eq, thresholds = (tmp_path / name for name in ("freq.csv", "eq.csv", "thr.csv"))
    for name, data in (("brag-freq", freq), ("brag-equity", eq), ("brag-threshold", thresholds)):
        assert odds(*KINDS[name], "--out", str(tmp_path / f"{name}.png"), "--data", str(data)).code == 0

    rows = _rows(freq)
    table = frequencies("teen_patti")
    assert [r["class"] for r in rows] == list(table.index)
    assert [int(r["hands"]) for r in rows] == list(table["hands"])
    assert sum(int(r["hands"]) for r in rows) == 22_100

    rows = _rows(eq)
    assert len(rows) == 2 * 3
    for row in rows:
        hand, opponents = row["hand"], int(row["opponents"])
        answer = equity("brag3", hand, opponents, seed=5, samples=20_000)
        assert float(row["equity"]) == pytest.approx(answer.equity, abs=1e-12)
        assert float(row["standard_error"]) == pytest.approx(answer.standard_error, abs=1e-12)
        assert (row["exact"] == "True") == (opponents <= 2)

    rows = _rows(thresholds)
    ratios = np.geomspace(0.5, 50, 25)
    expected = {"see, opponent holds any hand": see_thresholds("brag4", ratios),
                "see, opponent holds pair+": see_thresholds("brag4", ratios, "pair+"),
                "stay, 1 opponent": stay_thresholds("brag4", ratios, 1)}
    assert {r["decision"] for r in rows} == set(expected)     # brag4: no exact two-opponent table
    for label, frame in expected.items():
        mine = [r for r in rows if r["decision"] == label]
        assert [r["weakest_hand"] for r in mine] == list(frame["weakest_hand"])
        np.testing.assert_allclose([float(r["percentile"]) for r in mine], frame["percentile"], rtol=1e-12)


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["brag3", "brag4"])
def test_brag_chart_numbers_equal_the_library_tables_exactly(preset):
    """The charts compute from the stored tables without pandas: the same numbers, exactly, as the
    library's DataFrames (frequencies, equity_table, see/stay thresholds, two-opponent table)."""
    from analysis.brag import frequencies
    from analysis.brag.advice import see_thresholds, stay_thresholds
    from analysis.brag.showdown.equity import equity_table, two_opponent_table
    from analysis.charts.brag import (class_frequencies, class_landmarks, heads_up_shares, see_threshold_rows,
                                      stay_threshold_rows, two_opponent_shares)

    def same(columns, frame):
        assert list(columns) == list(frame.columns)
        for name in frame.columns:
            expected = frame[name].tolist()
            assert [None if v != v else v for v in columns[name]] == [None if v != v else v for v in expected]

    same(class_frequencies(preset), frequencies(preset).reset_index())
    table = equity_table(preset)
    shares = heads_up_shares(preset)
    for name in ("strength", "class", "percentile", "win", "equity"):
        assert np.array_equal(shares[name], table[name].to_numpy()), name
    landmarks = [str(table[table["class"] == name].sort_values("equity", kind="stable")["hand"].iloc[
        (table["class"] == name).sum() // 2]) for name in frequencies(preset).index]
    assert class_landmarks(preset) == landmarks
    ratios = np.geomspace(0.5, 500, 31)
    for against in ("any", "pair+", "prial"):
        same(see_threshold_rows(preset, ratios, against), see_thresholds(preset, ratios, against))
    same(stay_threshold_rows(preset, ratios, 1), stay_thresholds(preset, ratios, 1))
    if preset == "brag3":
        same(stay_threshold_rows(preset, ratios, 2), stay_thresholds(preset, ratios, 2))
        assert np.array_equal(two_opponent_shares(preset)["equity"], two_opponent_table(preset)["equity"])


def test_backgammon_data_equals_dice_and_bearoff_tables(odds, tmp_path):
    from analysis.backgammon import bearoff_odds
    from analysis.backgammon.dice import entry, shots

    names = ("backgammon-bearoff", "backgammon-shots", "backgammon-entry")
    for name in names:
        assert odds(*KINDS[name], "--out", str(tmp_path / f"{name}.png"),
                    "--data", str(tmp_path / f"{name}.csv")).code == 0
    rows = _rows(tmp_path / "backgammon-bearoff.csv")
    for counts in ("3 3 3 2 2 2", "0 0 3 4 4 4"):
        mine = [r for r in rows if r["position"] == counts]
        distribution = bearoff_odds(counts).distribution
        assert [int(r["rolls"]) for r in mine] == list(distribution.index)
        np.testing.assert_allclose([float(r["chance"]) for r in mine], distribution.values, rtol=1e-12)
        assert sum(float(r["chance"]) for r in mine) == pytest.approx(1.0, abs=1e-9)

    rows = _rows(tmp_path / "backgammon-shots.csv")
    for row in rows:
        blocks = tuple(int(b) for b in row["blocks"].split(",") if b)
        assert int(row["rolls"]) == shots(int(row["distance"]), blocks)
    open_board = {int(r["distance"]): int(r["rolls"]) for r in rows if r["blocks"] == ""}
    assert open_board[6] == 17 and open_board[1] == 11       # the standard shot table

    rows = _rows(tmp_path / "backgammon-entry.csv")
    assert len(rows) == 7 * 3
    for row in rows:
        assert int(row["all_enter"]) == entry(int(row["closed"]), int(row["on_bar"])).all_enter
    one_checker = {int(r["closed"]): int(r["all_enter"]) for r in rows if r["on_bar"] == "1"}
    assert one_checker == {k: 36 - k * k for k in range(7)}   # fanned only when both dice hit closed points


def test_backgammon_race_data_against_each_positions_cube_advice(odds, tmp_path):
    """The pip-count averages against ``cube_advice`` position by position, for short races."""
    from itertools import product

    from analysis.backgammon import Position, cube_advice

    data = tmp_path / "race.csv"
    assert odds("backgammon", "chart", "race", "--leads=-1,0,2", "--out", str(tmp_path / "race.png"),
                "--data", str(data)).code == 0
    rows = {(int(r["my_pips"]), int(r["their_pips"])): r for r in _rows(data)}
    assert {int(r["lead"]) for r in rows.values()} == {-1, 0, 2}

    def boards(pips):
        return [c for c in product(range(7), repeat=6) if 0 < sum(c) <= 6
                and sum((i + 1) * n for i, n in enumerate(c)) == pips]

    def notation(counts):
        return " ".join(f"{i + 1}:{n}" for i, n in enumerate(counts) if n)

    for mine, theirs in ((5, 4), (6, 6), (4, 6)):
        chances = [cube_advice("backgammon", Position.from_notation(f"{notation(a)} / {notation(b)}")).win_chance
                   for a in boards(mine) for b in boards(theirs)]
        row = rows[(mine, theirs)]
        assert int(row["pairs"]) == len(chances)
        assert float(row["win_chance"]) == pytest.approx(np.mean(chances), abs=1e-12)


# --------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("argv", [
    ("bluff", "chart", "pie", "--out", "x.png"),                               # unknown chart
    (*BLUFF_BIDS, "--out", "bids.txt"),                                       # not an image format
    (*BLUFF_BIDS, "--out", "bids"),                                           # no extension
    (*BLUFF_BIDS, "--out", "/no/such/folder/bids.png"),                       # unwritable path
    (*BLUFF_BIDS, "--out", "bids.png", "--data", "/no/such/folder/bids.csv"),
    (*BLUFF_BIDS, "--out", "bids.png", "--width", "0"),                       # a size of 0
    (*BLUFF_BIDS, "--out", "bids.png", "--height", "-3"),
    (*BLUFF_BIDS, "--out", "bids.png", "--dpi", "0"),
    (*BLUFF_BIDS, "--out", "bids.png", "--size", "poster"),
    (*BLUFF_BIDS, "--out", "bids.png", "--width", "40", "--dpi", "1200"),     # 48,000 pixels wide
    (*BLUFF_BIDS, "--out", "bids.png", "--width", "nan"),
    ("bluff", "chart", "bids", "--dice", "3 3 9", "--unknown", "13", "--out", "bids.png"),
    ("bluff", "chart", "bids", "--unknown", "-1", "--out", "bids.png"),
    ("bluff", "chart", "cost", "--dice", "3 3", "--opponents", "2", "--face", "3 4", "--out", "c.png"),
    ("bluff", "chart", "bids", "--preset", "poker", "--unknown", "3", "--out", "bids.png"),
    ("yacht", "chart", "keeps", "--dice", "6 6 6 2", "--out", "k.png"),
    ("yacht", "chart", "boxes", "--rule", "upper_bonus=lots", "--out", "k.png"),
    ("brag", "chart", "equity", "--hand", "KS KS 7D", "--out", "e.png"),
    ("brag", "chart", "equity", "--opponents", "9", "--out", "e.png"),
    ("brag", "chart", "freq", "--rule", "a23_run=middle", "--out", "f.png"),
    ("backgammon", "chart", "bearoff", "3 3 3 2 2", "--out", "b.png"),
    ("backgammon", "chart", "race", "--leads", "x", "--out", "r.png"),
    ("backgammon", "chart", "shots", "--out", "."),
    ("backgammon", "chart", "entry", "--out", "/proc/entry.png"),                 # a folder nobody writes in
])
def test_bad_input_is_one_sentence(odds, tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    result = odds(*argv)
    assert_one_sentence_error(result)
    assert list(tmp_path.iterdir()) == []          # nothing half-written


def test_unwritable_folder(odds, tmp_path):
    if os.geteuid() == 0:
        pytest.skip("root may write anywhere")
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    assert_one_sentence_error(odds("backgammon", "chart", "entry", "--out", str(folder / "e.png")))


# --------------------------------------------------------------------------- house rules
def test_rule_fields_change_the_chart_data(odds, tmp_path):
    plain, house = tmp_path / "plain.csv", tmp_path / "house.csv"
    assert odds("brag", "chart", "freq", "--out", str(tmp_path / "a.png"), "--data", str(plain)).code == 0
    assert odds("brag", "chart", "freq", "--rule", "a23_run=none", "--out", str(tmp_path / "b.png"),
                "--data", str(house)).code == 0
    runs = {r["class"]: int(r["hands"]) for r in _rows(plain)}
    runs_without_a23 = {r["class"]: int(r["hands"]) for r in _rows(house)}
    # A-2-3 not a run: its 64 suit patterns leave the runs (60 non-flush) and running flushes (4).
    assert runs["run"] - runs_without_a23["run"] == 60
    assert runs["running_flush"] - runs_without_a23["running_flush"] == 4

    # Bluff's difference rule (lose the difference) against one die per lost challenge.
    costs = tmp_path / "costs.csv"
    argv = ("bluff", "chart", "cost", "--dice", "3 3 * 5 1", "--opponents", "6", "7", "--face", "3")
    assert odds(*argv, "--out", str(tmp_path / "c.png"), "--data", str(costs)).code == 0
    assert max(float(r["expected_loss"]) for r in _rows(costs)) > 2
    assert odds(*argv, "--rule", "challenge_loss=one", "--out", str(tmp_path / "c.png"),
                "--data", str(costs)).code == 0
    assert max(float(r["expected_loss"]) for r in _rows(costs)) == pytest.approx(1.0)
    assert_one_sentence_error(odds(*argv, "--rule", "challenge_loss=all", "--out", str(tmp_path / "c.png")))


# --------------------------------------------------------------------------- no display, no matplotlib for --help
def test_charts_build_without_a_display(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["MPLBACKEND"] = "TkAgg"          # a GUI backend asked for: the chart command still uses Agg
    out = tmp_path / "entry.png"
    done = subprocess.run([sys.executable, "-m", "analysis.cli.main", "backgammon", "chart", "entry",
                           "--out", str(out)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    _signature(out, ".png")


#: Chart kinds whose numbers come from the store or a little arithmetic: drawn without pandas or numba.
LEAN_KINDS = {name: KINDS[name] for name in (
    "backgammon-entry", "backgammon-shots", "backgammon-bearoff", "bluff-bids", "bluff-heatmap", "bluff-cost",
    "yacht-boxes", "yacht-distribution", "yacht-reach", "yacht-keeps", "brag-freq", "brag-threshold",
    "backgammon-race")}
LEAN_KINDS["brag-equity-heads-up"] = ("brag", "chart", "equity", "--preset", "teen_patti")
LEAN_KINDS["brag-threshold-two-opponents"] = ("brag", "chart", "threshold", "--preset", "brag3")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(LEAN_KINDS))
def test_charts_from_the_store_import_no_pandas_numba_or_pyplot(tmp_path, name):
    """What keeps a chart quick (benchmarks/bench_charts.py times it): with its numbers stored (the
    first run stores them), the chart imports neither pandas nor numba, nor pyplot or the 3-D axes."""
    out = str(tmp_path / "c.png")
    heavy = ("pandas", "numba", "matplotlib.pyplot", "mpl_toolkits.mplot3d")
    code = ("import sys; from analysis.cli.main import main; "
            f"code = main([*{LEAN_KINDS[name]!r}, '--out', {out!r}]); "
            f"print(code, sorted(m for m in {heavy!r} if m in sys.modules))")
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.stdout.splitlines()[-1] == "0 []", (name, done.stdout, done.stderr)


@pytest.mark.parametrize("fonttype", [3, 42])
def test_pdf_font_subsetter_runs_only_when_a_font_is_embedded_whole(tmp_path, fonttype):
    """The PDF backend imports a font subsetter that charts' Type 3 fonts never use; the command loads
    it lazily. With TrueType embedding (``pdf.fonttype`` 42) it is used, and loads then."""
    out = str(tmp_path / "c.pdf")
    code = ("import sys, matplotlib; "
            f"matplotlib.rcParams['pdf.fonttype'] = {fonttype}; "
            "from analysis.cli.main import main; "
            f"code = main(['backgammon', 'chart', 'entry', '--out', {out!r}]); "
            "print(code, type(sys.modules['fontTools.subset']).__name__)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    status, module_type = done.stdout.split()[-2:]
    assert status == "0"
    assert (module_type == "_LazyModule") == (fonttype == 3), module_type
    data = Path(out).read_bytes()
    assert data.startswith(b"%PDF-")
    assert (b"/Subtype /Type3" in data) == (fonttype == 3) and (b"/FontFile2" in data) == (fonttype == 42)


def test_laying_a_png_out_first_gives_the_same_bytes(tmp_path):
    """The command lays a PNG out itself and saves it without a layout engine (one drawing pass
    instead of two): the file must be the one matplotlib writes with the engine on."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from analysis.cli.chart import _lay_out_for_agg

    def chart():
        figure = Figure(figsize=(6, 4), layout="constrained")
        for k, ax in enumerate(figure.subplots(1, 2)):
            ax.plot(range(10), [x * x for x in range(10)], label="squares")
            ax.set_title(f"panel {k} with a long title", fontweight="bold")
            ax.set_ylabel("a label that takes room")
            ax.legend()
        figure.suptitle("two panels")
        return figure

    engine_on, laid_out = chart(), chart()
    engine_on.savefig(tmp_path / "a.png", dpi=120, metadata={"Software": None})
    _lay_out_for_agg(laid_out, 120)
    assert laid_out.get_layout_engine() is None
    laid_out.savefig(tmp_path / "b.png", dpi=120, metadata={"Software": None})
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()


def test_help_does_not_import_matplotlib():
    code = ("import sys; from analysis.cli.main import build_parser; build_parser(); "
            "print(sorted(m for m in ('matplotlib', 'pandas', 'numba') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "matplotlib" not in done.stdout


def test_the_gallery_shows_every_chart_kind():
    """docs/charts.md is written by scripts/gallery.py: every kind is in it, with its picture committed."""
    import importlib.util

    from analysis.cli.chart import KINDS

    spec = importlib.util.spec_from_file_location("gallery", ROOT / "scripts" / "gallery.py")
    gallery = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gallery)
    shown = {(argv[0], argv[2]) for *_, argv in gallery.GALLERY}
    assert shown == {(game, kind.name) for game, kinds in KINDS.items() for kind in kinds}
    page = (ROOT / "docs" / "charts.md").read_text(encoding="utf-8")
    for _, name, *_ in gallery.GALLERY:
        assert f"](charts/{name})" in page
        assert (ROOT / "docs" / "charts" / name).stat().st_size > 1000


def test_a_charts_axis_text_is_legible_on_a_phone():
    # A chart at a phone's width (390 px less the page's padding: 374 px) shrinks with its type; axis labels
    # and tick labels must stay at least 9 px high at the screen sizes the command offers (print is for paper).
    from analysis.charts.output import SIZES
    from analysis.charts.style import PUBLISH

    axis_points = min(PUBLISH["axes.labelsize"], PUBLISH["xtick.labelsize"], PUBLISH["ytick.labelsize"])
    for name in ("web", "square"):
        width = SIZES[name][0]
        shown = axis_points / 72 / width * 374
        assert shown >= 9, f"--size {name}: axis text {shown:.1f} px on a phone"


def _joined_series(figure) -> list[str]:
    """The series of a chart drawn as a line through three or more values (a reference line has two points)."""
    return [line.get_label() for ax in figure.axes for line in ax.get_lines()
            if line.get_linestyle() not in ("None", "none", "") and len(line.get_xdata()) > 2]


def test_discrete_data_is_drawn_as_points():
    # Counts of rolls, dice, pips and players have nothing between two whole numbers: a line joining them draws
    # values that do not exist, so these charts mark each value alone (series set side by side, dodged).
    from analysis.bluff.rules import PRESETS
    from analysis.charts import backgammon, bluff, brag
    from analysis.charts.columns import Columns
    from analysis.charts.style import close, dodge

    frame = Columns(hand=["A♠ K♠ Q♠"] * 3 + ["7♠ 7♥ 2♦"] * 3, opponents=[1, 2, 3] * 2,
                    equity=[0.9, 0.8, 0.7, 0.6, 0.5, 0.4], standard_error=[0.0] * 6)
    figures = [backgammon.shot_chart(), backgammon.entry_chart(), backgammon.variant_chart(),
               backgammon.bearoff_distribution_chart([(3, 3, 3, 2, 2, 2), (0, 0, 3, 4, 4, 4)]),
               bluff.preset_comparison([PRESETS["bluff"], PRESETS["perudo"]], unknown=10),
               bluff.challenge_cost_by_margin(PRESETS["bluff"], dice_in_play=(10,)), brag.opponents_chart(frame)]
    for figure in figures:
        assert figure.axes[0].get_lines(), figure.axes[0].get_title()
        assert not _joined_series(figure), (figure.axes[0].get_title(), _joined_series(figure))
        close(figure)
    from matplotlib.figure import Figure

    joined = Figure()
    joined.subplots().plot([1, 2, 3], [4, 5, 6], label="joined")
    joined.axes[0].axhline(0.5, label="reference")
    assert _joined_series(joined) == ["joined"]
    # Side by side: two series of one value each sit either side of it, apart, and a lone series on it.
    assert dodge(0, 2) < 0 < dodge(1, 2) and dodge(0, 1) == 0 and abs(dodge(6, 7) - dodge(0, 7)) < 1
