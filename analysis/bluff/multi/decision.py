"""One decision at the full table read from a stored multi-player solve (``decide`` with several opponents).

The player to act is seat ``(me - opener) mod players`` of the round the solve plays (seat 0 opens). The belief
about each other player's hand is their roll's chance times, for every bid they made, the strategy's chance of it
mixed with the heads-up answer's tremble over every legal action (``sampled.solution.TREMBLE``: a bid the strategy
never makes says almost nothing about the bidder's dice). The hands of different players are independent given the
bids (each bids from their own dice), so the belief is a product. Each legal action's value is exact for the
stored strategy: with my hand fixed, every state of the round is valued for every joint hand of the others, last
bids first (a call is its payoff, a raise the state it leads to), and weighed by the belief.

A bid above the dice in play cannot be true: the answer is a challenge for sure; followed by a bid within the dice
it is read as the highest bid within the dice between its neighbours (``history.within_the_dice``), as heads-up.
"""

from __future__ import annotations

import itertools

import numpy as np

from analysis.bluff.bids import format_bid
from analysis.bluff.history import within_the_dice
from analysis.bluff.multi.round import TableRound
from analysis.bluff.multi.solve import (TableSolution, build_command, find_table_solve, is_planned, planned_text,
                                       player_count)
from analysis.bluff.odds.bid_odds import my_count
from analysis.bluff.odds.outcomes import dice_lost
from analysis.bluff.sampled.shipped import QUANTUM
from analysis.bluff.sampled.solution import OFF_PATH, TREMBLE
from analysis.errors import InvalidArgument

NOT_MADE = "a bid the strategy does not make"


def seats_of(dice, opponents, turns) -> tuple:
    """(the opener, the seats' dice counts from the opener, my seat)."""
    counts = (len(dice),) + tuple(opponents)
    n = len(counts)
    opener = turns[0].player if turns else 0
    return opener, tuple(counts[(opener + s) % n] for s in range(n)), (-opener) % n


class NoTableSolve(InvalidArgument):
    """No solved strategy answers this table: the one-line note an answer from the odds and the model carries."""


class Unreached(NoTableSolve):
    """A state of a stored solve its sampling never reached (the others' bids are ones the strategy does not make):
    the solve holds no strategy there (an even chance of every action), so the odds and the model answer."""


#: Chances that differ by no more than this are even: a shipped solve keeps whole 255ths, so the even chances of an
#: information set of k actions (k not dividing 255) differ by one 255th there.
EVEN = 1.0 / QUANTUM + 1e-6


def _reached(solution: TableSolution, node: int, hand: int) -> bool:
    """Whether the solve's sampling reached this information set: one it never reached keeps the even chances it
    started from (a reached one of two or more actions is not even after its regrets move)."""
    chances = solution.chances(node, hand)
    return chances.size < 2 or bool(np.ptp(chances) > EVEN)


def never_reached(solution: TableSolution) -> tuple:
    """(information sets of two or more actions the solve's sampling never reached, all such sets)."""
    game = solution.round_.game
    never = total = 0
    for node in np.flatnonzero(game.actor >= 0):
        k, hands = int(game.n_actions[node]), int(game.rows[game.actor[node], game.rounds[node]])
        if k > 1:
            block = np.asarray(solution.policy[game.offset[node]:game.offset[node] + hands * k]).reshape(hands, k)
            never += int((np.ptp(block, axis=1) <= EVEN).sum())
            total += hands
    return never, total


def _unreached(solution: TableSolution, seat_dice) -> Unreached:
    counts = " ".join(map(str, seat_dice))
    return Unreached(f"The {solution.round_.players}-player solve of {counts} dice never reached this state of the "
                     "round (a bid before it is one the strategy does not make), so it holds no strategy here")


def unsolved_note(rules, seat_dice, refused=None) -> str:
    """Which tables the full-table strategy is solved for, and why not this one (not planned, not stored, or the
    package's copy refused): the start of the note beside an answer from elsewhere, which says what answers."""
    counts = " ".join(map(str, seat_dice))
    command = build_command(rules, seat_dice)
    if refused is not None:
        why = f"but the package's solve of {counts} dice is refused ({refused})"
    elif not is_planned(seat_dice):
        why = f"not for {player_count(len(seat_dice))} players with {counts} dice (counted from the opener)"
    elif command is None:
        why = "as the game's usual rules play it, not with these house rules"
    else:
        why = f"but the solve of {counts} dice is not stored (build it with {command})"
    return f"The full-table strategy of {rules.title} is solved for {planned_text()}, {why}"


def table_solution(rules, seat_dice) -> TableSolution:
    """The stored or shipped solve of the round of ``seat_dice`` (from the opener), or ``NoTableSolve``."""
    solution, refused = find_table_solve(rules, seat_dice)
    if solution is None:
        raise NoTableSolve(unsolved_note(rules, seat_dice, refused))
    return solution


def table_answer(rules, dice, opponents, turns):
    """(policy, action, values, source, off_path) of the stored multi-player strategy at this decision;
    ``NoTableSolve`` where no solve of the round's dice is at hand."""
    opener, seat_dice, me = seats_of(dice, opponents, turns)
    solution = table_solution(rules, seat_dice)
    round_ = solution.round_
    n = round_.players
    gains = ", ".join(f"{g.gain:+.3f}" for g in solution.gains)
    source = (f"{n}-player solve of {' '.join(map(str, seat_dice))} dice remembering the last {round_.k} bids, "
              f"{solution.iterations:,} iterations, each seat's local-best-response gain {gains} dice")
    total = sum(seat_dice)
    if turns and turns[-1].bid not in round_.bids:
        return _beyond(rules, round_, me, dice, turns[-1], source)
    bids, beyond, history = _read(rules, round_, turns)
    mine = round_.hands[me].index(tuple(sorted(dice)))
    belief, chances = _belief(solution, history, me, mine)
    node = 0 if not history else round_.state(history, (len(history) - 1) % n)
    if not _reached(solution, node, mine):
        raise _unreached(solution, seat_dice)
    values_of = _values(solution, me, mine, history[-1] if history else -1)
    joint = belief / belief.sum()
    names, policy, targets = _actions(solution, node, mine)
    values = {name: float(joint @ values_of[target]) for name, target in zip(names, targets)}
    strategy = dict(zip(names, (float(p) for p in policy)))
    action = max(strategy, key=lambda name: strategy[name])
    off_path = tuple(
        {"player": "me" if (i % n) == me else str((opener + i) % n), "bid": beyond.get(i, format_bid(rules, bid)),
         "chance": round(float(chance), 6), "read_as": format_bid(rules, bid) if i in beyond else None,
         "reason": f"above the {total} dice in play" if i in beyond else NOT_MADE}
        for i, (bid, chance) in enumerate(zip(bids, chances)) if i in beyond or chance < OFF_PATH)
    return strategy, action, values, source, off_path


def table_policy(rules, dice, opponents, turns) -> dict:
    """The stored strategy's chance of each legal action at this decision, without the values (whole games played
    by it, ``multi.games``); ``NoTableSolve`` where no solve of the round's dice is at hand."""
    _, seat_dice, me = seats_of(dice, opponents, turns)
    solution = table_solution(rules, seat_dice)
    round_ = solution.round_
    if turns and turns[-1].bid not in round_.bids:
        return {"challenge": 1.0}
    _, _, history = _read(rules, round_, turns)
    mine = round_.hands[me].index(tuple(sorted(dice)))
    node = 0 if not history else round_.state(history, (len(history) - 1) % round_.players)
    if not _reached(solution, node, mine):
        raise _unreached(solution, seat_dice)
    names, policy, _ = _actions(solution, node, mine)
    return dict(zip(names, (float(p) for p in policy)))


def _read(rules, round_: TableRound, turns):
    """(the bids as read, {position: the bid made} of each above the dice read as one within them, their indices in
    the round's bids): a bid above the dice in play followed by one within them is read as the highest bid within
    the dice between its neighbours; ``NoTableSolve`` where none lies between (the bid reader then answers)."""
    bids = [turn.bid for turn in turns]
    total = sum(round_.dice)
    beyond = {}
    for i, bid in enumerate(bids):
        if bid not in round_.bids:
            bids[i] = within_the_dice(rules, bids[i - 1] if i else None, bids[i + 1], total)
            beyond[i] = format_bid(rules, bid)
            if bids[i] is None:
                # The bid reader, which reads every legal bid, answers the one legal round the strategy cannot read.
                raise NoTableSolve(f"{beyond[i]} is above the {total} dice in play and no bid within them lies "
                                   "between the bids around it, so the solved strategy cannot read this round")
    return bids, beyond, [round_.bids.index(b) for b in bids]


def _actions(solution: TableSolution, node: int, hand: int):
    """(action names, the strategy's chance of each, the node each leads to) at ``node`` for ``hand``."""
    round_ = solution.round_
    game = round_.game
    first = int(game.child_start[node])
    chances = solution.chances(node, hand)
    if node == 0:
        children = list(range(first, first + int(game.n_actions[0])))
        return [_bid_name(round_, c) for c in children], chances, children
    calls = len(round_.calls)
    names, policy, targets = list(round_.calls), list(chances[:calls]), list(range(first, first + calls))
    if game.n_actions[node] > calls:
        r = first + calls
        inner = solution.chances(r, hand)
        children = list(range(int(game.child_start[r]), int(game.child_start[r] + game.n_actions[r])))
        names += [_bid_name(round_, c) for c in children]
        policy += list(chances[calls] * inner)
        targets += children
    return names, np.array(policy), targets


def _bid_name(round_: TableRound, node: int) -> str:
    return format_bid(round_.rules, round_.bids[int(round_.node_bid[node])])


def _others(round_: TableRound, me: int) -> list:
    return [s for s in range(round_.players) if s != me]


def _joint(round_: TableRound, me: int, mine: int) -> np.ndarray:
    """The deal index of each joint hand of the others (in ``itertools.product`` order), my hand ``mine``."""
    sizes = [len(round_.hands[s]) for s in _others(round_, me)]
    out = []
    for combo in itertools.product(*(range(size) for size in sizes)):
        hands = list(combo)
        hands.insert(me, mine)
        out.append(round_.deal(hands))
    return np.array(out, np.int64)


def _belief(solution: TableSolution, history, me: int, mine: int):
    """The weight of each joint hand of the others after ``history``, and the strategy's chance of each bid (over
    the bidder's hands as weighed before it; my own with my hand)."""
    round_ = solution.round_
    n = round_.players
    others = _others(round_, me)
    weights = {s: np.array(round_.chance[s], np.float64) for s in others}
    chances = []
    for i, b in enumerate(history):
        seat = i % n
        node = 0 if i == 0 else round_.state(history[:i], (i - 1) % n)
        hands = [mine] if seat == me else range(len(round_.hands[seat]))
        p = np.array([_chance_of_bid(solution, node, h, b) for h in hands])
        legal = _legal_actions(round_, node)
        if seat == me:
            chances.append(float(p[0]))
            continue
        prior = weights[seat] / weights[seat].sum()
        chances.append(float(prior @ p))
        weights[seat] = weights[seat] * ((1 - TREMBLE) * p + TREMBLE / legal)
    joint = np.ones(1)
    for s in others:
        joint = np.outer(joint, weights[s]).ravel()
    return joint, chances


def _chance_of_bid(solution: TableSolution, node: int, hand: int, b: int) -> float:
    round_ = solution.round_
    game = round_.game
    chances = solution.chances(node, hand)
    if node == 0:
        return float(chances[_position(round_, 0, b)])
    r = int(game.child_start[node]) + len(round_.calls)
    return float(chances[len(round_.calls)] * solution.chances(r, hand)[_position(round_, r, b)])


def _position(round_: TableRound, node: int, b: int) -> int:
    """The action of ``node`` (the root or a raise node) that bids ``b``."""
    first = int(round_.game.child_start[node])
    children = round_.node_bid[first:first + int(round_.game.n_actions[node])]
    return int(np.flatnonzero(children == b)[0])


def _legal_actions(round_: TableRound, node: int) -> int:
    game = round_.game
    if node == 0:
        return int(game.n_actions[0])
    calls = len(round_.calls)
    r = int(game.child_start[node]) + calls
    return calls + (int(game.n_actions[r]) if game.n_actions[node] > calls else 0)


def _values(solution: TableSolution, me: int, mine: int, lowest: int) -> np.ndarray:
    """values[node, j]: my payoff from ``node`` on when every seat plays the strategy, for each joint hand j of the
    others (my hand ``mine``), every node valued after the nodes it leads to (a kernel: a 2-2-2 round has nine
    thousand nodes, which a page's answer cannot walk in Python), down to those whose last bid is ``lowest`` (the
    decision's: the nodes before it are not valued)."""
    # lazy: numba starts only where a full-table decision is valued
    from analysis.bluff.multi._kernels import node_values

    round_ = solution.round_
    game = round_.game
    deals = _joint(round_, me, mine)
    rows = np.ascontiguousarray(game.observation[deals, :, 0])              # (joint, players): each seat's hand
    payoff = np.ascontiguousarray(game.share[:, deals, me])                  # (group, joint): my payoff
    return node_values(round_.order, round_.node_bid, lowest, game.actor, game.child_start, game.n_actions,
                       game.offset, game.group, payoff, np.ascontiguousarray(solution.policy, np.float64), rows)


def _beyond(rules, round_: TableRound, me: int, dice, turn, source):
    """A bid above the dice in play: a challenge for sure, valued over the others' rolls."""
    n = round_.players
    bid = turn.bid
    bidder = (me - 1) % n
    start = max(rules.starting_dice(n), *round_.dice)
    value = 0.0
    others = _others(round_, me)
    for combo in itertools.product(*(range(len(round_.hands[s])) for s in others)):
        chance = float(np.prod([round_.chance[s][h] for s, h in zip(others, combo)]))
        actual = my_count(rules, dice, bid.face) + sum(
            my_count(rules, round_.hands[s][h], bid.face) for s, h in zip(others, combo))
        loss, _ = dice_lost(rules, "challenge", actual, bid.count, round_.dice, me, bidder, start)
        value -= chance * float(loss[me])
    reading = ({"player": str(turn.player), "bid": format_bid(rules, bid), "chance": 0.0, "read_as": None,
                "reason": f"above the {sum(round_.dice)} dice in play"},)
    return {"challenge": 1.0}, "challenge", {"challenge": value}, source, reading


def opening_rows(rules, dice, opponents, decision, top: int) -> list:
    """The best openings of the stored strategy at this table (``decision``: its answer to the opening; the ``top``
    by value, and the recommended one after them where it is not among them): each with the strategy's chance of
    making it, its value (the dice I lose, negated, when every player then follows the strategy), the chance that it
    is true (given only my dice) and the chance that the next player challenges it (the strategy's answer, over
    their hands)."""
    _, seat_dice, me = seats_of(dice, opponents, ())
    solution = table_solution(rules, seat_dice)
    round_ = solution.round_
    mine = round_.hands[me].index(tuple(sorted(dice)))
    names, _, targets = _actions(solution, 0, mine)
    chosen = [name for name, _ in sorted(decision.values.items(), key=lambda item: -item[1])[:top]]
    if decision.action not in chosen:      # the recommended opening is always shown, whatever its value's rank
        chosen.append(decision.action)
    others = _others(round_, me)
    chance = np.ones(1)
    for s in others:      # every joint hand of the others: its chance, and each bid's count in it
        chance = np.outer(chance, round_.chance[s]).ravel()
    rows = []
    for name in chosen:
        node = targets[names.index(name)]
        b = int(round_.node_bid[node])
        counts = np.zeros(1, np.int64)
        for s in others:
            counts = np.add.outer(counts, round_.match[s][:, b]).ravel()
        need = round_.bids[b].count - int(round_.match[me][mine, b])
        nxt = int(round_.game.actor[node])
        answers = np.array([solution.chances(node, h)[round_.calls.index("challenge")]
                            for h in range(len(round_.hands[nxt]))])
        rows.append({"bid": name, "p_strategy": decision.policy.get(name, 0.0), "value": decision.values[name],
                     "p_true": float(chance @ (counts >= need)),
                     "p_challenged": float(np.asarray(round_.chance[nxt], np.float64) @ answers)})
    return rows
