"""Slow, obviously-correct references for the backgammon kernels (plain Python, no numba).

Written independently of analysis/backgammon: a board here is a dict with lists
``me`` and ``them`` of 26 counts (points 1-24 at indices 0-23 in each side's own
view, 24 bar, 25 start) and every rule is spelled out once, in the simplest way.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product


def _blocked_by(them, my_point, rules, me):
    """Enemy count on my point; whether I may land there, and whether it hits."""
    enemy = them[23 - my_point]
    if enemy >= 2:
        return False, False
    if enemy == 1:
        if rules == "dutch":
            reached = sum(me) < 15 or any(me[i] for i in range(6))
            if not reached:
                return False, False
        return True, True
    return True, False


def single_moves(me, them, die, rules):
    """All (new_me, new_them) after moving one checker with ``die``."""
    out = []
    if me[24]:
        sources = [24]
    elif rules == "dutch" and me[25]:
        sources = [25]
    else:
        sources = [i for i in range(26) if me[i]]
    bearing_off = all(me[i] == 0 for i in range(6, 26))
    for src in sources:
        if me[src] == 0:
            continue
        if src in (24, 25):
            dst = 24 - die
        else:
            dst = src - die
        if dst >= 0:
            ok, hit = _blocked_by(them, dst, rules, me)
            if not ok:
                continue
            new_me, new_them = list(me), list(them)
            new_me[src] -= 1
            new_me[dst] += 1
            if hit:
                new_them[23 - dst] -= 1
                new_them[24] += 1
            out.append((tuple(new_me), tuple(new_them)))
        elif bearing_off:
            if dst < -1 and any(me[i] for i in range(src + 1, 6)):
                continue
            new_me = list(me)
            new_me[src] -= 1
            out.append((tuple(new_me), tuple(them)))
    return out


def all_plays(me, them, d1, d2, rules="backgammon"):
    """Set of (me, them) after each legal play, by enumerating every dice order."""
    orders = [(d1,) * 4] if d1 == d2 else [(d1, d2), (d2, d1)]
    finished = []  # (dice used, first die, result)

    def walk(state, dice, used, first):
        moves = single_moves(state[0], state[1], dice[0], rules) if dice else []
        if not moves:
            finished.append((used, first, state))
            return
        for nxt in moves:
            walk(nxt, dice[1:], used + 1, first if first else dice[0])

    for order in orders:
        walk((tuple(me), tuple(them)), order, 0, 0)
    most = max(u for u, _, _ in finished)
    best = [(f, s) for u, f, s in finished if u == most]
    if most == 1 and d1 != d2:
        high = max(d1, d2)
        with_high = [s for f, s in best if f == high]
        if with_high:
            return set(with_high), most
    return {s for _, s in best}, most


# ------------------------------------------------------------------ bear-off
def bearoff_moves(counts, d1, d2):
    """Distinct home-board positions (6 counts) after playing a roll in a pure bear-off."""
    me = list(counts) + [0] * 20
    them = [0] * 26
    plays, _ = all_plays(me, them, d1, d2)
    return {tuple(m[:6]) for m, _ in plays}


ROLLS = [(a, b, Fraction(1 if a == b else 2, 36)) for a in range(1, 7) for b in range(a, 7)]


@lru_cache(maxsize=None)
def expected_rolls(counts):
    """Minimal expected number of rolls to bear off every checker (exact fraction)."""
    if sum(counts) == 0:
        return Fraction(0)
    total = Fraction(0)
    for a, b, p in ROLLS:
        total += p * min(expected_rolls(nxt) for nxt in bearoff_moves(counts, a, b))
    return 1 + total


@lru_cache(maxsize=None)
def rolls_distribution(counts, horizon=12):
    """P(bear off in exactly n rolls), n = 0..horizon-1, under the expected-rolls policy."""
    dist = [Fraction(0)] * horizon
    if sum(counts) == 0:
        dist[0] = Fraction(1)
        return tuple(dist)
    for a, b, p in ROLLS:
        best = min(bearoff_moves(counts, a, b), key=lambda nxt: (expected_rolls(nxt), nxt))
        for n, q in enumerate(rolls_distribution(best, horizon)[:-1]):
            dist[n + 1] += p * q
    return tuple(dist)


@lru_cache(maxsize=None)
def win_on_roll(mine, theirs):
    """Cubeless chance that the side on roll wins a two-sided bear-off (exact)."""
    total = Fraction(0)
    for a, b, p in ROLLS:
        best = Fraction(0)
        for nxt in bearoff_moves(mine, a, b):
            value = Fraction(1) if sum(nxt) == 0 else 1 - win_on_roll(theirs, nxt)
            best = max(best, value)
        total += p * best
    return total


def shots(distance, blocks=()):
    """Rolls out of 36 on which one checker can move exactly ``distance`` pips, never
    stopping on a blocked distance (brute force over all 36 ordered rolls)."""
    count = 0
    for a, b in product(range(1, 7), repeat=2):
        steps_orders = [[a] * 4] if a == b else [[a, b], [b, a]]
        hit = False
        for steps in steps_orders:
            travelled = 0
            for step in steps:
                travelled += step
                if travelled == distance:
                    hit = True
                    break
                if travelled in blocks or travelled > distance:
                    break
        count += hit
    return count


@lru_cache(maxsize=None)
def cubeful(mine, theirs):
    """Money-game cubeful equities (no double) of the side on roll, no gammons possible:
    returns (cube centred, cube owned by the roller, cube owned by the opponent)."""
    def full(m, t):
        centre, own, opp = cubeful(m, t)
        double = min(2 * opp, 1)     # the opponent takes (owning a 2-cube) or passes (+1)
        return max(centre, double), max(own, double), opp

    totals = [Fraction(0)] * 3
    for a, b, p in ROLLS:
        best = [None] * 3
        for nxt in bearoff_moves(mine, a, b):
            if sum(nxt) == 0:
                values = (1, 1, 1)
            else:
                their_centre, their_own, their_opp = full(theirs, nxt)
                values = (-their_centre, -their_opp, -their_own)
            best = [v if b_ is None else max(b_, v) for b_, v in zip(best, values)]
        totals = [t + p * v for t, v in zip(totals, best)]
    return tuple(totals)


_VIEW = {"centre": "centre", "me": "them", "them": "me"}


@lru_cache(maxsize=None)
def capped_no_double(mine, theirs, value, owner):
    """Equity (per current stake) of rolling without doubling, cube ``value`` owned by
    ``owner`` ("centre", "me" = the roller, "them"); nobody may double a 64-cube."""
    total = Fraction(0)
    for a, b, p in ROLLS:
        best = None
        for nxt in bearoff_moves(mine, a, b):
            v = Fraction(1) if sum(nxt) == 0 else -capped_best(theirs, nxt, value, _VIEW[owner])
            best = v if best is None else max(best, v)
        total += p * best
    return total


def capped_best(mine, theirs, value, owner):
    """The roller's equity choosing between rolling on and doubling (taken or passed)."""
    roll_on = capped_no_double(mine, theirs, value, owner)
    if owner == "them" or value == 64:
        return roll_on
    taken = 2 * capped_no_double(mine, theirs, 2 * value, "them")
    return max(roll_on, min(taken, Fraction(1)))


def acey_deucey_plays(me, them):
    """Set of (me, them, extra roll earned) after an acey-deucey 1-2 (docs/rules.md, Acey-Deucey; docs'
    reading): the 1 and 2 as usual; if both were played, then each double 1-6 as far as
    it goes, the extra roll earned only when all four of its moves were played."""
    first, used = all_plays(me, them, 1, 2, "acey_deucey")
    if used < 2:
        return {(m, t, False) for m, t in first}
    out = set()
    for m, t in first:
        for double in range(1, 7):
            after, moves = all_plays(list(m), list(t), double, double, "acey_deucey")
            out |= {(m2, t2, moves == 4) for m2, t2 in after}
    return out
