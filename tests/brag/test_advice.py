"""The decision calculators: expected values rebuilt from brute-force probabilities and limiting cases."""

import random
from bisect import bisect_left

import numpy as np
import pytest

from analysis.brag import blind_or_look, equity_table, see_or_bet, stay_or_fold
from analysis.errors import InvalidArgument
from tests.brag import reference
from tests.brag.test_equity import brute_heads_up


@pytest.mark.parametrize("hand,pot,stake", [("QS QD 4C", 40, 5), ("AS 2D 3C", 10, 10), ("7S 5H 2D", 30, 2)])
def test_see_or_bet_values_from_brute_force(hand, pot, stake):
    beats, ties, total = brute_heads_up(hand)
    win, tie = beats / total, ties / total
    advice = see_or_bet("brag3", hand, pot, stake)
    # Seeing costs 2 stakes and loses ties; betting costs 1 stake and the opponent who sees loses ties.
    assert advice.values["see"] == pytest.approx(win * (pot + 2 * stake) - 2 * stake)
    assert advice.values["bet"] == pytest.approx((win + tie) * (pot + 3 * stake) - stake)
    assert advice.values["fold"] == 0
    assert advice.best == max(advice.values, key=advice.values.get)
    assert advice.break_even["win probability to see"] == pytest.approx(2 * stake / (pot + 2 * stake))
    assert any("loses a tie" in line for line in advice.assumptions)
    assert "see" in str(advice) and "Assumptions:" in str(advice)


def test_an_opponent_who_always_folds_hands_you_the_pot():
    assert see_or_bet("brag3", "7S 5H 2D", 30, 2, opponent_sees=0).values["bet"] == 30


def test_stay_heads_up_against_a_plain_enumeration_of_the_rules():
    # Stay for 3 into 12: the opponent sees (paying 6, losing ties) with a hand in the top half, else folds.
    hero = ["9S", "9D", "KC"]
    keys = reference.all_keys(3)
    everything = sorted(keys.values())
    mine = keys[frozenset(hero)]
    total = 0.0
    hands = [h for h in keys if not h & set(hero)]
    for hand in hands:
        theirs = keys[hand]
        beats = bisect_left(everything, theirs) / len(everything)
        if beats < 0.5:
            total += 12                      # folds: the pot and my stake come back
        else:
            total += 12 + 2 * 3 if mine >= theirs else -3
    advice = stay_or_fold("brag3", "9S 9D KC", pot=12, stake=3, opponents=1)
    assert advice.values["stay"] == pytest.approx(total / len(hands))
    assert advice.details["exact"] is True


def played_out(hero_key, opponent_keys, shares, pot, stake, keep):
    """The staying model played by hand: rounds of bets, folds in turn, a see when two are left."""
    paid, in_pot, live = 0.0, pot, list(range(len(opponent_keys)))
    for r in range(1, 41):
        paid += stake
        in_pot += stake
        for o in list(live):
            if o not in live:
                continue
            if shares[o] >= 1 - keep ** r:
                if len(live) == 1:           # two players left: the opponent sees, losing ties
                    in_pot += 2 * stake
                    return in_pot - paid if hero_key >= opponent_keys[o] else -paid
                in_pot += stake
                continue
            live.remove(o)
            if len(live) == 1:
                (last,) = live
                if last > o:                 # still to act this round: it sees
                    in_pot += 2 * stake
                    return in_pot - paid if hero_key >= opponent_keys[last] else -paid
                paid += 2 * stake            # my turn next: I see, losing ties
                in_pot += 2 * stake
                return in_pot - paid if hero_key > opponent_keys[last] else -paid
    return -paid


@pytest.mark.slow
def test_stay_with_two_opponents_agrees_with_a_plain_simulation_of_the_rules():
    hero = ["QS", "QD", "4C"]
    keys = reference.all_keys(3)
    everything = sorted(keys.values())
    generator = random.Random(7)
    rest = [c for c in reference.DECK if c not in hero]
    results = []
    for _ in range(20_000):
        cards = generator.sample(rest, 6)
        opponents = [keys[frozenset(cards[:3])], keys[frozenset(cards[3:])]]
        shares = [bisect_left(everything, k) / len(everything) for k in opponents]
        results.append(played_out(keys[frozenset(hero)], opponents, shares, 40, 5, 0.5))
    mean = sum(results) / len(results)
    error = (sum((x - mean) ** 2 for x in results) / (len(results) - 1) / len(results)) ** 0.5
    advice = stay_or_fold("brag3", "QS QD 4C", 40, 5, opponents=2, seed=11, samples=200_000)
    assert abs(advice.values["stay"] - mean) < 4 * (error ** 2 + advice.details["standard_error"] ** 2) ** 0.5
    again = stay_or_fold("brag3", "QS QD 4C", 40, 5, opponents=2, seed=11, samples=200_000)
    assert again.values == advice.values
    assert sum(advice.probabilities.values()) == pytest.approx(1.0)


@pytest.mark.slow
def test_stay_or_fold_with_many_opponents_reports_its_monte_carlo():
    advice = stay_or_fold("brag3", "5S 3H 2D", pot=0, stake=10, opponents=5, seed=3, samples=20_000)
    assert advice.best == "fold"                       # the weakest hand never wins a see
    assert advice.details["exact"] is False and advice.details["seed"] == 3
    assert any("Monte Carlo" in line and "seed 3" in line for line in advice.assumptions)
    assert any("no showdown among three or more" in line for line in advice.assumptions)


def test_blind_win_chance_is_half_of_the_untied_showdowns():
    # By symmetry a random hand beats a random hand as often as it loses to it.
    advice = blind_or_look("brag3", pot=20, stake=2, rounds=1)
    tie_rate = equity_table("brag3")["tie"].mean()
    assert advice.probabilities["blind hand wins the see"] == pytest.approx((1 - tie_rate) / 2)
    blind_pot, blind_cost = 20 + 1 * (1 + 2) + 2, 1 * 1 + 2
    assert advice.values["blind"] == pytest.approx((1 - tie_rate) / 2 * blind_pot - blind_cost)


def test_look_limits():
    # Nothing in the pot and nothing to win but the opponent's stakes: every open hand
    # loses money on average once the see is paid for, so looking folds everything.
    empty = blind_or_look("brag3", pot=0, stake=1, rounds=0)
    assert empty.values["look"] == 0 and empty.probabilities["looked hand is folded"] == pytest.approx(1)
    assert empty.best == "look"
    # A huge pot: looking folds only the hands that can never win, the 60 off-suit 5-3-2s
    # (the weakest high card ties or loses to everything); the rest play for the pot.
    table = equity_table("brag3")
    huge = blind_or_look("brag3", pot=1e6, stake=1, rounds=0)
    assert huge.probabilities["looked hand is folded"] == pytest.approx(60 / 22100)
    assert huge.values["look"] == pytest.approx(table["win"].mean() * (1e6 + 2) - 2 * (1 - 60 / 22100))


@pytest.mark.parametrize("call", [
    lambda: see_or_bet("brag3", "QS QD 4C", -1, 5),
    lambda: see_or_bet("brag3", "QS QD 4C", 40, 0),
    lambda: see_or_bet("brag3", "QS QD 4C", float("nan"), 5),
    lambda: see_or_bet("brag3", "QS QD 4C", 1e308, 1e308),          # would overflow to inf and nan
    lambda: see_or_bet("brag3", "QS QD 4C", 40, 5, opponent_sees=1.5),
    lambda: stay_or_fold("brag3", "QS QD 4C", 40, 5, opponents=9),
    lambda: blind_or_look("brag3", 10, 2, rounds=-1),
])
def test_bad_money_and_counts(call):
    with pytest.raises(InvalidArgument):
        call()


def hands_of_strength(strength):
    """Every three-card hand (reference text) whose strength is ``strength``."""
    from analysis.brag.showdown.tables import hand_table

    table = hand_table("brag3")
    rows = np.flatnonzero(table.strengths == strength)
    return [" ".join(reference.to_text(c) for c in table.hands[row]) for row in rows]


def check_threshold(weakest_text, pays):
    """``weakest_text`` is the weakest hand for which ``pays(beats, ties, total)`` holds, by brute force:
    it pays, and no hand of the next weaker strength does (counted over the reference ranking)."""
    from analysis.brag import parse_hand, strength
    from analysis.brag.showdown.tables import hand_table

    text = " ".join(reference.to_text(c) for c in parse_hand(weakest_text))
    assert pays(*brute_heads_up(text))
    strengths = np.unique(hand_table("brag3").strengths)
    below = strengths[np.searchsorted(strengths, strength("brag3", text)) - 1]
    assert not any(pays(*brute_heads_up(hand)) for hand in hands_of_strength(below))


@pytest.mark.parametrize("ratio", [1, 6])
def test_see_threshold_against_brute_force_showdowns(ratio):
    from analysis.brag.advice import see_thresholds

    row = see_thresholds("brag3", [ratio]).iloc[0]
    # Seeing puts in 2 stakes to take a pot of ratio + 2 stakes, and the seer loses a tie.
    check_threshold(row.weakest_hand, lambda beats, ties, total: beats / total * (ratio + 2) - 2 >= 0)


@pytest.mark.parametrize("ratio", [1, 6])
def test_stay_threshold_against_brute_force_showdowns(ratio):
    from analysis.brag.advice import stay_thresholds

    row = stay_thresholds("brag3", [ratio], opponents=1).iloc[0]
    # Staying puts in one stake; the opponent matches it and the pot (ratio + 2 stakes) is shared
    # by the showdown, a tie split.
    check_threshold(row.weakest_hand,
                    lambda beats, ties, total: (beats + ties / 2) / total * (ratio + 2) - 1 >= 0)


@pytest.mark.slow
def test_two_opponent_table_rows_match_single_exact_answers():
    from analysis.brag import equity, parse_hand
    from analysis.brag.showdown.equity import two_opponent_table
    from analysis.brag.showdown.tables import hand_table

    table = two_opponent_table("brag3")
    rows = hand_table("brag3")
    for hand in ("QS QD 4C", "5S 3H 2D", "AS 2S 3S"):
        row = rows.row_of(parse_hand(hand))
        single = equity("brag3", hand, 2)
        assert table.equity[row] == pytest.approx(single.equity, abs=1e-15)
        assert table.win[row] == pytest.approx(single.win, abs=1e-15)
    # Independent of the kernel: every hand faces the same number of deals and the three
    # players of a deal share one pot, so by symmetry the average pot share is exactly 1/3.
    assert table.equity.mean() == pytest.approx(1 / 3, abs=1e-12)
