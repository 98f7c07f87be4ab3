"""A table's betting as the CFR core's game (``analysis.cfr.multi_player.TableGame``), and the solve's
strategy in the stored layout.

The core reads the public tree (``solve.multi_tree``) as it is; the chance layer's bucket tuples
(``solve.chance_layer``) are its deals: tuple ``t = sum(b_i * B**i)`` for seat i's bucket ``b_i``.
A seat plays from one of two rounds: blind (round 0, one row for every hand: it has not looked)
or open (round 1, one row per bucket of its own hand). Payoffs are chips won less chips paid:

* a folded pot: the last one in takes it (the same on every deal);
* a carried pot: shared evenly (the deal engine carries it to the next deal; a deal's value counts
  each player's share of it);
* a see: the seer wins the pot with the chance its hand beats the seen one given the tuple
  (``layer.beats``; the seer loses a tie), the seen player with the rest.

Each payoff is written as the solve has always computed it, operation for operation, so the
core's solve of this game repeats the Brag loop's numbers.
"""

from __future__ import annotations

import numpy as np

from analysis.cfr.multi_player import TableGame

#: Node kinds (``solve.MultiTree.kind``).
DECISION, FOLDED, CARRIED, SEEN = 0, 1, 2, 3
#: A seat's two rounds: before it looks, and after.
BLIND_ROUND, OPEN_ROUND = 0, 1


def table_game(tree, layer, root_moves=None) -> TableGame:
    """The betting of ``tree`` over the bucket tuples of ``layer`` as the core's game. ``root_moves``
    (a slice of the root's moves) keeps only those moves at the root: the game after a first move."""
    n, B, T = tree.players, layer.buckets, layer.chance.size
    child_start, n_actions = tree.child_start.copy(), tree.n_actions.copy()
    if root_moves is not None:
        first, stop = root_moves.indices(int(n_actions[0]))[:2]
        child_start[0], n_actions[0] = child_start[0] + first, stop - first
    pot = np.zeros(tree.nodes)
    for p in range(n):   # seat by seat, as the loop added them
        pot = pot + tree.paid[:, p]
    fixed = -tree.paid
    scale = pot.copy()
    group = np.full(tree.nodes, -1, np.int64)
    folded = np.flatnonzero(tree.kind == FOLDED)
    fixed[folded, tree.winner[folded]] = pot[folded] - tree.paid[folded, tree.winner[folded]]
    carried = np.flatnonzero(tree.kind == CARRIED)
    fixed[carried] = (pot[carried] / n)[:, None] - tree.paid[carried]
    pairs = [(s, o) for s in range(n) for o in range(n) if s != o]
    share = np.zeros((len(pairs), T, n))
    for g, (s, o) in enumerate(pairs):
        share[g, :, s] = layer.beats[:, s, o]
        share[g, :, o] = 1.0 - layer.beats[:, s, o]
    seen = np.flatnonzero(tree.kind == SEEN)
    group[seen] = [pairs.index((s, o)) for s, o in zip(tree.seer[seen], tree.seen[seen])]
    observation = np.zeros((T, n, 2), np.int64)
    for p in range(n):
        observation[:, p, OPEN_ROUND] = (np.arange(T) // B ** p) % B
    rounds = np.where(tree.blind, BLIND_ROUND, OPEN_ROUND)
    return TableGame(n, tree.actor, child_start, n_actions, rounds, layer.chance, observation, fixed, scale, group,
                     share, name="Brag")


def padded_policy(game: TableGame, policy: np.ndarray, buckets: int) -> np.ndarray:
    """The core's flat strategy as the stored ``policy[node, bucket, action]`` (every row padded to the widest
    node; a blind node's one row as row 0, its other rows uniform, as a row never reached is)."""
    width = int(game.n_actions.max())
    out = np.zeros((game.nodes, buckets, width))
    for node in np.flatnonzero(game.actor >= 0):
        k, rows = int(game.n_actions[node]), int(game.rows[game.actor[node], game.rounds[node]])
        out[node, :rows, :k] = policy[game.offset[node]:game.offset[node] + rows * k].reshape(rows, k)
        out[node, rows:, :k] = 1.0 / k
    return out


def flat_policy(game: TableGame, padded: np.ndarray) -> np.ndarray:
    """The stored ``policy[node, bucket, action]`` in the core's flat layout (``padded_policy`` undone)."""
    out = np.zeros(game.slots)
    for node in np.flatnonzero(game.actor >= 0):
        k, rows = int(game.n_actions[node]), int(game.rows[game.actor[node], game.rounds[node]])
        out[game.offset[node]:game.offset[node] + rows * k] = padded[node, :rows, :k].reshape(-1)
    return out
