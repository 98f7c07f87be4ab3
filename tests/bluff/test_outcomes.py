import pytest

from analysis.bluff import BLUFF, LIARS_DICE, PERUDO, Bid, advise_call, bid_odds, challenge_outcome, legal_raises
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


@pytest.mark.parametrize("name,rules", [("bluff", BLUFF), ("perudo", PERUDO), ("liars_dice", LIARS_DICE)])
def test_advisor_losses_and_choice_match_an_enumeration(name, rules):
    # Every expected loss the advisor shows, and its choice, against enumerating the others' dice:
    # my call on player 2's bid, and each of my raises called by player 1.
    my_dice, held, bid = (3, 6 if name == "bluff" else 1), (2, 2, 1), Bid(2, 3)
    advice = advise_call(rules, my_dice, held[1:], bid)
    start = rules.starting_dice(3)

    def my_loss(call, answered, caller, bidder):
        return float(expected_losses_by_enumeration(name, call, answered.face, answered.count, my_dice, held,
                                                    caller, bidder, start)[0])

    options = {"challenge": my_loss("challenge", bid, 0, 2)}
    assert float(advice.challenge.expected_loss[0]) == pytest.approx(options["challenge"], abs=1e-14)
    if rules.exact_call:
        options["exact"] = my_loss("exact", bid, 0, 2)
        assert float(advice.exact.expected_loss[0]) == pytest.approx(options["exact"], abs=1e-14)
    every_raise = sorted(my_loss("challenge", candidate, 1, 0) for candidate in legal_raises(rules, bid, bid.count + 3))
    for option in advice.raises:
        assert option.my_expected_loss == pytest.approx(my_loss("challenge", option.bid, 1, 0), abs=1e-14)
    # The raises shown are the cheapest of all within three counts, and the choice is the cheapest action.
    assert [o.my_expected_loss for o in advice.raises] == pytest.approx(every_raise[:len(advice.raises)], abs=1e-14)
    options["raise"] = every_raise[0]
    assert advice.recommendation == min(options, key=options.get)
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


@pytest.mark.parametrize("name,rules", [("perudo", PERUDO), ("liars_dice", LIARS_DICE), ("bluff", BLUFF)])
def test_tournament_resolves_every_call_like_an_enumeration_of_the_deals(name, rules):
    # The tournament kernel's call resolution (calza, spot on, the challenge; palifico rounds in Perudo)
    # on a table of 2, 1 and 1 dice and a seat already out, for every deal of the dice, every bid,
    # every caller answering the bidder before them, against the plain-Python rules of tests/bluff/reference.
    from itertools import combinations_with_replacement, product

    import numpy as np

    from analysis.bluff.model._kernels import resolve
    from analysis.bluff.play.tournament import _rule_tables
    from tests.bluff.reference import counts_toward, losses

    held = np.array([2, 1, 1, 0], dtype=np.int64)
    starts = np.array([2, 2, 2, 2], dtype=np.int64)       # calza gives back a die only below 2
    seated = [0, 1, 2]
    tables = _rule_tables(rules, 4, 2)
    bid_count, bid_face = tables.bid_count, tables.bid_face
    calls = ("challenge", "exact") if rules.exact_call else ("challenge",)
    hands = np.zeros((4, 7), dtype=np.int64)
    lost = np.zeros(4, dtype=np.int64)
    checked = 0
    for deal in product(*(combinations_with_replacement(range(1, 7), int(n)) for n in held[:3])):
        hands[:] = 0
        for player, dice in enumerate(deal):
            for die in dice:
                hands[player, die] += 1
        for pal in (0, 1) if rules.palifico else (0,):
            for bid in range(len(bid_count)):
                if bid_count[bid] > 4:
                    continue
                face, count = int(bid_face[bid]), int(bid_count[bid])
                actual = sum(counts_toward(name, face, die, bool(pal)) for dice in deal for die in dice)
                for bidder in seated:
                    caller = seated[(seated.index(bidder) + 1) % 3]
                    for c, call in enumerate(calls):
                        got = resolve(c, bid, bidder, caller, hands, held, pal, tables, starts, lost)
                        want = losses(name, call, actual, count, [int(n) for n in held[:3]], caller, bidder, 2)
                        assert got == actual, (deal, face, count, pal)
                        assert lost.tolist() == [min(x, int(n)) for x, n in zip(want, held[:3])] + [0], \
                            (deal, call, face, count, caller, bidder, pal)
                        checked += 1
    assert checked > 10_000
