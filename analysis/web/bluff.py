"""The dice-bidding page: should I call the last bid, and what does each choice cost?

Answered by ``odds bluff call`` (with the round's bids read as evidence when they are given as
``PLAYER:BID``), or, with no bid yet, ``odds bluff raises`` for the openings the rules allow.
"""

from __future__ import annotations

from analysis.web.forms import Field, rule_options

TITLE = "Dice bidding"
#: The name in the menu (short: the menu fits a phone on one line).
SHORT = "Bidding"
BLURB = "Bluff, Perudo, Liar's Dice: is the last bid true, and should you call it?"

FIELDS = (
    Field("preset", "Game", "--preset", "select", "bluff",
          (("bluff", "Bluff"), ("perudo", "Perudo"), ("liars_dice", "Liar's Dice")),
          words=("preset",)),
    Field("dice", "Your dice", "--dice", "dice", "", hint="tap the faces, or type them: 3 3 * 5 1",
          words=("die face", "dice show", "your dice", "you hold", "my dice")),
    Field("opponents", "The others' dice", "--opponents", "text", "5 5",
          hint="each opponent's dice count, in turn order after you: 6 7", words=("opponent", "player")),
    Field("bid", "The last bid", "--bid", "text", "", hint="e.g. 7x3, \"7 threes\", *3; empty: the openings allowed",
          words=("bid",)),
    Field("history", "The bids so far", "--history", "text", "",
          hint="PLAYER:BID in order, you are me: 1:4x3 2:5x3 me:6x3 (read as evidence)",
          words=("history", "round's bids"), max_length=400),
    Field("bidder", "Who bid it", "--bidder", "number", "", hint="opponent 1 = next after you; empty: the last",
          words=("bidder",)),
    Field("next", "Who answers a raise", "--next", "number", "", hint="default 1, the next player",
          words=("responder",)),
    Field("wild", "Wild face", "--wild", "number", "", hint="Liar's Dice only", words=("wild",)),
    Field("palifico", "Palifico round", "--palifico", "checkbox", words=("palifico",)),
    Field("rule", "House rules", None, "text", "", hint="FIELD=VALUE, e.g. exact_call=calza",
          words=("rule",), max_length=300),
)


def _rules(values) -> list[str]:
    argv = ["--preset", values["preset"] or "bluff", *rule_options(values["rule"])]
    if values["wild"]:
        argv += ["--wild", values["wild"]]
    return argv + (["--palifico"] if values["palifico"] else [])


def questions(values) -> list[tuple[str, list[str]]]:
    """The command lines this form asks, by the name the page shows each answer under."""
    if not values["bid"]:
        return [("openings", ["bluff", "raises", *_rules(values)])]
    argv = ["bluff", "call", *_rules(values), "--dice", values["dice"], "--bid", values["bid"],
            "--opponents", *(values["opponents"].split() or [""])]
    for name in ("history", "bidder", "next"):
        if values[name]:
            argv += [f"--{name}", values[name]]
    return [("call", argv)]


#: What each recommendation is called on the page.
VERDICTS = {"challenge": "Call it", "exact": "Call exactly", "raise": "Raise"}


def charts(values) -> dict[str, list[str]]:
    """The charts of the situation on screen, by kind: every bid's chance for these dice."""
    unknown = sum(int(count) for count in values["opponents"].split() if count.isdigit())
    return {"bids": ["bluff", "chart", "bids", *_rules(values), "--dice", values["dice"], "--unknown", str(unknown)]}
