"""Renju's SGF points: two letters counted from the top-left corner (``h8`` is ``hh``)."""
from __future__ import annotations

from kifu.builtin.renju.moves import LETTERS, Point
from kifu.builtin.renju.position import geometry
from kifu.builtin.renju.sgf.gameinfo import SIZE
from kifu.plugin import ConversionError, NotationError, Span, shorten


def sgf_point(point: Point, span: Span | None = None, what: str = "", size: int = SIZE) -> str:
    """A point as SGF writes it; a point off the board has no SGF name (``what`` says which
    move or stone it is, for the error)."""
    if not geometry(size).on_board(point.column, point.row):
        raise ConversionError(f"{what or str(point)} is off the {size}x{size} board, so SGF "
                              "cannot write it", span=span)
    return LETTERS[point.column] + LETTERS[size - 1 - point.row]


def point_from_sgf(text: str, span: Span | None, size: int = SIZE) -> Point:
    """An SGF point of the board (``aa`` to ``oo`` on 15x15)."""
    if len(text) != 2 or any(c not in LETTERS[:size] for c in text):
        raise NotationError(f"{shorten(text)!r} is not an SGF point of the {size}x{size} board "
                            f"(aa to {LETTERS[size - 1] * 2})", span=span)
    return Point(LETTERS.index(text[0]), size - 1 - LETTERS.index(text[1]))
