"""Numba kernel of whole-game simulation: bots bid and call until one player holds dice.

Every rule arrives as a table built in Python from the package's own rule code
(``tournament.py``): which bid may follow which (``bids.is_raise``), which faces
count for a bid (``rules.counts_for``), the chance of a bid from the exact count
tables (``odds.count_tables``) and the dice each role loses for every
actual-minus-bid difference (``outcomes.dice_lost``). Game ``i`` draws all its
dice and every random choice of its bots from its own stream ``stream(seed, i)``,
so a result depends on the seed and the game numbers only: not on the chunking,
the thread count or the machine that ran the chunk.
"""

import numpy as np
from numba import njit

from analysis.random import next_state, stream, uniform_float, uniform_int

RANDOM, HONEST, THRESHOLD, EQUILIBRIUM = 0, 1, 2, 3
MAX_ROUNDS = 100000


@njit(cache=True, nogil=True)
def _choose(bot, parameter, state, hand, held, in_play, bid, pal, node, bid_count, bid_face, legal, counts,
            chance, chance_kind, sf, pmf, can_exact,
            eq_last, eq_child_start, eq_n_raises, eq_n_actions, eq_offset, eq_policy, eq_round_bid, eq_hand):
    """One decision: returns (action, state) with action >= 0 a bid index, -1 a challenge, -2 an exact call."""
    bids = bid_count.size
    row = 0 if bid < 0 else bid + 1
    unknown = in_play - held
    if bot == EQUILIBRIUM and node >= 0:
        size = eq_n_actions[node]
        face = 1
        for f in range(1, 7):
            if hand[f] > 0:
                face = f
        h = eq_hand[face]
        base = eq_offset[node] + h * size
        state = next_state(state)
        u = uniform_float(state)
        acc = 0.0
        choice = size - 1
        for a in range(size):
            acc += eq_policy[base + a]
            if u < acc:
                choice = a
                break
        if choice >= eq_n_raises[node]:
            return -1 - (choice - eq_n_raises[node]), state
        return eq_round_bid[eq_last[eq_child_start[node] + choice]], state
    if bot == RANDOM:
        options = 0
        for k in range(bids):
            if legal[pal, row, k] and bid_count[k] <= in_play:
                options += 1
        calls = 0 if bid < 0 else (2 if can_exact else 1)
        state = next_state(state)
        pick = uniform_int(state, options + calls)
        if pick >= options:
            return -1 - (pick - options), state
        for k in range(bids):
            if legal[pal, row, k] and bid_count[k] <= in_play:
                if pick == 0:
                    return k, state
                pick -= 1
    # Honest and threshold bots (and the equilibrium bot outside its solved endgame) judge by the odds.
    threshold = 0.5 if bot == EQUILIBRIUM else parameter
    if bid >= 0:
        mine = 0
        for f in range(1, 7):
            if counts[pal, bid_face[bid], f]:
                mine += hand[f]
        need = bid_count[bid] - mine
        kind = chance_kind[pal, bid_face[bid]]
        if bot == HONEST:
            believed = mine + unknown * chance[kind] >= bid_count[bid]
            if not believed:
                return -1, state
        else:
            p_true = 1.0 if need <= 0 else (sf[kind, unknown, need] if need <= unknown else 0.0)
            p_exact = pmf[kind, unknown, need] if 0 <= need <= unknown else 0.0
            if can_exact and p_exact >= 0.5:
                return -2, state
            if p_true < threshold:
                return -1, state
    for k in range(bids):
        if not legal[pal, row, k] or bid_count[k] > in_play:
            continue
        mine = 0
        for f in range(1, 7):
            if counts[pal, bid_face[k], f]:
                mine += hand[f]
        kind = chance_kind[pal, bid_face[k]]
        if bot == HONEST:
            if mine + unknown * chance[kind] >= bid_count[k]:
                return k, state
        else:
            need = bid_count[k] - mine
            p_true = 1.0 if need <= 0 else (sf[kind, unknown, need] if need <= unknown else 0.0)
            if p_true >= threshold:
                return k, state
    if bid >= 0:
        return -1, state
    for k in range(bids):  # nothing believable to open with: the lowest opening
        if legal[pal, 0, k]:
            return k, state
    return -1, state


@njit(cache=True, nogil=True)
def play_games(seed, first_game, games, start, bots, parameters, rotate,
               bid_count, bid_face, legal, counts, chance, chance_kind, sf, pmf,
               loss_of_role, opener_role, can_exact, calza, palifico,
               eq_available, eq_last, eq_child_start, eq_n_raises, eq_n_actions, eq_offset, eq_policy,
               eq_legal, eq_bid_of, eq_round_bid, eq_hand):
    """Play games ``first_game .. first_game + games - 1``; returns (winner seat, first opener, rounds) per game."""
    players = bots.size
    winners = np.empty(games, np.int64)
    openers = np.empty(games, np.int64)
    rounds_played = np.empty(games, np.int64)
    dice = np.empty(players, np.int64)
    before = np.empty(players, np.int64)
    had_palifico = np.empty(players, np.bool_)
    hands = np.zeros((players, 7), np.int64)
    span = (loss_of_role.shape[1] - 1) // 2
    eq_bids = eq_legal.shape[1]
    for g in range(games):
        game = first_game + g
        state = stream(seed, game)
        dice[:] = start
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
            endgame = eq_available and alive == 2 and pal == 0 and in_play == 2
            node = 0 if endgame else -1
            bid = -1
            bidder = -1
            actor = opener
            while True:
                action, state = _choose(bots[actor], parameters[actor], state, hands[actor], dice[actor], in_play,
                                        bid, pal, node, bid_count, bid_face, legal, counts, chance, chance_kind,
                                        sf, pmf, can_exact, eq_last, eq_child_start, eq_n_raises, eq_n_actions,
                                        eq_offset, eq_policy, eq_round_bid, eq_hand)
                if action >= 0:
                    if node >= 0:
                        r = eq_bid_of[action]
                        last_r = eq_last[node]
                        row = eq_bids if last_r < 0 else last_r
                        if r < 0 or not eq_legal[row, r]:
                            node = -1
                        else:
                            rank = 0
                            for x in range(r):
                                if eq_legal[row, x]:
                                    rank += 1
                            node = eq_child_start[node] + rank
                    bid = action
                    bidder = actor
                    actor = (actor + 1) % players
                    while dice[actor] == 0:
                        actor = (actor + 1) % players
                    continue
                call = -1 - action
                caller = actor
                actual = 0
                for p in range(players):
                    for f in range(1, 7):
                        if counts[pal, bid_face[bid], f]:
                            actual += hands[p, f]
                difference = actual - bid_count[bid]
                caller_won = loss_of_role[call, difference + span, 0] <= 0 and (
                    loss_of_role[call, difference + span, 1] > 0)
                for p in range(players):
                    before[p] = dice[p]
                    if dice[p] == 0:
                        continue
                    role = 0 if p == caller else (1 if p == bidder else 2)
                    lost = loss_of_role[call, difference + span, role]
                    if lost < 0:
                        lost = -1 if (calza and dice[p] < start) else 0
                    elif lost > dice[p]:
                        lost = dice[p]
                    dice[p] -= lost
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
