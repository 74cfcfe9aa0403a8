"""Four in a Row's one move: a disc dropped in a column (``d``), and moves as JSON.

The board has seven columns, ``a`` to ``g`` from the left, and six rows, ``1`` to ``6`` from
the bottom; a cell is its column and row (``d1``).  A move names its column only: the disc falls
to the lowest empty cell of it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

COLUMNS = "abcdefg"
WIDTH, HEIGHT = 7, 6


@dataclass(frozen=True)
class Drop:
    """A disc dropped in ``column`` (0 for ``a``, 6 for ``g``)."""

    column: int

    def __str__(self) -> str:
        return COLUMNS[self.column]


#: The game's move values.
Move = Drop


def cell_name(cell: int) -> str:
    """A cell's name: its column's letter and its row, counted from the bottom (``d1``)."""
    row, column = divmod(cell, WIDTH)
    return f"{COLUMNS[column]}{row + 1}"


def move_to_json(move: Drop) -> dict[str, Any]:
    return {"type": "drop", "column": str(move)}


def move_from_json(data: Any) -> Drop:
    """The move of ``{"type": "drop", "column": "d"}``; a ``ValueError`` for anything else
    (exactly what the notation can write: one of the columns ``a`` to ``g``, in lower case)."""
    if not isinstance(data, dict) or set(data) != {"type", "column"} or data["type"] != "drop":
        raise ValueError('a Four in a Row move is {"type": "drop", "column": "a" to "g"}')
    column = data["column"]
    if not isinstance(column, str) or len(column) != 1 or column not in COLUMNS:
        raise ValueError(f"a move's column is a letter from a to g, not {str(column)[:10]!r}")
    return Drop(COLUMNS.index(column))
