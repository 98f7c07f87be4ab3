"""The Yacht chart kinds (drawn by ``analysis.charts.yacht``)."""

from __future__ import annotations

from analysis.charts.kind import ChartKind

KINDS = (
    ChartKind("yacht", "boxes", "each box's chance in one turn and a turn's expected points", "draw_boxes"),
    ChartKind("yacht", "distribution", "the chance of every final score under optimal play", "draw_distribution"),
    ChartKind("yacht", "keeps", "every keep of an opening roll and the expected final score it leaves", "draw_keeps",
              ("dice", "rolls_left", "top")),
    ChartKind("yacht", "reach", "P(final score >= T): playing for the expected score, and playing to reach T",
              "draw_reach"),
)
