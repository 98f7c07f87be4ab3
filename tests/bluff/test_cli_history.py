"""``odds bluff call --history``: the bids read as evidence, beside today's answer."""

import pytest

from analysis.bluff import beliefs, parse_dice, parse_history, preset
from analysis.bluff.bids import Bid
from analysis.bluff.model.bidding import BiddingModel
from tests.conftest import assert_one_sentence_error

HISTORY = "1:4x3 2:5x3 me:6x3 1:6x5 2:7x3"
CALL = ["bluff", "call", "--preset", "bluff", "--dice", "3 3 * 5 1", "--opponents", "6", "7", "--bid", "7x3",
        "--history", HISTORY]


def test_call_with_a_history_keeps_todays_answer_and_adds_the_moved_odds(odds):
    result = odds(*CALL)
    assert result.code == 0
    assert "P(bid true)  0.6776" in result.out and "Recommendation:" in result.out  # today's parts
    rules = preset("bluff")
    want = beliefs(rules, parse_dice(rules, "3 3 * 5 1"), (6, 7), parse_history(rules, HISTORY, 3)).bid_odds(Bid(7, 3))
    assert f"move P(7x3 true) from 0.6776 to {want.p_true:.4f}" in result.out


def test_call_with_a_history_json(odds):
    data = odds(*CALL, "--json").json()
    rules = preset("bluff")
    want = beliefs(rules, parse_dice(rules, "3 3 * 5 1"), (6, 7), parse_history(rules, HISTORY, 3)).bid_odds(Bid(7, 3))
    history = data["with_history"]
    assert history["p_true_without_history"] == pytest.approx(data["p_true"], abs=1e-15)
    assert history["p_true"] == pytest.approx(want.p_true, abs=1e-12)
    assert history["challenge"]["bidder"] == 2
    # The whole count distribution the bids leave, as the beliefs give it (not only P(true)).
    shown = {int(count): chance for count, chance in history["distribution"].items()}
    assert shown == pytest.approx({count: float(p) for count, p in enumerate(want.distribution) if p > 0}, abs=1e-12)


def test_perudo_call_with_a_model(odds):
    data = odds("bluff", "call", "--preset", "perudo", "--dice", "1 4 4 6 2", "--opponents", "5", "5", "5",
                "--bid", "5x4", "--history", "1:3x4 2:4x4 3:5x4", "--model", "bluff_rate=0.3", "--json").json()
    rules = preset("perudo")
    want = beliefs(rules, parse_dice(rules, "1 4 4 6 2"), (5, 5, 5), parse_history(rules, "1:3x4 2:4x4 3:5x4", 4),
                   BiddingModel(bluff_rate=0.3)).bid_odds(Bid(5, 4))
    assert data["with_history"]["p_true"] == pytest.approx(want.p_true, abs=1e-12)
    assert data["with_history"]["exact_call"] is not None
    assert [m["bluff_rate"] for m in data["with_history"]["models"]] == [0.3, 0.3, 0.3]


def test_the_history_ends_with_the_bid_or_leads_to_it(odds):
    # "1:4x3 2:5x3 me:6x3 1:6x5" then 7x3 from player 2 is the same round as the full history.
    short = odds(*CALL[:-1], "1:4x3 2:5x3 me:6x3 1:6x5", "--json").json()
    full = odds(*CALL, "--json").json()
    assert short["with_history"]["p_true"] == full["with_history"]["p_true"]


@pytest.mark.parametrize("argv", [
    ["bluff", "call", "--preset", "bluff", "--dice", "3 3", "--opponents", "6", "--bid", "4x3",
     "--history", "1:5x3 me:4x3"],
    [*CALL[:-1], "1:4x3 5:5x3"],
    [*CALL[:-1], "1:4x3 2:challenge me:5x3"],
    [*CALL[:-1], "1:4x3 2:5x3 1:6x3"],
    [*CALL[:-1], "1:4x3 2:5x3 me:6x3 1:6x5 2:8x3"],
    [*CALL[:-1], "1:4x3 2:5x3 me:6x3 1:6x5"[:-1] + "x", "--json"],
    [*CALL, "--model", "bluff_rate=2"],
    [*CALL, "--model", "3:bluff_rate=0.2"],
    [*CALL, "--model", "temper=0.2"],
])
def test_bad_histories_are_one_sentence(odds, argv):
    assert_one_sentence_error(odds(*argv))


@pytest.mark.slow
def test_call_with_rollouts_ranks_the_actions(odds):
    data = odds(*CALL, "--rollouts", "2000", "--seed", "4", "--json").json()["with_history"]
    ranking = data["played_out"]["ranking"]
    losses = [row["my_expected_dice_lost"] for row in ranking]
    assert losses == sorted(losses)
    challenge = next(row for row in ranking if row["action"] == "challenge")
    assert challenge["my_expected_dice_lost"] == pytest.approx(data["challenge"]["expected_dice_lost"][0], abs=1e-12)
    assert challenge["standard_error"] == 0.0
    assert all(row["standard_error"] > 0 for row in ranking if row["action"] != "challenge")
    assert data["played_out"]["rollouts_per_raise"] == 2000


def test_bad_rollouts_are_one_sentence(odds):
    assert_one_sentence_error(odds(*CALL, "--rollouts", "-5"))
