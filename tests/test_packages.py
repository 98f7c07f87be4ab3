"""Every game package serves its public names lazily, and the same objects an eager import would."""

import importlib
import pkgutil

import pytest

GAMES = ("bluff", "yacht", "brag", "backgammon")


@pytest.mark.parametrize("game", GAMES)
def test_public_names_are_their_modules_objects_even_after_every_module_loads(game):
    package = importlib.import_module(f"analysis.{game}")
    for info in pkgutil.walk_packages(package.__path__, f"analysis.{game}."):
        importlib.import_module(info.name)   # the import system binds each on the package (rooms included)
    for name in package.__all__:
        home = importlib.import_module(f"analysis.{game}.{package._HOME[name]}")
        # e.g. analysis.yacht.simulate is the function, not the module analysis.yacht.simulate
        assert getattr(package, name) is getattr(home, name), name
    assert set(package.__all__) <= set(dir(package))
    with pytest.raises(AttributeError):
        getattr(package, "no_such_name")
