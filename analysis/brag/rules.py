"""The Brag presets: Three Card Brag, Four Card Brag and Teen Patti (rules as implemented: docs/rules.md).

Every rule that house games disagree on is a field, so a variant is a preset
with one field changed:

>>> from analysis.brag.rules import preset
>>> preset("teen_patti").a23_run
'second'
>>> preset("brag3", prial_333_high=False).prial_333_high
False
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields

from analysis.errors import InvalidRules
from analysis.presets import choose_preset

#: Where A-2-3 stands among the runs (and running flushes).
A23_PLACES = ("highest", "second", "lowest", "none")

#: What happens when every opponent folds to a blind player: the pot carries over to the
#: next deal (Brag), or the blind player takes it (Teen Patti).
BLIND_ALONE = ("carries", "wins")
#: How the played hands go back into the pack between deals: to the ``bottom`` under the
#: undealt cards (the common habit), or a fresh ``shuffle`` before every deal.
GATHERS = ("bottom", "shuffle")
#: Which hand plays at a showdown for a player holding two blind hands: the ``better`` one or
#: the ``new`` one (the rules are silent).
TWO_BLIND_HANDS = ("better", "new")
#: The fields only the whole deal uses (``analysis.brag.table.deal``): the heads-up solve ignores
#: them, so they stay out of its store key.
DEAL_FIELDS = ("keep_blind", "pot_cover", "gather", "two_blind_hands")
#: The fields that rank hands (they key the stored hand tables); the rest describe the betting.
RANKING_FIELDS = ("name", "hand_size", "prial_333_high", "a23_run")
#: Largest betting structures accepted (the solved tree grows with each).
MAX_RUNGS, MAX_BETS = 6, 12

#: The six hand classes, weakest first; the index is the class code the kernels use.
CLASSES = ("high_card", "pair", "flush", "run", "running_flush", "prial")
#: A three-card strength is ``class * CLASS_SHIFT + key``; a four-card one is the best
#: three's strength ``* DISCARD_SHIFT + discarded rank`` (``_kernels`` builds them so and
#: ``tables`` reads them back; both take the encoding from here, so neither imports the other).
CLASS_SHIFT = 4096          # the 13**3 = 2197 keys of a class fit below it
DISCARD_SHIFT = 16
CLASS_TITLES = {"high_card": "High card", "pair": "Pair", "flush": "Flush", "run": "Run",
                "running_flush": "Running flush", "prial": "Prial"}


@dataclass(frozen=True)
class BragRules:
    """One way of ranking Brag hands.

    Attributes:
        name: the preset's name.
        hand_size: cards dealt to each player (3, or 4 for Four Card Brag, where the
            best three play and the discarded fourth card breaks ties).
        prial_333_high: 3-3-3 is the top prial (pagat's Three Card Brag), else A-A-A.
        a23_run: where A-2-3 ranks among runs: ``highest`` (above A-K-Q, Three Card Brag),
            ``second`` (just below A-K-Q, Teen Patti), ``lowest`` (below 2-3-4) or
            ``none`` (not a run at all).
        ante: chips each player puts in before the deal.
        stakes: the stake ladder, in chips, as an open (seen) player bets it; the
            first bet is the lowest rung and a raise moves to any higher rung.
        raises: the most raises in one hand (0: every bet is the lowest rung).
        bets: the most bets (stays and raises) in one hand; once reached, a player who
            may see must see or fold, so the betting always ends.
        blind_stake: what a blind player bets, as a fraction of the open stake (half).
        see_cost: what seeing costs, as a multiple of the seer's own stake: 2 in Brag
            (twice the stake, or twice the blind stake for a blind seer), 1 for Teen
            Patti's show.
        blind_alone: ``carries`` (Brag: when all fold to a blind player the pot carries
            over to the next deal) or ``wins`` (Teen Patti: the blind player takes it).
        open_sees_blind: whether an open player may see a blind one (no in both games).
        blind_play: whether players may bet blind at all (False: each looks before acting;
            solving both ways prices the blind option).
        keep_blind: a blind player left alone (the pot carries) keeps the blind hand for the
            next deal and is dealt a second one (whole deal only).
        pot_cover: a player short of chips may put in all they have and cover the pot.
        gather: how the played hands go back into the pack between deals (``GATHERS``).
        two_blind_hands: which of two blind hands plays at a showdown (``TWO_BLIND_HANDS``).
    """

    name: str = "brag3"
    hand_size: int = 3
    prial_333_high: bool = True
    a23_run: str = "highest"
    ante: float = 1.0
    stakes: tuple = (1.0, 2.0)
    raises: int = 1
    bets: int = 4
    blind_stake: float = 0.5
    see_cost: float = 2.0
    blind_alone: str = "carries"
    open_sees_blind: bool = False
    blind_play: bool = True
    keep_blind: bool = True
    pot_cover: bool = True
    gather: str = "bottom"
    two_blind_hands: str = "better"

    def __post_init__(self):
        if self.hand_size not in (3, 4):
            raise InvalidRules(f"hand_size {self.hand_size!r} is not allowed; Brag hands have 3 or 4 cards.")
        if self.a23_run not in A23_PLACES:
            raise InvalidRules(f"a23_run {self.a23_run!r} is not allowed; choose from {', '.join(A23_PLACES)}.")
        if not isinstance(self.prial_333_high, bool):
            raise InvalidRules(f"prial_333_high {self.prial_333_high!r} is not allowed; use True or False.")
        self._check_betting()

    def _check_betting(self) -> None:
        def chips(value) -> bool:
            return (isinstance(value, (int, float)) and not isinstance(value, bool)
                    and math.isfinite(value) and 0 < value <= 1e9)

        def whole(value, low, high) -> bool:
            return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high

        if not chips(self.ante):
            raise InvalidRules(f"ante {self.ante!r} is not allowed; it must be a number of chips above 0.")
        stakes = self.stakes
        if not isinstance(stakes, tuple) or not 1 <= len(stakes) <= MAX_RUNGS \
                or not all(chips(s) for s in stakes) or any(b <= a for a, b in zip(stakes, stakes[1:])):
            raise InvalidRules(f"stakes {stakes!r} is not allowed; give 1 to {MAX_RUNGS} stakes in chips, "
                               "each above 0 and higher than the one before.")
        if not whole(self.raises, 0, MAX_BETS):
            raise InvalidRules(f"A raise cap of {self.raises!r} is not allowed; choose a whole number "
                               f"from 0 to {MAX_BETS}.")
        if not whole(self.bets, 1, MAX_BETS):
            raise InvalidRules(f"A cap of {self.bets!r} bets is not allowed; choose a whole number from 1 "
                               f"to {MAX_BETS}.")
        if self.blind_stake != 0.5 or isinstance(self.blind_stake, bool):
            raise InvalidRules(f"A blind stake of {self.blind_stake!r} is not allowed; a blind player bets "
                               "half the open stake (0.5).")
        if self.see_cost not in (1, 2) or isinstance(self.see_cost, bool):
            raise InvalidRules(f"see_cost {self.see_cost!r} is not allowed; seeing costs 2 stakes (Brag) "
                               "or 1 (Teen Patti's show).")
        if self.blind_alone not in BLIND_ALONE:
            raise InvalidRules(f"blind_alone {self.blind_alone!r} is not allowed; choose from "
                               f"{', '.join(BLIND_ALONE)}.")
        if not isinstance(self.blind_play, bool):
            raise InvalidRules(f"blind_play {self.blind_play!r} is not allowed; use True or False.")
        for name in ("open_sees_blind", "keep_blind", "pot_cover"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidRules(f"{name} {getattr(self, name)!r} is not allowed; use True or False.")
        if self.gather not in GATHERS:
            raise InvalidRules(f"gather {self.gather!r} is not allowed; choose from {', '.join(GATHERS)}.")
        if self.two_blind_hands not in TWO_BLIND_HANDS:
            raise InvalidRules(f"two_blind_hands {self.two_blind_hands!r} is not allowed; choose from "
                               f"{', '.join(TWO_BLIND_HANDS)}.")

    @property
    def a23_code(self) -> int:
        """The kernels' code for ``a23_run`` (its index in ``A23_PLACES``)."""
        return A23_PLACES.index(self.a23_run)

    def key(self) -> dict:
        """The ranking fields as a plain dict, used to key cached hand tables."""
        return {name: getattr(self, name) for name in RANKING_FIELDS}

    def betting_key(self) -> dict:
        """The ranking and betting fields as a plain dict, used to key solved betting games
        (the whole deal's own fields change nothing there)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in DEAL_FIELDS}

    @property
    def slug(self) -> str:
        """A file-name-safe id: the preset's name plus a short hash of every field."""
        import hashlib  # lazy: keeps hashing (OpenSSL) out of a table question's start-up
        import json  # lazy: the same (a stored table's key only)

        digest = hashlib.sha256(json.dumps(self.key(), sort_keys=True).encode()).hexdigest()[:8]
        return f"{self.name}-{digest}"

    def __str__(self) -> str:
        top = "3-3-3" if self.prial_333_high else "A-A-A"
        return (f"{self.name}: {self.hand_size} cards, top prial {top}, "
                f"A-2-3 run {self.a23_run}")

    def betting(self) -> str:
        """The betting structure in words."""
        ladder = ", ".join(f"{s:g}" for s in self.stakes)
        alone = "carries over" if self.blind_alone == "carries" else "goes to the blind player"
        return (f"ante {self.ante:g}; open stakes {ladder} (blind players bet half); at most "
                f"{self.raises} raise{'s' if self.raises != 1 else ''} and {self.bets} bets; seeing costs "
                f"{self.see_cost:g}x the seer's stake; a pot folded to a blind player {alone}")


PRESETS = {
    # Three Card Brag (pagat's ranking): A-2-3 is the best run, 3-3-3 the best prial.
    "brag3": BragRules("brag3", 3, True, "highest"),
    # Four Card Brag: same ranking, best three of four, the discard breaks ties.
    "brag4": BragRules("brag4", 4, True, "highest"),
    # Teen Patti: A-A-A is the top trail; sequences A-K-Q, then A-2-3, then K-Q-J.
    # Teen Patti: show costs one stake (not two), and a blind player left alone takes the pot.
    "teen_patti": BragRules("teen_patti", 3, False, "second", see_cost=1.0, blind_alone="wins"),
}


def preset(name_or_rules: str | BragRules = "brag3", **fields) -> BragRules:
    """The preset called ``name_or_rules`` (or that rules object), with any ``fields`` changed."""
    if isinstance(fields.get("stakes"), list):
        fields["stakes"] = tuple(fields["stakes"])
    return choose_preset(name_or_rules, PRESETS, BragRules, "Brag", fields)
