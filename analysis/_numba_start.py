"""Start numba's cached kernels without importing ``scipy.linalg`` first.

When numba first loads a compiled kernel it imports its array functions
(``numba.np.arraymath``), whose import checks that a BLAS is available by
importing ``scipy.linalg.cython_blas``: several tenths of a second of a table
question that never multiplies a matrix. scipy is a dependency of this package,
so the check's answer is known; this skips only that import-time check (numba's
own ``_HAVE_BLAS`` is still set by whether scipy is installed), and a kernel that
does use BLAS (``np.dot``, ``np.linalg``) still imports it when it compiles.
:func:`install` is called from ``analysis/__init__.py``; it imports nothing heavy.
"""

from __future__ import annotations

import importlib.util
import sys

_TARGET = "numba.np.arraymath"


class _SkipBlasCheck:     # a meta path finder (only find_spec is needed; importlib.abc costs start-up time)
    def find_spec(self, name, path=None, target=None):
        if name != _TARGET:
            return None
        sys.meta_path.remove(self)          # once: the real finders take it from here
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None or importlib.util.find_spec("scipy") is None:
            return spec
        import numba.np.linalg as linalg

        real_check, run = linalg.ensure_blas, spec.loader.exec_module

        def exec_module(module):
            linalg.ensure_blas = lambda: None        # scipy is installed: the BLAS is there
            try:
                run(module)
            finally:
                linalg.ensure_blas = real_check
                if getattr(module, "ensure_blas", None) is not real_check:
                    module.ensure_blas = real_check

        spec.loader.exec_module = exec_module
        return spec


def install() -> None:
    if _TARGET not in sys.modules and not any(isinstance(f, _SkipBlasCheck) for f in sys.meta_path):
        sys.meta_path.insert(0, _SkipBlasCheck())
