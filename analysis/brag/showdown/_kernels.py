"""Numba kernels for Brag: hand strengths, exact showdown counts, seeded Monte Carlo.

Plain arrays in, plain arrays out; no validation here (the public modules do it).

Cards are ``rank * 4 + suit`` (rank 0 = two, 12 = ace). A hand's *strength* is one
integer: ``class * 4096 + key`` for three cards, where ``key`` orders hands inside
a class; for four cards it is ``best_three * 16 + rank of the discarded card``, so
the discard breaks ties between equal best threes exactly as the rules say.
"""

from __future__ import annotations

import numpy as np
from numba import prange

from analysis.jit import njit
from analysis.brag.rules import CLASS_SHIFT, DISCARD_SHIFT
from analysis.random import next_state, stream, uniform_int

HIGH_CARD, PAIR, FLUSH, RUN, RUNNING_FLUSH, PRIAL = 0, 1, 2, 3, 4, 5

# Run keys are 2 * (top rank): 2-3-4 is 4 ... A-K-Q is 24, leaving odd slots for A-2-3.
# Indexed by the rules' a23 code: highest, second, lowest, none (-1: not a run).
_A23_RUN_KEY = np.array([25, 23, 1, -1], dtype=np.int64)


@njit(cache=True, inline="always")
def strength3(a, b, c, prial_333_high, a23_code):
    """The strength of the three cards ``a, b, c`` (any order)."""
    r0, r1, r2 = a >> 2, b >> 2, c >> 2
    if r0 < r1:
        r0, r1 = r1, r0
    if r1 < r2:
        r1, r2 = r2, r1
    if r0 < r1:
        r0, r1 = r1, r0
    suited = (a & 3) == (b & 3) and (b & 3) == (c & 3)
    if r0 == r2:
        top = 13 if (prial_333_high and r0 == 1) else r0
        return PRIAL * CLASS_SHIFT + top
    run_key = -1
    if r0 - r1 == 1 and r1 - r2 == 1:
        run_key = 2 * r0
    elif r0 == 12 and r1 == 1 and r2 == 0:
        run_key = _A23_RUN_KEY[a23_code]
    if run_key >= 0:
        return (RUNNING_FLUSH if suited else RUN) * CLASS_SHIFT + run_key
    if suited:
        return FLUSH * CLASS_SHIFT + r0 * 169 + r1 * 13 + r2
    if r0 == r1:
        return PAIR * CLASS_SHIFT + r0 * 13 + r2
    if r1 == r2:
        return PAIR * CLASS_SHIFT + r1 * 13 + r0
    return HIGH_CARD * CLASS_SHIFT + r0 * 169 + r1 * 13 + r2


@njit(cache=True)
def hand_strengths(hands, prial_333_high, a23_code):
    """Strength of every row of ``hands`` (n x 3 or n x 4 card codes)."""
    n, k = hands.shape
    out = np.empty(n, dtype=np.int32)
    for i in range(n):
        if k == 3:
            out[i] = strength3(hands[i, 0], hands[i, 1], hands[i, 2], prial_333_high, a23_code)
            continue
        a, b, c, e = hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3]
        best, discard = -1, -1
        for d in range(4):
            if d == 0:
                s = strength3(b, c, e, prial_333_high, a23_code)
            elif d == 1:
                s = strength3(a, c, e, prial_333_high, a23_code)
            elif d == 2:
                s = strength3(a, b, e, prial_333_high, a23_code)
            else:
                s = strength3(a, b, c, prial_333_high, a23_code)
            r = hands[i, d] >> 2
            # Equal best threes always hold the same ranks, so their discards share a rank too.
            if s > best or (s == best and r > discard):
                best, discard = s, r
        out[i] = best * DISCARD_SHIFT + discard
    return out


@njit(cache=True, inline="always")
def _touch(hand, k, single, pair, triple, delta):
    """Add ``delta`` to the count of every 1-, 2- (and for k = 4, 3-) card subset of ``hand``."""
    for x in range(k):
        single[hand[x]] += delta
        for y in range(x + 1, k):
            pair[hand[x] * 52 + hand[y]] += delta
            if k == 4:
                for z in range(y + 1, k):
                    triple[(hand[x] * 52 + hand[y]) * 52 + hand[z]] += delta


@njit(cache=True, inline="always")
def _disjoint(hand, k, total, single, pair, triple, self_counted):
    """Counted hands sharing no card with ``hand``, by inclusion-exclusion over its subsets.

    ``self_counted`` is 1 when ``hand`` itself is among the counted hands (the k-card term).
    """
    count = total
    for x in range(k):
        count -= single[hand[x]]
        for y in range(x + 1, k):
            count += pair[hand[x] * 52 + hand[y]]
            if k == 4:
                for z in range(y + 1, k):
                    count -= triple[(hand[x] * 52 + hand[y]) * 52 + hand[z]]
    # The full hand: sign (-1)**k.
    if k == 3:
        count -= self_counted
    else:
        count += self_counted
    return count


@njit(cache=True)
def versus_table(hands, strengths, order, in_range):
    """For every hand, how many opponent hands (from ``in_range``, sharing no card) it beats and ties.

    Hands are visited in strength order (``order`` sorts ``strengths``); running
    counts of every card subset among the weaker hands give, by inclusion-exclusion,
    the weaker hands that avoid the hero's cards, in O(subsets) per hand instead of
    a pass over all opponents. Returns (beats, ties, available) as int64 arrays.
    """
    n, k = hands.shape
    tsize = 52 * 52 * 52 if k == 4 else 1
    single = np.zeros(52, np.int64)
    pair = np.zeros(52 * 52, np.int64)
    triple = np.zeros(tsize, np.int64)
    g_single = np.zeros(52, np.int64)
    g_pair = np.zeros(52 * 52, np.int64)
    g_triple = np.zeros(tsize, np.int64)
    beats = np.zeros(n, np.int64)
    ties = np.zeros(n, np.int64)
    available = np.zeros(n, np.int64)
    total = 0
    i = 0
    while i < n:
        s = strengths[order[i]]
        j = i
        while j < n and strengths[order[j]] == s:
            j += 1
        g_total = 0
        for t in range(i, j):
            h = order[t]
            beats[h] = _disjoint(hands[h], k, total, single, pair, triple, 0)
            if in_range[h]:
                _touch(hands[h], k, g_single, g_pair, g_triple, 1)
                g_total += 1
        for t in range(i, j):
            h = order[t]
            ties[h] = _disjoint(hands[h], k, g_total, g_single, g_pair, g_triple, 1 if in_range[h] else 0)
        for t in range(i, j):
            h = order[t]
            if in_range[h]:
                _touch(hands[h], k, g_single, g_pair, g_triple, -1)
                _touch(hands[h], k, single, pair, triple, 1)
                total += 1
        i = j
    for h in range(n):
        available[h] = _disjoint(hands[h], k, total, single, pair, triple, 1 if in_range[h] else 0)
    return beats, ties, available


@njit(cache=True)
def two_opponents(hero_mask, hero_strength, hands, masks, strengths):
    """Exact showdown of one hand against two random opponents (ordered deals).

    Returns counts (win, tie_two_way, tie_three_way, lose) over every ordered pair
    of disjoint opponent hands avoiding the hero's cards. For each first opponent,
    the second opponent's weaker and equal hands are counted by inclusion-exclusion
    over tables of the hands that avoid the hero.
    """
    n, k = hands.shape
    tsize = 52 * 52 * 52 if k == 4 else 1
    b_single = np.zeros(52, np.int64)
    b_pair = np.zeros(52 * 52, np.int64)
    b_triple = np.zeros(tsize, np.int64)
    e_single = np.zeros(52, np.int64)
    e_pair = np.zeros(52 * 52, np.int64)
    e_triple = np.zeros(tsize, np.int64)
    b_total, e_total, u_total = 0, 0, 0
    for h in range(n):
        if masks[h] & hero_mask:
            continue
        u_total += 1
        if strengths[h] < hero_strength:
            _touch(hands[h], k, b_single, b_pair, b_triple, 1)
            b_total += 1
        elif strengths[h] == hero_strength:
            _touch(hands[h], k, e_single, e_pair, e_triple, 1)
            e_total += 1
    # Hands of the 52 - 2k cards left once the hero and the first opponent are dealt.
    second_total = 1
    for x in range(k):
        second_total = second_total * (52 - 2 * k - x) // (x + 1)
    win, tie2, tie3, lose = 0, 0, 0, 0
    for h in range(n):
        if masks[h] & hero_mask:
            continue
        s1 = strengths[h]
        if s1 > hero_strength:
            lose += second_total
            continue
        weaker = _disjoint(hands[h], k, b_total, b_single, b_pair, b_triple, 1 if s1 < hero_strength else 0)
        equal = _disjoint(hands[h], k, e_total, e_single, e_pair, e_triple, 1 if s1 == hero_strength else 0)
        if s1 < hero_strength:
            win += weaker
            tie2 += equal
        else:
            tie2 += weaker
            tie3 += equal
        lose += second_total - weaker - equal
    return win, tie2, tie3, lose


@njit(cache=True)
def cards_left(hero):
    """The 52 - k cards not in ``hero``, ascending."""
    k = hero.shape[0]
    rest = np.empty(52 - k, np.int64)
    m = 0
    for c in range(52):
        held = False
        for x in range(k):
            if hero[x] == c:
                held = True
        if not held:
            rest[m] = c
            m += 1
    return rest


@njit(cache=True, inline="always")
def draw_hand(state, deck, left, hand, binomial):
    """Deal ``hand.size`` cards from the first ``left`` of ``deck`` (removing them); returns the
    advanced stream state, the cards left, and the colex row of the dealt hand."""
    k = hand.shape[0]
    for x in range(k):
        state = next_state(state)
        j = uniform_int(state, left)
        hand[x] = deck[j]
        deck[j] = deck[left - 1]
        left -= 1
    # Insertion sort, then the colex index of the sorted hand.
    for x in range(1, k):
        y = x
        while y > 0 and hand[y - 1] > hand[y]:
            hand[y - 1], hand[y] = hand[y], hand[y - 1]
            y -= 1
    index = 0
    for x in range(k):
        index += binomial[hand[x], x + 1]
    return state, left, index


@njit(cache=True, parallel=True)
def showdown_monte_carlo(hero, hero_strength, opponents, strength_by_index, binomial,
                         samples, seed, chunks, first_chunk, stop_chunk):
    """Deal ``opponents`` random hands ``samples`` times; per chunk: wins, ties, share, share**2.

    The samples are split into ``chunks`` fixed chunks; this call deals chunks
    ``first_chunk`` to ``stop_chunk - 1`` and leaves the others at zero, so a caller
    can report progress between calls. Sample ``i`` draws from its own counter-based
    stream, and chunks are summed in a fixed order afterwards, so the result does not
    depend on the thread count or on how the chunks are split between calls.
    """
    k = hero.shape[0]
    rest = cards_left(hero)
    wins = np.zeros(chunks, np.int64)
    ties = np.zeros(chunks, np.int64)
    share = np.zeros(chunks, np.float64)
    share_sq = np.zeros(chunks, np.float64)
    per_chunk = (samples + chunks - 1) // chunks
    for offset in prange(stop_chunk - first_chunk):
        chunk = first_chunk + offset
        deck = np.empty(52 - k, np.int64)
        hand = np.empty(k, np.int64)
        for i in range(chunk * per_chunk, min(samples, (chunk + 1) * per_chunk)):
            deck[:] = rest
            left = 52 - k
            state = stream(seed, i)
            best, n_best = -1, 0
            for _ in range(opponents):
                state, left, index = draw_hand(state, deck, left, hand, binomial)
                s = strength_by_index[index]
                if s > best:
                    best, n_best = s, 1
                elif s == best:
                    n_best += 1
            if best < hero_strength:
                wins[chunk] += 1
                share[chunk] += 1.0
                share_sq[chunk] += 1.0
            elif best == hero_strength:
                ties[chunk] += 1
                part = 1.0 / (n_best + 1)
                share[chunk] += part
                share_sq[chunk] += part * part
    return wins, ties, share, share_sq


@njit(cache=True, parallel=True)
def stay_monte_carlo(hero, hero_strength, opponents, hands, pot, stake, keep, max_rounds, samples, seed, chunks):
    """Deal ``opponents`` hands ``samples`` times and play the staying model (``advice.stay_or_fold``).

    Each round the hero bets one stake, then each opponent in turn stays (one stake)
    when its hand beats at least a share ``1 - keep**round`` of all hands, else folds.
    When only the hero and one opponent are left, the next of the two to act sees for
    twice the stake (an opponent that would stay sees) and loses a tie; when every opponent folds, the hero takes the pot.
    Per chunk: sum of the hero's chips, their squares, hands where every opponent folded,
    where the hero saw, and still unresolved after ``max_rounds`` rounds (counted as lost). ``hands``:
    ``kernel_tables.IndexedHands``, the opponents' hands by index.
    """
    strength_by_index, weaker_share_by_index, binomial = hands.strength, hands.weaker_share, hands.binomial
    k = hero.shape[0]
    rest = cards_left(hero)
    total = np.zeros(chunks)
    total_sq = np.zeros(chunks)
    counts = np.zeros((chunks, 3), np.int64)
    per_chunk = (samples + chunks - 1) // chunks
    for chunk in prange(chunks):
        deck = np.empty(52 - k, np.int64)
        hand = np.empty(k, np.int64)
        strengths = np.empty(opponents, np.int64)
        shares = np.empty(opponents)
        still_in = np.empty(opponents, np.bool_)
        for i in range(chunk * per_chunk, min(samples, (chunk + 1) * per_chunk)):
            deck[:] = rest
            left = 52 - k
            state = stream(seed, i)
            for o in range(opponents):
                state, left, index = draw_hand(state, deck, left, hand, binomial)
                strengths[o] = strength_by_index[index]
                shares[o] = weaker_share_by_index[index]
                still_in[o] = True
            in_play = opponents
            in_pot = pot
            paid = 0.0
            result = 0.0
            resolved = False
            for r in range(1, max_rounds + 1):
                paid += stake
                in_pot += stake
                needed = 1.0 - keep ** r
                for o in range(opponents):
                    if not still_in[o]:
                        continue
                    if shares[o] >= needed:
                        if in_play == 1:   # only this opponent and the hero: it sees
                            in_pot += 2 * stake
                            result = in_pot - paid if hero_strength >= strengths[o] else -paid
                            resolved = True
                            break
                        in_pot += stake
                        continue
                    still_in[o] = False
                    in_play -= 1
                    if in_play == 0:
                        result = in_pot - paid
                        counts[chunk, 0] += 1
                        resolved = True
                        break
                    if in_play == 1:
                        last = 0
                        for q in range(opponents):
                            if still_in[q]:
                                last = q
                        if last > o:   # the last opponent acts next this round and sees the hero
                            in_pot += 2 * stake
                            result = in_pot - paid if hero_strength >= strengths[last] else -paid
                        else:          # the hero acts next and sees
                            paid += 2 * stake
                            in_pot += 2 * stake
                            result = in_pot - paid if hero_strength > strengths[last] else -paid
                            counts[chunk, 1] += 1
                        resolved = True
                        break
                if resolved:
                    break
            if not resolved:
                result = -paid
                counts[chunk, 2] += 1
            total[chunk] += result
            total_sq[chunk] += result * result
    return total, total_sq, counts
