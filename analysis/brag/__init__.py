"""Brag: Three Card Brag, Four Card Brag and Teen Patti (rules as implemented: docs/rules.md).

Hand strengths from numba kernels, exact class frequencies, exact heads-up and
two-opponent equity with card removal (Monte Carlo with an error bar beyond),
equity against a range, expected-value calculators for staying, seeing and
playing blind, and heads-up betting solved as an extensive-form game (blind play,
raises, sees): equilibrium, exact exploitability, strategy tables, habits' costs.

>>> from analysis.brag import equity
>>> print(equity("QS QD 4C", opponents=1).win > 0.8)
True
"""

from analysis.brag.advice import blind_or_look, see_or_bet, stay_or_fold
from analysis.brag.betting import BettingTree, betting_tree
from analysis.brag.cards import format_hand, parse_cards, parse_hand, parse_hands
from analysis.brag.equity import Equity, equity, equity_table, range_mask
from analysis.brag.frequencies import frequencies, percentile, percentiles
from analysis.brag.hands import best_three, compare, describe, hand_class, strength
from analysis.brag.habits import HABITS, habit_costs
from analysis.brag.rules import PRESETS, BragRules, preset
from analysis.brag.solve import Showdowns, Solution, StrengthPairs, showdowns, solve, strength_pairs
from analysis.brag.strategy import (Advice, blind_play, bluff_table, class_summary, decision_table, strategy,
                                    weakest_seeing_hand)

__all__ = [
    "BragRules", "PRESETS", "preset",
    "parse_cards", "parse_hand", "parse_hands", "format_hand",
    "strength", "hand_class", "best_three", "describe", "compare",
    "frequencies", "percentile", "percentiles",
    "Equity", "equity", "equity_table", "range_mask",
    "stay_or_fold", "see_or_bet", "blind_or_look",
    "BettingTree", "betting_tree", "StrengthPairs", "strength_pairs", "Showdowns", "showdowns", "Solution", "solve",
    "Advice", "strategy", "decision_table", "class_summary", "bluff_table", "blind_play", "weakest_seeing_hand",
    "HABITS", "habit_costs",
]
