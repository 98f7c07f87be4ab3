"""Reading a solved heads-up game: the equilibrium mix and the value of each action, by hand.

An action's value is the player's chips per ante for the whole hand (ante and
earlier bets included), given the cards held and the betting so far, when the
player takes it and then plays the best reply to the opponent's equilibrium
strategy. At an equilibrium every action the mix uses is worth the same and none
is worth more; an action it never uses shows what it would cost. (The equilibrium
mix itself is also the best reply wherever the player's own play reaches; at
points it never reaches the mix is the solver's average and says little.) A blind
player's mix cannot depend on the cards; its values are averaged over the hands it
may hold.

>>> from analysis.brag.headsup.solve import solve
>>> advice = strategy(solve("brag3"), "QS QD 4C", ["look", "bet"])   # doctest: +SKIP
"""

from __future__ import annotations

import math

import numpy as np

from analysis.brag._stored import DECISION_POINTS, SOLVE_DEFAULTS, decision_params, parse_history
from analysis.brag.answers import Advice
from analysis.brag.headsup.betting import DECISION
from analysis.brag.showdown.cards import format_hand
from analysis.brag.showdown.hands import _cards, describe, strength
from analysis.brag.rules import CLASS_TITLES, CLASSES, PRESETS
from analysis.brag.headsup.solve import MAX_CLASSES, deck_cards, showdowns, solve, strength_pairs
from analysis.brag.showdown.tables import class_codes, hand_table
from analysis.errors import InvalidArgument
from analysis.store import Store, chosen_store, prepares

#: A hand "sees" (or "bets") at a decision when it does so at least this often.
USUAL = 0.5


class _Reader:
    """Offsets, showdown sums and class lookups of one solution.

    One hand's answer (``strategy``) counts its own row of the deal matrix with numpy
    from the hand table, so a fresh process loads neither the matrix nor numba. Tables
    over every strength read the stored strength-pair matrix (three-card games) or, for
    Four Card Brag's 5,222 strengths, the solver's card-subset sums (no 218 MB matrix).
    """

    def __init__(self, solution):
        self.solution = solution
        self.tree = solution.tree
        table = hand_table(solution.rules)
        cards = deck_cards(solution.deck)
        inside = (table.masks & ~np.uint64(sum(1 << c for c in cards))) == 0
        self.masks = table.masks[inside]
        self.strengths, self.hand_class = np.unique(table.strengths[inside], return_inverse=True)
        self.classes = self.strengths.size
        self.hands = np.bincount(self.hand_class, minlength=self.classes)
        k = solution.rules.hand_size
        self.deals = self.masks.size * math.comb(len(cards) - k, k)
        rows = np.where(self.tree.blind, 1, self.classes) * self.tree.n_actions
        self.offset = np.concatenate([[0], np.cumsum(rows)[:-1]]).astype(np.int64)
        self._layout = None

    def deals_of(self, row: int) -> np.ndarray:
        """Row ``row`` of the deal matrix: deals of a class-``row`` hand against each opponent class,
        counted directly (each of the class's hands against every hand sharing no card)."""
        available = np.zeros(self.masks.size, dtype=np.int64)
        for mask in self.masks[self.hand_class == row]:
            available += (self.masks & mask) == 0
        return np.bincount(self.hand_class, weights=available, minlength=self.classes)

    def showdown(self, reach: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per own class, against an opponent with reach ``reach`` per class: the chance of the deal
        times that reach summed over every opponent class, the weaker ones and the equal one
        (the same from either seat: swapping the hands maps deals one to one)."""
        if self._layout is None:
            if self.classes <= MAX_CLASSES:
                pairs = strength_pairs(self.solution.rules, self.solution.deck)
                self._layout = pairs.counts / pairs.deals
            else:
                self._layout = showdowns(self.solution.rules, self.solution.deck)
        if isinstance(self._layout, np.ndarray):
            chance = self._layout
            return chance @ reach, np.tril(chance, -1) @ reach, np.diag(chance) * reach
        every, weaker = np.split(self._layout.sums(reach[None, :])[0], 2)
        below_or_equal = np.split(self._layout.sums(reach[None, :], inclusive=True)[0], 2)[1]
        return every, weaker, below_or_equal - weaker

    def opponent_mass(self, node: int, seat: int) -> np.ndarray:
        """Per own class: the chance of the deal times the opponent's reach to ``node``."""
        return self.showdown(self.solution.reach[1 - seat, node])[0]

    def action_values(self, node: int, seat: int, row: int | None) -> np.ndarray:
        """Each action's value for ``seat`` holding class ``row`` (None: averaged over every hand)."""
        first = self.tree.child_start[node]
        children = range(first, first + self.tree.n_actions[node])
        values = self.solution.node_values[seat]
        reach = self.solution.reach[1 - seat, node]
        if row is None:
            # Summed over own classes, every opponent hand of class j meets the same number of
            # disjoint own hands, so the chance mass is the opponent's hands weighted by reach.
            total = self.hands @ reach / self.masks.size
            return np.array([values[c].sum() / total for c in children])
        mass = self.deals_of(row) @ reach / self.deals
        if mass <= 0:
            return np.full(len(children), np.nan)
        return np.array([values[c, row] / mass for c in children])

    def mix(self, node: int, row: int) -> np.ndarray:
        size = self.tree.n_actions[node]
        base = self.offset[node] + (0 if self.tree.blind[node] else row) * size
        return self.solution.policy[base:base + size]

    def class_of(self, strength: int) -> int:
        return int(np.searchsorted(self.strengths, strength))


def strategy(solution, hand, history=()) -> Advice:
    """The equilibrium mix and each action's value for ``hand`` after ``history`` (heads-up)."""
    reader = _Reader(solution)
    rules = solution.rules
    cards = _cards(hand, rules)
    steps = parse_history(history)
    node = reader.tree.decision_of(steps)
    seat = int(reader.tree.actor[node])
    row = reader.class_of(strength(rules, cards))
    names = reader.tree.actions(node)
    blind = bool(reader.tree.blind[node])
    mix = dict(zip(names, map(float, reader.mix(node, row))))
    values = dict(zip(names, map(float, reader.action_values(node, seat, row))))
    after = None
    if blind and "look" in names:
        looked = int(reader.tree.child_start[node] + names.index("look"))
        after = dict(zip(reader.tree.actions(looked), map(float, reader.mix(looked, row))))
    reach = float(reader.solution.reach[seat, node, row])
    return Advice(rules.name, format_hand(cards), tuple(steps), seat, blind, mix, values, after, reach)


def decision_table(solution, history=()):
    """At one decision of an open player: each hand strength's mix, reach and win chance against the
    opponent's range there (a DataFrame, weakest hand first)."""
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    reader = _Reader(solution)
    node = reader.tree.decision_of(parse_history(history))
    seat = int(reader.tree.actor[node])
    names = reader.tree.actions(node)
    win = _win_chance(reader, node, seat)
    rows = []
    for i in range(reader.classes):
        mix = reader.mix(node, i)
        rows.append({"strength": int(reader.strengths[i]),
                     "class": CLASSES[_class_code(reader, i)],
                     "hands": int(reader.hands[i]),
                     "reach": float(reader.solution.reach[seat, node, i]),
                     **{name: float(share) for name, share in zip(names, mix)},
                     "win_against_range": float(win[i])})
    return pd.DataFrame(rows)


def _class_code(reader, row: int) -> int:
    return int(class_codes(int(reader.strengths[row]), reader.solution.rules))


def _win_chance(reader, node: int, seat: int) -> np.ndarray:
    """Per own class: the chance to beat the opponent's range at ``node`` (ties count half)."""
    every, weaker, equal = reader.showdown(reader.solution.reach[1 - seat, node])
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(every > 0, (weaker + equal / 2) / every, np.nan)


def class_summary(solution, history=()):
    """``decision_table`` folded into the six hand classes, weighted by deals and reach."""
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    table = decision_table(solution, history)
    reader = _Reader(solution)
    names = reader.tree.actions(reader.tree.node_of(parse_history(history)))
    weight = table["hands"] * table["reach"]
    rows = []
    for code, name in enumerate(CLASSES):
        inside = table["class"] == name
        total = weight[inside].sum()
        row = {"class": CLASS_TITLES[name], "reached": float(total / weight.sum()) if weight.sum() else 0.0}
        for action in names:
            row[action] = float((table.loc[inside, action] * weight[inside]).sum() / total) if total else np.nan
        rows.append(row)
    return pd.DataFrame(rows[::-1])


def weakest_seeing_hand(solution, history=()) -> dict:
    """The weakest hand that sees at least half the time at one decision (and its win chance there)."""
    reader = _Reader(solution)
    node = reader.tree.node_of(parse_history(history))
    names = reader.tree.actions(node)
    if "see" not in names or reader.tree.blind[node]:
        raise InvalidArgument("Seeing is not a choice of an open player there.")
    a = names.index("see")
    seat = int(reader.tree.actor[node])
    for i in range(reader.classes):
        if reader.solution.reach[seat, node, i] > 1e-9 and reader.mix(node, i)[a] >= USUAL:
            table = hand_table(solution.rules)
            example = table.hands[np.flatnonzero(table.strengths == reader.strengths[i])[0]]

            return {"hand": format_hand(example), "name": describe(solution.rules, example.tolist()),
                    "win_against_range": float(_win_chance(reader, node, seat)[i])}
    return {"hand": None, "name": None, "win_against_range": float("nan")}


def action_share(solution, history, action: str) -> float:
    """The chance that a deal reaches the decision after ``history`` and its player takes ``action`` there,
    under the solved strategy (both players' reach, over every deal of the pack)."""
    reader = _Reader(solution)
    node = reader.tree.node_of(parse_history(history))
    names = reader.tree.actions(node)
    if action not in names:
        raise InvalidArgument(f"{action!r} is not a choice there; choose from {', '.join(names)}.")
    seat = reader.tree.actor[node]
    size = reader.tree.n_actions[node]
    rows = 1 if reader.tree.blind[node] else reader.classes   # a blind player has one mix for every hand
    block = solution.policy[reader.offset[node]:reader.offset[node] + rows * size].reshape(rows, size)
    mass = reader.opponent_mass(node, seat) * solution.reach[seat, node]
    return float((mass * block[:, names.index(action)]).sum())


def bluff_table(solution):
    """By hand class: how often an open player bets or raises, and how often such a bet is a bluff
    (made with a hand that wins less than half the time against the opponent's range there).

    Summed over every decision of an open player, weighted by the chance of the deal and
    the player's own reach."""
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    reader = _Reader(solution)
    tree = reader.tree
    classes = np.array([_class_code(reader, i) for i in range(reader.classes)])
    decided = np.zeros(len(CLASSES))
    bets = np.zeros(len(CLASSES))
    bluffs = np.zeros(len(CLASSES))
    for node in np.flatnonzero((tree.kind == DECISION) & ~tree.blind):
        seat = int(tree.actor[node])
        names = tree.actions(node)
        aggressive = [k for k, name in enumerate(names) if name == "bet" or name.startswith("raise")]
        if not aggressive:
            continue
        mass = reader.opponent_mass(node, seat) * reader.solution.reach[seat, node]
        size = tree.n_actions[node]
        base = reader.offset[node]
        policy = reader.solution.policy[base:base + reader.classes * size].reshape(reader.classes, size)
        betting = policy[:, aggressive].sum(axis=1) * mass
        behind = _win_chance(reader, node, seat) < 0.5
        np.add.at(decided, classes, mass)
        np.add.at(bets, classes, betting)
        np.add.at(bluffs, classes, np.where(behind, betting, 0.0))
    rows = []
    for code in range(len(CLASSES) - 1, -1, -1):
        rows.append({"class": CLASS_TITLES[CLASSES[code]],
                     "bets_or_raises": bets[code] / decided[code] if decided[code] else np.nan,
                     "bluff_share_of_bets": bluffs[code] / bets[code] if bets[code] else np.nan})
    return pd.DataFrame(rows)


def blind_play(solution) -> dict:
    """How often each player starts blind, and the value of each first action."""
    reader = _Reader(solution)
    tree = reader.tree
    root = tree.actions(0)
    first = dict(zip(root, map(float, reader.mix(0, 0))))
    second = {}
    for action in root:
        if action == "look":
            continue
        node = tree.node_of([action])
        second[action] = dict(zip(tree.actions(node), map(float, reader.mix(node, 0))))
    return {"first_player": first,
            "first_player_values": dict(zip(root, map(float, reader.action_values(0, 0, None)))),
            "second_player_after": second}

def store_decision_points(solution, variant: str = SOLVE_DEFAULTS["variant"],
                          target: float = SOLVE_DEFAULTS["target"],
                          iterations: int = SOLVE_DEFAULTS["iterations"], store: Store | None = None) -> int:
    """Keep beside a full-deck solve, in ``store`` (None: the default store), one small table per
    decision (``DECISION_POINTS``), from which ``odds brag strategy`` answers any hand there by reading
    its row; returns how many were written.

    ``variant``, ``target`` and ``iterations`` are those ``solve`` was called with (they key the
    tables). Decisions already stored and sound are left as they are. Four Card Brag (5,222
    strengths) is left to the library: each row of its deal matrix is a pass over 270,725 hands.
    """
    if solution.deck is not None or solution.rules.hand_size != 3:
        return 0
    reader = _Reader(solution)
    store, tree, rules = chosen_store(store), reader.tree, solution.rules
    deal_rows = None
    written = 0
    for node in np.flatnonzero(tree.kind == DECISION):
        params = decision_params(rules, tree.history(node), variant, target, iterations)
        if store.load(DECISION_POINTS, rules, params) is not None:
            continue
        if deal_rows is None:   # the one costly part (about a second): only when something is missing
            deal_rows = [reader.deals_of(row) for row in range(reader.classes)]
        seat, names = int(tree.actor[node]), tree.actions(node)
        blind = bool(tree.blind[node])
        children = tree.child_start[node] + np.arange(len(names))
        opponent = solution.reach[1 - seat, node]
        # The same expressions as ``_Reader.action_values``, row by row, so the stored answer is the
        # library's to the last bit.
        mass = np.array([deal_rows[row] @ opponent / reader.deals for row in range(reader.classes)])
        mix = np.array([reader.mix(node, row) for row in range(1 if blind else reader.classes)])
        arrays = {"point": np.array([seat, int(blind)], dtype=np.int64), "actions": _text(names),
                  "strengths": reader.strengths, "mix": mix,
                  "values": np.ascontiguousarray(solution.node_values[seat][children].T), "mass": mass,
                  "reach": solution.reach[seat, node]}
        if blind and "look" in names:
            looked = int(tree.child_start[node] + names.index("look"))
            arrays["after_actions"] = _text(tree.actions(looked))
            arrays["after_mix"] = np.array([reader.mix(looked, row) for row in range(reader.classes)])
        written += store.save(DECISION_POINTS, rules, params, arrays) is not None
    return written


def _text(names) -> np.ndarray:
    return np.frombuffer("\n".join(names).encode(), dtype=np.uint8)


@prepares("brag", "decision tables of the three-card equilibria (odds brag strategy reads one row)")
def _prepare_decision_points() -> None:
    for rules in PRESETS.values():
        if rules.hand_size == 3:
            store_decision_points(solve(rules))


__all__ = ["Advice", "strategy", "decision_table", "class_summary", "weakest_seeing_hand", "bluff_table",
           "blind_play", "parse_history", "store_decision_points"]
