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
from analysis.bluff.model import BiddingModel, action_probabilities, parse_models
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
]
