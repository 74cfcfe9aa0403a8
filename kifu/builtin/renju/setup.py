"""Renju set-up positions (problems, studies, fragments), written as header lines:

```
Setup-Black: h8 j10 g7
Setup-White: i9 h9
To-Move: white
```
A set-up is rejected, located on the offending point, if a point is off the board or given
twice, or if five (or more) of one colour already stand in a row: the game would be over.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from kifu.base.errors import HeaderError, SetupError
from kifu.base.record import Record, Span
from kifu.builtin.renju.forbidden import makes_five_or_more
from kifu.builtin.renju.moves import Point
from kifu.builtin.renju.position import (
    BLACK,
    COLOUR_NAMES,
    EMPTY,
    SIZE,
    WHITE,
    index,
    on_board,
)

BLACK_KEY, WHITE_KEY, TO_MOVE_KEY = "Setup-Black", "Setup-White", "To-Move"
_ITEM = re.compile(r"[^\s,]+")


@dataclass(frozen=True)
class Setup:
    """Stones on the board before the first move, and who moves first."""

    black: tuple[Point, ...] = ()
    white: tuple[Point, ...] = ()
    to_move: str = "black"
    #: Where each stone was written, for errors (not part of the value): (colour, point, span).
    spans: tuple[tuple[int, Point, Span], ...] = field(default=(), compare=False)

    def written(self, colour: int) -> list[tuple[Point, Span | None]]:
        """The stones of one colour in the order written, each with where (if known)."""
        points = self.black if colour == BLACK else self.white
        spans = [span for c, _, span in self.spans if c == colour]
        return [(point, spans[i] if i < len(spans) else None) for i, point in enumerate(points)]


def extract(record: Record) -> None:
    """Move the set-up header lines of a parsed record into ``record.setup``."""
    keys = {k.casefold(): k for k in record.headers}
    found = [keys[k.casefold()] for k in (BLACK_KEY, WHITE_KEY, TO_MOVE_KEY) if k.casefold() in keys]
    if not found:
        return
    spans: list[tuple[int, Point, Span]] = []
    stones: dict[str, tuple[Point, ...]] = {}
    for key, colour in ((BLACK_KEY, BLACK), (WHITE_KEY, WHITE)):
        name = keys.get(key.casefold())
        stones[key] = _points(record, name, colour, spans) if name else ()
    to_move = "black"
    if TO_MOVE_KEY.casefold() in keys:
        name = keys[TO_MOVE_KEY.casefold()]
        to_move = record.headers[name].strip().casefold()
        if to_move not in ("black", "white"):
            raise HeaderError(f"To-Move is black or white, not {record.headers[name]!r}",
                              span=record.header_spans.get(name), rule="setup")
    for name in found:
        del record.headers[name]
        record.header_spans.pop(name, None)
    record.setup = Setup(stones[BLACK_KEY], stones[WHITE_KEY], to_move, tuple(spans))


def _points(record: Record, name: str, colour: int,
            spans: list[tuple[int, Point, Span]]) -> tuple[Point, ...]:
    value = record.headers[name]
    header = record.header_spans.get(name)
    start = header.end_column - len(value.rstrip()) if header else None
    points: list[Point] = []
    for item in _ITEM.finditer(value):
        span = (Span(header.line, start + item.start(), header.line, start + item.end())
                if header and start is not None else None)
        if len(points) == SIZE * SIZE:
            raise HeaderError(f"{name}: more stones than the board has points", span=span,
                              rule="setup")
        try:
            point = Point.parse(item.group())
        except ValueError as error:
            raise HeaderError(f"{name}: {error}", span=span, rule="setup") from None
        points.append(point)
        if span is not None:
            spans.append((colour, point, span))
    return tuple(points)


def header_lines(setup: Setup) -> list[tuple[str, str]]:
    """The set-up as the header lines that write it."""
    lines = []
    if setup.black:
        lines.append((BLACK_KEY, " ".join(map(str, setup.black))))
    if setup.white:
        lines.append((WHITE_KEY, " ".join(map(str, setup.white))))
    lines.append((TO_MOVE_KEY, setup.to_move))
    return lines


def place(setup: Setup, cells: list[int]) -> None:
    """Put the set-up's stones on an empty board, checking that it is a possible position."""
    for colour in (BLACK, WHITE):
        for point, where in setup.written(colour):
            if not on_board(*point):
                raise SetupError(f"set-up stone {point} is off the board (a1..o15)", span=where,
                                 rule="off-board")
            at = index(*point)
            if cells[at] != EMPTY:
                raise SetupError(f"{point} is given a stone twice in the set-up", span=where,
                                 rule="occupied")
            cells[at] = colour
    for colour in (BLACK, WHITE):
        for point, where in setup.written(colour):
            run = makes_five_or_more(cells, index(*point), colour)
            if run >= 5:
                name = COLOUR_NAMES[colour]
                raise SetupError(f"{name} already has {run} in a row through {point}: the game "
                                 "would be over before it starts",
                                 span=where, rule="five-in-setup")


def to_json(setup: Setup) -> dict[str, object]:
    return {"black": [str(p) for p in setup.black], "white": [str(p) for p in setup.white],
            "to_move": setup.to_move}


def from_json(data: dict[str, object]) -> Setup:
    to_move = data.get("to_move", "black")
    if to_move not in ("black", "white"):
        raise ValueError(f"to_move is black or white, not {to_move!r}")
    stones = []
    for key in ("black", "white"):
        points = data.get(key, [])
        if not isinstance(points, list) or not all(isinstance(p, str) for p in points):
            raise ValueError(f"a set-up's {key!r} is a list of points")
        stones.append(tuple(Point.parse(p) for p in points))
    return Setup(stones[0], stones[1], str(to_move))
