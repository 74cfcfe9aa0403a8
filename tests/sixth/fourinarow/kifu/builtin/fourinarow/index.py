"""What a corpus index counts as one Four in a Row position: a position and its mirror image,
left to right (``DECISIONS.md``: gravity rules out the board's other symmetries, and red's
moving first rules out swapping the colours)."""
from __future__ import annotations

from kifu.builtin.fourinarow.moves import HEIGHT, WIDTH
from kifu.builtin.fourinarow.position import CODES, Position
from kifu.plugin import Symmetry, VariantTracker, make_symmetry

#: Where each cell goes under each transformation: none, and the mirror left to right.
SYMMETRY = make_symmetry([
    ("identity", tuple(range(WIDTH * HEIGHT))),
    ("mirrored left to right", tuple(row * WIDTH + WIDTH - 1 - column
                                     for row in range(HEIGHT) for column in range(WIDTH))),
], colours=False)


def symmetry(position: Position) -> Symmetry:
    return SYMMETRY


def variants(position: Position) -> list[str]:
    """The position under each transformation, as text (cells, then the side to move)."""
    cells = "".join(CODES.get(side, ".") for side in position.cells)
    rows = [cells[row * WIDTH:(row + 1) * WIDTH] for row in range(HEIGHT)]
    turn = CODES[position.to_move]
    return ["/".join(rows) + turn, "/".join(row[::-1] for row in rows) + turn]


def tracker(position: Position) -> VariantTracker:
    return VariantTracker(SYMMETRY, variants)
