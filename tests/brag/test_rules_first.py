"""Rules first in every public Brag function, and the older orders answering the same."""

import inspect

import pytest

import analysis.brag as brag
from analysis.brag.rules import preset


def _public_functions():
    for name in brag.__all__:
        value = getattr(brag, name)
        if inspect.isfunction(value) and "rules" in inspect.signature(value).parameters:
            yield name, value


def test_every_public_function_that_takes_rules_takes_them_first():
    found = dict(_public_functions())
    assert {"equity", "strength", "describe", "stay_or_fold", "see_or_bet", "blind_or_look"} <= set(found)
    for name, function in found.items():
        assert next(iter(inspect.signature(function).parameters)) == "rules", name


@pytest.mark.parametrize("call, older", [
    (lambda: brag.equity("teen_patti", "KS KH 7D", 2), lambda: brag.equity("KS KH 7D", 2, "teen_patti")),
    (lambda: brag.equity(preset("brag3"), "KS KH 7D"), lambda: brag.equity("KS KH 7D", rules="brag3")),
    (lambda: brag.strength("teen_patti", "AS KS QS"), lambda: brag.strength("AS KS QS", "teen_patti")),
    (lambda: brag.describe("brag4", "AS KS QS 2D"), lambda: brag.describe("AS KS QS 2D", "brag4")),
    (lambda: brag.stay_or_fold("brag3", "QS QD 4C", 40, 5, 1), lambda: brag.stay_or_fold("QS QD 4C", 40, 5)),
    (lambda: brag.blind_or_look("teen_patti", 10, 5), lambda: brag.blind_or_look(10, 5, rules="teen_patti")),
])
def test_the_older_order_answers_the_same(call, older):
    assert str(call()) == str(older())


def test_the_rules_change_the_answer_where_the_rankings_differ():
    # A-2-3 is the second-best run in Three Card Brag but below A-K-Q in Teen Patti.
    assert brag.compare("brag3", "AS 2D 3C", "AH KD QC") == 1
    assert brag.compare("teen_patti", "AS 2D 3C", "AH KD QC") == -1
