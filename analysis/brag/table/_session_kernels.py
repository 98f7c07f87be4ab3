"""A session of Brag deals played by rule-following bots, over the deal's own transitions.

Plain functions in numba's subset, as in ``deal_rules``: :func:`jitted` compiles them
beside the deal's compiled transitions. A session is one chain of deals (the pack, the
carried pot and a kept blind hand pass from each deal to the next), so it runs on one
thread; its only random numbers, the shuffles, come from counter-based streams of the seed
and the deal's number, so the figures do not depend on the machine or its threads.

A bot is a row of numbers (``B_*``), read by :func:`bot_move`:

- ``B_LOOK_AFTER``: look once this many bets have been made in the deal (0: at once).
- ``B_STAY``, ``B_RAISE``, ``B_SEE``: the weakest hand strength it stays, raises, sees with.
- ``B_SEE_AFTER``: with two left, see once this many bets have been made.
- ``B_PATIENCE``: after this many bets a blind bot looks, an open one that cannot see folds,
  and one that can sees.
- ``B_SOLVED``: 1 when the bot plays the stored solve of its table size (three to eight players)
  while the deal stays inside the solved game (:func:`solved_move`); its rule (the columns above)
  plays the rest.
- ``B_MODE``: how the bot judges a hand it has seen: by its strength (``BY_STRENGTH``), or by
  its chance to beat an opponent's hand drawn from the cards it has not seen, as if the pack
  were fresh (``BY_CHANCE``) or remembering where every card it has seen since the last
  shuffle lies (``BY_MEMORY``); then ``B_STAY``, ``B_RAISE``, ``B_SEE`` are chances.

``knows[s, c]`` is 1 when seat ``s`` has seen card ``c`` since the last shuffle (its own hand
once looked at, both hands of a see or a covered-pot comparison). Everyone sees where the
gathered cards go, so such a card's place is known to that seat until the next shuffle: in
the pack, in a folded hand, or dealt to a given seat.
"""

from __future__ import annotations

import numpy as np

from analysis.brag.table import _deal_kernels
from analysis.brag.table import deal_rules as K
from analysis.brag.showdown._kernels import strength3
from analysis.brag.table.deal_rules import (BLIND, COVER, DISCARD, E_OPEN_SEES_BLIND, FOLD, KEEP, LOOK, OK,
                                            RAISE, SEE, STAY, T_BETS, T_COVERER, T_END, T_KEEPER,
                                            T_OVER, T_PENDING, T_RUNG, T_SHUFFLE, T_TURN, END_CARRIED,
                                            END_COVER_CALLED, END_SEEN, F_CARRY, betting_count, check,
                                            deal, gather_hands, hand_strength, restack, shuffle, step,
                                            COVERING, P_A23, P_HAND_SIZE, P_PRIAL333, T_N, T_SEEN,
                                            T_SEER, T_WINNER, in_play)
from analysis.random import stream, uniform_float, uniform_int

B_LOOK_AFTER, B_STAY, B_RAISE, B_SEE, B_SEE_AFTER, B_PATIENCE, B_MODE, B_SOLVED = range(8)
B_SIZE = 8
BY_STRENGTH, BY_CHANCE, BY_MEMORY = 0, 1, 2
#: Opponent hands drawn per opponent when a bot judges its chance (three-card presets only).
SAMPLES = 48
#: What ``observed[d]`` holds for seat 1 before deal d: the seen cards that will be in its hand,
#: the seen cards that will not, whether the deal before ended in a showdown without a shuffle,
#: and (to check the first two) the hand it is then dealt; the masks hold a bit per card.
O_FORCED, O_EXCLUDED, O_AFTER_SHOWDOWN, O_HAND = 0, 1, 2, 3
O_SIZE = 4

# The session's tallies (``counts``).
C_SEEN, C_FOLDED, C_CARRIED, C_COVERS, C_COVER_CALLED, C_SHUFFLES, C_KEPT, C_TWO_HANDS = range(8)
C_SIZE = 8


def _first_allowed(rp, ti, status, hands, bank, wanted, arg):
    """``wanted`` if the rules allow it, else staying, else covering, else folding."""
    if check(rp, ti, status, hands, bank, wanted, arg) == OK:
        return wanted, arg
    if wanted != FOLD and check(rp, ti, status, hands, bank, STAY, 0) == OK:
        return STAY, 0
    if wanted != FOLD and check(rp, ti, status, hands, bank, COVER, 0) == OK:
        return COVER, 0
    return FOLD, 0


def win_chance(rp, ti, status, cards, knows, seat, row, memory, seed, counter):
    """The chance that the hand in ``cards[row]`` beats one opponent still in, averaged over them,
    each opponent's unknown cards drawn from the cards ``seat`` has not seen (three cards a hand).

    With ``memory``, a card ``seat`` has seen is where it knows it to be: in an opponent's hand it
    is that opponent's, anywhere else it is nobody's; without, only its own cards are removed.
    """
    p333 = rp[P_PRIAL333] > 0.5
    a23 = int(rp[P_A23])
    mine = strength3(cards[row, 0], cards[row, 1], cards[row, 2], p333, a23)
    pool = np.empty(52, np.int64)
    size = 0
    for c in range(52):
        if c != cards[row, 0] and c != cards[row, 1] and c != cards[row, 2] and (not memory or knows[seat, c] == 0):
            pool[size] = c
            size += 1
    hand = np.empty(3, np.int64)
    total = 0.0
    count = 0
    for o in range(ti[T_N]):
        if o == seat or not (in_play(status, o) or status[o] == COVERING):
            continue
        fixed = 0
        if memory:
            for j in range(3):
                if knows[seat, cards[2 * o, j]] == 1:
                    hand[fixed] = cards[2 * o, j]
                    fixed += 1
        for i in range(SAMPLES):
            left = size
            for j in range(fixed, 3):
                pick = uniform_int(np.uint64(stream(seed, (counter * 8 + o) * 256 + i * 4 + j)), left)
                hand[j] = pool[pick]
                left -= 1
                pool[pick], pool[left] = pool[left], pool[pick]
            theirs = strength3(hand[0], hand[1], hand[2], p333, a23)
            if mine > theirs:
                total += 1.0
            elif mine == theirs:
                total += 0.5
            count += 1
    if count == 0:
        return 1.0
    return total / count


def _judge(rp, ti, status, cards, knows, bp, seat, row, seed, counter):
    """What the bot weighs a seen hand by: its strength, or its chance against the others."""
    mode = bp[seat, B_MODE]
    if mode == BY_STRENGTH:
        return float(hand_strength(rp, cards, row))
    return win_chance(rp, ti, status, cards, knows, seat, row, mode == BY_MEMORY, seed, counter)


def solved_move(rp, ti, status, hands, cards, bank, seat, node, solved, seed, counter):
    """The solved strategy's move at ``node`` of the solved tree (``solved``: ``kernel_tables.SolvedGame``;
    ``tree[c]``: child c's action and argument, then each node's first child, number of children and actor),
    drawn from the mix for the seat's bucket (one row when blind); (-1, 0) when the move is not one the deal
    allows now."""
    tree, policy, edges = solved.tree, solved.policy, solved.edges
    start, count = tree[node, 2], tree[node, 3]
    row = 0
    if status[seat] != BLIND:
        strength = hand_strength(rp, cards, 2 * seat)
        for e in range(1, edges.size):
            if strength >= edges[e]:
                row = e
    draw = uniform_float(np.uint64(stream(seed, counter)))
    pick = count - 1
    run = 0.0
    for a in range(count):
        run += policy[node, row, a]
        if draw < run:
            pick = a
            break
    action, arg = tree[start + pick, 0], tree[start + pick, 1]
    if check(rp, ti, status, hands, bank, action, arg) != OK:
        return -1, 0
    return action, arg


def next_node(node, tree, action, arg):
    """The solved tree's node after ``action`` (-1: the move leaves the solved game)."""
    if node < 0:
        return -1
    for c in range(tree[node, 2], tree[node, 2] + tree[node, 3]):
        if tree[c, 0] == action and tree[c, 1] == arg:
            return c
    return -1


def bot_move(rp, ti, status, hands, cards, bank, knows, bp, seat, seed, counter, node, solved):
    """The move (action, argument) the bot in ``seat`` makes now (``counter`` numbers its random draws;
    ``node`` is the deal's place in the solved tree ``solved``, -1 when outside it)."""
    bets = ti[T_BETS]
    if bp[seat, B_SOLVED] > 0.5 and node >= 0 and ti[T_PENDING] < 0:
        action, arg = solved_move(rp, ti, status, hands, cards, bank, seat, node, solved, seed + 0x2545F491,
                                  counter)
        if action >= 0:
            return action, arg
    if ti[T_PENDING] >= 0:
        # Looked at one of two blind hands: keep it if it is worth staying with, else play the other.
        if _judge(rp, ti, status, cards, knows, bp, seat, 2 * seat + ti[T_PENDING], seed, counter) \
                >= bp[seat, B_STAY]:
            return KEEP, 0
        return DISCARD, 0
    two_left = betting_count(ti, status) == 2
    if status[seat] == BLIND:
        # A blind bot looks when its time comes, at the latest when its patience runs out, and at
        # once where blind betting is not allowed.
        if bets >= bp[seat, B_LOOK_AFTER] or bets >= bp[seat, B_PATIENCE] or rp[K.P_BLIND_PLAY] < 0.5:
            return LOOK, 0
        if two_left and ti[T_RUNG] >= 0 and bets >= bp[seat, B_SEE_AFTER]:
            return _first_allowed(rp, ti, status, hands, bank, SEE, 0)
        return _first_allowed(rp, ti, status, hands, bank, STAY, 0)
    strength = _judge(rp, ti, status, cards, knows, bp, seat, 2 * seat, seed, counter)
    if strength < bp[seat, B_STAY]:
        return FOLD, 0
    can_see = two_left and check(rp, ti, status, hands, bank, SEE, 0) != E_OPEN_SEES_BLIND \
        and ti[T_RUNG] >= 0
    if can_see and (bets >= bp[seat, B_SEE_AFTER] or bets >= bp[seat, B_PATIENCE]):
        if strength >= bp[seat, B_SEE]:
            return _first_allowed(rp, ti, status, hands, bank, SEE, 0)
        return FOLD, 0
    if bets >= bp[seat, B_PATIENCE]:
        return FOLD, 0
    if strength >= bp[seat, B_RAISE]:
        return _first_allowed(rp, ti, status, hands, bank, RAISE, max(ti[T_RUNG], 0) + 1)
    return _first_allowed(rp, ti, status, hands, bank, STAY, 0)


def _saw(knows, cards, hands, k, seats, row):
    """Each seat in ``seats`` (-1: every seat) has now seen the hand in ``cards[row]``."""
    for s in range(knows.shape[0]):
        if seats == -1 or s == seats:
            for j in range(k):
                knows[s, cards[row, j]] = 1


def _shown(rp, ti, status, hands, cards, knows):
    """At the end of a deal, every seat sees the hands of a see or of a covered-pot comparison."""
    k = int(rp[P_HAND_SIZE])
    shown_a, shown_b = -1, -1
    if ti[T_END] == END_SEEN or ti[T_END] == END_COVER_CALLED:
        shown_a, shown_b = ti[T_SEER], ti[T_SEEN]
    elif ti[T_COVERER] >= 0:
        shown_a, shown_b = ti[T_COVERER], ti[T_WINNER]
    if shown_a < 0:
        return False
    for s in (shown_a, shown_b):
        _saw(knows, cards, hands, k, -1, 2 * s)
        if hands[s] == 2:
            _saw(knows, cards, hands, k, -1, 2 * s + 1)
    return True


def _observe(rp, deck, knows, n, dealer, seat, out):
    """What ``seat`` knows of its next hand before the deal: the seen cards that will be in it
    (``out[O_FORCED]``, a bit per card) and those that will not (``out[O_EXCLUDED]``)."""
    k = int(rp[P_HAND_SIZE])
    place = (seat - dealer - 1) % n
    forced = 0
    for j in range(k):
        c = deck[j * n + place]
        if knows[seat, c] == 1:
            forced |= 1 << c
    excluded = 0
    for c in range(52):
        if knows[seat, c] == 1 and not (forced >> c) & 1:
            excluded |= 1 << c
    out[O_FORCED] = forced
    out[O_EXCLUDED] = excluded


def play_session(rp, bp, n, deals, seed, bankroll, net, counts, banks_out, observed, solved):
    """Play ``deals`` deals at a table of ``n``; ``net[d, s]`` is what seat ``s`` won in deal ``d``.

    ``solved`` (``kernel_tables.SolvedGame``) is the solved game the ``B_SOLVED`` bots play (its ``tree``
    with one row: none). A deal is inside it from its start while no seat holds two hands, and leaves it
    at the first move the solved tree does not have (a cover, a bet over its cap, a kept hand).

    Every seat starts with ``bankroll``; a seat that cannot pay the ante buys back in to
    ``bankroll`` before the deal (``banks_out[1]`` counts those chips). The dealer moves one
    seat left each deal. On return ``banks_out[0]`` holds the banks, ``banks_out[2, 0]`` the
    pot carried out of the last deal, and ``observed[d]`` what seat 1 knew before deal d.
    """
    tree = solved.tree
    ti = np.zeros(K.T_SIZE, np.int64)
    ti[K.T_N] = n
    ti[T_KEEPER] = -1
    tf = np.zeros(K.F_SIZE)
    status = np.zeros(n, np.int64)
    hands = np.ones(n, np.int64)
    cards = np.zeros((2 * n, 4), np.int64)
    bank = np.full(n, bankroll)
    paid = np.zeros(n)
    gather = np.zeros(K.GATHER_SIZE, np.int64)
    deck = np.zeros(53, np.int64)
    knows = np.zeros((n, 52), np.int64)
    bought = np.zeros(n)
    start = np.zeros(n)
    k = int(rp[P_HAND_SIZE])
    shuffle(rp, ti, cards, deck, seed, 0)
    carry = 0.0
    dealer = n - 1
    # The bots' own draws use a stream of their own, apart from the shuffles'.
    bot_seed = seed + 0x5BD1E995
    for d in range(deals):
        for s in range(n):
            if bank[s] < rp[K.P_ANTE]:
                bought[s] += bankroll - bank[s]
                bank[s] = bankroll
            start[s] = bank[s]
        if ti[T_KEEPER] >= 0:
            counts[C_KEPT] += 1
        _observe(rp, deck, knows, n, dealer, 0, observed[d])
        deal(rp, ti, tf, status, hands, cards, bank, paid, gather, deck, dealer, carry)
        dealt = 0
        for j in range(k):
            dealt |= 1 << cards[0, j]
        observed[d, O_HAND] = dealt
        for s in range(n):
            if hands[s] == 2:
                counts[C_TWO_HANDS] += 1
        moves = 0
        node = 0 if tree.shape[0] > 1 else -1
        for s in range(n):
            if hands[s] == 2:
                node = -1
        while ti[T_OVER] == 0:
            seat = ti[T_TURN]
            if node >= 0 and tree[node, 4] != (seat - dealer - 1) % n:
                node = -1
            action, arg = bot_move(rp, ti, status, hands, cards, bank, knows, bp, seat, bot_seed,
                                   d * 4096 + moves, node, solved)
            moves += 1
            if action == COVER and ti[T_COVERER] < 0:
                counts[C_COVERS] += 1
            if step(rp, ti, tf, status, hands, cards, bank, paid, gather, action, arg) != OK:
                step(rp, ti, tf, status, hands, cards, bank, paid, gather, FOLD, 0)
                action, arg = FOLD, 0
            node = next_node(node, tree, action, arg)
            if action == LOOK:
                row = 2 * seat + ti[T_PENDING] if ti[T_PENDING] >= 0 else 2 * seat
                _saw(knows, cards, hands, k, seat, row)
        end = ti[T_END]
        if end == END_SEEN:
            counts[C_SEEN] += 1
        elif end == END_CARRIED:
            counts[C_CARRIED] += 1
        elif end == END_COVER_CALLED:
            counts[C_COVER_CALLED] += 1
        else:
            counts[C_FOLDED] += 1
        counts[C_SHUFFLES] += ti[T_SHUFFLE]
        shown = _shown(rp, ti, status, hands, cards, knows)
        carry = tf[F_CARRY]
        gather_hands(rp, ti, status, hands, cards, gather)
        shuffled = ti[T_SHUFFLE] == 1 or rp[K.P_SHUFFLE_ALWAYS] > 0.5
        restack(rp, ti, cards, gather, deck, seed, d + 1)
        if shuffled:
            knows[:, :] = 0
        if d + 1 < deals:
            observed[d + 1, O_AFTER_SHOWDOWN] = 1 if shown and not shuffled else 0
        for s in range(n):
            net[d, s] = bank[s] - start[s]
        dealer = (dealer + 1) % n
    for s in range(n):
        banks_out[0, s] = bank[s]
        banks_out[1, s] = bought[s]
    banks_out[2, 0] = carry


_FUNCTIONS = ("_first_allowed", "win_chance", "_judge", "solved_move", "next_node", "bot_move", "_saw", "_shown",
              "_observe", "play_session")
_COMPILED: dict = {}


def jitted() -> dict:
    """The compiled session (compiled on first use, cached on disk)."""
    if not _COMPILED:
        _COMPILED.update(_deal_kernels.compiled({**globals(), **_deal_kernels.jitted()}, _FUNCTIONS))
    return _COMPILED
