"""Heads-up Brag betting: the game tree, its equilibrium by discounted CFR, the strategy read from it, and what
common habits cost against it."""
