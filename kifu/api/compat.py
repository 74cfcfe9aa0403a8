"""The library's old import paths, deprecated: they still work, each with a
``DeprecationWarning`` naming the path to use, until kifu 0.3 (and not before 2027-06-30;
deprecated on 2026-12-06).  ``kifu.errors``, ``kifu.record`` and ``kifu.game`` (the plug-in
contract, whose base class was ``Game``) name the modules that now live in the layer folders
(:mod:`kifu.base.errors`, :mod:`kifu.base.record`, :mod:`kifu.plugin`), ``kifu.games.<game>...``
(where the games lived, as in ``from kifu.games.renju.moves import Move``) names the same
modules under ``kifu.builtin.<game>...``, and ``kifu.api.games`` the module of
:class:`kifu.Game`, :mod:`kifu.api.gameobjects`.

They are put in :data:`sys.modules` when ``kifu`` is imported, as stand-ins that warn when a
name is taken from them (the modules themselves are imported only then), never as files: a
module ``kifu/game.py`` would take the place of the function :func:`kifu.game` the first time
it was imported, which is why the contract moved.  ``kifu.game`` and ``kifu.games`` stay the
functions.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Any

#: Where the games' packages lived, and where they live now.
OLD_GAMES, GAMES = "kifu.games", "kifu.builtin"
#: When the old paths go.
REMOVED = "kifu 0.3 (not before 2027-06-30)"
#: The old modules, and the modules they stand for now.
MOVED = {"kifu.errors": "kifu.base.errors", "kifu.record": "kifu.base.record",
         "kifu.game": "kifu.plugin", "kifu.api.games": "kifu.api.gameobjects"}


def _warn(old: str, new: str) -> None:
    warnings.warn(f"{old} is deprecated and goes in {REMOVED}: import {new} instead",
                  DeprecationWarning, stacklevel=3)


class _Moved(ModuleType):
    """An old module's name, standing for the module it moved to: each name taken from it
    warns, and comes from the new module (imported then)."""

    def __init__(self, old: str, new: str) -> None:
        super().__init__(old, f"Deprecated: the module {new}.")
        self.__path__: list[str] = []  # so that ``import kifu.errors`` finds it as it stands
        self._new = new

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        new = importlib.import_module(self._new)
        shown = "kifu.plugin.GamePlugin" if (self.__name__, name) == ("kifu.game", "Game") \
            else f"{name} from {self._new}"
        _warn(f"{self.__name__}.{name}", shown)
        if (self.__name__, name) == ("kifu.game", "Game"):
            return new.GamePlugin
        return getattr(new, name)


class _SameModule(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``kifu.games.X`` as the module ``kifu.builtin.X`` itself, not a second copy of
    it, so that its classes are the same classes under either name; a game still loads only
    when it is asked for."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith(OLD_GAMES + "."):
            return None
        if importlib.util.find_spec(GAMES + fullname[len(OLD_GAMES):]) is None:
            return None  # a path that never was is no deprecated one
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        _warn(spec.name, GAMES + spec.name[len(OLD_GAMES):])
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
    """Put the old module names in :data:`sys.modules` (once): stand-ins, which import
    nothing until a name is taken from them."""
    if "kifu.game" in sys.modules:
        return
    package = sys.modules["kifu"]
    for old, new in MOVED.items():
        sys.modules[old] = _Moved(old, new)
    for name in ("errors", "record"):
        setattr(package, name, sys.modules[f"kifu.{name}"])  # ``import kifu.errors``, then
        # ``kifu.errors.X``; not kifu.game: kifu.game is the function
    games = ModuleType(OLD_GAMES, "The built-in games' packages, now :mod:`kifu.builtin`.")
    games.__path__ = []  # a package, whose modules only _SameModule finds
    sys.modules[OLD_GAMES] = games  # not set on the package: kifu.games is the function
    sys.meta_path.insert(0, _SameModule())
