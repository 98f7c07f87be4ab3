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

import types

from numba import njit


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
