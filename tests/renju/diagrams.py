"""Reading Renju positions from text diagrams, in the layout ``kifu render --format text``
prints: a row label, then one symbol per column a..o.  Rows left out are empty.

``X`` black, ``O`` white, ``.`` empty; any other symbol marks an empty point by name.
"""
from __future__ import annotations

from kifu.builtin.renju.moves import Point
from kifu.builtin.renju.position import BLACK, SIZE, WHITE, Position, geometry

index = geometry().index


def read(diagram: str) -> tuple[Position, dict[str, Point]]:
    position = Position()
    marks: dict[str, Point] = {}
    for line in diagram.strip("\n").splitlines():
        label, _, rest = line.strip().partition(" ")
        if not label.isdigit():
            continue  # the column letters
        row = int(label) - 1
        symbols = rest.split()[: SIZE]
        for column, symbol in enumerate(symbols):
            at = index(column, row)
            if symbol == "X":
                position.cells[at] = BLACK
                position.stones += 1
            elif symbol == "O":
                position.cells[at] = WHITE
                position.stones += 1
            elif symbol != ".":
                marks[symbol] = Point(column, row)
    return position, marks


def to_grid(position: Position) -> list[list[int]]:
    """The board as rows of colours (row 0 at the bottom), for the brute-force checker."""
    return [[position.cells[index(c, r)] for c in range(SIZE)]
            for r in range(SIZE)]
