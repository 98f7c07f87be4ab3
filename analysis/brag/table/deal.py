"""One deal of Brag at a table of 2 to 8, played move by move (rules as implemented: docs/rules.md).

Seats are numbered 1 to n clockwise; the dealer is seat n unless told otherwise, so seat 1
acts first. A history is the moves in order, comma-separated: ``look`` (a blind player
looks and becomes open), ``look-old`` (a player holding a kept blind hand and a new one
looks at the old one), ``keep`` / ``discard`` (after looking at one of two blind hands:
keep it and fold the other, playing open, or fold it and play the other blind), ``bet``
(stay at the current stake; ``blind`` is the same move by a player who has not looked),
``raise`` (to the next stake up; ``raise 2`` names the stake in chips), ``see``, ``cover``
and ``fold``.

>>> d = Deal("brag3", hands=["QS QD 4C", "AS 7H 2D", "9C 9H KD"])
>>> d.play("blind,look,bet,fold,see")
>>> d.summary()["pots_won"]
{1: 5.5}
"""

from __future__ import annotations

import numpy as np

from analysis.brag.table import deal_rules as K
from analysis.brag.showdown.cards import format_hand, parse_hands
from analysis.brag.rules import BragRules, preset
from analysis.errors import InvalidArgument

MIN_PLAYERS, MAX_PLAYERS = 2, 8

_REFUSED = {
    K.E_OVER: "the deal is already over",
    K.E_PENDING: "having looked at one of two blind hands, the player must first keep it or discard it",
    K.E_NOT_PENDING: "keep and discard follow a look at one of two blind hands only",
    K.E_LOOKED: "the player has already looked",
    K.E_NO_OLD: "the player holds no kept blind hand to look at",
    K.E_BLIND_OFF: "blind play is off in these rules, so the player must look before betting",
    K.E_SEE_COUNT: "a player may see only when two players remain",
    K.E_SEE_NO_STAKE: "nobody has bet yet, so there is nothing to see",
    K.E_OPEN_SEES_BLIND: "an open player cannot see a blind one",
    K.E_RAISE_CAP: "the raise limit has been reached",
    K.E_RAISE_RUNG: "a raise must go to a higher stake on the agreed ladder",
    K.E_SHORT: "the player has not enough chips for it",
    K.E_NOT_SHORT: "only a player without enough chips to stay may cover the pot",
    K.E_COVER_OFF: "pot cover is off in these rules",
    K.E_COVER_TWICE: "the pot is already covered once this deal",
    K.E_ACTION: "that is not a move",
}
_TOKENS = {"look": K.LOOK, "look-old": K.LOOK_OLD, "keep": K.KEEP, "discard": K.DISCARD, "fold": K.FOLD,
           "bet": K.STAY, "stay": K.STAY, "blind": K.STAY, "raise": K.RAISE, "see": K.SEE, "cover": K.COVER}
_ENDS = {K.END_FOLDS: "won when the others folded", K.END_CARRIED: "carried over (a blind player was left alone)",
         K.END_SEEN: "seen", K.END_COVER_CALLED: "compared when a player covered with two left"}


def check_players(players) -> int:
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)) \
            or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidArgument(f"{players!r} players is not a Brag table; play with {MIN_PLAYERS} to "
                              f"{MAX_PLAYERS} players.")
    return int(players)


def rule_vector(rules: BragRules) -> np.ndarray:
    """The rules as the deal's kernels read them."""
    rp = np.zeros(K.P_SIZE)
    rp[K.P_ANTE] = rules.ante
    rp[K.P_RUNGS] = len(rules.stakes)
    rp[K.P_STAKE0:K.P_STAKE0 + len(rules.stakes)] = rules.stakes
    rp[K.P_RAISES] = rules.raises
    rp[K.P_SEE_COST] = rules.see_cost
    rp[K.P_BLIND_WINS] = rules.blind_alone == "wins"
    rp[K.P_OPEN_SEES_BLIND] = rules.open_sees_blind
    rp[K.P_BLIND_PLAY] = rules.blind_play
    rp[K.P_KEEP_BLIND] = rules.keep_blind
    rp[K.P_POT_COVER] = rules.pot_cover
    rp[K.P_HAND_SIZE] = rules.hand_size
    rp[K.P_PRIAL333] = rules.prial_333_high
    rp[K.P_A23] = rules.a23_code
    rp[K.P_SHUFFLE_ALWAYS] = rules.gather == "shuffle"
    rp[K.P_BETTER_OF_TWO] = rules.two_blind_hands == "better"
    return rp


class Table:
    """The arrays of one table (``analysis.brag.table.deal_rules`` describes them)."""

    def __init__(self, rules: BragRules, players: int, banks=None):
        n = check_players(players)
        self.rules, self.n = rules, n
        self.rp = rule_vector(rules)
        self.ti = np.zeros(K.T_SIZE, np.int64)
        self.ti[K.T_N] = n
        self.ti[K.T_KEEPER] = -1
        self.tf = np.zeros(K.F_SIZE)
        self.status = np.zeros(n, np.int64)
        self.hands = np.ones(n, np.int64)
        self.cards = np.zeros((2 * n, 4), np.int64)
        self.bank = np.full(n, 1e6) if banks is None else _banks(banks, n)
        self.paid = np.zeros(n)
        self.gather = np.zeros(K.GATHER_SIZE, np.int64)
        self.deck = np.zeros(53, np.int64)


def _banks(banks, n) -> np.ndarray:
    values = list(banks)
    if len(values) != n or not all(isinstance(v, (int, float)) and not isinstance(v, bool)
                                   and 0 <= v <= 1e9 for v in values):
        raise InvalidArgument(f"Give {n} bankrolls, each a number of chips from 0 to 1e9.")
    return np.array(values, dtype=float)


class Deal:
    """One deal, played move by move with the plain-Python rules (``play``, ``move``).

    ``hands`` (one per seat, in seat order) fixes the cards; otherwise ``deck`` (top first)
    or a shuffle from ``seed`` deals them. ``kept`` = (seat, hand) is a blind hand kept from
    the deal before, ``carry`` the pot carried with it, ``banks`` each seat's chips.
    """

    def __init__(self, rules: str | BragRules, players: int | None = None, hands=None,
                 banks=None, carry: float = 0.0, dealer: int | None = None, kept=None, deck=None,
                 seed: int = 0):
        rules = preset(rules)
        if players is None:
            players = len(hands) if hands is not None else 3
        table = Table(rules, players, banks)
        n = table.n
        self.rules, self.table, self.n = rules, table, n
        self.dealer = n if dealer is None else dealer
        if isinstance(self.dealer, bool) or not isinstance(self.dealer, int) or not 1 <= self.dealer <= n:
            raise InvalidArgument(f"The dealer must be a seat from 1 to {n}.")
        if not isinstance(carry, (int, float)) or isinstance(carry, bool) or not 0 <= carry <= 1e9:
            raise InvalidArgument(f"A carried pot of {carry!r} chips is not allowed; give 0 to 1e9 chips.")
        kept_cards: tuple = ()
        if kept is not None:
            seat, text = kept
            self._check_seat(seat)
            kept_cards = parse_hands([text], rules.hand_size)[0]
            table.ti[K.T_KEEPER] = seat - 1
            table.cards[2 * (seat - 1), :rules.hand_size] = kept_cards
        table.deck[:] = self._pack(hands, deck, kept_cards, seed)
        self.start_banks = table.bank.copy()
        if int((table.bank >= rules.ante).sum()) < 2:
            raise InvalidArgument(f"At least two players need the ante ({rules.ante:g} chips) to play a deal.")
        K.deal(table.rp, table.ti, table.tf, table.status, table.hands, table.cards, table.bank, table.paid,
               table.gather, table.deck, self.dealer - 1, float(carry))
        self.moves: list[str] = []

    def _check_seat(self, seat) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= self.n:
            raise InvalidArgument(f"Seat {seat!r} is not at this table; seats are 1 to {self.n}.")

    def _pack(self, hands, deck, kept_cards, seed) -> np.ndarray:
        """The pack, top first, that deals ``hands`` (or the given deck, or a seeded shuffle)."""
        k, n, table = self.rules.hand_size, self.n, self.table
        out = np.zeros(53, np.int64)
        if hands is not None:
            if len(hands) != n:
                raise InvalidArgument(f"Give {n} hands, one for each seat, not {len(hands)}.")
            cards = parse_hands(list(hands) + ([format_hand(kept_cards)] if kept_cards else []), k)[:n]
            playing = [s for s in range(n) if table.bank[s] >= self.rules.ante]
            order = [(self.dealer + step) % n for step in range(n)]
            top = [cards[s][j] for j in range(k) for s in order if s in playing]
            rest = [c for c in range(52) if c not in top and c not in kept_cards]
            pack = top + rest
        elif deck is not None:
            pack = [int(c) for c in deck]
            if sorted(pack + list(kept_cards)) != list(range(52)):
                raise InvalidArgument("A pack must hold every card outside a kept hand exactly once.")
        else:
            K.shuffle(table.rp, table.ti, table.cards, out, seed, 0)
            return out
        out[:len(pack)] = pack
        out[52] = len(pack)
        return out

    # Moves -----------------------------------------------------------------------------------

    @property
    def turn(self) -> int | None:
        """The seat to act (None once the deal is over)."""
        return None if self.over else int(self.table.ti[K.T_TURN]) + 1

    @property
    def over(self) -> bool:
        return bool(self.table.ti[K.T_OVER])

    def move(self, text: str) -> None:
        """Make one move (``"bet"``, ``"raise 2"``, ``"see"``...) for the seat to act."""
        t = self.table
        action, arg = self._parse(text)
        seat = int(t.ti[K.T_TURN]) + 1
        if text.strip().lower() == "blind" and t.status[seat - 1] != K.BLIND:
            code = K.E_LOOKED
        else:
            code = K.step(t.rp, t.ti, t.tf, t.status, t.hands, t.cards, t.bank, t.paid, t.gather, action, arg)
        if code != K.OK:
            where = f"move {len(self.moves) + 1} ('{text.strip()}', seat {seat})"
            raise InvalidArgument(f"The history breaks a rule at {where}: {_REFUSED[code]}.")
        self.moves.append(text.strip())
        if self.over:
            K.gather_hands(t.rp, t.ti, t.status, t.hands, t.cards, t.gather)

    def play(self, history: str) -> None:
        """Make every move of a comma-separated history."""
        if not isinstance(history, str):
            raise InvalidArgument(f"{history!r} is not a history; give moves separated by commas.")
        for token in [m for m in history.split(",") if m.strip()]:
            self.move(token)

    def _parse(self, text: str) -> tuple[int, int]:
        words = text.strip().lower().split()
        if not words or words[0] not in _TOKENS or len(words) > 2 or (len(words) == 2 and words[0] != "raise"):
            raise InvalidArgument(f"'{text.strip()}' is not a move; moves are {', '.join(_TOKENS)}.")
        action = _TOKENS[words[0]]
        if action != K.RAISE:
            return action, 0
        stakes = self.rules.stakes
        rung = int(self.table.ti[K.T_RUNG])
        if len(words) == 1:
            return action, max(rung, 0) + 1
        try:
            return action, stakes.index(float(words[1]))
        except ValueError:
            raise InvalidArgument(f"A raise to {words[1]} is not on the agreed stakes "
                                  f"({', '.join(f'{s:g}' for s in stakes)}).") from None

    # What happened ---------------------------------------------------------------------------

    def summary(self) -> dict:
        """The deal so far: each seat's status and chips, the pots, and how it ended."""
        t = self.table
        names = {K.OUT: "out", K.BLIND: "blind", K.OPEN: "open", K.COVERING: "covering"}
        # What each seat took from the pots: its chips now, less what it had before the ante, plus what it paid.
        takings = t.bank - self.start_banks + t.paid
        won = {s + 1: float(takings[s]) for s in range(self.n) if takings[s] > 0}
        winner, old = int(t.ti[K.T_WINNER]), int(t.ti[K.T_OLD_WINNER])
        return {"moves": list(self.moves), "turn": self.turn, "over": self.over,
                "status": {s + 1: names[int(t.status[s])] for s in range(self.n)},
                "banks": {s + 1: float(t.bank[s]) for s in range(self.n)},
                "pot": float(t.tf[K.F_POT]), "new_pot": float(t.tf[K.F_NEW_POT]), "carry": float(t.tf[K.F_CARRY]),
                "stake": float(self.rules.stakes[max(int(t.ti[K.T_RUNG]), 0)]),
                "end": _ENDS.get(int(t.ti[K.T_END])), "winner": winner + 1 if winner >= 0 else None,
                "old_pot_winner": old + 1 if old >= 0 and t.ti[K.T_COVERER] >= 0 else None,
                "kept_blind": int(t.ti[K.T_KEEPER]) + 1 if t.ti[K.T_KEEPER] >= 0 else None,
                "shuffle_next": bool(t.ti[K.T_SHUFFLE]) or self.rules.gather == "shuffle",
                "pots_won": won}

    def next_pack(self, seed: int = 0) -> list[int]:
        """The pack, top first, that the next deal is dealt from (the deal must be over)."""
        if not self.over:
            raise InvalidArgument("The deal is not over yet, so the pack is not gathered.")
        t = self.table
        deck = t.deck.copy()
        K.restack(t.rp, t.ti, t.cards, t.gather, deck, seed, 1)
        return deck[:deck[52]].tolist()

    def seat_cards(self, seat: int) -> str:
        self._check_seat(seat)
        return format_hand(self.table.cards[2 * (seat - 1), :self.rules.hand_size])
