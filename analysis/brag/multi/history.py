"""Reading a history of moves in the multi-player betting tree, from its arrays alone (no numba)."""

from __future__ import annotations

from analysis.errors import InvalidArgument

DECISION = 0


def walk(labels, kind, child_start, n_actions, blind, actor, history, note: str = "") -> int:
    """The node a history leads to: a list of moves, or one comma-separated string.

    ``blind`` is accepted for a blind player's bet and ``stay`` for any bet; a move the rules do
    not allow there is one sentence naming the moves that are (and ``note``: what the tree leaves out)."""
    moves = [m.strip() for m in history.split(",") if m.strip()] if isinstance(history, str) else list(history)
    node = 0
    for i, move in enumerate(moves):
        if kind[node] != DECISION:
            raise InvalidArgument(f"The history breaks a rule at move {i + 1} ('{move}'): the deal is already over.",
                                  field="history")
        start, count = int(child_start[node]), int(n_actions[node])
        names = [labels[c] for c in range(start, start + count)]
        name = move.lower()
        if name == "stay" or (name == "blind" and blind[node]):
            name = "bet"
        if name not in names:
            raise InvalidArgument(f"The history breaks a rule at move {i + 1} ('{move}', seat "
                                  f"{int(actor[node]) + 1}): the moves there are {', '.join(names)}{note}.", field="history")
        node = start + names.index(name)
    return node
