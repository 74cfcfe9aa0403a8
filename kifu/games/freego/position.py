"""A Free-form Go position and the referee: captures, suicide, ko, passes, set-ups in play.

The stones are a flat list indexed like the board's cells (0 empty, ``seat + 1`` a stone, -1 a
cell that cannot be played), and a group is found by walking the board's neighbour tuples,
stopping at the first liberty, so the common case (nothing captured) touches a few cells only.

Positional superko ("同じ局面にするのはNGです", Free-form Go's rule) needs every position that
has stood: each is kept as a Zobrist hash (one random 64-bit key per seat and cell, XORed in and
out as stones come and go), so a move costs a few XORs, not a board copy.  A hash found again is
confirmed exactly by undoing the journal of placements back to that position and comparing
cells, so two positions that merely share a hash can never be mistaken for a repetition.
Both histories are persistent (a linked journal, a layered map of the positions seen), so that
copying a position for a variation costs the board, not the game so far: a record with a
variation at every move replays in linear time.
Situational superko (AGA, New Zealand) keys each position with the seat to move after it; basic
ko (Japanese rules) only forbids recreating the position before the opponent's last move.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from kifu.errors import IllegalMoveError, KifuError, SetupError
from kifu.game import Event, Outcome, Played
from kifu.games.freego.config import Rules
from kifu.games.freego.notation import Edit, Move, Pass

EMPTY = 0
OFF = -1  # an unplayable cell

#: One placement as the journal keeps it: the cell, its move number, the stones it removed as
#: (cell, what stood there) pairs (its own stone last if it was suicide), and the seat that
#: moved.
Placement = tuple[int, int, tuple[tuple[int, int], ...], int]
#: The journal: the last placement and the journal before it (``None`` when empty).
Journal = tuple[Placement, "Journal"] | None
#: Situational superko keys a position with the seat to move after it.
_TURN_KEYS = tuple(random.Random(0x5EA7).getrandbits(64) for _ in range(4))


class Seen:
    """The positions that have stood, as key -> placements made when it stood.  A copy shares
    what both have seen: what is seen before a copy is frozen into layers no one changes again
    (merged so that there are only about log2(n) of them), and each side adds to its own."""

    __slots__ = ("own", "layers")

    def __init__(self, own: dict[int, int] | None = None,
                 layers: tuple[dict[int, int], ...] = ()) -> None:
        self.own: dict[int, int] = {} if own is None else own
        self.layers = layers

    def get(self, key: int) -> int | None:
        found = self.own.get(key)
        if found is None:
            for layer in self.layers:
                found = layer.get(key)
                if found is not None:
                    break
        return found

    def add(self, key: int, placements: int) -> None:
        self.own[key] = placements

    def copy(self) -> Seen:
        if self.own:
            layers = (*self.layers, self.own)
            while len(layers) > 1 and len(layers[-2]) <= 2 * len(layers[-1]):
                merged = layers[-2].copy()  # a new dict: the layers may be shared
                merged.update(layers[-1])
                layers = (*layers[:-2], merged)
            self.own, self.layers = {}, layers
        return Seen({}, self.layers)


class Position:
    """Stones, the seat to move, prisoners, and the history superko needs."""

    __slots__ = ("rules", "board", "cells", "seats", "to_move", "prisoners", "hash", "seen",
                 "journal", "placed", "ply", "numbers", "last", "passed", "outcome", "scores",
                 "before_last", "start_to_move", "ended")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.board = rules.board
        self.cells = list(rules.board.empty)
        self.seats = len(rules.seats)
        self.to_move = 0
        self.prisoners = [0] * self.seats
        self.hash = 0
        self.before_last = 0  # the hash before the last move (basic ko)
        self.start_to_move = 0
        self.seen = Seen()
        self.journal: Journal = None
        self.placed = 0  # placements in the journal
        self.ply = 0  # moves played, passes included
        self.numbers: dict[int, int] = {}  # cell -> move number of the stone standing there
        self.last: int | None = None  # cell of the last placement (None after a pass)
        self.passed = 0  # bit mask of the seats that passed since the last placement
        self.outcome: Outcome | None = None
        self.scores: Any = None  # the final score table once the game has ended
        self.ended = False  # every seat passed, and the players agree on the dead stones
        self.restart_history()

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.rules, other.board, other.seats = self.rules, self.board, self.seats
        other.cells = self.cells.copy()
        other.to_move = self.to_move
        other.prisoners = self.prisoners.copy()
        other.hash = self.hash
        other.seen = self.seen.copy()
        other.journal, other.placed = self.journal, self.placed
        other.ply = self.ply
        other.numbers = self.numbers.copy()
        other.last = self.last
        other.passed = self.passed
        other.outcome = self.outcome
        other.scores = self.scores
        other.before_last = self.before_last
        other.start_to_move = self.start_to_move
        other.ended = self.ended
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
        self.start_to_move = self.to_move
        self.seen = Seen({} if self.rules.ko == "basic" else {self.key(self.hash, self.to_move): 0})
        self.journal, self.placed = None, 0
        self.before_last = self.hash

    def key(self, stones_hash: int, to_move: int) -> int:
        """How superko files a position: by its stones, with the seat to move if situational."""
        if self.rules.ko == "situational":
            return stones_hash ^ _TURN_KEYS[to_move]
        return stones_hash

    def to_move_after(self, placements: int) -> int:
        """The seat to move after the first ``placements`` placements of the journal."""
        if placements == 0:
            return self.start_to_move
        seat = self.placement(placements)[3]
        return seat + 1 if seat + 1 < self.seats else 0

    def placement(self, number: int) -> Placement:
        """Placement ``number`` (from 1) of the journal."""
        journal = self.journal
        for _ in range(self.placed - number):
            assert journal is not None
            journal = journal[1]
        assert journal is not None
        return journal[0]

    def cells_after(self, placements: int) -> list[int]:
        """The stones as they stood after the first ``placements`` placements of the journal."""
        return next(cells for count, cells in self.undone() if count == placements)

    def undone(self) -> Iterator[tuple[int, list[int]]]:
        """The stones after each number of placements, from the journal's whole length down to
        none: the journal undone one placement at a time (one list, changed in place)."""
        cells, journal, count = self.cells.copy(), self.journal, self.placed
        yield count, cells
        while journal is not None:
            (cell, _, removed, _), journal = journal
            cells[cell] = EMPTY
            for where, what in removed:
                cells[where] = what
            count -= 1
            yield count, cells


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
    if pos.ended:
        _resume(pos, warnings)
    if isinstance(move, Edit):
        return _edit(pos, move, warnings)
    if move.seat is not None and move.seat != seat:
        seat = _out_of_turn(pos, move.seat, lenient, warnings)
    if isinstance(move, Pass):
        return _pass(pos, seat, warnings, move.elsewhere)
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
    following = seat + 1 if seat + 1 < pos.seats else 0
    earlier = None
    ko = pos.rules.ko
    if ko == "basic":
        if new_hash == pos.before_last and pos.last is not None and _retakes(pos, cell, removed):
            _undo(cells, cell, removed)
            raise IllegalMoveError(_ko_message(pos, cell), rule="ko")
    else:
        key = new_hash if ko == "positional" else new_hash ^ _TURN_KEYS[following]
        earlier = pos.seen.get(key)
        if earlier is not None and _repeats(pos, cell, removed, earlier, following):
            _undo(cells, cell, removed)
            raise IllegalMoveError(_superko_message(pos, cell, earlier), rule="superko")
        if earlier is None:
            pos.seen.add(key, pos.placed + 1)
    # The move stands: commit it.
    pos.before_last = pos.hash
    pos.hash = new_hash
    pos.ply += 1
    pos.journal = ((cell, pos.ply, tuple(removed), seat), pos.journal)
    pos.placed += 1
    pos.last = cell
    pos.passed = 0
    pos.to_move = following
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


def _repeats(pos: Position, cell: int, removed: list[tuple[int, int]], earlier: int,
             following: int) -> bool:
    """Whether the stones now on the board (the tentative move included), with ``following``
    to move where that counts, are exactly those after placement ``earlier``."""
    probe = _probe(pos, cell, removed)
    situational = pos.rules.ko == "situational"
    if probe.cells_after(earlier) == pos.cells and (
            not situational or pos.to_move_after(earlier) == following):
        return True
    for placements, cells in probe.undone():  # a hash collision: look everywhere (rare)
        if placements != earlier and cells == pos.cells and (
                not situational or pos.to_move_after(placements) == following):
            return True
    return False


def _retakes(pos: Position, cell: int, removed: list[tuple[int, int]]) -> bool:
    """Whether the stones now on the board are those before the opponent's last placement."""
    return _probe(pos, cell, removed).cells_after(pos.placed - 1) == pos.cells


def _probe(pos: Position, cell: int, removed: list[tuple[int, int]]) -> Position:
    """A stand-in holding the cells before the tentative move, to undo the journal on."""
    before = pos.cells.copy()
    _undo(before, cell, removed)
    probe = Position.__new__(Position)
    probe.cells, probe.journal, probe.placed = before, pos.journal, pos.placed
    return probe


def _resume(pos: Position, warnings: list[KifuError]) -> None:
    """Play after every seat passed, where the players settle the end themselves: the game goes
    on (they disagreed about the end, or a pass was one too many)."""
    warnings.append(IllegalMoveError(
        "play goes on after every player passed (the players resumed the game, to settle a "
        "dispute or by one pass too many)", rule="play-after-passes").as_warning())
    pos.ended = False


def _edit(pos: Position, edit: Edit, warnings: list[KifuError]) -> Played:
    """Stones set up in the middle of a game: added, replaced or cleared without any rule of
    play; no group may be left without a liberty.  Ko and superko count afresh from here."""
    board, cells = pos.board, pos.cells
    names = pos.rules.seats
    touched: list[int] = []

    def cell_of(name: str) -> int:
        cell = board.find(name)
        if cell is None:
            raise SetupError(f"{name!r} is not a cell of the board {board.name!r}",
                             rule="unknown-cell")
        if cells[cell] == OFF:
            raise SetupError(f"{board.cells[cell].id} cannot hold a stone on this board",
                             rule="unplayable")
        return cell

    def put(cell: int, what: int) -> None:
        old = cells[cell]
        if old > 0:
            pos.hash ^= board.zobrist[old - 1][cell]
        if what > 0:
            pos.hash ^= board.zobrist[what - 1][cell]
        cells[cell] = what
        pos.numbers.pop(cell, None)
        touched.append(cell)

    if len(edit.add) > pos.seats:
        raise SetupError(f"set-up stones for seat {len(edit.add)}, but this game has "
                         f"{pos.seats} players", rule="setup")
    for name in edit.clear:
        put(cell_of(name), EMPTY)
    for seat, names_of_seat in enumerate(edit.add):
        for name in names_of_seat:
            put(cell_of(name), seat + 1)
    for cell in touched:
        for start in (cell, *board.neighbours[cell]):
            if cells[start] > 0 and _dead_group(cells, board.neighbours, start,
                                                cells[start]) is not None:
                raise SetupError(f"the set-up leaves {names[cells[start] - 1]}'s stone on "
                                 f"{board.cells[start].id} without a liberty", rule="no-liberty")
    if edit.to_move is not None:
        if edit.to_move >= pos.seats:
            raise SetupError(f"seat {edit.to_move + 1} is to move, but this game has "
                             f"{pos.seats} players", rule="setup")
        pos.to_move = edit.to_move
    pos.passed = 0
    pos.last = None
    pos.restart_history()
    event: Event = {"type": "setup",
                    "added": {names[s]: list(c) for s, c in enumerate(edit.add) if c},
                    "cleared": list(edit.clear), "to_move": names[pos.to_move]}
    return Played([event], warnings)


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


def _pass(pos: Position, seat: int, warnings: list[KifuError], elsewhere: bool = False) -> Played:
    pos.ply += 1
    pos.last = None
    pos.before_last = pos.hash
    if elsewhere:  # a move the record does not show: no pass towards the end
        pos.passed = 0
        pos.to_move = seat + 1 if seat + 1 < pos.seats else 0
        return Played([{"type": "pass", "player": pos.rules.seats[seat]}], warnings)
    pos.passed |= 1 << seat
    pos.to_move = seat + 1 if seat + 1 < pos.seats else 0
    events: list[Event] = [{"type": "pass", "player": pos.rules.seats[seat]}]
    if pos.passed == (1 << pos.seats) - 1:
        if pos.rules.agreed:  # the players, not the board, decide the dead stones
            pos.ended = True
            pos.passed = 0
        else:
            from kifu.games.freego import (
                scoring,  # scoring needs positions; imported when used
            )

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
    when = "at the start" if earlier == 0 else f"after move {pos.placement(earlier)[1]}"
    if pos.rules.ko == "situational":
        return (f"{name} recreates the whole-board position that stood {when}, with the same "
                "player to move (situational superko)")
    return (f"{name} recreates the whole-board position that stood {when} (positional "
            "superko: 同じ局面にするのはNG)")


def _ko_message(pos: Position, cell: int) -> str:
    return (f"{pos.board.cells[cell].id} retakes the ko at once, recreating the position before "
            "the opponent's last move (ko: play elsewhere first)")
