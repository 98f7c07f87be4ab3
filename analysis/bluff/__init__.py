"""Dice bidding: Bluff, Perudo and Liar's Dice.

>>> from analysis.bluff import preset, parse_dice, parse_bid, bid_odds
>>> rules = preset("bluff")
>>> round(bid_odds(rules, parse_dice("3 3 * 5 1", rules), 13, parse_bid("*3", rules)).p_true, 4)
0.6635
"""

from analysis.bluff.advice import CallAdvice, advise_call
from analysis.bluff.beliefs import Beliefs, Turn, beliefs, parse_history
from analysis.bluff.bids import (Bid, all_bids, check_raise, format_bid, is_raise, legal_raises, parse_bid,
                                 parse_dice, track_key)
from analysis.bluff.calibration import Calibration, calibration
from analysis.bluff.fit import ModelFit, fit_log
from analysis.bluff.history_advice import HistoryAdvice
from analysis.bluff.log_stats import challenged_bids, leader_wins, losses_by_cause
from analysis.bluff.model import THRESHOLD_TABLE, BiddingModel, action_probabilities, parse_models
from analysis.bluff.rollout import PlayedOut, play_out
from analysis.bluff.rounds_log import read_log
from analysis.bluff.odds import BidOdds, bid_odds, odds_table
from analysis.bluff.outcomes import CallOutcome, challenge_outcome
from analysis.bluff.rules import BLUFF, LIARS_DICE, PERUDO, PRESETS, BiddingRules, preset
from analysis.bluff.simulate import SimulatedBid, simulate_bid

__all__ = [
    "BLUFF", "LIARS_DICE", "PERUDO", "PRESETS", "BiddingRules", "preset",
    "Bid", "parse_bid", "parse_dice", "format_bid", "is_raise", "check_raise", "legal_raises", "all_bids",
    "track_key", "BidOdds", "bid_odds", "odds_table", "CallOutcome", "challenge_outcome",
    "CallAdvice", "advise_call", "SimulatedBid", "simulate_bid",
    "BiddingModel", "action_probabilities", "parse_models", "Beliefs", "Turn", "beliefs", "parse_history",
    "THRESHOLD_TABLE", "HistoryAdvice", "PlayedOut", "play_out", "read_log", "ModelFit", "fit_log",
    "Calibration", "calibration", "losses_by_cause", "challenged_bids", "leader_wins",
]
