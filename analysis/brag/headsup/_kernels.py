"""Numba kernels of the heads-up betting solver: the joint deal, CFR passes and best response.

The game is described by plain arrays (see ``betting.py`` and ``solve.py``): a public
tree (children after parents), the actor of each decision and whether the actor is
blind, terminal payoffs for player 0 by showdown outcome, and the joint chance of
the two players' hand strengths ``chance[i, j]`` (player 0 holds strength class i,
player 1 class j; exact with card removal). A player's information set is (node,
own class) once the player has looked, and (node) alone while blind.

Values are counterfactual: ``value[n, i]`` is the traverser's payoff summed over
deals where the traverser holds class i, weighted by the chance of the deal and
the opponent's reach, so a terminal needs ``sum_j chance[i, j] * reach[j]`` (all
opponent hands) and the same sum over weaker classes only. ``showdown_sums`` gives
both for every terminal at once without the chance matrix: by inclusion-exclusion
over the cards the two hands could share (see its docstring), which is what makes
an iteration cheap and lets Four Card Brag's 5,222 strengths fit.

Strategy arrays are flat: the slot of (node n, row h, action a) is
``offset[n] + h * n_actions[n] + a``, where h is the class for an open actor and 0
for a blind one.
"""

import numpy as np

from analysis.jit import njit
from analysis.cfr.kernels import (BEST_RESPONSE, UPDATE, accumulate_average, regret_matching, regret_update,
                                  schedule_discounts, update_regrets)

WIN, LOSE, TIE = 0, 1, 2


@njit(cache=True)
def pair_counts(masks, classes, n_classes):
    """Deals of two disjoint hands by (first hand's class, second hand's class).

    ``masks[h]`` has bit c set when hand h holds card c; ``classes[h]`` is its strength
    class. Every ordered pair of hands that share no card is one deal.
    """
    counts = np.zeros((n_classes, n_classes), np.int64)
    n = masks.size
    for a in range(n):
        mask_a = masks[a]
        class_a = classes[a]
        for b in range(a + 1, n):
            if mask_a & masks[b] == 0:
                counts[class_a, classes[b]] += 1
    # Each unordered pair was counted once, in one orientation.
    return counts + counts.T


@njit(cache=True)
def forward(policy, regret, matching, tree, reach, traverser, weight, strategy_sum):
    """Each player's probability of playing to every node, per own class (chance left out).

    With ``matching`` the policy is first set from ``regret`` by regret matching. The
    traverser's strategy sums gain ``weight * own reach * policy`` on the way. ``tree``:
    ``kernel_tables.TreeArrays``.
    """
    actor, blind, child_start, n_actions, offset, classes = tree
    reach[:, 0, :] = 1.0
    for n in range(actor.size):
        size = n_actions[n]
        if size == 0:
            continue
        p = actor[n]
        rows = 1 if blind[n] else classes
        if matching:
            for h in range(rows):
                regret_matching(regret, offset[n] + h * size, size, policy, offset[n] + h * size)
        if p == traverser:
            for h in range(rows):
                own = weight * reach[p, n, h]
                if own != 0.0:
                    accumulate_average(strategy_sum, offset[n] + h * size, size, policy, offset[n] + h * size, own)
        for a in range(size):
            c = child_start[n] + a
            reach[1 - p, c, :] = reach[1 - p, n, :]
            for i in range(classes):
                h = 0 if blind[n] else i
                reach[p, c, i] = reach[p, n, i] * policy[offset[n] + h * size + a]


@njit(cache=True)
def backward(mode, traverser, iteration, schedule, policy, regret, tree, terminals, products, reach, value):
    """Counterfactual values of ``traverser`` at every node, leaves first; returns the expected value.

    ``mode``: UPDATE also updates the traverser's regrets (CFR), EVALUATE only
    evaluates ``policy``, BEST_RESPONSE takes the best action in every information
    set of the traverser. At a terminal the opponent's reach is either a row of
    ``products`` (all classes, then the weaker classes: ``[F | W]``), or, where the
    opponent is still blind (reach the same for every class), a multiple of the
    chance matrix's row sums. ``tree``, ``terminals``: ``kernel_tables.TreeArrays`` and ``TerminalArrays``.
    """
    actor, blind, child_start, n_actions, offset, classes = tree
    payoff, source_row, opponent_blind, row_sums, lower_sums, diagonal = terminals
    me = traverser
    other = 1 - me
    action_value = np.zeros((n_actions.max(), classes))
    keep_positive, keep_negative = schedule_discounts(schedule, iteration)
    for n in range(actor.size - 1, -1, -1):
        size = n_actions[n]
        if size == 0:
            win, lose, tie = payoff[n, WIN], payoff[n, LOSE], payoff[n, TIE]
            if me == 1:  # player 1 wins when player 0 loses; values in player 1's chips
                win, lose, tie = -lose, -win, -tie
            row = source_row[me, n]
            for i in range(classes):
                r = reach[other, n, i]
                if opponent_blind[me, n]:
                    every = r * row_sums[i]
                    weaker = r * lower_sums[i]
                else:
                    every = products[row, i]
                    weaker = products[row, classes + i]
                equal = diagonal[i] * r
                value[n, i] = win * weaker + lose * (every - weaker - equal) + tie * equal
            continue
        first = child_start[n]
        if actor[n] != me:
            for i in range(classes):
                total = 0.0
                for a in range(size):
                    total += value[first + a, i]
                value[n, i] = total
            continue
        for a in range(size):
            for i in range(classes):
                action_value[a, i] = value[first + a, i]
        if blind[n]:
            # One information set for every class: compare actions on their sums.
            base = offset[n]
            if mode == BEST_RESPONSE:
                best, best_total = 0, -1e300
                for a in range(size):
                    total = 0.0
                    for i in range(classes):
                        total += action_value[a, i]
                    if total > best_total:
                        best, best_total = a, total
                for i in range(classes):
                    value[n, i] = action_value[best, i]
                continue
            expected_total = 0.0
            for i in range(classes):
                expected = 0.0
                for a in range(size):
                    expected += policy[base + a] * action_value[a, i]
                value[n, i] = expected
                expected_total += expected
            if mode == UPDATE:
                for a in range(size):
                    total = 0.0
                    for i in range(classes):
                        total += action_value[a, i]
                    regret[base + a] = regret_update(regret[base + a], total - expected_total, schedule,
                                                     keep_positive, keep_negative)
            continue
        for i in range(classes):
            base = offset[n] + i * size
            if mode == BEST_RESPONSE:
                best = action_value[0, i]
                for a in range(1, size):
                    if action_value[a, i] > best:
                        best = action_value[a, i]
                value[n, i] = best
                continue
            expected = 0.0
            for a in range(size):
                expected += policy[base + a] * action_value[a, i]
            value[n, i] = expected
            if mode == UPDATE:
                update_regrets(regret, base, size, action_value[:, i], expected, schedule, keep_positive,
                               keep_negative)
    total = 0.0
    for i in range(classes):
        total += value[0, i]
    return total


@njit(cache=True)
def gather(reach, other, sources, rows):
    """``rows[k] = reach[other, sources[k]]``: the opponent's reach at the nodes the terminals read."""
    for k in range(sources.size):
        rows[k, :] = reach[other, sources[k], :]


@njit(cache=True)
def showdown_sums(starts, subset, count, signed, self_sign, hands, reach, subsets, inclusive, out):
    """For each strength class i and each reach vector r (a column of ``reach``, shape (S, k)):
    ``out[i] += sum_j deals(i, j) * r[j]`` and ``out[S + i] += sum_{j < i} deals(i, j) * r[j]``
    (``j <= i`` when ``inclusive``), where deals(i, j) counts the pairs of disjoint hands of
    classes i and j.

    Hands of class j that share no card with a hand h are, by inclusion-exclusion over
    the card subsets of h (the empty set, each card, each pair, each triple...), the
    hands of class j, minus those holding each card of h, plus those holding each pair...
    Summed over the hands of class i this needs, per class, only each card subset its
    hands contain and how many of them do: ``count[e]`` for the subset ``subset[e]``
    (entries ``starts[i]`` to ``starts[i + 1]`` of class i; ``signed[e]`` is the count with
    the sign of inclusion-exclusion). Walking the classes in strength order with running
    sums of ``count * r`` per subset gives the weaker-hand sums; the totals at the end give
    the sums over all hands. The full k-card subset is the hand itself (sign ``self_sign``,
    ``hands[i]`` hands of class i). Vectors run along the last axis so the inner loops
    are contiguous.
    """
    classes, k = reach.shape
    running = np.zeros((subsets, k))
    for i in range(classes):
        lo, hi = starts[i], starts[i + 1]
        if inclusive:
            for e in range(lo, hi):
                for r in range(k):
                    running[subset[e], r] += count[e] * reach[i, r]
        for e in range(lo, hi):
            for r in range(k):
                out[classes + i, r] += signed[e] * running[subset[e], r]
        if not inclusive:
            for e in range(lo, hi):
                for r in range(k):
                    running[subset[e], r] += count[e] * reach[i, r]
    for i in range(classes):
        for e in range(starts[i], starts[i + 1]):
            for r in range(k):
                out[i, r] += signed[e] * running[subset[e], r]
        for r in range(k):
            out[i, r] += self_sign * hands[i] * reach[i, r]
            if inclusive:
                out[classes + i, r] += self_sign * hands[i] * reach[i, r]
