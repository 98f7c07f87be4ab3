"""The Brag presets: Three Card Brag, Four Card Brag and Teen Patti (RULES.md section 3).

Every rule that house games disagree on is a field, so a variant is a preset
with one field changed:

>>> from analysis.brag.rules import preset
>>> preset("teen_patti").a23_run
'second'
>>> preset("brag3", prial_333_high=False).prial_333_high
False
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from analysis.errors import InvalidRules

#: Where A-2-3 stands among the runs (and running flushes).
A23_PLACES = ("highest", "second", "lowest", "none")

#: The six hand classes, weakest first; the index is the class code the kernels use.
CLASSES = ("high_card", "pair", "flush", "run", "running_flush", "prial")
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
        a23_run: where A-2-3 ranks among runs: ``highest`` (above A-K-Q, seed 003),
            ``second`` (just below A-K-Q, Teen Patti), ``lowest`` (below 2-3-4) or
            ``none`` (not a run at all).
    """

    name: str = "brag3"
    hand_size: int = 3
    prial_333_high: bool = True
    a23_run: str = "highest"

    def __post_init__(self):
        if self.hand_size not in (3, 4):
            raise InvalidRules(f"hand_size {self.hand_size!r} is not allowed; Brag hands have 3 or 4 cards.")
        if self.a23_run not in A23_PLACES:
            raise InvalidRules(f"a23_run {self.a23_run!r} is not allowed; choose from {', '.join(A23_PLACES)}.")
        if not isinstance(self.prial_333_high, bool):
            raise InvalidRules(f"prial_333_high {self.prial_333_high!r} is not allowed; use True or False.")

    @property
    def a23_code(self) -> int:
        """The kernels' code for ``a23_run`` (its index in ``A23_PLACES``)."""
        return A23_PLACES.index(self.a23_run)

    def key(self) -> dict:
        """The fields as a plain dict, used to key cached tables."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def slug(self) -> str:
        """A file-name-safe id: the preset's name plus a short hash of every field."""
        import hashlib
        import json

        digest = hashlib.sha256(json.dumps(self.key(), sort_keys=True).encode()).hexdigest()[:8]
        return f"{self.name}-{digest}"

    def __str__(self) -> str:
        top = "3-3-3" if self.prial_333_high else "A-A-A"
        return (f"{self.name}: {self.hand_size} cards, top prial {top}, "
                f"A-2-3 run {self.a23_run}")


PRESETS = {
    # Seed 003 and pagat: A-2-3 is the best run, 3-3-3 the best prial.
    "brag3": BragRules("brag3", 3, True, "highest"),
    # Four Card Brag: same ranking, best three of four, the discard breaks ties.
    "brag4": BragRules("brag4", 4, True, "highest"),
    # Teen Patti: A-A-A is the top trail; sequences A-K-Q, then A-2-3, then K-Q-J.
    "teen_patti": BragRules("teen_patti", 3, False, "second"),
}


def preset(name: str | BragRules = "brag3", **overrides) -> BragRules:
    """The preset called ``name``, with any fields in ``overrides`` changed."""
    if isinstance(name, BragRules):
        rules = name
    else:
        try:
            rules = PRESETS[name]
        except KeyError:
            raise InvalidRules(f"'{name}' is not a Brag preset; choose from {', '.join(PRESETS)}.") from None
    if overrides:
        allowed = {f.name for f in fields(BragRules)} - {"name"}
        for field in overrides:
            if field not in allowed:
                raise InvalidRules(f"'{field}' is not a Brag rule field; choose from {', '.join(sorted(allowed))}.")
        rules = replace(rules, **overrides)
    return rules
