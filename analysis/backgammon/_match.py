"""Numba kernels of the bots and of whole money games between two of them (cubeless or with the cube).

A bot is a kind code and a look-ahead: ``NET`` (the evaluator at ply 0-2), ``PIPS`` (the
play that leaves the largest pip lead, then the fewest blots) and ``RANDOM`` (a legal play
drawn uniformly). Game g draws its dice (and the random bot's choices) from a generator
seeded with (seed, g); side A opens the even games, side B the odd ones.
"""

from __future__ import annotations

import numpy as np

# The evaluator's forward pass is net_rules' text and the legal plays move_rules', compiled in _net and _kernels.
from analysis.jit import njit
from analysis.backgammon._net import (MAX_PLIES, OUTPUTS, THEIRS, _done, _opening_board, _value0, candidates,
                                      cube_efficiency, equity, finished_outputs, janowski, plays_value, roll)

NET, PIPS, RANDOM = 0, 1, 2


@njit(cache=True)
def _pip_lead_and_blots(after):
    mine = 0
    theirs = 0
    blots = 0
    for i in range(24):
        mine += (i + 1) * after[i]
        theirs += (i + 1) * after[26 + i]
        if after[i] == 1:
            blots += 1
    mine += 25 * (after[24] + after[25])
    theirs += 25 * (after[50] + after[51])
    return theirs - mine, blots


@njit(cache=True)
def bot_choice(board, d1, d2, kind, ply, w1, b1, w2, b2, rules, db_win, ways):
    """(candidate boards, extra-roll flags, index of the bot's play) for one roll."""
    afters, extra = candidates(board, d1, d2, rules[0])
    n = afters.shape[0]
    if n == 1:
        return afters, extra, 0
    if kind == RANDOM:
        return afters, extra, np.random.randint(0, n)
    best = 0
    if kind == PIPS:
        best_lead, best_blots = -100000, 100
        for r in range(n):
            lead, blots = _pip_lead_and_blots(afters[r])
            if extra[r]:
                lead += 8          # an extra roll is worth about an average roll of pips
            if lead > best_lead or (lead == best_lead and blots < best_blots):
                best, best_lead, best_blots = r, lead, blots
        return afters, extra, best
    keep = _filtered(afters, extra, w1, b1, w2, b2, rules, db_win, ways) if ply > 0 else np.arange(n)
    values = plays_value(w1, b1, w2, b2, afters[keep], extra[keep], rules, db_win, ways, ply)
    best_eq = -1e9
    for r in range(keep.shape[0]):
        e = equity(values[r], rules[0], float(rules[1]), float(rules[2]))
        if e > best_eq + 1e-12:
            best, best_eq = keep[r], e
    return afters, extra, best


#: GNU Backgammon's normal move filter before a look-ahead: of the plays ranked at 0-ply, the best and at
#: most FILTER_PLAYS in all within FILTER_EQUITY of it are looked at more deeply (a play the 0-ply net
#: puts that far behind is almost never the best at 1-ply, and the look-ahead costs 21 rolls a play).
FILTER_PLAYS = 8
FILTER_EQUITY = 0.16


@njit(cache=True)
def _filtered(afters, extra, w1, b1, w2, b2, rules, db_win, ways):
    """Indices of the plays the look-ahead values, best at 0-ply first (ties in the generator's order)."""
    values = plays_value(w1, b1, w2, b2, afters, extra, rules, db_win, ways, 0)
    n = afters.shape[0]
    equities = np.empty(n)
    for r in range(n):
        equities[r] = -equity(values[r], rules[0], float(rules[1]), float(rules[2]))
    order = np.argsort(equities, kind="mergesort")
    count = 1
    while count < min(n, FILTER_PLAYS) and equities[order[count]] <= equities[order[0]] + FILTER_EQUITY:
        count += 1
    return order[:count]


@njit(cache=True)
def game_points(after, rules):
    """Points the side that has just finished (its checkers all off in ``after``) wins."""
    out = np.empty(OUTPUTS)
    finished_outputs(after, rules[3] != 0, out)
    if rules[0] == 2:
        left = 0
        for i in range(26):
            left += after[26 + i]
        return float(left)
    if out[2] > 0.5:
        return float(rules[2])
    if out[1] > 0.5:
        return float(rules[1])
    return 1.0


@njit(cache=True)
def _doubling_equities(board, owner, w1, b1, w2, b2, rules, db_win, ways):
    """(no double, double/take) per unit of the current cube for the side on roll, by its net at 0-ply."""
    out = np.empty(OUTPUTS)
    _value0(w1, b1, w2, b2, board, rules, db_win, ways, out)
    x = cube_efficiency(board)
    return janowski(out, owner, x), 2.0 * janowski(out, THEIRS, x)


@njit(cache=True)
def play_games(first_game, games, seed, bots, rules, db_win, ways, cube, points, cubes):
    """Whole money games between bot A and bot B (``bots``: ``kernel_tables.MatchBots``); ``points[i]`` gets A's
    points in game i.

    ``cube`` = (use the cube, its top value, the first turn a double may be offered). With the
    cube a net bot doubles when min(double/take, double/pass) beats no double and takes when
    double/take <= double/pass, all by its own net at 0-ply with Janowski's formula (as gnubg
    does at 0-ply); pips and random never double and always take. ``cubes[i]``: the final cube.
    """
    kinds, plies, net_a, net_b = bots.kinds, bots.plies, bots.net_a, bots.net_b
    for i in range(games):
        g = first_game + i
        np.random.seed((seed * 2000003 + g) % 4294967296)
        board = _opening_board(rules[0])
        side = g % 2          # 0: A on roll
        opening = True
        result = 0.0
        value = 1
        owner = -1            # -1 centred, else the side (0 A, 1 B) that owns it
        for turn in range(MAX_PLIES):
            w1, b1, w2, b2 = net_a if side == 0 else net_b
            if (cube[0] != 0 and turn + 1 >= cube[2] and value < cube[1] and (owner == -1 or owner == side)
                    and kinds[side] == NET):
                nd, dt = _doubling_equities(board, 0 if owner == -1 else 1, w1, b1, w2, b2, rules, db_win, ways)
                if min(dt, 1.0) > nd + 1e-12:
                    take = True
                    if kinds[1 - side] == NET:
                        t1, tb1, t2, tb2 = net_b if side == 0 else net_a
                        _, dt_taker = _doubling_equities(board, 0 if owner == -1 else 1, t1, tb1, t2, tb2, rules,
                                                         db_win, ways)
                        take = dt_taker <= 1.0 + 1e-12
                    if not take:
                        result = float(value) if side == 0 else -float(value)
                        break
                    value *= 2
                    owner = 1 - side
            d1, d2 = roll(opening)
            opening = False
            afters, extra, pick = bot_choice(board, d1, d2, kinds[side], plies[side], w1, b1, w2, b2, rules,
                                             db_win, ways)
            after = afters[pick]
            if _done(after):
                won = game_points(after, rules) * value
                result = won if side == 0 else -won
                break
            if extra[pick]:
                board = after.copy()
            else:
                swapped = np.empty(52, dtype=np.int8)
                for k in range(26):
                    swapped[k] = after[26 + k]
                    swapped[26 + k] = after[k]
                board = swapped
                side = 1 - side
        points[i] = result
        cubes[i] = value


@njit(cache=True)
def seed(value):
    """Seed numba's generator (the random bot's single decisions)."""
    np.random.seed(value)
