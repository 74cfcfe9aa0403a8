"""A Free-form Go position: the stones, the seat to move, prisoners, and the history superko
needs.

The stones are a flat list indexed like the board's cells (0 empty, ``seat + 1`` a stone, -1 a
cell that cannot be played), and a group is found by walking the board's neighbour tuples.

Every position that has stood is kept as a Zobrist hash (one random 64-bit key per seat and
cell, XORed in and out as stones come and go), so a move costs a few XORs, not a board copy; the
journal of placements lets the referee undo back to any earlier position and compare cells
exactly (:mod:`kifu.builtin.freego.rules.referee`).  Both histories are persistent (a linked
journal, a layered map of the positions seen), so that copying a position for a variation costs
the board, not the game so far: a record with a variation at every move replays in linear time.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from kifu.builtin.freego.setup import Rules
from kifu.plugin import Outcome

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


def to_json(pos: Position) -> dict[str, Any]:
    """The position as JSON (``kifu show --format json``): stones by player, who is to move,
    prisoners; the count is the referee's (:func:`kifu.builtin.freego.rules.count_to_json`)."""
    seats = pos.rules.seats
    return {
        "board": pos.board.name,
        "players": list(seats),
        "stones": {name: [pos.board.cells[i].id for i in pos.stones_of(s)]
                   for s, name in enumerate(seats)},
        "to_move": None if pos.outcome is not None else seats[pos.to_move],
        "prisoners": {name: pos.prisoners[s] for s, name in enumerate(seats)},
        "moves": pos.ply,
    }
