"""Numba kernels of the sampled round solver: external-sampling Monte Carlo CFR on an
imperfect-recall abstraction of a two-player round (see ``solver``).

An information set is (seat, own hand, the last ``k`` bids). The last bids rise along the
track, so they are a set of bid indices, numbered by their rank (``window_rules.window_rank``).
The slot of (seat s, window w, hand h, action a) in the flat strategy arrays is
``offset[s, w] + h * actions + a``, the actions being the raises of the window's last bid in track order, then the calls (the
order of ``_solve_kernels``, so a policy maps onto the exact solver's tree one node at a time).

``payoff[call, caller, bid, actual]`` is the first bidder's payoff; the second bidder's is
its negative. Every random draw comes from numba's generator, seeded by the caller at the
start of each chunk of iterations, so a seed gives the same solve however often it resumes.
"""

import numpy as np

from analysis.jit import njit
from analysis.bluff.sampled import window_rules
from analysis.cfr.kernels import discounts, regret_matching

#: The rank of the last ``k`` bids and the actions after them (``window_rules``), compiled.
window_rank = njit(cache=True)(window_rules.window_rank)
actions_at = njit(cache=True)(window_rules.actions_at)


@njit(cache=True)
def _sample(weights, size):
    u = np.random.random()
    acc = 0.0
    for a in range(size):
        acc += weights[a]
        if u < acc:
            return a
    return size - 1


@njit(cache=False)  # recursive: numba's cache of a recursive function can crash when loaded
def _traverse(traverser, hand, history, depth, k, binom, first, offset, raises, n_raises, calls, match, payoff,
              regret, strategy_sum, sigma, values, explore, bonus, width):
    """External sampling below the node after ``history[:depth]``: the traverser's sampled counterfactual
    value; the traverser's regrets and the other seat's average strategy are updated on the way.

    The traverser tries each raise with chance ``max(explore, (bonus + S_a) / (bonus + S))`` (average strategy
    sampling, Gibson et al. 2012; S the information set's average-strategy sums), weighting what it finds by
    the inverse of that chance, so the sampled values stay unbiased; ``explore >= 1`` tries every raise
    (plain external sampling). ``width > 0`` instead tries each raise with chance ``min(1, width / raises)``, so about
    ``width`` raises a node whatever the strategy (robust sampling, Li et al. 2018): plain external sampling tries every
    raise at every own node, and at 5v5 the visited tree grows with the depth of the round like raises**(bids / 2).
    Calls end the round and are always valued."""
    actor = depth & 1
    last, row, nr, size = actions_at(history, depth, n_raises, calls)
    base = offset[actor, window_rank(history, depth, k, binom, first)] + hand[actor] * size
    own = sigma[depth]
    regret_matching(regret, base, size, own, 0)
    sign = 1.0 if traverser == 0 else -1.0
    if actor != traverser:
        for a in range(size):
            strategy_sum[base + a] += own[a]
        a = _sample(own, size)
        if a >= nr:
            actual = match[0, hand[0], last] + match[1, hand[1], last]
            return sign * payoff[a - nr, actor, last, actual]
        history[depth] = raises[row, a]
        return _traverse(traverser, hand, history, depth + 1, k, binom, first, offset, raises, n_raises, calls,
                         match, payoff, regret, strategy_sum, sigma, values, explore, bonus, width)
    mine = values[depth]
    summed = 0.0
    if explore < 1.0 and width <= 0.0:
        for a in range(size):
            summed += strategy_sum[base + a]
    expected = 0.0
    for a in range(size):
        if a >= nr:
            actual = match[0, hand[0], last] + match[1, hand[1], last]
            mine[a] = sign * payoff[a - nr, actor, last, actual]
        else:
            if width > 0.0:
                chance = width / nr
            elif explore >= 1.0:
                chance = 1.0
            else:
                chance = max(explore, (bonus + strategy_sum[base + a]) / (bonus + summed))
            if chance >= 1.0 or np.random.random() < chance:
                history[depth] = raises[row, a]
                mine[a] = _traverse(traverser, hand, history, depth + 1, k, binom, first, offset, raises, n_raises,
                                    calls, match, payoff, regret, strategy_sum, sigma, values, explore,
                                    bonus, width) / min(chance, 1.0)
            else:
                mine[a] = 0.0
        expected += own[a] * mine[a]
    # Bids only rise, so this information set is not met again below it: ``own`` and its regrets are as
    # they were when matched (other information sets sharing a window sit in other subtrees).
    for a in range(size):
        regret[base + a] += mine[a] - expected
    return expected


@njit(cache=True)
def _draw(cdf):
    u = np.random.random()
    for h in range(cdf.size):
        if u < cdf[h]:
            return h
    return cdf.size - 1


@njit(cache=False)  # recursive: numba's cache of a recursive function can crash when loaded
def run_chunk(seed, iterations, layout, cdf, regret, strategy_sum, explore, bonus, width):
    """``iterations`` external-sampling iterations (each: one traversal per seat, fresh dice), in place;
    returns the mean sampled value of the first bidder's traversals. ``layout``: ``kernel_tables.Layout``."""
    k, binom, first, offset, raises, n_raises, calls, match, payoff = (layout.k, layout.binom, layout.first,
                                                                       layout.offset, layout.raises, layout.n_raises,
                                                                       layout.calls, layout.match, layout.payoff)
    np.random.seed(seed)
    bids = match.shape[2]  # the whole track (an abstraction plays fewer raises a row)
    history = np.zeros(bids + 1, np.int64)
    hand = np.zeros(2, np.int64)
    sigma = np.zeros((bids + 2, bids + 3))
    values = np.zeros((bids + 2, bids + 3))
    total = 0.0
    for _ in range(iterations):
        for traverser in range(2):
            hand[0] = _draw(cdf[0])
            hand[1] = _draw(cdf[1])
            v = _traverse(traverser, hand, history, 0, k, binom, first, offset, raises, n_raises, calls, match,
                          payoff, regret, strategy_sum, sigma, values, explore, bonus, width)
            if traverser == 0:
                total += v
    return total / max(iterations, 1)


@njit(cache=True)
def discount(regret, strategy_sum, period, variant):
    """Discounted CFR's factors applied once per period of iterations (as Pluribus applies linear CFR's):
    positive and negative regrets by ``discounts(variant, period + 1)``, the average by (t / (t + 1))**2."""
    keep_positive, keep_negative = discounts(variant, period + 1)
    keep_sum = (period / (period + 1.0)) ** 2
    for i in range(regret.size):
        regret[i] *= keep_positive if regret[i] > 0.0 else keep_negative
        strategy_sum[i] *= keep_sum
