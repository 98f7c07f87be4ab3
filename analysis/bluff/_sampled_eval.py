"""Numba kernels that read a solved abstract round (``sampled.py``): the policy written onto the exact
solver's tree, a sampled local best response, and rounds played on from a decision.

The layout (windows, offsets, payoffs) is the one of ``_sampled_kernels``; kept apart from the training
kernels so that the stored solves, fingerprinted by those, outlive changes here.
"""

import numpy as np
from numba import njit

from analysis.bluff import memory
from analysis.bluff._sampled_kernels import _draw, _sample, window_rank
from analysis.jit import compile_rules

#: The rank of the bids as a player's memory keeps them (``memory``), compiled.
kept_earlier, seen_rank = compile_rules(memory, "kept_earlier", "seen_rank", calls={"window_rank": window_rank})


@njit(cache=True)
def expand(policy, k, binom, first, offset, n_actions_of_window, last, actor, child_start, n_raises, n_actions,
           tree_offset, hands, action_of, abstract_raises, stand_in, out):
    """The abstract ``policy`` written onto the exact solver's tree (``solve.RoundGame``): each node takes the
    rows of its window of the last ``k`` bids (as ``seen_rank`` remembers them); a raise the abstraction does not
    play (``action_of`` -1) gets 0."""
    nodes = actor.size
    parent = np.full(nodes, -1, np.int64)
    for n in range(nodes):
        for r in range(n_raises[n]):
            parent[child_start[n] + r] = n
    history = np.zeros(64, np.int64)
    opening = action_of.shape[0] - 1
    for n in range(nodes):
        depth = 0
        m = n
        while parent[m] >= 0:
            depth += 1
            m = parent[m]
        m = n
        for i in range(depth - 1, -1, -1):
            history[i] = last[m]
            m = parent[m]
        p = actor[n]
        w = seen_rank(history, depth, k, binom, first, stand_in)
        row = history[depth - 1] if depth > 0 else opening
        size = n_actions[n]
        mine = n_actions_of_window[w]
        nr_abstract = abstract_raises[row]
        for h in range(hands[p]):
            for a in range(size):
                if a >= n_raises[n]:
                    b = nr_abstract + a - n_raises[n]
                else:
                    b = action_of[row, last[child_start[n] + a]]
                out[tree_offset[n] + h * size + a] = policy[offset[p, w] + h * mine + b] if b >= 0 else 0.0


@njit(cache=True)
def _call_values(seat, mine, last, w, calls, match, payoff, out):
    """Unnormalised value of each call for ``seat`` against the other's hands weighted by ``w``."""
    sign = 1.0 if seat == 0 else -1.0
    for c in range(calls):
        total = 0.0
        for g in range(w.size):
            if w[g] != 0.0:
                total += w[g] * payoff[c, seat, last, mine + match[1 - seat, g, last]]
        out[c] = sign * total


@njit(cache=True)
def _evaluate(theirs, seat, hand, history, depth, w, lookahead, k, binom, first, offset, raises, n_raises, calls,
              match, payoff, policy, scratch, all_raises, all_n, stand_in):
    """``seat`` holding ``hand``, the other seat's hands weighted by ``w`` (unnormalised), after
    ``history[:depth]``: returns (value, best action). At ``seat``'s turn (``theirs`` False) the value is the best
    of the calls, valued exactly, and, while ``lookahead`` allows one more (or at the opening), of every legal
    raise (``all_raises``), each valued at the other's turn with one raise fewer to look; at the other's turn
    (``theirs`` True) it answers the last bid by ``policy`` on its own (perhaps abstract) raises ``raises``: its
    calls settle the round, each raise is valued at ``seat``'s turn after it, weighted by the other's chance of it.

    Written as a walk over an explicit stack rather than by recursion, so that numba caches it (a fresh process
    at the table would otherwise compile it, seconds). Level ``s`` of the stack is a turn ``depth + s`` deep;
    ``done`` its next action, ``acc`` its value so far (the best, or the running sum), ``weights`` its belief."""
    levels = history.size - depth + 2
    mine_turn = np.empty(levels, np.bool_)
    done = np.empty(levels, np.int64)
    choice = np.empty(levels, np.int64)
    base = np.empty(levels, np.int64)
    ahead = np.empty(levels, np.int64)
    acc = np.empty(levels)
    weights = np.empty((levels, w.size))
    sign = 1.0 if seat == 0 else -1.0
    other = 1 - seat
    weights[0, :] = w
    mine_turn[0], ahead[0], done[0] = not theirs, lookahead, -1
    s = 0
    while True:
        d = depth + s
        last = history[d - 1] if d > 0 else -1
        if mine_turn[s]:
            row = raises.shape[0] - 1 if last < 0 else last
            nr = all_n[row]
            if done[s] < 0:   # first visit: the calls
                acc[s], choice[s], done[s] = -1e300, -1, 0
                if last >= 0:
                    cv = scratch[d]
                    _call_values(seat, match[seat, hand, last], last, weights[s], calls, match, payoff, cv)
                    for c in range(calls):
                        if cv[c] > acc[s]:
                            acc[s], choice[s] = cv[c], nr + c
                if not (ahead[s] > 0 or last < 0):
                    done[s] = nr   # no raise is looked at
            if done[s] < nr:   # the next raise, valued at the other's turn
                history[d] = all_raises[row, done[s]]
                done[s] += 1
                weights[s + 1, :] = weights[s]
                mine_turn[s + 1], ahead[s + 1], done[s + 1] = False, max(ahead[s] - 1, 0), -1
                s += 1
                continue
        else:
            nr = n_raises[last]
            size = nr + calls
            if done[s] < 0:   # first visit: the other's calls
                base[s] = offset[other, seen_rank(history, d, k, binom, first, stand_in)]
                total = 0.0
                mine = match[seat, hand, last]
                for g in range(w.size):
                    if weights[s, g] != 0.0:
                        for c in range(calls):
                            total += weights[s, g] * policy[base[s] + g * size + nr + c] * sign * payoff[
                                c, other, last, mine + match[other, g, last]]
                acc[s], done[s] = total, 0
            pushed = False
            while done[s] < nr and not pushed:   # the next raise the other makes with some chance
                a = done[s]
                done[s] += 1
                anyone = False
                for g in range(w.size):
                    weights[s + 1, g] = weights[s, g] * policy[base[s] + g * size + a]
                    if weights[s + 1, g] != 0.0:
                        anyone = True
                if anyone:
                    history[d] = raises[last, a]
                    mine_turn[s + 1], ahead[s + 1], done[s + 1] = True, ahead[s], -1
                    pushed = True
            if pushed:
                s += 1
                continue
        # This turn is valued: hand it to the turn before (the best of its raises, or their sum).
        if s == 0:
            return acc[0], choice[0]
        s -= 1
        if mine_turn[s]:
            if acc[s + 1] > acc[s]:
                acc[s], choice[s] = acc[s + 1], done[s] - 1
        else:
            acc[s] += acc[s + 1]


@njit(cache=True)
def _my_best(seat, hand, history, depth, w, lookahead, k, binom, first, offset, raises, n_raises, calls, match,
             payoff, policy, scratch, all_raises, all_n, stand_in):
    """The best unnormalised value of ``seat`` holding ``hand`` to act after ``history[:depth]``, the other
    seat's hands weighted by ``w``: the calls exactly, and the raises while ``lookahead`` allows one more;
    returns (value, best action). ``seat`` may make every legal raise (``all_raises``), the other seat answers by
    ``policy`` on its own (perhaps abstract) raises ``raises``."""
    return _evaluate(False, seat, hand, history, depth, w, lookahead, k, binom, first, offset, raises, n_raises,
                     calls, match, payoff, policy, scratch, all_raises, all_n, stand_in)


@njit(cache=True)
def _their_answer(seat, hand, history, depth, w, lookahead, k, binom, first, offset, raises, n_raises, calls,
                  match, payoff, policy, scratch, all_raises, all_n, stand_in):
    """``seat``'s unnormalised value when the other seat answers the last bid of ``history[:depth]`` by
    ``policy`` and ``seat`` then plays ``_my_best``."""
    return _evaluate(True, seat, hand, history, depth, w, lookahead, k, binom, first, offset, raises, n_raises,
                     calls, match, payoff, policy, scratch, all_raises, all_n, stand_in)[0]


@njit(cache=True)
def local_best_response(seed, games, seat, lookahead, k, binom, first, offset, raises, n_raises, calls, match,
                        payoff, cdf, chance, policy, all_raises, all_n, stand_in):
    """Payoffs of ``games`` sampled rounds in which ``seat`` plays a local best response to ``policy``: at each
    of its turns the exact belief about the other's hand (Bayes on the other's policy along the round) and a
    search of ``lookahead`` own raises ahead (the calls valued exactly, the other answering by ``policy``).
    With a lookahead reaching the end of the round this is an exact best response."""
    np.random.seed(seed)
    other = 1 - seat
    bids = match.shape[2]  # the whole track (an abstraction plays fewer raises a row)
    history = np.zeros(bids + 1, np.int64)
    scratch = np.zeros((bids + 2, calls))
    hands_other = chance.shape[1]
    w = np.empty(hands_other)
    sigma = np.empty(bids + 3)
    out = np.empty(games)
    sign = 1.0 if seat == 0 else -1.0
    hand = np.empty(2, np.int64)
    for i in range(games):
        hand[0] = _draw(cdf[0])
        hand[1] = _draw(cdf[1])
        for g in range(hands_other):
            w[g] = chance[other, g]
        depth = 0
        while True:
            actor = depth & 1
            last = history[depth - 1] if depth > 0 else -1
            row = raises.shape[0] - 1 if last < 0 else last
            nr = all_n[row] if actor == seat else n_raises[row]
            size = nr + (calls if last >= 0 else 0)
            if actor == seat:
                a = _my_best(seat, hand[seat], history, depth, w, lookahead, k, binom, first, offset, raises,
                             n_raises, calls, match, payoff, policy, scratch, all_raises, all_n, stand_in)[1]
            else:
                base = offset[other, seen_rank(history, depth, k, binom, first, stand_in)]
                for b in range(size):
                    sigma[b] = policy[base + hand[other] * size + b]
                a = _sample(sigma, size)
                for g in range(hands_other):
                    w[g] *= policy[base + g * size + a]
            if a >= nr:
                actual = match[0, hand[0], last] + match[1, hand[1], last]
                out[i] = sign * payoff[a - nr, actor, last, actual]
                break
            history[depth] = all_raises[row, a] if actor == seat else raises[row, a]
            depth += 1
    return out


@njit(cache=True)
def play_out(seed, games, hand_me, seat, history, depth, weights, k, binom, first, offset, raises, n_raises, calls,
             match, payoff, policy, first_action, stand_in):
    """Payoffs to ``seat`` (holding ``hand_me``) of ``games`` rounds continued from ``history[:depth]`` with
    ``seat`` taking ``first_action`` (-1: drawn from ``policy`` too) and both seats then following ``policy``; the
    other's hand is drawn from
    ``weights`` (the belief, summing to 1)."""
    np.random.seed(seed)
    other = 1 - seat
    bids = match.shape[2]  # the whole track (an abstraction plays fewer raises a row)
    work = np.zeros(bids + 1, np.int64)
    sigma = np.empty(bids + 3)
    out = np.empty(games)
    sign = 1.0 if seat == 0 else -1.0
    cdf = np.cumsum(weights)
    hand = np.empty(2, np.int64)
    for i in range(games):
        hand[seat] = hand_me
        hand[other] = _draw(cdf)
        for j in range(depth):
            work[j] = history[j]
        d = depth
        a = first_action
        while True:
            actor = d & 1
            last = work[d - 1] if d > 0 else -1
            row = raises.shape[0] - 1 if last < 0 else last
            nr = n_raises[row]
            size = nr + (calls if last >= 0 else 0)
            if d > depth or first_action < 0:
                base = offset[actor, seen_rank(work, d, k, binom, first, stand_in)]
                for b in range(size):
                    sigma[b] = policy[base + hand[actor] * size + b]
                a = _sample(sigma, size)
            if a >= nr:
                actual = match[0, hand[0], last] + match[1, hand[1], last]
                out[i] = sign * payoff[a - nr, actor, last, actual]
                break
            work[d] = raises[row, a]
            d += 1
    return out


@njit(cache=True)
def search_values(seat, hand, history, depth, w, floor, lookahead, k, binom, first, offset, raises, n_raises, calls,
                  match, payoff, policy, stand_in, out):
    """Decision-time search of ``seat`` holding ``hand`` after ``history[:depth]``, the other's hands weighted by
    ``w`` (the belief, summing to 1): into ``out`` the value of each action of the strategy's own (its raises, then
    the calls): each call exactly, each raise the strategy makes with chance at least ``floor`` by the other
    answering by ``policy`` and ``seat`` then taking its best call, or with ``lookahead`` 1 its best of the calls
    and of its own raises valued so again (the strategy's raises: every legal one costs far more and plays bids
    the other's policy has no answer for); -inf for the raises left out. The floor is lowered to the likeliest
    raise's chance where that is below it, so at least one raise is searched. Returns the best action."""
    last = history[depth - 1] if depth > 0 else -1
    row = raises.shape[0] - 1 if last < 0 else last
    nr = n_raises[row]
    size = nr + (calls if last >= 0 else 0)
    base = offset[seat, seen_rank(history, depth, k, binom, first, stand_in)] + hand * size
    scratch = np.zeros((match.shape[2] + 2, calls))
    best = 0
    likeliest = 0.0
    for a in range(size):
        out[a] = -np.inf
        if a < nr and policy[base + a] > likeliest:
            likeliest = policy[base + a]
    floor = min(floor, likeliest)
    if last >= 0:
        _call_values(seat, match[seat, hand, last], last, w, calls, match, payoff, out[nr:])
    for a in range(nr):
        if policy[base + a] >= floor:
            history[depth] = raises[row, a]
            out[a] = _their_answer(seat, hand, history, depth + 1, w, lookahead, k, binom, first, offset, raises,
                                   n_raises, calls, match, payoff, policy, scratch, raises, n_raises, stand_in)
    for a in range(size):
        if out[a] > out[best]:
            best = a
    return best


@njit(cache=True)
def search_choices(seat, history, depth, w, floor, lookahead, k, binom, first, offset, raises, n_raises, calls, match,
                   payoff, policy, stand_in, hands, out):
    """``search_values``' best action for each of ``seat``'s ``hands`` hands, into ``out`` (the belief ``w`` about
    the other does not depend on the searcher's own hand)."""
    values = np.empty(match.shape[2] + 3)
    for h in range(hands):
        out[h] = search_values(seat, h, history, depth, w, floor, lookahead, k, binom, first, offset, raises,
                               n_raises, calls, match, payoff, policy, stand_in, values)
