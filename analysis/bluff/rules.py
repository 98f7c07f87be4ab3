"""The dice-bidding presets: Bluff, Perudo and Liar's Dice as frozen dataclasses.

All three games roll six-sided dice; a face code is an int 1..6 and each preset
says what the faces are called and which one (if any) is the joker:

- ``bluff``: faces 1-5 and the star (code 6, written ``*``); the star counts for
  every number bid and star bids have their own places on the bid board.
- ``perudo``: the paco (code 1) and 2-6; pacos are wild for number bids.
- ``liars_dice``: faces 1-6, nothing wild unless ``wild_face`` is set.

>>> BLUFF.face_name(6), PERUDO.joker, LIARS_DICE.joker
('*', 1, None)
>>> BLUFF.starting_dice(4)
7
"""

from __future__ import annotations

from dataclasses import dataclass

from analysis.errors import InvalidArgument, InvalidRules
from analysis.presets import choose_preset

NUMBER_WORDS = {1: "ones", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes"}
SINGULAR_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


@dataclass(frozen=True)
class BiddingRules:
    """One dice-bidding game; every field is a house rule that an analysis can change.

    Attributes:
        name: preset name.
        title: the game's name for people.
        joker: face code that is wild for number bids (None: nothing is wild).
        joker_name: how the joker is called in text ("star", "paco").
        joker_bids_own_track: joker bids sit on their own places of the track
            (Bluff, Perudo) rather than as the highest face (Liar's Dice with a wild face).
        joker_place_after: joker bid of k sits right after the number field
            ``2k - 1`` (Bluff: ``1, *1, 2, 3, *2``) or ``2k`` (Perudo's switching rule:
            k pacos raise any bid up to 2k, and the way back needs 2k + 1).
        opening_on_joker: whether a round may open with a joker bid.
        box_dice: dice in the box shared out evenly (None: ``dice_per_player`` each).
        dice_per_player: fixed starting dice (used when ``box_dice`` is None or set explicitly).
        min_players, max_players: player counts the game is played with.
        challenge_loss: ``"difference"`` (Bluff: the loser loses the miss, and an exact
            count costs everyone but the bidder one die) or ``"one"`` (the loser loses one die).
        exact_call: ``None``, ``"calza"`` (Perudo: exact -> bidder loses one and the caller
            regains one; otherwise the caller loses one) or ``"spot_on"`` (Liar's Dice:
            exact -> everyone but the caller loses one; otherwise the caller loses one).
        palifico: Perudo's palifico rounds (jokers not wild, the opening face is fixed).
        star_die: the dice show 1-5 and a star (Bluff's dice; face code 6 is the star),
            rather than 1-6.
        next_opener: who opens the next round: ``"challenger"`` (Bluff: whoever called)
            or ``"loser"`` (the player who lost a die; after a spot on, the bidder).
    """

    name: str
    title: str
    joker: int | None
    joker_name: str | None
    joker_bids_own_track: bool
    joker_place_after: str  # "odd" (2k-1) or "even" (2k)
    opening_on_joker: bool
    box_dice: int | None
    dice_per_player: int
    min_players: int
    max_players: int
    challenge_loss: str
    exact_call: str | None
    palifico: bool
    star_die: bool
    next_opener: str

    # ----------------------------------------------------------------- faces
    @property
    def number_faces(self) -> tuple[int, ...]:
        """Face codes of the number bids, in track order (lowest first)."""
        if self.joker is not None and self.joker_bids_own_track:
            return tuple(f for f in range(1, 7) if f != self.joker)
        return tuple(range(1, 7))

    @property
    def bid_faces(self) -> tuple[int, ...]:
        """Every face code a bid may name."""
        return tuple(range(1, 7))

    def face_name(self, face: int) -> str:
        if self.star_die and face == 6:
            return "*"
        return str(face)

    def face_words(self, face: int, count: int = 2) -> str:
        """``face`` in words, plural unless ``count`` is 1: "fours", "star", "pacos"."""
        if face == self.joker and self.joker_name:
            return self.joker_name + ("s" if count != 1 else "")
        return (NUMBER_WORDS if count != 1 else SINGULAR_WORDS)[face]

    def faces_text(self) -> str:
        """The faces in words, for error messages."""
        if self.star_die:
            return "1-5 and * (star)"
        if self.joker is not None and self.joker_name:
            return f"1-6 (1 is the {self.joker_name})"
        return "1-6"

    # ------------------------------------------------------------ counting
    def counts_for(self, face: int, palifico_round: bool = False) -> tuple[int, ...]:
        """The face codes that count towards a bid on ``face``."""
        wild = self.joker is not None and not palifico_round
        if wild and face != self.joker:
            return (face, self.joker)
        return (face,)

    def success_chance(self, face: int, palifico_round: bool = False) -> float:
        """Chance that one unknown die counts towards a bid on ``face`` (1/3 or 1/6)."""
        return len(self.counts_for(face, palifico_round)) / 6.0

    # --------------------------------------------------------------- dice
    def starting_dice(self, players: int) -> int:
        if not self.min_players <= players <= self.max_players:
            raise InvalidArgument(
                f"{self.title} is played by {self.min_players}-{self.max_players} players, not {players}.")
        if self.box_dice is not None:
            return self.box_dice // players
        return self.dice_per_player

    def __post_init__(self):
        # Checked here, so a bad house rule fails when the rules are made (a preset, a
        # ``dataclasses.replace``, a direct construction), never halfway through an analysis.
        for field, allowed in _CHOICES.items():
            if getattr(self, field) not in allowed:
                raise InvalidRules(f"{field}={getattr(self, field)!r} is not a choice; allowed: "
                                   f"{', '.join(repr(a) for a in allowed)}.")
        for field in ("name", "title"):
            if not isinstance(getattr(self, field), str) or not getattr(self, field).strip():
                raise InvalidRules(f"{field}={getattr(self, field)!r} is not allowed; give a non-empty name.")
        if self.joker_name is not None and not isinstance(self.joker_name, str):
            raise InvalidRules(f"joker_name={self.joker_name!r} is not allowed; give a word such as 'star', or None.")
        if self.joker is not None and (not _whole(self.joker) or not 1 <= self.joker <= 6):
            raise InvalidRules(f"joker={self.joker!r} is not a face; use a face code 1-6 or None.")
        for field in ("joker_bids_own_track", "opening_on_joker", "palifico", "star_die"):
            if not isinstance(getattr(self, field), bool):
                raise InvalidRules(f"{field}={getattr(self, field)!r} is not allowed; use True or False.")
        if not _whole(self.max_players) or not _whole(self.min_players) \
                or not 2 <= self.min_players <= self.max_players <= MAX_PLAYERS:
            raise InvalidRules(f"min_players={self.min_players!r}, max_players={self.max_players!r} are not "
                               f"allowed; the tools handle 2-{MAX_PLAYERS} players (min_players <= max_players).")
        if not _whole(self.dice_per_player) or not 1 <= self.dice_per_player <= MAX_START:
            raise InvalidRules(f"dice_per_player={self.dice_per_player!r} is not allowed; each player starts "
                               f"with 1-{MAX_START} dice.")
        if self.box_dice is not None and (not _whole(self.box_dice) or self.box_dice // self.max_players < 1
                                          or self.box_dice // self.min_players > MAX_START):
            raise InvalidRules(f"box_dice={self.box_dice!r} is not allowed; shared out among "
                               f"{self.min_players}-{self.max_players} players it must give each 1-{MAX_START} "
                               f"dice ({self.max_players}-{MAX_START * self.min_players + self.min_players - 1}), "
                               "or None.")

    def with_fields(self, **changes) -> "BiddingRules":
        """A copy with house-rule fields changed (the same as ``preset(self, **changes)``)."""
        return preset(self, **changes)


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: Largest table the tools handle, and the most dice a player may start with.
MAX_PLAYERS = 6
MAX_START = 30

#: Rule fields that take one of a few values (the rest are counts, flags or names).
_CHOICES = {
    "joker_place_after": ("odd", "even"),
    "challenge_loss": ("difference", "one"),
    "exact_call": (None, "calza", "spot_on"),
    "next_opener": ("challenger", "loser"),
}


BLUFF = BiddingRules(
    name="bluff", title="Bluff", joker=6, joker_name="star", joker_bids_own_track=True,
    joker_place_after="odd", opening_on_joker=True, box_dice=30, dice_per_player=5,
    min_players=2, max_players=6, challenge_loss="difference", exact_call=None, palifico=False,
    star_die=True, next_opener="challenger",
)

PERUDO = BiddingRules(
    name="perudo", title="Perudo", joker=1, joker_name="paco", joker_bids_own_track=True,
    joker_place_after="even", opening_on_joker=False, box_dice=None, dice_per_player=5,
    min_players=2, max_players=6, challenge_loss="one", exact_call="calza", palifico=True,
    star_die=False, next_opener="loser",
)

LIARS_DICE = BiddingRules(
    name="liars_dice", title="Liar's Dice", joker=None, joker_name=None, joker_bids_own_track=False,
    joker_place_after="even", opening_on_joker=True, box_dice=None, dice_per_player=5,
    min_players=2, max_players=6, challenge_loss="one", exact_call="spot_on", palifico=False,
    star_die=False, next_opener="loser",
)

PRESETS = {rules.name: rules for rules in (BLUFF, PERUDO, LIARS_DICE)}


def preset(name_or_rules: str | BiddingRules = "bluff", **fields) -> BiddingRules:
    """The preset called ``name_or_rules`` (or that rules object), with any rule ``fields`` changed.

    The fields are checked when the rules are made: an unknown field or a bad value raises
    :class:`~analysis.errors.InvalidRules` here, never later. ``wild`` makes a face of Liar's
    Dice wild and bid like any face, as the highest of its field (``wild=6``: sixes wild).

    >>> preset("perudo", exact_call=None).exact_call is None
    True
    >>> preset(preset("bluff"), box_dice=None, dice_per_player=5).starting_dice(4)
    5
    >>> preset("liars_dice", wild=6).joker
    6
    >>> preset("bluff", joker=9)
    Traceback (most recent call last):
    ...
    analysis.errors.InvalidRules: joker=9 is not a face; use a face code 1-6 or None.
    """
    rules = choose_preset(name_or_rules, PRESETS, BiddingRules, "dice-bidding", {})
    wild = fields.pop("wild", None)
    if wild is not None:
        if rules.joker_bids_own_track or (rules.joker is not None and rules.joker != wild):
            raise InvalidRules(f"wild applies to Liar's Dice only; {rules.title} has its own joker.")
        if not _whole(wild) or wild not in range(1, 7):
            raise InvalidRules(f"The wild face must be 1-6, not {wild!r}.")
        # The benchmark form: the wild face is bid like any face, as the highest of its field.
        fields = {"joker": wild, "joker_name": None, **fields}
    return choose_preset(rules, PRESETS, BiddingRules, "dice-bidding", fields)
