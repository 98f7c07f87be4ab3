"""Both solvers give the very same arrays as before they moved onto the shared CFR core.

``data/guard.npz`` was written by ``python -m tests.cfr.guard_cases`` on the code before the
move (commit d0108fb, where dice bidding and Brag each had their own CFR loop): for every
variant, a fixed number of iterations on small dice-bidding rounds and reduced-deck Brag games,
the average policy, values, exploitabilities and check history. Equal means bit for bit
(``np.array_equal``), not close.
"""

import numpy as np
import pytest

from tests.cfr.guard_cases import GUARD, VARIANTS, cases

CASES = cases()


@pytest.fixture(scope="module")
def recorded():
    with np.load(GUARD) as stored:
        return {key: stored[key] for key in stored.files}


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("label", CASES)
def test_the_solve_is_bit_for_bit_what_it_was(recorded, label, variant):
    arrays = CASES[label](variant)
    names = sorted(key.split("|")[2] for key in recorded if key.startswith(f"{label}|{variant}|"))
    assert names == sorted(arrays)
    for name in names:
        before, after = recorded[f"{label}|{variant}|{name}"], arrays[name]
        assert before.dtype == after.dtype and before.shape == after.shape, name
        assert np.array_equal(before, after), f"{label} {variant}: {name} changed"
