"""Rules first in every public Brag function."""

import inspect

import analysis.brag as brag


def _public_functions():
    for name in brag.__all__:
        value = getattr(brag, name)
        if (inspect.isfunction(value) or inspect.isclass(value)) and callable(value):
            try:
                parameters = inspect.signature(value).parameters
            except (TypeError, ValueError):
                continue
            if "rules" in parameters:
                yield name, parameters


def test_every_public_function_that_takes_rules_takes_them_first_and_always_given():
    found = dict(_public_functions())
    assert {"equity", "strength", "describe", "stay_or_fold", "see_or_bet", "blind_or_look", "solve", "session",
            "frequencies", "Deal"} <= set(found)
    for name, parameters in found.items():
        first = next(iter(parameters.values()))
        assert first.name == "rules", name
        assert first.default is inspect.Parameter.empty, name


def test_the_rules_change_the_answer_where_the_rankings_differ():
    # A-2-3 is the second-best run in Three Card Brag but below A-K-Q in Teen Patti.
    assert brag.compare("brag3", "AS 2D 3C", "AH KD QC") == 1
    assert brag.compare("teen_patti", "AS 2D 3C", "AH KD QC") == -1
