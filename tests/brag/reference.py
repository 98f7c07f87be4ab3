"""Plain-Python Brag ranking, written from docs/rules.md without looking at the kernels.

A hand's key is a tuple that Python compares lexicographically: (class rank,
tie-breakers...). Cards here are strings like "KS" so nothing is shared with
the package's integer encoding except through the conversion in ``to_text``.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

RANKS = "23456789TJQKA"
SUITS = "CDHS"
DECK = [r + s for r in RANKS for s in SUITS]           # same order as the package: rank-major
VALUE = {r: i + 2 for i, r in enumerate(RANKS)}         # 2..14, ace 14

CLASS_ORDER = ["high_card", "pair", "flush", "run", "running_flush", "prial"]


def to_text(card_code: int) -> str:
    return DECK[card_code]


def key3(cards, prial_333_high=True, a23="highest"):
    """Comparable key of a three-card hand under the given rules."""
    values = sorted((VALUE[c[0]] for c in cards), reverse=True)
    suits = {c[1] for c in cards}
    flush = len(suits) == 1
    if values[0] == values[1] == values[2]:
        # 3-3-3 above A-A-A when configured: give threes the value 15.
        return (5, 15 if (prial_333_high and values[0] == 3) else values[0])
    run_height = None
    if values[0] == values[1] + 1 == values[2] + 2:
        run_height = values[0] * 10            # 4 (2-3-4) .. 14 (A-K-Q), spaced by 10
    elif values == [14, 3, 2]:
        run_height = {"highest": 145, "second": 135, "lowest": 5, "none": None}[a23]
    if run_height is not None:
        return (4 if flush else 3, run_height)
    if flush:
        return (2, *values)
    if values[0] == values[1] or values[1] == values[2]:
        pair = values[1]
        odd = values[2] if values[0] == values[1] else values[0]
        return (1, pair, odd)
    return (0, *values)


def key4(cards, prial_333_high=True, a23="highest"):
    """Best three of four; the discarded card's rank breaks ties between equal best threes."""
    options = []
    for three in combinations(cards, 3):
        (discard,) = [c for c in cards if c not in three]
        options.append((key3(three, prial_333_high, a23), VALUE[discard[0]]))
    return max(options)


def class_name(key) -> str:
    top = key[0] if isinstance(key[0], int) else key[0][0]
    return CLASS_ORDER[top]


def dense_ranks(keys) -> list[int]:
    """Replace each key by its position among the distinct keys (0 = weakest)."""
    order = {k: i for i, k in enumerate(sorted(set(keys)))}
    return [order[k] for k in keys]


@lru_cache(maxsize=None)
def all_keys(hand_size, prial_333_high=True, a23="highest"):
    """{frozenset of cards: key} for every hand of the full deck (built once per process)."""
    key = key3 if hand_size == 3 else key4
    return {frozenset(h): key(h, prial_333_high, a23) for h in combinations(DECK, hand_size)}


# ---------------------------------------------------------------------------------------------
# Heads-up betting, written from the rules as documented in docs/brag.md (not from betting.py).
# A history is a tuple of action names; a node is either a decision (actor, actions) or the end
# of the hand (player 0's chips, given who has the better hand).

def betting_actions(structure, history):
    """(actor, blind, [(action, next history or None for the end of the hand)]) after ``history``,
    or None when the hand is over. ``structure``: dict with stakes, raises, bets, see_cost,
    open_sees_blind."""
    state = replay(structure, history)
    if state["over"]:
        return None
    me = state["actor"]
    them = 1 - me
    blind = state["blind"][me]
    rung = state["rung"]
    can_see = state["bets"] > 0 and (blind or not state["blind"][them] or structure["open_sees_blind"])
    capped = state["bets"] >= structure["bets"]
    actions = ["look"] if blind else ["fold"]
    if not (capped and can_see):
        actions.append("blind" if blind else "bet")
    if not capped and state["raises"] < structure["raises"]:
        lowest = 1 if rung is None else rung + 1
        for higher in range(lowest, len(structure["stakes"])):
            actions.append(("blind raise " if blind else "raise ") + f"{structure['stakes'][higher]:g}")
    if can_see:
        actions.append("see")
    return me, blind, actions


def replay(structure, history):
    """Play ``history`` from the deal: who acts, who is blind, chips put in, and how it ended."""
    state = {"actor": 0, "blind": [True, True], "rung": None, "raises": 0, "bets": 0,
             "put": [structure["ante"], structure["ante"]], "over": None}
    stakes = structure["stakes"]
    for action in history:
        me = state["actor"]
        share = 0.5 if state["blind"][me] else 1.0
        current = 0 if state["rung"] is None else state["rung"]
        if action == "look":
            state["blind"][me] = False
            continue   # the same player acts again, now open
        if action == "fold":
            state["over"] = ("fold", me)
            break
        if action == "see":
            state["put"][me] += structure["see_cost"] * share * stakes[current]
            state["over"] = ("see", me)
            break
        if action in ("bet", "blind"):
            state["put"][me] += share * stakes[current]
        else:   # a raise to a named stake
            rung = [f"{s:g}" for s in stakes].index(action.split()[-1])
            state["put"][me] += share * stakes[rung]
            state["rung"] = rung
            state["raises"] += 1
        if state["rung"] is None:
            state["rung"] = 0
        state["bets"] += 1
        state["actor"] = 1 - me
    return state


def end_payoff(structure, history, comparison):
    """Player 0's chips at the end of ``history``; ``comparison`` is +1 if player 0's hand is
    better, -1 if worse, 0 if equal."""
    state = replay(structure, history)
    how, who = state["over"]
    put0, put1 = state["put"]
    if how == "fold":
        stays = 1 - who
        if state["blind"][stays] and structure["blind_alone"] == "carries":
            return (put1 - put0) / 2        # the pot carries over; the next deal is even
        return put1 if stays == 0 else -put0
    if comparison == 0:
        comparison = -1 if who == 0 else 1   # the player who saw loses a tie
    return put1 if comparison > 0 else -put0


def all_histories(structure):
    """Every history of the betting, parents before children."""
    out, frontier = [()], [()]
    while frontier:
        following = []
        for history in frontier:
            node = betting_actions(structure, history)
            if node is None:
                continue
            for action in node[2]:
                following.append(history + (action,))
        out.extend(following)
        frontier = following
    return out


def deals(deck, key=key3):
    """Every ordered pair of disjoint three-card hands from ``deck`` (text cards), with their keys."""
    hands = [(h, key(h)) for h in combinations(deck, 3)]
    return [(k0, k1) for h0, k0 in hands for h1, k1 in hands if not set(h0) & set(h1)]


def information_set(structure, history, player, own_key):
    """What ``player`` knows after ``history``: the history, plus the hand's key once looked."""
    return (history, own_key if has_looked(repr(sorted(structure.items())), history, player) else None)


_LOOKED = {}


def has_looked(structure_text, history, player):
    """Whether ``player`` looked during ``history`` (a look leaves the turn with the looker)."""
    key = (structure_text, history, player)
    if key not in _LOOKED:
        actor, looked = 0, False
        for action in history:
            if action == "look":
                looked = looked or actor == player
            else:
                actor = 1 - actor
        _LOOKED[key] = looked
    return _LOOKED[key]


def best_response_value(structure, deck, strategy, responder):
    """The responder's best expected chips (player 0's sign for 0, player 1's for 1) against
    ``strategy(history, own_key_or_None) -> {action: probability}`` for the other player,
    by walking every deal through the whole tree."""
    all_deals = deals(deck)
    weight = 1.0 / len(all_deals)
    histories = all_histories(structure)
    sign = 1 if responder == 0 else -1
    # value[(history, deal index)] for the responder, deepest histories first.
    value = {}
    for history in sorted(histories, key=len, reverse=True):
        node = betting_actions(structure, history)
        if node is None:
            ends = {c: sign * end_payoff(structure, history, c) for c in (-1, 0, 1)}
            for d, (k0, k1) in enumerate(all_deals):
                value[history, d] = ends[(k0 > k1) - (k0 < k1)]
            continue
        actor, _, actions = node
        if actor != responder:
            for d, (k0, k1) in enumerate(all_deals):
                other_key = (k0, k1)[actor]
                mix = strategy(*information_set(structure, history, actor, other_key))
                value[history, d] = sum(mix[a] * value[history + (a,), d] for a in actions)
            continue
        # The responder picks one action per information set: by summed (counterfactual) value.
        groups = {}
        for d, (k0, k1) in enumerate(all_deals):
            groups.setdefault(information_set(structure, history, actor, (k0, k1)[actor]), []).append(d)
        for members in groups.values():
            reach = {d: opponent_reach(structure, strategy, history, all_deals[d], responder) for d in members}

            def gain(a):
                return sum(reach[d] * value[history + (a,), d] for d in members)
            best = max(actions, key=gain)
            for d in members:
                value[history, d] = value[history + (best,), d]
    return weight * sum(value[(), d] for d in range(len(all_deals)))


def opponent_reach(structure, strategy, history, deal, responder):
    """The probability that the responder's opponent plays its part of ``history`` with its hand in ``deal``."""
    other = 1 - responder
    probability, actor = 1.0, 0
    for i, action in enumerate(history):
        if actor == other:
            probability *= strategy(*information_set(structure, history[:i], other, deal[other]))[action]
        if action != "look":   # a look leaves the turn with the looker
            actor = 1 - actor
    return probability


def sequence_form_value(structure, deck):
    """Player 0's equilibrium value by the sequence-form linear program (von Stengel 1996), solved
    with scipy's ``linprog``: max over player 0's realisation plans x of min over player 1's of x'Ay."""
    import numpy as np
    from scipy.optimize import linprog
    from scipy.sparse import csr_matrix, hstack, lil_matrix

    all_deals = deals(deck)
    weight = 1.0 / len(all_deals)
    sequences = [{(): 0}, {(): 0}]
    parent_of = [{}, {}]          # information set -> the player's sequence before it
    payoff = {}

    def sequence(player, key):
        return sequences[player].setdefault(key, len(sequences[player]))

    def walk(history, d, last):
        node = betting_actions(structure, history)
        k0, k1 = all_deals[d]
        if node is None:
            cell = (last[0], last[1])
            payoff[cell] = payoff.get(cell, 0.0) + weight * end_payoff(structure, history, (k0 > k1) - (k0 < k1))
            return
        actor, _, actions = node
        infoset = information_set(structure, history, actor, (k0, k1)[actor])
        parent_of[actor][infoset] = last[actor]
        for action in actions:
            step = list(last)
            step[actor] = sequence(actor, (infoset, action))
            walk(history + (action,), d, step)

    for d in range(len(all_deals)):
        walk((), d, [0, 0])
    n0, n1 = len(sequences[0]), len(sequences[1])
    sets = [sorted(parent_of[p], key=repr) for p in (0, 1)]
    m0, m1 = 1 + len(sets[0]), 1 + len(sets[1])

    def constraints(player, m, n):
        matrix = lil_matrix((m, n))
        matrix[0, 0] = 1.0
        for row, infoset in enumerate(sets[player], start=1):
            matrix[row, parent_of[player][infoset]] = -1.0
            for key, column in sequences[player].items():
                if key != () and key[0] == infoset:
                    matrix[row, column] = 1.0
        return matrix.tocsr()

    E, F = constraints(0, m0, n0), constraints(1, m1, n1)
    A = lil_matrix((n0, n1))
    for (s0, s1), v in payoff.items():
        A[s0, s1] = v
    A = A.tocsr()
    # Variables: x (n0, >= 0), q (m1, free). Maximise q[0] subject to F'q - A'x <= 0 and E x = e.
    cost = np.zeros(n0 + m1)
    cost[n0] = -1.0
    upper = hstack([-A.T, F.T]).tocsr()
    equal = hstack([E, csr_matrix((m0, m1))]).tocsr()
    e = np.zeros(m0)
    e[0] = 1.0
    bounds = [(0, None)] * n0 + [(None, None)] * m1
    result = linprog(cost, A_ub=upper, b_ub=np.zeros(n1), A_eq=equal, b_eq=e, bounds=bounds, method="highs")
    assert result.status == 0, result.message
    return -result.fun
