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
def _raise_terms(dice, in_play, previous, action, pal, belief, bid_count, bid_face, legal, chance_kind, sf, by_face,
                 by_need):
    """The raises' part of the model's normaliser for a player of ``dice`` dice answering bid ``previous``:
    ``by_face[face, x]`` sums the terms of the legal raises on ``face`` for a hand with x dice counting for it.
    Returns (the number of raises, the rank factor of raise ``action``)."""
    rationality, call_bias, jump_cost = belief[0], belief[2], belief[3]
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
    return raises, action_factor


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
    rationality, bluff_rate, call_bias = belief[0], belief[1], belief[2]
    shift = rationality * (1.0 + max(call_bias, 0.0))
    raises, action_factor = _raise_terms(dice, in_play, previous, action, pal, belief, bid_count, bid_face, legal,
                                         chance_kind, sf, by_face, by_need)
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
def answer_chances(post, first, dice, in_play, bid, pal, belief, ms_match, bid_count, bid_face, legal, chance_kind,
                   sf, pmf, can_exact, by_face, by_count, by_need, called):
    """``called[x, c]``: the chance that a player (hands ``first + m`` with weights ``post[m]``, as ``observe``
    keeps them) holds x dice that count for ``bid`` and answers it with a challenge (c = 0) or an exact call
    (c = 1), under the model ``belief``: the terms of ``observe``, summed over the hands instead of multiplied in.
    """
    rationality, bluff_rate, call_bias = belief[0], belief[1], belief[2]
    shift = rationality * (1.0 + max(call_bias, 0.0))
    raises, _ = _raise_terms(dice, in_play, bid, -1, pal, belief, bid_count, bid_face, legal, chance_kind, sf,
                             by_face, by_need)
    keep = 1.0 - bluff_rate if raises > 0 else 1.0
    for x in range(dice + 1):
        p_true, p_exact = answer_given(x, dice, in_play, bid, pal, bid_count, bid_face, chance_kind, sf, pmf)
        by_count[x, 0] = np.exp(rationality * (1.0 - p_true + call_bias) - shift)
        by_count[x, 1] = np.exp(rationality * (p_exact + call_bias) - shift) if can_exact else 0.0
        called[x, 0] = 0.0
        called[x, 1] = 0.0
    face = bid_face[bid]
    for m in range(post.size):
        match = ms_match[pal, first + m]
        x = match[face]
        norm = by_count[x, 0] + by_count[x, 1]
        for f in range(1, 7):
            norm += by_face[f, match[f]]
        share = post[m] * keep / norm
        called[x, 0] += share * by_count[x, 0]
        called[x, 1] += share * by_count[x, 1]


@njit(cache=True, nogil=True)
def _role_loss(call, difference, role, held, start, loss_of_role, calza):
    """Dice a player holding ``held`` loses in ``role`` (0 caller, 1 bidder) of a call, capped as ``resolve`` caps
    it (-1: a die regained)."""
    x = loss_of_role[call, difference + (loss_of_role.shape[1] - 1) // 2, role]
    if x < 0:
        return -1 if (calza and held < start) else 0
    return min(x, held)


@njit(cache=True, nogil=True)
def _caller_balance(call, difference, caller, bidder, dice, starts, loss_of_role, calza):
    """The bidder's dice lost minus the caller's, heads-up (``difference``: actual minus bid)."""
    return (_role_loss(call, difference, 1, dice[bidder], starts[bidder], loss_of_role, calza)
            - _role_loss(call, difference, 0, dice[caller], starts[caller], loss_of_role, calza))


@njit(cache=True, nogil=True)
def _call_bound(k, mine, opponent, me, dice, in_play, pal, belief, bid_count, bid_face, legal, chance_kind, sf, pmf,
                can_exact, face_pmf, loss_of_role, calza, starts, by_face, by_count, by_need):
    """An upper bound on raise k's value in ``heads_up_values``, without a pass over the opponent's hands.

    A hand holding x dice for the bid calls with chance keep * term(x) / norm(hand), and norm(hand) is at least
    the calls' terms plus the raises' on the bid's face with x plus, on every other face, the least raise
    term of any count (``by_face``'s row minimum): so each call's chance with x is at most that ratio, times
    the chance the opponent holds x (``face_pmf``); calls that cost me dice are left out (counted as 0)."""
    rationality, bluff_rate, call_bias = belief[0], belief[1], belief[2]
    shift = rationality * (1.0 + max(call_bias, 0.0))
    held = dice[opponent]
    raises, _ = _raise_terms(held, in_play, k, -1, pal, belief, bid_count, bid_face, legal, chance_kind, sf,
                             by_face, by_need)
    keep = 1.0 - bluff_rate if raises > 0 else 1.0
    face = bid_face[k]
    least = 0.0
    for f in range(1, 7):
        if f != face:
            low = by_face[f, 0]
            for y in range(1, held + 1):
                low = min(low, by_face[f, y])
            least += low
    bound = 0.0
    for x in range(held + 1):
        chance = face_pmf[opponent, face, x]
        if chance <= 0.0:
            continue
        p_true, p_exact = answer_given(x, held, in_play, k, pal, bid_count, bid_face, chance_kind, sf, pmf)
        challenge = np.exp(rationality * (1.0 - p_true + call_bias) - shift)
        exact = np.exp(rationality * (p_exact + call_bias) - shift) if can_exact else 0.0
        norm = challenge + exact + by_face[face, x] + least
        for call in range(2 if can_exact else 1):
            gain = -_caller_balance(call, mine + x - bid_count[k], opponent, me, dice, starts, loss_of_role, calza)
            if gain > 0.0:
                bound += chance * keep * (challenge if call == 0 else exact) / norm * gain
    return bound


@njit(cache=True, nogil=True)
def heads_up_values(me, threshold, hand, dice, in_play, bid, pal, post, ms_offset, ms_match, bid_count, bid_face,
                    legal, counts, can_exact, tail, face_pmf, belief, chance_kind, sf, pmf, loss_of_role, calza,
                    starts, by_face, by_count, by_need, called, values, prune):
    """``values[a]``: the expected balance of dice (the opponent's lost minus mine) of each action when two
    players hold dice and the opponent's answer settles it: ``values[k]`` raise k, ``values[bids]`` a
    challenge, ``values[bids + 1]`` an exact call; -inf for an action not weighed.

    A challenge or exact call is judged on the chance of each actual count (``tail``, from the beliefs). A
    raise is judged on the opponent's answer under the model ``belief``, their hand drawn from the
    beliefs: the chance they hold x dice for it and challenge it or call it exact (``answer_chances``), each
    with its balance; when they raise instead the round goes on, counted as even (0). Only believable
    raises (P(true) at least ``threshold``, as the threshold rule bids) are weighed.

    With ``prune``, a raise is left at -inf when it cannot be the best: its value is at most ``_call_bound``,
    and a raise whose bound is below a value already found loses to it. The raise of the highest bound is
    weighed first. ``best_value`` picks the same action either way (tests/bluff_strategy/test_bayes_heads_up.py).
    """
    bids = bid_count.size
    values[:] = -np.inf
    opponent = -1
    for p in range(dice.size):
        if p != me and dice[p] > 0:
            opponent = p
    first = ms_offset[dice[opponent]]
    hands = ms_offset[dice[opponent] + 1] - first
    calls = 2 if can_exact else 1
    best = -np.inf
    if bid >= 0:
        mine = _matches(hand, bid_face[bid], pal, counts)
        for call in range(calls):
            value = 0.0
            for t in range(dice[opponent] + 1):
                chance = tail[bid_face[bid], t] - tail[bid_face[bid], t + 1]
                if chance > 0.0:
                    value += chance * _caller_balance(call, mine + t - bid_count[bid], me, opponent, dice, starts,
                                                      loss_of_role, calza)
            values[bids + call] = value
            best = max(best, value)
    # The believable raises, each with its bound for now.
    row = 0 if bid < 0 else bid + 1
    top = -1
    for k in range(bids):
        if not legal[pal, row, k] or bid_count[k] > in_play:
            continue
        mine = _matches(hand, bid_face[k], pal, counts)
        need = bid_count[k] - mine
        p_true = 1.0 if need <= 0 else tail[bid_face[k], min(need, tail.shape[1] - 1)]
        if p_true < threshold:
            continue
        values[k] = _call_bound(k, mine, opponent, me, dice, in_play, pal, belief, bid_count, bid_face, legal,
                                chance_kind, sf, pmf, can_exact, face_pmf, loss_of_role, calza, starts, by_face,
                                by_count, by_need)
        if top < 0 or values[k] > values[top]:
            top = k
    if top < 0:
        return
    for j in range(-1, bids):
        k = top if j < 0 else j
        if j == top or values[k] == -np.inf:
            continue
        if prune and values[k] + 1e-9 < best:
            values[k] = -np.inf
            continue
        mine = _matches(hand, bid_face[k], pal, counts)
        answer_chances(post[opponent, :hands], first, dice[opponent], in_play, k, pal, belief, ms_match,
                       bid_count, bid_face, legal, chance_kind, sf, pmf, can_exact, by_face, by_count, by_need,
                       called)
        value = 0.0
        for x in range(dice[opponent] + 1):
            for call in range(calls):
                if called[x, call] > 0.0:
                    value -= called[x, call] * _caller_balance(call, mine + x - bid_count[k], opponent, me, dice,
                                                               starts, loss_of_role, calza)
        values[k] = value
        best = max(best, value)


@njit(cache=True, nogil=True)
def best_value(values, bid, pal, legal):
    """The action of the highest value (``heads_up_values``' order: a raise index, -1 a challenge, -2 an
    exact call); ties go to the earlier raise, then to the challenge. With nothing weighed, an opening is
    the lowest and an answer a challenge, as the threshold rule does."""
    bids = values.size - 2
    action = -3
    best = -np.inf
    for a in range(bids + 2):
        if values[a] > best:
            best = values[a]
            action = a
    if action == -3:
        if bid >= 0:
            return -1
        for k in range(bids):
            if legal[pal, 0, k]:
                return k
        return -1
    return action if action < bids else bids - 1 - action


@njit(cache=True, nogil=True)
def count_tails(me, dice, pal, post, ms_offset, ms_match, tail, scratch, face_pmf):
    """``tail[f, t]``: the chance that the other players' dice (each player's hands weighted by ``post``) hold at
    least t dice counting for face f (``scratch``: two rows as long as ``tail``'s)."""
    players = dice.size
    others, mixed = scratch[0], scratch[1]
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
            held = face_pmf[p, f]
            mixed[:span + dice[p] + 1] = 0.0
            for a in range(span + 1):
                if others[a] == 0.0:
                    continue
                for x in range(dice[p] + 1):
                    mixed[a + x] += others[a] * held[x]
            span += dice[p]
            others[:span + 1] = mixed[:span + 1]
        running = 0.0
        for t in range(span, -1, -1):
            running += others[t]
            tail[f, t] = running
        for t in range(span + 1, tail.shape[1]):
            tail[f, t] = 0.0


@njit(cache=True, nogil=True)
def _bayes_choose(me, threshold, hand, dice, in_play, bid, pal, post, ms_offset, ms_match, bid_count, bid_face,
                  legal, counts, can_exact, tail, scratch, face_pmf, belief, chance_kind, sf, pmf, loss_of_role,
                  calza, starts, by_face, by_count, by_need, called, values):
    """The ``bayes`` bot: the threshold rule on P(bid true | my dice, the beliefs from the bids so far); when two
    players hold dice, the best of ``heads_up_values``."""
    players = dice.size
    count_tails(me, dice, pal, post, ms_offset, ms_match, tail, scratch, face_pmf)
    alive = 0
    for p in range(players):
        if dice[p] > 0:
            alive += 1
    if alive == 2:
        heads_up_values(me, threshold, hand, dice, in_play, bid, pal, post, ms_offset, ms_match, bid_count, bid_face,
                        legal, counts, can_exact, tail, face_pmf, belief, chance_kind, sf, pmf, loss_of_role, calza,
                        starts, by_face, by_count, by_need, called, values, True)
        return best_value(values, bid, pal, legal)
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
    called = np.zeros((ms_offset.size + 1, 2))
    values = np.empty(bids + 2)
    scratch = np.zeros((2, most + 2))
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
                                           tail, scratch, face_pmf, belief, chance_kind, sf, pmf, loss_of_role,
                                           calza, starts, by_face, by_count, by_need, called, values)
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
