"""Numba kernels of the neural evaluator: the forward pass compiled, look-ahead, TD(lambda) self-play.

The forward pass (encoding, the net's outputs, the bear-off database's exact values, the
value of a play at 0-ply, Janowski's cube formula) is written once, in ``net_rules.py`` (where
the encoding is described), and compiled here; the look-ahead and the training loop are
written here, in numba only (they are bulk work). Every name of ``net_rules`` (and of the hand-made
features it reads, ``feature_rules``) is served here compiled, so callers use ``_net.encode`` and the like.
"""

from __future__ import annotations

import numpy as np

from analysis.backgammon import feature_rules, net_rules
from analysis.backgammon._kernels import ROLL_DICE, ROLL_WEIGHT, acey_deucey_plays, bearoff_rank, legal_plays
from analysis.backgammon.net_rules import (CENTRE, DB_CHECKERS, INPUTS, LOSE_BACKGAMMON, LOSE_GAMMON,  # noqa: F401
                                         OUTPUTS, OWNED, PAYOUT, RAW_INPUTS, SIDE_INPUTS, THEIRS, WIN, WIN_BACKGAMMON,
                                         WIN_GAMMON)
from analysis.jit import compile_rules, njit

(contact, _shot_rolls, hit_chance, _roll_escapes, escape_chance, longest_prime) = compile_rules(
    feature_rules, *feature_rules.RULES)
(_sigmoid, encode, _hidden, _outputs, _consistent, _db_rank, _exact, evaluate_one, evaluate_batch, equity, flip,
 swap_sides, finished_outputs, _done, _value0, _after_prepare, _after0, plays_value0, janowski,
 cube_efficiency) = compile_rules(net_rules, *net_rules.RULES, calls={
     "bearoff_rank": bearoff_rank, "contact": contact, "hit_chance": hit_chance, "escape_chance": escape_chance,
     "longest_prime": longest_prime})

MAX_PLIES = 4000     # a game never lasts this long; a bound so a bug cannot hang training


# --------------------------------------------------------------------------- choosing a play
@njit(cache=True)
def candidates(board, d1, d2, variant):
    """Every legal play of the roll: boards in the mover's view and whether the mover rolls again."""
    if variant == 2 and ((d1 == 1 and d2 == 2) or (d1 == 2 and d2 == 1)):
        boards, _, _, _, extra = acey_deucey_plays(board)
        return boards, extra
    boards, _, _ = legal_plays(board, d1, d2, variant)
    return boards, np.zeros(boards.shape[0], dtype=np.bool_)


@njit(cache=True)
def play_value(w1, b1, w2, b2, after, extra, variant, gammon_value, backgammon_value, needs_gammon,
               db_win, ways, out, mine, hidden, index, value, swapped):
    """The mover's outputs (in ``mine``) and equity after a play (``after``: mover's view)."""
    if _done(after):
        finished_outputs(after, needs_gammon, mine)
    elif extra:
        evaluate_one(w1, b1, w2, b2, after, db_win, ways, mine, hidden, index, value)
    else:
        swap_sides(after, swapped)
        evaluate_one(w1, b1, w2, b2, swapped, db_win, ways, out, hidden, index, value)
        flip(out, mine)
    return equity(mine, variant, gammon_value, backgammon_value)


@njit(cache=True)
def best_play(w1, b1, w2, b2, boards, extra, variant, gammon_value, backgammon_value, needs_gammon,
              db_win, ways):
    """Index of the play with the highest 0-ply equity (the first among equals)."""
    out = np.empty(OUTPUTS)
    mine = np.empty(OUTPUTS)
    hidden = np.empty(b1.shape[0])
    index = np.empty(INPUTS, dtype=np.int64)
    value = np.empty(INPUTS)
    swapped = np.empty(52, dtype=np.int8)
    best, best_eq = 0, -1e9
    for r in range(boards.shape[0]):
        e = play_value(w1, b1, w2, b2, boards[r], extra[r], variant, gammon_value, backgammon_value,
                       needs_gammon, db_win, ways, out, mine, hidden, index, value, swapped)
        if e > best_eq + 1e-12:
            best, best_eq = r, e
    return best


# --------------------------------------------------------------------------- training
@njit(cache=True)
def roll(opening):
    """Two dice from numba's generator; the game's first roll is thrown again until they differ (the opener
    plays it). Self-play, its positions and the matches all roll here, in this order of draws."""
    d1 = np.random.randint(1, 7)
    d2 = np.random.randint(1, 7)
    while opening and d1 == d2:
        d1 = np.random.randint(1, 7)
        d2 = np.random.randint(1, 7)
    return d1, d2


@njit(cache=True)
def _opening_board(variant):
    board = np.zeros(52, dtype=np.int8)
    if variant == 0:
        for side in range(2):
            board[26 * side + 5] = 5
            board[26 * side + 7] = 3
            board[26 * side + 12] = 5
            board[26 * side + 23] = 2
    else:
        board[25] = 15
        board[51] = 15
    return board


@njit(cache=True)
def _gradient_step(w1, b1, w2, b2, trace1, traceb1, trace2, traceb2, index, value, n, hidden, out,
                   delta, alpha, lam, carry_sign, perm, mode):
    """One TD(lambda) step for the state whose encoding is (index, value) and outputs ``out``.

    ``mode`` 0: decay and add this state's gradient to the traces (mapped through ``perm``
    and ``carry_sign`` when the view changed since the last state); 1: apply ``delta``.
    With lam == 0 the traces are skipped and the gradient applied directly (sparse).
    """
    units = hidden.shape[0]
    if lam == 0.0:
        if mode == 1:
            for k in range(OUTPUTS):
                g = alpha * delta[k] * out[k] * (1.0 - out[k])
                if g == 0.0:
                    continue
                b2[k] += g
                for j in range(units):
                    back = g * w2[k, j] * hidden[j] * (1.0 - hidden[j])
                    w2[k, j] += g * hidden[j]
                    b1[j] += back
                    for m in range(n):
                        w1[index[m], j] += back * value[m]
        return
    if mode == 0:
        # traces[k] now belong to output perm[k] of the previous view, sign carry_sign[k]
        old2 = trace2.copy()
        oldb2 = traceb2.copy()
        old1 = trace1.copy()
        oldb1 = traceb1.copy()
        for k in range(OUTPUTS):
            s = lam * carry_sign[k]
            src = perm[k]
            trace2[k] = s * old2[src]
            traceb2[k] = s * oldb2[src]
            trace1[k] = s * old1[src]
            traceb1[k] = s * oldb1[src]
        for k in range(OUTPUTS):
            g = out[k] * (1.0 - out[k])
            traceb2[k] += g
            for j in range(units):
                trace2[k, j] += g * hidden[j]
                back = g * w2[k, j] * hidden[j] * (1.0 - hidden[j])
                traceb1[k, j] += back
                for m in range(n):
                    trace1[k, index[m], j] += back * value[m]
        return
    for k in range(OUTPUTS):
        d = alpha * delta[k]
        if d == 0.0:
            continue
        b2[k] += d * traceb2[k]
        for j in range(units):
            w2[k, j] += d * trace2[k, j]
            b1[j] += d * traceb1[k, j]
        for i in range(trace1.shape[1]):
            for j in range(units):
                w1[i, j] += d * trace1[k, i, j]


@njit(cache=True)
def train_games(w1, b1, w2, b2, first_game, games, seed, variant, gammon_value, backgammon_value,
                needs_gammon, alpha, lam, db_win, ways, stats):
    """TD(lambda) self-play: ``games`` games numbered from ``first_game``, weights updated in place.

    Game g draws its dice from a generator seeded with (seed, g) alone, so a run resumed
    from a checkpoint after any game continues bit for bit as the unbroken run would.
    Both sides play the 0-ply greedy choice of the current net. A state's target is the
    next state's outputs seen from this state's side: the final result, or the exact
    bear-off database value (where the game then stops: the rest is known exactly).
    ``stats`` gets (plies played, games the first mover won; a game the database ends counts
    for the side it favours).
    """
    units = b1.shape[0]
    features = w1.shape[0] > RAW_INPUTS
    use_traces = lam != 0.0
    shape1 = (OUTPUTS, w1.shape[0], units) if use_traces else (1, 1, 1)
    trace1 = np.zeros(shape1)
    traceb1 = np.zeros((OUTPUTS, units) if use_traces else (1, 1))
    trace2 = np.zeros((OUTPUTS, units) if use_traces else (1, 1))
    traceb2 = np.zeros(OUTPUTS if use_traces else 1)
    out = np.empty(OUTPUTS)
    nxt = np.empty(OUTPUTS)
    mine = np.empty(OUTPUTS)
    delta = np.empty(OUTPUTS)
    hidden = np.empty(units)
    index = np.empty(INPUTS, dtype=np.int64)
    value = np.empty(INPUTS)
    swapped = np.empty(52, dtype=np.int8)
    scratch_out = np.empty(OUTPUTS)
    scratch_hidden = np.empty(units)
    scratch_index = np.empty(INPUTS, dtype=np.int64)
    scratch_value = np.empty(INPUTS)
    perm_flip = np.array([0, 3, 4, 1, 2, 5], dtype=np.int64)
    sign_flip = np.array([-1.0, 1.0, 1.0, 1.0, 1.0, -1.0])
    perm_same = np.arange(OUTPUTS)
    sign_same = np.ones(OUTPUTS)
    for g in range(first_game, first_game + games):
        np.random.seed((seed * 1000003 + g) % 4294967296)
        board = _opening_board(variant)
        if use_traces:
            trace1[:] = 0.0
            traceb1[:] = 0.0
            trace2[:] = 0.0
            traceb2[:] = 0.0
        first_mover_on_roll = True
        flipped_view = False      # did the view change between the previous state and this one
        opening = True
        for ply in range(MAX_PLIES):
            # this state's value and gradient
            n = encode(board, index, value, features)
            _hidden(w1, b1, index, value, n, hidden)
            _outputs(w2, b2, hidden, out)
            if use_traces:
                if flipped_view:        # at ply 0 the traces are zero: either mapping will do
                    _gradient_step(w1, b1, w2, b2, trace1, traceb1, trace2, traceb2, index, value, n, hidden,
                                   out, delta, alpha, lam, sign_flip, perm_flip, 0)
                else:
                    _gradient_step(w1, b1, w2, b2, trace1, traceb1, trace2, traceb2, index, value, n, hidden,
                                   out, delta, alpha, lam, sign_same, perm_same, 0)
            # roll and choose
            d1, d2 = roll(opening)
            opening = False
            boards, extra = candidates(board, d1, d2, variant)
            pick = best_play(w1, b1, w2, b2, boards, extra, variant, gammon_value, backgammon_value,
                             needs_gammon, db_win, ways)
            after = boards[pick]
            terminal = False
            if _done(after):
                finished_outputs(after, needs_gammon, nxt)
                terminal = True
                if first_mover_on_roll:
                    stats[1] += 1
            elif extra[pick]:
                n2 = encode(after, scratch_index, scratch_value, features)
                _hidden(w1, b1, scratch_index, scratch_value, n2, scratch_hidden)
                _outputs(w2, b2, scratch_hidden, nxt)
                if _exact(after, db_win, ways, scratch_out):
                    terminal = True
                    nxt[WIN] = scratch_out[WIN]
                    for k in range(1, 5):
                        nxt[k] = 0.0
                    if first_mover_on_roll == (nxt[WIN] > 0.5):
                        stats[1] += 1
            else:
                swap_sides(after, swapped)
                n2 = encode(swapped, scratch_index, scratch_value, features)
                _hidden(w1, b1, scratch_index, scratch_value, n2, scratch_hidden)
                _outputs(w2, b2, scratch_hidden, scratch_out)
                if _exact(swapped, db_win, ways, mine):
                    terminal = True
                    scratch_out[WIN] = mine[WIN]
                    for k in range(1, 5):
                        scratch_out[k] = 0.0
                flip(scratch_out, nxt)
                if terminal and first_mover_on_roll == (nxt[WIN] > 0.5):
                    stats[1] += 1
            for k in range(OUTPUTS):
                delta[k] = nxt[k] - out[k]
            if variant != 2:
                delta[PAYOUT] = 0.0     # the payout unit is trained only where it is the equity
            _gradient_step(w1, b1, w2, b2, trace1, traceb1, trace2, traceb2, index, value, n, hidden, out,
                           delta, alpha, lam, sign_same, perm_same, 1)
            stats[0] += 1
            if terminal:
                break
            if extra[pick]:
                board = after.copy()
                flipped_view = False
            else:
                board = swapped.copy()
                flipped_view = True
                first_mover_on_roll = not first_mover_on_roll


# --------------------------------------------------------------------------- refinement
# Supervised refinement: positions of the net's own 0-ply self-play, each given the net's
# 1-ply value as a target (``positions_value``), fitted by gradient steps on the same squared
# error TD(0) descends.

@njit(cache=True)
def selfplay_positions(w1, b1, w2, b2, first_game, games, seed, variant, gammon_value, backgammon_value,
                       needs_gammon, db_win, ways, keep_one_in, boards_out):
    """Fill ``boards_out`` with positions of 0-ply self-play games (side on roll's view, before it
    rolls), each kept with chance 1 / ``keep_one_in``; returns how many (at most its length).

    Game g's dice and choices of positions come from a generator seeded with (seed, g) alone.
    Positions both of whose sides are in the bear-off database are skipped (their value is exact).
    """
    out = np.empty(OUTPUTS)
    kept = 0
    for g in range(first_game, first_game + games):
        np.random.seed((seed * 1000003 + g) % 4294967296)
        board = _opening_board(variant)
        opening = True
        for ply in range(MAX_PLIES):
            if np.random.randint(keep_one_in) == 0 and not _exact(board, db_win, ways, out):
                if kept >= boards_out.shape[0]:
                    return kept
                boards_out[kept] = board
                kept += 1
            d1, d2 = roll(opening)
            opening = False
            boards, extra = candidates(board, d1, d2, variant)
            pick = best_play(w1, b1, w2, b2, boards, extra, variant, gammon_value, backgammon_value,
                             needs_gammon, db_win, ways)
            after = boards[pick]
            if _done(after):
                break
            if extra[pick]:
                board = after.copy()
            else:
                swapped = np.empty(52, dtype=np.int8)
                swap_sides(after, swapped)
                board = swapped
            if _exact(board, db_win, ways, out):
                break
    return kept


@njit(cache=True)
def fit_positions(w1, b1, w2, b2, boards, targets, order, alpha, variant):
    """One pass of gradient steps (step size ``alpha``) towards ``targets`` (n, 6) over ``boards`` in
    ``order``; weights updated in place. Returns the mean squared error (five probabilities) before each step."""
    units = b1.shape[0]
    out = np.empty(OUTPUTS)
    delta = np.empty(OUTPUTS)
    hidden = np.empty(units)
    index = np.empty(INPUTS, dtype=np.int64)
    value = np.empty(INPUTS)
    none3 = np.zeros((1, 1, 1))
    none2 = np.zeros((1, 1))
    none1 = np.zeros(1)
    perm = np.arange(OUTPUTS)
    sign = np.ones(OUTPUTS)
    error = 0.0
    for i in order:
        n = encode(boards[i], index, value, w1.shape[0] > RAW_INPUTS)
        _hidden(w1, b1, index, value, n, hidden)
        _outputs(w2, b2, hidden, out)
        for k in range(OUTPUTS):
            delta[k] = targets[i, k] - out[k]
        if variant != 2:
            delta[PAYOUT] = 0.0
        for k in range(5):
            error += delta[k] * delta[k]
        _gradient_step(w1, b1, w2, b2, none3, none2, none2, none1, index, value, n, hidden, out,
                       delta, alpha, 0.0, sign, perm, 1)
    return error / max(1, 5 * order.shape[0])


# --------------------------------------------------------------------------- look-ahead
# ``rules`` = (variant, gammon value, backgammon value, backgammon needs a gammon), int64.
# ply n > 0 averages the 21 rolls; for each roll the side on roll plays what the 0-ply net
# prefers (gnubg-style pruning keeping one play) and that play's position is valued at ply
# n - 1. The depths are written out (value0/1/2, after0/1/2; ply 0's are net_rules'): numba cannot
# cache a recursion.

@njit(cache=True)
def _pick(w1, b1, w2, b2, board, roll, rules, db_win, ways):
    boards, extra = candidates(board, ROLL_DICE[roll, 0], ROLL_DICE[roll, 1], rules[0])
    pick = best_play(w1, b1, w2, b2, boards, extra, rules[0], float(rules[1]), float(rules[2]), rules[3] != 0,
                     db_win, ways)
    return boards[pick].copy(), extra[pick]


# The look-ahead is written out once per ply (_value1/_after1, _value2/_after2) instead of as one
# recursive function: numba compiles recursion only without its on-disk cache, and a cached
# recursive kernel crashed when loaded, so each ply calls the one below it by name.
@njit(cache=True)
def _value1(w1, b1, w2, b2, board, rules, db_win, ways, result):
    if _exact(board, db_win, ways, result):
        _value0(w1, b1, w2, b2, board, rules, db_win, ways, result)
        return
    mine = np.empty(OUTPUTS)
    result[:] = 0.0
    for r in range(ROLL_DICE.shape[0]):
        after, extra = _pick(w1, b1, w2, b2, board, r, rules, db_win, ways)
        _after0(w1, b1, w2, b2, after, extra, rules, db_win, ways, mine)
        for k in range(OUTPUTS):
            result[k] += ROLL_WEIGHT[r] * mine[k]


@njit(cache=True)
def _after1(w1, b1, w2, b2, after, extra, rules, db_win, ways, mine):
    swapped = np.empty(52, dtype=np.int8)
    out = np.empty(OUTPUTS)
    how = _after_prepare(after, extra, rules, mine, swapped)
    if how == 1:
        _value1(w1, b1, w2, b2, after, rules, db_win, ways, mine)
    elif how == 2:
        _value1(w1, b1, w2, b2, swapped, rules, db_win, ways, out)
        flip(out, mine)


@njit(cache=True)
def _value2(w1, b1, w2, b2, board, rules, db_win, ways, result):
    if _exact(board, db_win, ways, result):
        _value0(w1, b1, w2, b2, board, rules, db_win, ways, result)
        return
    mine = np.empty(OUTPUTS)
    result[:] = 0.0
    for r in range(ROLL_DICE.shape[0]):
        after, extra = _pick(w1, b1, w2, b2, board, r, rules, db_win, ways)
        _after1(w1, b1, w2, b2, after, extra, rules, db_win, ways, mine)
        for k in range(OUTPUTS):
            result[k] += ROLL_WEIGHT[r] * mine[k]


@njit(cache=True)
def _after2(w1, b1, w2, b2, after, extra, rules, db_win, ways, mine):
    swapped = np.empty(52, dtype=np.int8)
    out = np.empty(OUTPUTS)
    how = _after_prepare(after, extra, rules, mine, swapped)
    if how == 1:
        _value2(w1, b1, w2, b2, after, rules, db_win, ways, mine)
    elif how == 2:
        _value2(w1, b1, w2, b2, swapped, rules, db_win, ways, out)
        flip(out, mine)


@njit(cache=True)
def positions_value(w1, b1, w2, b2, boards, rules, db_win, ways, ply):
    """Outputs (n, 6) of boards seen by their side on roll, before it rolls, at ``ply`` 0-2."""
    result = np.empty((boards.shape[0], OUTPUTS))
    out = np.empty(OUTPUTS)
    for i in range(boards.shape[0]):
        if ply == 0:
            _value0(w1, b1, w2, b2, boards[i], rules, db_win, ways, out)
        elif ply == 1:
            _value1(w1, b1, w2, b2, boards[i], rules, db_win, ways, out)
        else:
            _value2(w1, b1, w2, b2, boards[i], rules, db_win, ways, out)
        result[i] = out
    return result


@njit(cache=True)
def plays_value(w1, b1, w2, b2, afters, extra, rules, db_win, ways, ply):
    """The mover's outputs (n, 6) after each play (boards in the mover's view), at ``ply`` 0-2 past it."""
    if ply == 0:
        return plays_value0(w1, b1, w2, b2, afters, extra, rules, db_win, ways)
    result = np.empty((afters.shape[0], OUTPUTS))
    mine = np.empty(OUTPUTS)
    for i in range(afters.shape[0]):
        if ply == 1:
            _after1(w1, b1, w2, b2, afters[i], extra[i], rules, db_win, ways, mine)
        else:
            _after2(w1, b1, w2, b2, afters[i], extra[i], rules, db_win, ways, mine)
        result[i] = mine
    return result


@njit(cache=True)
def choose_plays(w1, b1, w2, b2, boards, dice, rules, db_win, ways, ply):
    """For each (board, roll): the index of the play with the best equity at ``ply`` among
    ``candidates`` (the matches' bots); the first among equals."""
    picks = np.empty(boards.shape[0], dtype=np.int64)
    for i in range(boards.shape[0]):
        afters, extra = candidates(boards[i], dice[i, 0], dice[i, 1], rules[0])
        values = plays_value(w1, b1, w2, b2, afters, extra, rules, db_win, ways, ply)
        best, best_eq = 0, -1e9
        for r in range(afters.shape[0]):
            e = equity(values[r], rules[0], float(rules[1]), float(rules[2]))
            if e > best_eq + 1e-12:
                best, best_eq = r, e
        picks[i] = best
    return picks
