"""Brag betting for three to eight players: the solve by Monte Carlo CFR over hand-strength buckets, the mix read
from it, and the solves the package ships."""
