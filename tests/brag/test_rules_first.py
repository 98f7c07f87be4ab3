"""Rules first in every public Brag function."""

import inspect

import analysis.brag as brag


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


def test_the_rules_change_the_answer_where_the_rankings_differ():
    # A-2-3 is the second-best run in Three Card Brag but below A-K-Q in Teen Patti.
    assert brag.compare("brag3", "AS 2D 3C", "AH KD QC") == 1
    assert brag.compare("teen_patti", "AS 2D 3C", "AH KD QC") == -1
