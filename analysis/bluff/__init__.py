"""Dice bidding: Bluff, Perudo and Liar's Dice.

>>> from analysis.bluff import preset, parse_dice, parse_bid, bid_odds
>>> rules = preset("bluff")
>>> round(bid_odds(rules, parse_dice(rules, "3 3 * 5 1"), 13, parse_bid(rules, "*3")).p_true, 4)
0.6635

Every name in ``__all__`` is imported from its module when first used, so a question at the
table (``odds bluff call``) loads only the modules it needs, not the bidding model, the
tournament or the solvers.
"""

from analysis._lazy import lazy_package

#: Each public name and the module that defines it.
_HOMES = {
    "analysis.bluff.rules": ("BLUFF", "LIARS_DICE", "PERUDO", "PRESETS", "BiddingRules", "preset"),
    "analysis.bluff.bids": ("Bid", "parse_bid", "parse_dice", "format_bid", "format_dice", "is_raise", "check_raise",
                            "legal_raises", "all_bids", "track_key"),
    "analysis.bluff.odds.bid_odds": ("BidOdds", "bid_odds", "odds_table"),
    "analysis.bluff.odds.outcomes": ("CallOutcome", "challenge_outcome"),
    "analysis.bluff.odds.advice": ("CallAdvice", "advise_call"),
    "analysis.bluff.model.history_advice": ("HistoryAdvice",),
    "analysis.bluff.odds.simulate": ("SimulatedBid", "simulate_bid"),
    "analysis.bluff.model.params": ("THRESHOLD_TABLE", "BiddingModel", "parse_models"),
    "analysis.bluff.model.bidding": ("action_probabilities",),
    "analysis.bluff.history": ("Turn", "parse_history"),
    "analysis.bluff.model.beliefs": ("Beliefs", "beliefs"),
    "analysis.bluff.odds.rollout": ("PlayedOut", "play_out", "rule_against_rollouts"),
    "analysis.bluff.model.rounds_log": ("read_log",),
    "analysis.bluff.model.fit": ("ModelFit", "fit_log"),
    "analysis.bluff.model.calibration": ("Calibration", "calibration"),
    "analysis.bluff.model.log_stats": ("losses_by_cause", "challenged_bids", "leader_wins"),
    "analysis.bluff.exact.solve": ("RoundSolution", "solve_round", "opening_table", "strategy_table",
                                   "response_table", "endgame_play"),
    "analysis.bluff.exact.game_value": ("GameValue", "game_value"),
    "analysis.bluff.sampled.solution": ("SampledSolution",),
    "analysis.bluff.sampled.solver": ("solve_sampled",),
    "analysis.bluff.play.decision": ("Decision", "decide", "opening_bids"),
    "analysis.bluff.play.tournament": ("run_tournament", "run_sweep", "bot_grid"),
}
_HOME = {name: module[len(__name__) + 1:] for module, names in _HOMES.items() for name in names}

__all__ = sorted(_HOME)

__getattr__, __dir__ = lazy_package(__name__, _HOME)
