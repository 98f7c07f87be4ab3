"""Every game's chart kinds, by game: declarations only (see ``analysis.charts.kind``)."""

from __future__ import annotations

from analysis.charts.kinds import backgammon, bluff, brag, yacht

KINDS = {"bluff": bluff.KINDS, "yacht": yacht.KINDS, "brag": brag.KINDS, "backgammon": backgammon.KINDS}
