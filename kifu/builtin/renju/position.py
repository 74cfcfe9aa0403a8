"""A Renju position: the board with its stones, the side to move, and what the opening events
and the game's end left behind.

The board is a flat list with a one-cell wall around the 15x15 points (``index`` maps a point to
it), so that a scan in any direction stops at the edge without bounds checks.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kifu.builtin.renju.moves import Point
from kifu.plugin import Outcome

SIZE = 15
STRIDE = SIZE + 2
EMPTY, BLACK, WHITE, WALL = 0, 1, 2, 3
COLOUR_NAMES = {BLACK: "black", WHITE: "white"}
#: Across, up, up-right diagonal, up-left diagonal, as (column, row) steps and as index steps.
DIRECTION_VECTORS = ((1, 0), (0, 1), (1, 1), (-1, 1))
DIRECTIONS = tuple(dc + dr * STRIDE for dc, dr in DIRECTION_VECTORS)
REACH = 5  # cells on each side of a move that can share a five or a straight four with it


def index(column: int, row: int) -> int:
    """The board index of a point, 0-based from the bottom-left corner."""
    return (row + 1) * STRIDE + column + 1


def point_of(idx: int) -> tuple[int, int]:
    row, column = divmod(idx, STRIDE)
    return column - 1, row - 1


def on_board(column: int, row: int) -> bool:
    return 0 <= column < SIZE and 0 <= row < SIZE


def empty_cells() -> list[int]:
    cells = [WALL] * (STRIDE * STRIDE)
    for row in range(SIZE):
        for column in range(SIZE):
            cells[index(column, row)] = EMPTY
    return cells


ALL_POINTS = tuple(index(c, r) for r in range(SIZE) for c in range(SIZE))


@dataclass
class Position:
    """Stones, side to move, and what the opening events and the game's end left behind."""

    cells: list[int] = field(default_factory=empty_cells)
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

    def copy(self) -> Position:
        return Position(self.cells.copy(), self.to_move, self.stones, self.ply, dict(self.numbers),
                        self.last, self.passes, self.outcome, self.swaps, self.swapped_after,
                        self.offer)

    def colour_at(self, point: Point) -> int:
        return self.cells[index(*point)]

    @property
    def to_move_name(self) -> str:
        return COLOUR_NAMES[self.to_move]


def to_json(position: Position) -> dict[str, Any]:
    """The position as JSON (``kifu show --format json``): the stones by colour, who is to move."""
    stones: dict[str, list[str]] = {"black": [], "white": []}
    for at in ALL_POINTS:
        colour = position.cells[at]
        if colour in COLOUR_NAMES:
            stones[COLOUR_NAMES[colour]].append(str(Point(*point_of(at))))
    return {"stones": stones, "to_move": position.to_move_name, "moves": position.ply}
