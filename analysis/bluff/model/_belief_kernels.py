"""Numba kernels of the ``bayes`` bot's beliefs in a tournament: every player's posterior over their hand.

A player's posterior is a weight for each multiset of their dice (``kernel_tables.BeliefTables``), updated
after each of their bids by the bidding model's ``observe`` (``model_rules.py``, the function
``beliefs.py`` calls for one question); these kernels read the posteriors: how many dice count for each
face, hand by hand and over all the other players.
"""

import numpy as np

from analysis.jit import njit
from analysis.bluff.model._kernels import matches


@njit(cache=True, nogil=True)
def match_table(ms_hands, counts):
    """``table[pal, m, face]``: how many dice of multiset ``m`` count for a bid on ``face`` (index 0 unused).

    Looked up instead of counted: the beliefs ask it for every hand after every bid."""
    table = np.zeros((2, ms_hands.shape[0], 7), np.int64)
    for pal in range(2):
        for m in range(ms_hands.shape[0]):
            for face in range(1, 7):
                table[pal, m, face] = matches(ms_hands[m], face, pal, counts)
    return table


@njit(cache=True, nogil=True)
def count_tails(me, dice, pal, post, ms_offset, ms_match, tail, scratch, face_pmf):
    """``tail[f, t]``: the chance that the other players' dice (each player's hands weighted by ``post``) hold at
    least t dice counting for face f (``scratch``: two rows as long as ``tail``'s)."""
    players = dice.size
    others, mixed = scratch[0], scratch[1]
    # Each opponent's chance of holding x dice that count for each face: one pass over their hands.
    for p in range(players):
        if p == me or dice[p] == 0:
            continue
        first = ms_offset[dice[p]]
        face_pmf[p, :, :dice[p] + 1] = 0.0
        for m in range(ms_offset[dice[p] + 1] - first):
            match = ms_match[pal, first + m]
            weight = post[p, m]
            for f in range(1, 7):
                face_pmf[p, f, match[f]] += weight
    for f in range(1, 7):
        others[:] = 0.0
        others[0] = 1.0
        span = 0
        for p in range(players):
            if p == me or dice[p] == 0:
                continue
            held = face_pmf[p, f]
            mixed[:span + dice[p] + 1] = 0.0
            for a in range(span + 1):
                if others[a] == 0.0:
                    continue
                for x in range(dice[p] + 1):
                    mixed[a + x] += others[a] * held[x]
            span += dice[p]
            others[:span + 1] = mixed[:span + 1]
        running = 0.0
        for t in range(span, -1, -1):
            running += others[t]
            tail[f, t] = running
        for t in range(span + 1, tail.shape[1]):
            tail[f, t] = 0.0


