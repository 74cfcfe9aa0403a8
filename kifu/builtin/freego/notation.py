"""Free-form Go's record notation (``.freego``): reading a record and writing it.

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
``To-Move``, ``Prisoners``) become the record's :class:`~kifu.builtin.freego.setup.Setup`; stones
set up in the middle of a game (SGF's ``AB``/``AW``/``AE``/``PL`` after the root) are an entry
in brackets, ``[add-1: D4 E5; add-2: F6; clear: G7; to-move: 2]``, which takes no move number.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from lark import Tree

from kifu.builtin.freego import setup
from kifu.builtin.freego.moves import PASS_WORDS, Edit, Move, Pass, Place, valid_name
from kifu.plugin import (
    NotationError,
    Record,
    RecordBuilder,
    grammar,
    read_int,
    read_record,
    record_pieces,
    shorten,
)

TERMINALS = {
    "WORD": "a cell such as 長野 or D4, or 'pass'",
    "EDIT": "a set-up such as [add-1: D4; clear: E5]",
    "MOVE_NUMBER": "a move number such as 12.",
    "HEADER_KEY": "a header such as 'Board:'",
    "BRACE_COMMENT": "",
    "LINE_COMMENT": "",
}


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
    setup.extract(record, text)
    return record


# -- writing --------------------------------------------------------------------------------

def write(record: Record, dialect: str | None = None, per_line: int = 10) -> str:
    """The record in canonical notation: headers, set-up, a blank line, moves ``per_line`` a line.

    Unnumbered by default, as the source writes its games; the ``numbered`` dialect numbers
    every move.
    """
    return "".join(write_pieces(record, dialect, per_line=per_line))


def write_pieces(record: Record, dialect: str | None = None, per_line: int = 10) -> Iterator[str]:
    """What :func:`write` writes, a few lines at a time."""
    extra = setup.to_headers(record.setup, record) if record.setup is not None else []
    return record_pieces(record, numbered=dialect == "numbered", per_line=per_line,
                         extra_headers=extra)
