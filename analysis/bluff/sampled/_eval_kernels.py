"""Numba kernels that read a solved abstract round (``solution``): the policy written onto the exact
solver's tree, a sampled local best response, rounds played on from a decision, and the decision-time search
(``search_rules``' text, compiled).

The layout (windows, offsets, payoffs) is the one of ``_kernels``, one ``layout`` (``kernel_tables.Layout``);
these kernels read a solve and never build one.
"""

import numpy as np

from analysis.bluff.sampled import memory_rules

from analysis.bluff.sampled import search_rules
from analysis.bluff.sampled._kernels import _draw, _sample, actions_at, window_rank
from analysis.jit import compile_rules, njit

#: The rank of the bids as a player's memory keeps them (``memory_rules``), compiled.
kept_earlier, seen_rank = compile_rules(memory_rules, "kept_earlier", "seen_rank", calls={"window_rank": window_rank})
#: The decision-time search (``search_rules``), compiled from that text.
call_values, evaluate, my_best, their_answer, search_values, search_choices = compile_rules(
    search_rules, *search_rules.RULES, calls={"seen_rank": seen_rank, "actions_at": actions_at})


@njit(cache=True)
def expand(policy, layout, n_actions_of_window, action_of, tree, out):
    """The abstract ``policy`` (on ``layout``, ``n_actions_of_window`` actions a window) written onto the exact
    solver's tree ``tree`` (``solve.RoundGame.kernel_arrays``): each node takes the rows of its window of the
    last ``k`` bids (as ``seen_rank`` remembers them); a raise the abstraction does not play (``action_of`` -1)
    gets 0."""
    k, binom, first, offset, abstract_raises, stand_in = (layout.k, layout.binom, layout.first, layout.offset,
                                                          layout.n_raises, layout.stand_in)
    last, actor, child_start, n_raises, n_actions, tree_offset, hands = (tree.last, tree.actor, tree.child_start,
                                                                        tree.n_raises, tree.n_actions, tree.offset,
                                                                        tree.hands)
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
def local_best_response(seed, games, seat, lookahead, layout, cdf, chance, policy, all_raises, all_n):
    """Payoffs of ``games`` sampled rounds in which ``seat`` plays a local best response to ``policy``: at each
    of its turns the exact belief about the other's hand (Bayes on the other's policy along the round) and a
    search of ``lookahead`` own raises ahead (the calls valued exactly, the other answering by ``policy``).
    With a lookahead reaching the end of the round this is an exact best response."""
    k, binom, first, offset, raises, n_raises, calls, match, payoff, stand_in = layout
    np.random.seed(seed)
    other = 1 - seat
    bids = match.shape[2]  # the whole track (an abstraction plays fewer raises a row)
    history = np.zeros(bids + 1, np.int64)
    scratch = np.zeros((bids + 2, calls))
    # The other's hands only (every one has a chance above 0; the rows are padded to the larger seat's count): the
    # search reads the other's policy rows a whole belief at a time.
    hands_other = np.count_nonzero(chance[other])
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
            last, row, nr, size = actions_at(history, depth, all_n if actor == seat else n_raises, calls)
            if actor == seat:
                a = my_best(seat, hand[seat], history, depth, w, lookahead, layout, policy, scratch, all_raises,
                            all_n)[1]
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
def play_out(seed, games, hand_me, seat, history, depth, weights, layout, policy, first_action):
    """Payoffs to ``seat`` (holding ``hand_me``) of ``games`` rounds continued from ``history[:depth]`` with
    ``seat`` taking ``first_action`` (-1: drawn from ``policy`` too) and both seats then following ``policy``; the
    other's hand is drawn from
    ``weights`` (the belief, summing to 1)."""
    k, binom, first, offset, raises, n_raises, calls, match, payoff, stand_in = layout
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
            last, row, nr, size = actions_at(work, d, n_raises, calls)
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
