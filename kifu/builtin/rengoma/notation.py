"""Rengoma's record notation (``.rengoma``): reading a record and writing it.

```
Game: rengoma
Board: 6x6
Stock-black: 3 1 4 2 1 2 3 4 1 2 3 4
Stock-red: 2 2 1 3 4 1 3 4 1 2 3 4

1. A c3  2. B d4  3. C c3-c6 {a comment} (3. A e5)  4. A e2 *B b2 *C e2-e5
```
The shared movetext walk reads the turns (each made a value of :mod:`kifu.builtin.rengoma.moves`
as it is read), the set-up header lines go into ``record.setup``
(:mod:`kifu.builtin.rengoma.setup`), and writing lays the record out canonically.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import cast

from lark import Token, Tree

from kifu.builtin.rengoma import setup
from kifu.builtin.rengoma.moves import Action, Place, Shift, Square, Turn
from kifu.plugin import (
    NotationError,
    Record,
    RecordBuilder,
    Span,
    grammar,
    read_int,
    read_record,
    record_pieces,
    shorten,
)

TERMINALS = {
    "PLACE": "an action (A c3, B d4, C c3-c6)",
    "SHIFT": "an action (A c3, B d4, C c3-c6)",
    "SQUARE": "a square such as c3",
    "DASH": "'-'",
    "STRENGTH": "a stated strength such as =2",
    "STAR": "'*' and an extra action",
    "MOVE_NUMBER": "a turn number such as 12.",
    "HEADER_KEY": "a header such as 'Black:'",
    "BRACE_COMMENT": "",
    "LINE_COMMENT": "",
}

def _square(token: Token) -> Square:
    try:
        return Square.parse(token)
    except ValueError as error:
        raise NotationError(str(error), span=grammar.span_of(token)) from None


def _action(tree: Tree) -> Action:
    span = grammar.span_of(tree)
    if tree.data == "place":
        kind, square, *stated = cast("list[Token]", tree.children)
        strength = _strength(stated[0]) if stated else None
        return Place(unicodedata.normalize("NFKC", kind) == "B", _square(square), strength, span)
    _, origin, _, target = cast("list[Token]", tree.children)
    return Shift(_square(origin), _square(target), span)


def _strength(token: Token) -> int:
    """A stated strength (``=2``): any whole number reads; the referee compares it with the
    field piece."""
    strength = read_int(str(token)[1:])
    if strength is None:
        raise NotationError(f"{shorten(str(token))} is not a strength such as =2",
                            span=grammar.span_of(token))
    return strength


def make_move(tree: Tree) -> Turn:
    """A ``move`` subtree of the grammar (one turn) as a value; its actions may have been made
    values already (see :data:`ACTION_HANDLERS`)."""
    return Turn(tuple(child if isinstance(child, (Place, Shift)) else _action(child)
                      for child in tree.children if not isinstance(child, Token)))


#: Rule handlers that make each action a value as soon as it is read, so that a turn with a
#: great many extra actions keeps values, not parse trees, until it ends.
ACTION_HANDLERS = {kind: (lambda children, kind=kind: _action(Tree(kind, children)))
                   for kind in ("place", "shift")}


_EXTRA_PLACEMENT = ("an extra action ('*') must follow its turn's action directly, with no "
                    "number, comment or variation between: extra turns come only from a normal "
                    "turn")


def parse(text: str, source: str = "<string>") -> Record:
    """Read a ``.rengoma`` record; set-up header lines become ``record.setup``."""
    try:
        record = read_record("rengoma", text, RecordBuilder("rengoma", source), make_move,
                             terminals=TERMINALS, handlers=ACTION_HANDLERS)
    except NotationError as error:
        raise _explain_stray_star(error, text) from None
    setup.extract(record, text)
    return record


_LINE_END = "the line ends too early"


def _explain_stray_star(error: NotationError, text: str) -> NotationError:
    """A '*' the grammar cannot take is an extra action outside a turn: say so by the rule.
    A line end where a turn goes on is named as such rather than quoted."""
    span = error.span
    if error.message.startswith(_LINE_END):  # a line end where a turn goes on
        return NotationError("the line ends in the middle of a turn"
                             + error.message[len(_LINE_END):], span=span, rule=error.rule)
    if span is None or not error.message.startswith("unexpected '"):
        return error
    lines = text.split("\n")
    char = lines[span.line - 1][span.column - 1:span.column] if span.line <= len(lines) else ""
    if char and char in "*＊":
        return NotationError(_EXTRA_PLACEMENT, span=Span.point(span.line, span.column),
                             rule="extra-turn")
    return error


# -- writing --------------------------------------------------------------------------------

def write(record: Record, dialect: str | None = None, per_line: int = 6) -> str:
    """The record in canonical notation: headers, set-up lines, a blank line, the turns
    (numbered unless the dialect is ``plain``).

    A comment or a variation ends its line, so that the turns after it stay easy to find.
    """
    return "".join(write_pieces(record, dialect, per_line=per_line))


def write_pieces(record: Record, dialect: str | None = None, per_line: int = 6) -> Iterator[str]:
    """What :func:`write` writes, a few lines at a time."""
    extra = setup.header_lines(record.setup) if record.setup is not None else []
    return record_pieces(record, numbered=dialect != "plain", per_line=per_line, extra_headers=extra,
                         separator="  ", break_after_notes=True)



