"""Renju's record notation (``.renju``): reading a record and writing it.

```
Game: renju
Black: Ana
White: Ben
Result: black

1. h8 2. i9 3. j10 {a comment} 4. g9 (4. i7 5. j8) 5. j9 pass
```
Moves may be numbered; a written number must be the move's own.  The moves themselves (points,
``pass``, ``swap``, ``offer[...]``) are :mod:`kifu.builtin.renju.moves`.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import cast

from lark import Token, Tree

from kifu.builtin.renju import setup
from kifu.builtin.renju.moves import Move, Offer, Pass, Place, Point, Swap
from kifu.plugin import NotationError, Record, RecordBuilder, Span, grammar, read_record, record_pieces

TERMINALS = {
    "POINT": "a point such as h8",
    "PASS": "'pass'",
    "SWAP": "'swap'",
    "OFFER": "'offer[...]'",
    "MOVE_NUMBER": "a move number such as 12.",
    "MOVE_RUN": "",
    "_COMMAS": "",
    "HEADER_KEY": "a header such as 'Black:'",
    "BRACE_COMMENT": "",
    "LINE_COMMENT": "",
}


def _point(token: Token) -> Point:
    return _point_text(str(token), grammar.span_of(token))


def _point_text(text: str, span: Span | None) -> Point:
    try:
        return Point.parse(text)
    except ValueError as error:
        raise NotationError(str(error), span=span) from None


MOVE_KINDS = ("move", "offer")
_RUN_ITEM = re.compile(r"([0-9]+)\.+|([a-zA-Z][0-9]+)|pass", re.IGNORECASE)
#: Moves are immutable, so one value per point serves every record (and saves the parsing).
_PLACES: dict[str, Place] = {}


def _read_run(token: Token, builder: RecordBuilder) -> None:
    """Feed the numbers and moves of a MOVE_RUN token to the builder, each with its column."""
    at = grammar.token_span(token)
    line, base = at.line, at.column
    for match in _RUN_ITEM.finditer(token):
        start, end = match.span()
        span = Span(line, base + start, line, base + end)
        number, point = match.group(1), match.group(2)
        if number:
            if len(number) < 10:  # the common case, read here: no regex, no limit to check
                builder.number(int(number), span)
            else:
                builder.number_text(number, span)
        elif point:
            place = _PLACES.get(point)
            if place is None:
                place = _PLACES[point] = Place(_point_text(point, span))
            builder.move(place, span)
        else:
            builder.move(Pass(), span)


#: No offer can name more points than the board has (every one of them twice is refused).
MAX_OFFER = 225


def _offered(children: list[Token]) -> tuple[Point, Span | None]:
    return _point(children[0]), grammar.span_of(children[0])


def _make_move(item: Tree) -> Move:
    if item.data == "offer":
        offered = [child for child in item.children if isinstance(child, tuple)]
        if not offered:
            raise NotationError("an offer names at least one point", span=grammar.span_of(item))
        if len(offered) > MAX_OFFER:
            raise NotationError(f"an offer names at most the board's {MAX_OFFER} points",
                                span=offered[MAX_OFFER][1])
        return Offer(tuple(point for point, _ in offered))
    token = cast(Token, item.children[0])
    if token.type == "POINT":
        return Place(_point(token))
    return Pass() if token.type == "PASS" else Swap()


#: Characters that look like digits, as a point's number is mistyped (h1O for h10).
_LOOKALIKES = str.maketrans("OoIlZzSs", "00115555")
_POINT = re.compile(r"[a-zA-Z][0-9]{1,2}")


def advise(word: str) -> str | None:
    """The nearest reading of a word that is no move: a point with a letter for a digit
    (``h1O``: ``h10``), else what a point is."""
    bare = word.strip(".,;")
    if _POINT.fullmatch(bare[:1] + bare[1:].translate(_LOOKALIKES)) and len(bare) > 1:
        return f"did you mean {bare[:1] + bare[1:].translate(_LOOKALIKES)}?"
    if bare[:1].isalpha() and bare[1:2].isdigit():
        return "a point is a column letter and a row number, such as h8 or o15"
    return None


def parse(text: str, source: str = "<string>") -> Record:
    """Read a ``.renju`` record; set-up header lines become ``record.setup``."""
    record = read_record("renju", text, RecordBuilder("renju", source), _make_move,
                         terminals=TERMINALS, move_kinds=MOVE_KINDS, runs={"run": _read_run},
                         handlers={"offered": _offered}, advise=advise)
    setup.extract(record)
    return record


# -- writing --------------------------------------------------------------------------------

def write(record: Record, dialect: str | None = None) -> str:
    """The record in canonical notation: headers (then the set-up's), a blank line, ten moves a
    line, numbered unless the dialect is ``plain``."""
    return "".join(write_pieces(record, dialect))


def write_pieces(record: Record, dialect: str | None = None) -> Iterator[str]:
    """What :func:`write` writes, a few lines at a time."""
    extra = setup.header_lines(record.setup) if record.setup is not None else []
    return record_pieces(record, numbered=dialect != "plain", per_line=10, extra_headers=extra,
                         break_after_notes=True)
