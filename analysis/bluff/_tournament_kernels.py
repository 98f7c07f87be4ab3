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

from analysis.bluff._model_kernels import action_chances, answer_given, resolve, sample_action
from analysis.random import next_state, stream, uniform_float, uniform_int

RANDOM, HONEST, THRESHOLD, EQUILIBRIUM, MODEL, BAYES = 0, 1, 2, 3, 4, 5
MAX_ROUNDS = 100000
#: Columns of a logged round: game, round, palifico, first action, actions, caller, bidder, actual count.
LOG_COLUMNS = 8


@njit(cache=True, nogil=True)
def _matches(hand, face, pal, counts):
    total = 0
    for f in range(1, 7):
        if counts[pal, face, f]:
            total += hand[f]
    return total


@njit(cache=True, nogil=True)
def match_table(ms_hands, counts):
    """``table[pal, m, face]``: how many dice of multiset ``m`` count for a bid on ``face`` (index 0 unused).

    Looked up instead of counted: the beliefs ask it for every hand after every bid."""
    table = np.zeros((2, ms_hands.shape[0], 7), np.int64)
    for pal in range(2):
        for m in range(ms_hands.shape[0]):
            for face in range(1, 7):
                table[pal, m, face] = _matches(ms_hands[m], face, pal, counts)
    return table


@njit(cache=True, nogil=True)
def observe(post, first, dice, in_play, previous, action, pal, belief, ms_match, bid_count, bid_face, legal,
            chance_kind, sf, pmf, can_exact, by_face, by_count, by_need):
    """Multiply the weights ``post[m]`` of a player's hands (multisets ``first + m``, their dice counting for each
    face in ``ms_match[pal, first + m]``) by the model's chance (parameters ``belief``) that each makes ``action``
    after ``previous``; then normalise.

    Every term of the model depends on a hand only through how many of its dice count for a face, so each
    is computed once per face and count (``by_face``; ``by_count`` for the calls and the action itself) and
    looked up per hand: the chances of ``model.action_likelihood``, checked against ``beliefs.py`` in
    tests/bluff/test_beliefs.py.
    """
    rationality, bluff_rate, call_bias, jump_cost = belief[0], belief[1], belief[2], belief[3]
    unknown = in_play - dice
    shift = rationality * (1.0 + max(call_bias, 0.0))
    row = 0 if previous < 0 else previous + 1
    by_face[:, :] = 0.0
    # A raise's term is exp(rationality * P(true) - shift) * exp(-rationality * jump_cost * skipped): the first
    # factor depends only on the chance kind and the dice still needed (by_need), the second only on the
    # raise's rank, so a bid costs no exponential of its own.
    for kind in range(2):
        for need in range(-dice, in_play + 1):
            p = 1.0 if need <= 0 else (sf[kind, unknown, need] if need <= unknown else 0.0)
            by_need[kind, need + dice] = np.exp(rationality * p - shift)
    step = np.exp(-rationality * jump_cost)
    rank_factor = 1.0
    raises = 0
    action_factor = 1.0  # the action's rank factor
    for k in range(bid_count.size):
        if legal[pal, row, k] and bid_count[k] <= in_play:
            if k == action:
                action_factor = rank_factor
            kind = chance_kind[pal, bid_face[k]]
            for x in range(dice + 1):
                by_face[bid_face[k], x] += by_need[kind, bid_count[k] - x + dice] * rank_factor
            raises += 1
            rank_factor *= step
    keep = 1.0 - bluff_rate if raises > 0 else 1.0
    # by_count[x] = (challenge, exact, the action's own term) for a hand with x dice counting.
    for x in range(dice + 1):
        by_count[x, 0] = 0.0
        by_count[x, 1] = 0.0
        if previous >= 0:
            p_true, p_exact = answer_given(x, dice, in_play, previous, pal, bid_count, bid_face, chance_kind, sf, pmf)
            by_count[x, 0] = np.exp(rationality * (1.0 - p_true + call_bias) - shift)
            if can_exact:
                by_count[x, 1] = np.exp(rationality * (p_exact + call_bias) - shift)
        if action >= 0:
            by_count[x, 2] = by_need[chance_kind[pal, bid_face[action]], bid_count[action] - x + dice] * action_factor
    size = post.size
    total = 0.0
    for m in range(size):
        match = ms_match[pal, first + m]
        norm = 0.0
        for f in range(1, 7):
            norm += by_face[f, match[f]]
        challenge = 0.0
        exact = 0.0
        if previous >= 0:
            x = match[bid_face[previous]]
            challenge = by_count[x, 0]
            norm += challenge
            if can_exact:
                exact = by_count[x, 1]
                norm += exact
        if action >= 0:
            chance = keep * by_count[match[bid_face[action]], 2] / norm + bluff_rate / raises
        else:
            chance = keep * (challenge if action == -1 else exact) / norm
        post[m] *= chance
        total += post[m]
    if total > 0.0:
        for m in range(size):
            post[m] /= total


@njit(cache=True, nogil=True)
def _bayes_choose(me, threshold, hand, dice, in_play, bid, pal, post, ms_offset, ms_match, bid_count, bid_face,
                  legal, counts, can_exact, tail, others, face_pmf):
    """The ``bayes`` bot: the threshold rule on P(bid true | my dice, the beliefs from the bids so far)."""
    players = dice.size
    # Each opponent's chance of holding x dice that count for each face: one pass over their hands.
    for p in range(players):
        if p == me or dice[p] == 0:
            continue
        first = ms_offset[dice[p]]
        face_pmf[p, :, :dice[p] + 1] = 0.0
        for m in range(ms_offset[dice[p] + 1] - first):
            match = ms_match[pal, first + m]
            weight = post[p, m]
            for f in range(1, 7):
                face_pmf[p, f, match[f]] += weight
    for f in range(1, 7):
        others[:] = 0.0
        others[0] = 1.0
        span = 0
        for p in range(players):
            if p == me or dice[p] == 0:
                continue
            pmf = face_pmf[p, f]
            mixed = np.zeros(span + dice[p] + 1)
            for a in range(span + 1):
                if others[a] == 0.0:
                    continue
                for x in range(dice[p] + 1):
                    mixed[a + x] += others[a] * pmf[x]
            span += dice[p]
            others[:span + 1] = mixed
        running = 0.0
        for t in range(span, -1, -1):
            running += others[t]
            tail[f, t] = running
        for t in range(span + 1, tail.shape[1]):
            tail[f, t] = 0.0
    row = 0 if bid < 0 else bid + 1
    if bid >= 0:
        need = bid_count[bid] - _matches(hand, bid_face[bid], pal, counts)
        p_true = 1.0 if need <= 0 else tail[bid_face[bid], min(need, tail.shape[1] - 1)]
        p_exact = 0.0
        if 0 <= need < tail.shape[1] - 1:
            p_exact = tail[bid_face[bid], need] - tail[bid_face[bid], need + 1]
        if can_exact and p_exact >= 0.5:
            return -2
        if p_true < threshold:
            return -1
    for k in range(bid_count.size):
        if not legal[pal, row, k] or bid_count[k] > in_play:
            continue
        need = bid_count[k] - _matches(hand, bid_face[k], pal, counts)
        p_true = 1.0 if need <= 0 else tail[bid_face[k], min(need, tail.shape[1] - 1)]
        if p_true >= threshold:
            return k
    if bid >= 0:
        return -1
    for k in range(bid_count.size):
        if legal[pal, 0, k]:
            return k
    return -1


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
def play_games(seed, first_game, games, starts, bots, parameters, rotate,
               bid_count, bid_face, legal, counts, chance, chance_kind, sf, pmf,
               loss_of_role, opener_role, can_exact, calza, palifico,
               eq_available, eq_last, eq_child_start, eq_n_raises, eq_n_actions, eq_offset, eq_policy,
               eq_legal, eq_bid_of, eq_round_bid, eq_hand,
               ms_offset, ms_hands, ms_prior, belief, log_rounds, log_hands, log_lost, log_actions, log_used):
    """Play games ``first_game .. first_game + games - 1``; returns (winner seat, first opener, rounds) per game.

    ``parameters[seat]`` = (threshold, rationality, bluff rate, call bias, jump cost). With a ``bayes`` bot at the
    table every player's hand has a posterior over the multisets of ``ms_hands`` (rows
    ``ms_offset[d]..ms_offset[d + 1]`` hold the hands of d dice), updated after every bid under the
    model ``belief``. When ``log_rounds`` has rows, every round is written to the log arrays
    (``log_used`` counts the rounds and actions written; ``log_used[2]`` is set when they are full).
    """
    players = bots.size
    winners = np.empty(games, np.int64)
    openers = np.empty(games, np.int64)
    rounds_played = np.empty(games, np.int64)
    dice = np.empty(players, np.int64)
    before = np.empty(players, np.int64)
    lost = np.zeros(players, np.int64)
    had_palifico = np.empty(players, np.bool_)
    hands = np.zeros((players, 7), np.int64)
    eq_bids = eq_legal.shape[1]
    bids = bid_count.size
    chances = np.empty(bids + 2)
    # A player's posterior is kept while some other seat is a bayes bot (a bayes bot never reads its own).
    watched = np.zeros(players, np.bool_)
    bayes = False
    for p in range(players):
        if bots[p] == BAYES:
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
    by_face = np.zeros((7, ms_offset.size + 1))
    by_count = np.zeros((ms_offset.size + 1, 3))
    by_need = np.zeros((2, ms_offset.size + most + 2))
    face_pmf = np.zeros((players, 7, ms_offset.size + 1))
    ms_match = match_table(ms_hands if bayes else ms_hands[:1], counts)
    tail = np.zeros((7, most + 2))
    others = np.zeros(most + 2)
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
            endgame = eq_available and alive == 2 and pal == 0 and in_play == 2
            node = 0 if endgame else -1
            bid = -1
            bidder = -1
            actor = opener
            while True:
                bot = bots[actor]
                if bot == MODEL:
                    action_chances(hands[actor], dice[actor], in_play, bid, pal, parameters[actor, 1],
                                   parameters[actor, 2], parameters[actor, 3], parameters[actor, 4], bid_count,
                                   bid_face, legal, counts,
                                   chance_kind, sf, pmf, can_exact, chances)
                    action, state = sample_action(chances, state)
                elif bot == BAYES:
                    action = _bayes_choose(actor, parameters[actor, 0], hands[actor], dice, in_play, bid, pal, post,
                                           ms_offset, ms_match, bid_count, bid_face, legal, counts, can_exact,
                                           tail, others, face_pmf)
                else:
                    action, state = _choose(bot, parameters[actor, 0], state, hands[actor], dice[actor], in_play,
                                            bid, pal, node, bid_count, bid_face, legal, counts, chance, chance_kind,
                                            sf, pmf, can_exact, eq_last, eq_child_start, eq_n_raises, eq_n_actions,
                                            eq_offset, eq_policy, eq_round_bid, eq_hand)
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
                                action, pal, belief, ms_match, bid_count, bid_face, legal, chance_kind, sf,
                                pmf, can_exact, by_face, by_count, by_need)
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
                actual = resolve(call, bid, bidder, caller, hands, dice, pal, bid_count, bid_face, counts,
                                 loss_of_role, calza, starts, lost)
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
