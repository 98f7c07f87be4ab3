"""The first-run compile notice (analysis.compile_notice.compiling), with a real numba kernel."""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys

import pytest

from analysis.compile_notice import compiling, is_compiled

KERNEL = '''
from numba import njit


@njit(cache=True)
def triple(x):
    return 3 * x
'''


def _load(path):
    spec = importlib.util.spec_from_file_location(f"kernel_{abs(hash(str(path)))}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_kernel_without_cached_code_is_announced_once_then_silent(tmp_path):
    source = tmp_path / "fresh_kernel.py"
    source.write_text(KERNEL)
    kernel = _load(source).triple
    assert not is_compiled(kernel)                      # nothing on disk for this source yet
    log = io.StringIO()
    with compiling("the tripler", 2, kernel, stream=log):
        assert kernel(5) == 15
    lines = log.getvalue().splitlines()
    assert lines[0] == "odds: compiling the tripler (first run only, about 2 s)..."
    assert lines[1].startswith("odds: compiling the tripler: done (") and len(lines) == 2
    assert is_compiled(kernel)
    quiet = io.StringIO()
    with compiling("the tripler", 2, kernel, stream=quiet):
        kernel(6)
    assert quiet.getvalue() == ""
    # A new process finds numba's on-disk cache: no notice there either.
    code = (f"import importlib.util as u; s = u.spec_from_file_location('k', {str(source)!r}); "
            "m = u.module_from_spec(s); s.loader.exec_module(m); "
            "from analysis.compile_notice import is_compiled; print(is_compiled(m.triple))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "True"


def test_a_failed_compile_is_reported_as_stopped(tmp_path):
    source = tmp_path / "failing_kernel.py"
    source.write_text(KERNEL)
    kernel = _load(source).triple
    log = io.StringIO()
    with pytest.raises(Exception, match="(?i)typing"):
        with compiling("the tripler", 2, kernel, stream=log):
            kernel(None)          # numba cannot type 3 * None
    assert log.getvalue().splitlines()[-1].startswith("odds: compiling the tripler: stopped (")
