"""Round logs, the model fitted to them (recovery of known parameters), uneven starts and the bayes bot."""

from __future__ import annotations

import json
import math

import pytest

from analysis.bluff.bids import format_bid
from analysis.bluff.fit import decisions_of, fit_log, log_likelihood
from analysis.bluff.model import PARAMETERS, BiddingModel, action_probabilities
from analysis.bluff.rounds_log import read_log
from analysis.bluff.rules import preset
from analysis.bluff.tournament import run_tournament
from tests.bluff import reference
from tests.conftest import assert_one_sentence_error


def _rounds(path):
    lines = [json.loads(line) for line in open(path)]
    return lines[0], lines[1:]


@pytest.mark.parametrize("name", ["bluff", "perudo", "liars_dice"])
def test_the_log_holds_every_round_and_the_dice_add_up(tmp_path, name):
    rules = preset(name)
    path = tmp_path / "rounds.jsonl"
    logged = run_tournament(rules, "threshold,honest,random", games=40, seed=5, scheduler="sync", log=str(path))
    plain = run_tournament(rules, "threshold,honest,random", games=40, seed=5, scheduler="sync")
    assert logged.table.equals(plain.table)  # writing the log changes no game
    header, rounds = _rounds(path)
    assert header["bots"] == ["threshold:0.5", "honest", "random"] and header["preset"] == name
    games = {r["game"] for r in rounds}
    assert games == set(range(40))
    for earlier, later in zip(rounds, rounds[1:]):
        held = [len(d.split()) for d in earlier["dice"]]
        if later["game"] == earlier["game"]:
            assert [len(d.split()) for d in later["dice"]] == [h - x for h, x in zip(held, earlier["lost"])]
            assert later["round"] == earlier["round"] + 1
    for r in rounds:
        last = r["bids"][-1]["bid"]
        count, face = (int(last[1:]), 6) if last.startswith("*") else map(int, last.replace("*", "6").split("x"))
        dice = [d for text in r["dice"] for d in text.split()]
        actual = sum(reference.counts_toward(name, face, 6 if d == "*" else int(d), r["palifico"]) for d in dice)
        assert r["actual"] == actual
    assert len(read_log(path)) == len(rounds)


@pytest.mark.slow
def test_fit_recovers_the_parameters_of_model_bots(tmp_path):
    path = tmp_path / "rounds.jsonl"
    truth = {"rationality": 5.0, "bluff_rate": 0.15, "call_bias": 0.1, "jump_cost": 0.1}
    bot = "model:" + ":".join(f"{k}={v}" for k, v in truth.items())
    run_tournament(preset("bluff"), bot, players=3, games=300, seed=2, scheduler="sync", log=str(path))
    fitted = fit_log(path)
    assert fitted.decisions > 3000
    for name, value in truth.items():
        se = fitted.standard_errors[name]
        assert se is not None and se < 0.2 * max(value, 0.5)
        assert abs(getattr(fitted.model, name) - value) < 3.5 * se, (name, getattr(fitted.model, name), se)


@pytest.mark.parametrize("name,bots", [("bluff", "model:rationality=12:jump_cost=0.3,threshold,random"),
                                       ("perudo", "model,honest,threshold")])
def test_the_fit_reads_each_decision_as_the_model_scores_it(tmp_path, name, bots):
    # The likelihood the fit maximises, against the model's own answer for one hand asked one decision at a
    # time (action_probabilities, the question at the table), at parameters away from the log's.
    path = tmp_path / "rounds.jsonl"
    run_tournament(preset(name), bots, games=6, seed=8, scheduler="sync", log=str(path))
    rounds = read_log(path)
    model = BiddingModel(rationality=7.0, bluff_rate=0.2, call_bias=-0.3, jump_cost=0.15)
    expected, decisions = 0.0, 0
    for played in rounds:
        in_play = sum(len(d) for d in played.dice)
        previous = None
        for player, bid, call in [(p, b, None) for p, b in played.bids] + [(played.caller, None, played.call)]:
            chances = action_probabilities(played.rules, played.dice[player], in_play, previous, model,
                                           played.palifico_round)
            label = call if bid is None else format_bid(played.rules, bid)
            expected += math.log(max(chances[label], 1e-300))
            decisions += 1
            previous = bid if bid is not None else previous
    fitted = decisions_of(rounds)
    assert fitted.count == decisions
    assert log_likelihood(fitted, *(getattr(model, name) for name in PARAMETERS)) == pytest.approx(expected,
                                                                                                  rel=1e-12)


@pytest.mark.slow
def test_one_seats_fit(tmp_path):
    path = tmp_path / "rounds.jsonl"
    run_tournament(preset("bluff"), "model:rationality=3,model:rationality=12,threshold", games=200, seed=3,
                   scheduler="sync", log=str(path))
    loose, sharp = fit_log(path, seat=0), fit_log(path, seat=1)
    assert loose.model.rationality + 4 * loose.standard_errors["rationality"] < sharp.model.rationality


def test_uneven_starting_dice(odds, tmp_path):
    path = tmp_path / "rounds.jsonl"
    result = odds("bluff", "tournament", "--preset", "bluff", "--players", "3", "--start", "7,3,4", "--bots",
                  "threshold,threshold,threshold", "--games", "200", "--seed", "1", "--scheduler", "sync",
                  "--log", str(path), "--json")
    assert result.code == 0
    header, rounds = _rounds(path)
    assert header["starting_dice"] == [7, 3, 4]
    first = [r for r in rounds if r["round"] == 0]
    assert all([len(d.split()) for d in r["dice"]] == [7, 3, 4] for r in first)
    seats = result.json()["seats"]
    assert seats[0]["win_rate"] > seats[1]["win_rate"]  # 7 dice against 3


@pytest.mark.parametrize("bayes,field", [
    ("bayes:0.5:rationality=8:bluff_rate=0.1:call_bias=0:jump_cost=0", "model"),  # reads model bots rightly
    ("bayes", "threshold"),  # reads threshold bots with the model fitted to them
])
def test_the_bayes_bot_beats_the_threshold_bot_at_its_place(bayes, field):
    field = ",".join([field] * 3)
    reading = run_tournament(preset("bluff"), f"{bayes},{field}", games=300, seed=1, scheduler="sync")
    plain = run_tournament(preset("bluff"), f"threshold,{field}", games=300, seed=1, scheduler="sync")
    assert reading.table.ci_low[0] > plain.table.ci_high[0]


@pytest.mark.parametrize("content", [
    "not json\n",
    '{"preset": "bluff", "dice": ["1 2", "3 4"], "bids": [{"player": 0, "bid": "2x3"}, {"player": 1, "bid": "1x4"}], '
    '"call": {"player": 0, "call": "challenge"}}\n',
    '{"preset": "bluff", "dice": ["1 2", "3 9"], "bids": [{"player": 0, "bid": "2x3"}], '
    '"call": {"player": 1, "call": "challenge"}}\n',
    '{"preset": "bluff", "dice": ["1 2", ""], "bids": [{"player": 1, "bid": "2x3"}], '
    '"call": {"player": 0, "call": "challenge"}}\n',
    '{"preset": "bluff", "dice": ["1 2", "3 4"], "bids": [], "call": {"player": 0, "call": "challenge"}}\n',
    "",
])
def test_bad_logs_are_one_sentence(odds, tmp_path, content):
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    assert_one_sentence_error(odds("bluff", "fit", str(path)))


def test_missing_log_and_unwritable_log(odds, tmp_path):
    assert_one_sentence_error(odds("bluff", "fit", str(tmp_path / "nothing.jsonl")))
    assert_one_sentence_error(odds("bluff", "tournament", "--bots", "threshold,threshold", "--games", "10",
                                   "--scheduler", "sync", "--log", str(tmp_path / "no" / "such" / "x.jsonl")))


def test_reading_the_bids_is_better_calibrated(odds, tmp_path):
    path = tmp_path / "rounds.jsonl"
    run_tournament(preset("bluff"), "model", players=3, start=4, games=150, seed=7, scheduler="sync", log=str(path))
    data = odds("bluff", "calibration", str(path), "--bids", "600", "--json").json()
    assert data["bids"] == 600
    # Bidders who play the model: the history-aware chance must beat the blind one, by more than chance allows.
    assert data["difference"] > 3 * data["difference_se"]
    reliability = data["reliability_with_history"]
    assert sum(row["bids"] for row in reliability) == 600
    for row in reliability:  # each tenth: the observed frequency near the mean chance
        if row["bids"] >= 30:
            assert abs(row["observed"] - row["mean_chance"]) < 4 * max(row["observed_se"], 0.02)


def test_log_statistics(tmp_path):
    from analysis.bluff.log_stats import challenged_bids, leader_wins, losses_by_cause

    path = tmp_path / "rounds.jsonl"
    run_tournament(preset("bluff"), "threshold", players=5, games=60, seed=4, scheduler="sync", log=str(path))
    header, rounds = _rounds(path)
    causes = losses_by_cause(path).set_index("cause")
    assert causes.dice.sum() == sum(x for r in rounds for x in r["lost"] if x > 0)
    # Exact counts: every player but the bidder loses one, recounted here round by round.
    exact = sum(len([s for s in r["dice"] if s]) - 1 for r in rounds
                if r["actual"] == int(r["bids"][-1]["bid"].lstrip("*").split("x")[0]))
    assert causes.dice["exact count"] == exact
    bids = challenged_bids(path).set_index("bid kind")
    assert bids.challenged.sum() == len(rounds)
    leaders = leader_wins(path, after_rounds=(1,))
    assert 0 < leaders.games[0] <= 60 and 0 <= leaders["leader wins"][0] <= 1
