"""Equity against brute-force showdowns written in plain Python / numpy from the reference keys."""

from functools import lru_cache
import numba
import numpy as np
import pytest

from analysis.brag import equity, equity_table, parse_hand, range_mask
from analysis.brag.showdown.tables import hand_table
from analysis.errors import InvalidArgument, InvalidCards
from tests.brag.reference import DECK, all_keys, class_name, key3, to_text


@lru_cache(maxsize=None)
def keyed(hand_size):
    return all_keys(hand_size)


def brute_heads_up(hero_text, hand_size=3, against=None):
    """Count opponent hands beaten / tied / total by direct comparison of reference keys."""
    keys = keyed(hand_size)
    hero = frozenset(hero_text.split())
    mine = keys[hero]
    beats = ties = total = 0
    for hand, key in keys.items():
        if hand & hero or (against is not None and not against(key)):
            continue
        total += 1
        beats += key < mine
        ties += key == mine
    return beats, ties, total


@pytest.mark.parametrize("hero", ["KS KH 7D", "3S 3H 3D", "5S 3H 2D", "AS 2S 3S", "QH JH 9H", "AS KD QC"])
def test_heads_up_matches_brute_force(hero):
    beats, ties, total = brute_heads_up(hero)
    result = equity("brag3", hero, 1)
    assert result.deals == total == 18424
    assert result.win == beats / total and result.tie == ties / total
    assert result.equity == pytest.approx((beats + ties / 2) / total)


@pytest.mark.slow
def test_heads_up_four_cards_matches_brute_force():
    for hero in ("KS KH 7D 2C", "AS 2S 3S 9D", "9S 7H 4D 2C"):
        beats, ties, total = brute_heads_up(hero, 4)
        result = equity("brag4", hero, 1)
        assert (round(result.win * total), round(result.tie * total), result.deals) == (beats, ties, total)


def test_whole_table_agrees_with_direct_counts():
    # The table comes from the inclusion-exclusion kernel; the direct count is a mask-and-compare.
    table = hand_table("brag3")
    frame = equity_table("brag3")
    rng = np.random.default_rng(3)
    for row in rng.choice(len(frame), 300, replace=False):
        free = (table.masks & table.masks[row]) == 0
        rival = table.strengths[free]
        s = table.strengths[row]
        assert frame.opponent_hands[row] == 18424
        assert frame.win[row] * 18424 == pytest.approx(np.count_nonzero(rival < s))
        assert frame.tie[row] * 18424 == pytest.approx(np.count_nonzero(rival == s))
    # Symmetry: over all ordered pairs of disjoint hands, wins and losses balance.
    assert frame.win.sum() == pytest.approx(frame.lose.sum())


def test_four_card_table_agrees_with_direct_counts_on_samples():
    table = hand_table("brag4")
    frame = equity_table("brag4")
    for row in (0, 12345, 99999, 270724):
        free = (table.masks & table.masks[row]) == 0
        rival = table.strengths[free]
        s = table.strengths[row]
        assert frame.opponent_hands[row] == rival.size == 194580
        assert round(frame.win[row] * rival.size) == np.count_nonzero(rival < s)
        assert round(frame.tie[row] * rival.size) == np.count_nonzero(rival == s)


def test_range_equity_matches_brute_force():
    pair_or_better = lambda key: key[0] >= 1  # noqa: E731 - a one-line predicate
    for hero in ("KS KH 7D", "AS 2D 3C", "QS 9S 4S"):
        beats, ties, total = brute_heads_up(hero, against=pair_or_better)
        result = equity("brag3", hero, 1, against="pair+")
        assert (round(result.win * total), round(result.tie * total), result.deals) == (beats, ties, total)
    table = equity_table("brag3", "pair+")
    row = hand_table("brag3").row_of(parse_hand("KS KH 7D"))
    assert table.win[row] == equity("brag3", "KS KH 7D", against="pair+").win


def test_range_parsing():
    keys = keyed(3)
    codes = [key for key in (keys[frozenset(to_text(c) for c in h)] for h in hand_table("brag3").hands)]
    assert np.array_equal(range_mask("brag3", "flush+"), np.array([k[0] >= 2 for k in codes]))
    assert np.array_equal(range_mask("brag3", "pair"), np.array([class_name(k) == "pair" for k in codes]))
    assert range_mask("brag3", "any").all()
    top = range_mask("brag3", "top 10%")
    assert 0.09 < top.mean() < 0.12
    for bad in ("pairs++", "top 0%", "kings", "top 120%"):
        with pytest.raises(InvalidArgument):
            range_mask("brag3", bad)


def brute_two_opponents(hero_text):
    """Every ordered pair of disjoint opponent hands, compared with numpy on reference ranks."""
    keys = keyed(3)
    hero = frozenset(hero_text.split())
    ranks = {k: i for i, k in enumerate(sorted(set(keys.values())))}
    others = [h for h in keys if not h & hero]
    strength = np.array([ranks[keys[h]] for h in others])
    index = {card: i for i, card in enumerate(DECK)}
    masks = np.array([sum(1 << index[c] for c in h) for h in others], dtype=np.uint64)
    mine = ranks[keys[hero]]
    share = 0.0
    win = 0
    for first in range(len(others)):
        second = strength[(masks & masks[first]) == 0]
        top = np.maximum(second, strength[first])
        tied = 1 + (second == mine).astype(int) + (strength[first] == mine)
        win += np.count_nonzero(top < mine)
        share += np.count_nonzero(top < mine) + np.sum((top == mine) / tied)
    deals = len(others) * 15180
    return win / deals, share / deals


@pytest.mark.slow
def test_two_opponents_exact_matches_brute_force():
    win, share = brute_two_opponents("QS QD 4C")
    result = equity("brag3", "QS QD 4C", 2)
    assert result.exact and result.deals == 18424 * 15180
    assert result.win == pytest.approx(win, abs=1e-12)
    assert result.equity == pytest.approx(share, abs=1e-12)


def test_monte_carlo_agrees_with_exact_two_opponent_answer():
    exact = equity("brag3", "JS JH 2C", 2)
    simulated = equity("brag3", "JS JH 2C", 2, seed=11, samples=400_000, exact=False)
    assert not simulated.exact and simulated.standard_error > 0
    assert abs(simulated.equity - exact.equity) < 4 * simulated.standard_error


def test_monte_carlo_is_reproducible_and_independent_of_threads():
    first = equity("brag3", "KS KH 7D", 4, seed=7, samples=50_000)
    again = equity("brag3", "KS KH 7D", 4, seed=7, samples=50_000)
    other = equity("brag3", "KS KH 7D", 4, seed=8, samples=50_000)
    assert first == again and first.win != other.win
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        single = equity("brag3", "KS KH 7D", 4, seed=7, samples=50_000)
    finally:
        numba.set_num_threads(before)
    assert single == first


def test_monte_carlo_is_the_same_in_one_kernel_call_or_in_progress_steps():
    from analysis.brag.showdown._kernels import showdown_monte_carlo
    from analysis.brag.showdown.tables import BINOMIAL

    table = hand_table("brag3")
    hero = np.array(sorted(parse_hand("KS KH 7D")), dtype=np.int64)
    strength = table.strengths[table.row_of(hero)]
    wins, ties, share, _ = showdown_monte_carlo(hero, strength, 4, table.strengths, BINOMIAL,
                                                50_000, 7, 64, 0, 64)
    stepped = equity("brag3", "KS KH 7D", 4, seed=7, samples=50_000)
    assert (wins.sum() / 50_000, ties.sum() / 50_000, share.sum() / 50_000) == \
        (stepped.win, stepped.tie, stepped.equity)


def test_more_opponents_never_help_a_strong_hand():
    shares = [equity("brag3", "AS AH 9D", n, seed=1, samples=100_000).equity for n in range(1, 8)]
    assert all(a > b for a, b in zip(shares, shares[1:]))


def test_bad_equity_questions():
    with pytest.raises(InvalidCards):
        equity("brag3", "KS KS 7D")
    with pytest.raises(InvalidArgument):
        equity("brag3", "KS KH 7D", 0)
    with pytest.raises(InvalidArgument):
        equity("brag3", "KS KH 7D", 8)
    with pytest.raises(InvalidArgument):
        equity("brag3", "KS KH 7D", 3, against="pair+")
    with pytest.raises(InvalidArgument, match="exactly only"):
        equity("brag3", "KS KH 7D", 1, against="pair+", exact=False)   # the simulation would ignore the range
    with pytest.raises(InvalidArgument):
        equity("brag3", "KS KH 7D", 4, seed=-1)
    with pytest.raises(InvalidArgument):
        equity("brag3", "KS KH 7D", 4, samples=10)


def test_brute_force_helper_itself_on_a_tiny_case():
    # Guard the reference: an off-suit A-2-3 ties the A-2-3s that avoid its cards and are
    # not suited: 3 * 3 * 3 = 27 hands, of which only A-2-3 of hearts is suited -> 26.
    assert brute_heads_up("AS 2D 3C")[1] == 26
    assert key3(["AS", "2D", "3C"]) > key3(["AH", "KD", "QC"])


def plain_simulation(hero_text, opponents, hand_size, deals, seed):
    """Pot shares and wins of ``deals`` random deals, played out on the reference ranking (numpy's own
    generator, none of the toolkit's code): (mean share, its standard error, win rate, its error)."""
    keys = keyed(hand_size)
    hero = hero_text.split()
    mine = keys[frozenset(hero)]
    rest = [card for card in DECK if card not in hero]
    rng = np.random.default_rng(seed)
    shares, wins = np.empty(deals), np.empty(deals)
    for d in range(deals):
        dealt = rng.permutation(len(rest))[:opponents * hand_size]
        theirs = [keys[frozenset(rest[i] for i in dealt[o * hand_size:(o + 1) * hand_size])] for o in range(opponents)]
        best = max(theirs)
        wins[d] = mine > best
        shares[d] = 1.0 if mine > best else (1 / (1 + theirs.count(best)) if mine == best else 0.0)
    return shares.mean(), shares.std() / deals ** 0.5, wins.mean(), wins.std() / deals ** 0.5


@pytest.mark.parametrize("hero", ["QS QD 4C 7H", "9S 7H 4D 2C"])
def test_four_card_two_opponents_exact_against_a_plain_simulation(hero):
    exact = equity("brag4", hero, 2)
    assert exact.exact and exact.deals == 194580 * 135751        # C(48, 4) * C(44, 4)
    share, share_error, win, win_error = plain_simulation(hero, 2, 4, 6_000, seed=5)
    assert abs(exact.equity - share) < 4 * share_error
    assert abs(exact.win - win) < 4 * win_error


def test_four_card_monte_carlo_agrees_with_the_exact_two_opponent_answer():
    exact = equity("brag4", "QS QD 4C 7H", 2)
    simulated = equity("brag4", "QS QD 4C 7H", 2, seed=3, samples=200_000, exact=False)
    assert not simulated.exact and simulated.standard_error > 0
    assert abs(simulated.equity - exact.equity) < 4 * simulated.standard_error


def test_four_card_monte_carlo_with_three_opponents_against_a_plain_simulation():
    simulated = equity("brag4", "KS KH 7D 2C", 3, seed=9, samples=200_000)
    share, share_error, _, _ = plain_simulation("KS KH 7D 2C", 3, 4, 6_000, seed=6)
    assert not simulated.exact
    assert abs(simulated.equity - share) < 4 * (share_error ** 2 + simulated.standard_error ** 2) ** 0.5
