"""Numba kernels for playing to a score goal: the turn recursion on vectors over the score.

A *score table* ``table[state, x]`` holds, for each state of the score card between turns (the
solver's packed state, see ``_kernels.py``: the filled boxes and, in presets with bonuses, the
capped upper total and the yacht-bonus flag; without bonuses the state is the filled-box mask
itself) and each score index ``x``, the best expected utility of the finished game. Writing a
box that earns ``points`` (its bonuses included) moves the index from ``x`` to
``min(x + points, top)``; a full card is worth a given utility row. Two uses (see target.py and
win.py):

- play for a target: ``x = top - r`` where ``r`` is the points still needed, and a full card is
  worth 1 at ``x = top`` (nothing more needed), else 0;
- play against opponents: ``x`` is my score, and a full card is worth my chance of finishing
  above every opponent with that score.

Within a turn the work follows ``_kernels.py`` (rolls, keeps ordered by size, the last 252 keeps
being the rolls), but every score index is a turn of its own, so the best keep or box may differ
from one score to the next, which is what playing for a goal means. What each box earns and the
state it leads to come from ``scoring_rules.write_box``, and the keep passes are ``keep_rules.py``'s, the
functions the expected-score kernels compile, so the bonus and joker rules and the passes are
written once; so are what each box earns and the final roll's best box at each score index
(``goal_rules.py``, compiled here, which the advisor runs as it stands).
"""

import numpy as np
from numba import prange

from analysis.jit import compile_rules, njit
from analysis.random import stream
from analysis.yacht import goal_rules
from analysis.yacht._kernels import (_throw, argmax_keep, best_keeps, joker_applies, keep_values, turn, turn_work,
                                     write_box)
from analysis.yacht.kernel_tables import RowWork


#: Score indices worked on together: the final rolls of this many are scored in one sweep over the table's
#: rows, and a turn's scratch of this many fits in a core's cache, where whole rows of a few hundred did not.
BLOCK = 32


@njit(cache=True)
def scratch(n_boxes, n_rolls, n_keeps):
    """A turn's scratch for :func:`turn_rows` (``kernel_tables.RowWork``): v0 (a row per roll), then k1, v1, k2,
    v2 and best (a row per score index, as the keep passes read them), gains, follows."""
    return RowWork(np.empty((n_rolls, BLOCK)), np.empty((BLOCK, n_keeps)), np.empty((BLOCK, n_rolls)),
                   np.empty((BLOCK, n_keeps)), np.empty((BLOCK, n_rolls)), np.empty((BLOCK, n_keeps)),
                   np.empty((n_boxes, n_rolls), dtype=np.int64), np.empty((n_boxes, n_rolls), dtype=np.int64))


# What each box earns and the best box for the final roll: goal_rules.py's text, compiled.
row_of, box_outcomes = compile_rules(goal_rules, "row_of", "box_outcomes",
                                     calls={"write_box": write_box, "joker_applies": joker_applies})
final_rows, = compile_rules(goal_rules, "final_rows", fastmath=True)


@njit(cache=True, fastmath=True)
def turn_rows(state, table, rows, scoring, lo, hi, dice, work, row):
    """One state's value ``row`` over score indices ``lo <= x < hi``, a block of indices at a time.

    ``rows[state]`` is the table row of each state (a table over a few states keeps only theirs);
    an empty ``rows`` means the row is the state. The scratch (see :func:`scratch`) holds the last
    block's turn tables V0 (``v0[roll, j]``), K1, V1, K2, V2 (``k1[j, keep]``): for ``hi - lo == 1``,
    that score's at ``j = 0``. Within a turn the score index stays put, so each index runs the
    keep passes of its own. ``scoring``: ``kernel_tables.Scoring``; ``dice``: ``dice.Tables``.
    """
    params, scores, joker_scores, box_face, yacht_face = scoring
    first_roll, keep_add, keep_remove, n_remove = dice.first_roll, dice.keep_add, dice.keep_remove, dice.n_remove
    v0, k1, v1, k2, v2, best, gains, follows = work
    box_outcomes(state, rows, params, scores, joker_scores, box_face, yacht_face, gains, follows)
    width = v0.shape[1]
    for start in range(lo, hi, width):
        n = min(width, hi - start)
        final_rows(gains, follows, table, start, n, v0)
        for j in range(n):
            keep_values(v0[:, j], keep_add, k1[j])
            best_keeps(k1[j], keep_remove, n_remove, best[j], v1[j])
            keep_values(v1[j], keep_add, k2[j])
            best_keeps(k2[j], keep_remove, n_remove, best[j], v2[j])
            row[start + j] = 0.0
        for roll in range(v2.shape[1]):
            chance = first_roll[roll]
            for j in range(n):
                row[start + j] += chance * v2[j, roll]


@njit(cache=True, parallel=True)
def solve_cards(table, rows, cards, lows, highs, scoring, dice):
    """Fill the table row of every state in ``cards`` (all with the same number of boxes filled; ``rows``:
    see :func:`turn_rows`).

    The caller runs the layers from the fullest card down; a state only reads fuller ones, so
    the states of one layer are independent. State ``i`` fills score indices ``lows[i] <= x < highs[i]``.
    Each worker takes every ``n_workers``-th state and reuses its scratch rows (half a MB).
    """
    n_boxes, n_rolls = scoring.scores.shape
    n_keeps = dice.keep_add.shape[0]
    n_workers = min(cards.shape[0], 64)
    for w in prange(n_workers):
        work = scratch(n_boxes, n_rolls, n_keeps)
        for i in range(w, cards.shape[0], n_workers):
            turn_rows(cards[i], table, rows, scoring, lows[i], highs[i], dice, work, table[row_of(rows, cards[i])])


@njit(cache=True, parallel=True)
def remaining_points(distribution, cards, out_next, out_points, out_prob, n_out):
    """``distribution[card, g]``: the chance of ``g`` more points, from each card's turn outcomes and fuller cards."""
    width = distribution.shape[1]
    for i in prange(cards.shape[0]):
        row = distribution[cards[i]]
        for g in range(width):
            row[g] = 0.0
        for o in range(n_out[i]):
            following = distribution[out_next[i, o]]
            shift = out_points[i, o]
            chance = out_prob[i, o]
            for g in range(shift, width):
                row[g] += chance * following[g - shift]


@njit(cache=True)
def share_by_final(me, masks, scores_so_far, remaining, polynomial, out):
    """``out[f]``: my share of the win finishing on ``f`` against every other seat (ties split equally).

    The other seats play for the expected score from their cards: their finals are their scores
    plus ``remaining[card]``; ``polynomial`` is scratch (see win.win_share for the method).
    """
    width = out.shape[0]
    n_seats = masks.shape[0]
    for f in range(width):
        polynomial[f, 0] = 1.0
        for k in range(1, n_seats):
            polynomial[f, k] = 0.0
    n_others = 0
    for seat in range(n_seats):
        if seat == me:
            continue
        n_others += 1
        row = remaining[masks[seat]]
        start = scores_so_far[seat]
        below = 0.0
        for f in range(width):
            at = row[f - start] if f >= start else 0.0
            for k in range(n_others, 0, -1):
                polynomial[f, k] = polynomial[f, k] * below + polynomial[f, k - 1] * at
            polynomial[f, 0] *= below
            below += at
    for f in range(width):
        share = 0.0
        for k in range(n_others + 1):
            share += polynomial[f, k] / (k + 1)
        out[f] = share


@njit(cache=True)
def _lexicographic_best(goal, expected, best_goal, best_expected):
    """Better on the goal, or equal on it (to rounding) and better on the expected score."""
    if goal > best_goal + 1e-12:
        return True
    return goal > best_goal - 1e-12 and expected > best_expected + 1e-9


@njit(cache=True, parallel=True)
def play_matches(first_game, seed, seats, exact_from, win, lead_table, scoring, dice, throws, n_workers, points,
                 situation):
    """Play games ``first_game ..`` of a match; ``points[game, seat, box]`` (zeros on entry) gets what each seat wrote.

    ``situation[game, seat, box]`` (zeros on entry) describes the turn that wrote the box: bit 0 set when
    the seat was behind the leading other seat as the turn began, bit 1 when a win-seeking seat chose a
    keep or box that the expected-score play would not (worth less in expected points).

    ``seats`` (``kernel_tables.MatchSeats``): ``masks[game, seat]``, ``scores[game, seat]``: where each seat
    starts; ``strategies[game, seat]``: 0 plays for the largest expected score, 1 plays to win (against the
    other seats as they stand at each of its turns, assumed to play for the expected score) once it
    has ``exact_from`` or fewer boxes open, and for the expected score before. Seats take turns in
    order from the given cards and scores. Game ``g`` draws only from ``stream(seed, first_game + g)``
    and each worker takes every ``n_workers``-th game, so the thread count changes nothing.
    ``win`` (``kernel_tables.WinTables``): the expected-score values, the remaining-points table, every card
    fullest first (``order``) and the most each card's open boxes can add (``maxima``).
    ``lead_table``: a heads-up lead table (``heads_up.LeadTable``), or an empty one; with two seats, a
    win-seeking seat reads the cards below its turn from it instead of rerunning the recursion (the
    same values). ``scoring``, ``dice``, ``throws``: ``kernel_tables.Scoring``, ``dice.Tables``,
    ``kernel_tables.ThrowTables``.
    """
    strategies, start_masks, start_scores = seats
    values, remaining, order, maxima = win
    lead_values, lead_index, lead_offset = lead_table
    scores = scoring.scores
    roll_keeps, n_roll_keeps = dice.roll_keeps, dice.n_roll_keeps
    keep_faces, keep_size, roll_code = throws.keep_faces, throws.keep_size, throws.roll_code
    n_games, n_seats, n_boxes = points.shape
    n_rolls = roll_keeps.shape[0]
    n_keeps = dice.keep_start.shape[0] - 1
    width = remaining.shape[1]
    top = width - 1
    full = (1 << n_boxes) - 1
    for w in prange(n_workers):
        table = np.zeros((full + 1, width))
        work = scratch(n_boxes, n_rolls, n_keeps)
        k1, k2 = work.k1, work.k2
        identity = np.empty(0, dtype=np.int64)   # the match's table has a row for every card
        by_points = turn_work(n_boxes, n_rolls, n_keeps)    # the expected-score turn
        e0, f1, f2, choice = by_points.v0, by_points.k1, by_points.k2, by_points.choice
        polynomial = np.empty((width, n_seats))
        masks = np.empty(n_seats, dtype=np.int64)
        so_far = np.empty(n_seats, dtype=np.int64)
        for g in range(w, n_games, n_workers):
            rng = stream(seed, first_game + g)
            for seat in range(n_seats):
                masks[seat] = start_masks[g, seat]
                so_far[seat] = start_scores[g, seat]
            while True:
                moved = False
                for seat in range(n_seats):
                    mask = masks[seat]
                    if mask == full:
                        continue
                    moved = True
                    score = so_far[seat]
                    lead = -1
                    for other in range(n_seats):
                        if other != seat:
                            lead = max(lead, so_far[other])
                    moves = 1 if score < lead else 0
                    turn(mask, 0, 0, values, True, scoring, dice, by_points)
                    to_win = strategies[g, seat] == 1 and n_boxes - popcount(mask) <= exact_from
                    if to_win:
                        share_by_final(seat, masks, so_far, remaining, polynomial, table[full])
                        # Already won or lost whatever I roll: nothing to play for but points.
                        low, high = 2.0, -1.0
                        for f in range(score, min(width, score + maxima[mask] + 1)):
                            low, high = min(low, table[full, f]), max(high, table[full, f])
                        to_win = high - low > 1e-15
                    if to_win:
                        rival = 1 - seat
                        opponent = lead_index[masks[rival]] if n_seats == 2 and lead_values.shape[0] else -1
                        if opponent >= 0 and lead_index[mask] >= 0:
                            # The cards one box fuller, from the lead table, then this card's turn.
                            shift = lead_offset - so_far[rival]
                            last = lead_values.shape[2] - 1
                            for b in range(n_boxes):
                                card = mask | (1 << b)
                                if card == mask or card == full:
                                    continue
                                row = lead_values[opponent, lead_index[card]]
                                for x in range(score, min(width, score + maxima[mask] - maxima[card] + 1)):
                                    ahead = x + shift
                                    table[card, x] = 0.0 if ahead < 0 else row[min(ahead, last)]
                            turn_rows(mask, table, identity, scoring, score, score + 1, dice, work, table[mask])
                        else:
                            for c in range(order.shape[0]):
                                card = order[c]
                                if card != full and card & mask == mask:
                                    hi = min(width, score + maxima[mask] - maxima[card] + 1)
                                    turn_rows(card, table, identity, scoring, score, hi, dice, work, table[card])
                        # table[mask]'s turn tables, for its one score, are the last ones filled: row 0
                        # of k1, k2 is this turn's.
                    roll, rng = _throw(0, keep_faces, keep_size, roll_code, rng)
                    for stage in range(2):
                        if to_win:
                            goal = k2 if stage == 0 else k1
                            plain = f2 if stage == 0 else f1
                            keep, best_goal, best_expected = -1, -1.0, -1e300
                            for j in range(n_roll_keeps[roll]):
                                option = roll_keeps[roll, j]
                                if _lexicographic_best(goal[0, option], plain[option], best_goal, best_expected):
                                    keep, best_goal, best_expected = option, goal[0, option], plain[option]
                            if plain[keep] < plain[argmax_keep(plain, roll, roll_keeps, n_roll_keeps)] - 1e-9:
                                moves |= 2
                        else:
                            keep = argmax_keep(f2 if stage == 0 else f1, roll, roll_keeps, n_roll_keeps)
                        roll, rng = _throw(keep, keep_faces, keep_size, roll_code, rng)
                    box = choice[roll]
                    if to_win:
                        box, best_goal, best_expected = -1, -1.0, -1e300
                        for b in range(n_boxes):
                            if mask >> b & 1:
                                continue
                            gained = scores[b, roll]
                            goal_value = table[mask | (1 << b), min(score + gained, top)]
                            if _lexicographic_best(goal_value, gained + values[mask | (1 << b)], best_goal,
                                                   best_expected):
                                box, best_goal, best_expected = b, goal_value, gained + values[mask | (1 << b)]
                        if best_expected < e0[roll] - 1e-9:
                            moves |= 2
                    points[g, seat, box] = scores[box, roll]
                    situation[g, seat, box] = moves
                    masks[seat] = mask | (1 << box)
                    so_far[seat] = score + scores[box, roll]
                if not moved:
                    break


@njit(cache=True)
def popcount(mask):
    count = 0
    while mask:
        count += mask & 1
        mask >>= 1
    return count
