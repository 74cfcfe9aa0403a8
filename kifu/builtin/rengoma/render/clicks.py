"""A Rengoma turn played by clicks on ``kifu serve``'s board: a square, then the action chosen
(A, the mover's own field piece put there; B, the enemy's), or the mover's top piece and the
square it slides to (C).  A turn that goes on with extra actions paid with chips is typed."""
from __future__ import annotations

from kifu.builtin.rengoma.moves import Place, Shift, Square, Turn
from kifu.builtin.rengoma.position import Position
from kifu.plugin import Clicks, point, point_of

#: Each placement's action in words, where one square takes both.
_KINDS = {False: "A (own field piece)", True: "B (the enemy's field piece)"}


def move_clicks(move: Turn, pos: Position) -> Clicks | None:
    """A turn of one action as clicks; ``None`` for a turn with extra actions."""
    if not isinstance(move, Turn) or len(move.actions) != 1:
        return None
    action = move.actions[0]
    if isinstance(action, Place):
        return Clicks((_place(action.square, pos),), _KINDS[action.enemy])
    return Clicks((_place(action.origin, pos), _place(action.target, pos)), "C")


def clicked_move(pos: Position, places: tuple[str, ...]) -> str | None:
    """The action clicks name where no listed turn fits them, for the referee to say why: a
    square alone, A there; two, C from the first to the second."""
    squares = [square for place in places if (square := _square(place, pos)) is not None]
    if not squares or len(squares) != len(places) or len(squares) > 2:
        return None
    if len(squares) == 1:
        return str(Turn((Place(False, squares[0]),)))
    return str(Turn((Shift(squares[0], squares[1]),)))


def _place(square: Square, pos: Position) -> str:
    return point(0, square.column, pos.geo.rows - 1 - square.row)


def _square(place: str, pos: Position) -> Square | None:
    found = point_of(place)
    if found is None or found[0] != 0:
        return None
    square = Square(found[1], pos.geo.rows - 1 - found[2])
    return square if pos.geo.on_board(square) else None
