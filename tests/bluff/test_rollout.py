"""The round played out: rollouts against a plain-Python walk of the whole round's game tree."""

import numpy as np
import pytest

from analysis.bluff import BiddingModel, beliefs, parse_dice, parse_history, preset
from analysis.bluff.bids import Bid, legal_raises
from analysis.bluff.odds.rollout import play_out
from tests.bluff import reference

CASES = [  # preset, my dice, opponents, history, starting dice
    ("bluff", "3", (1, 1), "1:1x3 2:1x5", 1),
    ("perudo", "4", (2,), "1:1x4", 2),
    ("liars_dice", "6", (1, 1), "1:1x2", 1),
]


@pytest.mark.slow
@pytest.mark.parametrize("name,dice,opponents,text,start", CASES)
def test_rollouts_agree_with_the_whole_game_tree(name, dice, opponents, text, start):
    rules = preset(name)
    mine = parse_dice(rules, dice)
    held = (len(mine), *opponents)
    model = BiddingModel(rationality=5.0, bluff_rate=0.2, call_bias=0.1, jump_cost=0.1)
    history = parse_history(rules, text, len(held))
    seen = beliefs(rules, mine, opponents, history, model)
    played = play_out(seen, start, rollouts=20000, seed=3)

    def raises_of(previous):
        before = None if previous is None else Bid(*previous)
        return [(b.count, b.face) for b in legal_raises(rules, before, sum(held))]

    models = [(8.0, 0.1, 0.0, 0.0)] + [(5.0, 0.2, 0.1, 0.1)] * len(opponents)  # me with the default model
    turns = [(t.player, (t.bid.count, t.bid.face)) for t in history]
    checked = 0
    for action, mean, se in zip(played.actions, played.expected_loss, played.standard_error):
        if se == 0.0:
            continue
        bid = next(b for b in legal_raises(rules, history[-1].bid, sum(held))
                   if action == (f"*{b.count}" if rules.star_die and b.face == 6 else f"{b.count}x{b.face}"))
        want = reference.played_out_by_enumeration(name, mine, held, turns, raises_of, models,
                                                   rules.exact_call is not None, (bid.count, bid.face), start)
        assert abs(mean - want) < 4.5 * se + 1e-12, (action, mean, se, want)
        checked += 1
    assert checked >= 2


def test_rollouts_are_the_same_on_any_number_of_threads():
    rules = preset("bluff")
    seen = beliefs(rules, parse_dice(rules, "3 3 * 5 1"), (6, 7),
                   parse_history(rules, "1:4x3 2:5x3 me:6x3 1:6x5 2:7x3", 3))
    one = play_out(seen, 10, rollouts=3000, seed=11, threads=1)
    many = play_out(seen, 10, rollouts=3000, seed=11, threads=3)
    assert one == many
    assert np.all(np.diff(many.expected_loss) >= 0)
    other = play_out(seen, 10, rollouts=3000, seed=12, threads=3)
    assert other.expected_loss != many.expected_loss


def test_a_seats_logged_decisions_are_scored_against_the_played_out_ranking(tmp_path):
    # Two dice each, Bluff. Round 1: seat 1 bids four fives holding none; seat 0 holds no five or star
    # either, so the bid is certainly false and challenging it (what seat 0 did) costs nothing.
    # Round 2: seat 0 answered one four, which its own dice make certain, with four fours, true only
    # if the other player holds two fours or stars: it gives away what the played-out best action saves.
    from analysis.bluff.model.bidding import BiddingModel
    from analysis.bluff.odds.rollout import rule_against_rollouts

    log = tmp_path / "rounds.jsonl"
    log.write_text(
        '{"preset": "bluff", "game": 0, "round": 0, "dice": ["1 2", "3 3"], "bids": [{"player": 1, "bid": "4x5"}],'
        ' "call": {"player": 0, "call": "challenge"}}\n'
        '{"preset": "bluff", "game": 0, "round": 1, "dice": ["4 4", "3 3"], "bids": [{"player": 1, "bid": "1x4"},'
        ' {"player": 0, "bid": "4x4"}], "call": {"player": 1, "call": "challenge"}}\n')
    rows = rule_against_rollouts(log, 0, BiddingModel(), start=2, rollouts=400, seed=1)
    assert rows.taken.tolist() == ["challenge", "4x4"]
    certain = rows.iloc[0]
    assert (certain.best, certain.loss_taken, certain.regret) == ("challenge", 0.0, 0.0)
    reckless = rows.iloc[1]
    assert reckless.best != "4x4" and reckless.regret > 0.5
    answers = rule_against_rollouts(log, 1, BiddingModel(), start=2, rollouts=50)  # seat 1 answered once
    assert answers[["round", "bid", "taken"]].values.tolist() == [[1, "4x4", "challenge"]]
