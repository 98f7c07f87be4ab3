"""The bidding model and the beliefs from the bids, against plain-Python enumeration of every deal."""

import numpy as np
import pytest

from analysis.bluff import BiddingModel, action_probabilities, beliefs, bid_odds, parse_history, preset
from analysis.bluff.bids import Bid, legal_raises, parse_dice
from analysis.bluff.model.bidding import parse_models
from analysis.errors import InvalidArgument, InvalidBid
from tests.bluff import reference

MODELS = [BiddingModel(), BiddingModel(rationality=3.0, bluff_rate=0.3, call_bias=0.2, jump_cost=0.15),
          BiddingModel(rationality=12.0, bluff_rate=0.02, call_bias=-0.1, jump_cost=0.4)]


def _reference_chances(rules, hand, in_play, previous, model, palifico=False):
    raises = [(b.count, b.face) for b in legal_raises(rules, previous, in_play, palifico)]
    before = None if previous is None else (previous.count, previous.face)
    return reference.model_chances(rules.name, hand, in_play, before, raises, model.rationality, model.bluff_rate,
                                   model.call_bias, model.jump_cost, rules.exact_call is not None, palifico)


@pytest.mark.parametrize("name,hand,in_play,previous,palifico", [
    ("bluff", (4, 4, 6), 9, Bid(3, 4), False),
    ("bluff", (1, 2), 6, None, False),
    ("bluff", (6, 6, 5, 5, 2), 14, Bid(2, 6), False),
    ("perudo", (1, 4, 4), 8, Bid(3, 4), False),
    ("perudo", (3, 3), 7, Bid(2, 1), False),
    ("perudo", (2, 1), 5, Bid(2, 2), True),
    ("liars_dice", (6, 6, 1), 10, Bid(4, 6), False),
])
@pytest.mark.parametrize("model", MODELS)
def test_model_chances_match_the_stated_formula(name, hand, in_play, previous, palifico, model):
    rules = preset(name)
    got = action_probabilities(rules, hand, in_play, previous, model, palifico)
    want = _reference_chances(rules, hand, in_play, previous, model, palifico)
    labels = {(b.count, b.face): f"*{b.count}" if rules.star_die and b.face == 6 else f"{b.count}x{b.face}"
              for b in legal_raises(rules, previous, in_play, palifico)}
    assert len(got) == len(want)
    for action, chance in want.items():
        assert got[labels.get(action, action)] == pytest.approx(chance, rel=1e-9, abs=1e-15)
    assert sum(got.values()) == pytest.approx(1.0, abs=1e-12)


def test_model_extremes():
    rules = preset("bluff")
    # All bluff: uniform over the raises, never a call.
    chances = action_probabilities(rules, (1, 2, 3), 9, Bid(3, 4), BiddingModel(bluff_rate=1.0))
    raises = legal_raises(rules, Bid(3, 4), 9)
    assert chances["challenge"] == 0.0
    assert {round(p * len(raises), 12) for a, p in chances.items() if a != "challenge"} == {1.0}
    # No preference and no bluffing: every action alike.
    flat = action_probabilities(rules, (1, 2, 3), 9, Bid(3, 4), BiddingModel(rationality=0.0, bluff_rate=0.0))
    assert set(np.round(list(flat.values()), 12)) == {round(1 / (len(raises) + 1), 12)}


def test_model_settings_per_opponent():
    models = parse_models("bluff_rate=0.3 2:rationality=4,1:call_bias=0.5", 3)
    assert [m.bluff_rate for m in models] == [0.3, 0.3, 0.3]
    assert [m.rationality for m in models] == [8.0, 4.0, 8.0]
    assert [m.call_bias for m in models] == [0.5, 0.0, 0.0]
    for text in ("bluff=0.3", "4:bluff_rate=0.1", "bluff_rate=high", "bluff_rate=1.5", "rationality=-1"):
        with pytest.raises(InvalidArgument):
            parse_models(text, 3)


# ------------------------------------------------------------------------------ beliefs
CASES = [  # preset, my dice, opponents' dice counts, history, palifico round
    ("bluff", "3 *", (2, 2), "1:1x3 2:2x5 me:*2 1:4x3 2:4x4", False),
    ("bluff", "4 4", (2, 2), "2:2x4 me:3x4 1:*2", False),
    ("perudo", "1 4", (2, 2), "1:2x4 2:2x6 me:3x4 1:3x6 2:4x6", False),
    ("perudo", "3 5", (2, 2), "1:2x5 2:2x1", False),
    ("perudo", "3", (2, 1), "1:1x3 2:2x3", True),
    ("liars_dice", "6 2", (2, 2), "1:1x6 2:2x2 me:2x6 1:3x6", False),
    ("bluff", "5", (1, 1, 1), "1:1x5 2:*1 3:2x2", False),
]


@pytest.mark.parametrize("name,dice,opponents,text,palifico", CASES)
@pytest.mark.parametrize("model", MODELS[:2])
def test_beliefs_match_every_deal(name, dice, opponents, text, palifico, model):
    rules = preset(name)
    mine = parse_dice(rules, dice)
    players = 1 + len(opponents)
    history = parse_history(rules, text, players, palifico)
    seen = beliefs(rules, mine, opponents, history, model, palifico)
    held = (len(mine), *opponents)
    turns = [(t.player, (t.bid.count, t.bid.face)) for t in history]

    def raises_of(previous):
        before = None if previous is None else Bid(*previous)
        return [(b.count, b.face) for b in legal_raises(rules, before, sum(held), palifico)]

    model_tuple = (model.rationality, model.bluff_rate, model.call_bias, model.jump_cost)
    for bid in (history[-1].bid, Bid(history[-1].bid.count + 1, history[-1].bid.face), Bid(2, 2)):
        p_true, p_exact, distribution = reference.posterior_by_enumeration(
            name, mine, held, turns, raises_of, model_tuple, rules.exact_call is not None,
            (bid.count, bid.face), palifico)
        odds = seen.bid_odds(bid)
        assert odds.p_true == pytest.approx(p_true, abs=1e-12)
        assert odds.p_exact == pytest.approx(p_exact, abs=1e-12)
        for actual, chance in enumerate(odds.distribution):
            assert chance == pytest.approx(distribution.get(actual, 0.0), abs=1e-12)


@pytest.mark.parametrize("name,dice,opponents,bid", [
    ("bluff", "3 3 * 5 1", (6, 7), Bid(7, 3)),
    ("bluff", "3 3 * 5 1 2 2", (7, 7, 7), Bid(4, 6)),
    ("perudo", "1 4 4 6 2", (5, 5, 5), Bid(6, 4)),
    ("liars_dice", "6 6", (5, 4), Bid(3, 6)),
])
def test_an_empty_history_is_todays_exact_odds(name, dice, opponents, bid):
    rules = preset(name)
    mine = parse_dice(rules, dice)
    blind = bid_odds(rules, mine, sum(opponents), bid)
    odds = beliefs(rules, mine, opponents).bid_odds(bid)
    assert odds.p_true == pytest.approx(blind.p_true, abs=1e-13)
    assert odds.p_exact == pytest.approx(blind.p_exact, abs=1e-13)
    np.testing.assert_allclose(odds.distribution, blind.distribution, atol=1e-13)


def test_a_bid_says_what_its_bidder_holds():
    rules = preset("bluff")
    history = parse_history(rules, "1:3x4 2:3x5 me:4x2 1:5x4", 3)
    seen = beliefs(rules, (1, 2, 2, 3, 3), (5, 5), history)
    fours = seen.face_counts(1)[3]
    assert fours > 5 / 6 + 0.3  # a prior expectation of 5/6 fours, well raised by two bids on fours
    assert seen.bid_odds(Bid(5, 4)).p_true > bid_odds(rules, (1, 2, 2, 3, 3), 10, Bid(5, 4)).p_true


@pytest.mark.parametrize("text,message", [
    ("1:5x3 me:4x3", "not a legal raise"),
    ("1:4x3 3:5x3", "not a player"),
    ("1:4x3 me:5x3", "cannot act after"),
    ("1:4x3 2:challenge me:5x3", "a call ends the round"),
    ("1:4x3 2:challenge", "round is over"),
    ("1:4x3 2:five", "In the history, cannot read the bid"),
    ("1:5x3 2:4x3", "In the history, 4x3 is not a legal raise of 5x3"),
    ("1 4x3", "PLAYER:BID"),
])
def test_bad_histories(text, message):
    with pytest.raises(InvalidBid, match=message):
        parse_history(preset("bluff"), text, 3)


@pytest.mark.parametrize("name,in_play,previous,palifico", [
    ("bluff", 12, Bid(4, 3), False), ("bluff", 9, None, False), ("perudo", 10, Bid(3, 1), False),
    ("perudo", 8, Bid(2, 5), True), ("liars_dice", 11, Bid(4, 6), False)])
@pytest.mark.parametrize("model", MODELS)
def test_one_actions_chance_equals_its_column_of_the_matrix(name, in_play, previous, palifico, model):
    from analysis.bluff.model.beliefs import multisets
    from analysis.bluff.model.bidding import action_likelihood, action_matrix, round_bids

    rules = preset(name)
    bids = round_bids(rules, in_play, palifico)
    hands, _ = multisets(4)
    actions, chances = action_matrix(bids, model, hands, 4, previous)
    for column, action in enumerate(actions):
        np.testing.assert_allclose(action_likelihood(bids, model, hands, 4, previous, int(action)),
                                   chances[:, column], rtol=1e-10, atol=1e-300)


@pytest.mark.parametrize("name,dice,opponents,text,palifico", CASES)
def test_the_tournament_kernels_beliefs_are_the_exact_beliefs(name, dice, opponents, text, palifico):
    # The bayes bot's kernel updates its posteriors by per-face sums and per-rank factors: the same
    # numbers as beliefs.py's, which the test above checks against every deal.
    from analysis.bluff.play import _tournament_kernels as kernels
    from analysis.bluff.play.bots import parse_bots
    from analysis.bluff.play.kernel_tables import model_terms
    from analysis.bluff.play.tournament import _belief_tables, _rule_tables

    rules = preset(name)
    model = MODELS[1]
    mine = parse_dice(rules, dice)
    held = (len(mine), *opponents)
    history = parse_history(rules, text, len(held), palifico)
    want = beliefs(rules, mine, opponents, history, model, palifico)
    tables = _rule_tables(rules, len(held), max(held))
    bid_count, bid_face, counts = tables.bid_count, tables.bid_face, tables.counts
    offset, hands, prior, _ = _belief_tables(parse_bots("bayes"), held)
    belief = np.array([model.rationality, model.bluff_rate, model.call_bias, model.jump_cost])
    match = kernels.match_table(hands, counts)
    index = {(int(c), int(f)): k for k, (c, f) in enumerate(zip(bid_count, bid_face))}
    posts = [prior[offset[d]:offset[d + 1]].copy() for d in held]
    width = len(offset) + sum(held) + 2
    previous = -1
    for turn in history:
        action = index[(turn.bid.count, turn.bid.face)]
        if turn.player != 0:
            d = held[turn.player]
            kernels.observe(posts[turn.player], offset[d], d, sum(held), previous, action, int(palifico), belief,
                            match, tables, model_terms(width))
        previous = action
    for opponent in range(1, len(held)):
        np.testing.assert_allclose(posts[opponent], want.posterior[opponent - 1], rtol=1e-9, atol=1e-15)
