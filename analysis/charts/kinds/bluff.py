"""The dice-bidding chart kinds (drawn by ``analysis.charts.bluff``)."""

from __future__ import annotations

from analysis.charts.kind import ChartKind

KINDS = (
    ChartKind("bluff", "bids", "the table-side chart: P(true) and P(exactly) of every bid for my dice", "draw_bids",
              ("dice", "unknown", "palifico")),
    ChartKind("bluff", "heatmap", "P(bid true) over unknown dice and dice needed", "draw_heatmap",
              ("max_unknown", "max_need", "palifico")),
    ChartKind("bluff", "cost", "expected dice every player loses if I call a bid, by its count", "draw_cost",
              ("dice", "opponents", "face", "bidder", "start", "palifico")),
)
