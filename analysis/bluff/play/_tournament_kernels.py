"""Numba kernel of whole-game simulation: bots bid and call until one player holds dice.

Every rule arrives as a table built in Python from the package's own rule code
(``tournament.py``, one named tuple of each kind in ``kernel_tables.py``): which bid may
follow which (``bids.is_raise``), which faces count for a bid (``rules.counts_for``), the
chance of a bid from the exact count tables (``odds.count_tables``) and the dice each role
loses for every actual-minus-bid difference (``outcomes.dice_lost``). The bots decide in
``_bot_kernels`` (the bots that bid off the solved strategy's path, ``overbid``, ``jumper`` and ``switcher``,
among them: numba's cache of this kernel is keyed by this file alone, so a change of the bots' kernels is
written here too), the ``bayes`` bot's beliefs are kept by the bidding model's ``observe`` and read in
``_belief_kernels``. Game ``i`` draws all its dice and every random choice of its bots from its own
stream ``stream(seed, i)``, so a result depends on the seed and the game numbers only: not on the
chunking, the thread count or the machine that ran the chunk.
"""

import numpy as np

# count_tails: the beliefs' reader.
from analysis.jit import njit
from analysis.bluff.model._belief_kernels import count_tails, match_table  # noqa: F401
from analysis.bluff.play._bot_kernels import (BAYES, MODEL, bayes_choose, best_value, choose,  # noqa: F401
                                              heads_up_values)
from analysis.bluff.play._bot_kernels import STRATEGY, bayes_work, next_node, strategy_choose   # reads memory_rules
from analysis.bluff.model._kernels import action_chances, observe, resolve, sample_action
from analysis.bluff.play.kernel_tables import Posteriors
from analysis.random import next_state, stream, uniform_int

MAX_ROUNDS = 100000


@njit(cache=True, nogil=True)
def play_games(seed, first_game, games, starts, bots, parameters, rotate, rules, eq, beliefs, strategy, log):
    """Play games ``first_game .. first_game + games - 1``; returns (winner seat, first opener, rounds) per game.

    ``parameters[seat]`` = (threshold, rationality, bluff rate, call bias, jump cost). ``rules``, ``eq``,
    ``beliefs``, ``strategy`` and ``log`` are ``kernel_tables``' ``RuleTables``, ``EquilibriumTables``,
    ``BeliefTables``, ``StrategyTables`` and ``LogArrays``. With a ``bayes`` (or ``strategy``) bot at the
    table every player's hand has a posterior over the multisets of ``beliefs.hands``, updated after every
    bid under the model ``beliefs.belief``. When ``log.rounds`` has
    rows, every round is written to the log arrays (``log.used`` counts the rounds and actions written;
    ``log.used[2]`` is set when they are full).
    """
    bid_count, counts, loss_of_role, opener_role = rules.bid_count, rules.counts, rules.loss_of_role, rules.opener_role
    palifico = rules.palifico
    ms_offset, ms_hands, ms_prior, belief = beliefs.offset, beliefs.hands, beliefs.prior, beliefs.belief
    log_rounds, log_hands, log_lost, log_actions, log_used = log.rounds, log.hands, log.lost, log.actions, log.used
    players = bots.size
    winners = np.empty(games, np.int64)
    openers = np.empty(games, np.int64)
    rounds_played = np.empty(games, np.int64)
    dice = np.empty(players, np.int64)
    before = np.empty(players, np.int64)
    lost = np.zeros(players, np.int64)
    had_palifico = np.empty(players, np.bool_)
    hands = np.zeros((players, 7), np.int64)
    bids = bid_count.size
    chances = np.empty(bids + 2)
    history = np.zeros(bids + 1, np.int64)   # the round's bids, for the strategy bot's memory
    mapped = np.zeros(bids + 1, np.int64)
    # A player's posterior is kept while some other seat is a bayes bot (a bayes bot never reads its own).
    watched = np.zeros(players, np.bool_)
    bayes = False
    for p in range(players):
        if bots[p] == BAYES or bots[p] == STRATEGY:
            bayes = True
            for q in range(players):
                if q != p:
                    watched[q] = True
    most = 0
    for p in range(players):
        most += starts[p]
    widest = 1
    for d in range(ms_offset.size - 1):
        widest = max(widest, ms_offset[d + 1] - ms_offset[d])
    post = np.zeros((players, widest if bayes else 1))
    work = bayes_work(players, ms_offset.size, most, bids)
    terms = work.terms
    ms_match = match_table(ms_hands if bayes else ms_hands[:1], counts)
    seen = Posteriors(post, ms_match)
    logging = log_rounds.shape[0] > 0
    for g in range(games):
        game = first_game + g
        state = stream(seed, game)
        dice[:] = starts
        had_palifico[:] = False
        opener = game % players if rotate else 0
        openers[g] = opener
        pal = 0
        rounds = 0
        alive = players
        while alive > 1 and rounds < MAX_ROUNDS:
            rounds += 1
            in_play = 0
            for p in range(players):
                hands[p, :] = 0
                for _ in range(dice[p]):
                    state = next_state(state)
                    hands[p, 1 + uniform_int(state, 6)] += 1
                in_play += dice[p]
                if bayes and dice[p] > 0:
                    first = ms_offset[dice[p]]
                    for m in range(ms_offset[dice[p] + 1] - first):
                        post[p, m] = ms_prior[first + m]
            record = -1
            if logging and log_used[2] == 0:
                if log_used[0] < log_rounds.shape[0]:
                    record = log_used[0]
                    log_used[0] += 1
                    log_rounds[record, 0] = game
                    log_rounds[record, 1] = rounds - 1
                    log_rounds[record, 2] = pal
                    log_rounds[record, 3] = log_used[1]
                    log_rounds[record, 4] = 0
                    for p in range(players):
                        for f in range(6):
                            log_hands[record, p, f] = hands[p, f + 1]
                else:
                    log_used[2] = 1
            endgame = eq.available and alive == 2 and pal == 0 and in_play == 2
            node = 0 if endgame else -1
            bid = -1
            bidder = -1
            actor = opener
            depth = 0
            second = opener  # the other player holding dice, when two do
            for p in range(players):
                if p != opener and dice[p] > 0:
                    second = p
            while True:
                bot = bots[actor]
                if bot == MODEL:
                    model = (parameters[actor, 1], parameters[actor, 2], parameters[actor, 3], parameters[actor, 4])
                    action_chances(hands[actor], dice[actor], in_play, bid, pal, model, rules, chances)
                    action, state = sample_action(chances, state)
                elif bot == BAYES or bot == STRATEGY:
                    action = -3
                    if bot == STRATEGY and alive == 2 and pal == 0 and strategy.available:
                        action, state = strategy_choose(0 if actor == opener else 1, dice[opener], dice[second],
                                                        hands[actor], history, depth, mapped, state, strategy)
                    if action == -3:
                        action = bayes_choose(actor, parameters[actor, 0], hands[actor], dice, in_play, bid, pal,
                                              seen, starts, rules, beliefs, work)
                else:
                    action, state = choose(bot, parameters[actor, 0], state, hands[actor], dice[actor], in_play,
                                           bid, pal, node, rules, eq)
                if record >= 0:
                    if log_used[1] < log_actions.shape[0]:
                        log_actions[log_used[1], 0] = actor
                        log_actions[log_used[1], 1] = action
                        log_used[1] += 1
                        log_rounds[record, 4] += 1
                    else:
                        log_used[2] = 1
                if action >= 0:
                    if watched[actor]:
                        first = ms_offset[dice[actor]]
                        observe(post[actor, :ms_offset[dice[actor] + 1] - first], first, dice[actor], in_play, bid,
                                action, pal, belief, ms_match, rules, terms)
                    if node >= 0:
                        node = next_node(node, action, eq)
                    history[depth] = action
                    depth += 1
                    bid = action
                    bidder = actor
                    actor = (actor + 1) % players
                    while dice[actor] == 0:
                        actor = (actor + 1) % players
                    continue
                call = -1 - action
                caller = actor
                actual = resolve(call, bid, bidder, caller, hands, dice, pal, rules, starts, lost)
                span = (loss_of_role.shape[1] - 1) // 2
                difference = actual - bid_count[bid]
                caller_won = loss_of_role[call, difference + span, 0] <= 0 and (
                    loss_of_role[call, difference + span, 1] > 0)
                for p in range(players):
                    before[p] = dice[p]
                    dice[p] -= lost[p]
                if record >= 0:
                    log_rounds[record, 5] = caller
                    log_rounds[record, 6] = bidder
                    log_rounds[record, 7] = actual
                    for p in range(players):
                        log_lost[record, p] = lost[p]
                nxt = caller if opener_role[call, 1 if caller_won else 0] == 0 else bidder
                pal = 0
                for p in range(players):
                    if palifico and before[p] > 1 and dice[p] == 1 and not had_palifico[p]:
                        had_palifico[p] = True
                        pal = 1
                while dice[nxt] == 0:
                    nxt = (nxt + 1) % players
                opener = nxt
                break
            alive = 0
            for p in range(players):
                if dice[p] > 0:
                    alive += 1
        winner = -1
        for p in range(players):
            if dice[p] > 0 and alive == 1:
                winner = p
        winners[g] = winner
        rounds_played[g] = rounds
    return winners, openers, rounds_played
