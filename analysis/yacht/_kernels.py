"""Numba kernels for Yacht: plain arrays in, plain arrays out; no validation, no I/O.

A *state* is the score card between turns: which boxes are filled (bit mask), the
upper total capped at the bonus threshold, and whether the yacht box holds its
points (the flag that earns yacht bonuses). It is packed into one index:
``((mask * n_upper) + upper) * n_flag + flag``.

Inside a turn the kernels work on the 252 rolls and 462 keeps of ``dice.py``:
``V0[roll]`` is the value of writing the best box now, ``K1[keep]`` the value of
keeping ``keep`` with one roll left, ``V1[roll]`` the best over the roll's sub-keeps,
and so on up to ``V2`` (two rolls left) and the value of the turn before any die is
thrown. ``params`` packs the preset's numbers (see the ``P_*`` indices).
"""

import numba
import numpy as np
from numba import prange

from analysis.jit import compile_rules, njit
from analysis.random import next_state, stream, uniform_int
from analysis.yacht import keep_rules, scoring_rules
from analysis.yacht.kernel_tables import TurnWork
from analysis.yacht.scoring_rules import (NEG, P_BOXES, P_FLAG, P_JOKER, P_MAX_POINTS, P_THRESHOLD,  # noqa: F401
                                    P_UPPER, P_UPPER_BONUS, P_YACHT_BONUS, P_YACHT_BOX)

# The scoring rules are written once, in plain Python (scoring_rules.py), and compiled here.
pack = njit(cache=True)(scoring_rules.pack)
unpack = njit(cache=True)(scoring_rules.unpack)
write_box = njit(cache=True)(scoring_rules.write_box)
joker_applies = njit(cache=True)(scoring_rules.joker_applies)
# The keep passes too (keep_rules.py): ``keep_values`` averages a keep over the dice thrown, ``best_keeps``
# takes each roll's best keep.
keep_values = njit(cache=True, fastmath=True)(keep_rules.keep_values)
best_keeps = njit(cache=True, fastmath=True)(keep_rules.best_keeps)


# A roll's value in every box (the advisor's turn.solve_turn runs the same text as it stands).
box_values, = compile_rules(scoring_rules, "box_values",
                            calls={"write_box": write_box, "joker_applies": joker_applies})


@njit(cache=True, fastmath=True)
def final_values(mask, upper, flag, values, use_values, scoring, counts, v0, per_box, choice):
    """``v0[roll]``: the best box's points plus future value for every final roll; ``choice[roll]``: that box.

    Ties go to the first box in card order (values within 1e-9 count as tied).

    Writing a lower box leads to the same next state whatever it scores (the yacht box aside:
    a zero there leaves the bonus flag down), and an upper box's points depend only on how many
    dice show its face; so the future values are looked up once per box, not once per roll.
    """
    params, scores, joker_scores, box_face, yacht_face = scoring
    n_boxes = params[P_BOXES]
    n_open = 0
    open_boxes = np.empty(n_boxes, dtype=np.int64)
    hit = np.zeros(n_boxes)      # future value after a lower box that scores
    miss = np.zeros(n_boxes)     # ... and after one that scores zero
    by_count = np.zeros((n_boxes, 6))  # upper box: points + bonus + future value, by dice showing the face
    for box in range(n_boxes):
        if mask >> box & 1:
            continue
        open_boxes[n_open] = box
        n_open += 1
        face = box_face[box]
        if face == 0:
            if use_values:
                raised = 1 if (box == params[P_YACHT_BOX] and params[P_FLAG] > 1) else flag
                hit[box] = values[pack(mask | (1 << box), upper, raised, params)]
                miss[box] = values[pack(mask | (1 << box), upper, flag, params)]
        else:
            for count in range(6):
                new_upper = upper
                bonus = 0
                points = face * count
                if params[P_UPPER] > 1:
                    threshold = params[P_THRESHOLD]
                    new_upper = min(threshold, upper + points)
                    if upper < threshold and new_upper >= threshold:
                        bonus = params[P_UPPER_BONUS]
                future = values[pack(mask | (1 << box), new_upper, flag, params)] if use_values else 0.0
                by_count[box, count] = points + bonus + future
    for roll in range(v0.shape[0]):
        if joker_applies(mask, roll, params, yacht_face):
            v0[roll] = box_values(mask, upper, flag, roll, values, use_values, params, scores, joker_scores,
                                  box_face, yacht_face, per_box)
            choice[roll] = argmax_box(per_box)
            continue
        best = NEG
        chosen, chosen_value = -1, NEG
        for j in range(n_open):
            box = open_boxes[j]
            face = box_face[box]
            if face > 0:
                value = by_count[box, counts[roll, face]]
            else:
                points = scores[box, roll]
                value = points + (hit[box] if points > 0 else miss[box])
            if value > best:
                best = value
            if value > chosen_value + 1e-9:
                chosen, chosen_value = box, value
        v0[roll] = best
        choice[roll] = chosen


@njit(cache=True)
def turn(mask, upper, flag, values, use_values, scoring, dice, work):
    """Fill the turn tables ``work`` (``kernel_tables.TurnWork``) of one state and return the state's value
    (expected points still to come); ``scoring``: ``kernel_tables.Scoring``, ``dice``: ``dice.Tables``."""
    v0, k1, v1, k2, v2, per_box, choice = work
    final_values(mask, upper, flag, values, use_values, scoring, dice.counts, v0, per_box, choice)
    best = np.empty(k1.shape[0])
    keep_values(v0, dice.keep_add, k1)
    best_keeps(k1, dice.keep_remove, dice.n_remove, best, v1)
    keep_values(v1, dice.keep_add, k2)
    best_keeps(k2, dice.keep_remove, dice.n_remove, best, v2)
    total = 0.0
    for roll in range(v2.shape[0]):
        total += dice.first_roll[roll] * v2[roll]
    return total


@njit(cache=True)
def turn_work(n_boxes, n_rolls, n_keeps):
    """A turn's tables for :func:`turn`, uninitialised."""
    return TurnWork(np.empty(n_rolls), np.empty(n_keeps), np.empty(n_rolls), np.empty(n_keeps), np.empty(n_rolls),
                    np.empty(n_boxes), np.empty(n_rolls, dtype=np.int64))


@njit(cache=True)
def upper_faces(mask, box_face):
    """Bit ``f`` set when the upper box of face ``f`` is filled."""
    faces = 0
    for box in range(box_face.shape[0]):
        if box_face[box] > 0 and (mask >> box & 1):
            faces |= 1 << box_face[box]
    return faces


@njit(cache=True)
def state_is_valid(mask, upper, flag, params, box_face, reachable):
    if not reachable[upper_faces(mask, box_face), upper]:
        return False
    yacht_box = params[P_YACHT_BOX]
    return flag == 0 or (yacht_box >= 0 and (mask >> yacht_box & 1) == 1)


@njit(cache=True, parallel=True)
def solve_layer(values, layer, scoring, reachable, masks, layer_start, dice):
    """Fill ``values`` (expected points still to come) for every state with ``layer`` boxes filled.

    Those states look only at fuller ones, so the caller runs the layers from the fullest down,
    and the states of one layer are independent.
    """
    params, box_face = scoring.params, scoring.box_face
    n_boxes = params[P_BOXES]
    n_rolls = dice.roll_keeps.shape[0]
    n_keeps = dice.keep_start.shape[0] - 1
    for i in prange(layer_start[layer], layer_start[layer + 1]):
        mask = masks[i]
        work = turn_work(n_boxes, n_rolls, n_keeps)
        for upper in range(params[P_UPPER]):
            for flag in range(params[P_FLAG]):
                if state_is_valid(mask, upper, flag, params, box_face, reachable):
                    values[pack(mask, upper, flag, params)] = turn(mask, upper, flag, values, True, scoring, dice,
                                                                   work)


@njit(cache=True)
def argmax_keep(keep_vals, roll, roll_keeps, n_roll_keeps):
    best, best_keep = NEG, -1
    for j in range(n_roll_keeps[roll]):
        keep = roll_keeps[roll, j]
        if keep_vals[keep] > best + 1e-9:
            best, best_keep = keep_vals[keep], keep
    return best_keep


@njit(cache=True)
def argmax_box(per_box):
    best, best_box = NEG, -1
    for box in range(per_box.shape[0]):
        if per_box[box] > best + 1e-9:
            best, best_box = per_box[box], box
    return best_box


@njit(cache=True)
def push_keeps(chance, keep_vals, roll_keeps, n_roll_keeps, keep_start, keep_roll, keep_prob, after):
    """``after``: the chance of each roll once every roll in ``chance`` has kept its best keep and rerolled."""
    # Gather by keep first: many rolls share a keep, and each keep's row is pushed once.
    kept = np.zeros(keep_start.shape[0] - 1)
    for roll in range(chance.shape[0]):
        if chance[roll] > 0.0:
            kept[argmax_keep(keep_vals, roll, roll_keeps, n_roll_keeps)] += chance[roll]
    for keep in range(kept.shape[0]):
        if kept[keep] > 0.0:
            for j in range(keep_start[keep], keep_start[keep + 1]):
                after[keep_roll[j]] += kept[keep] * keep_prob[j]


@njit(cache=True)
def layer_states(layer, params, box_face, reachable, masks, layer_start):
    count = 0
    for pass_ in range(2):
        found = np.empty(count, dtype=np.int64)
        count = 0
        for i in range(layer_start[layer], layer_start[layer + 1]):
            for upper in range(params[P_UPPER]):
                for flag in range(params[P_FLAG]):
                    if state_is_valid(masks[i], upper, flag, params, box_face, reachable):
                        if pass_ == 1:
                            found[count] = pack(masks[i], upper, flag, params)
                        count += 1
    return found


@njit(cache=True, parallel=True)
def turn_outcomes(states, values, use_values, scoring, dice, outcomes):
    """For each state, the distinct ways its turn can end under the policy, with their chances (``outcomes``:
    ``kernel_tables.Outcomes``, row ``i`` for ``states[i]``).

    An outcome is (box, box points, upper bonus, yacht bonus, next state); ties between
    equally good keeps or boxes go to the first in table order.
    """
    n_boxes = scoring.params[P_BOXES]
    n_rolls = dice.roll_keeps.shape[0]
    n_keeps = dice.keep_start.shape[0] - 1
    for i in prange(states.shape[0]):
        # Written by a called kernel: numba 0.68 can lose a parallel loop's own writes into a tuple's arrays.
        state_outcomes(i, states[i], values, use_values, scoring, dice, turn_work(n_boxes, n_rolls, n_keeps),
                       outcomes)


@njit(cache=True)
def state_outcomes(i, state, values, use_values, scoring, dice, work, outcomes):
    """Row ``i`` of :func:`turn_outcomes`: the ways the turn of ``state`` can end (``work``: its turn tables)."""
    params, scores, joker_scores, box_face, yacht_face = scoring
    out_box, out_points, out_upper_bonus, out_yacht_bonus, out_next, out_prob, n_out = outcomes
    keep_start, keep_roll, keep_prob, roll_keeps, n_roll_keeps = (dice.keep_start, dice.keep_roll, dice.keep_prob,
                                                                  dice.roll_keeps, dice.n_roll_keeps)
    n_boxes = params[P_BOXES]
    n_rolls = roll_keeps.shape[0]
    width = params[P_MAX_POINTS] + 1
    mask, upper, flag = unpack(state, params)
    turn(mask, upper, flag, values, use_values, scoring, dice, work)
    k1, k2, choice = work.k1, work.k2, work.choice
    # Push the chance of each roll through the two keep decisions.
    middle = np.zeros(n_rolls)
    before = np.zeros(n_rolls)
    push_keeps(dice.first_roll, k2, roll_keeps, n_roll_keeps, keep_start, keep_roll, keep_prob, middle)
    push_keeps(middle, k1, roll_keeps, n_roll_keeps, keep_start, keep_roll, keep_prob, before)
    slot = np.full((n_boxes, width, 2), -1, dtype=np.int64)
    count = 0
    for roll in range(n_rolls):
        if before[roll] <= 0.0:
            continue
        box = choice[roll]
        joker = joker_applies(mask, roll, params, yacht_face)
        points, upper_bonus, yacht_bonus, following = write_box(
            box, mask, upper, flag, roll, joker, params, scores, joker_scores, box_face, yacht_face)
        extra = 1 if yacht_bonus > 0 else 0
        if slot[box, points, extra] < 0:
            slot[box, points, extra] = count
            out_box[i, count] = box
            out_points[i, count] = points
            out_upper_bonus[i, count] = upper_bonus
            out_yacht_bonus[i, count] = yacht_bonus
            out_next[i, count] = following
            out_prob[i, count] = 0.0
            count += 1
        out_prob[i, slot[box, points, extra]] += before[roll]
    n_out[i] = count


@njit(cache=True, parallel=True)
def push_scores(source, target, position, outcomes, states, source_top, target_top, chunks):
    """target[pos(next), s + points] += chance * source[pos(state), s]; parallel over target score chunks.

    ``outcomes``: :func:`turn_outcomes`' for ``states``. ``source_top[row]`` is the highest score a row can
    hold so far; only that support is shifted, and ``target_top`` is raised to match (a serial pass first,
    so the parallel one never races).
    """
    out_points, out_upper_bonus, out_yacht_bonus = outcomes.points, outcomes.upper_bonus, outcomes.yacht_bonus
    out_next, out_prob, n_out = outcomes.next, outcomes.prob, outcomes.n
    width = target.shape[1]
    for i in range(states.shape[0]):
        row = position[states[i]]
        for o in range(n_out[i]):
            shift = out_points[i, o] + out_upper_bonus[i, o] + out_yacht_bonus[i, o]
            dest = position[out_next[i, o]]
            target_top[dest] = max(target_top[dest], source_top[row] + shift)
    for c in prange(chunks):
        lo = width * c // chunks
        hi = width * (c + 1) // chunks
        for i in range(states.shape[0]):
            row = position[states[i]]
            for o in range(n_out[i]):
                shift = out_points[i, o] + out_upper_bonus[i, o] + out_yacht_bonus[i, o]
                dest = position[out_next[i, o]]
                p = out_prob[i, o]
                start = max(lo, shift)
                stop = min(hi, source_top[row] + shift + 1)
                for t in range(start, stop):
                    target[dest, t] += p * source[row, t - shift]


@njit(cache=True)
def one_box_turn(roll_values, dice):
    """Best expected ``roll_values`` of the final roll over a whole turn (two rerolls)."""
    n_rolls = dice.roll_keeps.shape[0]
    k = np.empty(dice.keep_start.shape[0] - 1)
    v = roll_values.copy()
    best = np.empty(k.shape[0])
    for _ in range(2):
        keep_values(v, dice.keep_add, k)
        best_keeps(k, dice.keep_remove, dice.n_remove, best, v)
    total = 0.0
    for roll in range(n_rolls):
        total += dice.first_roll[roll] * v[roll]
    return total


@njit(cache=True)
def _throw(keep, keep_faces, keep_size, roll_code, state):
    """Keep ``keep``, throw the other dice; returns the roll index and the advanced random state."""
    faces = np.empty(5, dtype=np.int64)
    for j in range(keep_size[keep]):
        faces[j] = keep_faces[keep, j]
    for j in range(keep_size[keep], 5):
        state = next_state(state)
        faces[j] = 1 + uniform_int(state, 6)
    faces.sort()
    code = 0
    for j in range(5):
        code = code * 7 + faces[j]
    return roll_code[code], state


@njit(cache=True)
def _most_common_keep(roll, roll_faces, keep_index_code):
    """Heuristic keep: every die of the most frequent face (the higher face on a tie)."""
    counts = np.zeros(7, dtype=np.int64)
    for j in range(5):
        counts[roll_faces[roll, j]] += 1
    best = 6
    for face in range(6, 0, -1):
        if counts[face] > counts[best]:
            best = face
    code = 0
    for _ in range(counts[best]):
        code = code * 7 + best
    return keep_index_code[code]


@njit(cache=True, parallel=True)
def simulate_games(first_game, points, seed, strategy, values, scoring, dice, throws):
    """Play games ``first_game ..`` (one per row of ``points``); strategy 0 optimal, 1 best single turn,
    2 most-common-face. ``throws``: ``kernel_tables.ThrowTables``.

    Fills points[row, column] (zeros on entry): one column per box, then upper bonus, then yacht bonus.
    Game ``g`` draws only from ``stream(seed, g)``, so neither the thread count nor the way the
    games are split between calls can change a result.
    """
    params, scores, joker_scores, box_face, yacht_face = scoring
    keep_faces, keep_size, roll_faces, roll_code, keep_index_code = throws
    roll_keeps, n_roll_keeps = dice.roll_keeps, dice.n_roll_keeps
    n_boxes = params[P_BOXES]
    n_rolls = roll_keeps.shape[0]
    n_keeps = dice.keep_start.shape[0] - 1
    use_values = strategy == 0
    for g in prange(points.shape[0]):
        rng = stream(seed, first_game + g)
        work = turn_work(n_boxes, n_rolls, n_keeps)
        k1, k2, per_box = work.k1, work.k2, work.per_box
        mask, upper, flag = 0, 0, 0
        for _ in range(n_boxes):
            if strategy != 2:
                turn(mask, upper, flag, values, use_values, scoring, dice, work)
            roll, rng = _throw(0, keep_faces, keep_size, roll_code, rng)
            for stage in range(2):
                if strategy == 2:
                    keep = _most_common_keep(roll, roll_faces, keep_index_code)
                elif stage == 0:
                    keep = argmax_keep(k2, roll, roll_keeps, n_roll_keeps)
                else:
                    keep = argmax_keep(k1, roll, roll_keeps, n_roll_keeps)
                roll, rng = _throw(keep, keep_faces, keep_size, roll_code, rng)
            # strategy 2 writes the box that scores most now (values unused).
            box_values(mask, upper, flag, roll, values, use_values, params, scores, joker_scores, box_face,
                       yacht_face, per_box)
            box = argmax_box(per_box)
            joker = joker_applies(mask, roll, params, yacht_face)
            got, upper_bonus, yacht_bonus, following = write_box(
                box, mask, upper, flag, roll, joker, params, scores, joker_scores, box_face, yacht_face)
            points[g, box] = got
            points[g, n_boxes] += upper_bonus
            points[g, n_boxes + 1] += yacht_bonus
            mask, upper, flag = unpack(following, params)


def numba_threads() -> int:
    return numba.get_num_threads()
