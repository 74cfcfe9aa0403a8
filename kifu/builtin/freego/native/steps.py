"""The library's replay of a record Go's compiled core decides (:attr:`kifu.plugin.Format.replay`).

``gosgf.c``'s ``replay`` plays the main line as ``judge`` does and keeps, for each step, the
board after it (cell by cell, in kifu's numbering) and a few numbers (the cell played, the
seats, prisoners, passes, the ko just taken, the stones taken off).  From these a step's
move, events and position are made in Python only when asked for: a position is a
:class:`Stepped`, a :class:`~kifu.builtin.freego.position.Position` whose stones, turn,
prisoners, passes and key come from the core.  What only playing on from it needs (the
Zobrist hash, the positions seen for superko, the journal of placements, each stone's move
number) is taken from Python's own replay of the record the first time it is read, so that
a position played on, copied or drawn is exactly the one Python's replay makes.
"""
from __future__ import annotations

import array
import functools
from typing import Any

from kifu.builtin.freego import setup
from kifu.builtin.freego.boards.board import Board
from kifu.builtin.freego.moves import Move, Pass, Place
from kifu.builtin.freego.position import Position, key_of, rule_fields
from kifu.plugin import CompiledLine, Event, KifuError, Record

#: The numbers ``replay`` keeps a step (gosgf.c's STEP_FIELDS), and where each stands.
FIELDS = 12
CELL, SEAT, TO_MOVE, BLACK_PRISONERS, WHITE_PRISONERS, PASSED, ENDED, PLACED, KO_TAKEN, KO_BY, \
    REMOVED_FROM, REMOVED_TO = range(FIELDS)

#: The position's fields made from Python's replay when first read (see :class:`Stepped`).
FROM_PYTHON = ("hash", "before_last", "seen", "journal", "numbers")
#: And those made from what the core kept when first read.
FROM_CORE = ("cells",)


class Line:
    """One replay's steps as the compiled core gave them, and Python's replay of the same
    record, made the first time a position's hash, history or move numbers are read."""

    def __init__(self, module: Any, text: str, source: str, rules: setup.Rules,
                 found: tuple[Any, ...]) -> None:
        _, _, _, self.columns, self.rows, start_to_move, boards, facts, removed = found
        self.module, self.text, self.source = module, text, source
        self.rules, self.board = rules, rules.board
        self.rules_said = rule_fields(rules)
        self.start_to_move = start_to_move
        self.points = self.columns * self.rows
        self.boards: bytes = boards
        self.facts = array.array("i", facts)
        self.removed = array.array("i", removed)
        places = _places(self.board)
        self.moves: list[Move] = [_PASS if cell < 0 else places[cell]
                                  for cell in self.facts[CELL::FIELDS]]
        self.walked: tuple[int, Position] | None = None  # Python's replay: where it stands
        self.nodes: list[Any] = []  # the record's moves, once Python's replay reads them

    def position(self, index: int) -> Stepped:
        """The position after step ``index``: its own, as :meth:`kifu.Record.replay` gives it."""
        facts, at = self.facts, index * FIELDS
        pos = Stepped.__new__(Stepped)
        pos.rules, pos.board, pos.seats = self.rules, self.board, 2
        pos.to_move = facts[at + TO_MOVE]
        pos.prisoners = [facts[at + BLACK_PRISONERS], facts[at + WHITE_PRISONERS]]
        pos.ply = index + 1
        pos.placed = facts[at + PLACED]
        cell = facts[at + CELL]
        pos.last = None if cell < 0 else cell
        pos.passed = facts[at + PASSED]
        pos.ended = bool(facts[at + ENDED])
        pos.outcome = pos.scores = None
        pos.start_to_move = self.start_to_move
        pos.line, pos.index, pos.known_key = self, index, None
        return pos

    def cells(self, index: int) -> list[int]:
        """The stones after step ``index``, as a position keeps them."""
        start = (index + 1) * self.points  # the start's board comes first
        return list(self.boards[start:start + self.points])

    def key(self, pos: Stepped) -> str:
        """The key of the position after step ``pos.index`` (:func:`position.key`), its cells
        and its ko written by the core."""
        at = pos.index * FIELDS
        taken, by = self.facts[at + KO_TAKEN], self.facts[at + KO_BY]
        cells = self.module.rows(self.boards, pos.index + 1, self.columns, self.rows)
        return key_of(pos, cells, None if taken < 0 else (taken, by), self.rules_said)

    def events(self, index: int) -> list[Event]:
        """What step ``index`` did, as the referee describes it: the stone, then each group
        it took (in the order the referee finds them) and a suicide; or the pass."""
        at = index * FIELDS
        cell, seat = self.facts[at + CELL], self.facts[at + SEAT]
        names, ids = self.rules.seats, self.board.ids
        if cell < 0:
            return [{"type": "pass", "player": names[seat]}]
        events: list[Event] = [{"type": "place", "player": names[seat], "cell": ids[cell]}]
        taken = self.removed[self.facts[at + REMOVED_FROM]:self.facts[at + REMOVED_TO]]
        enemy = {code >> 2: code & 3 for code in taken if code & 3 != seat + 1}
        own = sorted(code >> 2 for code in taken if code & 3 == seat + 1)
        for start in self.board.neighbours[cell]:
            if start not in enemy:
                continue
            owner, group = enemy[start], _flood(self.board, start, enemy)
            events.append({"type": "capture", "player": names[seat], "captured": names[owner - 1],
                           "cells": [ids[x] for x in sorted(group)]})
        if own:
            events.append({"type": "suicide", "player": names[seat], "cells": [ids[x] for x in own]})
        return events

    def played(self, index: int) -> Position:
        """The position after step ``index`` as Python's replay makes it (a copy of its own):
        the record read and played quietly, on from where the last such call stood."""
        from kifu.builtin.freego import sgf
        from kifu.builtin.freego.rules import referee

        walked = self.walked
        if walked is None or walked[0] > index:
            record = sgf.read(self.text, self.source)
            self.nodes = record.moves
            walked = (-1, referee.start(record))
        at, pos = walked
        for node in self.nodes[at + 1:index + 1]:
            referee.play_quietly(pos, node.move)
        self.walked = (index, pos)
        return pos.copy()


class Stepped(Position):
    """A position of a replay the compiled core made (:meth:`Line.position`): a
    :class:`Position` equal to Python's, whose key the core wrote, whose stones are the
    core's board and whose hash, history and move numbers are Python's replay's, each made
    when first read (:data:`FROM_CORE`, :data:`FROM_PYTHON`).  The
    library never changes a position it has handed out; :meth:`copy` (what playing on
    starts with) gives a plain :class:`Position`."""

    __slots__ = ("line", "index", "known_key")

    line: Line
    index: int
    known_key: str | None

    def value_key(self) -> str:
        if self.known_key is None:
            self.known_key = self.line.key(self)
        return self.known_key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self.value_key() == other.value_key()

    def __hash__(self) -> int:
        return hash(self.value_key())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and copied by :mod:`copy`) as the plain position it is equal to."""
        return _as_it_is, (self.copy(),)

    def fill(self, name: str) -> None:
        """Fill in the field ``name``: the stones from the core's board, or what only
        Python's replay keeps (every field of :data:`FROM_PYTHON` at once)."""
        if name == "cells":
            _SLOTS[name].__set__(self, self.line.cells(self.index))
            return
        played = self.line.played(self.index)
        for each in FROM_PYTHON:
            _SLOTS[each].__set__(self, getattr(played, each))


def _made_when_read(name: str) -> property:
    """A field of :class:`Stepped` made when first read (:meth:`Stepped.fill`)."""
    slot = _SLOTS[name]

    def get(pos: Stepped) -> Any:
        try:
            return slot.__get__(pos, Position)
        except AttributeError:
            pos.fill(name)
            return slot.__get__(pos, Position)

    def put(pos: Stepped, value: Any) -> None:
        slot.__set__(pos, value)

    return property(get, put, doc=f"Position.{name}, made when first read.")


_SLOTS: dict[str, Any] = {name: Position.__dict__[name] for name in (*FROM_CORE, *FROM_PYTHON)}
for _name in _SLOTS:
    setattr(Stepped, _name, _made_when_read(_name))

_PASS = Pass()


def _as_it_is(position: Position) -> Position:
    """What a :class:`Stepped` unpickles as: the plain position it was pickled as."""
    return position


@functools.lru_cache(maxsize=8)
def _places(board: Board) -> list[Place]:
    """A stone on each cell of ``board`` as the replay's canonical move (its cell's id)."""
    return [Place(cell_id) for cell_id in board.ids]


def _flood(board: Board, start: int, stones: dict[int, int]) -> list[int]:
    """The stones of ``stones`` connected to ``start`` (a group taken off), each taken from
    ``stones`` so that it is found once."""
    colour = stones.pop(start)
    group = [start]
    for cell in group:
        for other in board.neighbours[cell]:
            if stones.get(other) == colour:
                del stones[other]
                group.append(other)
    return group


def replay(module: Any, text: str, source: str, head: Record | None,
           found: tuple[Any, ...]) -> CompiledLine | None:
    """The line of ``found`` (``replay``'s answer on ``text``, whose root ``head`` is) for the
    library, or ``None`` where the record is left to Python's replay."""
    if head is None:
        return None
    try:
        rules = setup.rules_of(head)
    except KifuError:
        return None
    if rules.board.grid != (found[3], found[4]) or len(rules.seats) != 2:
        return None
    line = Line(module, text, source, rules, found)
    return CompiledLine(range(1, len(line.moves) + 1), line.moves, line.events, line.position)
