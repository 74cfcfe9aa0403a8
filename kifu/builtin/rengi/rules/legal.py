"""Every legal move of a Rengi position: the placements of the piece due, and a pass while the
opponent's chain runs.

A piece goes into any column, or pair of neighbouring columns, that has room (a stone may land
in row 13 at most; the upper stone of a pair standing in row 13 vanishes, which is legal), in
either order of its colours; the piece is the one the tsumo list deals, or, with free or
unknown colours, any.  The first player's first move is a single stone.  Where single garbage
stones fall on a placement and no seed draws their columns, the record names the columns, and
each choice of them is a move of its own.  Resigning is always possible and is not listed.
"""
from __future__ import annotations

from itertools import combinations

from kifu.builtin.rengi import garbage
from kifu.builtin.rengi.bitboard import COLUMNS, ROWS, height, occupied
from kifu.builtin.rengi.moves import (
    FIRST,
    OFFSET,
    DropNote,
    Move,
    Pass,
    Place,
    Placement,
    Resign,
    Single,
    Turn,
)
from kifu.builtin.rengi.position import Position
from kifu.builtin.rengi.rules.referee import play
from kifu.plugin import IllegalMoveError, KifuError


def legal_moves(pos: Position) -> list[Move]:
    """The moves of the side whose turn it is, placements first."""
    if pos.outcome is not None:
        return []
    side = pos.current
    found: list[Move] = []
    for placement in placements(pos, side):
        found.extend(with_garbage_notes(pos, placement))
    if pos.chain_running(1 - side):
        found.append(Pass(side))
    return found


def placements(pos: Position, side: int) -> list[Placement]:
    """Every placement of the piece due, one value per way the stones can stand."""
    index = pos.sides[side].placed
    try:
        piece = pos.dealer.piece(side, index)
    except IndexError:  # the tsumo list has run out
        return []
    heights = [height(occupied(pos.sides[side].boards), c) for c in range(COLUMNS)]
    if side == FIRST and index == 0:
        colours = range(4) if piece is None else (piece[0],)
        return [Turn(side, column + 1, "D") if colour == 3 else Single(side, column + 1, colour)
                for colour in colours for column in range(COLUMNS) if heights[column] < ROWS]
    if piece is None:
        pairs = {(a, b) for a in range(4) for b in range(4)}
    else:
        pairs = {(piece[0], piece[1]), (piece[1], piece[0])}
    found: list[Placement] = []
    for a, b in sorted(pairs):
        for column in range(COLUMNS):
            if heights[column] < ROWS:
                found.append(Place(side, (column + 1, column + 1), (a, b)))
            if column + 1 < COLUMNS and max(heights[column], heights[column + 1]) < ROWS:
                found.append(Place(side, (column + 1, column + 2), (a, b)))
    return found


def with_garbage_notes(pos: Position, placement: Placement) -> list[Placement]:
    """The placement as it may be written: as it is, or, where single garbage stones fall on it
    and no seed draws their columns, once with each set of columns they may fall in."""
    own = pos.sides[placement.side if placement.side is not None else pos.current]
    if not own.warning or pos.rng is not None:
        return [placement]
    singles = min(own.warning, pos.settings.drop_cap_rows * garbage.ROW) % garbage.ROW
    if not singles or _fires(pos, placement):
        return [placement]
    return [_noted(placement, DropNote(None, columns))
            for columns in combinations(range(1, COLUMNS + 1), singles)]


def _fires(pos: Position, placement: Placement) -> bool:
    """Whether the placement fires a chain (then no garbage falls on it): the referee plays it
    on a copy, where only a placement that fires no chain asks for garbage columns."""
    try:
        play(pos.copy(), placement)
    except IllegalMoveError as error:
        if error.rule == "garbage-columns":
            return False
        raise
    return True


def _noted(placement: Placement, note: DropNote) -> Placement:
    if isinstance(placement, Place):
        return Place(placement.side, placement.columns, placement.colours, note)
    if isinstance(placement, Turn):
        return Turn(placement.side, placement.column, placement.direction, note)
    return Single(placement.side, placement.column, placement.colour, note)


def canonical_move(pos: Position, move: Move, legal: bool = False) -> Move:
    """``move`` as :func:`legal_moves` lists it: its side named; a pair placed by its axis and
    direction (``+2U``) as the pair by its colours (``+22ab``), a horizontal pair left to right;
    the first stone in its colour (``+3`` with a tsumo list is ``+3a``); a garbage note only
    where the record chooses the columns, without its count of rows.  A move that does not
    play keeps what it says (``legal``: the caller knows it plays)."""
    side = pos.current if move.side is None else move.side
    if isinstance(move, Resign | Pass):
        return move if move.side == side else type(move)(side)
    found = _placement(pos, move, side)
    if found is None or (move.drop is None and found == move):
        return move
    if not legal:
        try:
            play(pos.copy(), move)  # a move is made canonical only if it plays as written
        except KifuError:
            return move
    return _with_note(pos, found, move.drop)


def _placement(pos: Position, move: Placement, side: int) -> Placement | None:
    """The placement as :func:`placements` gives it, without a note; ``None`` when the piece
    due cannot say it (an illegal move)."""
    try:
        piece = pos.dealer.piece(side, pos.sides[side].placed)
    except IndexError:
        return None
    if side == FIRST and pos.sides[side].placed == 0:
        if isinstance(move, Single):
            colour = move.colour if move.colour is not None or piece is None else piece[0]
            if colour == 3:
                return Turn(side, move.column, "D")
            return Single(side, move.column, colour)
        return Turn(side, move.column, "D") if isinstance(move, Turn) else None
    if isinstance(move, Place):
        (left, right), (a, b) = move.columns, move.colours
        return Place(side, (right, left), (b, a)) if left > right else Place(side, (left, right),
                                                                          (a, b))
    if isinstance(move, Turn) and piece is not None and len(piece) == 2:
        axis, child = piece
        step, rise = OFFSET[move.direction]
        other = move.column + step
        if rise > 0:
            return Place(side, (move.column, move.column), (axis, child))
        if rise < 0:
            return Place(side, (move.column, move.column), (child, axis))
        if step > 0:
            return Place(side, (move.column, other), (axis, child))
        return Place(side, (other, move.column), (child, axis))
    return None


def _with_note(pos: Position, placement: Placement, note: DropNote | None) -> Placement:
    """The placement with its garbage columns where the listing names them."""
    if note is None or not note.columns:
        return placement
    listed = with_garbage_notes(pos, placement)
    if len(listed) == 1 and listed[0].drop is None:
        return placement
    return _noted(placement, DropNote(None, note.columns))
