"""Brag at the table: the whole deal for 2 to 8 players, sessions of deals between bots, the unshuffled pack, and
what blind play, a kept hand and a pot cover are worth against the solved strategy."""
