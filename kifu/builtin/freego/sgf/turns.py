"""Whose turn it is: SGF gives each move its colour, kifu's records give seats in turn.

One colour moving again is read as the other side passing in between, so that every later move
is still checked: in a variation (problems, joseki) that is playing elsewhere and is normal; in
the main line a pass is missing from the record, which is reported as a warning.
"""
from __future__ import annotations

import functools
from dataclasses import replace

from kifu.builtin.freego.boards import grids
from kifu.builtin.freego.moves import Edit, Move, Pass, Place
from kifu.builtin.freego.setup import Setup
from kifu.builtin.freego.sgf.points import LETTERS
from kifu.plugin import IllegalMoveError, KifuError, Node, Record, is_event
from kifu.plugin import sgf as core


@functools.cache
def moves_by_value(size: tuple[int, int]) -> dict[str, dict[str, Move]]:
    """``"B"`` -> ``"dd"`` -> the move with its seat, for every point and pass: moves are
    immutable, so a table serves every record on a board of this size (and the table keeps them
    alive, so :data:`_SEATLESS` may know them by ``id``)."""
    tables: dict[str, dict[str, Move]] = {}
    columns, rows = size
    for colour, seat in (("B", 0), ("W", 1)):
        table = tables[colour] = {"": Pass(seat)}
        if columns <= 19 and rows <= 19:
            table["tt"] = table[""]
        for column in range(columns):
            for from_top in range(rows):
                cell = f"{grids.column_name(column)}{rows - from_top}"
                table[LETTERS[column] + LETTERS[from_top]] = Place(cell, seat)
        for move in table.values():
            _SEATLESS[id(move)] = replace(move, seat=None)  # type: ignore[arg-type]
    return tables


#: The moves of the tables above, by ``id``, without their seat (for a move made in turn).
_SEATLESS: dict[int, Move] = {}
#: A pass in a variation: playing elsewhere, no step towards the end of the game.
_ELSEWHERE = Pass(elsewhere=True)


def settle(record: Record, setup: Setup | None, has_player: bool,
           findings: list[KifuError]) -> Setup | None:
    """The record's moves made in turn, without their seats, and the set-up with who moves
    first; a pass missing from the main line is reported (see the module)."""
    setup = _first_seat(_first_seat_of(record.moves), setup, has_player)
    missing = _settle_seats(record.moves, _first_to_move(setup))
    numbers = {id(node): number for number, node in enumerate(record.moves, start=1)}
    for listed, (node, seat) in enumerate(missing[:core.MAX_SAME], start=1):
        where = f" at move {numbers[id(node)]}" if id(node) in numbers else " in a variation"
        findings.append(IllegalMoveError(
            f"{('black', 'white')[seat]} moves twice in a row{where}: read as the "
            "other side passing in between (a pass is missing from the record)"
            + (core.COUNTED_BELOW if listed == core.MAX_SAME else ""),
            span=node.span, rule="turn-order", severity="warning"))
    if len(missing) > core.MAX_SAME:
        findings.append(IllegalMoveError(
            core.not_listed(len(missing) - core.MAX_SAME), span=missing[0][0].span,
            rule="turn-order", severity="warning"))
    return setup


def _in_turn(move: Move) -> Move:
    """The move without its seat, for a move made in turn."""
    return _SEATLESS.get(id(move)) or replace(move, seat=None)  # type: ignore[arg-type]


def _first_seat_of(nodes: list[Node]) -> int | None:
    for node in nodes:
        if isinstance(node.move, Edit):
            if node.move.to_move is not None:
                return None
            continue
        return node.move.seat
    return None


def _first_seat(first: int | None, setup: Setup | None, has_player: bool) -> Setup | None:
    """A game whose first move is white's without ``PL`` starts with white to move (handicap
    games are written so), as Go programs read it."""
    if has_player or first != 1:
        return setup
    if setup is not None and setup.to_move is not None:
        return setup
    return replace(setup, to_move=1) if setup is not None else Setup((), 1)


def _first_to_move(setup: Setup | None) -> int:
    return setup.to_move if setup is not None and setup.to_move is not None else 0


def _settle_seats(line: list[Node], expected: int) -> list[tuple[Node, int]]:
    """Drop the seats of moves made in turn, and read one colour moving again as the other
    side passing in between (an implied pass, so that ko and turn stay right): in a variation
    that is playing elsewhere (tenuki), as problems and joseki write it, and so is a pass there;
    in the main line a pass missing from the record, and the moves that follow one are
    returned, to be reported."""
    missing: list[tuple[Node, int]] = []
    seatless = _SEATLESS
    stack: list[tuple[list[Node], int, bool]] = [(line, expected, False)]
    while stack:
        nodes, expected, variation = stack.pop()
        settled: list[Node] | None = None  # the line with its implied passes, once one is
        for index, node in enumerate(nodes):
            move = node.move
            seat = move.seat
            if seat is not None and seat != expected:
                if settled is None:  # (made anew, not inserted into: that is quadratic)
                    settled = nodes[:index]
                settled.append(Node(_ELSEWHERE if variation else Pass(), [], [], node.span))
                expected = seat
                if not variation:
                    missing.append((node, seat))
            if settled is not None:
                settled.append(node)
            if node.variations:  # they replace this move: the same seat is to move
                stack.extend((alternative, expected, True) for alternative in node.variations)
            if seat is not None:
                node.move = seatless.get(id(move)) or _in_turn(move)
                if variation and isinstance(move, Pass):  # tenuki, in problems and joseki
                    node.move = _ELSEWHERE
                expected = 1 - seat
            elif isinstance(move, Edit):
                if move.to_move is not None:
                    expected = move.to_move
            elif not is_event(move):  # an implied pass
                expected = 1 - expected
        if settled is not None:
            nodes[:] = settled
    return missing
