"""A position named as people name it on the command line: ``RECORD[#GAME][@MOVE]``, the
position after move ``MOVE`` (the last by default, 0 the start) of the ``GAME``-th record of
the file (the first by default)."""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from kifu.base.errors import OptionError
from kifu.plugin import AnyGame
from kifu.run.load import Loaded, load


@dataclass(frozen=True)
class Named:
    """What ``RECORD[#GAME][@MOVE]`` names: the file, the record in it, the move."""

    path: str
    game_index: int | None = None
    move: int | None = None


def parse_spec(spec: str) -> Named:
    """``RECORD[#GAME][@MOVE]`` read (a file whose own name is the whole of it is itself)."""
    if os.path.exists(spec):
        return Named(spec)
    path, move = spec, None
    head, at, tail = path.rpartition("@")
    if at and tail.isdigit():
        path, move = head, int(tail)
    elif at and os.path.exists(head.rpartition("#")[0] or head):
        raise OptionError(f"{spec}: {tail!r} is not a move number (RECORD@MOVE: 0 the start, "
                          "1 after the first move...)", option="--position")
    head, hash_, tail = path.rpartition("#")
    game_index = None
    if hash_ and tail.isdigit() and int(tail) > 0:
        path, game_index = head, int(tail)
    return Named(path, game_index, move)


def position_of(spec: str) -> tuple[AnyGame, Any, Loaded]:
    """The game and position ``spec`` names, and the record loaded; the record's own
    ``KifuError`` (a located one) if it cannot be read or replayed there, an ``OptionError``
    for a move it does not have."""
    named = parse_spec(spec)
    loaded = load(named.path, game_index=named.game_index)
    try:
        position, _ = loaded.position_at(named.move)
    except OptionError as error:
        raise OptionError(f"{spec}: {error.message}", option="--position") from None
    return loaded.game, position, loaded
