"""The deal's rules (``deal_rules``) compiled by numba, each copy calling the others' compiled copies, for
sessions of many deals; and the same compiling for rule text that calls them (``_session_kernels``)."""

from __future__ import annotations

import hashlib
import types
from pathlib import Path

from analysis.brag.table import deal_rules

#: The deal's rule functions, compiled together.
_FUNCTIONS = ("stake_for", "raise_cost", "see_cost", "in_play", "betting_count", "other_bettor",
              "hand_strength", "is_prial", "playing_strength", "check", "_pay", "_gather",
              "_discard_on_looking", "_gather_hand", "_next_turn", "_folded_to_one", "_showdown", "step", "deal",
              "gather_hands", "restack", "shuffle")


def compiled(namespace: dict, names=_FUNCTIONS) -> dict:
    """numba-compiled copies of the functions ``names`` of ``namespace`` (a module's globals),
    each calling the others' compiled copies; the originals stay plain Python.

    Each copy shares its code object with the plain function (one source) but looks its
    helpers up in a namespace of compiled copies, so a compiled caller calls compiled callees.
    """
    from analysis.jit import njit   # lazy: the plain rules and this module load without numba until a session compiles

    # numba's disk cache notices a change to a function's own file only, not to the functions it
    # calls in another file: naming each copy after the sources of the deal's rules and the caller's
    # keeps a session from running a cached build of transitions that have since changed.
    sources = {deal_rules.__file__, namespace["__file__"]}
    digest = hashlib.sha256(b"".join(Path(f).read_bytes() for f in sorted(sources))).hexdigest()[:12]
    scope = dict(namespace)
    out = {}
    for name in names:
        plain = namespace[name]
        copy = types.FunctionType(plain.__code__, scope, name, plain.__defaults__)
        copy.__module__ = plain.__module__
        copy.__qualname__ = f"{plain.__qualname__}_{digest}"
        scope[name] = out[name] = njit(cache=True)(copy)
    return out


_COMPILED: dict = {}


def jitted() -> dict:
    """The compiled copies of the deal's rules (compiled on first use, cached on disk)."""
    if not _COMPILED:
        _COMPILED.update(compiled(vars(deal_rules)))
    return _COMPILED
