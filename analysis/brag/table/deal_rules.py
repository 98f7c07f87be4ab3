"""The whole deal of Brag, 2 to 8 players: its state transitions as plain functions over small arrays.

Each function here is written in numba's subset and is the only statement of its rule:
``analysis.brag.table.deal`` calls them as plain Python for one deal (a history to check, a
question at the table), and ``_deal_kernels`` compiles the same functions, calling one
another compiled, for sessions of many deals. Nothing is validated here that a
transition does not check itself; the public modules turn the codes into sentences.

State (all numpy arrays, changed in place):

- ``rp`` float64[P_SIZE]: the rules (:func:`analysis.brag.table.deal.rule_vector`).
- ``ti`` int64[T_SIZE]: the table's counters (whose turn, the stake's rung, raises, ...).
- ``tf`` float64[F_SIZE]: the pots.
- ``status`` int64[n]: each seat OUT, BLIND, OPEN or COVERING.
- ``hands`` int64[n]: blind hands held (2 only for a kept blind hand and a new one; 0 marks a
  four-card hand whose discard is made, its three cards first in the row).
- ``cards`` int64[2n, 4]: row ``2s`` the seat's hand, row ``2s + 1`` its kept (old) blind hand.
- ``bank`` float64[n]: the chips each seat has not put in; ``paid`` float64[n] what it put in.
- ``gather`` int64[64]: the cards that left play, in the order they left (``ti[T_GATHERED]`` of them).
- ``deck`` int64[53]: the pack, top first: ``deck[52]`` is how many cards it holds.
"""

from __future__ import annotations

import numpy as np

from analysis.brag.showdown._kernels import hand_strengths, strength3
from analysis.brag.rules import CLASS_SHIFT, DISCARD_SHIFT
from analysis.random import stream, uniform_int

# The rules vector.
P_ANTE, P_RUNGS, P_STAKE0 = 0, 1, 2          # the stakes ladder fills P_STAKE0 .. P_STAKE0 + 5
P_RAISES, P_SEE_COST, P_BLIND_WINS, P_OPEN_SEES_BLIND, P_BLIND_PLAY = 8, 9, 10, 11, 12
P_KEEP_BLIND, P_POT_COVER, P_HAND_SIZE, P_PRIAL333, P_A23, P_SHUFFLE_ALWAYS, P_BETTER_OF_TWO = \
    13, 14, 15, 16, 17, 18, 19
P_SIZE = 20

# The table's counters.
(T_N, T_TURN, T_RUNG, T_RAISES, T_OVER, T_COVERER, T_PENDING, T_DEALER, T_END, T_WINNER,
 T_OLD_WINNER, T_SHUFFLE, T_GATHERED, T_KEEPER, T_BETS, T_SEER, T_SEEN) = range(17)
T_SIZE = 17
# The pots: the pot (the old pot once someone covers it), the new pot bet after a cover,
# and what carries to the next deal.
F_POT, F_NEW_POT, F_CARRY = 0, 1, 2
F_SIZE = 3

# A seat's status.
OUT, BLIND, OPEN, COVERING = 0, 1, 2, 3

# Actions (``arg`` is the rung for RAISE).
LOOK, LOOK_OLD, KEEP, DISCARD, FOLD, STAY, RAISE, SEE, COVER = range(9)
ACTIONS = ("look", "look-old", "keep", "discard", "fold", "bet", "raise", "see", "cover")

# Why an action is refused (0: it is allowed); analysis.brag.table.deal words each one.
(OK, E_OVER, E_PENDING, E_NOT_PENDING, E_LOOKED, E_NO_OLD, E_BLIND_OFF, E_SEE_COUNT, E_SEE_NO_STAKE,
 E_OPEN_SEES_BLIND, E_RAISE_CAP, E_RAISE_RUNG, E_SHORT, E_NOT_SHORT, E_COVER_OFF, E_COVER_TWICE,
 E_ACTION) = range(17)

# How a deal ended.
END_NONE, END_FOLDS, END_CARRIED, END_SEEN, END_COVER_CALLED = range(5)

# The card-removal vectors are small: 64 covers the gathered cards of any deal.
GATHER_SIZE = 64


def stake_for(rp, ti, status, seat):
    """What staying costs ``seat`` now: the current stake (the lowest rung before any bet), half if blind."""
    rung = ti[T_RUNG]
    if rung < 0:
        rung = 0
    stake = rp[P_STAKE0 + rung]
    if status[seat] == BLIND:
        stake = stake * 0.5
    return stake


def raise_cost(rp, status, seat, rung):
    """What raising to ``rung`` costs ``seat`` (half the stake if blind)."""
    stake = rp[P_STAKE0 + rung]
    if status[seat] == BLIND:
        stake = stake * 0.5
    return stake


def see_cost(rp, ti, status, seat):
    """Seeing costs the seer's own stake times ``see_cost`` (2 in Brag: twice the stake, or twice the
    blind stake for a blind seer)."""
    return rp[P_SEE_COST] * stake_for(rp, ti, status, seat)


def in_play(status, seat):
    return status[seat] == BLIND or status[seat] == OPEN


def betting_count(ti, status):
    """Players still betting (blind or open; a covering player bets no more)."""
    count = 0
    for s in range(ti[T_N]):
        if in_play(status, s):
            count += 1
    return count


def other_bettor(ti, status, seat):
    """The one other player betting when two remain (-1 if none)."""
    for s in range(ti[T_N]):
        if s != seat and in_play(status, s):
            return s
    return -1


def hand_strength(rp, cards, row):
    """The strength of the hand in ``cards[row]`` (the best three of four, the discard breaking ties)."""
    if rp[P_HAND_SIZE] < 3.5:
        # Three cards: the ranking kernel's own rule, without building a one-row table.
        return strength3(cards[row, 0], cards[row, 1], cards[row, 2], rp[P_PRIAL333] > 0.5, int(rp[P_A23]))
    return hand_strengths(cards[row:row + 1, :4], rp[P_PRIAL333] > 0.5, int(rp[P_A23]))[0]


def is_prial(rp, strength):
    if rp[P_HAND_SIZE] > 3.5:
        strength = strength // DISCARD_SHIFT
    return strength // CLASS_SHIFT == 5


def playing_strength(rp, cards, hands, seat):
    """The hand that plays for ``seat`` at a showdown: with two blind hands, the better (or the new)."""
    first = hand_strength(rp, cards, 2 * seat)
    if hands[seat] == 2 and rp[P_BETTER_OF_TWO] > 0.5:
        old = hand_strength(rp, cards, 2 * seat + 1)
        if old > first:
            return old
    return first


def check(rp, ti, status, hands, bank, action, arg):
    """Why the player to act may not take ``action`` now (OK if they may)."""
    if ti[T_OVER] == 1:
        return E_OVER
    seat = ti[T_TURN]
    if ti[T_PENDING] >= 0:
        # A player who looked at one of two blind hands must keep it or give it up first.
        if action == KEEP or action == DISCARD:
            return OK
        return E_PENDING
    if action == KEEP or action == DISCARD:
        return E_NOT_PENDING
    if action == LOOK or action == LOOK_OLD:
        if status[seat] != BLIND:
            return E_LOOKED
        if action == LOOK_OLD and hands[seat] < 2:
            return E_NO_OLD
        return OK
    if action == FOLD:
        return OK
    if status[seat] == BLIND and rp[P_BLIND_PLAY] < 0.5:
        return E_BLIND_OFF
    if action == STAY:
        if bank[seat] < stake_for(rp, ti, status, seat):
            return E_SHORT
        return OK
    if action == RAISE:
        # A raise moves the stake to a higher rung (a first bet above the lowest rung is a raise).
        if arg <= ti[T_RUNG] or arg >= rp[P_RUNGS] or arg < 1:
            return E_RAISE_RUNG
        if ti[T_RAISES] >= rp[P_RAISES]:
            return E_RAISE_CAP
        if bank[seat] < raise_cost(rp, status, seat, arg):
            return E_SHORT
        return OK
    if action == SEE:
        if betting_count(ti, status) != 2:
            return E_SEE_COUNT
        if ti[T_RUNG] < 0:
            return E_SEE_NO_STAKE
        other = other_bettor(ti, status, seat)
        if status[seat] == OPEN and status[other] == BLIND and rp[P_OPEN_SEES_BLIND] < 0.5:
            return E_OPEN_SEES_BLIND
        if bank[seat] < see_cost(rp, ti, status, seat):
            return E_SHORT
        return OK
    if action == COVER:
        if rp[P_POT_COVER] < 0.5:
            return E_COVER_OFF
        if ti[T_COVERER] >= 0:
            return E_COVER_TWICE
        if bank[seat] >= stake_for(rp, ti, status, seat):
            return E_NOT_SHORT
        return OK
    return E_ACTION


def _pay(ti, tf, bank, paid, seat, amount):
    """``seat`` puts ``amount`` in: into the new pot once the old one is covered."""
    bank[seat] -= amount
    paid[seat] += amount
    if ti[T_COVERER] >= 0:
        tf[F_NEW_POT] += amount
    else:
        tf[F_POT] += amount


def _gather(ti, gather, cards, row, k):
    for j in range(k):
        gather[ti[T_GATHERED]] = cards[row, j]
        ti[T_GATHERED] += 1


def _discard_on_looking(rp, ti, hands, cards, gather, seat):
    """Four Card Brag: a player who looks discards the card that leaves the best three.

    The hand's strength already counts that discard (it breaks ties), so the card stays in
    the row for the showdown, moved to the last column; only its place in the gathered pack
    changes: it is gathered now, and ``hands[seat] = 0`` marks the row's three cards as the hand.
    """
    if rp[P_HAND_SIZE] < 3.5:
        return
    row = 2 * seat
    rank = hand_strength(rp, cards, row) % DISCARD_SHIFT
    for j in range(4):
        if cards[row, j] >> 2 == rank:
            card = cards[row, j]
            cards[row, j] = cards[row, 3]
            cards[row, 3] = card
            gather[ti[T_GATHERED]] = card
            ti[T_GATHERED] += 1
            hands[seat] = 0
            return


def _gather_hand(rp, ti, hands, cards, gather, seat):
    """The seat's hand (and a second blind one) join the gathered cards; a discard is already there."""
    k = int(rp[P_HAND_SIZE])
    if hands[seat] == 0:
        k -= 1
    _gather(ti, gather, cards, 2 * seat, k)
    if hands[seat] == 2:
        _gather(ti, gather, cards, 2 * seat + 1, k)


def _next_turn(ti, status):
    n = ti[T_N]
    seat = ti[T_TURN]
    for step in range(1, n + 1):
        s = (seat + step) % n
        if in_play(status, s):
            ti[T_TURN] = s
            return


def step(rp, ti, tf, status, hands, cards, bank, paid, gather, action, arg):
    """Take ``action`` for the player to act, if the rules allow it; returns ``check``'s code."""
    code = check(rp, ti, status, hands, bank, action, arg)
    if code != OK:
        return code
    seat = ti[T_TURN]
    k = int(rp[P_HAND_SIZE])
    if action == LOOK or action == LOOK_OLD:
        if hands[seat] == 2:
            ti[T_PENDING] = 1 if action == LOOK_OLD else 0
        else:
            status[seat] = OPEN
            _discard_on_looking(rp, ti, hands, cards, gather, seat)
        return OK
    if action == KEEP or action == DISCARD:
        looked = 2 * seat + ti[T_PENDING]
        other = 2 * seat + 1 - ti[T_PENDING]
        if action == KEEP:
            _gather(ti, gather, cards, other, k)
            kept = looked
            status[seat] = OPEN
        else:
            _gather(ti, gather, cards, looked, k)
            kept = other
        for j in range(4):
            cards[2 * seat, j] = cards[kept, j]
        hands[seat] = 1
        ti[T_PENDING] = -1
        if action == KEEP:
            _discard_on_looking(rp, ti, hands, cards, gather, seat)
        return OK
    if action == FOLD:
        _gather_hand(rp, ti, hands, cards, gather, seat)
        hands[seat] = 1
        status[seat] = OUT
        if betting_count(ti, status) == 1:
            _folded_to_one(rp, ti, tf, status, hands, cards, bank, gather)
        else:
            _next_turn(ti, status)
        return OK
    if action == STAY:
        _pay(ti, tf, bank, paid, seat, stake_for(rp, ti, status, seat))
        if ti[T_RUNG] < 0:
            ti[T_RUNG] = 0
        ti[T_BETS] += 1
        _next_turn(ti, status)
        return OK
    if action == RAISE:
        _pay(ti, tf, bank, paid, seat, raise_cost(rp, status, seat, arg))
        ti[T_RUNG] = arg
        ti[T_RAISES] += 1
        ti[T_BETS] += 1
        _next_turn(ti, status)
        return OK
    if action == SEE:
        _pay(ti, tf, bank, paid, seat, see_cost(rp, ti, status, seat))
        other = other_bettor(ti, status, seat)
        ti[T_SEER] = seat
        ti[T_SEEN] = other
        # The player who paid to see loses a tie.
        winner = seat if playing_strength(rp, cards, hands, seat) > playing_strength(rp, cards, hands, other) \
            else other
        _showdown(rp, ti, tf, status, hands, cards, bank, gather, winner, END_SEEN)
        return OK
    # COVER: everything the player has goes in, and their hand lies on the pot.
    _pay(ti, tf, bank, paid, seat, bank[seat])
    if betting_count(ti, status) == 2:
        # Two players left: the betting ends and the hands are compared; the coverer loses a tie.
        other = other_bettor(ti, status, seat)
        ti[T_SEER] = seat
        ti[T_SEEN] = other
        winner = seat if playing_strength(rp, cards, hands, seat) > playing_strength(rp, cards, hands, other) \
            else other
        _showdown(rp, ti, tf, status, hands, cards, bank, gather, winner, END_COVER_CALLED)
        return OK
    status[seat] = COVERING
    ti[T_COVERER] = seat
    _next_turn(ti, status)
    return OK


def _folded_to_one(rp, ti, tf, status, hands, cards, bank, gather):
    """Everyone but one has folded."""
    winner = other_bettor(ti, status, -1)
    if ti[T_COVERER] < 0 and status[winner] == BLIND and rp[P_BLIND_WINS] < 0.5:
        # A blind player left alone does not win: the pot carries over, and the blind hand may be kept.
        tf[F_CARRY] = tf[F_POT]
        tf[F_POT] = 0.0
        ti[T_WINNER] = -1
        ti[T_END] = END_CARRIED
        ti[T_OVER] = 1
        if rp[P_KEEP_BLIND] > 0.5:
            ti[T_KEEPER] = winner
            if hands[winner] == 2:
                # Never three blind hands: the old one is given up.
                _gather(ti, gather, cards, 2 * winner + 1, int(rp[P_HAND_SIZE]))
                hands[winner] = 1
        return
    _showdown(rp, ti, tf, status, hands, cards, bank, gather, winner, END_FOLDS)


def _showdown(rp, ti, tf, status, hands, cards, bank, gather, winner, end):
    """``winner`` takes the pot they bet into; a covering hand is then compared with theirs for
    the old pot (a tie: the new pot's winner takes both)."""
    ti[T_WINNER] = winner
    ti[T_END] = end
    ti[T_OVER] = 1
    shown = end == END_SEEN or end == END_COVER_CALLED
    strength = playing_strength(rp, cards, hands, winner)
    coverer = ti[T_COVERER]
    if coverer >= 0:
        bank[winner] += tf[F_NEW_POT]
        tf[F_NEW_POT] = 0.0
        shown = True
        covering = playing_strength(rp, cards, hands, coverer)
        if covering > strength:
            winner = coverer
            strength = covering
    ti[T_OLD_WINNER] = winner
    bank[winner] += tf[F_POT]
    tf[F_POT] = 0.0
    # The pack is shuffled only after a hand that was seen and won by a prial.
    if shown and is_prial(rp, strength):
        ti[T_SHUFFLE] = 1


def deal(rp, ti, tf, status, hands, cards, bank, paid, gather, deck, dealer, carry):
    """Start a deal: the seats with at least the ante ante up and are dealt from the top of the pack,
    one card at a time from the dealer's left; ``carry`` is the pot carried from the deal before.

    A seat whose ``ti[T_KEEPER]`` kept a blind hand holds it in row ``2s`` on entry: it moves to
    the old row and the seat is dealt a new hand beside it. Returns how many seats play."""
    n = ti[T_N]
    keeper = ti[T_KEEPER]
    k = int(rp[P_HAND_SIZE])
    tf[F_POT] = carry
    tf[F_NEW_POT] = 0.0
    tf[F_CARRY] = 0.0
    playing = 0
    for s in range(n):
        hands[s] = 1
        paid[s] = 0.0
        if bank[s] >= rp[P_ANTE]:
            status[s] = BLIND
            bank[s] -= rp[P_ANTE]
            paid[s] += rp[P_ANTE]
            tf[F_POT] += rp[P_ANTE]
            playing += 1
        else:
            status[s] = OUT
    ti[T_GATHERED] = 0
    if keeper >= 0:
        if status[keeper] == BLIND:
            hands[keeper] = 2
            for j in range(4):
                cards[2 * keeper + 1, j] = cards[2 * keeper, j]
        else:
            _gather(ti, gather, cards, 2 * keeper, k)
    top = 0
    for j in range(k):
        for step_ in range(1, n + 1):
            s = (dealer + step_) % n
            if status[s] == BLIND:
                cards[2 * s, j] = deck[top]
                top += 1
    # The undealt cards stay on top of the pack, in order.
    size = deck[52]
    for i in range(size - top):
        deck[i] = deck[top + i]
    deck[52] = size - top
    ti[T_DEALER] = dealer
    ti[T_RUNG] = -1
    ti[T_RAISES] = 0
    ti[T_BETS] = 0
    ti[T_OVER] = 0
    ti[T_COVERER] = -1
    ti[T_PENDING] = -1
    ti[T_END] = END_NONE
    ti[T_WINNER] = -1
    ti[T_OLD_WINNER] = -1
    ti[T_SHUFFLE] = 0
    ti[T_KEEPER] = -1
    ti[T_SEER] = -1
    ti[T_SEEN] = -1
    ti[T_TURN] = dealer
    _next_turn(ti, status)
    return playing


def gather_hands(rp, ti, status, hands, cards, gather):
    """At the end of a deal, the hands still on the table join the gathered cards, seat by seat from
    the dealer's left (a kept blind hand stays out of the pack)."""
    n = ti[T_N]
    for step_ in range(1, n + 1):
        s = (ti[T_DEALER] + step_) % n
        if status[s] != OUT and s != ti[T_KEEPER]:
            _gather_hand(rp, ti, hands, cards, gather, s)


def restack(rp, ti, cards, gather, deck, seed, deal_index):
    """The pack for the next deal: the gathered cards go under the undealt ones, or, after a hand
    seen and won by a prial (or always, with ``gather="shuffle"``), every card not in a kept blind
    hand is shuffled (a seeded Fisher-Yates from the deal's own random stream)."""
    if ti[T_SHUFFLE] == 1 or rp[P_SHUFFLE_ALWAYS] > 0.5:
        shuffle(rp, ti, cards, deck, seed, deal_index)
        return
    size = deck[52]
    for i in range(ti[T_GATHERED]):
        deck[size + i] = gather[i]
    deck[52] = size + ti[T_GATHERED]


def shuffle(rp, ti, cards, deck, seed, deal_index):
    """A fresh pack of every card outside a kept blind hand, shuffled by the deal's random stream."""
    held = np.zeros(52, np.int64)
    keeper = ti[T_KEEPER]
    if keeper >= 0:
        for j in range(int(rp[P_HAND_SIZE])):
            held[cards[2 * keeper, j]] = 1
    size = 0
    for c in range(52):
        if held[c] == 0:
            deck[size] = c
            size += 1
    deck[52] = size
    for i in range(size - 1, 0, -1):
        # One counter-based draw per swap: the same pack in plain Python and compiled.
        j = uniform_int(np.uint64(stream(seed, deal_index * 64 + i)), i + 1)
        deck[i], deck[j] = deck[j], deck[i]
