"""Numba pieces shared by the game solvers' CFR kernels (dice bidding and Brag betting).

Both solvers write their own tree passes (their chance layers differ), but a regret
update is the same arithmetic in each: discount the old regret by the variant's
factor, add the new one, and (CFR+) floor it at zero. Keeping it here means the
two solvers cannot drift apart.
"""

from numba import njit

VANILLA, CFR_PLUS, DISCOUNTED = 0, 1, 2


@njit(cache=True, inline="always")
def discounts(variant, iteration):
    """(factor on positive regrets, factor on negative regrets) before iteration ``iteration``'s update.

    Discounted CFR (Brown & Sandholm 2019) with alpha 1.5, beta 0: positive regrets
    are kept in the share t**1.5 / (t**1.5 + 1) of t = iteration - 1, negative ones
    halved. CFR+ and vanilla CFR keep every regret (CFR+ floors the sum afterwards).
    """
    if variant == DISCOUNTED:
        grown = float(iteration - 1) ** 1.5
        return grown / (grown + 1.0), 0.5
    return 1.0, 1.0


@njit(cache=True, inline="always")
def updated_regret(old, gain, variant, keep_positive, keep_negative):
    """The regret after adding ``gain`` to ``old`` discounted by ``discounts``'s factors."""
    new = old * (keep_positive if old > 0.0 else keep_negative) + gain
    if variant == CFR_PLUS and new < 0.0:
        return 0.0
    return new

