"""A session of Brag deals played by rule-following bots, over the deal's own transitions.

Plain functions in numba's subset, as in ``_deal_kernels``: :func:`jitted` compiles them
beside the deal's compiled transitions. A session is one chain of deals (the pack, the
carried pot and a kept blind hand pass from each deal to the next), so it runs on one
thread; its only random numbers, the shuffles, come from counter-based streams of the seed
and the deal's number, so the figures do not depend on the machine or its threads.

A bot is a row of numbers (``B_*``), read by :func:`bot_move`:

- ``B_LOOK_AFTER``: look once this many bets have been made in the deal (0: at once).
- ``B_STAY``, ``B_RAISE``, ``B_SEE``: the weakest hand strength it stays, raises, sees with.
- ``B_SEE_AFTER``: with two left, see once this many bets have been made.
- ``B_PATIENCE``: after this many bets a blind bot looks, an open one that cannot see folds,
  and one that can sees.
"""

from __future__ import annotations

import numpy as np

from analysis.brag import _deal_kernels as K
from analysis.brag._deal_kernels import (BLIND, COVER, DISCARD, E_OPEN_SEES_BLIND, FOLD, KEEP, LOOK, OK,
                                         OPEN, RAISE, SEE, STAY, T_BETS, T_COVERER, T_END, T_KEEPER,
                                         T_OVER, T_PENDING, T_RUNG, T_SHUFFLE, T_TURN, END_CARRIED,
                                         END_COVER_CALLED, END_SEEN, F_CARRY, betting_count, check,
                                         deal, gather_hands, hand_strength, restack, shuffle, step)

B_LOOK_AFTER, B_STAY, B_RAISE, B_SEE, B_SEE_AFTER, B_PATIENCE = range(6)
B_SIZE = 6

# The session's tallies (``counts``).
C_SEEN, C_FOLDED, C_CARRIED, C_COVERS, C_COVER_CALLED, C_SHUFFLES, C_KEPT, C_TWO_HANDS = range(8)
C_SIZE = 8


def _first_allowed(rp, ti, status, hands, bank, wanted, arg):
    """``wanted`` if the rules allow it, else staying, else covering, else folding."""
    if check(rp, ti, status, hands, bank, wanted, arg) == OK:
        return wanted, arg
    if wanted != FOLD and check(rp, ti, status, hands, bank, STAY, 0) == OK:
        return STAY, 0
    if wanted != FOLD and check(rp, ti, status, hands, bank, COVER, 0) == OK:
        return COVER, 0
    return FOLD, 0


def bot_move(rp, ti, status, hands, cards, bank, bp, seat):
    """The move (action, argument) the bot in ``seat`` makes now."""
    bets = ti[T_BETS]
    if ti[T_PENDING] >= 0:
        # Looked at one of two blind hands: keep it if it is worth staying with, else play the other.
        if hand_strength(rp, cards, 2 * seat + ti[T_PENDING]) >= bp[seat, B_STAY]:
            return KEEP, 0
        return DISCARD, 0
    two_left = betting_count(ti, status) == 2
    if status[seat] == BLIND:
        # A blind bot looks when its time comes, and at the latest when its patience runs out.
        if bets >= bp[seat, B_LOOK_AFTER] or bets >= bp[seat, B_PATIENCE]:
            return LOOK, 0
        if two_left and ti[T_RUNG] >= 0 and bets >= bp[seat, B_SEE_AFTER]:
            return _first_allowed(rp, ti, status, hands, bank, SEE, 0)
        return _first_allowed(rp, ti, status, hands, bank, STAY, 0)
    strength = hand_strength(rp, cards, 2 * seat)
    if strength < bp[seat, B_STAY]:
        return FOLD, 0
    can_see = two_left and check(rp, ti, status, hands, bank, SEE, 0) != E_OPEN_SEES_BLIND \
        and ti[T_RUNG] >= 0
    if can_see and (bets >= bp[seat, B_SEE_AFTER] or bets >= bp[seat, B_PATIENCE]):
        if strength >= bp[seat, B_SEE]:
            return _first_allowed(rp, ti, status, hands, bank, SEE, 0)
        return FOLD, 0
    if bets >= bp[seat, B_PATIENCE]:
        return FOLD, 0
    if strength >= bp[seat, B_RAISE]:
        return _first_allowed(rp, ti, status, hands, bank, RAISE, max(ti[T_RUNG], 0) + 1)
    return _first_allowed(rp, ti, status, hands, bank, STAY, 0)


def play_session(rp, bp, n, deals, seed, bankroll, net, counts, banks_out):
    """Play ``deals`` deals at a table of ``n``; ``net[d, s]`` is what seat ``s`` won in deal ``d``.

    Every seat starts with ``bankroll``; a seat that cannot pay the ante buys back in to
    ``bankroll`` before the deal (``banks_out[1]`` counts those chips). The dealer moves one
    seat left each deal. On return ``banks_out[0]`` holds the banks, ``banks_out[2, 0]`` the
    pot carried out of the last deal.
    """
    ti = np.zeros(K.T_SIZE, np.int64)
    ti[K.T_N] = n
    ti[T_KEEPER] = -1
    tf = np.zeros(K.F_SIZE)
    status = np.zeros(n, np.int64)
    hands = np.ones(n, np.int64)
    cards = np.zeros((2 * n, 4), np.int64)
    bank = np.full(n, bankroll)
    paid = np.zeros(n)
    gather = np.zeros(K.GATHER_SIZE, np.int64)
    deck = np.zeros(53, np.int64)
    bought = np.zeros(n)
    start = np.zeros(n)
    shuffle(rp, ti, cards, deck, seed, 0)
    carry = 0.0
    dealer = n - 1
    for d in range(deals):
        for s in range(n):
            if bank[s] < rp[K.P_ANTE]:
                bought[s] += bankroll - bank[s]
                bank[s] = bankroll
            start[s] = bank[s]
        if ti[T_KEEPER] >= 0:
            counts[C_KEPT] += 1
        deal(rp, ti, tf, status, hands, cards, bank, paid, gather, deck, dealer, carry)
        for s in range(n):
            if hands[s] == 2:
                counts[C_TWO_HANDS] += 1
        while ti[T_OVER] == 0:
            seat = ti[T_TURN]
            action, arg = bot_move(rp, ti, status, hands, cards, bank, bp, seat)
            if action == COVER and ti[T_COVERER] < 0:
                counts[C_COVERS] += 1
            if step(rp, ti, tf, status, hands, cards, bank, paid, gather, action, arg) != OK:
                step(rp, ti, tf, status, hands, cards, bank, paid, gather, FOLD, 0)
        end = ti[T_END]
        if end == END_SEEN:
            counts[C_SEEN] += 1
        elif end == END_CARRIED:
            counts[C_CARRIED] += 1
        elif end == END_COVER_CALLED:
            counts[C_COVER_CALLED] += 1
        else:
            counts[C_FOLDED] += 1
        counts[C_SHUFFLES] += ti[T_SHUFFLE]
        carry = tf[F_CARRY]
        gather_hands(rp, ti, status, hands, cards, gather)
        restack(rp, ti, cards, gather, deck, seed, d + 1)
        for s in range(n):
            net[d, s] = bank[s] - start[s]
        dealer = (dealer + 1) % n
    for s in range(n):
        banks_out[0, s] = bank[s]
        banks_out[1, s] = bought[s]
    banks_out[2, 0] = carry


_FUNCTIONS = ("_first_allowed", "bot_move", "play_session")
_COMPILED: dict = {}


def jitted() -> dict:
    """The compiled session (compiled on first use, cached on disk)."""
    if not _COMPILED:
        _COMPILED.update(K.compiled({**globals(), **K.jitted()}, _FUNCTIONS))
    return _COMPILED
