"""The fit's one kernel: the log chance of every logged decision under the bidding model, summed.

Each decision's chances are the model's own (``model_rules.raise_weights`` and ``chances_from_weights``,
compiled by ``_model_kernels``), so the fit reads the very rule the bots play by; this module only loops
over the decisions of one round's tables.
"""

import math

import numpy as np

from analysis.jit import njit
from analysis.bluff.model._kernels import chances_from_weights, raise_weights

#: The least chance a decision counts for: an action the parameters make impossible (no bluffing, yet a
#: bluff) costs log(1e-300), not -inf, so that the optimiser's finite differences stay finite.
FLOOR = 1e-300


@njit(cache=True)
def log_chances(hands, held, previous, chosen, low, in_play, pal, belief, rules):
    """The sum over decisions ``i`` of log P(action ``chosen[i]`` | hand ``hands[i]`` of ``held[i]`` dice, bid
    ``previous[i]`` to answer), every decision on the same round tables ``rules`` (``kernel_tables.RuleTables``)
    under the model ``belief`` (rationality, bluff rate, call bias, jump cost); only bids from ``low[i]`` (the
    first legal raise) can be raised to."""
    bids = rules.bid_count.size
    weights = np.zeros(bids)
    chances = np.zeros(bids + 2)
    total = 0.0
    for i in range(hands.shape[0]):
        raise_weights(hands[i], held[i], in_play, pal, belief, rules, low[i], bids, weights)
        chances_from_weights(hands[i], held[i], in_play, previous[i], pal, belief, weights, rules, low[i], bids,
                             chances)
        total += math.log(max(chances[chosen[i]], FLOOR))
    return total
