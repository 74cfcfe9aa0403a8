"""Free-form Go records as SGF (``GM[1]``): Go on rectangular grids, two players.

SGF is how real Go games travel, so kifu reads what Go programs write, as they write it: the
game information of the root (:mod:`.gameinfo`: board size, komi, rules, players, result, and
``XH[key: value]`` for headers SGF has no property for), the moves and set-ups of its nodes
(:mod:`.moves`: passes, set-up stones in any node, handicap stones however they are written),
and whose turn each move is (:mod:`.turns`), with points counted from the top-left corner
(:mod:`.points`).  Reading is :mod:`.reader`, writing :mod:`.writer`; which texts are Go's
(:func:`claims`) is said here, without them: every ``.sgf`` file asks, and a record the
compiled core decides is read by neither (they are imported when one of their names is first
asked for).
"""
from __future__ import annotations

import importlib
import re
from typing import TYPE_CHECKING, Any

from kifu.plugin import sgf_properties as core

if TYPE_CHECKING:
    from kifu.builtin.freego.sgf.reader import read, read_games
    from kifu.builtin.freego.sgf.writer import pieces, write

__all__ = ["claims", "pieces", "read", "read_games", "write"]
#: Where the names not defined here are.
_FOUND_IN = {"read": "reader", "read_games": "reader", "pieces": "writer", "write": "writer"}

_GM = re.compile(r"GM\s*\[([^\]]{0,20})\]")


def claims(text: str) -> bool:
    """Go's SGF: the first root says ``GM[1]``, or no root says ``GM`` at all (SGF's default
    game is Go), or a collection holds a Go game after games of others (those are reported
    as games kifu does not check, and the Go games are checked), or a ``GM`` names no game at
    all (``GM[5.5]``), which is read as Go if its content is Go's."""
    first = _GM.search(text)  # none anywhere: Go, SGF's default game
    return first is None or any(found.group(1).strip() == "1"
                                or not core.names_a_game(found.group(1))
                                for found in _GM.finditer(text, first.start()))


def __getattr__(name: str) -> Any:
    if name not in _FOUND_IN:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{_FOUND_IN[name]}"), name)
