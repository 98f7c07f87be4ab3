"""The evaluator's forward pass, as plain functions in numba's subset.

One question (``odds backgammon hint`` or ``eval`` at 0-ply) calls these as they stand: tens of
milliseconds, and no compiler starts. Bulk work (training, matches, look-ahead, benchmarks)
calls the copies :mod:`analysis.backgammon._net` compiles from this very text
(:func:`analysis.jit.compile_rules`). The module imports only numpy (and, in the same subset, the bear-off rank of
``bearoff_rules`` and the hand-made features of ``feature_rules``).

A position is always seen by the side about to roll, in the kernels' board layout
(52 int8: the side on roll's 26 slots, then the opponent's, each in its own view;
``move_rules`` describes it). Evaluating from the side to move makes the evaluation
symmetric by construction: the mirrored position (colours swapped, the other side on
roll) has the same encoding.

Encoding (``INPUTS`` = 2 x 100 + 1 units; the side on roll's 100 first):

* points 1-24, 4 units each (TD-Gammon): 1 if >= 1 checker, 1 if >= 2, 1 if >= 3,
  (n - 3) / 2 beyond three;
* bar: n / 2; waiting to enter (Dutch, Acey-Deucey): n / 15; borne off: n / 15;
* pip count / 167 (a hand feature: the race);
* one shared unit: 1 when there is no contact left (a pure race).

With features (a net whose first layer has ``INPUTS`` = 207 rows; one with ``RAW_INPUTS`` = 201
rows is a net of the raw encoding alone, read the same way), 3 units a side, the side on roll's first:

* the chance (of 36 rolls) that the other side, rolling now, hits at least one of this side's
  blots (direct and indirect shots; a landing point of two or more checkers blocks; a side with
  checkers on the bar hits only by entering);
* the chance (of 36) that this side's rearmost checker, rolling now, lands past every point of two
  or more of the other side's in front of it (1 when none is in front);
* the length of this side's longest prime (consecutive points of two or more) / 6.

Outputs (``OUTPUTS`` = 6 sigmoid units), for the side on roll before it rolls:
win, win gammon, win backgammon, lose gammon, lose backgammon (gnubg's convention:
each gammon count includes the backgammons) and, for Acey-Deucey, the payout by
checkers left scaled to 0-1: 0.5 + points / 30.

The hidden layer is one layer of sigmoid units. Inputs are sparse (about 40 of 201
are non-zero), so the hidden sums run over the non-zero inputs only.

Run as plain Python the functions are given int64 boards: numpy's int8 arithmetic would wrap
around (a pip count over 127) where numba's widens to int64.

``rules`` (where a function takes it) = (variant, gammon value, backgammon value,
backgammon needs a gammon), int64; variant codes as in ``move_rules``.
"""

from __future__ import annotations

import numpy as np

from analysis.backgammon.feature_rules import contact, escape_chance, hit_chance, longest_prime
from analysis.backgammon.bearoff_rules import bearoff_rank

#: The functions ``_net`` compiles, callees first.
RULES = ("_sigmoid", "encode", "_hidden", "_outputs", "_consistent", "_db_rank", "_exact",
         "evaluate_one", "evaluate_batch", "equity", "flip", "swap_sides", "finished_outputs", "_done",
         "_value0", "_after_prepare", "_after0", "plays_value0", "janowski", "cube_efficiency")

SIDE_INPUTS = 100
#: The raw encoding's inputs; a net with ``INPUTS`` rows also gets the hand-made features after them.
RAW_INPUTS = 2 * SIDE_INPUTS + 1
SIDE_FEATURES = 3
INPUTS = RAW_INPUTS + 2 * SIDE_FEATURES
OUTPUTS = 6
WIN, WIN_GAMMON, WIN_BACKGAMMON, LOSE_GAMMON, LOSE_BACKGAMMON, PAYOUT = range(6)
#: The two-sided bear-off database's limit (checkers a side) and its board count.
DB_CHECKERS = 6
#: Who owns the cube, as the side on roll sees it (Janowski's formula).
CENTRE, OWNED, THEIRS = 0, 1, 2


def _sigmoid(x):
    if x < -40.0:
        return 0.0
    if x > 40.0:
        return 1.0
    return 1.0 / (1.0 + np.exp(-x))


def encode(board, index, value, features):
    """The non-zero inputs of ``board``: fills index/value, returns how many (with the hand-made
    features when ``features``)."""
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
    if features:
        for side in range(2):
            unit = RAW_INPUTS + SIDE_FEATURES * side
            f0 = hit_chance(board, 26 * side)
            f1 = escape_chance(board, 26 * side)
            f2 = longest_prime(board, 26 * side) / 6.0
            if f0 > 0.0:
                index[n] = unit
                value[n] = f0
                n += 1
            if f1 > 0.0:
                index[n] = unit + 1
                value[n] = f1
                n += 1
            if f2 > 0.0:
                index[n] = unit + 2
                value[n] = f2
                n += 1
    return n


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


def _outputs(w2, b2, hidden, out):
    for k in range(OUTPUTS):
        s = b2[k]
        for j in range(hidden.shape[0]):
            s += w2[k, j] * hidden[j]
        out[k] = _sigmoid(s)


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
    return bearoff_rank(board[base:base + 6], DB_CHECKERS, ways)


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


def evaluate_one(w1, b1, w2, b2, board, db_win, ways, out, hidden, index, value):
    """The six outputs of ``board`` (side on roll's view); exact where the database covers both sides.

    Returns True when the value is exact. In the database no gammon is possible; the
    Acey-Deucey payout of an exact position is left to the net (the database counts
    wins, not checkers left).
    """
    n = encode(board, index, value, w1.shape[0] > RAW_INPUTS)
    _hidden(w1, b1, index, value, n, hidden)
    _outputs(w2, b2, hidden, out)
    _consistent(out)
    net_payout = out[PAYOUT]
    if _exact(board, db_win, ways, out):
        out[PAYOUT] = net_payout
        return True
    return False


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


def equity(out, variant, gammon_value, backgammon_value):
    """Cubeless equity of the side on roll from its outputs (Acey-Deucey: the payout output)."""
    if variant == 2:
        return 30.0 * (out[PAYOUT] - 0.5)
    return (2.0 * out[WIN] - 1.0 + (gammon_value - 1.0) * (out[WIN_GAMMON] - out[LOSE_GAMMON])
            + (backgammon_value - gammon_value) * (out[WIN_BACKGAMMON] - out[LOSE_BACKGAMMON]))


def flip(out, flipped):
    """The same outputs seen by the other side."""
    flipped[WIN] = 1.0 - out[WIN]
    flipped[WIN_GAMMON] = out[LOSE_GAMMON]
    flipped[WIN_BACKGAMMON] = out[LOSE_BACKGAMMON]
    flipped[LOSE_GAMMON] = out[WIN_GAMMON]
    flipped[LOSE_BACKGAMMON] = out[WIN_BACKGAMMON]
    flipped[PAYOUT] = 1.0 - out[PAYOUT]


def swap_sides(board, swapped):
    for i in range(26):
        swapped[i] = board[26 + i]
        swapped[26 + i] = board[i]


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


def _done(board):
    for i in range(26):
        if board[i] > 0:
            return False
    return True


# --------------------------------------------------------------------------- the value of a play, 0-ply
def _value0(w1, b1, w2, b2, board, rules, db_win, ways, result):
    hidden = np.empty(b1.shape[0])
    index = np.empty(INPUTS, dtype=np.int64)
    value = np.empty(INPUTS)
    evaluate_one(w1, b1, w2, b2, board, db_win, ways, result, hidden, index, value)


def _after_prepare(after, extra, rules, mine, swapped):
    """0: finished (``mine`` filled); 1: value ``after`` itself (extra roll); 2: value ``swapped`` and flip."""
    if _done(after):
        finished_outputs(after, rules[3] != 0, mine)
        return 0
    if extra:
        return 1
    swap_sides(after, swapped)
    return 2


def _after0(w1, b1, w2, b2, after, extra, rules, db_win, ways, mine):
    swapped = np.empty_like(after)
    out = np.empty(OUTPUTS)
    how = _after_prepare(after, extra, rules, mine, swapped)
    if how == 1:
        _value0(w1, b1, w2, b2, after, rules, db_win, ways, mine)
    elif how == 2:
        _value0(w1, b1, w2, b2, swapped, rules, db_win, ways, out)
        flip(out, mine)


def plays_value0(w1, b1, w2, b2, afters, extra, rules, db_win, ways):
    """The mover's outputs (n, 6) after each play (boards in the mover's view), by the net at 0-ply."""
    result = np.empty((afters.shape[0], OUTPUTS))
    mine = np.empty(OUTPUTS)
    for i in range(afters.shape[0]):
        _after0(w1, b1, w2, b2, afters[i], extra[i], rules, db_win, ways, mine)
        result[i] = mine
    return result


# --------------------------------------------------------------------------- the cube (Janowski, money play)
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


def cube_efficiency(board):
    """Janowski's x: 0.68 in contact; in a race 0.55 + 0.00125 x the side on roll's pips, within 0.6-0.7."""
    if contact(board):
        return 0.68
    pips = 0
    for i in range(24):
        pips += (i + 1) * board[i]
    pips += 25 * (board[24] + board[25])
    return min(0.7, max(0.6, 0.55 + 0.00125 * pips))
