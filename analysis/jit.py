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

import numba
from numba.core.types import unliteral


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
