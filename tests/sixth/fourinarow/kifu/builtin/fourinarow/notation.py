"""Reading and writing Four in a Row's native notation (``grammars/fourinarow.lark``): header
lines, then moves, each the column a disc falls in, optionally numbered, with comments and
variations as every kifu notation has them::

    Game: fourinarow
    Red: Ann
    Yellow: Bo

    1. d 2. d 3. c {a comment} 4. e (4. b 5. e) 5. b

A column is written in either case (``D`` is ``d``) and written back in lower case.  Set-up
header lines (``Setup-Red``, ``Setup-Yellow``) become ``record.setup``.  Dialects: ``numbered``
(the canonical form) and ``plain`` (moves without numbers).
"""
from __future__ import annotations

from collections.abc import Iterator

from kifu.builtin.fourinarow import setup
from kifu.builtin.fourinarow.moves import COLUMNS, Drop
from kifu.plugin import (
    ConversionError,
    NotationError,
    Record,
    RecordBuilder,
    grammar,
    read_record,
    record_pieces,
)

NAME = "fourinarow"
DIALECTS = ("numbered", "plain")
#: The grammar's terminals as a syntax error names them.
TERMINALS = {"COLUMN": "a column (a to g)", "MOVE_NUMBER": "a move number (12.)",
             "HEADER_KEY": "a header line (Red: Ann)"}


def _drop(tree: object) -> Drop:
    token = tree.children[0]  # type: ignore[attr-defined]
    letter = str(token).lower()
    if letter not in COLUMNS:
        raise NotationError(f"there is no column {str(token)!r}: the columns are a to g",
                            span=grammar.token_span(token), rule="column")
    return Drop(COLUMNS.index(letter))


def parse(text: str, source: str = "<string>") -> Record:
    """Read a ``.fourinarow`` record; a located ``NotationError`` for text that is none."""
    record = read_record(NAME, text, RecordBuilder(NAME, source), _drop, terminals=TERMINALS)
    setup.extract(record)
    return record


def write(record: Record, dialect: str | None = None) -> str:
    return "".join(write_pieces(record, dialect))


def write_pieces(record: Record, dialect: str | None = None) -> Iterator[str]:
    """What :func:`write` writes, a few lines at a time: headers, the set-up's lines,
    comments, moves (a ``ConversionError`` for a dialect there is not, before any piece)."""
    if dialect is not None and dialect not in DIALECTS:
        raise ConversionError(f"Four in a Row has no dialect {dialect!r} (it has "
                              f"{', '.join(DIALECTS)})")
    extra = setup.header_lines(record.setup) if record.setup is not None else []
    return record_pieces(record, str, numbered=dialect != "plain", extra_headers=extra)
