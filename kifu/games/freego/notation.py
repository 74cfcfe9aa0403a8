"""Free-form Go's record notation (``.freego``): move values, and reading and writing records.

```
Game: freego
Board: japan
Players: orange, green
Komi: 0, 6.5
Result: orange+0.5

長野 滋賀 熊本 福島 {green defends the north-east} 埼玉 愛媛 新潟 pass
```
A move is a cell's id or label exactly as written (``長野``, ``nagano`` and ``長野県`` are three
spellings of one cell): the notation keeps the word and the referee resolves it against the
board, so a record parses without its board at hand.  ``pass`` (or ``パス``) passes.  A move
may carry ``@N``, the seat (1-based) that made it, for records that break the seat order (an SGF
where one colour moved twice); kifu writes it only there.  Set-up headers (``Setup-N``,
``To-Move``, ``Prisoners``) become the record's :class:`~kifu.games.freego.setups.Setup`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from lark import Tree

from kifu import grammar
from kifu.errors import NotationError
from kifu.jsonform import whole
from kifu.limits import read_int, shorten
from kifu.movetext import RecordBuilder, read_record, write_record
from kifu.record import Record
from kifu.games.freego import setups

PASS_WORDS = ("pass", "パス")
#: Characters a cell's name cannot contain: they separate moves or open comments and variations
#: in the notation (``grammars/freego.lark``), mark the seat (``@``) or end a header key (``:``).
RESERVED = frozenset(" \t\n\u3000(){}[];,、→@:：")


@dataclass(frozen=True, slots=True)
class Place:
    """A stone on the cell named ``cell`` (as written), by the seat to move or by ``seat``."""

    cell: str
    seat: int | None = None  # 0-based; None: whoever's turn it is

    def __str__(self) -> str:
        return self.cell if self.seat is None else f"{self.cell}@{self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Pass:
    """The seat to move (or ``seat``) passes."""

    seat: int | None = None

    def __str__(self) -> str:
        return "pass" if self.seat is None else f"pass@{self.seat + 1}"


Move = Place | Pass

TERMINALS = {
    "WORD": "a cell such as 長野 or D4, or 'pass'",
    "MOVE_NUMBER": "a move number such as 12.",
    "HEADER_KEY": "a header such as 'Board:'",
    "BRACE_COMMENT": "",
    "LINE_COMMENT": "",
}


def valid_name(name: str) -> bool:
    """Whether ``name`` can stand for a cell in a record (board files are checked with it)."""
    return (bool(name) and not any(c in RESERVED or c.isspace() for c in name)
            and name.casefold() not in PASS_WORDS and not _numbered(name))


_MOVE_NUMBER = re.compile(r"[0-9０-９]+[.．]")


def _numbered(name: str) -> bool:
    """``12.`` (and so ``12.5``) reads as a move number, never as a cell."""
    return _MOVE_NUMBER.match(name) is not None


def move_from_word(word: str, span: Any = None) -> Move:
    """A move from one word of the notation: ``長野``, ``D4@2``, ``pass``."""
    name, at, seat_text = word.partition("@")
    seat = None
    if at:
        number = read_int(seat_text)
        if number is None or not 1 <= number <= 4:
            raise NotationError(f"{shorten(word)!r}: a seat after '@' is a number from 1 to 4",
                                span=span)
        seat = number - 1
    if not name:
        raise NotationError(f"{shorten(word)!r} names no cell", span=span)
    if name.casefold() in PASS_WORDS:
        return Pass(seat)
    if not valid_name(name):  # as strict as JSON and board files: a move any of them can say
        raise NotationError(f"{shorten(name)!r} cannot name a cell (cell names have no "
                            "blanks, brackets, ';', ',', '@', ':' or '→')", span=span)
    return Place(name, seat)


def _make_move(move: Tree) -> Move:
    token = move.children[0]
    return move_from_word(str(token), grammar.span_of(token))


def parse(text: str, source: str = "<string>") -> Record:
    # Every span comes from a token, so the parser keeps no positions on trees, which makes
    # it faster.
    record = read_record("freego", text, RecordBuilder("freego", source), _make_move,
                         terminals=TERMINALS, positions=False)
    setups.extract(record, text)
    return record


# -- writing --------------------------------------------------------------------------------

def write(record: Record, numbered: bool = False, per_line: int = 10) -> str:
    """The record in canonical notation: headers, set-up, a blank line, moves ``per_line`` a line.

    Unnumbered by default, as the source writes its games; the ``numbered`` dialect numbers
    every move.
    """
    extra = setups.to_headers(record.setup, record) if record.setup is not None else []
    return write_record(record, numbered=numbered, per_line=per_line, extra_headers=extra)


# -- JSON -----------------------------------------------------------------------------------

def move_to_json(move: Move) -> dict[str, Any]:
    data: dict[str, Any] = ({"type": "place", "cell": move.cell} if isinstance(move, Place)
                            else {"type": "pass"})
    if move.seat is not None:
        data["seat"] = move.seat + 1
    return data


def move_from_json(data: dict[str, Any]) -> Move:
    kind = data["type"]
    seat = data.get("seat")
    if seat is not None:
        seat = whole(seat, "a seat", 1, 4) - 1
    if kind == "place":
        cell = data["cell"]
        if not isinstance(cell, str) or not valid_name(cell):
            raise ValueError(f"{cell!r} cannot name a cell")
        return Place(cell, seat)
    if kind == "pass":
        return Pass(seat)
    raise ValueError(f"unknown Free-form Go move type {kind!r}")
