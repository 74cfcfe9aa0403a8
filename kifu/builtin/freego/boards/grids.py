"""Boards made by rule rather than drawn: Go grids (``grid:19``, ``grid:9x13``) and hexagons.

Grid cells are the intersections of ordinary Go, named with Go coordinates: a column letter
``A``..``Z`` skipping ``I`` (then ``AA``, ``AB``... past 25 columns) and a row number from the
bottom, so ``D4`` is the lower-left star point of any board.  The hexagonal board (``hex:N``,
``N`` cells a side, as in ハチの巣囲碁) has flat-topped hexagons in columns ``a``.. and rows
numbered from the bottom of each column; its cells carry outlines, so the general map renderer
draws it.
"""
from __future__ import annotations

import math
import re

from kifu.builtin.freego.boards.board import Board, BoardError, Cell, symmetric_links
from kifu.plugin import read_int, shorten

#: Go's column letters: ``I`` is left out so that it is never mistaken for ``J`` or ``1``.
COLUMN_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
#: SGF cannot name points beyond 52 lines; neither do we.
MAX_GRID = 52
MAX_HEX = 13
DEFAULT_HEX = 6

_GRID = re.compile(r"grid:([0-9]+)(?:[x×]([0-9]+))?$", re.IGNORECASE)
_HEX = re.compile(r"hex(?::([0-9]+))?$", re.IGNORECASE)


def column_name(column: int) -> str:
    """``0`` -> ``A``, ``8`` -> ``J``, ``25`` -> ``AA``."""
    if column < len(COLUMN_LETTERS):
        return COLUMN_LETTERS[column]
    high, low = divmod(column, len(COLUMN_LETTERS))
    return COLUMN_LETTERS[high - 1] + COLUMN_LETTERS[low]


def grid_name(columns: int, rows: int) -> str:
    return f"grid:{columns}" if columns == rows else f"grid:{columns}x{rows}"


def grid_board(columns: int, rows: int) -> Board:
    """Ordinary Go on ``columns`` x ``rows`` intersections; cell index = row * columns + column."""
    for size in (columns, rows):
        if not 1 <= size <= MAX_GRID:
            raise BoardError(f"a grid has 1 to {MAX_GRID} lines each way, not {size}")
    cells = []
    pairs = []
    for row in range(rows):
        for column in range(columns):
            name = f"{column_name(column)}{row + 1}"
            cells.append(Cell(name, name, at=(float(column), float(row))))
            index = row * columns + column
            if column + 1 < columns:
                pairs.append((index, index + 1))
            if row + 1 < rows:
                pairs.append((index, index + columns))
    return Board(grid_name(columns, rows), tuple(cells), symmetric_links(pairs, len(cells)),
                 grid=(columns, rows),
                 description=f"Go on a {columns}x{rows} grid")


def hex_board(side: int) -> Board:
    """A hexagon of hexagonal cells, ``side`` cells along each edge (3·side·(side-1)+1 cells)."""
    if not 2 <= side <= MAX_HEX:
        raise BoardError(f"a hexagonal board has 2 to {MAX_HEX} cells a side, not {side}")
    reach = side - 1
    index_of: dict[tuple[int, int], int] = {}
    cells: list[Cell] = []
    for q in range(-reach, reach + 1):
        letter = chr(ord("a") + q + reach)
        low = max(-reach, -reach - q)
        for r in range(low, min(reach, reach - q) + 1):
            # Flat-topped hexagons of circumradius 1: columns 1.5 apart, cells √3 apart.
            x, y = 1.5 * q, math.sqrt(3) * (r + q / 2)
            corners = tuple((round(x + math.cos(math.pi / 3 * k), 9),
                             round(y + math.sin(math.pi / 3 * k), 9)) for k in range(6))
            name = f"{letter}{r - low + 1}"
            index_of[(q, r)] = len(cells)
            cells.append(Cell(name, name, at=(x, y), polygon=corners))
    pairs = []
    for (q, r), index in index_of.items():
        for dq, dr in ((1, 0), (0, 1), (1, -1)):
            other = index_of.get((q + dq, r + dr))
            if other is not None:
                pairs.append((index, other))
    return Board(f"hex:{side}", tuple(cells), symmetric_links(pairs, len(cells)),
                 description=f"a hexagon of hexagons, {side} a side")


def by_rule(name: str) -> Board | None:
    """The board a rule-made name stands for, ``None`` if ``name`` is not one."""
    text = name.strip()
    match = _GRID.match(text)
    if match:
        columns = _size(match.group(1), MAX_GRID, "a grid has 1 to {} lines each way")
        rows = _size(match.group(2), MAX_GRID, "a grid has 1 to {} lines each way") \
            if match.group(2) else columns
        return grid_board(columns, rows)
    match = _HEX.match(text)
    if match:
        return hex_board(_size(match.group(1), MAX_HEX, "a hexagonal board has 2 to {} cells a "
                               "side") if match.group(1) else DEFAULT_HEX)
    return None


def _size(digits: str, largest: int, rule: str) -> int:
    """A size as written; one too long even to read is refused as the board would refuse it."""
    size = read_int(digits)
    if size is None:
        raise BoardError(rule.format(largest) + f", not {shorten(digits)}")
    return size
