"""A position of the five-in-a-row family: the board with its stones, the side to move, the rules
the record names, and what the opening events and the game's end left behind.

A board of N x N points (15 for Renju, 19 or 20 for some gomoku) is a flat list with a one-cell
wall around the points (:class:`Geometry` maps a point to its index), so that a scan in any
direction stops at the edge without bounds checks.  A geometry is made once per size.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from kifu.base.record import Span
from kifu.builtin.renju.moves import Point
from kifu.builtin.renju.openings import name_of
from kifu.builtin.renju.variants import Rules
from kifu.plugin import Outcome

#: The board of Renju, and of a record that names no other.
SIZE = 15
EMPTY, BLACK, WHITE, WALL = 0, 1, 2, 3
COLOUR_NAMES = {BLACK: "black", WHITE: "white"}
#: Across, up, up-right diagonal, up-left diagonal, as (column, row) steps.
DIRECTION_VECTORS = ((1, 0), (0, 1), (1, 1), (-1, 1))
REACH = 5  # cells on each side of a move that can share a five or a straight four with it


@dataclass(frozen=True, eq=False)
class Geometry:
    """The points of an N x N board and their indexes in the flat list with its wall."""

    size: int

    @functools.cached_property
    def stride(self) -> int:
        return self.size + 2

    @functools.cached_property
    def directions(self) -> tuple[int, ...]:
        """The four directions as index steps."""
        return tuple(dc + dr * self.stride for dc, dr in DIRECTION_VECTORS)

    @functools.cached_property
    def all_points(self) -> tuple[int, ...]:
        return tuple(self.index(c, r) for r in range(self.size) for c in range(self.size))

    def index(self, column: int, row: int) -> int:
        """The board index of a point, 0-based from the bottom-left corner."""
        return (row + 1) * self.stride + column + 1

    def point_of(self, idx: int) -> tuple[int, int]:
        row, column = divmod(idx, self.stride)
        return column - 1, row - 1

    def on_board(self, column: int, row: int) -> bool:
        return 0 <= column < self.size and 0 <= row < self.size

    def empty_cells(self) -> list[int]:
        cells = [WALL] * (self.stride * self.stride)
        for at in self.all_points:
            cells[at] = EMPTY
        return cells

    @property
    def last_point(self) -> Point:
        return Point(self.size - 1, self.size - 1)


@functools.cache
def geometry(size: int = SIZE) -> Geometry:
    """The geometry of the N x N board (one object per size, shared by every position)."""
    return Geometry(size)


def _standard_cells() -> list[int]:
    return geometry().empty_cells()


@dataclass
class Position:
    """Stones, side to move, the rules, and what the opening events and the end left behind."""

    cells: list[int] = field(default_factory=_standard_cells)
    to_move: int = BLACK
    stones: int = 0
    ply: int = 0  # moves played, passes included
    numbers: dict[int, int] = field(default_factory=dict)  # board index -> move number
    last: int | None = None
    passes: int = 0
    outcome: Outcome | None = None
    swaps: int = 0
    swapped_after: int = -1  # stones on the board at the last swap
    offer: tuple[Point, ...] | None = None
    rules: Rules = field(default_factory=Rules)
    board: Geometry = field(default_factory=geometry)
    #: The first three stones, in the order placed (they name the opening), and the opening
    #: the record's ``Opening:`` header names, to be checked against them.
    first: tuple[Point, ...] = ()
    stated_opening: str | None = None
    stated_opening_span: Span | None = None

    def copy(self) -> Position:
        return Position(self.cells.copy(), self.to_move, self.stones, self.ply, dict(self.numbers),
                        self.last, self.passes, self.outcome, self.swaps, self.swapped_after,
                        self.offer, self.rules, self.board, self.first, self.stated_opening,
                        self.stated_opening_span)

    def colour_at(self, point: Point) -> int:
        return self.cells[self.board.index(*point)]

    @property
    def to_move_name(self) -> str:
        return COLOUR_NAMES[self.to_move]


def to_json(position: Position) -> dict[str, Any]:
    """The position as JSON (``kifu show --format json``): the stones by colour, who is to move,
    and the board's size and rules where they are not Renju's."""
    stones: dict[str, list[str]] = {"black": [], "white": []}
    board = position.board
    for at in board.all_points:
        colour = position.cells[at]
        if colour in COLOUR_NAMES:
            stones[COLOUR_NAMES[colour]].append(str(Point(*board.point_of(at))))
    found: dict[str, Any] = {"stones": stones, "to_move": position.to_move_name,
                             "moves": position.ply}
    if board.size != SIZE:
        found["size"] = board.size
    if not position.rules.is_default():
        found["rule"] = str(position.rules)
    opening = name_of(position.first)
    if opening is not None:
        found["opening"] = opening
    return found
