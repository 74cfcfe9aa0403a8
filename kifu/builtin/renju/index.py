"""Renju in a corpus index: the symmetries its positions are searched under, and the tracker
that hashes them move by move (see :mod:`kifu.plugin.symmetry`).

What counts as one position (``DECISIONS.md``, "Searching a corpus"): the stones and the side
to move, under the 8 symmetries of the square board; never with the colours swapped, as black
alone has forbidden moves.  The rule, offers and swaps are not part of it.

Stones are never taken off, so a move adds the one stone the position names as its last; a
position that does not follow the last one seen (a variation's first) is hashed from its
cells.
"""
from __future__ import annotations

import functools

from kifu.builtin.renju.moves import Place, Point
from kifu.builtin.renju.position import BLACK, WHITE, Geometry, Position, opening_name
from kifu.plugin import MARK, Grid, Lanes, LaneTracker, Symmetry, grid_symmetry, lanes

#: A side to move as the index writes it (1 the first colour, 2 the second).
_SIDES = {BLACK: 1, WHITE: 2}


def symmetry(position: Position) -> Symmetry:
    size = position.board.size
    return grid_symmetry(size, size)


def hashing(size: int) -> tuple[Symmetry, Grid, Lanes]:
    """What positions on a board of ``size`` are hashed under: the symmetry, the grid whose
    changes are logged, the Zobrist lanes (the compiled core hashes with the same,
    :mod:`kifu.builtin.renju.native`)."""
    found = grid_symmetry(size, size)
    return found, Grid(size, size), lanes(found, size * size, 2, f"renju {size}")


@functools.cache
def _points(board: Geometry) -> tuple[int, ...]:
    """Each board index's point on the grid (row * size + column); -1 on the wall."""
    found = [-1] * (board.stride * board.stride)
    for at in board.all_points:
        column, row = board.point_of(at)
        found[at] = row * board.size + column
    return tuple(found)


class Tracker(LaneTracker):
    """Hashes the positions of a Renju record as the replay meets them."""

    def __init__(self, position: Position) -> None:
        super().__init__(*hashing(position.board.size))
        self.points = _points(position.board)
        self.last: Position | None = None
        self.count = -1

    def visit(self, position: Position) -> None:
        side = 0 if position.outcome is not None else _SIDES[position.to_move]
        cells = position.cells
        logging = self._logging
        if position is self.last and position.stones == self.count:
            if logging:
                self.log.append(MARK | side)
        elif (position is self.last and position.stones == self.count + 1
              and position.last is not None):
            # Written out for speed: what begin() and put() do.
            point, content = self.points[position.last], cells[position.last]
            self.value ^= self._table[content][point]
            if logging:
                self.log.append(MARK | side)
                self.log.append(point << 2 | content)
        else:
            points = self.points
            self.restart([(points[at], cells[at]) for at in range(len(cells))
                          if cells[at] in _SIDES] if position.stones else (), side)
        self.last, self.count = position, position.stones
        self._pending.append(self.value ^ self._turns[side])  # what note() does
        self.visits += 1


def tracker(position: Position) -> Tracker:
    return Tracker(position)


def facts(position: Position) -> dict[str, str]:
    """The opening the first three stones make (one of the 26, by name) and the rule."""
    found = {"rule": str(position.rules)}
    opening = opening_name(position)
    if opening is not None:
        found["opening"] = opening
    return found


def move_at(position: Position, point: int) -> Place | None:
    """The stone of the side to move on the grid point ``point`` (``row * size + column``)."""
    size = position.board.size
    if not 0 <= point < size * size:
        return None
    return Place(Point(point % size, point // size))
