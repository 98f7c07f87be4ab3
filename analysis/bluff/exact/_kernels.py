"""Numba kernels of the round solver: counterfactual regret minimisation on the public bid tree.

A two-player round is encoded as plain arrays (see ``solve.py``): the *public
tree* has one node per bid history (bids only rise, so a history is a set of
bids and the tree is finite); node 0 is the opening, and every node lists its
children contiguously, after its parent (breadth-first order). A player's
information set is (own hand, node), so every quantity below is a vector over
the hands of one player at one node. Each pass is a forward sweep over the
nodes (reach probabilities) and a backward sweep (counterfactual values), with
the showdown of a call evaluated in O(hands + hands x dice) by grouping the
opponent's reach by how many of their dice count for the bid.

Strategy arrays are flat: the slot of (node n, hand h, action a) is
``offset[n] + h * n_actions[n] + a``; actions are the raises in track order,
then the challenge, then the exact call (when the preset has one).
"""

import numpy as np

from analysis.cfr.kernels import (BEST_RESPONSE, EVALUATE, SCHEDULES, UPDATE, VANILLA, accumulate_average,
                                  average_weight, regret_matching, schedule_discounts, update_regrets)
from analysis.bluff.exact import bid_tree_rules
from analysis.jit import compile_rules, njit


build_tree, = compile_rules(bid_tree_rules, "build_tree")     # the tree's text: bid_tree_rules.py


@njit(cache=True)
def forward(policy, regret, game, reach, unreached, traverser, weight, strategy_sum):
    """Each player's probability of playing to every node, per own hand (chance left out).

    ``unreached[q, n]`` marks nodes that player q never plays to (every hand's reach 0);
    their reach rows are left stale and never read. When ``regret`` is given, the
    policy of every node someone plays to is first set by regret matching (nodes
    nobody reaches keep a stale policy that nothing reads). With ``traverser >= 0`` the
    traverser's average-strategy sums gain ``weight * reach * policy`` on the way. ``game``:
    ``kernel_tables.RoundArrays``.
    """
    actor, child_start, n_raises, n_actions, offset, hands = (game.actor, game.child_start, game.n_raises,
                                                              game.n_actions, game.offset, game.hands)
    reach[:, 0, :] = 1.0
    unreached[:, 0] = False
    matching = regret.size > 0
    for n in range(actor.size):
        p = actor[n]
        size = n_actions[n]
        if unreached[0, n] and unreached[1, n]:
            for r in range(n_raises[n]):
                unreached[0, child_start[n] + r] = True
                unreached[1, child_start[n] + r] = True
            continue
        if matching:
            for h in range(hands[p]):
                regret_matching(regret, offset[n] + h * size, size, policy, offset[n] + h * size)
        if p == traverser and not unreached[p, n]:
            for h in range(hands[p]):
                own = weight * reach[p, n, h]
                if own != 0.0:
                    accumulate_average(strategy_sum, offset[n] + h * size, size, policy, offset[n] + h * size, own)
        for r in range(n_raises[n]):
            c = child_start[n] + r
            for q in range(2):
                unreached[q, c] = unreached[q, n]
                if unreached[q, n]:
                    continue
                if q != p:
                    for h in range(hands[q]):
                        reach[q, c, h] = reach[q, n, h]
                    continue
                anyone = False
                for h in range(hands[q]):
                    x = reach[q, n, h] * policy[offset[n] + h * size + r]
                    reach[q, c, h] = x
                    if x != 0.0:
                        anyone = True
                unreached[q, c] = not anyone


@njit(cache=True)
def backward(mode, traverser, iteration, schedule, policy, regret, game, reach, unreached, value):
    """Counterfactual values of ``traverser`` at every node, leaves first; returns the expected value.

    ``mode``: UPDATE also updates the traverser's regrets and strategy sums (CFR),
    EVALUATE only evaluates ``policy``, BEST_RESPONSE takes the best action in every
    one of the traverser's information sets. ``payoff[call, caller, bid, actual]`` is
    the first bidder's payoff; the second bidder's is its negative (a constant-sum
    payoff such as a win probability only shifts every value by a constant).

    Where the opponent never plays to a node, every counterfactual value below it is
    exactly 0 and its regrets would gain exactly 0, so the subtree is skipped (for
    discounted CFR this also skips that iteration's discount there). ``game``: ``kernel_tables.RoundArrays``.
    """
    last, actor, child_start, n_raises, n_actions, offset, hands, dice, chance, match, payoff = game
    me = traverser
    other = 1 - traverser
    sign = 1.0 if me == 0 else -1.0
    my_hands = hands[me]
    their_hands = hands[other]
    calls = payoff.shape[0]
    grouped = np.zeros(dice[other] + 1)
    showdown = np.zeros((calls, my_hands))
    action_value = np.zeros(n_actions.max())
    keep_positive, keep_negative = schedule_discounts(schedule, iteration)
    for n in range(actor.size - 1, -1, -1):
        if unreached[other, n]:
            continue  # its values are 0; parents read them as 0 without touching the row
        p = actor[n]
        size = n_actions[n]
        raises = n_raises[n]
        base = offset[n]
        bid = last[n]
        if bid >= 0:
            for call in range(calls):
                grouped[:] = 0.0
                for g in range(their_hands):
                    weight_g = chance[other, g] * reach[other, n, g]
                    if p == other:
                        weight_g *= policy[base + g * size + raises + call]
                    grouped[match[other, g, bid]] += weight_g
                for h in range(my_hands):
                    total = 0.0
                    mine = match[me, h, bid]
                    for m in range(dice[other] + 1):
                        total += grouped[m] * payoff[call, p, bid, mine + m]
                    showdown[call, h] = sign * total
        for h in range(my_hands):
            if p != me:
                total = 0.0
                for r in range(raises):
                    c = child_start[n] + r
                    if not unreached[other, c]:
                        total += value[c, h]
                if bid >= 0:
                    for call in range(calls):
                        total += showdown[call, h]
                value[n, h] = total
                continue
            for r in range(raises):
                c = child_start[n] + r
                action_value[r] = 0.0 if unreached[other, c] else value[c, h]
            if bid >= 0:
                for call in range(calls):
                    action_value[raises + call] = showdown[call, h]
            slot = base + h * size
            if mode == BEST_RESPONSE:
                best = action_value[0]
                for a in range(1, size):
                    if action_value[a] > best:
                        best = action_value[a]
                value[n, h] = best
                continue
            expected = 0.0
            for a in range(size):
                expected += policy[slot + a] * action_value[a]
            value[n, h] = expected
            if mode == UPDATE:
                update_regrets(regret, slot, size, action_value, expected, schedule, keep_positive, keep_negative)
    total = 0.0
    for h in range(my_hands):
        total += chance[me, h] * value[0, h]
    return total


@njit(cache=True)
def run_cfr(first_iteration, iterations, schedule, regret, strategy_sum, game):
    """``iterations`` CFR iterations with alternating updates (first bidder, then second), in place,
    discounted and averaged by ``schedule`` (``analysis.cfr.schedule``); ``game``: ``kernel_tables.RoundArrays``."""
    nodes = game.actor.size
    hands = game.hands
    reach = np.empty((2, nodes, hands.max()))
    unreached = np.zeros((2, nodes), np.bool_)
    value = np.empty((nodes, hands.max()))
    policy = np.empty(regret.size)
    for t in range(first_iteration, first_iteration + iterations):
        weight = average_weight(schedule, t)
        for traverser in range(2):
            forward(policy, regret, game, reach, unreached, traverser, weight, strategy_sum)
            backward(UPDATE, traverser, t, schedule, policy, regret, game, reach, unreached, value)


@njit(cache=True)
def evaluate(policy, game):
    """(value for the first bidder, best-response value of each player) against ``policy`` on ``game``
    (``kernel_tables.RoundArrays``).

    Best-response values are in each player's own sign convention, so their sum is
    the NashConv (0 exactly at an equilibrium).
    """
    nodes = game.actor.size
    hands = game.hands
    reach = np.empty((2, nodes, hands.max()))
    unreached = np.zeros((2, nodes), np.bool_)
    value = np.empty((nodes, hands.max()))
    dummy = np.empty(0)
    forward(policy, dummy, game, reach, unreached, -1, 0.0, dummy)
    vanilla = SCHEDULES[VANILLA]
    first = backward(EVALUATE, 0, 1, vanilla, policy, dummy, game, reach, unreached, value)
    best0 = backward(BEST_RESPONSE, 0, 1, vanilla, policy, dummy, game, reach, unreached, value)
    best1 = backward(BEST_RESPONSE, 1, 1, vanilla, policy, dummy, game, reach, unreached, value)
    return first, best0, best1
