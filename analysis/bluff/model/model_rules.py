"""The bidding model's rules, written once as plain Python in numba's subset (``model.py`` states the model).

One question at the table (``model.action_probabilities``, ``beliefs.beliefs``) calls these functions as
they stand, so it starts no compiler; the tournaments, the rollouts and the bots' decisions call the copies
``_model_kernels`` compiles from this very text (``analysis.jit.compile_rules``). Numbers and arrays only,
no checks. Exponentials are ``math.exp`` (the C library's), which numba compiles to the same function, so
both forms give the same bits.

The rule arrays travel as one ``rules`` (``kernel_tables.RuleTables``: the tournament's,
``tournament._rule_tables``, or one round's, ``bidding.Bids.tables``); these functions read its
``bid_count``, ``bid_face``, ``legal[pal, row, k]`` (row 0: an opening, row j + 1: after bid j),
``counts[pal, face, die]``, ``chance_kind[pal, face]``, the count tables ``sf``/``pmf`` and ``can_exact``.
A player's model is one ``belief`` (an array or a tuple): rationality, bluff rate, call bias, jump cost.
The scratch arrays of the hand-independent terms travel as one ``terms`` (``kernel_tables.ModelTerms``:
``by_face``, ``by_count``, ``by_need``). The innermost helpers (``matches`` to ``answer_odds``) take plain
arrays. Hands are face counts ``hand[1..6]``; a hand's ``match[face]`` is how many of its dice count for a bid
on ``face``.

Every action's weight is ``term(score) = exp(rationality * score - shift)``, ``shift`` the largest
``rationality * score`` can be (so no weight overflows), times ``exp(-rationality * jump_cost)`` for each
raise it skips; a chance is ``(1 - bluff_rate) * weight / (sum of the weights)``, plus
``bluff_rate / raises`` for a raise.
"""

import math


def matches(hand, face, pal, counts):
    """How many dice of ``hand`` count for a bid on ``face``."""
    total = 0
    for f in range(1, 7):
        if counts[pal, face, f]:
            total += hand[f]
    return total


def p_true_given(mine, held, in_play, k, pal, bid_count, bid_face, chance_kind, sf, pmf, exact):
    """P(bid k true) (or exactly true) for a player holding ``held`` dice of which ``mine`` count for it, the
    other dice random."""
    need = bid_count[k] - mine
    unknown = in_play - held
    kind = chance_kind[pal, bid_face[k]]
    if exact:
        return pmf[kind, unknown, need] if 0 <= need <= unknown else 0.0
    if need <= 0:
        return 1.0
    return sf[kind, unknown, need] if need <= unknown else 0.0


def p_true_for(hand, held, in_play, k, pal, bid_count, bid_face, counts, chance_kind, sf, pmf, exact):
    """P(bid k true) (or exactly true) for a player holding ``hand``, the other dice random."""
    mine = matches(hand, bid_face[k], pal, counts)
    return p_true_given(mine, held, in_play, k, pal, bid_count, bid_face, chance_kind, sf, pmf, exact)


def answer_given(mine, held, in_play, previous, pal, bid_count, bid_face, chance_kind, sf, pmf):
    """(P(true), P(exactly)) of the bid to answer, for a player with ``mine`` of their ``held`` dice counting for
    it; a bid above the dice in play is certainly false."""
    if bid_count[previous] > in_play:
        return 0.0, 0.0
    return (p_true_given(mine, held, in_play, previous, pal, bid_count, bid_face, chance_kind, sf, pmf, False),
            p_true_given(mine, held, in_play, previous, pal, bid_count, bid_face, chance_kind, sf, pmf, True))


def answer_odds(hand, held, in_play, previous, pal, bid_count, bid_face, counts, chance_kind, sf, pmf):
    """(P(true), P(exactly)) of the bid to answer, for a player holding ``hand``."""
    mine = matches(hand, bid_face[previous], pal, counts)
    return answer_given(mine, held, in_play, previous, pal, bid_count, bid_face, chance_kind, sf, pmf)


def shift_of(rationality, call_bias):
    """The largest ``rationality * score`` of any action (a score is at most 1, a call's 1 + call_bias)."""
    return rationality * (1.0 + max(call_bias, 0.0))


def term(score, rationality, shift):
    """An action's weight before its rank factor: ``exp(rationality * score - shift)``."""
    return math.exp(rationality * score - shift)


def call_terms(mine, held, in_play, previous, pal, belief, shift, rules):
    """(the challenge's weight, the exact call's: 0 without one) against bid ``previous`` for a player with
    ``mine`` of their ``held`` dice counting for it."""
    rationality, call_bias = belief[0], belief[2]
    p_true, p_exact = answer_given(mine, held, in_play, previous, pal, rules.bid_count, rules.bid_face,
                                   rules.chance_kind, rules.sf, rules.pmf)
    challenge = term(1.0 - p_true + call_bias, rationality, shift)
    exact = term(p_exact + call_bias, rationality, shift) if rules.can_exact else 0.0
    return challenge, exact


def raise_weights(hand, held, in_play, pal, belief, rules, low, high, out):
    """``out[k]``: raise k's weight before its rank factor for a player holding ``hand``, for the bids
    ``low .. high - 1`` within the dice in play (0 beyond): computed once per hand and round in a rollout."""
    rationality, call_bias = belief[0], belief[2]
    bid_count, bid_face, counts, chance_kind, sf, pmf = (rules.bid_count, rules.bid_face, rules.counts,
                                                         rules.chance_kind, rules.sf, rules.pmf)
    shift = shift_of(rationality, call_bias)
    for k in range(low, high):
        out[k] = 0.0
        if bid_count[k] <= in_play:
            out[k] = term(p_true_for(hand, held, in_play, k, pal, bid_count, bid_face, counts, chance_kind, sf, pmf,
                                     False), rationality, shift)


def chances_from_weights(hand, held, in_play, previous, pal, belief, weights, rules, low, high, chances):
    """The model's chance of every action into ``chances``: ``chances[k]`` raise to bid k, ``chances[bids]`` a
    challenge, ``chances[bids + 1]`` an exact call; the raises' weights from ``weights`` (``raise_weights`` of
    this hand). Only bids ``low .. high - 1`` can be legal raises (the rest are left at 0)."""
    rationality, bluff_rate, call_bias, jump_cost = belief[0], belief[1], belief[2], belief[3]
    bid_count, bid_face, legal, counts, can_exact = (rules.bid_count, rules.bid_face, rules.legal, rules.counts,
                                                     rules.can_exact)
    bids = bid_count.size
    row = 0 if previous < 0 else previous + 1
    shift = shift_of(rationality, call_bias)
    step = math.exp(-rationality * jump_cost)
    rank_factor = 1.0
    raises = 0
    total = 0.0
    chances[:] = 0.0
    for k in range(low, high):
        if legal[pal, row, k] and bid_count[k] <= in_play:
            chances[k] = weights[k] * rank_factor
            total += chances[k]
            rank_factor *= step
            raises += 1
    if previous >= 0:
        mine = matches(hand, bid_face[previous], pal, counts)
        chances[bids], chances[bids + 1] = call_terms(mine, held, in_play, previous, pal, belief, shift, rules)
        total += chances[bids]
        if can_exact:
            total += chances[bids + 1]
    keep = (1.0 - bluff_rate) if raises > 0 else 1.0
    for k in range(low, high):
        chances[k] = keep * chances[k] / total
        if legal[pal, row, k] and bid_count[k] <= in_play:
            chances[k] += bluff_rate / raises
    chances[bids] = keep * chances[bids] / total
    chances[bids + 1] = keep * chances[bids + 1] / total


def action_chances(hand, held, in_play, previous, pal, belief, rules, out):
    """The model's chance of every action for a player holding ``hand`` into ``out`` (``bids + 2`` long, as
    ``chances_from_weights`` fills it)."""
    bids = rules.bid_count.size
    weights = out[:bids].copy()
    raise_weights(hand, held, in_play, pal, belief, rules, 0, bids, weights)
    chances_from_weights(hand, held, in_play, previous, pal, belief, weights, rules, 0, bids, out)


def raise_terms(dice, in_play, previous, action, pal, belief, rules, terms):
    """The raises' part of the model's normaliser for a player of ``dice`` dice answering bid ``previous``:
    ``by_face[face, x]`` sums the weights of the legal raises on ``face`` for a hand with x dice counting for it.
    Returns (the number of raises, the rank factor of raise ``action``)."""
    rationality, call_bias, jump_cost = belief[0], belief[2], belief[3]
    bid_count, bid_face, legal, chance_kind, sf = (rules.bid_count, rules.bid_face, rules.legal, rules.chance_kind,
                                                   rules.sf)
    by_face, by_need = terms.by_face, terms.by_need
    unknown = in_play - dice
    shift = shift_of(rationality, call_bias)
    row = 0 if previous < 0 else previous + 1
    by_face[:, :] = 0.0
    # A raise's weight is term(P(true)) * exp(-rationality * jump_cost * skipped): the first factor depends
    # only on the chance kind and the dice still needed (by_need), the second only on the raise's rank, so a
    # bid costs no exponential of its own.
    for kind in range(2):
        for need in range(-dice, in_play + 1):
            p = 1.0 if need <= 0 else (sf[kind, unknown, need] if need <= unknown else 0.0)
            by_need[kind, need + dice] = term(p, rationality, shift)
    step = math.exp(-rationality * jump_cost)
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


def action_terms(dice, in_play, previous, action, pal, belief, rules, terms):
    """Every hand-independent part of the model's chance of ``action`` after ``previous`` for a player of
    ``dice`` dice: ``by_face`` (``raise_terms``) and ``by_count[x]`` = (the challenge's weight, the exact
    call's, the action's own) for a hand with x dice counting. Returns (the number of raises, the share
    of the chance the weights decide)."""
    rationality, bluff_rate, call_bias = belief[0], belief[1], belief[2]
    bid_count, bid_face, chance_kind = rules.bid_count, rules.bid_face, rules.chance_kind
    by_count, by_need = terms.by_count, terms.by_need
    shift = shift_of(rationality, call_bias)
    raises, action_factor = raise_terms(dice, in_play, previous, action, pal, belief, rules, terms)
    for x in range(dice + 1):
        by_count[x, 0] = 0.0
        by_count[x, 1] = 0.0
        if previous >= 0:
            by_count[x, 0], by_count[x, 1] = call_terms(x, dice, in_play, previous, pal, belief, shift, rules)
        if action >= 0:
            by_count[x, 2] = by_need[chance_kind[pal, bid_face[action]], bid_count[action] - x + dice] * action_factor
    return raises, (1.0 - bluff_rate if raises > 0 else 1.0)


def hand_chance(match, previous, action, bid_face, can_exact, bluff_rate, raises, keep, by_face, by_count):
    """The model's chance that a hand (``match``: its dice counting for each face) makes ``action``, from the
    terms ``action_terms`` prepared."""
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
        return keep * by_count[match[bid_face[action]], 2] / norm + bluff_rate / raises
    return keep * (challenge if action == -1 else exact) / norm


def observe(post, first, dice, in_play, previous, action, pal, belief, ms_match, rules, terms):
    """Multiply the weights ``post[m]`` of a player's hands (multisets ``first + m``, their dice counting for each
    face in ``ms_match[pal, first + m]``) by the model's chance (parameters ``belief``: rationality, bluff rate,
    call bias, jump cost) that each makes ``action`` after ``previous``; then normalise (unless every weight
    is 0, which the caller reads as a bid the model cannot explain).

    Every term of the model depends on a hand only through how many of its dice count for a face, so each
    is computed once per face and count and looked up per hand (``action_terms``).
    """
    raises, keep = action_terms(dice, in_play, previous, action, pal, belief, rules, terms)
    bid_face, can_exact, by_face, by_count = rules.bid_face, rules.can_exact, terms.by_face, terms.by_count
    total = 0.0
    for m in range(post.size):
        post[m] *= hand_chance(ms_match[pal, first + m], previous, action, bid_face, can_exact, belief[1], raises,
                               keep, by_face, by_count)
        total += post[m]
    if total > 0.0:
        for m in range(post.size):
            post[m] /= total


def answer_chances(post, first, dice, in_play, bid, pal, belief, ms_match, rules, terms, called):
    """``called[x, c]``: the chance that a player (hands ``first + m`` with weights ``post[m]``, as ``observe``
    keeps them) holds x dice that count for ``bid`` and answers it with a challenge (c = 0) or an exact call
    (c = 1), under the model ``belief``: the terms of ``observe``, summed over the hands instead of multiplied in.
    """
    rationality, bluff_rate, call_bias = belief[0], belief[1], belief[2]
    shift = shift_of(rationality, call_bias)
    by_face, by_count = terms.by_face, terms.by_count
    raises, _ = raise_terms(dice, in_play, bid, -1, pal, belief, rules, terms)
    keep = 1.0 - bluff_rate if raises > 0 else 1.0
    for x in range(dice + 1):
        by_count[x, 0], by_count[x, 1] = call_terms(x, dice, in_play, bid, pal, belief, shift, rules)
        called[x, 0] = 0.0
        called[x, 1] = 0.0
    face = rules.bid_face[bid]
    for m in range(post.size):
        match = ms_match[pal, first + m]
        x = match[face]
        norm = by_count[x, 0] + by_count[x, 1]
        for f in range(1, 7):
            norm += by_face[f, match[f]]
        share = post[m] * keep / norm
        called[x, 0] += share * by_count[x, 0]
        called[x, 1] += share * by_count[x, 1]


#: The functions ``_model_kernels`` compiles (every one a compiled copy calls is among them).
RULES = ("matches", "p_true_given", "p_true_for", "answer_given", "answer_odds", "shift_of", "term", "call_terms",
         "raise_weights", "chances_from_weights", "action_chances", "raise_terms", "action_terms", "hand_chance",
         "observe", "answer_chances")
