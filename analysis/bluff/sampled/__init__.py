"""Two-player rounds at real table size: the abstracted game players who remember the last bids play, its sampled
and full-width solves, the plan of solves and the package's copies, the exact value of each action, and the
decision-time search."""
