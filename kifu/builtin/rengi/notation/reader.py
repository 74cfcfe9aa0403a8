"""Reading Rengi's record notation (``.rengi``): a whole record, with its set-up.

```
Game: rengi
Variant: 公連棋
First: Ana
Second: Ben
Tsumo: ab cd ba dc ac bd ca db aa bb cc dd
DropCap: 5

+3 -2U +4R -5L {a comment} +3U (+6U) -1U +P
```
Headers (``Key: value``) come first: the variant and any setting overrides (see
``kifu.builtin.rengi.setup.parameters``), the players (``First``, ``Second``), the tsumo list
(``Tsumo``, ``TsumoBuild``) or ``Seed``, and ``Result`` (first / second).  A set-up position may
follow (see ``kifu.builtin.rengi.setup.positions``).
Then the moves (see ``kifu.builtin.rengi.moves``): signs optional, numbers (``1.``) optional, comments in
``{...}`` or after ``;``, variations in ``( ... )`` after the move they replace.
"""
from __future__ import annotations

import re
import unicodedata
from typing import Any

from lark import Token, Tree

from kifu.builtin.rengi import moves as m
from kifu.builtin.rengi.bitboard import ROWS
from kifu.builtin.rengi.setup import Setup, make_setup, parse_row, parse_state
from kifu.plugin import (
    NotationError,
    Record,
    RecordBuilder,
    Span,
    grammar,
    header_span,
    read_int,
    read_record,
    shorten,
)

TERMINALS = {
    "PLACE": "a placement such as +23ab",
    "OPEN": "an open-form move such as +2U",
    "SINGLE": "a single first stone such as +3a",
    "PASS": "P (pass)",
    "RESIGN": "R (resign)",
    "SIGN": "+ or -",
    "MOVE_NUMBER": "a move number such as 12.",
    "DROP_NOTE": "garbage columns such as {j:25}",
    "HEADER_KEY": "a header such as 'Variant:'",
    "FIELD_ROW": "a field row |......|......|",
    "SETUP_STATE": "a set-up line such as [setup turn=first]",
    "BRACE_COMMENT": "",
    "LINE_COMMENT": "",
}


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def _column(char: str, token: Token, offset: int) -> int:
    value = int(_ascii(char))
    if not 1 <= value <= 6:
        span = grammar.token_span(token)
        raise NotationError(f"column {value} is off the field (columns 1 to 6)",
                            span=Span.point(span.line, span.column + offset))
    return value


def _drop(token: Token) -> m.DropNote:
    inner = _ascii(str(token))[3:-1].replace(" ", "").replace("\t", "").lower()
    rows_text, plus, columns_text = inner.partition("r")
    rows = None
    if plus:
        rows = read_int(rows_text)
        if rows is None:
            raise NotationError(f"{shorten(rows_text)} is not a number of rows",
                                span=grammar.span_of(token))
    else:
        columns_text = inner
    columns = tuple(int(c) for c in columns_text.lstrip("+"))
    try:
        return m.DropNote.checked(rows, columns)
    except ValueError as error:
        raise NotationError(str(error), span=grammar.span_of(token)) from None


def _make_move(tree: Tree) -> m.Move:
    tokens: list[Token] = list(tree.children)  # type: ignore[arg-type]
    side = None
    if tokens[0].type == "SIGN":
        side = m.FIRST if _ascii(tokens[0]) in "+" else m.SECOND
        tokens = tokens[1:]
    body = tokens[0]
    drop = _drop(tokens[1]) if len(tokens) > 1 else None
    text = str(body)
    if body.type in ("PASS", "RESIGN"):
        if drop is not None:
            raise NotationError("a garbage note belongs to a placement",
                                span=grammar.span_of(tokens[1]))
        return m.Pass(side) if body.type == "PASS" else m.Resign(side)
    if body.type == "PLACE":
        first, second = _column(text[0], body, 0), _column(text[1], body, 1)
        if abs(first - second) > 1:
            raise NotationError(f"the two stones of a pair stand in one column or in "
                                f"neighbouring columns, not {first} and {second}",
                                span=grammar.span_of(body))
        return m.Place(side, (first, second), (m.COLOUR_OF[text[2]], m.COLOUR_OF[text[3]]), drop)
    column = _column(text[0], body, 0)
    if body.type == "OPEN":
        return m.Turn(side, column, m.DIRECTION_OF[text[1]], drop)
    colour = m.COLOUR_OF[text[1]] if len(text) > 1 else None
    if colour == 3:  # a single D stone is the value Turn(column, "D"); see moves.py
        return m.Turn(side, column, "D", drop)
    return m.Single(side, column, colour, drop)


_PLACEMENT = re.compile(r"[+-]?[0-9０-９]{1,2}(?P<colours>[^\s{}()]{1,2})")


def advise(word: str) -> str | None:
    """What a placement's colours are, in the dialect its other colour is written in (``+34be``:
    ``a, b, c, d``), where the word is a placement with a character that is no colour."""
    placed = _PLACEMENT.fullmatch(word.rstrip(".,;"))
    if placed is None:
        return None
    written = placed.group("colours")
    if all(char in m.COLOUR_OF for char in written):
        return None
    for dialect, alphabet in m.ALPHABETS.items():
        if any(char in alphabet for char in written):
            return f"a colour is one of {', '.join(alphabet)} (the {dialect} dialect)"
    return "a colour is one of " + "; ".join(
        f"{', '.join(alphabet)} ({dialect})" for dialect, alphabet in m.ALPHABETS.items())


def parse(text: str, source: str = "<string>") -> Record:
    builder = RecordBuilder("rengi", source)
    collected = _SetupLines(builder)
    record = read_record("rengi", text, builder, _make_move, terminals=TERMINALS,
                         handlers={"setup_row": collected.row, "setup_state": collected.state,
                                   "header": collected.header}, advise=advise)
    record.setup = collected.finish()
    return record


class _SetupLines:
    """Collects the set-up lines, which must stand before the first move at the top level,
    and points each header's span at its value, so that errors in a value (a bad tsumo list)
    can name the column of the offending item."""

    def __init__(self, builder: RecordBuilder) -> None:
        self.builder = builder
        self.parts: dict[str, Any] = {"spans": {}}
        self.rows: list[tuple[tuple[str, str], Span]] = []
        self.first: Span | None = None

    def header(self, children: list[Any]) -> None:
        key_token, *rest = children
        value = rest[0] if rest else None
        key = str(key_token).rstrip(":： \t")
        self.builder.header(key, str(value).rstrip() if value else "",
                            header_span(key_token, value))
        if value is not None:
            width = len(str(value).rstrip())
            self.builder.record.header_spans[key] = Span(value.line, value.column, value.line,
                                                         value.column + width)

    def _place(self, token: Token) -> Span:
        span = grammar.token_span(token)
        self.first = self.first or span
        if self.builder.depth:
            raise NotationError("a set-up stands before the moves, not in a variation",
                                span=span)
        if self.builder.seen_move:
            raise NotationError("a set-up stands before the first move", span=span)
        return span

    def row(self, children: list[Any]) -> None:
        token = children[0]
        span = self._place(token)
        if len(self.rows) == ROWS:
            raise NotationError(f"a set-up has {ROWS} field rows (row 13 first), not more",
                                span=span)
        self.rows.append((parse_row(str(token), span), span))

    def state(self, children: list[Any]) -> None:
        token = children[0]
        span = self._place(token)
        if self.rows:
            raise NotationError("set-up lines in [...] go before the field rows", span=span)
        parse_state(str(token), span, self.parts)

    def finish(self) -> Setup | None:
        if self.first is None:
            return None
        return make_setup(self.parts, self.rows, self.first)
