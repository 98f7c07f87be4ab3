"""The decision-time search's settings (``SampledSolution.search``): which raises it weighs, how far it looks,
where it mixes, and which copy of its functions runs (``search_rules`` as plain Python, or numba's compiled
copies in ``_eval_kernels``)."""

from __future__ import annotations

import sys
from typing import Optional

import numpy as np

from analysis.bluff.sampled import search_rules

#: Decision-time search (``SampledSolution.search``) weighs only the raises the strategy makes with at least this
#: chance: the rest are the ones the solve learned to avoid, and playing them makes the searcher's bids tell more
#: about its hand (measured in docs/bluff_strategy.md).
SEARCH_FLOOR = 0.05
#: From three to this many dice in play the search looks one raise further (its own next raise after the other's
#: answer): much stronger there against the bots; weaker and several times slower beyond, and with one die each no
#: better (weaker in Liar's Dice). Not in Perudo, whose whole games it lost more of (measured in
#: docs/bluff_strategy.md).
SEARCH_DEEPER_DICE = 6


def _search_kernels():
    """The search's functions for one decision: ``search_rules`` as plain Python (a question at the table: no
    compiler starts, where loading numba's copies takes half a second), or their compiled copies where this
    process has loaded them or asked for them (``compiled_search``)."""
    if _SEARCH["compiled"] or _COMPILED_SEARCH in sys.modules:
        # lazy: keeps numba out of a table question's start-up
        from analysis.bluff.sampled import _eval_kernels as _sampled_eval

        return _sampled_eval
    return search_rules


_COMPILED_SEARCH = "analysis.bluff.sampled._eval_kernels"
#: Whether this process searches with the compiled copies from its first search on (``compiled_search``).
_SEARCH = {"compiled": False}


def compiled_search() -> None:
    """Search with numba's compiled copies from now on in this process: what a running server wants. Its first
    search then loads them (half a second) and every later one answers in milliseconds, where the plain text
    takes up to half a second for a search one raise deeper (from three to six dice in play)."""
    _SEARCH["compiled"] = True


def search_lookahead(rules, dice) -> int:
    """How many of its own raises the search looks beyond its next bid in a round of ``dice`` (both counts)."""
    # Perudo is told by its palifico rounds: the one game of the three played with them.
    return 1 if 3 <= sum(dice) <= SEARCH_DEEPER_DICE and not rules.palifico else 0


#: Where the search plays the strategy's own chances over the actions it values within ``SEARCH_MIX`` dice of its
#: best, not its best outright: Perudo's 2v2 round, where its best outright won fewer one-round games against the
#: bayes bot than the strategy alone (44.6% with the three-bid solve, the mix 52.9%). At 3v3 and beyond the best
#: outright wins more rounds, and mixing in Perudo's rounds of three dice in play too lost more whole games
#: (measured in docs/bluff_strategy.md).
SEARCH_MIX = 0.2


def search_mix(rules, dice) -> Optional[float]:
    """The search's margin (dice) for playing the strategy's chances over its near-best actions, or None."""
    return SEARCH_MIX if rules.palifico and tuple(dice) == (2, 2) else None


def draw_action(chances: np.ndarray, rng) -> int:
    """An action drawn from ``chances`` (``SampledSolution.search_policy``'s); a pure choice draws nothing, so where
    the search does not mix, ``rng``'s stream is the same as if it were not there."""
    return int(np.argmax(chances)) if chances.max() == 1.0 else int(rng.choice(chances.size, p=chances))
