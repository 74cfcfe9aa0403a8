"""A Rengoma turn played by clicks on ``kifu serve``'s board: a square, then the action chosen
(A, the mover's own field piece put there; B, the enemy's), or the mover's top piece and the
square it slides to (C).  A turn goes on with an extra action paid with a chip by the button
``extra-action`` after its actions' clicks, then the extra action's (the rules' own list of
what may follow: :func:`moves_after`)."""
from __future__ import annotations

from kifu.builtin.rengoma.moves import Action, Place, Shift, Square, Turn
from kifu.builtin.rengoma.position import Position
from kifu.builtin.rengoma.rules import MAX_EXTRAS, extra_actions
from kifu.plugin import Clicks, KifuError, button, point, point_of

#: Each placement's action in words, where one square takes both, and the move's (C「移動」).
_KINDS = {False: "A (own field piece)", True: "B (the enemy's field piece)"}
_MOVING = "C (moving a piece)"
#: The button that goes on with an extra action, paid with a chip.
EXTRA = button("extra-action")


def move_clicks(move: Turn, pos: Position) -> Clicks | None:
    """A turn as clicks: each action's (a square, or C's two), an extra action's after the
    button :data:`EXTRA`; it may go on where the mover still holds a chip for another."""
    if not isinstance(move, Turn):
        return None
    places: list[str] = []
    for action in move.actions:
        if places:
            places.append(EXTRA)
        places.extend(_places(action, pos))
    last = move.actions[-1]
    kind = _KINDS[last.enemy] if isinstance(last, Place) else _MOVING
    goes_on = len(move.extras) < MAX_EXTRAS and pos.chips[pos.to_move] > len(move.extras)
    return Clicks(tuple(places), kind, more=EXTRA if goes_on else "")


def moves_after(pos: Position, move: Turn) -> list[Turn]:
    """``move`` with one more extra action, each the rules allow after its actions (none where
    the mover holds no chip for it, or the turn already won)."""
    if not isinstance(move, Turn) or len(move.extras) >= MAX_EXTRAS \
            or pos.chips[pos.to_move] <= len(move.extras):
        return []
    try:
        return [Turn((*move.actions, action)) for action in extra_actions(pos, move)]
    except KifuError:
        return []


def clicked_move(pos: Position, places: tuple[str, ...]) -> str | None:
    """The turn clicks name where no listed turn fits them, for the referee to say why: each
    action's clicks between the buttons :data:`EXTRA`, a square alone A there, two C from the
    first to the second."""
    groups: list[list[str]] = [[]]
    for place in places:
        if place == EXTRA:
            groups.append([])
        else:
            groups[-1].append(place)
    actions: list[Action] = []
    for group in groups:
        squares = [square for place in group if (square := _square(place, pos)) is not None]
        if not squares or len(squares) != len(group) or len(squares) > 2:
            return None
        actions.append(Place(False, squares[0]) if len(squares) == 1
                       else Shift(squares[0], squares[1]))
    return str(Turn(tuple(actions)))


def _places(action: Action, pos: Position) -> tuple[str, ...]:
    if isinstance(action, Place):
        return (_place(action.square, pos),)
    return _place(action.origin, pos), _place(action.target, pos)


def _place(square: Square, pos: Position) -> str:
    return point(0, square.column, pos.geo.rows - 1 - square.row)


def _square(place: str, pos: Position) -> Square | None:
    found = point_of(place)
    if found is None or found[0] != 0:
        return None
    square = Square(found[1], pos.geo.rows - 1 - found[2])
    return square if pos.geo.on_board(square) else None
