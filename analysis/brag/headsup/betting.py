"""Heads-up Brag betting as a game tree: every legal sequence of blind bets, looks, bets, raises, folds and sees.

Two players each put in the ante and start blind (cards dealt, unseen). Player 0
acts first; turns alternate. On a turn a *blind* player may

- ``look`` at the cards (public; the same player then acts again, open),
- ``blind``: bet half the current stake, ``blind raise X``: bet half of a higher rung X,
- ``see`` (once someone has bet): pay ``see_cost`` times the blind stake and compare hands.

A blind player never folds: looking is free, so folding unseen is never better than
looking first. An *open* player may ``fold``, ``bet`` (the current stake), ``raise X``
(a higher rung of the ladder) or ``see`` for ``see_cost`` times the stake, but not
see a blind player unless ``open_sees_blind``. In a see the seer loses a tie. The
first bet of the hand is the lowest rung (a higher first bet counts as a raise).
After ``bets`` bets, a player who may see must see or fold; one who may not see (an
open player facing a blind one) may still bet, and the blind player must then see
or look. When a player folds and the other is blind, the pot carries over to the
next deal (``blind_alone="carries"``; the next deal is taken as even, so each
player's share of a carried pot is worth half of it) or goes to the blind player
(``"wins"``).

Payoffs are player 0's chips per ante: what player 0 takes from the pot minus what
player 0 put in. ``payoff[n]`` holds, for a terminal node, player 0's result when
player 0's hand is stronger, weaker and equal.

>>> tree = betting_tree("brag3")
>>> tree.actions(tree.node_of(["blind", "look"]))      # open against a blind player: no see
['fold', 'bet', 'raise 2']
>>> tree.cost_of_see(tree.node_of(["blind", "blind"]))      # both blind: twice the blind stake
1.0
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from analysis.brag.rules import BragRules, preset
from analysis.errors import InvalidArgument

#: Node kinds.
DECISION, FOLD, SHOWDOWN, CARRY = 0, 1, 2, 3
#: Largest tree built (public betting histories).
MAX_NODES = 200_000
WIN, LOSE, TIE = 0, 1, 2


@dataclass(frozen=True, eq=False)
class BettingTree:
    """The public tree of a heads-up hand as arrays (children come after their parent).

    Node arrays: ``kind`` (DECISION / FOLD / SHOWDOWN / CARRY), ``actor`` (who acts,
    -1 at a terminal), ``blind`` (whether the actor is blind: a blind actor's choice
    cannot depend on the cards), ``child_start`` and ``n_actions`` (children are
    contiguous), ``payoff[n, outcome]`` (player 0's chips per ante for a terminal,
    outcome WIN / LOSE / TIE from player 0's side), ``put_in[n, p]`` (chips each
    player has put in, ante included), ``status[n, p]`` (1 while player p is blind).
    """

    rules: BragRules
    labels: tuple = field(repr=False)         # the action that leads to each node ('' at the root)
    parent: np.ndarray = field(repr=False)
    kind: np.ndarray = field(repr=False)
    actor: np.ndarray = field(repr=False)
    blind: np.ndarray = field(repr=False)
    child_start: np.ndarray = field(repr=False)
    n_actions: np.ndarray = field(repr=False)
    payoff: np.ndarray = field(repr=False)
    put_in: np.ndarray = field(repr=False)
    status: np.ndarray = field(repr=False)
    level: np.ndarray = field(repr=False)     # the current rung (-1 before the first bet)

    @property
    def nodes(self) -> int:
        return int(self.kind.size)

    @property
    def terminals(self) -> int:
        return int((self.kind != DECISION).sum())

    def actions(self, node: int) -> list[str]:
        """The names of the actions at ``node`` (empty at a terminal)."""
        start = self.child_start[node]
        return [self.labels[c] for c in range(start, start + self.n_actions[node])]

    def history(self, node: int) -> list[str]:
        """The actions from the root to ``node``."""
        path = []
        while node > 0:
            path.append(self.labels[node])
            node = int(self.parent[node])
        return path[::-1]

    def node_of(self, history) -> int:
        """The node reached by a list of action names (``"raise"`` means the next rung up)."""
        node = 0
        for step, action in enumerate(history):
            action = " ".join(str(action).lower().split())
            names = self.actions(node)
            if not names:
                raise InvalidArgument(f"The hand is over after '{', '.join(history[:step])}'; "
                                      f"'{action}' cannot follow.")
            if action in ("raise", "blind raise"):
                action = next((name for name in names if name.startswith(action + " ")), action)
            if action not in names:
                who = ("first" if self.actor[node] == 0 else "second") + (", blind" if self.blind[node] else "")
                raise InvalidArgument(f"'{action}' is not allowed there (move {step + 1}: the {who} player "
                                      f"acts); choose from {', '.join(names)}.")
            node = int(self.child_start[node] + names.index(action))
        return node

    def decision_of(self, history) -> int:
        """The node reached by ``history``, which must leave a decision to make."""
        node = self.node_of(history)
        if self.kind[node] != DECISION:
            raise InvalidArgument(f"The hand is over after '{', '.join(history)}'; there is no decision to make.")
        return node

    def cost_of_see(self, node: int) -> float:
        """Chips the actor at ``node`` pays to see (NaN where seeing is not allowed)."""
        names = self.actions(node)
        if "see" not in names:
            return float("nan")
        child = self.child_start[node] + names.index("see")
        p = self.actor[node]
        return float(self.put_in[child, p] - self.put_in[node, p])


def _stake(rules: BragRules, rung: int, blind: bool) -> float:
    return rules.stakes[rung] * (rules.blind_stake if blind else 1.0)


@lru_cache(maxsize=16)
def betting_tree(rules: str | BragRules) -> BettingTree:
    """Build the tree of every legal betting sequence for ``rules`` (breadth first)."""
    rules = preset(rules)
    ante = rules.ante
    rungs = len(rules.stakes)
    # A state: (actor, blind0, blind1, rung or -1, raises made, bets made, put0, put1).
    labels, parents, states, kinds, outcomes = [""], [-1], [(0, True, True, -1, 0, 0, ante, ante)], [DECISION], [None]
    child_start, n_actions = [], []
    n = 0
    while n < len(states):
        if len(states) > MAX_NODES:
            raise InvalidArgument(f"That betting structure has more than {MAX_NODES:,} betting sequences; "
                                  "use fewer stakes, raises or bets.")
        child_start.append(len(states))
        if kinds[n] != DECISION:
            n_actions.append(0)
            n += 1
            continue
        p, b0, b1, rung, raised, bets, put0, put1 = states[n]
        blind = (b0, b1)
        q = 1 - p
        current = max(rung, 0)
        may_see = bets >= 1 and (blind[p] or not blind[q] or rules.open_sees_blind)
        capped = bets >= rules.bets
        may_stay = not capped or not may_see
        may_raise = not capped and raised < rules.raises
        put = [put0, put1]
        moves = []   # (label, next state or None, terminal kind, terminal data)

        def after_bet(to_rung, raise_step):
            new = list(put)
            new[p] += _stake(rules, to_rung, blind[p])
            return (q, b0, b1, to_rung, raised + raise_step, bets + 1, new[0], new[1])

        if blind[p]:
            looked = (p, False, b1, rung, raised, bets, put0, put1) if p == 0 else \
                (p, b0, False, rung, raised, bets, put0, put1)
            moves.append(("look", looked, DECISION, None))
        else:
            alone = CARRY if (blind[q] and rules.blind_alone == "carries") else FOLD
            moves.append(("fold", None, alone, (p, put0, put1)))
        prefix = "blind " if blind[p] else ""
        if blind[p] and not rules.blind_play:
            may_stay = may_raise = may_see = False     # must look before anything else
        if may_stay:
            moves.append((prefix.strip() or "bet", after_bet(current, 0), DECISION, None))
        if may_raise:
            for higher in range(current + 1 if rung >= 0 else 1, rungs):
                moves.append((f"{prefix}raise {rules.stakes[higher]:g}", after_bet(higher, 1), DECISION, None))
        if may_see:
            new = list(put)
            new[p] += rules.see_cost * _stake(rules, current, blind[p])
            moves.append(("see", None, SHOWDOWN, (p, new[0], new[1])))
        n_actions.append(len(moves))
        for label, state, kind, data in moves:
            labels.append(label)
            parents.append(n)
            kinds.append(kind)
            if state is None:
                seer_or_folder, new0, new1 = data
                states.append((-1, b0, b1, rung, raised, bets, new0, new1))
                outcomes.append(seer_or_folder)
            else:
                states.append(state)
                outcomes.append(None)
        n += 1
    total = len(states)
    kind = np.array(kinds, dtype=np.int8)
    state_array = np.array([(s[0], s[1], s[2], s[3], s[6], s[7]) for s in states], dtype=np.float64)
    actor = state_array[:, 0].astype(np.int8)
    status = state_array[:, 1:3].astype(np.int8)
    put_in = state_array[:, 4:6].copy()
    blind_actor = np.zeros(total, dtype=np.bool_)
    decision = kind == DECISION
    blind_actor[decision] = status[decision, actor[decision]] == 1
    payoff = np.zeros((total, 3))
    for t in np.flatnonzero(~decision):
        who = outcomes[t]
        put0, put1 = put_in[t]
        if kind[t] == FOLD:
            payoff[t, :] = -put0 if who == 0 else put1
        elif kind[t] == CARRY:
            payoff[t, :] = (put1 - put0) / 2   # the carried pot is split evenly in expectation
        else:
            payoff[t, WIN], payoff[t, LOSE] = put1, -put0
            payoff[t, TIE] = -put0 if who == 0 else put1   # the seer loses a tie
    actor[~decision] = -1
    tree = BettingTree(rules, tuple(labels), np.array(parents, dtype=np.int64), kind, actor, blind_actor,
                       np.array(child_start, dtype=np.int64), np.array(n_actions, dtype=np.int64),
                       payoff / ante, put_in, status, state_array[:, 3].astype(np.int64))
    for array in (tree.parent, kind, actor, blind_actor, tree.child_start, tree.n_actions, tree.payoff,
                  put_in, status, tree.level):
        array.setflags(write=False)
    return tree


__all__ = ["BettingTree", "betting_tree"]
