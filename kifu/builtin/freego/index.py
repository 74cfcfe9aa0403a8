"""Free-form Go in a corpus index: the symmetries its positions are searched under, and the
tracker that hashes them move by move (see :mod:`kifu.plugin.symmetry`).

What counts as one position (``DECISIONS.md``, "Searching a corpus"): the stones and the seat
to move; on a grid, under the grid's symmetries (8 on a square grid, 4 on another); with two
players, also with the colours swapped.  A map has no symmetry kifu relies on.  Prisoners, the
rules, ko and the history are not part of it.

The tracker follows the referee's journal of placements: a move that put a stone down is the
journal's newest entry (the stone and what it took off), so each position costs a few
exclusive ors; a position that does not follow the last one seen (a variation's first, a
set-up in play) is hashed from its cells.
"""
from __future__ import annotations

from array import array
from collections.abc import Collection, Sequence
from itertools import compress

from kifu.builtin.freego.boards.board import Board
from kifu.builtin.freego.moves import Move, Place
from kifu.builtin.freego.native import placing
from kifu.builtin.freego.position import Position, placed_keys
from kifu.plugin import (
    EMPTY,
    MARK,
    Grid,
    Lanes,
    LaneTracker,
    Symmetry,
    colour_symmetry,
    grid_symmetry,
    lanes,
)
from kifu.plugin import IDENTITY as NONE


def symmetry(pos: Position) -> Symmetry:
    """The transformations under which positions on ``pos``'s board count as one."""
    return board_symmetry(pos.board, pos.seats)


def board_symmetry(board: Board, seats: int) -> Symmetry:
    """The transformations under which positions on ``board`` with ``seats`` count as one."""
    two = seats == 2
    if board.grid is not None:
        columns, rows = board.grid
        return grid_symmetry(columns, rows, two)
    return colour_symmetry(len(board.cells)) if two else NONE


def hashing(board: Board, seats: int) -> tuple[Symmetry, Grid | None, Lanes]:
    """What positions on ``board`` with ``seats`` are hashed under: the symmetry, the grid
    whose changes are logged (two colours on a grid), the Zobrist lanes (the compiled core
    hashes with the same, :mod:`kifu.builtin.freego.native`)."""
    found = board_symmetry(board, seats)
    grid = Grid(*board.grid) if board.grid is not None and seats == 2 else None
    salt = f"freego {board.reference or board.name} {seats} {len(found)}"
    return found, grid, lanes(found, len(board.cells), seats, salt)


class Tracker(LaneTracker):
    """Hashes the positions of a Free-form Go record as the replay meets them."""

    def __init__(self, pos: Position) -> None:
        super().__init__(*hashing(pos.board, pos.seats))
        self.last: Position | None = None
        self.placed = -1
        self.hash = -1
        #: The position :meth:`visit_from` last worked from: it, its cells, its stones' lanes.
        self._parent: tuple[Position, list[int], int] | None = None

    def visit_from(self, parent: Position, pos: Position) -> None:
        # Unlogged, a position one stone after ``parent`` is hashed from its parent's stones
        # and that stone's changes: its cells checked to be exactly those (a copy of the
        # parent's changed so), else hashed anew.
        journal = pos.journal
        if self.keeps_log and self.grid is not None or journal is None or \
                pos.placed != parent.placed + 1:
            self.visit(pos)
            return
        kept = self._parent
        if kept is None or kept[0] is not parent or kept[1] != parent.cells:
            cells = parent.cells
            value = self.lanes.base
            table = self._table
            for cell in compress(range(len(cells)), cells):
                if cells[cell] > EMPTY:
                    value ^= table[cells[cell]][cell]
            kept = self._parent = (parent, cells.copy(), value)
        (cell, _, removed, seat), _ = journal
        expected = kept[1].copy()
        expected[cell] = seat + 1
        for where, _ in removed:
            expected[where] = EMPTY
        if expected != pos.cells:
            self.visit(pos)
            return
        table = self._table
        value = kept[2] ^ table[seat + 1][cell]
        for where, what in removed:
            value ^= table[what][where]
        self.value = value
        self.last, self.placed, self.hash = pos, pos.placed, pos.hash
        self.note(0 if pos.outcome is not None else pos.to_move + 1)

    def visit(self, pos: Position) -> None:
        side = 0 if pos.outcome is not None else pos.to_move + 1
        log = self.log if self.grid is not None and self.keeps_log else None
        if pos is self.last and pos.hash == self.hash:  # a pass, or the end: the same stones
            if log is not None:
                log.append(MARK | side)
        elif pos is self.last and pos.placed == self.placed + 1 and pos.journal is not None:
            # Written out for speed: what begin(), put() and take() do.
            (cell, _, removed, seat), _ = pos.journal
            table = self._table
            value = self.value ^ table[seat + 1][cell]
            if log is not None:
                log.append(MARK | side)
                log.append(cell << 2 | (seat + 1))
            for where, what in removed:
                value ^= table[what][where]
                if log is not None:
                    log.append(where << 2)
            self.value = value
        else:
            # The stones alone, the empty points skipped in C (a board is mostly empty: an
            # explorer hashes hundreds of positions a step, each anew).
            cells = pos.cells
            self.restart([(cell, cells[cell]) for cell in compress(range(len(cells)), cells)
                          if cells[cell] > EMPTY], side)
        self.last, self.placed, self.hash = pos, pos.placed, pos.hash
        self.note(side)

def tracker(pos: Position) -> Tracker:
    return Tracker(pos)


def successors(pos: Position, moves: Sequence[Move], wanted: Collection[int] | None = None
               ) -> list[tuple[int, str | None] | None] | None:
    """The positions ``moves`` (legal moves of ``pos``) make, each as its hash in a corpus
    index (:class:`Tracker`'s) and its key (of the hashes ``wanted`` only, if given), worked
    out by the compiled core in one call (:meth:`kifu.plugin.GamePlugin.successors_at_once`):
    the stones of the seat to move on a grid of two seats, ``None`` for any other move (a
    pass: the caller plays it); ``None`` without the core, or off a grid."""
    board = pos.board
    make = placing.successor_maker()
    if make is None or board.grid is None or pos.seats != 2 or pos.outcome is not None:
        return None
    to_move, exact = pos.to_move, board.exact
    cells = array("i", [exact.get(move.cell, -1)
                        if type(move) is Place and move.seat in (None, to_move) else -1
                        for move in moves])
    offsets, neighbours, _ = placing.board_links(board)
    made = make(array("b", pos.cells).tobytes(), offsets, neighbours, to_move,
                pos.rules.suicide, cells.tobytes(), hashing(board, 2)[2].table(), *board.grid)
    keyed = placed_keys(pos)
    return [None if found is None else
            (found[0], keyed(found[4], found[1], None if found[2] < 0 else found[2:4])
             if wanted is None or found[0] in wanted else None)
            for found in made]


def facts(pos: Position) -> dict[str, str]:
    """The seats' names, as the record gives them (``Players:``)."""
    return seat_facts(pos.rules.seats)


def seat_facts(seats: Sequence[str]) -> dict[str, str]:
    """:func:`facts` of a position whose seats are ``seats``."""
    return {"sides": "\n".join(seats)}


def move_at(pos: Position, point: int) -> Place | None:
    """The stone of the seat to move on the cell ``point`` of a grid board (the tracker logs a
    cell by its number: ``row * columns + column``); ``None`` off a grid."""
    if pos.board.grid is None or not 0 <= point < len(pos.board.cells):
        return None
    return Place(pos.board.cells[point].id)
