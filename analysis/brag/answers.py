"""What Brag's one-hand questions return: frozen dataclasses with a readable ``__str__``.

Shared by an answer read from the table store (``analysis.brag.showdown.lookup``) and one computed
by the library, so both print the same text and JSON.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: Below this own reach a decision is shown as one the equilibrium (almost) never faces.
RARE = 1e-3


@dataclass(frozen=True)
class Equity:
    """A showdown result for one hand; ``standard_error`` is 0 for exact results."""

    hand: str
    preset: str
    opponents: int
    against: str
    win: float
    tie: float
    lose: float
    equity: float
    exact: bool
    standard_error: float = 0.0
    samples: int = 0
    seed: int | None = None
    deals: int = 0

    def __str__(self) -> str:
        how = (f"exact over {self.deals:,} deals" if self.exact else
               f"Monte Carlo, {self.samples:,} deals, seed {self.seed}, "
               f"standard error {self.standard_error:.5f}")
        who = "one opponent" if self.opponents == 1 else f"{self.opponents} opponents"
        return (f"{self.hand} ({self.preset}) against {who} holding {self.against}: "
                f"win {self.win:.4%}, tie {self.tie:.4%}, lose {self.lose:.4%}; "
                f"pot share {self.equity:.4%} ({how}).")


@dataclass(frozen=True)
class Advice:
    """The equilibrium at one decision: the mix of actions and what each is worth with this hand."""

    preset: str
    hand: str
    history: tuple
    player: int
    blind: bool
    mix: dict
    values: dict
    after_looking: dict | None
    reach: float     # the chance that the player's own equilibrium play comes here with this hand

    def __str__(self) -> str:
        seat = "first" if self.player == 0 else "second"
        said = ", ".join(self.history) or "the start"
        lines = [f"{self.preset}, {self.hand}: {seat} player to act after {said}"
                 f"{' (blind: the mix cannot depend on the cards)' if self.blind else ''}"]
        for action, share in self.mix.items():
            value = self.values[action]
            shown = "" if value is None or not math.isfinite(value) else f"   worth {value:+.3f} antes"
            lines.append(f"  {action:<15} {share:7.1%}{shown}")
        if self.after_looking:
            lines.append("  after looking at this hand:")
            lines.extend(f"    {action:<13} {share:7.1%}" for action, share in self.after_looking.items())
        if self.reach < RARE:
            lines.append(f"  (the equilibrium comes here with this hand in {self.reach:.4%} of deals: the mix "
                         "is the solver's average where it hardly matters; the values are exact for play from here)")
        lines.append("Values: chips per ante for the whole hand (ante and bets so far included), taking the "
                     "action and then playing the best reply to the equilibrium opponent.")
        return "\n".join(lines)
