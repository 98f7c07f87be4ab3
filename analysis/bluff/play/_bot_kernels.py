"""Numba kernels of the tournament's bots: one decision each, from the rule tables and the beliefs.

``choose`` plays ``random``, ``honest``, ``threshold``, ``equilibrium`` and the bots that bid off the solved
strategy's path, ``overbid``, ``jumper`` and ``switcher`` (``bots.py`` says what each does), ``bayes_choose`` the ``bayes`` bot: the threshold rule on the beliefs (``_belief_kernels``) and,
when two players hold dice, the best of ``heads_up_values``. The ``model`` bot is the bidding model itself
(``_model_kernels.action_chances``); ``strategy_choose`` the ``strategy`` bot's heads-up play from the
stored solves (``strategy_bot.py``). ``decision_bots.py`` calls these very functions for one decision.
"""

import numpy as np

from analysis.jit import njit
from analysis.bluff.model._belief_kernels import count_tails
from analysis.bluff.model._kernels import answer_chances, call_terms, matches, raise_terms, shift_of
from analysis.bluff.sampled._eval_kernels import seen_rank   # memory_rules' text, compiled
from analysis.bluff.play.kernel_tables import BayesWork, ModelTerms
from analysis.random import next_state, uniform_float, uniform_int

#: The bots' codes (``bots.KINDS``).
RANDOM, HONEST, THRESHOLD, EQUILIBRIUM, MODEL, BAYES, STRATEGY = 0, 1, 2, 3, 4, 5, 6
#: The bots that bid off the solved strategy's path (``bots.py``): they call as ``threshold`` does.
OVERBID, JUMPER, SWITCHER = 7, 8, 9


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
def _call_bound(k, mine, opponent, me, dice, in_play, pal, belief, starts, rules, work):
    """An upper bound on raise k's value in ``heads_up_values``, without a pass over the opponent's hands.

    A hand holding x dice for the bid calls with chance keep * term(x) / norm(hand), and norm(hand) is at least
    the calls' terms plus the raises' on the bid's face with x plus, on every other face, the least raise
    term of any count (``by_face``'s row minimum): so each call's chance with x is at most that ratio, times
    the chance the opponent holds x (``face_pmf``); calls that cost me dice are left out (counted as 0).
    ``rules``, ``work``: ``kernel_tables``' ``RuleTables`` and ``BayesWork``."""
    bid_count, bid_face = rules.bid_count, rules.bid_face
    can_exact, loss_of_role, calza = rules.can_exact, rules.loss_of_role, rules.calza
    face_pmf, by_face = work.face_pmf, work.terms.by_face
    rationality, bluff_rate, call_bias = belief[0], belief[1], belief[2]
    shift = shift_of(rationality, call_bias)
    held = dice[opponent]
    raises, _ = raise_terms(held, in_play, k, -1, pal, belief, rules, work.terms)
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
        challenge, exact = call_terms(x, held, in_play, k, pal, belief, shift, rules)
        norm = challenge + exact + by_face[face, x] + least
        for call in range(2 if can_exact else 1):
            gain = -_caller_balance(call, mine + x - bid_count[k], opponent, me, dice, starts, loss_of_role, calza)
            if gain > 0.0:
                bound += chance * keep * (challenge if call == 0 else exact) / norm * gain
    return bound


@njit(cache=True, nogil=True)
def heads_up_values(me, threshold, hand, dice, bid, pal, seen, starts, rules, beliefs, work, prune):
    """``work.values[a]``: the expected balance of dice (the opponent's lost minus mine) of each action when two
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
    ``seen``, ``rules``, ``beliefs``, ``work``: ``kernel_tables``' ``Posteriors``, ``RuleTables``,
    ``BeliefTables`` and ``BayesWork`` (the tails ``tail`` and ``face_pmf`` of the beliefs filled by
    ``count_tails``). The dice in play are those of ``dice``.
    """
    post, ms_match = seen.post, seen.match
    in_play = 0
    for p in range(dice.size):
        in_play += dice[p]
    bid_count, bid_face, legal, counts = rules.bid_count, rules.bid_face, rules.legal, rules.counts
    can_exact, loss_of_role, calza = rules.can_exact, rules.loss_of_role, rules.calza
    ms_offset, belief = beliefs.offset, beliefs.belief
    tail, called, values = work.tail, work.called, work.values
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
        mine = matches(hand, bid_face[bid], pal, counts)
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
        mine = matches(hand, bid_face[k], pal, counts)
        need = bid_count[k] - mine
        p_true = 1.0 if need <= 0 else tail[bid_face[k], min(need, tail.shape[1] - 1)]
        if p_true < threshold:
            continue
        values[k] = _call_bound(k, mine, opponent, me, dice, in_play, pal, belief, starts, rules, work)
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
        mine = matches(hand, bid_face[k], pal, counts)
        answer_chances(post[opponent, :hands], first, dice[opponent], in_play, k, pal, belief, ms_match, rules,
                       work.terms, called)
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
def bayes_choose(me, threshold, hand, dice, in_play, bid, pal, seen, starts, rules, beliefs, work):
    """The ``bayes`` bot: the threshold rule on P(bid true | my dice, the beliefs from the bids so far); when two
    players hold dice, the best of ``heads_up_values``. ``seen``, ``rules``, ``beliefs``, ``work``:
    ``kernel_tables``' ``Posteriors``, ``RuleTables``, ``BeliefTables`` and ``BayesWork``."""
    bid_count, bid_face, legal, counts = rules.bid_count, rules.bid_face, rules.legal, rules.counts
    ms_offset, tail, face_pmf = beliefs.offset, work.tail, work.face_pmf
    players = dice.size
    count_tails(me, dice, pal, seen.post, ms_offset, seen.match, tail, work.scratch, face_pmf)
    alive = 0
    for p in range(players):
        if dice[p] > 0:
            alive += 1
    if alive == 2:
        heads_up_values(me, threshold, hand, dice, bid, pal, seen, starts, rules, beliefs, work, True)
        return best_value(work.values, bid, pal, legal)
    row = 0 if bid < 0 else bid + 1
    if bid >= 0:
        need = bid_count[bid] - matches(hand, bid_face[bid], pal, counts)
        p_true = 1.0 if need <= 0 else tail[bid_face[bid], min(need, tail.shape[1] - 1)]
        p_exact = 0.0
        if 0 <= need < tail.shape[1] - 1:
            p_exact = tail[bid_face[bid], need] - tail[bid_face[bid], need + 1]
        if rules.can_exact and p_exact >= 0.5:
            return -2
        if p_true < threshold:
            return -1
    for k in range(bid_count.size):
        if not legal[pal, row, k] or bid_count[k] > in_play:
            continue
        need = bid_count[k] - matches(hand, bid_face[k], pal, counts)
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
def draw_row(policy, base, size, state):
    """An action drawn from a solved policy's row ``policy[base:base + size]``: (its number, state)."""
    state = next_state(state)
    u = uniform_float(state)
    acc = 0.0
    choice = size - 1
    for a in range(size):
        acc += policy[base + a]
        if u < acc:
            choice = a
            break
    return choice, state


@njit(cache=True, nogil=True)
def _held_for(hand, face, pal, counts):
    """My dice that count for a bid on ``face``."""
    mine = 0
    for f in range(1, 7):
        if counts[pal, face, f]:
            mine += hand[f]
    return mine


@njit(cache=True, nogil=True)
def _bid_at(count, face, row, pal, in_play, rules):
    """The bid of ``count`` on ``face`` where it is legal after ``row`` (0 an opening) and within the dice, else -1."""
    for k in range(rules.bid_count.size):
        if rules.bid_face[k] == face and rules.bid_count[k] == count and rules.legal[pal, row, k] \
                and count <= in_play:
            return k
    return -1


@njit(cache=True, nogil=True)
def wild_face(counts, pal):
    """The face whose dice count for bids on every other face (stars, pacos, wild ones), or -1."""
    for f in range(1, 7):
        wild = True
        for g in range(1, 7):
            if g != f and not counts[pal, g, f]:
                wild = False
        if wild:
            return f
    return -1


@njit(cache=True, nogil=True)
def overbid_opening(hand, held, in_play, pal, rules):
    """The ``overbid`` bot's opening: the face it may open on with the highest expected count (its own dice for it
    plus the unknown dice at 1/3 or 1/6; ties the higher face), at that count rounded plus two, capped at the dice
    in play."""
    best, best_face = -1.0, -1
    for face in range(1, 7):
        if _bid_at(1, face, 0, pal, in_play, rules) < 0:
            continue
        expected = _held_for(hand, face, pal, rules.counts) + (in_play - held) * rules.chance[
            rules.chance_kind[pal, face]]
        if expected >= best:
            best, best_face = expected, face
    count = min(int(best + 0.5) + 2, in_play)
    while count > 1 and _bid_at(count, best_face, 0, pal, in_play, rules) < 0:
        count -= 1
    return _bid_at(count, best_face, 0, pal, in_play, rules)


@njit(cache=True, nogil=True)
def off_path_raise(bot, k, bid, pal, in_play, rules):
    """The raise of the ``jumper`` or ``switcher`` bot where the threshold rule raises to ``k``: the jumper bids the
    same face two counts higher (capped at the dice in play); the switcher the lowest legal bid on the wild face
    where one is within the dice and the last bid is not on it; else ``k``."""
    row = 0 if bid < 0 else bid + 1
    if bot == JUMPER:
        for count in range(min(rules.bid_count[k] + 2, in_play), rules.bid_count[k], -1):
            jump = _bid_at(count, rules.bid_face[k], row, pal, in_play, rules)
            if jump >= 0:
                return jump
    if bot == SWITCHER:
        wild = wild_face(rules.counts, pal)
        if wild > 0 and (bid < 0 or rules.bid_face[bid] != wild):
            for j in range(rules.bid_count.size):
                if rules.bid_face[j] == wild and rules.legal[pal, row, j] and rules.bid_count[j] <= in_play:
                    return j
    return k


@njit(cache=True, nogil=True)
def choose(bot, parameter, state, hand, held, in_play, bid, pal, node, rules, eq):
    """One decision of the ``random``, ``honest``, ``threshold``, ``equilibrium``, ``overbid``, ``jumper`` or
    ``switcher`` bot (``rules``, ``eq``:
    ``kernel_tables``' ``RuleTables`` and ``EquilibriumTables``; ``node`` the solved round's node, -1 outside
    it): returns (action, state) with action >= 0 a bid index, -1 a challenge, -2 an exact call."""
    bid_count, bid_face, legal, counts = rules.bid_count, rules.bid_face, rules.legal, rules.counts
    chance, chance_kind, sf, pmf, can_exact = rules.chance, rules.chance_kind, rules.sf, rules.pmf, rules.can_exact
    bids = bid_count.size
    row = 0 if bid < 0 else bid + 1
    unknown = in_play - held
    if bot == EQUILIBRIUM and node >= 0:
        size = eq.n_actions[node]
        face = 1
        for f in range(1, 7):
            if hand[f] > 0:
                face = f
        h = eq.hand[face]
        choice, state = draw_row(eq.policy, eq.offset[node] + h * size, size, state)
        if choice >= eq.n_raises[node]:
            return -1 - (choice - eq.n_raises[node]), state
        return eq.round_bid[eq.last[eq.child_start[node] + choice]], state
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
    if bot == OVERBID and bid < 0:
        return overbid_opening(hand, held, in_play, pal, rules), state
    # Honest and threshold bots (the equilibrium bot outside its solved endgame, and the bots off the strategy's path
    # when they call) judge by the odds.
    threshold = 0.5 if bot == EQUILIBRIUM or bot >= OVERBID else parameter
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
                return off_path_raise(bot, k, bid, pal, in_play, rules), state
    if bid >= 0:
        return -1, state
    for k in range(bids):  # nothing believable to open with: the lowest opening
        if legal[pal, 0, k]:
            return off_path_raise(bot, k, bid, pal, in_play, rules), state
    return -1, state


@njit(cache=True, nogil=True)
def next_node(node, action, eq):
    """The solved round's node after raise ``action`` at ``node`` (-1: a bid the solved round does not hold)."""
    r = eq.bid_of[action]
    last = eq.last[node]
    row = eq.legal.shape[1] if last < 0 else last
    if r < 0 or not eq.legal[row, r]:
        return -1
    rank = 0
    for x in range(r):
        if eq.legal[row, x]:
            rank += 1
    return eq.child_start[node] + rank


@njit(cache=True, nogil=True)
def bayes_work(players, hand_sizes, most, bids):
    """``bayes_choose``'s scratch for a table of ``players`` holding at most ``most`` dice together, with
    ``hand_sizes`` sizes of hand (0 .. the largest, plus one) and ``bids`` bids."""
    return BayesWork(np.zeros((7, most + 2)), np.zeros((2, most + 2)), np.zeros((players, 7, hand_sizes + 1)),
                     ModelTerms(np.zeros((7, hand_sizes + 1)), np.zeros((hand_sizes + 1, 3)),
                                np.zeros((2, hand_sizes + most + 2))),
                     np.zeros((hand_sizes + 1, 2)), np.empty(bids + 2))


@njit(cache=True, nogil=True)
def strategy_choose(seat, first_dice, second_dice, hand, history, depth, mapped, state, st):
    """The ``strategy`` bot's heads-up action: drawn from the stored solve of a round whose first bidder holds
    ``first_dice`` and the other ``second_dice`` (``st``: ``kernel_tables.StrategyTables``), for ``seat`` (0
    the first bidder) holding ``hand`` after the bids ``history[:depth]`` (``mapped``: scratch as long):
    (action, state), action -3 when the solve has no such decision (the caller plays ``bayes`` instead)."""
    pair = (first_dice - 1) * st.most + (second_dice - 1)
    for i in range(depth):
        mapped[i] = st.bid_of[pair, history[i]]
        if mapped[i] < 0:
            return -3, state
    code = 0
    unit = 1
    for f in range(1, 7):
        code += hand[f] * unit
        unit *= st.most + 1
    h = st.hand_index[pair, seat, code]
    # As the player remembers the bids: an off-abstraction pair through its stand-in (a window the solve trained).
    w = seen_rank(mapped, depth, st.k[pair], st.binom[pair], st.first[pair], st.stand_in[pair])
    if h < 0 or st.offset[pair, seat, w] < 0:
        return -3, state
    size = st.n_actions[pair, w]
    base = st.start[pair] + st.offset[pair, seat, w] + h * size
    last = mapped[depth - 1] if depth > 0 else st.n_bids[pair]
    choice, state = draw_row(st.policy, base, size, state)
    raises = st.n_raises[pair, last]
    if choice >= raises:
        return -1 - (choice - raises), state
    return st.round_bid[pair, st.raises[pair, last, choice]], state
