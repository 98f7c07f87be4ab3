"""The backgammon chart kinds (drawn by ``analysis.charts.backgammon``).

Dice tables and bear-offs are the same under every backgammon variant: no kind takes a preset.
"""

from __future__ import annotations

from analysis.charts.kind import ChartKind

KINDS = (
    ChartKind("backgammon", "bearoff", "a bear-off position's distribution of rolls", "draw_bearoff",
              ("counts",), uses_rules=False),
    ChartKind("backgammon", "shots", "hitting rolls by distance, open and with blocks", "draw_shots", ("blocks",),
              uses_rules=False),
    ChartKind("backgammon", "entry", "entering from the bar against closed points", "draw_entry", ("on_bar",),
              uses_rules=False),
    ChartKind("backgammon", "race", "a bear-off race's winning chance against the pip counts", "draw_race",
              ("leads",), uses_rules=False),
)
