"""Calibration: does P(bid true | everything said) match how often such bids turn out true?

From a log of played rounds (``rounds_log.py``) every bid is seen from the seat that
answers it: that player's dice, the other players' dice counts and the bids so far
give the history-aware chance (``beliefs.py``, under ``models``) and the history-blind
one (``odds.py``); the dice in the log say whether the bid was true. The Brier score
(mean squared difference between the chance and the 0/1 outcome; lower is better)
compares the two, with the standard error of their paired difference, and the
reliability table bins the chances to set them beside the observed frequencies.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from analysis.bluff.model.beliefs import Turn, beliefs
from analysis.bluff.model.bidding import BiddingModel
from analysis.bluff.odds.bid_odds import bid_odds
from analysis.bluff.model.rounds_log import read_log
from analysis.errors import InvalidArgument

#: Bids judged by default (each needs its own exact beliefs: a few hundredths of a second).
DEFAULT_BIDS = 1000


@dataclass(frozen=True)
class Calibration:
    """Chances and outcomes of the judged bids: ``records`` columns p_history, p_blind, true."""

    records: object = field(repr=False)
    model: BiddingModel
    brier_history: float
    brier_blind: float
    difference_se: float

    def reliability(self, column: str = "p_history", bins: int = 10):
        """Mean chance, observed frequency (with its standard error) and bids in each tenth of the chance."""
        import pandas as pd  # lazy: keeps pandas out of a table question's start-up

        table = self.records.assign(bin=np.minimum((self.records[column] * bins).astype(int), bins - 1))
        grouped = table.groupby("bin").agg(mean_chance=(column, "mean"), observed=("true", "mean"),
                                           bids=("true", "size")).reset_index()
        grouped["observed_se"] = np.sqrt(grouped.observed * (1 - grouped.observed) / grouped.bids)
        grouped["low"] = grouped.bin / bins
        grouped["high"] = (grouped.bin + 1) / bins
        return pd.DataFrame(grouped[["low", "high", "mean_chance", "observed", "observed_se", "bids"]])

    def to_dict(self) -> dict:
        return {"bids": len(self.records), "model": self.model.to_dict(), "brier_with_history": self.brier_history,
                "brier_without_history": self.brier_blind,
                "difference": self.brier_blind - self.brier_history, "difference_se": self.difference_se,
                "reliability_with_history": self.reliability("p_history"),
                "reliability_without_history": self.reliability("p_blind")}

    def __str__(self) -> str:
        lines = [f"Calibration over {len(self.records):,} bids, each judged by the player who answered it "
                 f"(bidders read with: {self.model}):",
                 f"  Brier score with the bids read    {self.brier_history:.4f}",
                 f"  Brier score from own dice only    {self.brier_blind:.4f}",
                 f"  difference {self.brier_blind - self.brier_history:+.4f} ± {self.difference_se:.4f} (s.e.; "
                 f"positive: reading the bids is better)",
                 "", "  chance (with history)   mean chance   observed          bids"]
        for row in self.reliability().itertuples():
            lines.append(f"  {row.low:.1f}-{row.high:.1f}               {row.mean_chance:>9.3f}   "
                         f"{row.observed:.3f} ± {row.observed_se:.3f}   {row.bids:>7,}")
        return "\n".join(lines)


def seen_by(played, i: int, answerer: int, models):
    """The beliefs of seat ``answerer`` about to answer bid ``i`` of a logged round, the seats numbered as the
    answerer numbers them: me (0), then the others still in the game in turn order after me."""
    seated = [seat for seat, dice in enumerate(played.dice) if dice]
    order = seated[seated.index(answerer):] + seated[:seated.index(answerer)]
    position = {seat: k for k, seat in enumerate(order)}
    turns = tuple(Turn(position[p], b) for p, b in played.bids[:i + 1])
    opponents = [len(played.dice[seat]) for seat in order[1:]]
    return beliefs(played.rules, played.dice[answerer], opponents, turns, models, played.palifico_round)


def judged_bids(rounds, models: BiddingModel, max_bids: int):
    """(p_history, p_blind, true) for each bid of the rounds, seen by the seat that answered it."""
    rows = []
    for played in rounds:
        counting = None
        for i, (bidder, bid) in enumerate(played.bids):
            if len(rows) >= max_bids:
                return rows
            answerer = played.bids[i + 1][0] if i + 1 < len(played.bids) else played.caller
            seen = seen_by(played, i, answerer, models)
            mine = played.dice[answerer]
            counting = played.rules.counts_for(bid.face, played.palifico_round)
            actual = sum(1 for dice in played.dice for die in dice if die in counting)
            blind = bid_odds(played.rules, mine, seen.unknown, bid, played.palifico_round)
            rows.append((seen.bid_odds(bid).p_true, blind.p_true, actual >= bid.count))
    return rows


def calibration(path, models: BiddingModel = BiddingModel(), max_bids: int = DEFAULT_BIDS,
                max_rounds: int | None = None) -> Calibration:
    """Judge up to ``max_bids`` bids of the log at ``path`` (bidders read with ``models``)."""
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    if max_bids < 2:
        raise InvalidArgument(f"Judge at least 2 bids, not {max_bids}.")
    rows = judged_bids(read_log(path, max_rounds), models, max_bids)
    if len(rows) < 2:
        raise InvalidArgument(f"The log {path} has fewer than 2 bids to judge.")
    records = pd.DataFrame(rows, columns=["p_history", "p_blind", "true"])
    truth = records.true.to_numpy(dtype=float)
    with_history = (records.p_history.to_numpy() - truth) ** 2
    blind = (records.p_blind.to_numpy() - truth) ** 2
    gain = blind - with_history
    return Calibration(records, models, float(with_history.mean()), float(blind.mean()),
                       float(gain.std(ddof=1) / math.sqrt(len(gain))))
