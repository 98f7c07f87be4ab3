"""The scoring rules every turn shares, as plain Python: what writing a roll in a box earns and where it leads.

The numba kernels (``_kernels.py``) compile these very functions, and the advisor calls them
as they are (a few thousand calls answer one position; ``box_values``, a roll in every box with its
future value, is the advisor's whole use), so one text holds the joker and bonus
rules for both, and a table question needs no compiler. Numbers and arrays only, no checks.

A *state* is the score card between turns, packed into one index:
``((mask * n_upper) + upper) * n_flag + flag`` (see ``_kernels.py``). ``params`` packs the
preset's numbers (the ``P_*`` indices).

>>> from analysis.yacht.game import game_arrays
>>> from analysis.yacht.rules import preset
>>> g = game_arrays(preset("yacht_kr"))
>>> from analysis.yacht.dice import ROLL_INDEX
>>> [int(x) for x in write_box(4, 0, 0, 0, ROLL_INDEX[(2, 2, 6, 6, 6)], False, *g.rule_args)]  # Full House
[22, 0, 0, 16]
"""

P_BOXES, P_UPPER, P_FLAG, P_THRESHOLD, P_UPPER_BONUS, P_YACHT_BONUS, P_YACHT_BOX, P_JOKER, P_MAX_POINTS = range(9)
NEG = -1e300


def pack(mask, upper, flag, params):
    return (mask * params[P_UPPER] + upper) * params[P_FLAG] + flag


def unpack(state, params):
    flag = state % params[P_FLAG]
    rest = state // params[P_FLAG]
    return rest // params[P_UPPER], rest % params[P_UPPER], flag


def write_box(box, mask, upper, flag, roll, joker, params, scores, joker_scores, box_face, yacht_face):
    """Write ``roll`` in ``box``: (box points, upper bonus, yacht bonus, next state), or box points -1 if illegal.

    ``joker`` is 1 when the roll is a further five-alike (the yacht box already filled): it earns
    the yacht bonus if the flag is up, and the joker rule (if any) decides where it may go.
    """
    if mask >> box & 1:
        return -1, 0, 0, 0
    n_boxes = params[P_BOXES]
    yacht_bonus = 0
    points = scores[box, roll]
    if joker and flag == 1:
        yacht_bonus = params[P_YACHT_BONUS]
    if joker and params[P_JOKER] > 0:
        face = yacht_face[roll]
        matching = -1
        lower_open = False
        for b in range(n_boxes):
            if box_face[b] == face:
                matching = b
            if box_face[b] == 0 and not (mask >> b & 1):
                lower_open = True
        matching_open = matching >= 0 and not (mask >> matching & 1)
        if params[P_JOKER] == 1:
            # Forced joker (Hasbro): the matching upper box if open, else a lower box, else an upper zero.
            if matching_open:
                if box != matching:
                    return -1, 0, 0, 0
            elif lower_open and box_face[box] != 0:
                return -1, 0, 0, 0
            points = joker_scores[box, roll]
        elif not matching_open:
            # Free joker (Verhoeff's rules): any open box; full house and straights count only
            # once the matching upper box is filled.
            points = joker_scores[box, roll]
    new_upper = upper
    upper_bonus = 0
    if box_face[box] > 0 and params[P_UPPER] > 1:
        threshold = params[P_THRESHOLD]
        new_upper = min(threshold, upper + points)
        if upper < threshold and new_upper >= threshold:
            upper_bonus = params[P_UPPER_BONUS]
    new_flag = flag
    if box == params[P_YACHT_BOX] and points > 0 and params[P_FLAG] > 1:
        new_flag = 1
    # pack() written out: numba compiles this function as it stands, so it calls no plain-Python function.
    following = ((mask | (1 << box)) * params[P_UPPER] + new_upper) * params[P_FLAG] + new_flag   # pack()
    return points, upper_bonus, yacht_bonus, following


def joker_applies(mask, roll, params, yacht_face):
    """Is ``roll`` a further five-alike, one that a yacht bonus or joker rule treats specially?"""
    yacht_box = params[P_YACHT_BOX]
    special = params[P_JOKER] > 0 or params[P_YACHT_BONUS] > 0
    return special and yacht_face[roll] > 0 and yacht_box >= 0 and (mask >> yacht_box & 1) == 1


def box_values(mask, upper, flag, roll, values, use_values, params, scores, joker_scores, box_face,
               yacht_face, out):
    """``out[box]``: points now plus expected future points, for every box (NEG where illegal)."""
    joker = joker_applies(mask, roll, params, yacht_face)
    best = NEG
    for box in range(params[P_BOXES]):
        points, upper_bonus, yacht_bonus, following = write_box(
            box, mask, upper, flag, roll, joker, params, scores, joker_scores, box_face, yacht_face)
        if points < 0:
            out[box] = NEG
            continue
        out[box] = points + upper_bonus + yacht_bonus
        if use_values:
            out[box] += values[following]
        best = max(best, out[box])
    return best
