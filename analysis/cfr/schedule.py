"""The variants of CFR as parameters of one discount schedule (Brown & Sandholm 2019's DCFR).

Before iteration t + 1 adds its regrets, the regrets so far are multiplied by
t**alpha / (t**alpha + 1) where positive and by t**beta / (t**beta + 1) where negative,
and iteration t's strategy enters the average with weight t**gamma. An exponent of
``inf`` keeps every regret (the factor's limit, written exactly as 1); ``floor`` sets
negative regrets to 0 after each update (regret matching+). Each name users type is
one setting of these four numbers, as in OpenSpiel's DCFR solver:

* ``cfr``: vanilla CFR, nothing discounted, a plain average;
* ``cfr+``: CFR+, regrets floored at 0, the average weighted by t (Tammelin 2014);
* ``dcfr``: discounted CFR with the paper's recommended alpha 1.5, beta 0, gamma 2;
* ``lcfr``: linear CFR, every regret and the average weighted by t (alpha = beta = gamma = 1).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

#: The variant codes (rows of ``kernels.SCHEDULES``), in the order the solvers have always used.
VANILLA, CFR_PLUS, DISCOUNTED, LINEAR = 0, 1, 2, 3
#: Where each parameter sits in a schedule array (what the kernels read).
ALPHA, BETA, GAMMA, FLOOR = 0, 1, 2, 3


@dataclass(frozen=True)
class Schedule:
    """One CFR variant: the regret discounts (alpha, beta), the averaging exponent (gamma), the floor."""

    name: str
    code: int
    alpha: float = math.inf
    beta: float = math.inf
    gamma: float = 0.0
    floor: bool = False

    @property
    def array(self) -> np.ndarray:
        """The parameters as the kernels read them: ``[alpha, beta, gamma, floor]``."""
        return np.array([self.alpha, self.beta, self.gamma, float(self.floor)])


#: name -> schedule, for every solver a user can name (``--solver``).
VARIANTS = {schedule.name: schedule for schedule in (
    Schedule("cfr", VANILLA),
    Schedule("cfr+", CFR_PLUS, gamma=1.0, floor=True),
    Schedule("dcfr", DISCOUNTED, alpha=1.5, beta=0.0, gamma=2.0),
    Schedule("lcfr", LINEAR, alpha=1.0, beta=1.0, gamma=1.0),
)}
