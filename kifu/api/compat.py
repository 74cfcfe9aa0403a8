"""The library's old import paths, kept working: ``kifu.errors``, ``kifu.record`` and
``kifu.game`` (the plug-in contract, whose base class was ``Game``) name the modules that now
live in the layer folders (:mod:`kifu.base.errors`, :mod:`kifu.base.record`, :mod:`kifu.plugin`).

They are put in :data:`sys.modules` when ``kifu`` is imported, never as files: a module
``kifu/game.py`` would take the place of the function :func:`kifu.game` the first time it was
imported, which is why the contract moved.  ``from kifu.game import Game`` still works.
"""
from __future__ import annotations

import sys
from types import ModuleType

from kifu import plugin
from kifu.base import errors, record


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
