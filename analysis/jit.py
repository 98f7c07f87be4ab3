"""Compile plain rule functions with numba, calls between them included.

A game's rule (a legal move, a bid's count, the bidding model) is written once, as plain
Python in numba's subset, in a module that imports only numpy: one question at the table
calls it as it stands (no compiler starts), and bulk work calls the compiled copy. A
compiled function can only call compiled functions, so :func:`compile_rules` compiles a
module's rule functions together: each compiled copy reads its globals from one namespace
in which the module's other rule functions are compiled too. The plain functions are left
as they were.

>>> import types
>>> rules = types.ModuleType("rules")
>>> exec("def double(x):\\n    return 2 * x\\n\\ndef quadruple(x):\\n    return double(double(x))\\n", vars(rules))
>>> quadruple, = compile_rules(rules, "double", "quadruple", cache=False)[1:]
>>> quadruple(3), type(quadruple).__name__
(12, 'CPUDispatcher')
"""

from __future__ import annotations

import ast
import functools
import hashlib
import os
import sys
import types
from pathlib import Path

import numba
from numba.core import caching
from numba.core.dispatcher import Dispatcher
from numba.core.types import unliteral

#: The folder holding the package ``analysis`` (a checkout's root, or site-packages).
_ROOT = Path(__file__).resolve().parent.parent


def kernel_cache_dir() -> Path:
    """Where compiled kernels are kept: ``$ODDS_KERNEL_CACHE`` if set, else ``parlour-odds-kernels`` in the user's
    cache folder (beside the table store, not in it: a test session's empty store must not empty it)."""
    env = os.environ.get("ODDS_KERNEL_CACHE")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or (Path.home() / ".cache")
    return Path(base) / "parlour-odds-kernels"


@functools.lru_cache(maxsize=None)
def _file_digest(path: str, mtime: float, size: int) -> tuple[bytes, tuple[str, ...]]:
    """(the digest of ``path``'s text, the files of the package's modules it imports); memoized by mtime and size,
    so a file changed while the process runs is read again."""
    text = Path(path).read_bytes()
    imported = []
    for node in ast.walk(ast.parse(text)):
        names = ([alias.name for alias in node.names] if isinstance(node, ast.Import) else
                 [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
                 if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 else [])
        for name in names:
            if name == "analysis" or name.startswith("analysis."):
                parts = _ROOT.joinpath(*name.split("."))
                for candidate in (parts.with_suffix(".py"), parts / "__init__.py"):
                    if candidate.is_file():
                        imported.append(str(candidate))
    return hashlib.sha256(text).digest(), tuple(sorted(set(imported)))


def source_stamp(path: str, extra=()) -> str:
    """A digest of ``path``'s text and of every module of the package it imports, directly or not (and of the files
    ``extra``): what a kernel compiled from ``path`` may have folded into its machine code (the rules it calls,
    the constants it reads). Any change there makes the kernel compile anew; a file's place and date do not."""
    seen, queue, digest = set(), [str(path), *map(str, extra)], hashlib.sha256()
    while queue:
        current = queue.pop()
        if current in seen:
            continue
        seen.add(current)
        status = os.stat(current)
        text_digest, imported = _file_digest(current, status.st_mtime, status.st_size)
        name = Path(current).resolve()
        digest.update(str(name.relative_to(_ROOT) if name.is_relative_to(_ROOT) else name.name).encode())
        digest.update(text_digest)
        queue.extend(imported)
    return digest.hexdigest()


class _PackageLocator(caching._CacheLocator):
    """numba's cache of one kernel of the package, kept in :func:`kernel_cache_dir` under the module's place in the
    package (not its place on disk, as numba keeps it), and stamped by :func:`source_stamp` (not the file's own
    text alone). So a fresh clone, another worktree or an installed copy of the same code reads the kernels
    another compiled, and a kernel is never read stale after a change to a module it calls into."""

    def __init__(self, py_func, py_file):
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        relative = Path(py_file).resolve().relative_to(_ROOT).parent
        self._cache_path = str(kernel_cache_dir().joinpath(f"py{sys.version_info[0]}{sys.version_info[1]}",
                                                           *relative.parts))
        # Kernels of other modules handed to this one (``compile_rules``' ``calls``) count as its own imports.
        self._extra = sorted({inspect_file(value) for value in py_func.__globals__.values()
                              if isinstance(value, Dispatcher)} - {None})

    def get_cache_path(self):
        return self._cache_path

    def get_source_stamp(self):
        return source_stamp(self._py_file, self._extra)

    def get_disambiguator(self):
        return str(self._lineno)

    @classmethod
    def from_function(cls, py_func, py_file):
        try:
            Path(py_file).resolve().relative_to(_ROOT / "analysis")
        except ValueError:
            return None
        self = cls(py_func, py_file)
        try:
            self.ensure_cache_path()
        except OSError:     # no writable cache folder: numba's own places, beside the module or the user's
            return None
        return self


def inspect_file(dispatcher):
    """The source file of a compiled function, or None."""
    code = getattr(getattr(dispatcher, "py_func", None), "__code__", None)
    return code.co_filename if code is not None and os.path.isfile(code.co_filename) else None


class _PackageCacheImpl(caching.CompileResultCacheImpl):
    _locator_classes = [_PackageLocator, *caching.CompileResultCacheImpl._locator_classes]


class _PackageFunctionCache(caching.FunctionCache):
    _impl_class = _PackageCacheImpl


def njit(function=None, **options):
    """``numba.njit`` (the same options), compiling a call from another compiled function once per argument type.

    numba types a constant argument of a call between compiled functions as that constant
    (``f(x, 0)`` passes ``Literal[int](0)``) and compiles the callee anew for each mix of
    constants its callers pass: a rule called as ``f(a, 0)``, ``f(a, -1)`` and ``f(a, b)`` was
    compiled three times, and each copy compiled its own callees again (the dice-bidding
    tournament's kernel compiled its bots' functions 181 times in about 40 s of processor time,
    where one copy per argument type is 111 compiles and 15 s; what it computes and how fast it
    runs are the same). Here a callee is compiled for the constants' plain types, as a call from
    Python is; where LLVM inlines the call it still folds the constant. Every kernel of the
    toolkit is compiled through this function.

    >>> import types
    >>> rules = types.ModuleType("rules")
    >>> exec("def add(x, k):\\n    return x + k\\n\\ndef spread(x):\\n    return add(x, 1) * add(x, -1) + add(x, x)\\n",
    ...      vars(rules))
    >>> add, spread = compile_rules(rules, "add", "spread", cache=False)
    >>> spread(3), [str(signature) for signature in add.signatures]   # one copy, not one per constant
    (14, ['(int64, int64)'])
    """
    if function is None:
        return lambda function: njit(function, **options)
    dispatcher = numba.njit(**options)(function)
    if options.get("cache"):
        dispatcher._cache = _PackageFunctionCache(dispatcher.py_func)
    typed = dispatcher.get_call_template

    def get_call_template(args, kws):
        return typed(tuple(unliteral(a) for a in args), {k: unliteral(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template
    return dispatcher


def compile_rules(module, *names: str, cache: bool = True, calls=None, **options) -> tuple:
    """Numba-compiled copies of ``module``'s functions ``names``, in that order.

    Every function a compiled copy calls by a global name must be among ``names`` (numba
    cannot call plain Python), or be given compiled in ``calls`` (``{name: compiled}``, another
    module's rules the module imports). ``options`` go to ``njit`` (``parallel=True``,
    ``fastmath=True``); with ``cache`` the machine code is kept on disk beside the module, as
    ``@njit(cache=True)`` does.
    """
    namespace = {**vars(module), **(calls or {})}
    for name in names:
        plain = getattr(module, name)
        copy = types.FunctionType(plain.__code__, namespace, plain.__name__, plain.__defaults__,
                                  plain.__closure__)
        copy.__qualname__, copy.__doc__, copy.__module__ = plain.__qualname__, plain.__doc__, plain.__module__
        namespace[name] = njit(cache=cache, **options)(copy)
    return tuple(namespace[name] for name in names)
