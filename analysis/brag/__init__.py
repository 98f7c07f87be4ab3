"""Brag: Three Card Brag, Four Card Brag and Teen Patti (rules as implemented: docs/rules.md).

Hand strengths from numba kernels, exact class frequencies, exact heads-up and
two-opponent equity with card removal (Monte Carlo with an error bar beyond),
equity against a range, expected-value calculators for staying, seeing and
playing blind, and heads-up betting solved as an extensive-form game (blind play,
raises, sees): equilibrium, exact exploitability, strategy tables, habits' costs.

>>> from analysis.brag import equity
>>> print(equity("brag3", "QS QD 4C", opponents=1).win > 0.8)
True
"""

from analysis._lazy import lazy_package

# Each name is imported on first use, so that a question answered from a stored table
# (``odds brag strategy``, ``odds brag equity``) loads only the modules it needs.
_HOME = {
    "blind_or_look": "advice", "see_or_bet": "advice", "stay_or_fold": "advice", "see_thresholds": "advice",
    "stay_thresholds": "advice",
    "BettingTree": "betting", "betting_tree": "betting",
    "format_hand": "cards", "parse_cards": "cards", "parse_hand": "cards", "parse_hands": "cards",
    "Equity": "equity", "equity": "equity", "equity_table": "equity", "range_mask": "equity",
    "two_opponent_table": "equity",
    "frequencies": "frequencies", "percentile": "frequencies", "percentiles": "frequencies",
    "best_three": "hands", "compare": "hands", "describe": "hands", "hand_class": "hands", "strength": "hands",
    "HABITS": "habits", "habit_costs": "habits",
    "PRESETS": "rules", "BragRules": "rules", "preset": "rules", "CLASS_TITLES": "rules",
    "Showdowns": "solve", "Solution": "solve", "StrengthPairs": "solve", "showdowns": "solve", "solve": "solve",
    "strength_pairs": "solve",
    "Deal": "deal", "session": "session", "Session": "session", "long_session": "session", "deck_memory": "deck",
    "stay_against_solve": "against_solve", "blind_value": "values", "kept_hand_value": "values",
    "cover_value": "values",
    "next_hand_classes": "deck", "solve_multi": "multi", "multi_tree": "multi", "multi_strategy": "multi_strategy",
    "Advice": "strategy", "action_share": "strategy", "blind_play": "strategy", "bluff_table": "strategy",
    "class_summary": "strategy",
    "decision_table": "strategy", "strategy": "strategy", "weakest_seeing_hand": "strategy",
}

__all__ = sorted(_HOME)


__getattr__, __dir__ = lazy_package(__name__, _HOME)
