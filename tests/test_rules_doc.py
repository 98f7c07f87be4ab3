"""docs/rules.md, the rules as implemented, names every rule field of every game."""

import dataclasses
from pathlib import Path

import pytest

from analysis.backgammon.rules import BackgammonRules
from analysis.bluff.rules import BiddingRules
from analysis.brag.rules import BragRules
from analysis.yacht.rules import Rules as YachtRules

DOC = (Path(__file__).resolve().parents[1] / "docs" / "rules.md").read_text(encoding="utf-8")
#: Labels rather than rules: a preset's name, its title for people, a description.
LABELS = {"name", "title", "description", "joker_name"}


@pytest.mark.parametrize("rules", [BiddingRules, YachtRules, BragRules, BackgammonRules],
                         ids=lambda cls: cls.__name__)
def test_every_rule_field_is_documented(rules):
    missing = [f.name for f in dataclasses.fields(rules) if f.name not in LABELS and f"`{f.name}`" not in DOC]
    assert not missing, f"docs/rules.md does not name {', '.join(missing)}"


def test_nothing_outside_the_repository_is_cited():
    assert "RULES.md" not in DOC and "seed" not in DOC.lower()
