"""A Rengi move played by clicks on ``kifu serve``'s board: the mover's field, a column for
each stone of the pair, in either order (the same column twice stands the pair upright), or one
column for the first player's single first stone; the colours (as the move lists them: the
left or lower stone's first) and where garbage fell (in games whose drops are random) chosen
where several fit."""
from __future__ import annotations

from kifu.builtin.rengi.bitboard import COLUMNS
from kifu.builtin.rengi.moves import COLOUR_NAMES, Move, Place, Single, Turn, text
from kifu.builtin.rengi.position import Position
from kifu.plugin import Clicks, column

#: Where the child stone of a dealt pair stands beside its axis column (U D R L).
_BESIDE = {"U": 0, "D": 0, "R": 1, "L": -1}
#: Where the child stone of a dealt pair goes, in words (the rules' 上 下 右 左).
_CHILD = {"U": "child stone above", "D": "child stone below", "R": "child stone right",
          "L": "child stone left"}


def move_clicks(move: Move, pos: Position) -> Clicks | None:
    """``move`` as clicks: a column of the mover's field for each stone it places.  The kind
    says in words where each colour goes (``blue left, red right``, ``blue below, red above``,
    a single stone's colour) or, for the pair dealt, where its child stone (子石) goes beside
    its axis (``child stone above``); the note, where garbage fell (``{j:25}``)."""
    side = pos.current if move.side is None else move.side
    drop = getattr(move, "drop", None)
    note = "" if drop is None else str(drop)
    if isinstance(move, Place):
        return Clicks(tuple(column(side, at - 1) for at in move.columns), _pair(move), note=note,
                      unordered=True)
    if isinstance(move, Single):
        colour = "" if move.colour is None else COLOUR_NAMES[move.colour]
        return Clicks((column(side, move.column - 1),), colour, note=note)
    if isinstance(move, Turn):
        if _single_due(pos, side):  # a single stone of colour D, written as "child below"
            return Clicks((column(side, move.column - 1),), COLOUR_NAMES[3], note=note)
        child = move.column - 1 + _BESIDE[move.direction]
        return Clicks((column(side, move.column - 1), column(side, child)),
                      _CHILD[move.direction], note=note)
    return None


def _pair(move: Place) -> str:
    """Where a pair's colours go, in words: the lower stone's first where it stands upright,
    else the left one's (column 1 on the left)."""
    first, second = (COLOUR_NAMES[colour] for colour in move.colours)
    if move.columns[0] == move.columns[1]:
        return f"{first} below, {second} above"
    if move.columns[0] > move.columns[1]:
        first, second = second, first
    return f"{first} left, {second} right"


def clicked_move(pos: Position, places: tuple[str, ...]) -> str | None:
    """The move the clicked columns name where no legal move fits them (a full column, columns
    apart, the other player's field), the piece due placed so, for the referee to say why."""
    boards_columns = [_column(place) for place in places]
    if not boards_columns or None in boards_columns or len(places) > 2:
        return None
    sides = {board for board, _ in boards_columns if board is not None}
    if len(sides) != 1:
        return None
    side = sides.pop()
    columns = tuple(number + 1 for _, number in boards_columns if number is not None)
    if len(columns) == 1:
        return text(Single(side, columns[0]))
    try:
        piece = pos.dealer.piece(side, pos.sides[side].placed)
    except IndexError:  # the tsumo list has run out: the referee says so
        piece = None
    colours = (0, 0) if piece is None or len(piece) < 2 else (piece[0], piece[1])
    return text(Place(side, (columns[0], columns[1]), colours))


def _single_due(pos: Position, side: int) -> bool:
    return side == 0 and pos.sides[side].placed == 0


def _column(place: str) -> tuple[int, int] | tuple[None, None]:
    board, _, rest = place.partition(":")
    number = rest.split(",")[0]
    if not board.isdigit() or not number.isdigit() or int(board) > 1 or int(number) >= COLUMNS:
        return None, None
    return int(board), int(number)
