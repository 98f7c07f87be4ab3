"""What a player of a sampled solve remembers of the round's bids, written once.

A player remembering the last ``k`` bids (``sampled``) keeps them as they were made, with one exception: with
two remembered, when the later bid is a raise the solve's abstraction does not play after the earlier (a bid of
a bot or of a player at the table), the earlier is kept as its stand-in (``game._stand_ins``: the bid after
which the abstraction would have made the later), so that the pair remembered is one the solve trained. The
functions are plain Python in numba's subset: the evaluation kernels compile them (``_sampled_eval.seen_rank``,
which the tournaments' ``strategy`` bot calls too) and the answers at the table call them as they are
(``strategy_values``), so a question never starts numba.
"""

from analysis.bluff.sampled.window_rules import window_rank


def kept_earlier(earlier, later, k, stand_in):
    """The earlier of two remembered bids (bid indices) as the memory keeps it: its stand-in when ``k`` is 2
    (the stand-in is the bid itself unless ``later`` is off the abstraction after it), else the bid itself."""
    return stand_in[earlier, later] if k == 2 else earlier


def seen_rank(history, depth, k, binom, first, stand_in):
    """``window_rank`` of the last bids of ``history[:depth]`` as the memory keeps them (``kept_earlier``);
    ``history`` is left as it was."""
    if depth < 2:
        return window_rank(history, depth, k, binom, first)
    kept = history[depth - 2]
    history[depth - 2] = kept_earlier(kept, history[depth - 1], k, stand_in)
    rank = window_rank(history, depth, k, binom, first)
    history[depth - 2] = kept
    return rank
