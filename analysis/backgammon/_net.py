"""Numba kernels of the neural evaluator: encoding, forward pass, TD(lambda) self-play.

A position is always seen by the side about to roll, in the kernels' board layout
(52 int8: the side on roll's 26 slots, then the opponent's, each in its own view).
Evaluating from the side to move makes the evaluation symmetric by construction: the
mirrored position (colours swapped, the other side on roll) has the same encoding.

Encoding (``INPUTS`` = 2 x 100 + 1 units; the side on roll's 100 first):

* points 1-24, 4 units each (TD-Gammon): 1 if >= 1 checker, 1 if >= 2, 1 if >= 3,
  (n - 3) / 2 beyond three;
* bar: n / 2; waiting to enter (Dutch, Acey-Deucey): n / 15; borne off: n / 15;
* pip count / 167 (a hand feature: the race);
* one shared unit: 1 when there is no contact left (a pure race).

Outputs (``OUTPUTS`` = 6 sigmoid units), for the side on roll before it rolls:
win, win gammon, win backgammon, lose gammon, lose backgammon (gnubg's convention:
each gammon count includes the backgammons) and, for Acey-Deucey, the payout by
checkers left scaled to 0-1: 0.5 + points / 30.

The hidden layer is one layer of sigmoid units. Inputs are sparse (about 40 of 201
are non-zero), so the hidden sums run over the non-zero inputs only.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from analysis.backgammon._kernels import ROLL_DICE, ROLL_WEIGHT, acey_deucey_plays, legal_plays

SIDE_INPUTS = 100
INPUTS = 2 * SIDE_INPUTS + 1
OUTPUTS = 6
WIN, WIN_GAMMON, WIN_BACKGAMMON, LOSE_GAMMON, LOSE_BACKGAMMON, PAYOUT = range(6)
#: The two-sided bear-off database's limit (checkers a side) and its board count.
DB_CHECKERS = 6
MAX_PLIES = 4000     # a game never lasts this long; a bound so a bug cannot hang training


@njit(cache=True)
def _sigmoid(x):
    if x < -40.0:
        return 0.0
    if x > 40.0:
        return 1.0
    return 1.0 / (1.0 + np.exp(-x))


@njit(cache=True)
def contact(board):
    """True while some checker of one side still has to pass one of the other's."""
    back = -1        # the side on roll's rearmost checker, as a point index of its own view
    for i in range(25, -1, -1):
        if board[i] > 0:
            back = i
            break
    if back < 0:
        return False
    if back >= 24:
        return True
    for i in range(24, 26):
        if board[26 + i] > 0:
            return True
    # opponent's checker at its point q is my point 23 - q; contact if any lies below my back checker
    for q in range(24):
        if board[26 + q] > 0 and 23 - q < back:
            return True
    return False


@njit(cache=True)
def encode(board, index, value):
    """The non-zero inputs of ``board``: fills index/value, returns how many."""
    n = 0
    for side in range(2):
        base = 26 * side
        unit = SIDE_INPUTS * side
        pips = 0
        total = 0
        for p in range(24):
            c = board[base + p]
            total += c
            pips += (p + 1) * c
            if c >= 1:
                index[n] = unit + 4 * p
                value[n] = 1.0
                n += 1
            if c >= 2:
                index[n] = unit + 4 * p + 1
                value[n] = 1.0
                n += 1
            if c >= 3:
                index[n] = unit + 4 * p + 2
                value[n] = 1.0
                n += 1
            if c >= 4:
                index[n] = unit + 4 * p + 3
                value[n] = (c - 3) / 2.0
                n += 1
        bar = board[base + 24]
        start = board[base + 25]
        total += bar + start
        pips += 25 * (bar + start)
        if bar > 0:
            index[n] = unit + 96
            value[n] = bar / 2.0
            n += 1
        if start > 0:
            index[n] = unit + 97
            value[n] = start / 15.0
            n += 1
        if total < 15:
            index[n] = unit + 98
            value[n] = (15 - total) / 15.0
            n += 1
        if pips > 0:
            index[n] = unit + 99
            value[n] = pips / 167.0
            n += 1
    if not contact(board):
        index[n] = 2 * SIDE_INPUTS
        value[n] = 1.0
        n += 1
    return n


@njit(cache=True)
def _hidden(w1, b1, index, value, n, hidden):
    units = b1.shape[0]
    for j in range(units):
        hidden[j] = b1[j]
    for k in range(n):
        row = index[k]
        v = value[k]
        for j in range(units):
            hidden[j] += v * w1[row, j]
    for j in range(units):
        hidden[j] = _sigmoid(hidden[j])


@njit(cache=True)
def _outputs(w2, b2, hidden, out):
    for k in range(OUTPUTS):
        s = b2[k]
        for j in range(hidden.shape[0]):
            s += w2[k, j] * hidden[j]
        out[k] = _sigmoid(s)


@njit(cache=True)
def _consistent(out):
    """Clamp to a possible distribution: backgammons within gammons within wins (and losses)."""
    if out[WIN_GAMMON] > out[WIN]:
        out[WIN_GAMMON] = out[WIN]
    if out[WIN_BACKGAMMON] > out[WIN_GAMMON]:
        out[WIN_BACKGAMMON] = out[WIN_GAMMON]
    lose = 1.0 - out[WIN]
    if out[LOSE_GAMMON] > lose:
        out[LOSE_GAMMON] = lose
    if out[LOSE_BACKGAMMON] > out[LOSE_GAMMON]:
        out[LOSE_BACKGAMMON] = out[LOSE_GAMMON]


@njit(cache=True)
def _db_rank(board, base, ways):
    """Rank of a side in the two-sided database, or -1 when it is not in it."""
    total = 0
    for i in range(6, 26):
        if board[base + i] > 0:
            return -1
    for i in range(6):
        total += board[base + i]
    if total > DB_CHECKERS:
        return -1
    rank = 0
    left = DB_CHECKERS
    for i in range(6):
        c = board[base + i]
        rank += ways[i, left, c]
        left -= c
    return rank


@njit(cache=True)
def _exact(board, db_win, ways, out):
    """Fill ``out`` from the two-sided bear-off database; False when the position is not in it."""
    if db_win.shape[0] < 2:
        return False
    a = _db_rank(board, 0, ways)
    if a < 0:
        return False
    b = _db_rank(board, 26, ways)
    if b < 0:
        return False
    p = db_win[a, b]
    out[WIN] = p
    out[WIN_GAMMON] = 0.0
    out[WIN_BACKGAMMON] = 0.0
    out[LOSE_GAMMON] = 0.0
    out[LOSE_BACKGAMMON] = 0.0
    out[PAYOUT] = np.nan      # filled by the caller's rules (Acey-Deucey: not a single-checker race)
    return True


@njit(cache=True)
def evaluate_one(w1, b1, w2, b2, board, db_win, ways, out, hidden, index, value):
    """The six outputs of ``board`` (side on roll's view); exact where the database covers both sides.

    Returns True when the value is exact. In the database no gammon is possible; the
    Acey-Deucey payout of an exact position is left to the net (the database counts
    wins, not checkers left).
    """
    n = encode(board, index, value)
    _hidden(w1, b1, index, value, n, hidden)
    _outputs(w2, b2, hidden, out)
    _consistent(out)
    net_payout = out[PAYOUT]
    if _exact(board, db_win, ways, out):
        out[PAYOUT] = net_payout
        return True
    return False


@njit(cache=True)
def evaluate_batch(w1, b1, w2, b2, boards, db_win, ways):
    """Outputs (n, 6) and exact flags (n,) for a batch of boards (each from its side on roll)."""
    n = boards.shape[0]
    result = np.empty((n, OUTPUTS))
    exact = np.zeros(n, dtype=np.bool_)
    out = np.empty(OUTPUTS)
    hidden = np.empty(b1.shape[0])
    index = np.empty(INPUTS, dtype=np.int64)
    value = np.empty(INPUTS)
    for r in range(n):
        exact[r] = evaluate_one(w1, b1, w2, b2, boards[r], db_win, ways, out, hidden, index, value)
        result[r] = out
    return result, exact


@njit(cache=True)
def equity(out, variant, gammon_value, backgammon_value):
    """Cubeless equity of the side on roll from its outputs (Acey-Deucey: the payout output)."""
    if variant == 2:
        return 30.0 * (out[PAYOUT] - 0.5)
    return (2.0 * out[WIN] - 1.0 + (gammon_value - 1.0) * (out[WIN_GAMMON] - out[LOSE_GAMMON])
            + (backgammon_value - gammon_value) * (out[WIN_BACKGAMMON] - out[LOSE_BACKGAMMON]))


@njit(cache=True)
def flip(out, flipped):
    """The same outputs seen by the other side."""
    flipped[WIN] = 1.0 - out[WIN]
    flipped[WIN_GAMMON] = out[LOSE_GAMMON]
    flipped[WIN_BACKGAMMON] = out[LOSE_BACKGAMMON]
    flipped[LOSE_GAMMON] = out[WIN_GAMMON]
    flipped[LOSE_BACKGAMMON] = out[WIN_BACKGAMMON]
    flipped[PAYOUT] = 1.0 - out[PAYOUT]


@njit(cache=True)
def swap_sides(board, swapped):
    for i in range(26):
        swapped[i] = board[26 + i]
        swapped[26 + i] = board[i]


@njit(cache=True)
def finished_outputs(board, needs_gammon, out):
    """Outputs of a finished game for the side that has just borne off its last checker,
    given the board in that side's view (its 26 slots empty)."""
    left = 0
    behind = False
    for i in range(26):
        c = board[26 + i]
        left += c
        # the winner's home board is the loser's points 19-24; bar and start count too
        if c > 0 and (i >= 18):
            behind = True
    gammon = left == 15
    backgammon = behind and (gammon or not needs_gammon)
    out[WIN] = 1.0
    out[WIN_GAMMON] = 1.0 if (gammon or backgammon) else 0.0
    out[WIN_BACKGAMMON] = 1.0 if backgammon else 0.0
    out[LOSE_GAMMON] = 0.0
    out[LOSE_BACKGAMMON] = 0.0
    out[PAYOUT] = 0.5 + left / 30.0


@njit(cache=True)
def _done(board):
    for i in range(26):
        if board[i] > 0:
            return False
    return True


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
            n = encode(board, index, value)
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
            d1 = np.random.randint(1, 7)
            d2 = np.random.randint(1, 7)
            while opening and d1 == d2:
                d1 = np.random.randint(1, 7)
                d2 = np.random.randint(1, 7)
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
                n2 = encode(after, scratch_index, scratch_value)
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
                n2 = encode(swapped, scratch_index, scratch_value)
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


# --------------------------------------------------------------------------- look-ahead
# ``rules`` = (variant, gammon value, backgammon value, backgammon needs a gammon), int64.
# ply n > 0 averages the 21 rolls; for each roll the side on roll plays what the 0-ply net
# prefers (gnubg-style pruning keeping one play) and that play's position is valued at ply
# n - 1. The depths are written out (value0/1/2, after0/1/2): numba cannot cache a recursion.

@njit(cache=True)
def _value0(w1, b1, w2, b2, board, rules, db_win, ways, result):
    hidden = np.empty(b1.shape[0])
    index = np.empty(INPUTS, dtype=np.int64)
    value = np.empty(INPUTS)
    evaluate_one(w1, b1, w2, b2, board, db_win, ways, result, hidden, index, value)


@njit(cache=True)
def _after_prepare(after, extra, rules, mine, swapped):
    """0: finished (``mine`` filled); 1: value ``after`` itself (extra roll); 2: value ``swapped`` and flip."""
    if _done(after):
        finished_outputs(after, rules[3] != 0, mine)
        return 0
    if extra:
        return 1
    swap_sides(after, swapped)
    return 2


@njit(cache=True)
def _after0(w1, b1, w2, b2, after, extra, rules, db_win, ways, mine):
    swapped = np.empty(52, dtype=np.int8)
    out = np.empty(OUTPUTS)
    how = _after_prepare(after, extra, rules, mine, swapped)
    if how == 1:
        _value0(w1, b1, w2, b2, after, rules, db_win, ways, mine)
    elif how == 2:
        _value0(w1, b1, w2, b2, swapped, rules, db_win, ways, out)
        flip(out, mine)


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
    result = np.empty((afters.shape[0], OUTPUTS))
    mine = np.empty(OUTPUTS)
    for i in range(afters.shape[0]):
        if ply == 0:
            _after0(w1, b1, w2, b2, afters[i], extra[i], rules, db_win, ways, mine)
        elif ply == 1:
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


# --------------------------------------------------------------------------- the cube (Janowski, money play)
CENTRE, OWNED, THEIRS = 0, 1, 2


@njit(cache=True)
def janowski(out, owner, x):
    """Cubeful money equity per unit of the cube for the side on roll (gnubg's 0-ply method, no Jacoby).

    ``owner``: CENTRE, OWNED (the side on roll owns the cube) or THEIRS. W and L are the average
    values of a win and a loss; the live-cube line runs through the take point TP and the cash
    point CP (see docs/backgammon.md); the result is x times it plus (1 - x) times the cubeless equity.
    """
    p = out[WIN]
    w = 1.0 + (out[WIN_GAMMON] + out[WIN_BACKGAMMON]) / p if p > 1e-7 else 1.0
    l = 1.0 + (out[LOSE_GAMMON] + out[LOSE_BACKGAMMON]) / (1.0 - p) if p < 1.0 - 1e-7 else 1.0
    dead = 2.0 * p - 1.0 + (out[WIN_GAMMON] - out[LOSE_GAMMON]) + (out[WIN_BACKGAMMON] - out[LOSE_BACKGAMMON])
    tp = (l - 0.5) / (w + l + 0.5)
    cp = (l + 1.0) / (w + l + 0.5)
    if owner == CENTRE:
        if p < tp:
            live = -l + (l - 1.0) * p / tp
        elif p < cp:
            live = -1.0 + 2.0 * (p - tp) / (cp - tp)
        else:
            live = 1.0 + (w - 1.0) * (p - cp) / (1.0 - cp)
    elif owner == OWNED:
        live = -l + (1.0 + l) * p / cp if p < cp else 1.0 + (w - 1.0) * (p - cp) / (1.0 - cp)
    else:
        live = -l + (l - 1.0) * p / tp if p < tp else -1.0 + (w + 1.0) * (p - tp) / (1.0 - tp)
    return x * live + (1.0 - x) * dead


@njit(cache=True)
def cube_efficiency(board):
    """Janowski's x: 0.68 in contact; in a race 0.55 + 0.00125 x the side on roll's pips, within 0.6-0.7."""
    if contact(board):
        return 0.68
    pips = 0
    for i in range(24):
        pips += (i + 1) * board[i]
    pips += 25 * (board[24] + board[25])
    return min(0.7, max(0.6, 0.55 + 0.00125 * pips))
