"""The Brag chart kinds (drawn by ``analysis.charts.brag``)."""

from __future__ import annotations

from analysis.charts.kind import ChartKind

KINDS = (
    ChartKind("brag", "freq", "how often each hand class is dealt", "draw_freq"),
    ChartKind("brag", "equity", "pot share by hand or by class against 1..N opponents", "draw_equity",
              ("hand", "opponents", "seed", "samples")),
    ChartKind("brag", "threshold", "the weakest hand worth seeing or staying with, by pot odds", "draw_threshold",
              ("against",)),
)
