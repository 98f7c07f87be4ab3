"""Dice bidding's odds: the chance of a bid from my dice and the unknown ones, what a challenge or an exact call
costs each player, the call advisor, rounds played out, and a Monte Carlo check of the odds."""
