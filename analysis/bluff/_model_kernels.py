"""Numba kernels of the bidding model (``model.py``) and of rounds played out under it.

The rule arrays are the tournament's (``tournament._rule_tables``): ``legal[pal, row, k]``
(row 0: an opening, row j + 1: after bid j), ``counts[pal, face, die]``, ``chance_kind[pal, face]``
and the count tables ``sf``/``pmf``. Hands are face counts ``hand[1..6]``. Rollout ``i`` draws
everything from its own stream ``stream(seed, i)``, so the figures do not depend on the thread count.
"""

import numpy as np
from numba import njit

from analysis.random import next_state, stream, uniform_float


@njit(cache=True, nogil=True)
def p_true_given(mine, held, in_play, k, pal, bid_count, bid_face, chance_kind, sf, pmf, exact):
    """P(bid k true) (or exactly true) for a player holding ``held`` dice of which ``mine`` count for it, the
    other dice random."""
    need = bid_count[k] - mine
    unknown = in_play - held
    kind = chance_kind[pal, bid_face[k]]
    if exact:
        return pmf[kind, unknown, need] if 0 <= need <= unknown else 0.0
    if need <= 0:
        return 1.0
    return sf[kind, unknown, need] if need <= unknown else 0.0


@njit(cache=True, nogil=True)
def p_true_for(hand, held, in_play, k, pal, bid_count, bid_face, counts, chance_kind, sf, pmf, exact):
    """P(bid k true) (or exactly true) for a player holding ``hand``, the other dice random."""
    mine = 0
    for f in range(1, 7):
        if counts[pal, bid_face[k], f]:
            mine += hand[f]
    return p_true_given(mine, held, in_play, k, pal, bid_count, bid_face, chance_kind, sf, pmf, exact)


@njit(cache=True, nogil=True)
def answer_given(mine, held, in_play, previous, pal, bid_count, bid_face, chance_kind, sf, pmf):
    """(P(true), P(exactly)) of the bid to answer, for a player with ``mine`` of their ``held`` dice counting for
    it; a bid above the dice in play is certainly false."""
    if bid_count[previous] > in_play:
        return 0.0, 0.0
    return (p_true_given(mine, held, in_play, previous, pal, bid_count, bid_face, chance_kind, sf, pmf, False),
            p_true_given(mine, held, in_play, previous, pal, bid_count, bid_face, chance_kind, sf, pmf, True))


@njit(cache=True, nogil=True)
def answer_odds(hand, held, in_play, previous, pal, bid_count, bid_face, counts, chance_kind, sf, pmf):
    """(P(true), P(exactly)) of the bid to answer, for a player holding ``hand``."""
    mine = 0
    for f in range(1, 7):
        if counts[pal, bid_face[previous], f]:
            mine += hand[f]
    return answer_given(mine, held, in_play, previous, pal, bid_count, bid_face, chance_kind, sf, pmf)


@njit(cache=True, nogil=True)
def action_chances(hand, held, in_play, previous, pal, rationality, bluff_rate, call_bias, jump_cost,
                   bid_count, bid_face, legal, counts, chance_kind, sf, pmf, can_exact, out):
    """The model's chance of every action into ``out``: ``out[k]`` raise to bid k, ``out[bids]`` a challenge,
    ``out[bids + 1]`` an exact call. Same formula as ``model.action_matrix``."""
    bids = bid_count.size
    row = 0 if previous < 0 else previous + 1
    top = -1e300
    raises = 0
    for k in range(bids + 2):
        out[k] = -1e300
    for k in range(bids):
        if legal[pal, row, k] and bid_count[k] <= in_play:
            out[k] = rationality * (p_true_for(hand, held, in_play, k, pal, bid_count, bid_face, counts,
                                               chance_kind, sf, pmf, False) - jump_cost * raises)
            raises += 1
    if previous >= 0:
        p_true, p_exact = answer_odds(hand, held, in_play, previous, pal, bid_count, bid_face, counts, chance_kind,
                                      sf, pmf)
        out[bids] = rationality * (1.0 - p_true + call_bias)
        if can_exact:
            out[bids + 1] = rationality * (p_exact + call_bias)
    for k in range(bids + 2):
        if out[k] > top:
            top = out[k]
    total = 0.0
    for k in range(bids + 2):
        if out[k] > -1e299:
            out[k] = np.exp(out[k] - top)
            total += out[k]
        else:
            out[k] = 0.0
    keep = (1.0 - bluff_rate) if raises > 0 else 1.0
    for k in range(bids + 2):
        out[k] = keep * out[k] / total
        if k < bids and raises > 0 and legal[pal, row, k] and bid_count[k] <= in_play:
            out[k] += bluff_rate / raises


@njit(cache=True, nogil=True)
def sample_among(chances, state, low, high):
    """An action drawn from ``chances`` (as ``action_chances`` fills it) where only bids ``low .. high - 1`` and
    the calls can have a chance: (bid index, -1 or -2; state)."""
    bids = chances.size - 2
    state = next_state(state)
    u = uniform_float(state)
    acc = 0.0
    action = -1
    for j in range(low, high + 2):
        k = j if j < high else bids + (j - high)
        if chances[k] > 0.0:
            action = k  # the last possible action, should rounding leave u above the total
            acc += chances[k]
            if u < acc:
                break
    if action >= bids:
        return -1 - (action - bids), state
    return action, state


@njit(cache=True, nogil=True)
def sample_action(chances, state):
    """An action drawn from ``chances`` (as ``action_chances`` fills it): (bid index, -1 or -2; state)."""
    return sample_among(chances, state, 0, chances.size - 2)


@njit(cache=True, nogil=True)
def resolve(call, bid, bidder, caller, hands, held, pal, bid_count, bid_face, counts, loss_of_role, calza, starts,
            lost):
    """Dice lost by every player (into ``lost``; -1 a die back) when ``caller`` calls ``bidder``'s bid; returns the
    actual count. ``starts[p]`` caps what calza gives back; nobody loses more dice than they hold."""
    players = held.size
    actual = 0
    for p in range(players):
        for f in range(1, 7):
            if counts[pal, bid_face[bid], f]:
                actual += hands[p, f]
    span = (loss_of_role.shape[1] - 1) // 2
    difference = actual - bid_count[bid]
    for p in range(players):
        role = 0 if p == caller else (1 if p == bidder else 2)
        x = loss_of_role[call, difference + span, role]
        if held[p] == 0:
            x = 0
        elif x < 0:
            x = -1 if (calza and held[p] < starts[p]) else 0
        elif x > held[p]:
            x = held[p]
        lost[p] = x
    return actual


@njit(cache=True, nogil=True)
def raise_weights(hand, held, in_play, pal, rationality, call_bias, bid_count, bid_face, counts, chance_kind, sf, pmf,
                  low, high, out):
    """``out[k] = exp(rationality * P(bid k true | hand) - shift)`` for the bids ``low .. high - 1`` within the
    dice in play: the part of a raise's model term that depends on the hand, computed once per hand and round."""
    shift = rationality * (1.0 + max(call_bias, 0.0))
    for k in range(low, high):
        out[k] = 0.0
        if bid_count[k] <= in_play:
            out[k] = np.exp(rationality * p_true_for(hand, held, in_play, k, pal, bid_count, bid_face, counts,
                                                     chance_kind, sf, pmf, False) - shift)


@njit(cache=True, nogil=True)
def model_action(hand, held, in_play, previous, pal, rationality, bluff_rate, call_bias, jump_cost, weights,
                 bid_count, bid_face, legal, first_legal, top, counts, chance_kind, sf, pmf, can_exact, chances, state):
    """An action drawn from the model's chances (``action_chances``' formula), the raises' terms taken from
    ``weights`` (``raise_weights`` of this hand) times ``exp(-rationality * jump_cost)`` per raise skipped:
    (bid index, -1 or -2; state). ``first_legal[pal, row]`` is the first legal raise of the row (``bids`` if
    none), ``top[n]`` one past the last bid with a count of at most ``n``."""
    bids = bid_count.size
    row = 0 if previous < 0 else previous + 1
    shift = rationality * (1.0 + max(call_bias, 0.0))
    step = np.exp(-rationality * jump_cost)
    rank_factor = 1.0
    raises = 0
    total = 0.0
    chances[:] = 0.0
    # Only bids from the first legal raise to the last bid within the dice in play can be chosen.
    low = first_legal[pal, row]
    high = top[in_play]
    for k in range(low, high):
        if legal[pal, row, k] and bid_count[k] <= in_play:
            chances[k] = weights[k] * rank_factor
            total += chances[k]
            rank_factor *= step
            raises += 1
    chances[bids + 1] = 0.0
    if previous >= 0:
        p_true, p_exact = answer_odds(hand, held, in_play, previous, pal, bid_count, bid_face, counts, chance_kind,
                                      sf, pmf)
        chances[bids] = np.exp(rationality * (1.0 - p_true + call_bias) - shift)
        total += chances[bids]
        if can_exact:
            chances[bids + 1] = np.exp(rationality * (p_exact + call_bias) - shift)
            total += chances[bids + 1]
    keep = (1.0 - bluff_rate) if raises > 0 else 1.0
    for k in range(low, high):
        chances[k] = keep * chances[k] / total
        if legal[pal, row, k] and bid_count[k] <= in_play:
            chances[k] += bluff_rate / raises
    chances[bids] = keep * chances[bids] / total
    chances[bids + 1] = keep * chances[bids + 1] / total
    return sample_among(chances, state, low, high)


@njit(cache=True, nogil=True)
def play_out(seed, first, rollouts, candidates, my_hand, held, starts, pal, parameters, offsets, multisets,
             cumulative, bid_count, bid_face, legal, counts, chance_kind, sf, pmf, can_exact, loss_of_role, calza,
             result):
    """My dice lost by the end of the round for each candidate raise (rows of ``result``) in rollouts
    ``first .. first + rollouts - 1`` (columns).

    Player 0 is me and has just answered the bid on the table with raise ``candidates[c]``. The
    other players' hands are drawn from their posteriors (opponent j's multisets are rows
    ``offsets[j]..offsets[j+1]`` of ``multisets`` with cumulative chances ``cumulative``); then
    everyone, me included, acts by the model with ``parameters[player]`` until someone calls.
    Every candidate meets the same deals (common random numbers), and each hand's raise terms are
    computed once per rollout, not once per decision. Serial and free of the GIL: ``rollout.py``
    runs blocks of rollouts on threads.
    """
    players = held.size
    bids = bid_count.size
    in_play = 0
    for p in range(players):
        in_play += held[p]
    first_legal = np.full((legal.shape[0], legal.shape[1]), bids, np.int64)
    for pal_ in range(legal.shape[0]):
        for row in range(legal.shape[1]):
            for k in range(bids - 1, -1, -1):
                if legal[pal_, row, k]:
                    first_legal[pal_, row] = k
    top = np.zeros(in_play + 1, np.int64)
    for n in range(in_play + 1):
        for k in range(bids):
            if bid_count[k] <= n:
                top[n] = k + 1
    lowest = bids  # no bid below the first raise of any candidate is ever chosen after it
    for c in range(candidates.size):
        lowest = min(lowest, first_legal[pal, candidates[c] + 1])
    hands = np.zeros((players, 7), np.int64)
    weights = np.zeros((players, bids))
    chances = np.empty(bids + 2)
    lost = np.zeros(players, np.int64)
    for i in range(first, first + rollouts):
        state = stream(seed, i)
        for f in range(1, 7):
            hands[0, f] = my_hand[f]
        for p in range(1, players):
            state = next_state(state)
            u = uniform_float(state)
            lo = offsets[p - 1]
            hi = offsets[p] - 1
            while lo < hi:  # first row whose cumulative chance exceeds u
                mid = (lo + hi) // 2
                if cumulative[mid] > u:
                    hi = mid
                else:
                    lo = mid + 1
            for f in range(6):
                hands[p, f + 1] = multisets[lo, f]
        for p in range(players):
            raise_weights(hands[p], held[p], in_play, pal, parameters[p, 0], parameters[p, 2], bid_count, bid_face,
                          counts, chance_kind, sf, pmf, lowest, top[in_play], weights[p])
        dealt = state
        for c in range(candidates.size):
            state = dealt
            bid = candidates[c]
            bidder = 0
            actor = 1 % players
            while True:
                action, state = model_action(hands[actor], held[actor], in_play, bid, pal, parameters[actor, 0],
                                             parameters[actor, 1], parameters[actor, 2], parameters[actor, 3],
                                             weights[actor], bid_count, bid_face, legal, first_legal, top, counts,
                                             chance_kind, sf, pmf, can_exact, chances, state)
                if action >= 0:
                    bid = action
                    bidder = actor
                    actor = (actor + 1) % players
                    continue
                resolve(-1 - action, bid, bidder, actor, hands, held, pal, bid_count, bid_face, counts,
                        loss_of_role, calza, starts, lost)
                result[c, i] = lost[0]
                break
