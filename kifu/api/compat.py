"""The library's old import paths, kept working: ``kifu.errors``, ``kifu.record`` and
``kifu.game`` (the plug-in contract, whose base class was ``Game``) name the modules that now
live in the layer folders (:mod:`kifu.base.errors`, :mod:`kifu.base.record`, :mod:`kifu.plugin`),
``kifu.games.<game>...`` (where the games lived, as in ``from kifu.games.renju.moves import
Move``) names the same modules under ``kifu.builtin.<game>...``, and ``kifu.api.games`` the
module of :class:`kifu.Game`, :mod:`kifu.api.gameobjects`.

They are put in :data:`sys.modules` when ``kifu`` is imported, never as files: a module
``kifu/game.py`` would take the place of the function :func:`kifu.game` the first time it was
imported, which is why the contract moved.  ``from kifu.game import Game`` still works, and
``kifu.game`` and ``kifu.games`` stay the functions.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType

from kifu import plugin
from kifu.api import gameobjects
from kifu.base import errors, record

#: Where the games' packages lived, and where they live now.
OLD_GAMES, GAMES = "kifu.games", "kifu.builtin"


class _SameModule(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``kifu.games.X`` as the module ``kifu.builtin.X`` itself, not a second copy of
    it, so that its classes are the same classes under either name; a game still loads only
    when it is asked for."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(OLD_GAMES + "."):
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(GAMES + spec.name[len(OLD_GAMES):])
        spec.loader_state = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # the import machinery has just stamped the old name's spec on the module: give it
        # back its own, which says where the module really lives
        spec = module.__spec__
        if spec is not None and isinstance(spec.loader_state, importlib.machinery.ModuleSpec):
            module.__spec__ = spec.loader_state


def install() -> None:
    """Put the old module names in :data:`sys.modules` (once)."""
    if "kifu.game" in sys.modules:
        return
    game = ModuleType("kifu.game", "The plug-in contract, now :mod:`kifu.plugin` (``Game`` is "
                                   ":class:`kifu.plugin.GamePlugin`).")
    for name in plugin.__all__:
        setattr(game, name, getattr(plugin, name))
    game.Game = plugin.GamePlugin  # type: ignore[attr-defined]
    package = sys.modules["kifu"]
    for name, module in (("errors", errors), ("record", record)):
        sys.modules.setdefault(f"kifu.{name}", module)
        setattr(package, name, module)  # ``import kifu.errors`` then ``kifu.errors.X``
    sys.modules["kifu.game"] = game  # not set on the package: kifu.game is the function
    sys.modules["kifu.api.games"] = gameobjects  # kifu.api.games is the function too
    games = ModuleType(OLD_GAMES, "The built-in games' packages, now :mod:`kifu.builtin`.")
    games.__path__ = []  # a package, whose modules only _SameModule finds
    sys.modules[OLD_GAMES] = games  # not set on the package: kifu.games is the function
    sys.meta_path.insert(0, _SameModule())
