"""Dice bidding at a table of three to six players: the round in the abstraction a player remembers (``round``),
its solve by the CFR core's multi-player sampler and each seat's gain from a sampled local best response
(``solve``, ``measure``, ``_kernels``), and a decision read from a stored solve (``decision``)."""
