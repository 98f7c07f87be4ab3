"""Game packages whose public names are imported from their modules on first use.

A table question (``odds bluff call``, ``odds yacht advise``) then loads only the modules
it needs, not the solvers, tournaments, pandas or numba. Each game's ``__init__`` calls
:func:`lazy_package` with a map from each public name to the submodule defining it.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from types import ModuleType


def lazy_package(package: str, home: dict[str, str]):
    """Make ``package`` serve each name of ``home`` (name -> submodule) from its submodule when
    first asked for; returns the module's ``__getattr__`` and ``__dir__``.

    A function named like its module (``analysis.yacht.simulate``'s ``simulate``) stays the
    package's attribute after the module loads, as an eager ``from ... import`` would leave it:
    the import system's binding of the submodule on the package is ignored for those names.
    """
    same_name = {name for name, module in home.items() if module == name}

    class Package(ModuleType):
        def __setattr__(self, name, value):
            if name in same_name and isinstance(value, ModuleType):
                return
            super().__setattr__(name, value)

    module = sys.modules[package]

    def __getattr__(name: str):
        where = home.get(name)
        if where is None:
            if not name.startswith("__") and importlib.util.find_spec(f"{package}.{name}") is not None:
                return importlib.import_module(f"{package}.{name}")     # a submodule, as an eager import left it
            raise AttributeError(f"module '{package}' has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{where}"), name)
        setattr(module, name, value)
        return value

    def __dir__():
        return sorted(set(vars(module)) | set(home))

    module.__class__ = Package
    return __getattr__, __dir__
