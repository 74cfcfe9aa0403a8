"""A Free-form Go position and the referee: captures, suicide, positional superko, passes.

The stones are a flat list indexed like the board's cells (0 empty, ``seat + 1`` a stone, -1 a
cell that cannot be played), and a group is found by walking the board's neighbour tuples,
stopping at the first liberty, so the common case (nothing captured) touches a few cells only.

Positional superko ("同じ局面にするのはNGです") needs every position that has stood: each is kept
as a Zobrist hash (one random 64-bit key per seat and cell, XORed in and out as stones come and
go), so a move costs a few XORs, not a board copy.  A hash found again is confirmed exactly by
undoing the journal of placements back to that position and comparing cells, so two positions
that merely share a hash can never be mistaken for a repetition.
"""
from __future__ import annotations

from typing import Any

from kifu.errors import IllegalMoveError, KifuError
from kifu.game import Event, Outcome, Played
from kifu.games.freego.config import Rules
from kifu.games.freego.notation import Move, Pass

EMPTY = 0
OFF = -1  # an unplayable cell

#: One placement as the journal keeps it: the cell, its move number, and the stones it removed
#: as (cell, what stood there) pairs, its own stone last if it was suicide.
Placement = tuple[int, int, tuple[tuple[int, int], ...]]


class Position:
    """Stones, the seat to move, prisoners, and the history superko needs."""

    __slots__ = ("rules", "board", "cells", "seats", "to_move", "prisoners", "hash", "seen",
                 "journal", "ply", "numbers", "last", "passed", "outcome", "scores")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.board = rules.board
        self.cells = [EMPTY if cell.playable else OFF for cell in rules.board.cells]
        self.seats = len(rules.seats)
        self.to_move = 0
        self.prisoners = [0] * self.seats
        self.hash = 0
        self.seen: dict[int, int] = {0: 0}  # position hash -> placements made when it stood
        self.journal: list[Placement] = []
        self.ply = 0  # moves played, passes included
        self.numbers: dict[int, int] = {}  # cell -> move number of the stone standing there
        self.last: int | None = None  # cell of the last placement (None after a pass)
        self.passed = 0  # bit mask of the seats that passed since the last placement
        self.outcome: Outcome | None = None
        self.scores: Any = None  # the final score table once the game has ended

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.rules, other.board, other.seats = self.rules, self.board, self.seats
        other.cells = self.cells.copy()
        other.to_move = self.to_move
        other.prisoners = self.prisoners.copy()
        other.hash = self.hash
        other.seen = self.seen.copy()
        other.journal = self.journal.copy()
        other.ply = self.ply
        other.numbers = self.numbers.copy()
        other.last = self.last
        other.passed = self.passed
        other.outcome = self.outcome
        other.scores = self.scores
        return other

    def seat_name(self, seat: int) -> str:
        return self.rules.seats[seat]

    def stones_of(self, seat: int) -> list[int]:
        colour = seat + 1
        return [i for i, c in enumerate(self.cells) if c == colour]

    def group(self, start: int) -> tuple[list[int], bool]:
        """The stones connected to ``start`` and whether they have a liberty."""
        colour = self.cells[start]
        nbrs = self.board.neighbours
        cells = self.cells
        stones = [start]
        members = {start}
        free = False
        for p in stones:
            for q in nbrs[p]:
                c = cells[q]
                if c == EMPTY:
                    free = True
                elif c == colour and q not in members:
                    members.add(q)
                    stones.append(q)
        return stones, free

    def place_stone(self, cell: int, seat: int) -> None:
        """Put a stone down without any rule (set-up positions)."""
        self.cells[cell] = seat + 1
        self.hash ^= self.board.zobrist[seat][cell]

    def restart_history(self) -> None:
        """Make the current stones the start: superko counts from here."""
        self.seen = {self.hash: 0}
        self.journal = []

    def cells_after(self, placements: int) -> list[int]:
        """The stones as they stood after the first ``placements`` placements of the journal."""
        cells = self.cells.copy()
        for cell, _, removed in reversed(self.journal[placements:]):
            cells[cell] = EMPTY
            for where, what in removed:
                cells[where] = what
        return cells


def _dead_group(cells: list[int], nbrs: tuple[tuple[int, ...], ...], start: int,
                colour: int) -> list[int] | None:
    """The group at ``start`` if it has no liberty, else ``None`` (found at the first liberty)."""
    group = [start]
    members = {start}
    for p in group:
        for q in nbrs[p]:
            c = cells[q]
            if c == EMPTY:
                return None
            if c == colour and q not in members:
                members.add(q)
                group.append(q)
    return group


def play(pos: Position, move: Move, lenient: bool = False) -> Played:
    """Apply ``move`` in place; an illegal move raises and leaves the position as it was."""
    seat = pos.to_move
    warnings: list[KifuError] = []
    if move.seat is not None and move.seat != seat:
        seat = _out_of_turn(pos, move.seat, lenient, warnings)
    if isinstance(move, Pass):
        return _pass(pos, seat, warnings)
    board = pos.board
    cell = board._exact.get(move.cell)
    if cell is None:
        cell = board.find(move.cell)
        if cell is None:
            raise IllegalMoveError(f"{move.cell!r} is not a cell of the board {board.name!r}",
                                   rule="unknown-cell")
    cells = pos.cells
    if cells[cell] != EMPTY:
        raise _occupied(pos, cell)
    colour = seat + 1
    zobrist = board.zobrist
    nbrs = board.neighbours
    cells[cell] = colour
    new_hash = pos.hash ^ zobrist[seat][cell]
    removed: list[tuple[int, int]] = []
    captured: list[tuple[int, list[int]]] = []
    for n in nbrs[cell]:
        c = cells[n]
        if c > 0 and c != colour:
            group = _dead_group(cells, nbrs, n, c)
            if group is not None:
                keys = zobrist[c - 1]
                for x in group:
                    cells[x] = EMPTY
                    new_hash ^= keys[x]
                    removed.append((x, c))
                captured.append((c - 1, group))
    suicide: list[int] | None = None
    for n in nbrs[cell]:
        if cells[n] == EMPTY:
            break
    else:
        suicide = _dead_group(cells, nbrs, cell, colour)
        if suicide is not None:
            if not pos.rules.suicide:
                _undo(cells, cell, removed)
                raise IllegalMoveError(_suicide_message(pos, cell, suicide), rule="suicide")
            keys = zobrist[seat]
            for x in suicide:
                cells[x] = EMPTY
                new_hash ^= keys[x]
                removed.append((x, colour))
    earlier = pos.seen.get(new_hash)
    if earlier is not None and _repeats(pos, cell, removed, earlier):
        _undo(cells, cell, removed)
        raise IllegalMoveError(_superko_message(pos, cell, earlier), rule="superko")
    # The move stands: commit it.
    pos.hash = new_hash
    pos.ply += 1
    pos.journal.append((cell, pos.ply, tuple(removed)))
    if earlier is None:
        pos.seen[new_hash] = len(pos.journal)
    pos.last = cell
    pos.passed = 0
    pos.to_move = seat + 1 if seat + 1 < pos.seats else 0
    numbers = pos.numbers
    numbers[cell] = pos.ply
    names = pos.rules.seats
    events: list[Event] = [{"type": "place", "player": names[seat], "cell": board.cells[cell].id}]
    for owner, group in captured:
        pos.prisoners[seat] += len(group)
        for x in group:
            numbers.pop(x, None)
        events.append({"type": "capture", "player": names[seat], "captured": names[owner],
                       "cells": [board.cells[x].id for x in sorted(group)]})
    if suicide is not None:
        for x in suicide:
            numbers.pop(x, None)
        events.append({"type": "suicide", "player": names[seat],
                       "cells": [board.cells[x].id for x in sorted(suicide)]})
    return Played(events, warnings)


def _undo(cells: list[int], cell: int, removed: list[tuple[int, int]]) -> None:
    for where, what in removed:
        cells[where] = what
    cells[cell] = EMPTY


def _repeats(pos: Position, cell: int, removed: list[tuple[int, int]], earlier: int) -> bool:
    """Whether the stones now on the board (the tentative move included) are exactly those
    after placement ``earlier``; also records a position that merely shares its hash."""
    before = pos.cells.copy()
    _undo(before, cell, removed)
    probe = Position.__new__(Position)
    probe.cells, probe.journal = before, pos.journal
    if probe.cells_after(earlier) == pos.cells:
        return True
    for placements in range(len(pos.journal) + 1):  # a hash collision: look everywhere (rare)
        if placements != earlier and probe.cells_after(placements) == pos.cells:
            return True
    return False


def _out_of_turn(pos: Position, seat: int, lenient: bool, warnings: list[KifuError]) -> int:
    names = pos.rules.seats
    if seat >= pos.seats:
        raise IllegalMoveError(f"there is no seat {seat + 1}: this game has {pos.seats} players",
                               rule="seat")
    message = (f"{names[seat]} moves out of turn: {names[pos.to_move]} is to move "
               "(a move missing, or one colour moving twice)")
    if not lenient:
        raise IllegalMoveError(message, rule="turn-order")
    warnings.append(IllegalMoveError(message + "; accepted (lenient)", rule="turn-order")
                    .as_warning())
    return seat


def _pass(pos: Position, seat: int, warnings: list[KifuError]) -> Played:
    pos.ply += 1
    pos.last = None
    pos.passed |= 1 << seat
    pos.to_move = seat + 1 if seat + 1 < pos.seats else 0
    events: list[Event] = [{"type": "pass", "player": pos.rules.seats[seat]}]
    if pos.passed == (1 << pos.seats) - 1:
        from kifu.games.freego import scoring  # scoring needs positions; imported when used

        events.append(scoring.finish(pos))
    return Played(events, warnings)


def _occupied(pos: Position, cell: int) -> IllegalMoveError:
    what = pos.cells[cell]
    name = pos.board.cells[cell].id
    if what == OFF:
        return IllegalMoveError(f"{name} cannot be played on this board (it is drawn, not "
                                "played)", rule="unplayable")
    owner = pos.rules.seats[what - 1]
    return IllegalMoveError(f"{name} is already occupied by {owner}", rule="occupied")


def _suicide_message(pos: Position, cell: int, group: list[int]) -> str:
    name = pos.board.cells[cell].id
    if len(group) == 1:
        return f"{name} would have no liberty: suicide is forbidden (Suicide: allowed lifts it)"
    return (f"{name} would leave its group of {len(group)} stones without a liberty: suicide is "
            "forbidden (Suicide: allowed lifts it)")


def _superko_message(pos: Position, cell: int, earlier: int) -> str:
    name = pos.board.cells[cell].id
    when = "at the start" if earlier == 0 else f"after move {pos.journal[earlier - 1][1]}"
    return (f"{name} recreates the whole-board position that stood {when} (positional "
            "superko: 同じ局面にするのはNG)")
