import pytest

from analysis.bluff import BLUFF, LIARS_DICE, PERUDO, Bid, advise_call, bid_odds, challenge_outcome
from analysis.errors import InvalidArgument, InvalidDice
from tests.bluff.reference import expected_losses_by_enumeration

SEATS = [  # my dice, every player's dice count (me first), caller, bidder
    ((3, 6), (2, 2, 1), 0, 2),
    ((1, 1, 4), (3, 1, 2), 0, 1),
    ((5,), (1, 3), 0, 1),
    ((2, 6, 6), (3, 2, 2), 2, 0),  # someone else calls my bid
]


@pytest.mark.parametrize("my_dice,held,caller,bidder", SEATS)
@pytest.mark.parametrize("name,rules,calls", [
    ("bluff", BLUFF, ("challenge",)), ("perudo", PERUDO, ("challenge", "exact")),
    ("liars_dice", LIARS_DICE, ("challenge", "exact")),
])
def test_expected_losses_match_enumeration_of_every_roll(my_dice, held, caller, bidder, name, rules, calls):
    start = max(held) + (1 if name == "perudo" else 0)  # leave room for calza's die back
    unknown = sum(held) - len(my_dice)
    for call in calls:
        for face in range(1, 7):
            for count in range(1, sum(held) + 2):
                odds = bid_odds(rules, my_dice, unknown, Bid(count, face))
                outcome = challenge_outcome(rules, odds, held, caller, bidder, call=call, start=start)
                reference = expected_losses_by_enumeration(name, call, face, count, my_dice, held, caller,
                                                           bidder, start)
                assert outcome.expected_loss == pytest.approx([float(r) for r in reference], abs=1e-14)
                assert outcome.loss_distribution.sum(axis=1) == pytest.approx(1.0)


def test_bluff_loss_is_the_miss_and_capped_by_dice_held():
    # I hold 3 3 and challenge 1x3 with 3 unknown dice: the miss is 1 + (threes or stars among
    # them), but I only have 2 dice to lose. P(none of the 3 counts) = (2/3)**3 = 8/27.
    odds = bid_odds(BLUFF, (3, 3), 3, Bid(1, 3))
    outcome = challenge_outcome(BLUFF, odds, (2, 3), caller=0, bidder=1)
    assert outcome.loss_chances(0) == pytest.approx({1: 8 / 27, 2: 19 / 27}, abs=1e-15)
    assert outcome.loss_chances(1) == pytest.approx({0: 1.0})


def test_bluff_exact_count_costs_everyone_but_the_bidder():
    odds = bid_odds(BLUFF, (6, 6), 0, Bid(2, 4))  # two stars, no unknown dice: exactly 2
    outcome = challenge_outcome(BLUFF, odds, (2, 3, 4), caller=0, bidder=1)
    assert outcome.expected_loss.tolist() == [1.0, 0.0, 1.0]


def test_calza_gives_a_die_back_only_below_the_start():
    odds = bid_odds(PERUDO, (4, 4), 0, Bid(2, 4))
    below = challenge_outcome(PERUDO, odds, (2, 5), caller=0, bidder=1, call="exact", start=5)
    full = challenge_outcome(PERUDO, odds, (5, 5), caller=0, bidder=1, call="exact", start=5)
    assert below.expected_loss.tolist() == [-1.0, 1.0]
    assert full.expected_loss.tolist() == [0.0, 1.0]


def test_bad_calls():
    odds = bid_odds(BLUFF, (1,), 2, Bid(1, 1))
    with pytest.raises(InvalidArgument, match="no exact call"):
        challenge_outcome(BLUFF, odds, (1, 2), 0, 1, call="exact")
    with pytest.raises(InvalidArgument):
        challenge_outcome(BLUFF, odds, (1, 2), 0, 0)


def test_advisor_compares_the_call_with_the_raises():
    advice = advise_call(BLUFF, (3, 3, 6, 5, 1), (6, 7), Bid(7, 3))
    assert advice.odds.unknown == 13 and advice.bidder == 2 and advice.responder == 1
    best = min([float(advice.challenge.expected_loss[0]), advice.raises[0].my_expected_loss])
    chosen = advice.raises[0].my_expected_loss if advice.recommendation == "raise" else float(advice.challenge.expected_loss[0])
    assert chosen == best
    losses = [r.my_expected_loss for r in advice.raises]
    assert losses == sorted(losses)
    assert all(r.bid != advice.bid for r in advice.raises)
    assert "Assumes" in str(advice)


def test_advisor_calls_an_impossible_bid():
    advice = advise_call(LIARS_DICE, (1, 2), (2,), Bid(4, 6))  # 4 sixes, 2 unknown dice, I hold none
    assert advice.odds.p_true == 0.0
    assert advice.recommendation == "challenge"
    assert advice.challenge.expected_loss[0] == 0.0


def test_advisor_refuses_too_many_dice():
    with pytest.raises(InvalidDice, match="starts with"):
        advise_call(PERUDO, (1, 2, 3, 4, 5, 6), (5,), Bid(2, 3))
    with pytest.raises(InvalidDice, match="at least one"):
        advise_call(BLUFF, (1, 2), (0, 3), Bid(2, 3))
    with pytest.raises(InvalidArgument, match="players"):
        advise_call(BLUFF, (1,), (1,) * 6, Bid(2, 3))
