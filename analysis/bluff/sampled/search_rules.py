"""Decision-time search over a stored heads-up solve, written once, in numba's subset.

The searcher values its actions against the exact belief about the other's hand: the calls exactly, each raise
by the other answering by the stored strategy and the searcher then taking its best call (or, one raise
further, its best of the calls and of its own raises valued so again). ``_sampled_eval`` compiles these
functions from this very text, for the local best response, the rounds played on and the benchmarks; one
question at the table (``solution.SampledSolution.search``) calls them as they stand, so no compiler starts.
The layout (windows, offsets, payoffs) is ``_kernels``', one ``layout`` (``kernel_tables.Layout``).
"""

import numpy as np

from analysis.bluff.sampled.memory_rules import seen_rank
from analysis.bluff.sampled.window_rules import actions_at

#: The functions ``_sampled_eval`` compiles (every one a compiled copy calls is among them, ``seen_rank`` or
#: ``actions_at``).
RULES = ("call_values", "evaluate", "my_best", "their_answer", "search_values", "search_choices")


def call_values(seat, mine, last, w, calls, match, payoff, out):
    """Unnormalised value of each call for ``seat`` against the other's hands weighted by ``w``."""
    sign = 1.0 if seat == 0 else -1.0
    actual = mine + match[1 - seat, :w.size, last]
    for c in range(calls):
        # Whole-array steps (quick as plain Python too), summed in order by cumsum, as a loop would: the same
        # value to the last digit whether this runs plain or compiled.
        out[c] = sign * np.cumsum(w * payoff[c, seat, last][actual])[-1]


def evaluate(theirs, seat, hand, history, depth, w, lookahead, layout, policy, scratch, all_raises, all_n):
    """``seat`` holding ``hand``, the other seat's hands weighted by ``w`` (unnormalised), after
    ``history[:depth]``: returns (value, best action). At ``seat``'s turn (``theirs`` False) the value is the best
    of the calls, valued exactly, and, while ``lookahead`` allows one more (or at the opening), of every legal
    raise (``all_raises``), each valued at the other's turn with one raise fewer to look; at the other's turn
    (``theirs`` True) it answers the last bid by ``policy`` on its own (perhaps abstract) raises ``raises``: its
    calls settle the round, each raise is valued at ``seat``'s turn after it, weighted by the other's chance of it.

    Written as a walk over an explicit stack rather than by recursion, so that numba caches it (a fresh process
    at the table would otherwise compile it, seconds). Level ``s`` of the stack is a turn ``depth + s`` deep;
    ``done`` its next action, ``acc`` its value so far (the best, or the running sum), ``weights`` its belief."""
    k, binom, first, offset, raises, n_raises, calls, match, payoff, stand_in = layout
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
            _, row, nr, _ = actions_at(history, d, all_n, calls)
            if done[s] < 0:   # first visit: the calls
                acc[s], choice[s], done[s] = -1e300, -1, 0
                if last >= 0:
                    cv = scratch[d]
                    call_values(seat, match[seat, hand, last], last, weights[s], calls, match, payoff, cv)
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
            size = actions_at(history, d, n_raises, calls)[3]
            nr = size - calls
            if done[s] < 0:   # first visit: the other's calls
                base[s] = offset[other, seen_rank(history, d, k, binom, first, stand_in)]
                actual = match[seat, hand, last] + match[other, :w.size, last]
                terms = np.empty((w.size, calls))
                for c in range(calls):
                    chosen = policy[base[s] + nr + c:base[s] + w.size * size:size]
                    terms[:, c] = weights[s] * chosen * sign * payoff[c, other, last][actual]
                acc[s], done[s] = np.cumsum(terms.ravel())[-1], 0
            pushed = False
            while done[s] < nr and not pushed:   # the next raise the other makes with some chance
                a = done[s]
                done[s] += 1
                weights[s + 1, :] = weights[s] * policy[base[s] + a:base[s] + w.size * size:size]
                if np.any(weights[s + 1] != 0.0):
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


def my_best(seat, hand, history, depth, w, lookahead, layout, policy, scratch, all_raises, all_n):
    """The best unnormalised value of ``seat`` holding ``hand`` to act after ``history[:depth]``, the other
    seat's hands weighted by ``w``: the calls exactly, and the raises while ``lookahead`` allows one more;
    returns (value, best action). ``seat`` may make every legal raise (``all_raises``), the other seat answers by
    ``policy`` on its own (perhaps abstract) raises ``raises``."""
    return evaluate(False, seat, hand, history, depth, w, lookahead, layout, policy, scratch, all_raises, all_n)


def their_answer(seat, hand, history, depth, w, lookahead, layout, policy, scratch, all_raises, all_n):
    """``seat``'s unnormalised value when the other seat answers the last bid of ``history[:depth]`` by
    ``policy`` and ``seat`` then plays ``my_best``."""
    return evaluate(True, seat, hand, history, depth, w, lookahead, layout, policy, scratch, all_raises, all_n)[0]


def search_values(seat, hand, history, depth, w, floor, lookahead, layout, policy, out):
    """Decision-time search of ``seat`` holding ``hand`` after ``history[:depth]``, the other's hands weighted by
    ``w`` (the belief, summing to 1): into ``out`` the value of each action of the strategy's own (its raises, then
    the calls): each call exactly, each raise the strategy makes with chance at least ``floor`` by the other
    answering by ``policy`` and ``seat`` then taking its best call, or with ``lookahead`` 1 its best of the calls
    and of its own raises valued so again (the strategy's raises: every legal one costs far more and plays bids
    the other's policy has no answer for); -inf for the raises left out. The floor is lowered to the likeliest
    raise's chance where that is below it, so at least one raise is searched. Returns the best action."""
    k, binom, first, offset, raises, n_raises, calls, match, payoff, stand_in = layout
    last, row, nr, size = actions_at(history, depth, n_raises, calls)
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
        call_values(seat, match[seat, hand, last], last, w, calls, match, payoff, out[nr:])
    for a in range(nr):
        if policy[base + a] >= floor:
            history[depth] = raises[row, a]
            out[a] = their_answer(seat, hand, history, depth + 1, w, lookahead, layout, policy, scratch, raises,
                                  n_raises)
    for a in range(size):
        if out[a] > out[best]:
            best = a
    return best


def search_choices(seat, history, depth, w, floor, lookahead, layout, policy, hands, out):
    """``search_values``' best action for each of ``seat``'s ``hands`` hands, into ``out`` (the belief ``w`` about
    the other does not depend on the searcher's own hand)."""
    values = np.empty(layout.match.shape[2] + 3)
    for h in range(hands):
        out[h] = search_values(seat, h, history, depth, w, floor, lookahead, layout, policy, values)
