"""Free-form Go's compiled core on one position's board (``gosgf.c``'s ``legal_cells`` and
``successors``): the cells a stone may go on, and the positions stones put down make, for the
rules' legal moves (:func:`kifu.builtin.freego.rules.legal.legal_moves`) and an explorer's
step (:func:`kifu.builtin.freego.index.successors`).  A module of its own, importing nothing of
the game's but its board's type, so that those modules reach the core without the package's
glue (which reads the index's and the rules' modules in turn)."""
from __future__ import annotations

import array
import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from kifu.plugin import compiled

if TYPE_CHECKING:
    from kifu.builtin.freego.boards.board import Board

#: The compiled module, where it was built.
MODULE = "kifu.builtin.freego.native._gosgf"


def successor_maker() -> Callable[..., Any] | None:
    """The compiled core's positions of stones put down on a grid position (``successors``:
    :func:`kifu.builtin.freego.index.successors`), where the core was built and runs; else
    ``None``."""
    module = compiled(MODULE)
    return None if module is None else cast("Callable[..., Any]", module.successors)


def legal_cells() -> Callable[..., Any] | None:
    """The compiled core's cells a stone may go on as capture and suicide say, each with the
    Zobrist hash of the position it makes (``legal_cells``:
    :func:`kifu.builtin.freego.rules.legal.legal_moves`), where the core was built and runs;
    else ``None``."""
    module = compiled(MODULE)
    return None if module is None else cast("Callable[..., Any]", module.legal_cells)


@functools.lru_cache(maxsize=16)
def board_links(board: Board) -> tuple[bytes, bytes, bytes]:
    """A board as the compiled core's ``successors`` and ``legal_cells`` read it (made once a
    board): where each cell's neighbours begin, then each cell's neighbours (32-bit numbers),
    and the Zobrist keys of the first two seats' stones (64-bit numbers, seat after seat)."""
    offsets, neighbours = array.array("i", [0]), array.array("i")
    for around in board.neighbours:
        neighbours.extend(around)
        offsets.append(len(neighbours))
    keys = array.array("Q", [*board.zobrist[0], *board.zobrist[1]])
    return offsets.tobytes(), neighbours.tobytes(), keys.tobytes()
