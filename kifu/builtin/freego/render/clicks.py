"""A Free-form Go move played by clicks on ``kifu serve``'s board: the point of a grid, as
the board search's editor draws its rows, or the cell of a map, where the map's drawing puts
it (:func:`drawn_places`).  A pass is typed or picked."""
from __future__ import annotations

from kifu.builtin.freego.moves import Move, Place
from kifu.builtin.freego.position import Position
from kifu.builtin.freego.render.svg import map_places
from kifu.plugin import Clicks, RenderOptions, cell, point, point_of


def move_clicks(move: Move, pos: Position) -> Clicks | None:
    """A stone's placement as the click on its point or cell; ``None`` for a pass."""
    if not isinstance(move, Place):
        return None
    index = pos.board.find(move.cell)
    return None if index is None else Clicks((_place(pos, index),))


def clicked_move(pos: Position, places: tuple[str, ...]) -> str | None:
    """The point or cell clicked, by its name, for the referee to say why no stone goes there."""
    index = _index(pos, places[0]) if len(places) == 1 else None
    return None if index is None else pos.board.cells[index].id


def drawn_places(pos: Position) -> dict[str, tuple[float, float, float]] | None:
    """Where each cell of a map is drawn (``kifu serve``'s picture of it: the default
    options); ``None`` for a grid, whose points the page draws in rows."""
    if pos.board.grid is not None:
        return None
    return {cell(index): where for index, where in enumerate(map_places(pos, RenderOptions()))}


def _place(pos: Position, index: int) -> str:
    grid = pos.board.grid
    if grid is None:
        return cell(index)
    columns, rows = grid
    return point(0, index % columns, rows - 1 - index // columns)


def _index(pos: Position, place: str) -> int | None:
    """The cell a place names (:func:`_place` read back), if the board has it."""
    grid = pos.board.grid
    if grid is None:
        kind, _, number = place.partition(":")
        index = int(number) if kind == "cell" and number.isdigit() else None
    else:
        found = point_of(place)
        columns, rows = grid
        index = None if found is None or found[0] != 0 or found[1] >= columns or found[2] >= rows \
            else (rows - 1 - found[2]) * columns + found[1]
    return index if index is not None and index < len(pos.board) else None
