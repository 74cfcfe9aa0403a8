"""Renju's notation read without Lark: the common record, to the record the grammar reads.

The grammar (``grammars/renju.lark``, read by :mod:`.reader`) stays the reference.  This module
scans a text as the grammar's lexer does, with the same terminals tried in the same order
(:data:`TERMINALS`; ``tests/renju/test_renju_scanner.py`` holds them to the grammar's), and
makes the same calls of the same :class:`~kifu.reading.movetext.RecordBuilder` in the same
order, so that a record it reads is the very record the grammar reads: headers, comments,
numbered or bare moves, passes, swaps and variations.  Anything else it gives up on: an offer,
text no terminal takes, a bracket that does not close or closes nothing, anything the builder
refuses (a number that is not the move's, a header after the moves...), more tokens than the
parser reads.  The grammar then reads the text again, to the record or to the located error
it alone words.

Reading a record by hand costs a third of Lark's parse, and spares a command that reads only
common records the import of Lark.
"""
from __future__ import annotations

import re
from itertools import islice

from kifu.builtin.renju.moves import Pass, Place, Point, Swap
from kifu.plugin import (
    MAX_TOKENS,
    KifuError,
    NotationError,
    Record,
    RecordBuilder,
    Span,
    comment_text,
)

#: The terminals of the grammar's lexer between items (a move, a header, a comment, a
#: bracket), as Lark writes each as a regular expression and in the order it tries them (by
#: priority, then by length): the first that matches takes the text.
TERMINALS = (
    ("MOVE_RUN", "(?:[0-9]+\\.+[ \t]*)?(?:[a-zA-Z][0-9]+|[pP][aA][sS][sS]\\b)(?:[ \t,]+"
                 "(?:[0-9]+\\.+[ \t]*)?(?:[a-zA-Z][0-9]+|[pP][aA][sS][sS]\\b)){1,200}"),
    ("HEADER_KEY", "[A-Za-z][A-Za-z0-9_\\-]*[ \t]*:"),
    ("OFFER", r"(?i:offer\b)"),
    ("PASS", r"(?i:pass\b)"),
    ("SWAP", r"(?i:swap\b)"),
    ("POINT", r"[a-zA-Z][0-9]+"),
    ("BRACE_COMMENT", r"\{[^}]*\}"),
    ("MOVE_NUMBER", r"[0-9]+\.+"),
    ("BLANK", "[ \t\u3000]+"),
    ("LINE_COMMENT", ";[^\n]*"),
    ("_COMMAS", r",+"),
    ("VCLOSE", r"\)"),
    ("VOPEN", r"\("),
    ("_NL", "\n"),
)
_TOKEN = re.compile("|".join(f"(?P<{name}>{pattern})" for name, pattern in TERMINALS))
#: After a header's key the lexer takes its value (to the line's end), blanks or the line end,
#: in that order: the value cannot begin with a blank, but it may begin with U+3000.
_BLANK = re.compile("[ \t\u3000]+")
#: The numbers and moves inside a run of moves (``1. h8 2. i9 3. j10``).
_RUN_ITEM = re.compile(r"([0-9]+)\.+|([a-zA-Z][0-9]+)|pass", re.IGNORECASE)
#: Moves are immutable, so one value per point serves every record (and saves the parsing).
_PLACES: dict[str, Place] = {}
_PASS, _SWAP = Pass(), Swap()


class _Unusual(Exception):
    """Text this reader leaves to the grammar."""


def point_of(text: str, span: Span | None) -> Point:
    """The point a move's text names; a ``NotationError`` at ``span`` if it names none."""
    try:
        return Point.parse(text)
    except ValueError as error:
        raise NotationError(str(error), span=span) from None


def read_run(run: str, line: int, column: int, builder: RecordBuilder) -> None:
    """Feed the numbers and moves of a run of moves (the grammar's ``MOVE_RUN``, one line's
    ``1. h8 2. i9 3. j10`` read at once), which starts at ``line`` and ``column``, to the
    builder, each with its own span."""
    for match in _RUN_ITEM.finditer(run):
        start, end = match.span()
        span = Span(line, column + start, line, column + end)
        number, point = match.group(1), match.group(2)
        if number:
            if len(number) < 10:  # the common case, read here: no regex, no limit to check
                builder.number(int(number), span)
            else:
                builder.number_text(number, span)
        elif point:
            place = _PLACES.get(point)
            if place is None:
                place = _PLACES[point] = Place(point_of(point, span))
            builder.move(place, span)
        else:
            builder.move(_PASS, span)


class _Run:
    """A run of moves as the scanner read it, which works out where its ``index``-th number or
    move stands only when a span is asked for (most never are)."""

    __slots__ = ("text", "line", "column")

    def __init__(self, text: str, line: int, column: int) -> None:
        self.text, self.line, self.column = text, line, column

    def span(self, index: int, _: int) -> Span:
        item = next(islice(_RUN_ITEM.finditer(self.text), index, None))
        return Span(self.line, self.column + item.start(), self.line, self.column + item.end())


def _plies(run: str, line: int, column: int, builder: RecordBuilder) -> None:
    """Feed a run of moves to the builder as :func:`read_run` does, its moves at once where
    the builder simply appends them (:meth:`~kifu.reading.movetext.RecordBuilder.plies`), else
    one by one."""
    located = _Run(run, line, column)
    moves: list[Place | Pass] = []
    written: list[int | None] = []
    places: list[tuple[_Run, int, int]] = []
    number = None
    for index, (digits, point) in enumerate(_RUN_ITEM.findall(run)):
        if digits:
            if len(digits) >= 10:  # a number past the int limit's reach: one by one
                moves = []
                break
            number = int(digits)
            continue
        if point:
            place = _PLACES.get(point)
            if place is None:
                try:
                    place = _PLACES[point] = Place(Point.parse(point))
                except ValueError:  # no point: one by one, which says where
                    moves = []
                    break
            moves.append(place)
        else:
            moves.append(_PASS)
        written.append(number)
        places.append((located, index, index))
        number = None
    if not moves or not builder.plies(moves, written, places):
        read_run(run, line, column, builder)


def read(text: str, source: str = "<string>") -> Record | None:
    """The record the grammar reads from ``text`` (its set-up still in its headers), or
    ``None`` where the text is no common record (see the module's docstring), which the
    grammar is then to read."""
    builder = RecordBuilder("renju", source)
    try:
        _scan(text if text.endswith("\n") else text + "\n", builder)  # as the grammar reads it
        return builder.finish()
    except (_Unusual, KifuError):
        return None


def _scan(text: str, builder: RecordBuilder) -> None:
    """Feed the items of ``text`` (which ends with a line end) to ``builder``, as the
    grammar's handlers would: ``_Unusual`` for anything this reader leaves to the grammar."""
    match = _TOKEN.match
    line, line_start = 1, 0  # the line being read, and where it starts in the text
    depth = tokens = at = 0  # the variations open, the tokens read, where the next one starts
    end = len(text)
    while at < end:
        found = match(text, at)
        if found is None:
            raise _Unusual
        kind = found.lastgroup
        start, at = found.span()
        if kind == "BLANK":
            continue
        tokens += 1
        if tokens > MAX_TOKENS:
            raise _Unusual  # the grammar's parser refuses it, at the token it stops at
        column = start - line_start + 1
        if kind == "MOVE_RUN":
            _plies(found.group(), line, column, builder)
        elif kind == "_NL":
            line, line_start = line + 1, at
        elif kind == "HEADER_KEY":
            at, valued = _header(text, found.group(), at, line, line_start, builder)
            tokens += valued
        elif kind in ("BRACE_COMMENT", "LINE_COMMENT"):
            comment = found.group()
            builder.comment(comment_text(comment))
            breaks = comment.count("\n")
            if breaks:  # a comment in braces over several lines
                line, line_start = line + breaks, start + comment.rindex("\n") + 1
        elif kind == "_COMMAS":
            continue
        else:
            word = found.group()
            span = Span(line, column, line, column + len(word))
            if kind == "POINT":
                place = _PLACES.get(word)
                if place is None:
                    place = _PLACES[word] = Place(point_of(word, span))
                builder.move(place, span)
            elif kind == "MOVE_NUMBER":
                builder.number_text(word, span)
            elif kind == "PASS":
                builder.move(_PASS, span)
            elif kind == "SWAP":
                builder.move(_SWAP, span)
            elif kind == "VOPEN":
                builder.begin_variation(span)
                depth += 1
            elif kind == "VCLOSE" and depth:
                builder.end_variation(span)
                depth -= 1
            else:  # an offer, or a bracket that closes nothing
                raise _Unusual
    if depth:
        raise _Unusual  # a variation never closed


def _header(text: str, key: str, at: int, line: int, line_start: int,
            builder: RecordBuilder) -> tuple[int, bool]:
    """Read a header's value after its ``key`` (which ends at ``at``) as the grammar's lexer
    does after a key, and hand the header to the builder: the offset of the line end that
    closes it, and whether it has a value (a token of its own)."""
    column = at - len(key) - line_start + 1
    end, value = at, None
    while True:
        char = text[at]
        if char == "\n":
            break
        if char in " \t":
            blank = _BLANK.match(text, at)
            assert blank is not None
            at = blank.end()
            continue
        end = text.index("\n", at)
        value, at = text[at:end], end
        break
    builder.header(key.rstrip(":： \t"), value.rstrip() if value else "",
                   Span(line, column, line, end - line_start + 1))
    return at, value is not None
