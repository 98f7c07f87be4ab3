"""A round's public bid tree, written once as a plain function in numba's subset.

A small round (one question at the table, up to ``solve.SMALL_TREE`` histories) runs
:func:`build_tree` as it stands, with no compiler to start; a large one runs the copy
``_solve_kernels`` compiles from this text.
"""

import numpy as np


def build_tree(legal):
    """The public tree of a round: for each node its last bid (-1: the opening), actor, first child, raises.

    ``legal[j, k]`` says bid k may follow bid j; row ``B`` (one past the last bid) holds the openings.
    Raises always move later on the track, so subtree sizes follow by one sweep from the last bid down.
    Nodes are numbered breadth first, each node's children together and in track order.
    """
    bids = legal.shape[1]
    subtree = np.ones(bids + 1, np.int64)
    for j in range(bids - 1, -1, -1):
        for k in range(j + 1, bids):
            if legal[j, k]:
                subtree[j] += subtree[k]
    for k in range(bids):
        if legal[bids, k]:
            subtree[bids] += subtree[k]
    total = subtree[bids]
    last = np.empty(total, np.int32)
    actor = np.empty(total, np.int8)
    child_start = np.empty(total, np.int64)
    n_raises = np.empty(total, np.int32)
    last[0] = -1
    actor[0] = 0
    following = 1
    for n in range(total):
        row = bids if last[n] < 0 else last[n]
        # One array operation per node, not one per bid: as plain Python a small tree builds in milliseconds.
        children = np.flatnonzero(legal[row])
        count = children.shape[0]
        child_start[n] = following
        last[following:following + count] = children
        actor[following:following + count] = 1 - actor[n]
        following += count
        n_raises[n] = count
    return last, actor, child_start, n_raises
