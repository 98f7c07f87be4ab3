"""The recorded matches the Yacht article reads (reports/data/yacht_match_*p.json, scripts/yacht_match.py).

Each figure the article prints is checked against the counts it comes from, and the first games
are replayed with the recorded seed: the file was made by this code, not typed in.
"""

import json
import math
from pathlib import Path

import numpy as np
import pytest

from analysis.yacht.match import simulate_match

DATA = Path(__file__).resolve().parents[2] / "reports" / "data"
REPLAY = {2: 10, 4: 6}   # games replayed per file (a few seconds)


def recorded(players):
    return json.loads((DATA / f"yacht_match_{players}p.json").read_text())


@pytest.mark.parametrize("players", [2, 4])
def test_shares_and_intervals_follow_from_the_outcome_counts(players):
    run = recorded(players)
    games, counts = run["games"], run["to_win_outcomes"]
    assert run["players"] == players and run["strategies"] == ["to-win"] + ["optimal"] * (players - 1)
    assert sum(counts.values()) == games
    assert set(counts) == {"won", "lost"} | {f"tie_{k}" for k in range(2, players + 1)}
    # A tie at the top among k players is worth 1/k to each of them.
    shares = {1.0: counts["won"], 0.0: counts["lost"]} | {1 / k: counts[f"tie_{k}"] for k in range(2, players + 1)}
    mean = sum(share * n for share, n in shares.items()) / games
    variance = (sum(share ** 2 * n for share, n in shares.items()) - games * mean ** 2) / (games - 1)
    half = 1.96 * math.sqrt(variance / games)
    table = {row["strategy"]: row for row in run["strategy_table"]}
    me = table["to-win"]
    assert me["share_of_wins"] == pytest.approx(mean, abs=1e-12)
    assert (me["ci95_low"], me["ci95_high"]) == pytest.approx((mean - half, mean + half), abs=1e-12)
    assert me["fair_share"] == 1 / players
    if players == 2:   # every game's win is shared out in full (with more players the table shows one of each)
        assert me["share_of_wins"] + table["optimal"]["share_of_wins"] == pytest.approx(1, abs=1e-12)
    assert f"--players {players}" in run["command"] and f"--games {games} --seed {run['seed']}" in run["command"]


@pytest.mark.parametrize("players", [2, 4])
def test_rates_are_consistent(players):
    run = recorded(players)
    for box, situation in zip(run["boxes"], run["situations"]):
        assert box["box"] == situation["box"]
        for name in ("to-win", "optimal"):
            behind = situation[f"{name} written behind"]
            assert 0 <= behind <= 1
            # The zero rate over all games is the behind and ahead rates weighted by how often each happened.
            overall = (behind * situation[f"{name} zero rate behind"]
                       + (1 - behind) * situation[f"{name} zero rate ahead"])
            assert overall == pytest.approx(box[f"{name} zero rate"], abs=1e-12)
        for key in ("to-win differed behind", "to-win differed ahead"):
            assert 0 <= situation[key] <= 1


@pytest.mark.parametrize("players", [2, 4])
def test_first_games_replay_with_the_recorded_seed(players):
    run = recorded(players)
    count = REPLAY[players]
    match = simulate_match("yacht_kr", ("to-win", "optimal"), players=players, games=count, seed=run["seed"],
                           exact_from=run["exact_from"])
    assert np.array_equal(match.finals, np.array(run["first_finals"][:count]))


@pytest.mark.parametrize("players", [2, 4])
def test_the_yacht_page_quotes_the_recorded_share(players):
    run = recorded(players)
    me = run["strategy_table"][0]
    text = " ".join((DATA.parents[1] / "docs" / "yacht.md").read_text().split())   # lines joined
    share = f"{100 * me['share_of_wins']:.2f}%"
    interval = f"{100 * me['ci95_low']:.2f}-{100 * me['ci95_high']:.2f}%"
    assert f"{run['games']:,} games" in text
    assert share in text and interval in text, (share, interval)
