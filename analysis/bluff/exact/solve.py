"""Equilibrium play of a two-player round, by counterfactual regret minimisation.

A round between the first bidder (player 0, ``dice[0]`` dice) and the second
bidder (player 1, ``dice[1]`` dice) is solved exactly as the preset plays it: its
own bid track (``bids.is_raise``), its own calls (challenge, and Perudo's calza or
Liar's Dice's spot on) and its own loss rule (``outcomes.dice_lost``, the rule the
advisor uses). Bids are capped at the dice in play: a higher bid can never be
true, so the other player calls it at no risk.

The payoff is the dice the other player loses minus the dice I lose (a zero-sum
reading of one round), or any other terminal value, such as the chance to win
the whole game from the position the round leaves (``game_value.py``).

Solvers: discounted CFR (the default; alpha 1.5, beta 0, gamma 2), CFR+
(regret matching+, linearly weighted average), linear CFR and vanilla CFR as the
reference, from the CFR core (``analysis.cfr``): this module and ``_solve_kernels``
supply the round (tree, chance, payoffs) and its passes over the tree.
Every solve reports its exploitability, computed exactly by best response on the
whole tree: half the NashConv, i.e. how much a perfect opponent could gain, on
average over the two seats, against the average strategy.

>>> from analysis.bluff.rules import preset
>>> solution = solve_round(preset("liars_dice", wild=6).with_fields(exact_call=None), (1, 1), store=False)
>>> round(solution.value, 3), solution.exploitability < 1e-4
(-0.027, True)
"""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np

# Its step of ``odds cache build`` (seconds) comes before these minutes.
from analysis.bluff.odds import _count_tables  # noqa: F401
from analysis.bluff.exact import bid_tree_rules
from analysis.bluff.bids import Bid, all_bids, format_bid, format_dice, is_raise
from analysis.bluff.exact.endgame import (CHALLENGE, EXACT, ROUNDS, SOLVE_ON_DEMAND, EndgamePlay,  # noqa: F401
                                          default_precision, dice_payoff, endgame_round, payoffs, raise_rows)
from analysis.bluff.exact.kernel_tables import RoundArrays
from analysis.bluff.odds.bid_odds import my_count
from analysis.bluff.odds.outcomes import last_die_payoff
from analysis.bluff.rules import PRESETS, BiddingRules
from analysis.cfr import two_player
from analysis.cfr.checks import check_solver
from analysis.combinatorics import arrangements
from analysis.errors import InvalidArgument
from analysis.tables import counted
from analysis.store import Store, chosen_store, prepares

#: Largest public tree solved (bid histories); 2v2 (2**24 histories x 21 hands) does not fit here.
MAX_NODES = 1 << 19
#: Trees up to this many histories are built by the uncompiled ``bid_tree_rules`` (no numba start-up for a table
#: question).
SMALL_TREE = 1 << 13


def die_faces(rules: BiddingRules, faces: Optional[int] = None) -> tuple[int, ...]:
    """The face codes a die shows: all six, or for a smaller test game the joker and the lowest faces."""
    if faces is None or faces == 6:
        return tuple(rules.bid_faces)
    if not 2 <= faces <= 6:
        raise InvalidArgument(f"A die needs 2-6 faces, not {faces}.")
    plain = [f for f in rules.bid_faces if f != rules.joker]
    chosen = plain[:faces - 1] + [rules.joker] if rules.joker is not None else plain[:faces]
    return tuple(sorted(chosen))


def hands_of(dice: int, faces: tuple[int, ...]) -> tuple[list[tuple[int, ...]], np.ndarray]:
    """Every hand of ``dice`` dice (sorted faces) and its chance."""
    hands = list(itertools.combinations_with_replacement(faces, dice))
    chances = np.empty(len(hands))
    for i, hand in enumerate(hands):
        chances[i] = arrangements(hand) / len(faces) ** dice
    return hands, chances


@dataclass(frozen=True, eq=False)
class RoundGame:
    """The array encoding of one two-player round (see ``_solve_kernels``)."""

    rules: BiddingRules
    dice: tuple[int, int]
    faces: tuple[int, ...]
    palifico_round: bool
    bids: tuple[Bid, ...]
    calls: tuple[str, ...]
    hands: tuple[list, list]
    chance: np.ndarray = field(repr=False)   # [player, hand]
    match: np.ndarray = field(repr=False)    # [player, hand, bid]: own dice counting for the bid
    legal: np.ndarray = field(repr=False)    # [previous bid or opening, bid]
    payoff: np.ndarray = field(repr=False)   # [call, caller, bid, actual count] -> first bidder's payoff
    last: np.ndarray = field(repr=False)
    actor: np.ndarray = field(repr=False)
    child_start: np.ndarray = field(repr=False)
    n_raises: np.ndarray = field(repr=False)
    n_actions: np.ndarray = field(repr=False)
    offset: np.ndarray = field(repr=False)

    @property
    def hand_counts(self) -> np.ndarray:
        return np.array([len(self.hands[0]), len(self.hands[1])], dtype=np.int64)

    @property
    def nodes(self) -> int:
        return int(self.actor.size)

    @property
    def slots(self) -> int:
        """Length of the flat strategy arrays: one slot per (node, own hand, action)."""
        return int(self.offset[-1] + self.n_actions[-1] * self.hand_counts[self.actor[-1]])

    @property
    def information_sets(self) -> int:
        return int(sum(len(self.hands[p]) * int((self.actor == p).sum()) for p in (0, 1)))

    @property
    def rows(self) -> np.ndarray:
        """Information sets at each node: one per hand its actor can hold."""
        return self.hand_counts[self.actor]

    def kernel_arrays(self) -> RoundArrays:
        return RoundArrays(self.last, self.actor, self.child_start, self.n_raises, self.n_actions, self.offset,
                           self.hand_counts, np.array(self.dice, dtype=np.int64), self.chance, self.match,
                           self.payoff)

    # The two tree passes the CFR core (``analysis.cfr.two_player``) asks of a game.
    def iterate(self, first: int, count: int, schedule: np.ndarray, regret: np.ndarray,
                strategy_sum: np.ndarray) -> None:
        # lazy: keeps numba out of a table question's start-up
        from analysis.bluff.exact import _kernels as _solve_kernels

        _solve_kernels.run_cfr(first, count, schedule, regret, strategy_sum, self.kernel_arrays())

    def evaluate(self, policy: np.ndarray) -> tuple[float, float, float]:
        """(first bidder's value, each player's best-response value) against ``policy``."""
        # lazy: keeps numba out of a table question's start-up
        from analysis.bluff.exact import _kernels as _solve_kernels

        return _solve_kernels.evaluate(policy, self.kernel_arrays())

    def node_of(self, history) -> int:
        """The node reached by a sequence of bids (each a legal raise of the one before)."""
        node = 0
        for bid in history:
            if bid not in self.bids:
                raise InvalidArgument(f"{format_bid(self.rules, bid)} is not a bid of this round "
                                      f"(counts 1-{sum(self.dice)}, faces {format_dice(self.rules, self.faces)}).")
            index = self.bids.index(bid)
            row = len(self.bids) if self.last[node] < 0 else self.last[node]
            if not self.legal[row, index]:
                raise InvalidArgument(f"{format_bid(self.rules, bid)} is not a legal raise at that point of the round.")
            node = int(self.child_start[node] + self.legal[row, :index].sum())
        return node

    def actions_at(self, node: int) -> list[str]:
        """Names of the actions at ``node``: the raises as bids, then the calls."""
        raises = [format_bid(self.rules, self.bids[self.last[self.child_start[node] + r]])
                  for r in range(self.n_raises[node])]
        return raises + (list(self.calls) if self.last[node] >= 0 else [])

    def hand_index(self, player: int, hand) -> int:
        key = tuple(sorted(hand))
        try:
            return self.hands[player].index(key)
        except ValueError:
            raise InvalidArgument(f"{format_dice(self.rules, key)} is not a hand of {self.dice[player]} "
                                  f"dice in this round.") from None


def round_game(rules: BiddingRules, dice=(1, 1), faces: Optional[int] = None, palifico_round: bool = False,
               start: Optional[int] = None, terminal_value: Optional[Callable] = None) -> RoundGame:
    """Encode a two-player round as arrays.

    ``terminal_value(loss, caller)`` gives the first bidder's payoff from the dice
    each player loses (``outcomes.dice_lost``); by default the dice difference.
    """
    dice = tuple(int(d) for d in dice)
    if len(dice) != 2 or min(dice) < 1:
        raise InvalidArgument(f"A round is solved for two players holding at least one die each, not {dice}.")
    if palifico_round and not rules.palifico:
        raise InvalidArgument(f"{rules.title} has no palifico rounds.")
    if start is None:
        start = max(rules.starting_dice(2), *dice)
    total = sum(dice)
    die = die_faces(rules, faces)
    bids = tuple(b for b in all_bids(rules, total) if b.face in die)
    subtree = _tree_size(rules, bids, palifico_round)
    if subtree > MAX_NODES:
        raise InvalidArgument(f"A {dice[0]}v{dice[1]} round of {rules.title} has {subtree:,} bid histories, more "
                              f"than the {MAX_NODES:,} this solver holds in memory; solve at most 3 dice in play.")
    calls = (CHALLENGE,) + ((EXACT,) if rules.exact_call else ())
    hands, chance = zip(*(hands_of(d, die) for d in dice))
    hand_max = max(len(h) for h in hands)
    chance_array = np.zeros((2, hand_max))
    match = np.zeros((2, hand_max, len(bids)), dtype=np.int64)
    for p in (0, 1):
        chance_array[p, :len(hands[p])] = chance[p]
        for h, hand in enumerate(hands[p]):
            for b, bid in enumerate(bids):
                match[p, h, b] = my_count(rules, hand, bid.face, palifico_round)
    rows = raise_rows(rules, bids, palifico_round)
    legal = np.zeros((len(bids) + 1, len(bids)), dtype=np.bool_)
    for j, row in enumerate(rows):
        legal[j, row] = True
    payoff = np.array(payoffs(rules, dice, bids, calls, start, terminal_value or dice_payoff)).reshape(
        len(calls), 2, len(bids), total + 1)
    if subtree <= SMALL_TREE:       # as plain Python: no compiler to start for a small round
        last, actor, child_start, n_raises = bid_tree_rules.build_tree(legal)
    else:
        # lazy: keeps numba out of a table question's start-up
        from analysis.bluff.exact import _kernels as _solve_kernels
        last, actor, child_start, n_raises = _solve_kernels.build_tree(legal)
    n_actions = (n_raises + np.where(last >= 0, len(calls), 0)).astype(np.int64)
    sizes = n_actions * np.array([len(hands[0]), len(hands[1])])[actor]
    offset = np.concatenate(([0], np.cumsum(sizes)[:-1])).astype(np.int64)
    return RoundGame(rules, dice, die, palifico_round, bids, calls, (list(hands[0]), list(hands[1])),
                     chance_array, match, legal, payoff, last, actor, child_start, n_raises, n_actions, offset)


def _tree_size(rules, bids, palifico_round) -> int:
    """Number of bid histories, counted before any array is made."""
    size = [1] * len(bids)
    for j in range(len(bids) - 1, -1, -1):
        size[j] += sum(size[k] for k in range(j + 1, len(bids)) if is_raise(rules, bids[j], bids[k], palifico_round))
    return 1 + sum(size[k] for k in range(len(bids)) if is_raise(rules, None, bids[k], palifico_round))


# ----------------------------------------------------------------------------- solving
@dataclass(frozen=True, eq=False)
class RoundSolution:
    """An approximate equilibrium of a round, with its exact distance from equilibrium.

    ``value`` is the first bidder's expected payoff under the average strategy;
    ``exploitability`` is (NashConv) / 2 in payoff units; ``trajectory`` rows are
    (iterations, exploitability) as the solve went.
    """

    game: RoundGame
    variant: str
    iterations: int
    seconds: float
    value: float
    exploitability: float
    policy: np.ndarray = field(repr=False)
    trajectory: np.ndarray = field(repr=False)
    payoff_name: str = "dice"
    #: Read from the table store rather than solved now: ``seconds`` is then the original solve's time.
    from_store: bool = False

    @property
    def timing_text(self) -> str:
        """How long the solve took, and whether it ran now or was read from the store.

        Kept out of ``str()``: an article that prints a solution reads the same from a warm
        store as from a fresh solve; the command line prints this line after it.
        """
        if self.from_store:
            return f"read from the store (solved in {self.seconds:.2f} s when first computed)"
        return f"solved in {self.seconds:.2f} s"

    @property
    def payoff_text(self) -> str:
        if self.payoff_name == "dice":
            return "dice the second bidder loses minus dice the first bidder loses"
        if self.payoff_name == "game":
            return "the first bidder's chance to win the game from where the round leaves it"
        if self.payoff_name == "round":
            return "+1 if the first bidder loses fewer dice this round, -1 if more"
        if self.payoff_name == "win":
            return "+1 if the first bidder wins the game (the other's last die lost), -1 if not"
        return self.payoff_name

    @property
    def rules(self) -> BiddingRules:
        return self.game.rules

    @property
    def dice(self) -> tuple[int, int]:
        """The dice of the first and the second bidder."""
        return self.game.dice

    def strategy(self, history, hand, player: Optional[int] = None) -> dict[str, float]:
        """{action: probability} for ``hand`` after the bids in ``history`` (the actor is set by its length)."""
        node = self.game.node_of(history)
        actor = int(self.game.actor[node])
        if player is not None and player != actor:
            raise InvalidArgument(f"After {len(history)} bids it is player {actor}'s turn, not player {player}'s.")
        h = self.game.hand_index(actor, hand)
        size = int(self.game.n_actions[node])
        base = int(self.game.offset[node]) + h * size
        return dict(zip(self.game.actions_at(node), (float(x) for x in self.policy[base:base + size])))

    def to_dict(self) -> dict:
        return {
            "preset": self.rules.name, "wild": None if self.rules.joker_bids_own_track else self.rules.joker,
            "dice": list(self.game.dice), "palifico_round": self.game.palifico_round,
            "calls": list(self.game.calls), "bids": len(self.game.bids), "bid_histories": self.game.nodes,
            "information_sets": self.game.information_sets, "solver": self.variant,
            "iterations": self.iterations, "seconds": round(self.seconds, 3), "from_store": self.from_store,
            "value_first_bidder": self.value, "exploitability": self.exploitability,
            "payoff": self.payoff_text,
        }

    def __str__(self) -> str:
        g, r = self.game, self.rules
        return "\n".join([
            f"{r.title}, one round, first bidder {counted(g.dice[0], 'die', 'dice')} v second bidder {g.dice[1]} "
            f"({len(g.bids)} bids, {g.nodes:,} bid histories, {g.information_sets:,} information sets)",
            f"  {self.variant.upper()}, {self.iterations:,} iterations",
            f"  value for the first bidder: {self.value:+.5f} ({self.payoff_text})",
            f"  exploitability: {self.exploitability:.2e} (same units; 0 at an exact equilibrium)",
        ])


def _run(game: RoundGame, variant: str, iterations: int, target: float, check_every: int):
    # Checks after 64, 128, 256, ... more iterations, at most 4096 apart.
    solved = two_player.solve(game, variant, iterations=iterations, target=target, check_every=check_every,
                              widen_to=4096,
                              label=f"odds: solving {game.dice[0]}v{game.dice[1]} {game.rules.title} to {target:.0e}")
    return (solved.policy, solved.value, solved.exploitability, np.array(solved.run.history), solved.run.iterations,
            solved.run.seconds)


def solve_round(rules: BiddingRules, dice=(1, 1), variant: str = "dcfr", iterations: int = 10000,
                target: float = 1e-5, faces: Optional[int] = None, palifico_round: bool = False,
                start: Optional[int] = None, terminal_value: Optional[Callable] = None,
                payoff_name: str = "dice", store: Store | None | bool = None, check_every: int = 64,
                only_stored: bool = False) -> Optional[RoundSolution]:
    """Solve a round to ``target`` exploitability (or ``iterations``), cached in ``store`` (None: the
    default store; False: solve afresh and keep nothing).

    The exploitability is checked after 64, 128, 256, ... more iterations, so
    ``iterations`` is a cap and ``trajectory`` shows the descent. With
    ``only_stored``, return None instead of solving when the store lacks the solve.
    """
    check_solver(variant, target, iterations)
    store = chosen_store(store)
    game = round_game(rules, dice, faces, palifico_round, start, terminal_value)

    built = []

    def build():
        built.append(True)
        policy, value, exploitability, trajectory, done, seconds = _run(game, variant, iterations, target,
                                                                         check_every)
        return {"policy": policy, "trajectory": trajectory,
                "summary": np.array([value, exploitability, done, seconds])}

    if store is not None:
        # Solves that differ only in payoff, target or cap (game values chain many) are separate tables.
        params = {"dice": list(game.dice), "faces": list(game.faces), "palifico_round": palifico_round,
                  "variant": variant, "iterations": iterations, "target": target, "payoff": payoff_name,
                  "payoff_sha": hashlib.sha256(game.payoff.tobytes()).hexdigest()}
        if only_stored:
            arrays = store.load(ROUNDS, rules, params)
            if arrays is None:
                return None
        else:
            arrays = store.table(ROUNDS, rules, params, build)
    else:
        arrays = build()
    value, exploitability, done, seconds = arrays["summary"]
    return RoundSolution(game, variant, int(done), float(seconds), float(value), float(exploitability),
                         arrays["policy"], arrays["trajectory"], payoff_name, from_store=store is not None and not built)


# ----------------------------------------------------------------------------- strategy tables
def _hand_text(game: RoundGame, player: int, h: int) -> str:
    return format_dice(game.rules, game.hands[player][h])


def opening_table(solution: RoundSolution, threshold: float = 0.001):
    """How the first bidder opens, by hand: one row per (hand, bid) played with probability > ``threshold``.

    Columns: ``hand``, ``bid``, ``probability``, ``p_bid_true`` (given only the bidder's own hand).
    """
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    game = solution.game
    bid_names = [format_bid(game.rules, x) for x in game.bids]
    rows = []
    for h, hand in enumerate(game.hands[0]):
        policy = solution.strategy([], hand, 0)
        for name, p in policy.items():
            if p > threshold:
                b = bid_names.index(name)
                rows.append({"hand": _hand_text(game, 0, h), "bid": name, "probability": p,
                             "p_bid_true": _p_true_given(game, 0, h, b)})
    return pd.DataFrame(rows)


def strategy_table(solution: RoundSolution, history=()):
    """The equilibrium strategy after the bids in ``history`` (empty: the opening), one row per hand
    of the player to act and one column per action (raises in track order, then the calls).

    >>> from analysis.bluff.rules import preset
    >>> from analysis.bluff.bids import Bid
    >>> table = strategy_table(solve_round(preset("bluff"), (1, 1)), [Bid(1, 3)])
    >>> round(float(table.loc["3", "challenge"]), 6)   # holding the three, never challenge "one three"
    0.0
    """
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    game = solution.game
    node = game.node_of(list(history))
    actor = int(game.actor[node])
    rows = {format_dice(game.rules, hand): solution.strategy(list(history), hand, actor)
            for hand in game.hands[actor]}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "hand"
    table.insert(0, "P(hand)", game.chance[actor, :len(game.hands[actor])])
    return table


def _p_true_given(game: RoundGame, player: int, h: int, b: int) -> float:
    """P(bid b is true | player's hand h): the other player's hand is random."""
    other = 1 - player
    hands = len(game.hands[other])
    need = game.bids[b].count - game.match[player, h, b]
    return float(sum(game.chance[other, g] for g in range(hands) if game.match[other, g, b] >= need))


def response_table(solution: RoundSolution):
    """How the second bidder answers each opening, by own dice, at equilibrium.

    One row per opening bid actually made: ``bid``, ``p_made`` (chance the first
    bidder opens with it), ``p_bluff`` (chance it is false, given it was made:
    both hands weighed by how often each opens with it), then for each hand of the
    second bidder ``challenge`` (and ``exact``) probabilities as columns
    ``P(challenge | hand)``.
    """
    import pandas as pd  # lazy: keeps pandas out of a table question's start-up

    game = solution.game
    bid_names = [format_bid(game.rules, x) for x in game.bids]
    rows = []
    for name in game.actions_at(0):
        b = bid_names.index(name)
        made = np.array([solution.strategy([], hand, 0)[name] for hand in game.hands[0]])
        weight = game.chance[0, :len(made)] * made
        if weight.sum() < 1e-9:
            continue
        p_false = 0.0
        for h in range(len(made)):
            for g in range(len(game.hands[1])):
                if game.match[0, h, b] + game.match[1, g, b] < game.bids[b].count:
                    p_false += weight[h] * game.chance[1, g]
        row = {"bid": name, "p_made": float(weight.sum()), "p_bluff": p_false / float(weight.sum())}
        for g, hand in enumerate(game.hands[1]):
            policy = solution.strategy([game.bids[b]], hand, 1)
            for call in game.calls:
                row[f"P({call} | {format_dice(game.rules, hand)})"] = policy[call]
        rows.append(row)
    return pd.DataFrame(rows)


def _prepare_rounds(dice_pairs) -> None:
    """The rounds ``odds bluff solve`` and the advisor ask for by default, every preset, palifico too."""
    for rules in PRESETS.values():
        for dice in dice_pairs:
            target, iterations = default_precision(dice)
            for palifico_round in (False, True) if rules.palifico else (False,):
                solve_round(rules, dice, target=target, iterations=iterations, palifico_round=palifico_round)


@prepares("bluff", "equilibrium rounds of one die each (the advisor's and the tournament's)")
def _prepare_small_rounds() -> None:
    _prepare_rounds([(1, 1)])
    for rules in PRESETS.values():
        solve_round(rules, (1, 1), terminal_value=last_die_payoff, payoff_name="win")


prepares("bluff", "equilibrium rounds with three dice in play (minutes each)")(lambda: _prepare_rounds([(1, 2), (2, 1)]))


# ----------------------------------------------------------------------------- the advisor's endgames
def endgame_play(rules: BiddingRules, my_dice, their_dice: int, bids, palifico_round: bool = False
                 ) -> Optional[EndgamePlay]:
    """How to answer the last of ``bids`` (every bid of the round so far, in order) at equilibrium.

    Two players only; None when the round is larger than the solved endgames. The
    round's first bidder made ``bids[0]``, so with an odd number of bids the other
    player opened.
    """
    bids = tuple(bids)
    solved = endgame_round(rules, my_dice, their_dice, bids, palifico_round)
    if solved is None:
        return None
    dice, me = solved
    target, iterations = default_precision(dice)
    solution = solve_round(rules, dice, target=target, iterations=iterations, palifico_round=palifico_round,
                           only_stored=sum(dice) > SOLVE_ON_DEMAND)
    if solution is None:
        return None
    strategy = solution.strategy(list(bids), tuple(my_dice), me)
    return EndgamePlay(solution, bids, me, strategy)
