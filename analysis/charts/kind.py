"""One chart kind, declared without importing what draws it.

A game's kinds (``analysis/charts/kinds/GAME.py``) are read whenever the chart command's parser is
built, so they import nothing heavy: the drawing function is named, and imported from
``analysis.charts.GAME`` (matplotlib and the game's library) only when a chart is drawn. A kind takes
the game's rules and its own inputs by name (``inputs``), as the library's values: the command line
reads them from its flags (``analysis/cli/chart_flags.py``), a page from its form.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class ChartKind:
    """A chart kind: its name and help, the names of its inputs, and the name of the function in
    ``analysis.charts.GAME`` that draws it (``function(rules, **inputs) -> (figure, data)``)."""

    game: str
    name: str
    help: str
    function: str
    inputs: tuple = ()
    uses_rules: bool = True

    def draw(self, rules, inputs: dict):
        """The figure and its data (call inside the publishing style, matplotlib set up)."""
        module = importlib.import_module(f"analysis.charts.{self.game}")
        return getattr(module, self.function)(rules, **{name: inputs[name] for name in self.inputs if name in inputs})
