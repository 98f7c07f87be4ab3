"""``odds bluff solve | game-value | tournament`` and the advisor's endgame answer, as a user runs them."""

from __future__ import annotations

import pytest

from tests.conftest import assert_one_sentence_error


@pytest.mark.slow
def test_solve_bluff_one_die_each(odds):
    data = odds("bluff", "solve", "--preset", "bluff", "--dice", "1", "1", "--json").json()
    # One die each, Bluff plays like Liar's Dice with a wild top face: -7/258 (see test_solve).
    assert data["value_first_bidder"] == pytest.approx(-7 / 258, abs=1e-4)
    assert 0 <= data["exploitability"] <= 1e-4
    assert data["bid_histories"] == 4096 and data["information_sets"] == 24576


@pytest.mark.slow
def test_solve_liars_dice_sixes_wild(odds):
    data = odds("bluff", "solve", "--preset", "liars_dice", "--wild", "6", "--dice", "1", "1", "--json").json()
    assert data["calls"] == ["challenge", "exact"]       # Liar's Dice keeps its spot on
    assert 0 <= data["exploitability"] <= 1e-4
    plain = odds("bluff", "solve", "--preset", "liars_dice", "--wild", "6", "--dice", "1", "1", "--no-exact-call",
                 "--json").json()
    assert plain["value_first_bidder"] == pytest.approx(-7 / 258, abs=1e-4)


@pytest.mark.slow
def test_solve_prints_the_openings(odds):
    result = odds("bluff", "solve", "--preset", "bluff", "--dice", "1", "1", "--openings")
    assert result.code == 0
    assert "exploitability" in result.out and "p_bid_true" in result.out


@pytest.mark.slow
def test_solve_prints_the_strategy_after_bids(odds):
    data = odds("bluff", "solve", "--preset", "bluff", "--dice", "1", "1", "--after", "1x3", "--json").json()
    rows = {row["hand"]: row for row in data["after"]["strategy_by_hand"]}
    assert set(rows) == {"1", "2", "3", "4", "5", "*"}
    for row in rows.values():
        assert sum(v for k, v in row.items() if k not in ("hand", "P(hand)")) == pytest.approx(1.0)
    assert rows["3"]["challenge"] < 1e-6 and rows["*"]["challenge"] < 1e-6   # the bid is certainly true


@pytest.mark.slow
def test_solve_for_the_round_and_for_the_game_one_die_each(odds):
    """One die each, whoever loses the round loses the game: the round's +1/-1 value is twice the first bidder's
    chance to win the game, less one; and that chance is the game value (a chain of solves of its own)."""
    solve = ("bluff", "solve", "--preset", "bluff", "--dice", "1", "1", "--json", "--payoff")
    round_value = odds(*solve, "round").json()["value_first_bidder"]
    game = odds(*solve, "game").json()
    assert "chance to win the game" in game["payoff"]
    value = odds("bluff", "game-value", "--preset", "bluff", "--dice", "1", "1", "--json").json()
    assert game["value_first_bidder"] == pytest.approx(value["p_win_if_i_open"], abs=1e-3)
    assert round_value == pytest.approx(2 * game["value_first_bidder"] - 1, abs=1e-3)


@pytest.mark.slow
def test_solve_for_the_round_beyond_the_exact_tree_is_the_sampled_solve(odds):
    data = odds("bluff", "solve", "--preset", "liars_dice", "--wild", "1", "--no-exact-call", "--dice", "2", "2",
                "--payoff", "round", "--iterations", "200", "--json").json()
    assert data["solver"].startswith("external-sampling") and data["iterations"] == 200
    assert "fewer dice" in data["payoff"] and -1 <= data["value_first_bidder"] <= 1


def test_game_value_one_die_each(odds):
    data = odds("bluff", "game-value", "--preset", "bluff", "--dice", "1", "1", "--json").json()
    assert data["p_win_if_i_open"] == pytest.approx((1 - 7 / 258) / 2, abs=1e-3)


@pytest.mark.slow
def test_tournament_text_and_json(odds):
    args = ["bluff", "tournament", "--preset", "perudo", "--players", "4", "--bots",
            "threshold,honest,random,threshold", "--games", "2000", "--seed", "1", "--scheduler", "sync"]
    text = odds(*args)
    assert text.code == 0 and "95% interval" in text.out
    data = odds(*args, "--json").json()
    assert [seat["bot"] for seat in data["seats"]] == ["threshold:0.5", "honest", "random", "threshold:0.5"]
    # The command passes every setting through: the same games as the API with the same seed.
    from analysis.bluff import preset, run_tournament

    same = run_tournament(preset("perudo"), "threshold,honest,random,threshold", players=4, games=2000, seed=1,
                          scheduler="sync")
    assert [seat["wins"] for seat in data["seats"]] == same.table["wins"].tolist()
    other_seed = run_tournament(preset("perudo"), "threshold,honest,random,threshold", players=4, games=2000,
                                seed=2, scheduler="sync")
    assert other_seed.table["wins"].tolist() != same.table["wins"].tolist()


@pytest.mark.slow
def test_sweep_grid(odds, tmp_path):
    out = tmp_path / "grid.csv"
    data = odds("bluff", "sweep", "--presets", "bluff,perudo", "--players", "3", "--tested", "threshold:0.3,honest",
                "--games", "400", "--seed", "2", "--scheduler", "sync", "--out", str(out), "--json").json()
    assert [(row["preset"], row["bot"]) for row in data] == [
        ("bluff", "threshold:0.3"), ("bluff", "honest"), ("perudo", "threshold:0.3"), ("perudo", "honest")]
    assert out.read_text().startswith("preset,players,start,bot,wins")


def test_advisor_uses_the_solved_endgame(odds):
    result = odds("bluff", "call", "--preset", "bluff", "--dice", "3", "--opponents", "1", "--bid", "1x4")
    assert result.code == 0
    assert "Equilibrium of the solved 1v1 endgame" in result.out
    data = odds("bluff", "call", "--preset", "bluff", "--dice", "3", "--opponents", "1", "--bid", "1x5",
                "--history", "1x3,1x4", "--json").json()
    assert data["equilibrium"]["bids"] == ["1x3", "1x4", "1x5"]
    assert sum(data["equilibrium"]["strategy"].values()) == pytest.approx(1.0, abs=1e-3)
    many = odds("bluff", "call", "--preset", "bluff", "--dice", "3 3 * 5 1", "--opponents", "6", "7",
                "--bid", "7x3", "--json").json()
    assert many["equilibrium"] is None


@pytest.mark.parametrize("argv", [
    ["bluff", "solve", "--preset", "bluff", "--dice", "16", "15"],
    ["bluff", "solve", "--preset", "bluff", "--dice", "15", "15"],
    ["bluff", "solve", "--preset", "bluff", "--dice", "2", "2", "--openings"],
    ["bluff", "solve", "--preset", "bluff", "--dice", "0", "1"],
    ["bluff", "solve", "--preset", "bluff", "--solver", "magic"],
    ["bluff", "game-value", "--preset", "bluff", "--dice", "3", "3"],
    ["bluff", "tournament", "--preset", "bluff", "--bots", "threshold,wizard"],
    ["bluff", "tournament", "--preset", "bluff", "--bots", "threshold,honest", "--games", "10",
     "--scheduler", "nowhere"],
    ["bluff", "tournament", "--preset", "bluff", "--players", "7", "--bots", "random"],
    ["bluff", "tournament", "--preset", "bluff", "--bots", "random", "--players", "2",
     "--seed", "99999999999999999999999"],
    ["bluff", "tournament", "--preset", "bluff", "--bots", "random", "--players", "2", "--games", "10000000000000"],
    ["bluff", "tournament", "--preset", "bluff", "--bots", "random", "--players", "2", "--games", "100000000",
     "--chunks", "1"],
    ["bluff", "sweep", "--players", "three", "--tested", "honest"],
    ["bluff", "sweep", "--presets", "yatzy", "--tested", "honest"],
    ["bluff", "call", "--preset", "bluff", "--dice", "3", "--opponents", "1", "--bid", "1x4", "--history", "1x5"],
    # bids after which to show the strategy, checked before the round is solved
    ["bluff", "solve", "--after", "9x3"],
    ["bluff", "solve", "--after", "2x3,1x4"],
    ["bluff", "solve", "--after", "100000000x3"],
    ["bluff", "solve", "--dice", "2", "2", "--payoff", "game"],      # no game value beyond 3 dice in play
    ["bluff", "solve", "--payoff", "everything"],
    # every numeric argument outside its documented range, refused before any work
    ["bluff", "tournament", "--bots", "random", "--players", "1"],
    ["bluff", "tournament", "--bots", "random,random", "--chunks", "0"],
    ["bluff", "tournament", "--bots", "random,random", "--games", "0"],
    ["bluff", "sweep", "--tested", "honest", "--players", "7"],
    ["bluff", "sweep", "--tested", "honest", "--games", "-3"],
    ["bluff", "sweep", "--tested", "honest", "--preset", "perudo", "--rule", "exact_call=maybe"],
    ["bluff", "sweep", "--tested", "honest", "--out", "/nonexistent/dir/t.csv"],
    ["bluff", "fit", "rounds.jsonl", "--rounds", "0"],
    ["bluff", "fit", "rounds.jsonl", "--seat", "6"],
    ["bluff", "calibration", "rounds.jsonl", "--bids", "0"],
    ["bluff", "fit", "rounds.jsonl", "--preset", "yatzy"],
])
def test_bad_input_is_one_sentence(odds, argv):
    assert_one_sentence_error(odds(*argv))


ONE_ROUND = ('{"preset": "bluff", "dice": ["3 3", "4 *"], "bids": [{"player": 0, "bid": "2x3"}, '
             '{"player": 1, "bid": "3x4"}], "call": {"player": 0, "call": "challenge"}}\n')


@pytest.mark.parametrize("command", ["fit", "calibration"])
def test_a_log_reader_refuses_a_preset_the_log_is_not_of(odds, tmp_path, command):
    log = tmp_path / "rounds.jsonl"
    log.write_text(ONE_ROUND)
    wrong = odds("bluff", command, str(log), "--preset", "perudo")
    assert_one_sentence_error(wrong)
    assert "is of bluff, not perudo" in wrong.err
    # The preset the log names goes on to the reader, which answers or refuses the log itself.
    right = odds("bluff", command, str(log), "--preset", "bluff")
    assert "not perudo" not in right.err and "is of" not in right.err


@pytest.mark.slow
def test_sweep_takes_a_preset_and_rule_fields(odds):
    data = odds("bluff", "sweep", "--preset", "perudo", "--rule", "exact_call=none", "--players", "2",
                "--tested", "honest", "--games", "200", "--seed", "1", "--scheduler", "sync", "--json").json()
    assert [(row["preset"], row["players"], row["bot"]) for row in data] == [("perudo", 2, "honest")]


@pytest.mark.parametrize("command", [["tournament", "--bots", "threshold,honest"], ["sweep", "--tested", "honest"]])
def test_a_tls_scheduler_without_certificates_is_one_sentence(odds, command):
    import dask
    import distributed  # noqa: F401 - its configuration's defaults, loaded before they are changed here

    # No certificates in Dask's configuration, whatever the machine's own settings hold.
    with dask.config.set({"distributed.comm.tls.ca-file": None, "distributed.comm.tls.client.cert": None,
                          "distributed.comm.tls.client.key": None}):
        result = odds("bluff", *command, "--games", "10", "--scheduler", "tls://127.0.0.1:8786")
    assert_one_sentence_error(result)
    assert "needs TLS certificates" in result.err and "TypeError" not in result.err


def test_a_long_tournament_says_how_long_and_shows_progress_in_a_log(odds, monkeypatch):
    import functools

    import analysis.bluff.play.tournament as tournament
    import analysis.schedulers as schedulers
    from analysis.progress import Progress

    # A short tournament taken for a long one: the notice and the log lines a long one prints.
    monkeypatch.setattr(tournament, "SAY_SECONDS", 0.0)
    monkeypatch.setattr(schedulers, "Progress", functools.partial(Progress, interval=1e-6))
    result = odds("bluff", "tournament", "--bots", "threshold,random", "--games", "4000", "--chunks", "40",
                  "--scheduler", "sync")
    assert result.code == 0, result.err
    lines = result.err.splitlines()
    assert lines[0].startswith("odds: Bluff: 4,000 games will take about ") and lines[0].endswith("on 1 worker.")
    assert any(line.startswith("odds: Bluff: 4,000 games: ") and "% (" in line for line in lines[1:])
    assert lines[-1].startswith("odds: Bluff: 4,000 games: done")
    assert result.out.startswith("Bluff, 2 players")


@pytest.mark.slow
def test_a_billion_games_say_how_long_before_they_start():
    import subprocess
    import sys

    command = [sys.executable, "-m", "analysis.cli.main", "bluff", "tournament", "--bots", "honest,random",
               "--games", "1000000000", "--scheduler", "sync"]
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        notice, progress = run.stderr.readline(), run.stderr.readline()   # then it is stopped
    finally:
        run.kill()
        run.communicate()
    assert notice.startswith("odds: Bluff: 1,000,000,000 games will take about "), notice
    assert progress.startswith("odds: Bluff: 1,000,000,000 games: ") and "of 1,000)" in progress, progress
