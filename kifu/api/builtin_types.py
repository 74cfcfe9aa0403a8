"""The built-in games' types, for type checkers only: ``kifu.game("renju")`` is a
``Game[renju.Position, renju.Move, renju.Setup]`` and ``kifu.Record.new("renju")`` a
``Record`` of the same types, and so on for each built-in name and alias; a game's position
type names its position JSON and its events.

Generated from the games' cards by ``tools/make_types.py`` (do not edit): nothing here is
imported when kifu runs (the library never imports a game: it finds games by their cards).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from kifu.builtin.freego.events import Event as FreeGoEvent
    from kifu.builtin.freego.moves import Move as FreeGoMove
    from kifu.builtin.freego.position import Position as FreeGoPosition
    from kifu.builtin.freego.rules.scoring import CountedPositionJSON as FreeGoPositionJSON
    from kifu.builtin.freego.setup.positions import Setup as FreeGoSetup
    from kifu.builtin.gungi.events import Event as GungiEvent
    from kifu.builtin.gungi.moves import Move as GungiMove
    from kifu.builtin.gungi.position import Position as GungiPosition
    from kifu.builtin.gungi.position import PositionJSON as GungiPositionJSON
    from kifu.builtin.gungi.setup.positions import Diagram as GungiSetup
    from kifu.builtin.rengi.events import Event as RengiEvent
    from kifu.builtin.rengi.moves import Move as RengiMove
    from kifu.builtin.rengi.position import Position as RengiPosition
    from kifu.builtin.rengi.position import PositionJSON as RengiPositionJSON
    from kifu.builtin.rengi.setup.positions import Setup as RengiSetup
    from kifu.builtin.rengoma.events import Event as RengomaEvent
    from kifu.builtin.rengoma.moves import Turn as RengomaMove
    from kifu.builtin.rengoma.position import Position as RengomaPosition
    from kifu.builtin.rengoma.position import PositionJSON as RengomaPositionJSON
    from kifu.builtin.rengoma.setup.positions import Setup as RengomaSetup
    from kifu.builtin.renju.events import Event as RenjuEvent
    from kifu.builtin.renju.moves import Move as RenjuMove
    from kifu.builtin.renju.position import Position as RenjuPosition
    from kifu.builtin.renju.position import PositionJSON as RenjuPositionJSON
    from kifu.builtin.renju.setup import Setup as RenjuSetup

    __all__ = [
        "FreeGoEvent",
        "FreeGoMove",
        "FreeGoPosition",
        "FreeGoPositionJSON",
        "FreeGoSetup",
        "GungiEvent",
        "GungiMove",
        "GungiPosition",
        "GungiPositionJSON",
        "GungiSetup",
        "RengiEvent",
        "RengiMove",
        "RengiPosition",
        "RengiPositionJSON",
        "RengiSetup",
        "RengomaEvent",
        "RengomaMove",
        "RengomaPosition",
        "RengomaPositionJSON",
        "RengomaSetup",
        "RenjuEvent",
        "RenjuMove",
        "RenjuPosition",
        "RenjuPositionJSON",
        "RenjuSetup",
    ]

#: Each built-in game's names (its name, then its aliases), as ``kifu.game`` takes them.
FreeGoName = Literal["freego", "囲碁自由形", "free-form-go", "mapgo"]
GungiName = Literal["gungi", "軍儀", "nishitsuji-gungi"]
RengiName = Literal["rengi", "連棋", "puyo-rengi"]
RengomaName = Literal["rengoma", "連駒", "れんごま"]
RenjuName = Literal["renju", "連珠", "gomoku-renju"]
