"""The tables the dice-bidding kernels read, each kind as one named tuple (numba passes them as one value).

``tournament.py`` builds them from the package's own rule code (``_rule_tables``, ``_equilibrium_tables``,
``_belief_tables``); the game loop (``_tournament_kernels``), the bots (``_bot_kernels``), the rollouts and
``decision_bots`` read their fields by name.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np


class RuleTables(NamedTuple):
    """A preset's rules as arrays, for bids of counts up to the most dice a table holds."""

    bid_count: np.ndarray     # [bid]
    bid_face: np.ndarray      # [bid]
    legal: np.ndarray         # [pal, row, bid]: row 0 an opening, row j + 1 after bid j
    counts: np.ndarray        # [pal, face, die]: the die counts for a bid on the face
    chance: np.ndarray        # [kind]: the chance a die counts (1/3, 1/6)
    chance_kind: np.ndarray   # [pal, face]
    sf: np.ndarray            # [kind, unknown, k]: P(at least k of the unknown dice count)
    pmf: np.ndarray           # [kind, unknown, k]: P(exactly k)
    loss_of_role: np.ndarray  # [call, actual - bid + span, role]: dice lost by the caller, bidder, anyone else
    opener_role: np.ndarray   # [call, caller won]: 0 the caller opens next, 1 the bidder
    can_exact: bool
    calza: bool
    palifico: bool


class EquilibriumTables(NamedTuple):
    """The solved one-die-each round on the tournament's bid numbers (placeholders when ``available`` is False)."""

    available: bool
    last: np.ndarray          # [node]: the round's bid last made (-1 none)
    child_start: np.ndarray   # [node]
    n_raises: np.ndarray      # [node]
    n_actions: np.ndarray     # [node]
    offset: np.ndarray        # [node]: where the node's policy rows start
    policy: np.ndarray        # flat: [offset + hand * actions + action]
    legal: np.ndarray         # [row, round bid]
    bid_of: np.ndarray        # [tournament bid]: the round's bid number, -1 none
    round_bid: np.ndarray     # [round bid]: the tournament's bid number
    hand: np.ndarray          # [face]: the round's hand number of a one-die hand


class BeliefTables(NamedTuple):
    """Every hand of 0..most dice as a multiset, and the model the ``bayes`` bot reads the bids with."""

    offset: np.ndarray        # [d]: hands of d dice are rows offset[d] .. offset[d + 1] - 1
    hands: np.ndarray         # [multiset, 7]: face counts (index 0 unused)
    prior: np.ndarray         # [multiset]: its chance under fair dice
    belief: np.ndarray        # rationality, bluff rate, call bias, jump cost


class Posteriors(NamedTuple):
    """What the ``bayes`` bot believes of every player's hand: a weight for each multiset of their dice."""

    post: np.ndarray          # [player, m]: the weight of multiset ``offset[dice] + m`` (``BeliefTables``)
    match: np.ndarray         # [pal, multiset, face]: its dice counting for a bid on the face (``match_table``)


class LogArrays(NamedTuple):
    """Where the game loop writes every round (no rows: nothing logged)."""

    rounds: np.ndarray        # [round, LOG_COLUMNS]
    hands: np.ndarray         # [round, player, 6]
    lost: np.ndarray          # [round, player]
    actions: np.ndarray       # [action, 2]: actor, action
    used: np.ndarray          # rounds written, actions written, 1 when full


class ModelTerms(NamedTuple):
    """The bidding model's hand-independent terms of one decision (``model_rules.action_terms``): scratch
    filled afresh at each decision."""

    by_face: np.ndarray       # [face, x]: the legal raises' weights on the face, x dice counting for it
    by_count: np.ndarray      # [x, 3]: the challenge's weight, the exact call's, the action's own
    by_need: np.ndarray       # [kind, need + dice]: a raise's weight by the dice it still needs


def model_terms(width: int) -> ModelTerms:
    """Scratch ``ModelTerms`` wide enough for a player's dice plus the dice in play plus 2."""
    return ModelTerms(np.zeros((7, width)), np.zeros((width, 3)), np.zeros((2, width)))


class OpponentHands(NamedTuple):
    """The other players' hands a rollout draws (``_model_kernels.play_out``): opponent j's multisets are rows
    ``offsets[j] .. offsets[j + 1] - 1`` of ``multisets``, drawn by their ``cumulative`` chances."""

    offsets: np.ndarray       # [opponent + 1]
    multisets: np.ndarray     # [row, 6]: face counts
    cumulative: np.ndarray    # [row]: each opponent's cumulative chances, ending at 1


class BayesWork(NamedTuple):
    """The ``bayes`` bot's scratch arrays, made once per table (``_bot_kernels.bayes_work``)."""

    tail: np.ndarray
    scratch: np.ndarray
    face_pmf: np.ndarray
    terms: ModelTerms
    called: np.ndarray
    values: np.ndarray


class StrategyTables(NamedTuple):
    """The stored heads-up solves the ``strategy`` bot plays (``strategy_bot.py``), one per pair of dice counts:
    pair ``(first - 1) * most + second - 1`` for a round whose first bidder holds ``first`` dice."""

    available: bool
    most: int
    k: np.ndarray             # [pair]: the bids a player remembers
    n_bids: np.ndarray        # [pair]: the round's bids
    binom: np.ndarray         # [pair, c, i]: C(c, i), for the windows' ranks
    first: np.ndarray         # [pair, j]: the first rank of a window of j bids
    offset: np.ndarray        # [pair, seat, window]: the first slot of the window's policy rows
    n_actions: np.ndarray     # [pair, window]
    raises: np.ndarray        # [pair, round bid or opening, i]: the i-th raise (round bid numbers)
    n_raises: np.ndarray      # [pair, round bid or opening]
    start: np.ndarray         # [pair]: where the pair's policy starts in ``policy``
    policy: np.ndarray        # flat: start + offset + hand * actions + action
    hand_index: np.ndarray    # [pair, seat, code]: the solve's hand number of face counts (base most + 1)
    bid_of: np.ndarray        # [pair, tournament bid]: the round's bid number, -1 none
    round_bid: np.ndarray     # [pair, round bid]: the tournament's bid number
    stand_in: np.ndarray      # [pair, round bid, round bid]: the earlier bid a two-bid memory keeps
