"""The referee of Four in a Row: two players, red and yellow, drop discs in turn into a frame of
seven columns and six rows, red first; a disc falls to the lowest empty cell of its column.
Whoever makes a line of four of their discs, along a row, a column or a diagonal, wins; a full
board without one is a draw.  A move in a full column is illegal (``full-column``).
"""
from __future__ import annotations

from typing import Any

from kifu.builtin.fourinarow import setup
from kifu.builtin.fourinarow.events import DropEvent, Event, FourEvent, FullEvent
from kifu.builtin.fourinarow.moves import HEIGHT, WIDTH, Drop, cell_name
from kifu.builtin.fourinarow.position import (
    EMPTY,
    SIDES,
    Position,
    completed_line,
    other,
    outcome_of,
)
from kifu.plugin import IllegalMoveError, Outcome, Played, Record


def start(record: Record) -> Position:
    """The empty board, red to move, or the record's set-up (checked)."""
    if record.setup is not None:
        return setup.position(record.setup)
    return Position()


def play(position: Position, move: Any, lenient: bool = False) -> Played:
    """Drop the disc: the position changes in place.  Nothing is mended under ``lenient``: a
    disc in a full column could only be moved to a column the record does not say."""
    if not isinstance(move, Drop) or type(move.column) is not int or not 0 <= move.column < WIDTH:
        raise IllegalMoveError(f"{move!r} is not a Four in a Row move (a Drop in column a to "
                               "g)", rule="not-a-move")
    row = position.height(move.column)
    if row == HEIGHT:
        raise IllegalMoveError(f"column {move} is full: its {HEIGHT} cells hold discs",
                               rule="full-column")
    cell = row * WIDTH + move.column
    side = position.to_move
    position.cells[cell] = side
    position.played += 1
    position.numbers[cell] = position.played
    position.last = cell
    position.to_move = other(side)
    events: list[Event] = [DropEvent(type="drop", side=SIDES[side], cell=cell_name(cell))]
    line = completed_line(position.cells, cell)
    if line or EMPTY not in position.cells:
        position.ended = outcome_of(position.cells)
        events.append(FourEvent(type="four", side=SIDES[side], cells=[
            cell_name(each) for each in line]) if line else FullEvent(type="full"))
    return Played(events=events)


def outcome(position: Position) -> Outcome | None:
    return position.ended


def legal_moves(position: Position) -> list[Drop]:
    """A disc in every column with room, from the left; none once the game has ended."""
    if position.ended is not None:
        return []
    return [Drop(column) for column in range(WIDTH) if position.height(column) < HEIGHT]

