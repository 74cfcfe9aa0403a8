"""Grid positions as plain-text diagrams, both ways (as sgfmill's ``ascii_boards``).

```
. . O .
. O X O
. . O .
```
Rows run from the top of the board down, one symbol per point: ``.`` empty, ``X``/``O`` the
first and second seat, ``A``/``V`` the third and fourth.  Rule tests draw their positions this
way and compare what the referee leaves with another diagram.
"""
from __future__ import annotations

from kifu.builtin.freego.boards import grids
from kifu.builtin.freego.position import EMPTY, Position
from kifu.builtin.freego.setup import Rules

SYMBOLS = "XOAV"


def rows_of(text: str) -> list[str]:
    """The diagram's rows, blanks removed, top row first."""
    return [line.replace(" ", "") for line in text.strip("\n").split("\n") if line.strip()]


def position(text: str, seats: tuple[str, ...] = ("black", "white"),
             komi: tuple[float, ...] | None = None, scoring: str = "territory",
             suicide: bool = False) -> Position:
    """A position on ``grid:WxH`` holding the diagram's stones, history starting there."""
    rows = rows_of(text)
    height, width = len(rows), len(rows[0])
    if any(len(row) != width for row in rows):
        raise ValueError("every row of a diagram has the same width")
    board = grids.grid_board(width, height)
    rules = Rules(board, seats, komi or (0.0,) * len(seats), scoring, suicide)
    pos = Position(rules)
    for from_top, row in enumerate(rows):
        for column, symbol in enumerate(row):
            if symbol == ".":
                continue
            seat = SYMBOLS.index(symbol)
            pos.place_stone((height - 1 - from_top) * width + column, seat)
    pos.restart_history()
    return pos


def draw(pos: Position) -> str:
    """The stones of a grid position as a diagram (the inverse of :func:`position`)."""
    if pos.board.grid is None:
        raise ValueError("only grid boards draw as diagrams")
    width, height = pos.board.grid
    lines = []
    for row in range(height - 1, -1, -1):
        cells = pos.cells[row * width:(row + 1) * width]
        lines.append(" ".join("." if c == EMPTY else SYMBOLS[c - 1] for c in cells))
    return "\n".join(lines)
