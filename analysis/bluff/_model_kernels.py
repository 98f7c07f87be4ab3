"""Numba kernels of the bidding model (``model.py``) and of rounds played out under it.

The rule arrays are the tournament's (``tournament._rule_tables``): ``legal[pal, row, k]``
(row 0: an opening, row j + 1: after bid j), ``counts[pal, face, die]``, ``chance_kind[pal, face]``
and the count tables ``sf``/``pmf``. Hands are face counts ``hand[1..6]``. Rollout ``i`` draws
everything from its own stream ``stream(seed, i)``, so the figures do not depend on the thread count.
"""

import numpy as np
from numba import njit, prange

from analysis.random import next_state, stream, uniform_float


@njit(cache=True, nogil=True)
def p_true_for(hand, held, in_play, k, pal, bid_count, bid_face, counts, chance_kind, sf, pmf, exact):
    """P(bid k true) (or exactly true) for a player holding ``hand``, the other dice random."""
    mine = 0
    for f in range(1, 7):
        if counts[pal, bid_face[k], f]:
            mine += hand[f]
    need = bid_count[k] - mine
    unknown = in_play - held
    kind = chance_kind[pal, bid_face[k]]
    if exact:
        return pmf[kind, unknown, need] if 0 <= need <= unknown else 0.0
    if need <= 0:
        return 1.0
    return sf[kind, unknown, need] if need <= unknown else 0.0


@njit(cache=True, nogil=True)
def answer_odds(hand, held, in_play, previous, pal, bid_count, bid_face, counts, chance_kind, sf, pmf):
    """(P(true), P(exactly)) of the bid to answer, for a player holding ``hand``; a bid above the dice
    in play is certainly false."""
    if bid_count[previous] > in_play:
        return 0.0, 0.0
    return (p_true_for(hand, held, in_play, previous, pal, bid_count, bid_face, counts, chance_kind, sf, pmf, False),
            p_true_for(hand, held, in_play, previous, pal, bid_count, bid_face, counts, chance_kind, sf, pmf, True))


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
def sample_action(chances, state):
    """An action drawn from ``chances`` (as ``action_chances`` fills it): (bid index, -1 or -2; state)."""
    bids = chances.size - 2
    state = next_state(state)
    u = uniform_float(state)
    acc = 0.0
    k = -1
    for j in range(chances.size):
        if chances[j] > 0.0:
            k = j  # the last possible action, should rounding leave u above the total
            acc += chances[j]
            if u < acc:
                break
    if k >= bids:
        return -1 - (k - bids), state
    return k, state


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


@njit(cache=True, parallel=True)
def play_out(seed, rollouts, candidates, my_hand, held, starts, pal, parameters, offsets, multisets, cumulative,
             bid_count, bid_face, legal, counts, chance_kind, sf, pmf, can_exact, loss_of_role, calza):
    """My dice lost by the end of the round for each candidate raise (rows) in each rollout (columns).

    Player 0 is me and has just answered the bid on the table with raise ``candidates[c]``. The
    other players' hands are drawn from their posteriors (opponent j's multisets are rows
    ``offsets[j]..offsets[j+1]`` of ``multisets`` with cumulative chances ``cumulative``); then
    everyone, me included, acts by the model with ``parameters[player]`` until someone calls.
    Every candidate meets the same deals (common random numbers).
    """
    players = held.size
    bids = bid_count.size
    in_play = 0
    for p in range(players):
        in_play += held[p]
    result = np.zeros((candidates.size, rollouts))
    for i in prange(rollouts):
        hands = np.zeros((players, 7), np.int64)
        chances = np.empty(bids + 2)
        lost = np.zeros(players, np.int64)
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
        dealt = state
        for c in range(candidates.size):
            state = dealt
            bid = candidates[c]
            bidder = 0
            actor = 1 % players
            while True:
                action_chances(hands[actor], held[actor], in_play, bid, pal, parameters[actor, 0],
                               parameters[actor, 1], parameters[actor, 2], parameters[actor, 3], bid_count,
                               bid_face, legal, counts,
                               chance_kind, sf, pmf, can_exact, chances)
                action, state = sample_action(chances, state)
                if action >= 0:
                    bid = action
                    bidder = actor
                    actor = (actor + 1) % players
                    continue
                resolve(-1 - action, bid, bidder, actor, hands, held, pal, bid_count, bid_face, counts,
                        loss_of_role, calza, starts, lost)
                result[c, i] = lost[0]
                break
    return result
