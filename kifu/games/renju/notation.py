"""Renju's record notation (``.renju``): moves as values, and reading and writing them.

```
Game: renju
Black: Ana
White: Ben
Result: black

1. h8 2. i9 3. j10 {a comment} 4. g9 (4. i7 5. j8) 5. j9 pass
```
Points are a column letter ``a``..``o`` and a row ``1``..``15`` from the bottom (any case on
input, lower case on output).  Moves may be numbered; a written number must be the move's own.
``pass`` passes; ``swap`` (the players exchange colours) and ``offer[j7 k10]`` (black's
proposed fifth moves) are opening events that take no move number.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from lark import Token, Tree

from kifu import grammar
from kifu.errors import NotationError
from kifu.limits import read_int, shorten
from kifu.movetext import RecordBuilder, read_record, write_record
from kifu.record import Record, Span

LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Point(NamedTuple):
    """A point, 0-based: column from the left, row from the bottom."""

    column: int
    row: int

    def __str__(self) -> str:
        return f"{LETTERS[self.column]}{self.row + 1}"

    @classmethod
    def parse(cls, text: str) -> Point:
        """``h8`` -> Point(7, 7).  Points off the 15x15 board parse; the referee rejects them.
        Text that is no point at all (``h0``, ``h``, ``7h``) is a ``ValueError``."""
        column = LETTERS.find(text[:1].lower()) if text[:1].isascii() else -1
        row = read_int(text[1:])
        if not text or column < 0 or not row:
            raise ValueError(f"{shorten(text)!r} is not a point")
        return cls(column, row - 1)


@dataclass(frozen=True)
class Place:
    """A stone on ``point``, by the side to move."""

    point: Point

    def __str__(self) -> str:
        return str(self.point)


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Swap:
    """The players exchange colours (opening rules); the board does not change."""

    is_event = True

    def __str__(self) -> str:
        return "swap"


@dataclass(frozen=True)
class Offer:
    """Black offers these fifth moves; white picks one, which is the next move played."""

    points: tuple[Point, ...]
    is_event = True

    def __str__(self) -> str:
        return "offer[" + " ".join(map(str, self.points)) + "]"


Move = Place | Pass | Swap | Offer

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
    line, base = token.line, token.column
    for match in _RUN_ITEM.finditer(token):
        start, end = match.span()
        span = Span(line, base + start, line, base + end)
        number, point = match.group(1), match.group(2)
        if number:
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
    token = item.children[0]
    if token.type == "POINT":
        return Place(_point(token))
    return Pass() if token.type == "PASS" else Swap()


def parse(text: str, source: str = "<string>") -> Record:
    return read_record("renju", text, RecordBuilder("renju", source), _make_move,
                       terminals=TERMINALS, move_kinds=MOVE_KINDS, runs={"run": _read_run},
                       handlers={"offered": _offered})


# -- writing --------------------------------------------------------------------------------

def write(record: Record, numbered: bool = True,
          extra_headers: Iterable[tuple[str, str]] = ()) -> str:
    """The record in canonical notation: headers (then ``extra_headers``: the set-up), a blank
    line, ten moves a line."""
    return write_record(record, numbered=numbered, per_line=10, extra_headers=extra_headers,
                        break_after_notes=True)


# -- JSON -----------------------------------------------------------------------------------

def move_to_json(move: Move) -> dict[str, Any]:
    if isinstance(move, Place):
        return {"type": "place", "point": str(move.point)}
    if isinstance(move, Offer):
        return {"type": "offer", "points": [str(p) for p in move.points]}
    return {"type": str(move)}


def move_from_json(data: dict[str, Any]) -> Move:
    kind = data["type"]
    if kind == "place":
        return Place(Point.parse(data["point"]))
    if kind == "offer":
        points = data["points"]
        if not isinstance(points, list) or not points:
            raise ValueError("an offer names at least one point")
        return Offer(tuple(Point.parse(p) for p in points))
    if kind == "pass":
        return Pass()
    if kind == "swap":
        return Swap()
    raise ValueError(f"unknown Renju move type {kind!r}")
