"""A position of the five-in-a-row family: the board with its stones, the side to move, the rules
the record names, and what the opening events and the game's end left behind.

A board of N x N points (15 for Renju, 19 or 20 for some gomoku) is a flat list with a one-cell
wall around the points (:class:`Geometry` maps a point to its index), so that a scan in any
direction stops at the edge without bounds checks.  A geometry is made once per size.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import NotRequired, TypedDict

from kifu.builtin.renju.moves import Point
from kifu.builtin.renju.openings import name_of
from kifu.builtin.renju.variants import MAX_SIZE, MIN_SIZE, OPENING_NAMES, WINS, Rules
from kifu.plugin import (
    EditorLayout,
    EditorPiece,
    Fields,
    Keyed,
    Outcome,
    Span,
    outcome_field,
    read_rows,
)

#: The board of Renju, and of a record that names no other.
SIZE = 15
EMPTY, BLACK, WHITE, WALL = 0, 1, 2, 3
COLOUR_NAMES = {BLACK: "black", WHITE: "white"}
#: Across, up, up-right diagonal, up-left diagonal, as (column, row) steps.
DIRECTION_VECTORS = ((1, 0), (0, 1), (1, 1), (-1, 1))
REACH = 5  # cells on each side of a move that can share a five or a straight four with it


@dataclass(frozen=True, eq=False)
class Geometry:
    """The points of an N x N board and their indexes in the flat list with its wall."""

    size: int

    @functools.cached_property
    def stride(self) -> int:
        return self.size + 2

    @functools.cached_property
    def directions(self) -> tuple[int, ...]:
        """The four directions as index steps."""
        return tuple(dc + dr * self.stride for dc, dr in DIRECTION_VECTORS)

    @functools.cached_property
    def rows_from_the_top(self) -> tuple[int, ...]:
        """The index of each row's first point, the top row first (as a key writes them)."""
        return tuple(self.index(0, row) for row in reversed(range(self.size)))

    @functools.cached_property
    def all_points(self) -> tuple[int, ...]:
        return tuple(self.index(c, r) for r in range(self.size) for c in range(self.size))

    @functools.cached_property
    def indexes(self) -> dict[Point, int]:
        """The index of each point on the board (none for a point off it): one look-up where
        a move is placed."""
        return {Point(c, r): self.index(c, r) for r in range(self.size) for c in range(self.size)}

    def index(self, column: int, row: int) -> int:
        """The board index of a point, 0-based from the bottom-left corner."""
        return (row + 1) * self.stride + column + 1

    def point_of(self, idx: int) -> tuple[int, int]:
        row, column = divmod(idx, self.stride)
        return column - 1, row - 1

    def on_board(self, column: int, row: int) -> bool:
        return 0 <= column < self.size and 0 <= row < self.size

    def empty_cells(self) -> list[int]:
        """The cells of an empty board: a copy of :attr:`empty`, made once."""
        return list(self.empty)

    @functools.cached_property
    def empty(self) -> tuple[int, ...]:
        cells = [WALL] * (self.stride * self.stride)
        for at in self.all_points:
            cells[at] = EMPTY
        return tuple(cells)

    @property
    def last_point(self) -> Point:
        return Point(self.size - 1, self.size - 1)


@functools.cache
def geometry(size: int = SIZE) -> Geometry:
    """The geometry of the N x N board (one object per size, shared by every position)."""
    return Geometry(size)


def _standard_cells() -> list[int]:
    return geometry().empty_cells()


@dataclass(eq=False, repr=False)
class Position(Keyed):
    """Stones, side to move, the rules, and what the opening events and the end left behind.

    A value: equal to another position with the same key (:func:`key`), hashable, and its
    ``repr`` short."""

    game_name = "renju"

    cells: list[int] = field(default_factory=_standard_cells)
    to_move: int = BLACK
    stones: int = 0
    ply: int = 0  # moves played, passes included
    numbers: dict[int, int] = field(default_factory=dict)  # board index -> move number
    last: int | None = None
    passes: int = 0
    outcome: Outcome | None = None
    swaps: int = 0
    swapped_after: int = -1  # stones on the board at the last swap
    offer: tuple[Point, ...] | None = None
    rules: Rules = field(default_factory=Rules)
    board: Geometry = field(default_factory=geometry)
    #: The first three stones, in the order placed (they name the opening), and the opening
    #: the record's ``Opening:`` header names, to be checked against them.
    first: tuple[Point, ...] = ()
    stated_opening: str | None = None
    stated_opening_span: Span | None = None

    def copy(self) -> Position:
        return Position(self.cells.copy(), self.to_move, self.stones, self.ply, dict(self.numbers),
                        self.last, self.passes, self.outcome, self.swaps, self.swapped_after,
                        self.offer, self.rules, self.board, self.first, self.stated_opening,
                        self.stated_opening_span)

    def colour_at(self, point: Point) -> int:
        return self.cells[self.board.index(*point)]

    def value_key(self) -> str:
        return key(self)

    def summary(self) -> str:
        size = "" if self.board.size == SIZE else f"{self.board.size}x{self.board.size}, "
        stones = f"{self.stones} stone{'s' * (self.stones != 1)}"
        if self.outcome is not None:
            return f"{size}{stones}, {self.outcome.describe()}"
        return f"{size}{stones}, {self.to_move_name} to move"

    @property
    def to_move_name(self) -> str:
        return COLOUR_NAMES[self.to_move]


class StonesJSON(TypedDict):
    black: list[str]
    white: list[str]


class PositionJSON(TypedDict):
    """A Renju position as JSON (:func:`to_json`)."""

    stones: StonesJSON
    to_move: str | None
    moves: int
    size: NotRequired[int]
    rule: NotRequired[str]
    opening: NotRequired[str]


def to_json(position: Position) -> PositionJSON:
    """The position as JSON (``kifu show --format json``): the stones by colour, who is to move,
    and the board's size and rules where they are not Renju's."""
    stones: StonesJSON = {"black": [], "white": []}
    board = position.board
    for at in board.all_points:
        colour = position.cells[at]
        if colour in COLOUR_NAMES:
            side = stones["black"] if colour == BLACK else stones["white"]
            side.append(str(Point(*board.point_of(at))))
    found: PositionJSON = {"stones": stones,
                           "to_move": None if position.outcome else position.to_move_name,
                           "moves": position.ply}
    if board.size != SIZE:
        found["size"] = board.size
    if not position.rules.is_default():
        found["rule"] = str(position.rules)
    opening = opening_name(position)
    if opening is not None:
        found["opening"] = opening
    return found


def to_move(position: Position) -> str:
    """The side to move, by name (what :func:`to_json` says, without drawing up the stones)."""
    return position.to_move_name


def opening_name(position: Position) -> str | None:
    """The name of the opening the first three stones make (one of the 26), under Renju's
    rules only: they are Renju's openings."""
    return name_of(position.first) if position.rules.names_openings else None


# -- the position key -----------------------------------------------------------------------

#: A point in the key's rows: empty (a run of them is a number), a black or a white stone.
_COLOURS = {"": EMPTY, "x": BLACK, "o": WHITE}
#: The key as ``kifu serve``'s board search sets it up by clicks: the board, a stone a point,
#: and the side to move; its index keeps grids, so patterns are drawn too.
EDITOR = EditorLayout(boards=(0,), side_field=1, side_codes={"b": "black", "w": "white"},
                      pieces=(EditorPiece("x", "black"), EditorPiece("o", "white")),
                      points=True, patterns=True)


def key(position: Position) -> str:
    """The position as one line (``docs/games/renju.md``): the rows from the top, ``x`` black,
    ``o`` white, a number for a run of empty points; ``b`` or ``w`` to move (``-`` once the
    game has ended); then where they apply the rule (``rule:freestyle``, ``rule:renju+rif``),
    the offered fifth moves (``offer:j7,k10``), a pass just made (``passes:1``), colours
    swapped after the stones on the board (``swapped:1``) and the outcome (``end:...``)."""
    fields = [_rows_text(position), "-" if position.outcome else "bw"[position.to_move - 1]]
    rules = position.rules
    if rules.win != "renju" or rules.opening is not None:
        fields.append("rule:" + rules.win + ("" if rules.opening is None else "+" + rules.opening))
    if position.offer is not None:
        fields.append("offer:" + ",".join(map(str, position.offer)))
    if position.passes and position.outcome is None:
        fields.append(f"passes:{position.passes}")
    if position.swapped_after == position.stones:
        fields.append("swapped:1")
    if position.outcome is not None:
        fields.append(outcome_field(position.outcome))
    return " ".join(fields)


#: A row's points as a key's rows write them before runs of empty points are counted.
_ROW_CODES = bytes.maketrans(bytes((EMPTY, BLACK, WHITE)), b".xo")
_EMPTY_RUN = re.compile(r"\.+")
#: Each row met, as its cells' bytes, and its text in a key: a game's rows come back many
#: times (empty ones, and each row a stone at a time); kept up to a bound.
_ROWS: dict[bytes, str] = {}
_MOST_ROWS = 1 << 16


def _rows_text(position: Position) -> str:
    """The board's rows as :func:`kifu.plugin.rows_text` writes them (``x`` black, ``o``
    white, a run of empty points as its length, the rows from the top between ``/``), made
    from the cells' bytes a row at a time: a key is made for every position a replay hashes."""
    board, data = position.board, bytes(position.cells)
    size, known = board.size, _ROWS
    texts = []
    for start in board.rows_from_the_top:
        row = data[start:start + size]
        text = known.get(row)
        if text is None:
            text = _EMPTY_RUN.sub(_run_length, row.translate(_ROW_CODES).decode("ascii"))
            if len(known) < _MOST_ROWS:
                known[row] = text
        texts.append(text)
    return "/".join(texts)


def _run_length(run: re.Match[str]) -> str:
    return str(len(run.group()))


def from_key(text: str) -> Position:
    """The position a key (:func:`key`) gives; a ``NotationError`` for text that is no key."""
    fields = Fields(text, "Renju", 2)
    rows = fields.read(lambda: read_rows(fields.next()), "its first field is the board's rows")
    size = len(rows)
    if not MIN_SIZE <= size <= MAX_SIZE or any(len(row) != size for row in rows):
        raise fields.error(f"the board is N x N points, N from {MIN_SIZE} to {MAX_SIZE}")
    if any(code not in _COLOURS for row in rows for code in row):
        raise fields.error("a point is x (black), o (white) or empty (a number)")
    side = fields.next()
    if side not in ("b", "w", "-"):
        raise fields.error("its second field is b or w (to move), or - once the game has ended")
    rules = _rules(fields, fields.named("rule"), size)
    board = geometry(size)
    position = Position(board.empty_cells(), rules=rules, board=board)
    for row, codes in zip(reversed(range(size)), rows):
        for column, code in enumerate(codes):
            position.cells[board.index(column, row)] = _COLOURS[code]
    position.stones = position.ply = sum(1 for row in rows for code in row if code)
    position.to_move = WHITE if side == "w" else BLACK
    offer = fields.named("offer")
    if offer is not None:
        position.offer = fields.read(lambda: tuple(Point.parse(p) for p in offer.split(",")),
                                     "offer:")
    position.passes = _count(fields, "passes")
    if _count(fields, "swapped"):
        position.swapped_after = position.stones
    position.outcome = fields.outcome()
    fields.done()
    if (position.outcome is None) != (side != "-"):
        raise fields.error("- stands for the side to move exactly when it ends with end:...")
    return position


def _rules(fields: Fields, stated: str | None, size: int) -> Rules:
    if stated is None:
        return Rules(size=size)
    win, _, opening = stated.partition("+")
    if win not in WINS or (opening and opening not in OPENING_NAMES):
        raise fields.error(f"rule:{stated[:30]} is not WIN[+OPENING] ({', '.join(WINS)})")
    return Rules(win, opening or None, size)


def _count(fields: Fields, name: str) -> int:
    value = fields.named(name)
    if value is None:
        return 0
    if not (value.isascii() and value.isdigit() and len(value) < 4):
        raise fields.error(f"{name}:{value[:20]} is not a number")
    return int(value)
