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
    "PRESETS": "rules", "BragRules": "rules", "preset": "rules", "CLASS_TITLES": "rules",
    "blind_or_look": "advice", "see_or_bet": "advice", "stay_or_fold": "advice", "see_thresholds": "advice",
    "stay_thresholds": "advice",
    "format_hand": "showdown.cards", "parse_cards": "showdown.cards", "parse_hand": "showdown.cards",
    "parse_hands": "showdown.cards",
    "best_three": "showdown.hands", "compare": "showdown.hands", "describe": "showdown.hands",
    "hand_class": "showdown.hands", "strength": "showdown.hands",
    "frequencies": "showdown.frequencies", "percentile": "showdown.frequencies",
    "percentiles": "showdown.frequencies",
    "Equity": "showdown.equity", "equity": "showdown.equity", "equity_table": "showdown.equity",
    "range_mask": "showdown.equity", "two_opponent_table": "showdown.equity",
    "BettingTree": "headsup.betting", "betting_tree": "headsup.betting",
    "Showdowns": "headsup.solve", "Solution": "headsup.solve", "StrengthPairs": "headsup.solve",
    "showdowns": "headsup.solve", "solve": "headsup.solve", "strength_pairs": "headsup.solve",
    "Advice": "headsup.strategy", "action_share": "headsup.strategy", "blind_play": "headsup.strategy",
    "bluff_table": "headsup.strategy", "class_summary": "headsup.strategy", "decision_table": "headsup.strategy",
    "strategy": "headsup.strategy", "weakest_seeing_hand": "headsup.strategy",
    "HABITS": "headsup.habits", "habit_costs": "headsup.habits",
    "solve_multi": "multi.solve", "multi_tree": "multi.solve",
    "multi_strategy": "multi.strategy",
    "Deal": "table.deal",
    "session": "table.session", "Session": "table.session", "long_session": "table.session",
    "deck_memory": "table.deck", "next_hand_classes": "table.deck",
    "blind_value": "table.values", "kept_hand_value": "table.values", "cover_value": "table.values",
    "stay_against_solve": "table.against_solve",
}

__all__ = sorted(_HOME)


__getattr__, __dir__ = lazy_package(__name__, _HOME)
