"""Plain-Python references for the round solver, written from docs/rules.md without the package's code.

A tiny round is played out on an explicit game tree: every ordered roll of every
die, every bid history as a tuple, information sets as (own sorted hand, history).
Best response is computed by the textbook recursion: at each of my information
sets pick the action with the largest value summed over the opponent hands that
reach it. Slow, obviously correct, independent of the solver's array encoding.
"""

from __future__ import annotations

import itertools

import numpy as np


class TinyRound:
    """One two-player round. ``joker``: wild face or None; ``joker_track``: joker bids as in Bluff ("odd")
    or Perudo ("even") or None (the joker is bid like any face); ``loss``: "one" or "difference";
    ``exact``: None, "calza" or "spot_on"."""

    def __init__(self, faces, dice, joker=None, joker_track=None, loss="one", exact=None,
                 opening_on_joker=True, start=5):
        self.faces, self.dice, self.joker = tuple(faces), tuple(dice), joker
        self.loss, self.exact, self.start = loss, exact, start
        total = sum(dice)
        plain = [f for f in faces if not (joker_track and f == joker)]

        def place(bid):
            count, face = bid
            if joker_track and face == joker:
                field = 2 * count - 1 if joker_track == "odd" else 2 * count
                return (field, 1, 0)
            return (count, 0, plain.index(face))

        self.bids = sorted(((c, f) for c in range(1, total + 1) for f in faces), key=place)
        self.openings = [b for b in self.bids if opening_on_joker or b[1] != joker]
        self.rolls = [list(itertools.product(faces, repeat=d)) for d in dice]

    def raises(self, history):
        if not history:
            return list(self.openings)
        return self.bids[self.bids.index(history[-1]) + 1:]

    def calls(self, history):
        if not history:
            return []
        return ["challenge"] + (["exact"] if self.exact else [])

    def actual(self, bid, rolls):
        count, face = bid
        return sum(1 for roll in rolls for die in roll
                   if die == face or (self.joker is not None and face != self.joker and die == self.joker))

    def losses(self, call, bid, rolls, caller):
        """Dice lost by (player 0, player 1); a negative loss is a die taken back."""
        bidder = 1 - caller
        held = self.dice
        actual, count = self.actual(bid, rolls), bid[0]
        lost = [0, 0]
        if call == "challenge":
            if self.loss == "difference":  # Bluff
                if actual > count:
                    lost[caller] = min(actual - count, held[caller])
                elif actual < count:
                    lost[bidder] = min(count - actual, held[bidder])
                else:
                    lost[caller] = 1  # everyone but the bidder
            elif actual >= count:
                lost[caller] = 1
            else:
                lost[bidder] = 1
        elif actual == count:
            if self.exact == "calza":
                lost[bidder] = 1
                lost[caller] = -1 if held[caller] < self.start else 0
            else:  # spot on: everyone but the caller
                lost[bidder] = 1
        else:
            lost[caller] = 1
        return lost

    def payoff(self, call, bid, rolls, caller):
        lost = self.losses(call, bid, rolls, caller)
        return lost[1] - lost[0]

    # ---------------------------------------------------------------- values
    def best_response(self, strategy, br_player):
        """Best-response value of ``br_player`` (in their own payoff) against ``strategy``.

        ``strategy(player, hand, history)`` -> {action: probability}; actions are bids
        (count, face) and "challenge" / "exact".
        """
        other = 1 - br_player
        chance_mine = 1.0 / len(self.rolls[br_player])
        chance_theirs = 1.0 / len(self.rolls[other])
        sign = 1.0 if br_player == 0 else -1.0
        total = 0.0
        for mine in self.rolls[br_player]:
            weights = {theirs: chance_theirs for theirs in self.rolls[other]}
            total += chance_mine * self._best(strategy, br_player, mine, (), weights, sign)
        return total

    def _best(self, strategy, me, mine, history, weights, sign):
        actor = len(history) % 2
        actions = self.raises(history) + self.calls(history)
        if actor == me:
            values = []
            for action in actions:
                values.append(self._after(strategy, me, mine, history, action, weights, sign, actor))
            return max(values)
        total = 0.0
        for action in actions:
            moved = {}
            for theirs, w in weights.items():
                p = strategy(actor, tuple(sorted(theirs)), history).get(action, 0.0)
                if w * p > 0:
                    moved[theirs] = w * p
            if moved:
                total += self._after(strategy, me, mine, history, action, moved, sign, actor)
        return total

    def _after(self, strategy, me, mine, history, action, weights, sign, actor):
        if isinstance(action, str):
            total = 0.0
            for theirs, w in weights.items():
                rolls = (mine, theirs) if me == 0 else (theirs, mine)
                total += w * sign * self.payoff(action, history[-1], rolls, actor)
            return total
        return self._best(strategy, me, mine, history + (action,), weights, sign)

    def expected_value(self, strategy):
        """Player 0's expected payoff when both follow ``strategy``."""
        total = 0.0
        chance = 1.0 / (len(self.rolls[0]) * len(self.rolls[1]))
        for r0 in self.rolls[0]:
            for r1 in self.rolls[1]:
                total += chance * self._play(strategy, (r0, r1), ())
        return total

    def _play(self, strategy, rolls, history):
        actor = len(history) % 2
        policy = strategy(actor, tuple(sorted(rolls[actor])), history)
        total = 0.0
        for action, p in policy.items():
            if p == 0:
                continue
            if isinstance(action, str):
                total += p * self.payoff(action, history[-1], rolls, actor)
            else:
                total += p * self._play(strategy, rolls, history + (action,))
        return total

    def uniform(self, player, hand, history):
        actions = self.raises(history) + self.calls(history)
        return {a: 1.0 / len(actions) for a in actions}


def sequence_form_value(game: TinyRound, payoff=None) -> float:
    """The exact equilibrium value of the round for player 0, by the sequence-form linear program.

    An equilibrium solver that shares nothing with CFR (Koller, Megiddo and von Stengel 1996):
    maximise f'q subject to F'q <= A'x, Ex = e, x >= 0, where x and y are the two players'
    realisation plans over their (own hand, history, action) sequences. ``payoff(call, bid,
    rolls, caller)`` defaults to the dice difference.
    """
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix

    payoff = payoff or game.payoff
    sequences = [{(): 0}, {(): 0}]   # per player: sequence key -> column
    infosets = [[], []]              # per player: (parent sequence, [child sequences])
    seen = [set(), set()]
    entries = {}

    def sequence(player, key):
        table = sequences[player]
        if key not in table:
            table[key] = len(table)
        return table[key]

    chance = 1.0 / (len(game.rolls[0]) * len(game.rolls[1]))

    def walk(rolls, history, last_seq):
        actor = len(history) % 2
        hand = tuple(sorted(rolls[actor]))
        actions = game.raises(history) + game.calls(history)
        infoset = (hand, history)
        children = [sequence(actor, (hand, history, a)) for a in actions]
        if infoset not in seen[actor]:
            seen[actor].add(infoset)
            infosets[actor].append((last_seq[actor], children))
        for action, column in zip(actions, children):
            following = list(last_seq)
            following[actor] = column
            if isinstance(action, str):
                cell = (following[0], following[1])
                entries[cell] = entries.get(cell, 0.0) + chance * payoff(action, history[-1], rolls, actor)
            else:
                walk(rolls, history + (action,), following)

    for r0 in game.rolls[0]:
        for r1 in game.rolls[1]:
            walk((r0, r1), (), [0, 0])
    nx, ny = len(sequences[0]), len(sequences[1])

    def constraints(player, size):
        rows, cols, vals = [0], [0], [1.0]
        for i, (parent, children) in enumerate(infosets[player], start=1):
            rows += [i] * (len(children) + 1)
            cols += [parent] + children
            vals += [-1.0] + [1.0] * len(children)
        return coo_matrix((vals, (rows, cols)), shape=(len(infosets[player]) + 1, size)).tocsr()

    E, F = constraints(0, nx), constraints(1, ny)
    cells = list(entries)
    A = coo_matrix(([entries[c] for c in cells], ([c[0] for c in cells], [c[1] for c in cells])),
                   shape=(nx, ny)).tocsr()
    from scipy.sparse import hstack
    nq = F.shape[0]
    # variables [x (nx, >= 0), q (nq, free)]; maximise q_0 (f = unit vector on the empty sequence)
    cost = np.zeros(nx + nq)
    cost[nx] = -1.0
    upper = hstack([-A.T, F.T]).tocsr()           # F'q - A'x <= 0
    equal = hstack([E, coo_matrix((E.shape[0], nq))]).tocsr()
    rhs = np.zeros(E.shape[0])
    rhs[0] = 1.0
    bounds = [(0, None)] * nx + [(None, None)] * nq
    result = linprog(cost, A_ub=upper, b_ub=np.zeros(ny), A_eq=equal, b_eq=rhs, bounds=bounds, method="highs")
    assert result.status == 0, result.message
    return -result.fun
