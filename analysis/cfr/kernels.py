"""Numba primitives of CFR shared by every solver: regret matching, the discounted regret update
and the average strategy, on the flat layout every solver uses.

A solver keeps its regrets and strategy sums in flat arrays where one information set's
actions are ``size`` consecutive slots from ``base``. A full-width solver (dice bidding,
Brag) calls these on every row of a tree pass; a sampled one (external-sampling MCCFR) on
the rows it visits. The variant is a schedule array ``[alpha, beta, gamma, floor]``
(``schedule.Schedule.array``); ``SCHEDULES[code]`` is the row of each variant code.
"""

import math

import numpy as np

from analysis.jit import njit
from analysis.cfr.schedule import ALPHA, BETA, CFR_PLUS, DISCOUNTED, FLOOR, GAMMA, LINEAR, VANILLA, VARIANTS

__all__ = ["ALPHA", "BETA", "GAMMA", "FLOOR", "VANILLA", "CFR_PLUS", "DISCOUNTED", "LINEAR", "SCHEDULES",
           "UPDATE", "EVALUATE", "BEST_RESPONSE", "regret_matching", "schedule_discounts", "regret_update",
           "update_regrets", "average_weight", "accumulate_average", "average_row", "average_policy",
           "discounts", "updated_regret", "draw_action"]

#: What a tree pass does: update the traverser's regrets, evaluate a policy, or best-respond to it.
UPDATE, EVALUATE, BEST_RESPONSE = 0, 1, 2
#: The schedule of each variant code, one row per code.
SCHEDULES = np.array([schedule.array for schedule in sorted(VARIANTS.values(), key=lambda s: s.code)])


@njit(cache=True, inline="always")
def regret_matching(regret, base, size, out, at):
    """The policy of one information set from its regrets: each action's positive regret over
    their sum, uniform when none is positive; reads ``regret[base:base + size]``, writes
    ``out[at:at + size]``."""
    total = 0.0
    for a in range(size):
        if regret[base + a] > 0.0:
            total += regret[base + a]
    for a in range(size):
        if total > 0.0:
            out[at + a] = regret[base + a] / total if regret[base + a] > 0.0 else 0.0
        else:
            out[at + a] = 1.0 / size


@njit(cache=True, inline="always")
def _kept(exponent, t):
    """The share t**e / (t**e + 1) of a regret kept; an infinite exponent keeps it all."""
    if exponent == math.inf:
        return 1.0
    grown = float(t) ** exponent
    return grown / (grown + 1.0)


@njit(cache=True, inline="always")
def schedule_discounts(schedule, iteration):
    """(factor on positive regrets, factor on negative regrets) before iteration ``iteration``'s update.

    The factors follow t = iteration - 1 iterations done: t**alpha / (t**alpha + 1) and
    t**beta / (t**beta + 1) (DCFR's alpha 1.5, beta 0 keep t**1.5 / (t**1.5 + 1) of a positive
    regret and half of a negative one).
    """
    t = iteration - 1
    return _kept(schedule[ALPHA], t), _kept(schedule[BETA], t)


@njit(cache=True, inline="always")
def _updated(old, gain, floor, keep_positive, keep_negative):
    new = old * (keep_positive if old > 0.0 else keep_negative) + gain
    if floor and new < 0.0:
        return 0.0
    return new


@njit(cache=True, inline="always")
def regret_update(old, gain, schedule, keep_positive, keep_negative):
    """The regret after adding ``gain`` to ``old`` discounted by ``schedule_discounts``'s factors
    (floored at 0 when the schedule floors, as CFR+ does)."""
    return _updated(old, gain, schedule[FLOOR] != 0.0, keep_positive, keep_negative)


@njit(cache=True, inline="always")
def update_regrets(regret, base, size, values, expected, schedule, keep_positive, keep_negative):
    """One information set's regrets gain each action's value ``values[a]`` less the policy's ``expected``."""
    floor = schedule[FLOOR] != 0.0   # read once: the regrets written could alias the schedule, for all numba knows
    for a in range(size):
        regret[base + a] = _updated(regret[base + a], values[a] - expected, floor, keep_positive, keep_negative)


@njit(cache=True, inline="always")
def average_weight(schedule, iteration):
    """The weight iteration ``iteration``'s strategy carries in the average: iteration**gamma."""
    return float(iteration) ** schedule[GAMMA]


@njit(cache=True, inline="always")
def accumulate_average(strategy_sum, base, size, policy, at, weight):
    """Add ``weight`` (the averaging weight times the player's own reach) times the policy
    ``policy[at:at + size]`` to the strategy sums of one information set."""
    for a in range(size):
        strategy_sum[base + a] += weight * policy[at + a]


@njit(cache=True, inline="always")
def average_row(strategy_sum, base, size, out):
    """The average strategy of one information set: its strategy sums scaled to 1 (uniform if never reached)."""
    total = 0.0
    for a in range(size):
        total += strategy_sum[base + a]
    for a in range(size):
        out[base + a] = strategy_sum[base + a] / total if total > 0.0 else 1.0 / size


@njit(cache=True)
def average_policy(strategy_sum, offset, n_actions, rows, out, row_stride=0):
    """The average strategy of every information set: node n holds ``rows[n]`` of them (one per
    hand its actor can hold; 1 for a blind actor), ``n_actions[n]`` slots each from ``offset[n]``,
    one after the other, or ``row_stride`` slots apart where a layout pads every row to one width."""
    for n in range(offset.size):
        size = n_actions[n]
        step = row_stride if row_stride > 0 else size
        for h in range(rows[n]):
            average_row(strategy_sum, offset[n] + h * step, size, out)


@njit(cache=True, inline="always")
def draw_action(chances, base, size, draw):
    """The action a uniform ``draw`` in [0, 1) picks from the chances ``chances[base:base + size]``: the
    first whose running total passes the draw. Where rounding leaves the total just under the draw, the
    last action with a chance above 0 (never one the policy does not play)."""
    pick = size - 1
    while pick > 0 and chances[base + pick] == 0.0:
        pick -= 1
    run = 0.0
    for a in range(size):
        run += chances[base + a]
        if draw < run:
            return a
    return pick


# The primitives by variant code, as the solvers first wrote them (other solvers import these names).
@njit(cache=True, inline="always")
def discounts(variant, iteration):
    """``schedule_discounts`` for the variant with code ``variant`` (``VANILLA``, ``CFR_PLUS``, ...)."""
    return schedule_discounts(SCHEDULES[variant], iteration)


@njit(cache=True, inline="always")
def updated_regret(old, gain, variant, keep_positive, keep_negative):
    """``regret_update`` for the variant with code ``variant``."""
    return regret_update(old, gain, SCHEDULES[variant], keep_positive, keep_negative)
