"""Dice bidding: Bluff, Perudo and Liar's Dice.

>>> from analysis.bluff import preset, parse_dice, parse_bid, bid_odds
>>> rules = preset("bluff")
>>> round(bid_odds(rules, parse_dice(rules, "3 3 * 5 1"), 13, parse_bid(rules, "*3")).p_true, 4)
0.6635

Every name in ``__all__`` is imported from its module when first used, so a question at the
table (``odds bluff call``) loads only the modules it needs, not the bidding model, the
tournament or the solvers.
"""

import importlib
import importlib.util
import sys
import types

#: Each public name and the module that defines it.
_HOMES = {
    "analysis.bluff.rules": ("BLUFF", "LIARS_DICE", "PERUDO", "PRESETS", "BiddingRules", "preset"),
    "analysis.bluff.bids": ("Bid", "parse_bid", "parse_dice", "format_bid", "format_dice", "is_raise", "check_raise",
                            "legal_raises", "all_bids", "track_key"),
    "analysis.bluff.odds": ("BidOdds", "bid_odds", "odds_table"),
    "analysis.bluff.outcomes": ("CallOutcome", "challenge_outcome"),
    "analysis.bluff.advice": ("CallAdvice", "advise_call"),
    "analysis.bluff.history_advice": ("HistoryAdvice",),
    "analysis.bluff.simulate": ("SimulatedBid", "simulate_bid"),
    "analysis.bluff.model": ("THRESHOLD_TABLE", "BiddingModel", "action_probabilities", "parse_models"),
    "analysis.bluff.beliefs": ("Beliefs", "Turn", "beliefs", "parse_history"),
    "analysis.bluff.rollout": ("PlayedOut", "play_out"),
    "analysis.bluff.rounds_log": ("read_log",),
    "analysis.bluff.fit": ("ModelFit", "fit_log"),
    "analysis.bluff.calibration": ("Calibration", "calibration"),
    "analysis.bluff.log_stats": ("losses_by_cause", "challenged_bids", "leader_wins"),
    "analysis.bluff.solve": ("RoundSolution", "solve_round", "opening_table", "strategy_table", "response_table",
                             "endgame_play"),
    "analysis.bluff.game_value": ("GameValue", "game_value"),
    "analysis.bluff.tournament": ("run_tournament", "bot_grid"),
}
_MODULE_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = list(_MODULE_OF)


#: Functions named like their module (``beliefs``, ``calibration``, ``game_value``): the package's
#: attribute is the function, as an eager ``from ... import`` would leave it, even after the module loads.
_SAME_NAME = {name for name, module in _MODULE_OF.items() if module.rsplit(".", 1)[1] == name}


class _Package(types.ModuleType):
    def __setattr__(self, name, value):
        if name in _SAME_NAME and isinstance(value, types.ModuleType):
            return      # the import system binding the submodule: keep the function (see __getattr__)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __getattr__(name: str):
    module = _MODULE_OF.get(name)
    if module is None:
        if not name.startswith("__") and importlib.util.find_spec(f"{__name__}.{name}") is not None:
            return importlib.import_module(f"{__name__}.{name}")     # a submodule, as an eager import left it
        raise AttributeError(f"module 'analysis.bluff' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
