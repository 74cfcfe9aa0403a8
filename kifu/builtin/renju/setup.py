"""Renju set-up positions (problems, studies, fragments), written as header lines:

```
Setup-Black: h8 j10 g7
Setup-White: i9 h9
To-Move: white
```
or, for the stones a tournament places before the players start (Gomocup's openings), in the
order they were placed, black first and then in turn, the side to move being the next:

```
Opening-stones: h8 i9 h10 j8 g7
```
A set-up is rejected, located on the offending point, if a point is off the board or given
twice, or if five (or more) of one colour already stand in a row: the game would be over.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from kifu.builtin.renju.forbidden import makes_five_or_more
from kifu.builtin.renju.moves import Point
from kifu.builtin.renju.position import BLACK, COLOUR_NAMES, EMPTY, WHITE, Position
from kifu.builtin.renju.variants import MAX_SIZE
from kifu.plugin import HeaderError, Record, SetupError, Span, shorten

BLACK_KEY, WHITE_KEY, TO_MOVE_KEY = "Setup-Black", "Setup-White", "To-Move"
ORDER_KEY = "Opening-stones"
_ITEM = re.compile(r"[^\s,]+")


@dataclass(frozen=True)
class Setup:
    """Stones on the board before the first move, and who moves first."""

    black: tuple[Point, ...] = ()
    white: tuple[Point, ...] = ()
    to_move: str = "black"
    #: Where each stone was written, for errors (not part of the value): (colour, point, span).
    spans: tuple[tuple[int, Point, Span], ...] = field(default=(), compare=False)
    #: Written as ``Opening-stones``: the stones in the order placed (black first, in turn).
    in_order: bool = False

    def written(self, colour: int) -> list[tuple[Point, Span | None]]:
        """The stones of one colour in the order written, each with where (if known)."""
        points = self.black if colour == BLACK else self.white
        spans = [span for c, _, span in self.spans if c == colour]
        return [(point, spans[i] if i < len(spans) else None) for i, point in enumerate(points)]


def extract(record: Record) -> None:
    """Move the set-up header lines of a parsed record into ``record.setup``."""
    keys = {k.casefold(): k for k in record.headers}
    if ORDER_KEY.casefold() in keys:
        _extract_in_order(record, keys)
        return
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
            raise HeaderError(f"To-Move is black or white, not {shorten(record.headers[name])!r}",
                              span=record.header_spans.get(name), rule="setup")
    for name in found:
        del record.headers[name]
        record.header_spans.pop(name, None)
    record.setup = Setup(stones[BLACK_KEY], stones[WHITE_KEY], to_move, tuple(spans))


def _extract_in_order(record: Record, keys: dict[str, str]) -> None:
    """``Opening-stones``: black, white, black... in the order placed; the next colour moves."""
    name = keys[ORDER_KEY.casefold()]
    others = [keys[k.casefold()] for k in (BLACK_KEY, WHITE_KEY, TO_MOVE_KEY)
              if k.casefold() in keys]
    if others:
        raise HeaderError(f"{ORDER_KEY} gives the whole set-up; leave out {', '.join(others)}",
                          span=record.header_spans.get(others[0]), rule="setup")
    spans: list[tuple[int, Point, Span]] = []
    points = _points(record, name, BLACK, spans)
    placed = [(BLACK if i % 2 == 0 else WHITE, point, span)
              for i, (point, (_, _, span)) in enumerate(zip(points, spans))] if spans else []
    del record.headers[name]
    record.header_spans.pop(name, None)
    record.setup = Setup(points[0::2], points[1::2], "white" if len(points) % 2 else "black",
                         tuple(placed), in_order=True)


#: The most stones a set-up list may name, however large its board: reading stops there (a list
#: longer than its own board's points repeats a point, which the referee reports as such).
MOST_STONES = MAX_SIZE ** 2
TOO_MANY = f"more stones than the largest board has points ({MOST_STONES})"


def _points(record: Record, name: str, colour: int,
            spans: list[tuple[int, Point, Span]]) -> tuple[Point, ...]:
    value = record.headers[name]
    header = record.header_spans.get(name)
    start = header.end_column - len(value.rstrip()) if header else None
    points: list[Point] = []
    for item in _ITEM.finditer(value):
        span = (Span(header.line, start + item.start(), header.line, start + item.end())
                if header and start is not None else None)
        if len(points) == MOST_STONES:
            raise HeaderError(f"{name}: {TOO_MANY}", span=span, rule="setup")
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
    if setup.in_order:
        order = [point for pair in zip(setup.black, setup.white) for point in pair]
        order += setup.black[len(setup.white):]
        return [(ORDER_KEY, " ".join(map(str, order)))]
    lines = []
    if setup.black:
        lines.append((BLACK_KEY, " ".join(map(str, setup.black))))
    if setup.white:
        lines.append((WHITE_KEY, " ".join(map(str, setup.white))))
    lines.append((TO_MOVE_KEY, setup.to_move))
    return lines


def place(setup: Setup, position: Position) -> None:
    """Put the set-up's stones on an empty board, checking that it is a possible position."""
    board, cells = position.board, position.cells
    for colour in (BLACK, WHITE):
        for point, where in setup.written(colour):
            if not board.on_board(*point):
                raise SetupError(f"set-up stone {point} is off the board "
                                 f"(a1..{board.last_point})", span=where, rule="off-board")
            at = board.index(*point)
            if cells[at] != EMPTY:
                raise SetupError(f"{point} is given a stone twice in the set-up", span=where,
                                 rule="occupied")
            cells[at] = colour
    for colour in (BLACK, WHITE):
        for point, where in setup.written(colour):
            run = makes_five_or_more(board, cells, board.index(*point), colour)
            if run >= 5:
                name = COLOUR_NAMES[colour]
                raise SetupError(f"{name} already has {run} in a row through {point}: the game "
                                 "would be over before it starts",
                                 span=where, rule="five-in-setup")


def to_json(setup: Setup) -> dict[str, object]:
    found: dict[str, object] = {"black": [str(p) for p in setup.black],
                                "white": [str(p) for p in setup.white], "to_move": setup.to_move}
    if setup.in_order:
        found["in_order"] = True
    return found


def from_json(data: dict[str, object]) -> Setup:
    to_move = data.get("to_move", "black")
    if to_move not in ("black", "white"):
        raise ValueError(f"to_move is black or white, not {to_move!r}")
    stones = []
    for key in ("black", "white"):
        points = data.get(key, [])
        if not isinstance(points, list) or not all(isinstance(p, str) for p in points):
            raise ValueError(f"a set-up's {key!r} is a list of points")
        if len(points) > MOST_STONES:
            raise ValueError(f"a set-up's {key!r}: {TOO_MANY}")
        stones.append(tuple(Point.parse(p) for p in points))
    in_order = data.get("in_order", False)
    if not isinstance(in_order, bool):
        raise ValueError("in_order is true or false")
    if in_order and (len(stones[0]) - len(stones[1]) not in (0, 1)
                     or to_move != ("white" if len(stones[0]) > len(stones[1]) else "black")):
        raise ValueError("stones placed in turn: black has as many as white or one more, and "
                         "the next colour moves")
    return Setup(stones[0], stones[1], str(to_move), in_order=in_order)
