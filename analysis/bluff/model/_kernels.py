"""Numba kernels of the bidding model and of rounds played out under it.

The model's rules are ``model_rules.py``'s, compiled here from that very text (one question at the
table calls the plain functions; the tournaments, the rollouts and the bots call these copies); this
module adds drawing an action from the model's chances, settling a call and the rollouts. The rule
arrays are the tournament's (``kernel_tables.RuleTables``). Hands are face counts ``hand[1..6]``.
Rollout ``i`` draws everything from its own stream ``stream(seed, i)``, so the figures do not depend
on the thread count.
"""

import numpy as np

from analysis.bluff.model import model_rules
from analysis.jit import compile_rules, njit
from analysis.random import next_state, stream, uniform_float

# Inlined where they are called (numba's own inlining, before the machine code): each rule reads its arrays from
# the ``rules`` bundle, and a bundle's fields taken inside a called function cost the rollouts a quarter of their
# speed; inlined, the kernels run as fast as with the arrays passed one by one.
(matches, p_true_given, p_true_for, answer_given, answer_odds, shift_of, term, call_terms, raise_weights,
 chances_from_weights, action_chances, raise_terms, action_terms, hand_chance, observe,
 answer_chances) = compile_rules(model_rules, *model_rules.RULES, nogil=True, inline="always")


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
def resolve(call, bid, bidder, caller, hands, held, pal, rules, starts, lost):
    """Dice lost by every player (into ``lost``; -1 a die back) when ``caller`` calls ``bidder``'s bid; returns the
    actual count. ``starts[p]`` caps what calza gives back; nobody loses more dice than they hold. ``rules``:
    ``kernel_tables.RuleTables``."""
    bid_count, bid_face, counts, loss_of_role, calza = (rules.bid_count, rules.bid_face, rules.counts,
                                                        rules.loss_of_role, rules.calza)
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
def model_action(hand, held, in_play, previous, pal, belief, weights, rules, first_legal, top, chances, state):
    """An action drawn from the model's chances (``belief``: rationality, bluff rate, call bias, jump cost), the
    raises' weights taken from ``weights`` (``raise_weights`` of this hand): (bid index, -1 or -2; state).
    ``first_legal[pal, row]`` is the first legal raise of the row (``bids`` if none), ``top[n]`` one past the
    last bid with a count of at most ``n``: only bids between them can be chosen."""
    row = 0 if previous < 0 else previous + 1
    low = first_legal[pal, row]
    high = top[in_play]
    chances_from_weights(hand, held, in_play, previous, pal, belief, weights, rules, low, high, chances)
    return sample_among(chances, state, low, high)


@njit(cache=True, nogil=True)
def play_out(seed, first, rollouts, candidates, my_hand, held, starts, pal, parameters, others, rules, result):
    """My dice lost by the end of the round for each candidate raise (rows of ``result``) in rollouts
    ``first .. first + rollouts - 1`` (columns).

    Player 0 is me and has just answered the bid on the table with raise ``candidates[c]``. The
    other players' hands are drawn from their posteriors (``others``: ``kernel_tables.OpponentHands``,
    opponent j's multisets rows ``offsets[j]..offsets[j+1]`` of ``multisets`` with cumulative chances
    ``cumulative``); then everyone, me included, acts by the model with ``parameters[player]`` (rationality,
    bluff rate, call bias, jump cost) until someone calls.
    Every candidate meets the same deals (common random numbers), and each hand's raise terms are
    computed once per rollout, not once per decision. Serial and free of the GIL: ``rollout.py``
    runs blocks of rollouts on threads. ``rules``: ``kernel_tables.RuleTables``.
    """
    bid_count, legal = rules.bid_count, rules.legal
    offsets, multisets, cumulative = others.offsets, others.multisets, others.cumulative
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
            raise_weights(hands[p], held[p], in_play, pal, parameters[p], rules, lowest, top[in_play], weights[p])
        dealt = state
        for c in range(candidates.size):
            state = dealt
            bid = candidates[c]
            bidder = 0
            actor = 1 % players
            while True:
                action, state = model_action(hands[actor], held[actor], in_play, bid, pal, parameters[actor],
                                             weights[actor], rules, first_legal, top, chances, state)
                if action >= 0:
                    bid = action
                    bidder = actor
                    actor = (actor + 1) % players
                    continue
                resolve(-1 - action, bid, bidder, actor, hands, held, pal, rules, starts, lost)
                result[c, i] = lost[0]
                break
