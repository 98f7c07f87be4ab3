"""One ``odds GAME chart KIND``, declared without importing what draws it.

A game's kinds (``analysis/charts/kinds/GAME.py``) are read each time the chart command's parser is
built, so they import nothing heavy: the drawing function is named, and imported from
``analysis.charts.GAME`` (matplotlib and the game's library) only when a chart is drawn.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class ChartKind:
    """A chart kind: its name and help, its flags (``add_arguments(parser)``) and the name of the function
    in ``analysis.charts.GAME`` that draws it (``function(args, rules) -> (figure, data)``)."""

    game: str
    name: str
    help: str
    add_arguments: Callable
    function: str
    uses_rules: bool = True

    def draw(self, args, rules):
        """The figure and its data (call inside the publishing style, matplotlib set up)."""
        module = importlib.import_module(f"analysis.charts.{self.game}")
        return getattr(module, self.function)(args, rules)


def no_flags(parser) -> None:
    """A chart with no flags of its own."""
