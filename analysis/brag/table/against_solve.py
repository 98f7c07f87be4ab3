"""Values at the table against opponents who play the solved strategy.

``stay_against_solve`` answers "stay or fold?" (and raise, and see where the rules allow it) with
the opponents playing a solved game: the heads-up equilibrium with one opponent, the Monte Carlo CFR
solve of three to eight players with two to seven. You have looked at your hand; after the move
valued you play the best reply, with your hand, to their strategy. Everything is read from the
store (the solves are never run here unannounced); a table size without a stored solve is one
sentence naming the command that builds it.

The pot and stake are yours, not the solve's: the opponents' moves are the solved mixes at the
point of the deal reached by ``history``, and each later bet is counted at your stake (the
solved game's current stake is your stake).

>>> advice = stay_against_solve("brag3", "QS QD 4C", pot=40, stake=5, opponents=1)
>>> advice.best, round(advice.values["fold"], 6)    # folding leaves a blind player alone: the pot carries over
('raise to 10', 20.0)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analysis.brag._stored import BUCKETS, LEFT_OUT, multi_labels, parse_history
from analysis.brag.advice import Decision, _best, _money
from analysis.brag.headsup.betting import CARRY, FOLD, SHOWDOWN, betting_tree
from analysis.brag.showdown.cards import format_hand
from analysis.brag.showdown.hands import _cards
from analysis.brag.multi.history import walk
from analysis.brag.multi.strategy import left_out_note, model_words
from analysis.brag.rules import BragRules, preset
from analysis.brag.multi.shipped import find_solve, stored_solve
from analysis.brag.headsup.solve import solve
from analysis.brag.showdown.tables import hand_table
from analysis.errors import InvalidArgument
from analysis.store import Array, TableKind, prepares, stored_table

# Node kinds of the generic tree below (the multi-player tree's own codes).
DECISION, FOLDED, CARRIED, SEEN = 0, 1, 2, 3
#: The most opponents a solve plays against (a table of eight).
MAX_OPPONENTS = 7
_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


@dataclass(frozen=True, eq=False)
class SolvedGame:
    """A solved betting tree of ``players`` seats seen as one shape for both solves.

    ``rows(node, seat, state)`` is the policy row the actor uses in each opponents' state; ``mix``
    maps (node, rows) to the action probabilities, one row per state.
    """

    players: int
    model: str
    labels: tuple
    kind: np.ndarray
    actor: np.ndarray
    blind: np.ndarray
    child_start: np.ndarray
    n_actions: np.ndarray
    paid: np.ndarray
    winner: np.ndarray
    seer: np.ndarray
    seen: np.ndarray
    mix: object

    def actions(self, node: int) -> list[str]:
        start = int(self.child_start[node])
        return [self.labels[c] for c in range(start, start + int(self.n_actions[node]))]

    def path(self, history: list[str]) -> list[tuple[int, int]]:
        """(node, action index) for each move of ``history`` (``blind`` for a blind bet, ``stay`` for
        any bet, ``raise`` for the next rung up); a move the rules do not allow is one sentence."""
        node, steps = 0, []
        for i, move in enumerate(history):
            if self.kind[node] != DECISION:
                raise InvalidArgument(f"The history breaks a rule at move {i + 1} ('{move}'): the deal is "
                                      "already over.", field="history")
            names = self.actions(node)
            name = " ".join(move.lower().split())
            if name == "stay" or (name == "blind" and self.blind[node] and name not in names):
                name = "bet"
            if name in ("raise", "blind raise"):
                name = next((n for n in names if n.startswith(name + " ")), name)
            if name not in names:
                raise InvalidArgument(f"The history breaks a rule at move {i + 1} ('{move}', seat "
                                      f"{int(self.actor[node]) + 1}): the moves there are {', '.join(names)}.",
                                      field="history")
            steps.append((node, names.index(name)))
            node = int(self.child_start[node]) + names.index(name)
        steps.append((node, -1))
        return steps


def _decision_after(game: SolvedGame, moves: list[str]) -> list[tuple[int, int]]:
    """``game.path(moves)``, refused in one sentence where the deal is over after them."""
    steps = game.path(moves)
    if game.kind[steps[-1][0]] != DECISION:
        raise InvalidArgument("The deal is over after that history; there is no decision to value.", field="history")
    return steps


def heads_up_game(rules: BragRules) -> tuple[SolvedGame, np.ndarray]:
    """The stored heads-up equilibrium (solved once, in seconds, when the store lacks it) and the
    distinct strengths that index its rows."""
    solution = solve(rules)
    tree = solution.tree
    strengths = np.unique(hand_table(rules).strengths)
    rows = np.where(tree.blind, 1, strengths.size) * tree.n_actions
    offset = np.concatenate([[0], np.cumsum(rows)[:-1]]).astype(np.int64)
    policy = solution.policy

    def mix(node, row_of_state):
        k = int(tree.n_actions[node])
        base = offset[node] + (0 if tree.blind[node] else row_of_state) * k
        return policy[base[..., None] + np.arange(k)] if np.ndim(base) else policy[base:base + k][None, :]

    model = (f"the heads-up equilibrium (discounted CFR, {solution.exploitability:.4f} ante from equilibrium "
             "at most)")
    return heads_up_shape(tree, mix, model), strengths


def heads_up_shape(tree, mix=None, model: str = "") -> SolvedGame:
    """The heads-up betting ``tree`` (``betting.betting_tree``) as a ``SolvedGame`` playing ``mix``; without
    one, the shape alone, which checks a history (``SolvedGame.path``) before anything is solved."""
    n = tree.nodes
    kind = np.full(n, DECISION, np.int64)
    winner, seer, seen = (np.full(n, -1, np.int64) for _ in range(3))
    for node in range(1, n):
        mover = int(tree.actor[tree.parent[node]])
        if tree.kind[node] == FOLD:
            kind[node], winner[node] = FOLDED, 1 - mover
        elif tree.kind[node] == SHOWDOWN:
            kind[node], seer[node], seen[node] = SEEN, mover, 1 - mover
        elif tree.kind[node] == CARRY:
            kind[node] = CARRIED
    return SolvedGame(2, model, tuple(tree.labels), kind, tree.actor, tree.blind.astype(bool), tree.child_start,
                      tree.n_actions, tree.put_in, winner, seer, seen, mix)


#: What the stored solve leaves out of the multi-player tree: the chips each player has put in at
#: every node, and at a terminal who takes a folded pot, or who sees whom (-1 where none).
MULTI_TREE = TableKind("brag/multi-tree", {"paid": Array("float64", (None, None)),
                                           **{name: Array("int64", (None,)) for name in ("winner", "seer", "seen")}},
                       version=1)


def multi_game(rules: BragRules, players: int, store=None, table=None) -> tuple[SolvedGame, np.ndarray]:
    """The stored solve of ``players`` (3 to 8; ``table``, where the caller has read it already) and its bucket
    floors (the tree's chips are kept in the store beside it, built from the deal's rules in seconds; the strategy
    is never solved here)."""
    table = stored_solve(rules, players) if table is None else table

    def build():
        from analysis.brag.multi.solve import multi_tree  # lazy: keeps numba out of a table question's start-up

        tree = multi_tree(rules, players)
        return {"paid": tree.paid, "winner": tree.winner, "seer": tree.seer, "seen": tree.seen}

    params = {"betting": rules.betting_key(), "players": players}
    if players in LEFT_OUT:   # the tree of what the solve plays there (three to six keep their first keys)
        params["left_out"] = LEFT_OUT[players]
    chips = stored_table(store, MULTI_TREE, rules, params, build)
    if chips["paid"].shape[0] != table["kind"].size:
        raise InvalidArgument(f"The stored {players}-player solve does not match this betting structure; rebuild "
                              f"it with `odds brag solve --preset {rules.name} --players {players}`.")
    policy, blind, n_actions = table["policy"], table["blind"].astype(bool), table["n_actions"]

    def mix(node, row_of_state):
        k = int(n_actions[node])
        # A blind player's strategy is one row (the solve's row 0), whatever the hand.
        return policy[node, :1, :k] if blind[node] else policy[node, row_of_state, :k]

    gains = table["summary"].tolist()[2 + players:2 + 2 * players]
    model = f"{model_words(players)}, each player's best-response gain at most {max(gains):.3f} chip per deal"
    names = multi_labels(rules)
    game = SolvedGame(players, model, tuple(names[c] for c in table["labels"].tolist()), table["kind"],
                      table["actor"], blind, table["child_start"], n_actions, chips["paid"], chips["winner"],
                      chips["seer"], chips["seen"], mix)
    return game, table["edges"]


def opponent_states(rules: BragRules, cards, floors: np.ndarray, opponents: int, heads_up: bool):
    """The opponents' private states with their chances given your cards, each opponent's row per
    state, and your chance to beat (``win``) and not lose to (``hold``) each opponent per state.

    Heads-up a state is the opponent's exact strength (exact over its hands avoiding yours); with more
    a state is a tuple of strength buckets, each opponent's hand drawn from the cards you do not hold,
    independently of the others'."""
    table = hand_table(rules)
    mine = int(table.strengths[table.row_of(cards)])
    free = (table.masks & np.uint64(sum(1 << c for c in cards))) == 0
    theirs = table.strengths[free]
    group = np.searchsorted(floors, theirs, side="right") - 1
    size = floors.size
    counts = np.bincount(group, minlength=size).astype(float)
    share = counts / counts.sum()
    with np.errstate(invalid="ignore", divide="ignore"):
        win = np.bincount(group, weights=theirs < mine, minlength=size) / counts
        hold = np.bincount(group, weights=theirs <= mine, minlength=size) / counts
    if heads_up:
        return share, [np.arange(size)], [np.nan_to_num(win)], [np.nan_to_num(hold)], mine
    states = np.arange(size ** opponents)
    rows = [(states // size ** j) % size for j in range(opponents)]
    chance = np.prod([share[r] for r in rows], axis=0)
    return chance, rows, [np.nan_to_num(win[r]) for r in rows], [np.nan_to_num(hold[r]) for r in rows], mine


def _subtree(game: SolvedGame, top: int) -> np.ndarray:
    """The nodes under ``top`` (itself first), in index order: parents before children."""
    nodes, frontier = [], [top]
    while frontier:
        node = frontier.pop()
        nodes.append(node)
        if game.kind[node] == DECISION:
            start = int(game.child_start[node])
            frontier.extend(range(start, start + int(game.n_actions[node])))
    return np.array(sorted(nodes), np.int64)


def action_values(game: SolvedGame, hero: int, top: int, chance: np.ndarray, rows: list, win: list, hold: list,
                  pot: float, scale: float) -> np.ndarray:
    """Your chips from ``top`` on after each action there, playing the best reply afterwards.

    ``chance`` (per opponents' state) already holds their reach to ``top``. At a terminal your chips
    are the pot (``pot`` now plus every later bet, counted ``scale`` times the solve's chips) when you
    take it, a 1/players share when it carries over, less what you put in from now."""
    nodes = _subtree(game, top)
    where = {int(n): i for i, n in enumerate(nodes)}
    seat_of = [s for s in range(game.players) if s != hero]
    reach = np.zeros((nodes.size, chance.size))
    reach[0] = chance
    for i, node in enumerate(nodes):
        if game.kind[node] != DECISION or game.actor[node] == hero:
            if game.kind[node] == DECISION:
                for a in range(int(game.n_actions[node])):
                    reach[where[int(game.child_start[node]) + a]] = reach[i]
            continue
        j = seat_of.index(int(game.actor[node]))
        probabilities = game.mix(node, rows[j])
        for a in range(int(game.n_actions[node])):
            reach[where[int(game.child_start[node]) + a]] = reach[i] * probabilities[:, a]
    base_total, base_mine = game.paid[top].sum(), game.paid[top, hero]
    values = np.zeros_like(reach)
    for i in range(nodes.size - 1, -1, -1):
        node = int(nodes[i])
        if game.kind[node] == DECISION:
            children = [where[int(game.child_start[node]) + a] for a in range(int(game.n_actions[node]))]
            if game.actor[node] == hero and i > 0:
                values[i] = values[max(children, key=lambda c: values[c].sum())]
            else:
                values[i] = np.sum([values[c] for c in children], axis=0)
            continue
        total = pot + scale * (game.paid[node].sum() - base_total)
        put_in = scale * (game.paid[node, hero] - base_mine)
        if game.kind[node] == FOLDED:
            share = 1.0 if game.winner[node] == hero else 0.0
        elif game.kind[node] == CARRIED:
            share = 1.0 / game.players
        elif game.seer[node] == hero:
            share = win[seat_of.index(int(game.seen[node]))]
        elif game.seen[node] == hero:
            share = hold[seat_of.index(int(game.seer[node]))]
        else:
            share = 0.0
        values[i] = reach[i] * (share * total - put_in)
    mass = chance.sum()
    start = int(game.child_start[top])
    return np.array([values[where[start + a]].sum() / mass for a in range(int(game.n_actions[top]))])


def _stake_at(rules: BragRules, labels: list[str]) -> float:
    """The open stake to match after these moves: the last raise's rung, else the lowest."""
    stake = rules.stakes[0]
    for label in labels:
        if "raise " in label:
            stake = float(label.rsplit(" ", 1)[1])
    return stake


def stay_against_solve(rules: str | BragRules, hand, pot: float, stake: float, opponents: int = 1,
                       history: str = "") -> Decision:
    """Stay, raise, see or fold with ``hand`` against ``opponents`` (1-7) playing the solved strategy,
    after ``history`` (the moves before yours in the solved deal; default: you act first)."""
    rules = preset(rules)
    pot, stake = _money("pot", pot, True), _money("stake", stake, False)
    if isinstance(opponents, bool) or opponents not in range(1, MAX_OPPONENTS + 1):
        raise InvalidArgument(f"The solved strategy plays against 1 to {MAX_OPPONENTS} opponents, not {opponents!r}; "
                              "with more give the fixed opponent model (--model threshold).", field="opponents")
    if rules.hand_size != 3:
        raise InvalidArgument("The solved strategy plays three-card hands; choose brag3 or teen_patti, or the "
                              "fixed opponent model (--model threshold).", field="preset")
    cards = _cards(hand, rules)
    if not isinstance(history, str):
        raise InvalidArgument(f"{history!r} is not a history; give moves separated by commas.", field="history")
    heads_up = opponents == 1
    given = parse_history(history)
    solved = None
    if heads_up:   # a history the rules do not allow is one sentence before the solve (seconds on a fresh store)
        _decision_after(heads_up_shape(betting_tree(rules)), list(given))
    else:          # the same on the stored solve's own tree, before the tree's chips are built (20 s at seven)
        solved, names = stored_solve(rules, opponents + 1), multi_labels(rules)
        walk([names[code] for code in solved["labels"].tolist()], solved["kind"], solved["child_start"],
             solved["n_actions"], solved["blind"], solved["actor"], list(given), left_out_note(opponents + 1))
    game, floors = heads_up_game(rules) if heads_up else multi_game(rules, opponents + 1, table=solved)
    moves = list(given)
    steps = _decision_after(game, moves)
    node = steps[-1][0]
    hero = int(game.actor[node])
    if game.blind[node]:
        if "look" not in game.actions(node):
            raise InvalidArgument("You are blind there and may not look; there is no open decision to value.",
                                  field="history")
        moves = moves + ["look"]
        steps = game.path(moves)
        node = steps[-1][0]
    chance, rows, win, hold, mine = opponent_states(rules, cards, floors, opponents, heads_up)
    seat_of = [s for s in range(game.players) if s != hero]
    for at, action in steps[:-1]:
        if int(game.actor[at]) != hero:
            j = seat_of.index(int(game.actor[at]))
            chance = chance * game.mix(at, rows[j])[:, action]
    if chance.sum() <= 1e-12:
        raise InvalidArgument("The solved strategy never plays that history; there is no reply to value there.",
                              field="history")
    own_row = int(np.searchsorted(floors, mine, side="right") - 1)   # your bucket (as the solve sees you)
    tree_stake = _stake_at(rules, [game.labels[int(game.child_start[a]) + b] for a, b in steps[:-1]])
    scale = stake / tree_stake
    raw = action_values(game, hero, node, chance, rows, win, hold, pot, scale)
    values = {}
    for name, value in zip(game.actions(node), raw):
        if name.startswith("raise "):
            name = f"raise to {float(name.split()[1]) * stake / tree_stake:g}"
        values["stay" if name == "bet" else name] = float(value)
    history_words = f"after {', '.join(given)}" if given else "you act first"
    label = f"{_WORDS[game.players]}-player" if not heads_up else "heads-up"
    how = "exactly over the opponent's hands that avoid yours" if heads_up else (
        "exactly in the solve's buckets, each opponent's hand drawn from the cards you do not hold, "
        "independently of the others' (their overlap is left out)")
    assumptions = (
        f"The {'opponent plays' if heads_up else 'opponents play'} {game.model}; each move is drawn from the "
        "solved mix for that player's hand (a blind player's mix does not depend on its hand).",
        f"You are seat {hero + 1} of {game.players} and have looked at your hand ({history_words}); after this "
        "move you play the best reply with your hand to their strategy.",
        f"Your pot and stake, the solve's mixes: the solved game's stake there ({tree_stake:g} chip) is your "
        f"stake, so each later bet counts {scale:g} times its size in the solve; a pot carried over (everyone "
        f"folded to a blind player) is worth a 1/{game.players} share to each player, as in the solve.",
        f"Values in chips from now, computed {how}; money already in the pot is sunk.",
    )
    return Decision(
        question=f"Stay or fold with {format_hand(cards)} ({rules.name}), pot {pot:g}, stake {stake:g}, "
                 f"{opponents} opponent{'s' if opponents > 1 else ''} playing the {label} solve?",
        hand=format_hand(cards), values=values, best=_best(values), break_even={}, probabilities={},
        assumptions=assumptions,
        details={"model": game.model, "opponent_model": "solved", "exact": heads_up, "seat": hero + 1,
                 "players": game.players, "history": moves, "preset": rules.name, "stake_scale": scale,
                 "bucket": None if heads_up else own_row + 1})


@prepares("brag", "the multi-player trees' chips beside their solves (odds brag stay --opponents 2-7)")
def _prepare_multi_trees() -> None:
    for players in BUCKETS:
        if find_solve(preset("brag3"), players) is not None:
            multi_game(preset("brag3"), players)
