"""One CFR core for every game's solver: the variants' schedule, the numba primitives, the outer
loop, the full-width two-player driver and the settings check.

* ``schedule``: each variant a user names (``cfr``, ``cfr+``, ``dcfr``, ``lcfr``) as one setting
  of DCFR's parameters (alpha, beta, gamma) and the regret floor;
* ``kernels``: numba primitives on an information set's row of the flat arrays (regret
  matching, the discounted regret update, the averaging weight and the average), shared by
  the full-width and the sampled solvers; imported only where a solve runs (it loads numba);
* ``loop``: the outer loop (chunks, checks, stopping rule, progress, timing, history);
* ``two_player``: full-width CFR on a game that supplies its tree passes;
* ``multi_player``: external-sampling MCCFR for any number of players over a game given as arrays
  (``_multi_kernels``; ``kuhn``: N-player Kuhn poker in that form);
* ``checks``: one check of the solver settings, with one set of limits and messages.

A game supplies its tree, chance and payoffs, and its passes over the tree written with the
primitives; docs/api.md describes the contract. Import the names from their modules
(``from analysis.cfr.two_player import solve``).
"""
