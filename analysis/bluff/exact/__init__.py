"""Exact solving: a two-player round's public bid tree solved by CFR to an equilibrium, the advisor's solved
endgames, and the chance to win a two-player endgame."""
