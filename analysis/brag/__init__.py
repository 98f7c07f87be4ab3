"""Brag: Three Card Brag, Four Card Brag and Teen Patti (rules as implemented: docs/rules.md).

Hand strengths from numba kernels, exact class frequencies, exact heads-up and
two-opponent equity with card removal (Monte Carlo with an error bar beyond),
equity against a range, and expected-value calculators for staying, seeing and
playing blind.

>>> from analysis.brag import equity
>>> print(equity("QS QD 4C", opponents=1).win > 0.8)
True
"""

from analysis.brag.advice import blind_or_look, see_or_bet, stay_or_fold
from analysis.brag.cards import format_hand, parse_cards, parse_hand, parse_hands
from analysis.brag.equity import Equity, equity, equity_table, range_mask
from analysis.brag.frequencies import frequencies, percentile, percentiles
from analysis.brag.hands import best_three, compare, describe, hand_class, strength
from analysis.brag.rules import PRESETS, BragRules, preset

__all__ = [
    "BragRules", "PRESETS", "preset",
    "parse_cards", "parse_hand", "parse_hands", "format_hand",
    "strength", "hand_class", "best_three", "describe", "compare",
    "frequencies", "percentile", "percentiles",
    "Equity", "equity", "equity_table", "range_mask",
    "stay_or_fold", "see_or_bet", "blind_or_look",
]
