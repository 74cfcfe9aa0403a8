"""SGF points and the cells of a grid, both ways.

A point ``dd`` counts from the top-left corner; kifu's cells are Go coordinates from the
bottom-left (``D16`` on 19x19).  An empty point, or ``tt`` on boards up to 19x19, is a pass.
"""
from __future__ import annotations

from kifu.builtin.freego.boards import grids
from kifu.builtin.freego.boards.board import Board
from kifu.plugin import ConversionError, NotationError, Span

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def cell(text: str, size: tuple[int, int], span: Span | None) -> str | None:
    """The cell an SGF point names (``None`` for a pass)."""
    columns, rows = size
    if text == "" or (text == "tt" and columns <= 19 and rows <= 19):
        return None
    if len(text) != 2 or text[0] not in LETTERS or text[1] not in LETTERS:
        raise NotationError(f"[{text[:20]}] is not an SGF point", span=span)
    column, from_top = LETTERS.index(text[0]), LETTERS.index(text[1])
    if column >= columns or from_top >= rows:
        raise NotationError(f"[{text}] is off the {columns}x{rows} board", span=span)
    return f"{grids.column_name(column)}{rows - from_top}"


def cells(values: list[str], size: tuple[int, int], span: Span | None) -> list[str]:
    """Cells of a point list, compressed rectangles (``aa:cc``) included."""
    found = []
    for raw in values:
        value = raw.strip()
        first, colon, last = value.partition(":")
        if not colon:
            one = cell(value, size, span)
            if one is None:
                raise NotationError("a set-up point cannot be empty or 'tt'", span=span)
            found.append(one)
            continue
        a, b = (LETTERS.index(c) if c in LETTERS else -1 for c in first[:2].ljust(2, "?"))
        c, d = (LETTERS.index(c) if c in LETTERS else -1 for c in last[:2].ljust(2, "?"))
        if min(a, b, c, d) < 0 or len(first) != 2 or len(last) != 2:
            raise NotationError(f"[{value[:20]}] is not an SGF point rectangle", span=span)
        for column in range(min(a, c), max(a, c) + 1):
            for row in range(min(b, d), max(b, d) + 1):
                found.append(cell(LETTERS[column] + LETTERS[row], size, span) or "")
    return found


def point(board: Board, name: str, span: Span | None = None) -> str:
    """The SGF point of a cell of a grid board."""
    index = board.find(name)
    if index is None:
        raise ConversionError(f"{name!r} is not a point of {board.name}", span=span)
    columns, rows = board.grid or (19, 19)
    row, column = divmod(index, columns)
    return LETTERS[column] + LETTERS[rows - 1 - row]
