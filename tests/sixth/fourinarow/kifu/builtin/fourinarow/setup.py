"""Four in a Row set-up positions (problems and studies), written as header lines:

```
Setup-Red: d1 d3 e1
Setup-Yellow: d2 c1
```
The side to move follows from the discs: red starts, so red moves when both sides have as many
discs, yellow when red has one more.  A set-up is refused, located on the header that says it,
if a cell is no cell of the board or is given twice, if a disc stands on nothing, if the counts
are none play gives, or if a line of four already stands: the game would be over.  A set-up of
no discs is no set-up (the usual start).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from kifu.builtin.fourinarow.moves import COLUMNS, HEIGHT, WIDTH, cell_name
from kifu.builtin.fourinarow.position import (
    EMPTY,
    RED,
    YELLOW,
    Position,
    board_problem,
    lines_of_four,
)
from kifu.plugin import HeaderError, Record, SetupError, Span, read_int, shorten

KEYS = {RED: "Setup-Red", YELLOW: "Setup-Yellow"}
_ITEM = re.compile(r"[^\s,]+")


@dataclass(frozen=True)
class Setup:
    """The discs on the board before the first move, each side's in the order written."""

    red: tuple[int, ...] = ()
    yellow: tuple[int, ...] = ()
    #: Where each disc was written (not part of the value): its cell and span.
    spans: tuple[tuple[int, Span | None], ...] = field(default=(), compare=False)

    def discs(self) -> list[tuple[int, int]]:
        """(cell, side) of every disc, red's first."""
        return [(cell, RED) for cell in self.red] + [(cell, YELLOW) for cell in self.yellow]

    def span_of(self, cell: int) -> Span | None:
        return next((span for at, span in self.spans if at == cell), None)


def cell_of(text: str) -> int | None:
    """The cell a name gives (``d1``, any case), or ``None``."""
    if len(text) < 2 or text[0].lower() not in COLUMNS:
        return None
    row = read_int(text[1:], 2) if text[1:].isascii() and text[1:].isdigit() else None
    if row is None or not 1 <= row <= HEIGHT:
        return None
    return (row - 1) * WIDTH + COLUMNS.index(text[0].lower())


def extract(record: Record) -> None:
    """Move the set-up header lines of a parsed record into ``record.setup``; a
    ``HeaderError`` (rule ``cell``) for a word that is no cell."""
    names = {name.casefold(): name for name in record.headers}
    found = {side: names.get(key.casefold()) for side, key in KEYS.items()}
    if not any(found.values()):
        return
    cells: dict[int, tuple[int, ...]] = {RED: (), YELLOW: ()}
    spans: list[tuple[int, Span | None]] = []
    for side, name in found.items():
        if name is None:
            continue
        value = record.headers[name]
        where = record.header_span(name)
        read = []
        for item in _ITEM.finditer(value):
            span = None if where is None else Span.point(
                where.end_line, where.end_column - len(value) + item.start(), len(item[0]))
            cell = cell_of(item[0])
            if cell is None:
                raise HeaderError(f"{shorten(item[0])!r} is no cell of the board: a cell is a "
                                  "column a to g and a row 1 to 6 (d1)", span=span, rule="cell")
            read.append(cell)
            spans.append((cell, span))
        cells[side] = tuple(read)
        del record.headers[name]
        record.header_spans.pop(name, None)
    if cells[RED] or cells[YELLOW]:
        record.setup = Setup(cells[RED], cells[YELLOW], tuple(spans))


def header_lines(setup: Setup) -> list[tuple[str, str]]:
    """The header lines that write a set-up back."""
    return [(KEYS[side], " ".join(cell_name(cell) for cell in cells))
            for side, cells in ((RED, setup.red), (YELLOW, setup.yellow)) if cells]


def position(setup: Setup) -> Position:
    """The position a set-up gives, checked: a ``SetupError`` naming its rule otherwise."""
    cells = [EMPTY] * (WIDTH * HEIGHT)
    for cell, side in setup.discs():
        if cells[cell] != EMPTY:
            raise SetupError(f"{cell_name(cell)} is given twice", span=setup.span_of(cell),
                             rule="cell-twice")
        cells[cell] = side
    to_move = RED if len(setup.red) == len(setup.yellow) else YELLOW
    problem = board_problem(cells, to_move)
    if problem is not None:
        rule, message, cell = problem
        raise SetupError(message, span=None if cell is None else setup.span_of(cell), rule=rule)
    lines = lines_of_four(cells)
    if lines:
        raise SetupError("four in a row already stands on " + " ".join(
            cell_name(cell) for cell in lines[0]) + ": the game would be over",
            span=setup.span_of(lines[0][0]), rule="four-in-setup")
    return Position(cells, to_move)


def to_json(setup: Setup) -> dict[str, list[str]]:
    return {"red": [cell_name(cell) for cell in setup.red],
            "yellow": [cell_name(cell) for cell in setup.yellow]}


def from_json(data: Any) -> Setup:
    """The set-up of ``{"red": [...], "yellow": [...]}`` (cells as the notation writes them);
    a ``ValueError`` for anything else, a set-up of no discs included (that is no set-up:
    ``null``)."""
    if not isinstance(data, dict) or set(data) != {"red", "yellow"}:
        raise ValueError('a Four in a Row set-up is {"red": [cells], "yellow": [cells]}')
    cells: dict[str, tuple[int, ...]] = {}
    for side in ("red", "yellow"):
        names = data[side]
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            raise ValueError(f"a set-up's {side} discs are a list of cells such as d1")
        found = [cell_of(name) for name in names]
        if any(cell is None or cell_name(cell) != name for cell, name in zip(found, names)):
            raise ValueError(f"a set-up's {side} discs are cells as the notation writes them "
                             "(d1)")
        cells[side] = tuple(cell for cell in found if cell is not None)
    if not cells["red"] and not cells["yellow"]:
        raise ValueError("a set-up of no discs is no set-up (null)")
    return Setup(cells["red"], cells["yellow"])
