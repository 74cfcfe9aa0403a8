"""Every legal move of a Free-form Go position, by the rules of capture, suicide, ko and superko.

The board's groups are labelled once with their liberties (a flood fill); then each empty cell
is judged from its neighbours alone: a stone with an empty neighbour, or joining a group of its
own that keeps another liberty, or taking a neighbouring group's last liberty, has a liberty
after the move; any other is suicide.  The whole-board position a move leaves is known as a
Zobrist hash from the stones it adds and removes, so ko and superko are looked up, not played.
Only where the hash matches a position that stood (a ko, a superko, or a collision) is the move
confirmed by the referee itself on a copy, which compares the cells exactly.
"""
from __future__ import annotations

import functools
from array import array
from collections.abc import Callable
from typing import Any

from kifu.builtin.freego.boards.board import Board
from kifu.builtin.freego.moves import Move, Pass, Place
from kifu.builtin.freego.native import placing
from kifu.builtin.freego.position import EMPTY, Position
from kifu.builtin.freego.rules.referee import play_quietly
from kifu.plugin import IllegalMoveError


def legal_moves(pos: Position) -> list[Move]:
    """Every cell the seat to move may play, in board order, then a pass; nothing once the
    game has ended.  Moves by another seat (``D4@2``) and set-ups in play are not plies of the
    seat to move and are not listed."""
    if pos.outcome is not None:
        return []
    cells_of = placing.legal_cells() if pos.seats == 2 else None
    if cells_of is not None:
        return _compiled(pos, cells_of)
    group_of, liberties, members = _groups(pos)
    board, cells = pos.board, pos.cells
    seat = pos.to_move
    colour = seat + 1
    keys = board.zobrist
    following = seat + 1 if seat + 1 < pos.seats else 0
    found: list[Move] = []
    for cell, what in enumerate(cells):
        if what != EMPTY:
            continue
        taken: set[int] = set()  # groups whose last liberty this stone takes
        breathes = False
        own: set[int] = set()
        for n in board.neighbours[cell]:
            c = cells[n]
            if c == EMPTY:
                breathes = True
            elif c == colour:
                own.add(group_of[n])
                breathes = breathes or liberties[group_of[n]] > 1
            elif c > 0 and liberties[group_of[n]] == 1:
                taken.add(group_of[n])
        new_hash = pos.hash ^ keys[seat][cell]
        for group in taken:
            owner = cells[members[group][0]] - 1
            for x in members[group]:
                new_hash ^= keys[owner][x]
        if not breathes and not taken:  # suicide: the stone and the groups it joins go
            if not pos.rules.suicide:
                continue
            new_hash = pos.hash
            for group in own:
                for x in members[group]:
                    new_hash ^= keys[seat][x]
        if _repeats(pos, new_hash, following) and not _referee_allows(pos, cell):
            continue
        found.append(Place(board.cells[cell].id))
    found.append(Pass())
    return found


def _compiled(pos: Position, cells_of: Callable[..., Any]) -> list[Move]:
    """:func:`legal_moves` of a position of two seats whose captures and suicides the
    compiled core works out (``legal_cells``: each cell a stone may go on, and the Zobrist
    hash of the position it makes, as :func:`legal_moves` works it out), ko and superko
    judged here as there."""
    board = pos.board
    offsets, neighbours, keys = placing.board_links(board)
    following = 1 - pos.to_move
    places = _places(board)
    cells = cells_of(array("b", pos.cells).tobytes(), offsets, neighbours, pos.to_move,
                     pos.rules.suicide, keys, pos.hash)
    if pos.rules.ko == "basic":
        # _repeats under basic ko, once for all: only the hash before the last move repeats
        # (an explorer's step lists the moves of hundreds of cells)
        if pos.last is None:
            return [*(places[cell] for cell, _ in cells), Pass()]
        before = pos.before_last
        return [*(places[cell] for cell, new_hash in cells
                  if new_hash != before or _referee_allows(pos, cell)), Pass()]
    return [*(places[cell] for cell, new_hash in cells
              if not _repeats(pos, new_hash, following) or _referee_allows(pos, cell)),
            Pass()]


@functools.lru_cache(maxsize=16)
def _places(board: Board) -> list[Place]:
    """A stone on each cell of ``board``, as :func:`legal_moves` lists it (made once a
    board: a move is a value)."""
    return [Place(cell_id) for cell_id in board.ids]


def canonical_move(pos: Position, move: Move, legal: bool = False) -> Move:
    """``move`` as :func:`legal_moves` lists it: a cell by its id (``長野``, ``Nagano`` and
    ``nagano`` are the cell ``nagano``; ``D4`` on a grid is ``d4``), and the seat left out
    where it is the seat to move.  A cell the board lacks, a set-up, a move by another seat
    keep what they say."""
    seat = None if move.seat == pos.to_move else move.seat
    if isinstance(move, Place):
        cell = pos.board.exact.get(move.cell)
        if cell is None:
            cell = pos.board.find(move.cell)
        if cell is None:
            return move
        cell_id = pos.board.ids[cell]
        return move if cell_id == move.cell and seat == move.seat else Place(cell_id, seat)
    if isinstance(move, Pass) and seat != move.seat:
        return Pass(seat, move.elsewhere)
    return move


def _groups(pos: Position) -> tuple[list[int], list[int], list[list[int]]]:
    """Each stone's group number, each group's count of liberties, each group's stones."""
    cells, nbrs = pos.cells, pos.board.neighbours
    group_of = [-1] * len(cells)
    liberties: list[int] = []
    members: list[list[int]] = []
    for start, colour in enumerate(cells):
        if colour <= 0 or group_of[start] >= 0:
            continue
        number = len(members)
        stones = [start]
        group_of[start] = number
        free: set[int] = set()
        for p in stones:
            for q in nbrs[p]:
                c = cells[q]
                if c == EMPTY:
                    free.add(q)
                elif c == colour and group_of[q] < 0:
                    group_of[q] = number
                    stones.append(q)
        members.append(stones)
        liberties.append(len(free))
    return group_of, liberties, members


def _repeats(pos: Position, new_hash: int, following: int) -> bool:
    """Whether the position a move leaves may be one that stood (by its hash): the position
    before the opponent's last move under basic ko, any earlier one under superko."""
    if pos.rules.ko == "basic":
        return new_hash == pos.before_last and pos.last is not None
    return pos.seen.get(pos.key(new_hash, following)) is not None


def _referee_allows(pos: Position, cell: int) -> bool:
    """The referee's exact answer for a move whose hash matched a position that stood."""
    try:
        play_quietly(pos.copy(), Place(pos.board.ids[cell]))
    except IllegalMoveError:
        return False
    return True
