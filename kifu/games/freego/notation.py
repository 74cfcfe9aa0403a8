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
``To-Move``, ``Prisoners``) become the record's :class:`~kifu.games.freego.setups.Setup`; stones
set up in the middle of a game (SGF's ``AB``/``AW``/``AE``/``PL`` after the root) are an entry
in brackets, ``[add-1: D4 E5; add-2: F6; clear: G7; to-move: 2]``, which takes no move number.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, ClassVar

from lark import Tree

from kifu import grammar
from kifu.errors import NotationError
from kifu.games.freego import setups
from kifu.jsonform import whole
from kifu.limits import read_int, shorten
from kifu.movetext import RecordBuilder, read_record, write_record
from kifu.record import Record

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
    """The seat to move (or ``seat``) passes.  ``elsewhere``: it played somewhere the record
    does not show (an SGF variation where the other colour moves again, "tenuki"), which is no
    pass towards the end of the game."""

    seat: int | None = None
    elsewhere: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        return "pass" if self.seat is None else f"pass@{self.seat + 1}"


@dataclass(frozen=True, slots=True)
class Edit:
    """Stones set up in the middle of a game: ``add[s]`` are seat ``s``'s new stones (replacing
    whatever stood there), ``clear`` the cells emptied, ``to_move`` the seat to move next."""

    add: tuple[tuple[str, ...], ...] = ()
    clear: tuple[str, ...] = ()
    to_move: int | None = None
    is_event: ClassVar[bool] = True
    seat: ClassVar[None] = None

    def __str__(self) -> str:
        parts = [f"add-{s + 1}: {' '.join(cells)}" for s, cells in enumerate(self.add) if cells]
        if self.clear:
            parts.append("clear: " + " ".join(self.clear))
        if self.to_move is not None:
            parts.append(f"to-move: {self.to_move + 1}")
        return "[" + "; ".join(parts) + "]"


Move = Place | Pass | Edit

TERMINALS = {
    "WORD": "a cell such as 長野 or D4, or 'pass'",
    "EDIT": "a set-up such as [add-1: D4; clear: E5]",
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


def edit_from_text(text: str, span: Any = None) -> Edit:
    """A set-up entry from its bracketed text: ``[add-1: D4 E5; clear: G7; to-move: 2]``."""
    adds: dict[int, tuple[str, ...]] = {}
    clear: tuple[str, ...] = ()
    to_move = None
    for part in text.strip()[1:-1].split(";"):
        if not part.strip():
            continue
        key, colon, value = part.partition(":")
        key, words = key.strip().casefold(), tuple(value.split())
        if not colon or any(not valid_name(w) for w in words if key != "to-move"):
            raise NotationError(f"{part.strip()[:30]!r}: a set-up entry lists 'add-N: cells', "
                                "'clear: cells' and 'to-move: N'", span=span)
        if key.startswith("add-") and key[4:].isdigit() and 1 <= int(key[4:]) <= 4:
            adds[int(key[4:]) - 1] = words
        elif key == "clear":
            clear = words
        elif key == "to-move" and len(words) == 1 and words[0].isdigit() and 1 <= int(words[0]) <= 4:
            to_move = int(words[0]) - 1
        else:
            raise NotationError(f"{part.strip()[:30]!r}: a set-up entry lists 'add-N: cells' "
                                "(N from 1 to 4), 'clear: cells' and 'to-move: N'", span=span)
    add = tuple(adds.get(s, ()) for s in range(max(adds, default=-1) + 1))
    return Edit(add, clear, to_move)


def _make_move(move: Tree) -> Move:
    token = move.children[0]
    if move.data == "edit":
        return edit_from_text(str(token), grammar.span_of(token))
    return move_from_word(str(token), grammar.span_of(token))


def parse(text: str, source: str = "<string>") -> Record:
    # Every span comes from a token, so the parser keeps no positions on trees, which makes
    # it faster.
    record = read_record("freego", text, RecordBuilder("freego", source), _make_move,
                         terminals=TERMINALS, positions=False, move_kinds=("move", "edit"))
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
    if isinstance(move, Edit):
        return {"type": "setup", "add": [list(cells) for cells in move.add],
                "clear": list(move.clear),
                "to_move": None if move.to_move is None else move.to_move + 1}
    data: dict[str, Any] = ({"type": "place", "cell": move.cell} if isinstance(move, Place)
                            else {"type": "pass"})
    if move.seat is not None:
        data["seat"] = move.seat + 1
    return data


def move_from_json(data: dict[str, Any]) -> Move:
    kind = data["type"]
    if kind == "setup":
        return _edit_from_json(data)
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


def _edit_from_json(data: dict[str, Any]) -> Edit:
    add, clear, to_move = data.get("add", []), data.get("clear", []), data.get("to_move")
    if not isinstance(add, list) or len(add) > 4 or not all(
            isinstance(cells, list) and all(isinstance(c, str) and valid_name(c) for c in cells)
            for cells in add):
        raise ValueError("a set-up's 'add' is up to 4 lists of cell names")
    if not isinstance(clear, list) or not all(isinstance(c, str) and valid_name(c) for c in clear):
        raise ValueError("a set-up's 'clear' is a list of cell names")
    if to_move is not None and (not isinstance(to_move, int) or not 1 <= to_move <= 4):
        raise ValueError("a set-up's 'to_move' is a seat number from 1 to 4")
    return Edit(tuple(tuple(cells) for cells in add), tuple(clear),
                None if to_move is None else to_move - 1)
