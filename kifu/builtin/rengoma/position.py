"""A Rengoma position: stacks on the board, the field, the stocks, the chips, whose turn it is.

The board is flat lists with a one-square wall around it, so that scanning a line or a rook's
path stops at the edge without bounds checks.  Only the top piece of a square plays (it alone
counts in a row and alone moves), so the top's colour and strength are kept in two lists of
their own (``top``, ``power``) and the pieces beneath only in ``stacks``: a four-in-a-row check
or a rook scan never looks into a stack.
"""
from __future__ import annotations

import dataclasses
import functools
import re
from dataclasses import dataclass
from typing import Any, TypedDict

from kifu.builtin.rengoma.moves import Square
from kifu.plugin import EditorLayout, EditorPiece, Fields, Keyed, Outcome, outcome_field, rows_text

EMPTY, BLACK, RED, WALL = 0, 1, 2, 3
COLOUR_NAMES = {BLACK: "black", RED: "red"}
COLOUR_LETTERS = {BLACK: "B", RED: "R"}
COLOURS_BY_NAME = {"black": BLACK, "red": RED}
#: Chips in the game; ``Position.chips[STOCK]`` is how many lie in the stock.
CHIPS, STOCK = 2, 0
#: Squares in a row that win.
ROW = 4


def other(colour: int) -> int:
    return RED if colour == BLACK else BLACK


def piece(colour: int, strength: int) -> int:
    """A piece as one int (cheap to store and copy): strength above, colour in the low bits."""
    return strength << 2 | colour


def colour_of(code: int) -> int:
    return code & 3


def strength_of(code: int) -> int:
    return code >> 2


def piece_text(code: int) -> str:
    """``B3``: black, strength 3 (the set-up notation's form)."""
    return f"{COLOUR_LETTERS[colour_of(code)]}{strength_of(code)}"


@dataclass(frozen=True)
class Geometry:
    """Indices of a ``columns`` x ``rows`` board inside its wall, and the steps along lines."""

    columns: int
    rows: int

    @property
    def stride(self) -> int:
        return self.columns + 2

    @functools.cached_property
    def squares(self) -> tuple[int, ...]:
        return tuple(self.index(c, r) for r in range(self.rows) for c in range(self.columns))

    @functools.cached_property
    def lines(self) -> tuple[int, ...]:
        """Across, down, and both diagonals: the directions of a four."""
        return (1, self.stride, self.stride + 1, self.stride - 1)

    @functools.cached_property
    def rook(self) -> tuple[int, ...]:
        return (1, -1, self.stride, -self.stride)

    def index(self, column: int, row: int) -> int:
        return (row + 1) * self.stride + column + 1

    def square(self, at: int) -> Square:
        row, column = divmod(at, self.stride)
        return Square(column - 1, row - 1)

    def on_board(self, square: Square) -> bool:
        return 0 <= square.column < self.columns and 0 <= square.row < self.rows

    def name(self, at: int) -> str:
        return str(self.square(at))

    def walled(self, fill: int) -> list[int]:
        cells = [WALL] * (self.stride * (self.rows + 2))
        for at in self.squares:
            cells[at] = fill
        return cells

    def __str__(self) -> str:
        return f"{self.columns}x{self.rows}"

    @property
    def last_square(self) -> str:
        return str(Square(self.columns - 1, self.rows - 1))


@functools.cache
def geometry(columns: int, rows: int) -> Geometry:
    return Geometry(columns, rows)


@dataclass(eq=False, repr=False)
class Position(Keyed):
    """Everything the rules look at; mutated in place by each turn (see ``rules``).  A value:
    equal to another position with the same key (:func:`key`), hashable, its ``repr`` short."""

    game_name = "rengoma"

    geo: Geometry
    #: Colour of the top piece of each square (EMPTY, BLACK, RED; WALL outside the board).
    top: list[int]
    #: Strength of the top piece of each square, 0 where there is none.
    power: list[int]
    #: The pieces of each square, bottom to top, as :func:`piece` codes.
    stacks: list[list[int]]
    empties: int
    #: The face-up field piece of each colour (by colour index; 0 for none).
    field: list[int]
    #: Each colour's face-down pieces in draw order (by colour index) and how many are drawn.
    stocks: tuple[tuple[int, ...], ...]
    drawn: list[int]
    #: Chips in the stock and held by each side (by index: STOCK, BLACK, RED).
    chips: list[int]
    #: The seat to play (clockwise: black 1, red 1, black 2, red 2; with two players 0 and 1).
    seat: int
    players: int
    names: tuple[str, ...]
    turn: int = 0
    outcome: Outcome | None = None
    #: The squares of the winning row, once there is one.
    win_line: tuple[int, ...] = ()
    #: The last turn's actions as (origin or None, target) board indices.
    last: tuple[tuple[int | None, int], ...] = ()
    #: Board index -> the turn that last put a piece there (for numbered diagrams).
    numbers: dict[int, int] = dataclasses.field(default_factory=dict)

    @classmethod
    def empty(cls, columns: int, rows: int, players: int, names: tuple[str, ...],
              stocks: tuple[tuple[int, ...], tuple[int, ...]]) -> Position:
        geo = geometry(columns, rows)
        return cls(geo, geo.walled(EMPTY), geo.walled(0),
                   [[] for _ in range(geo.stride * (rows + 2))], columns * rows,
                   [0, 0, 0], ((), *stocks), [0, 0, 0], [CHIPS, 0, 0], 0, players, names)

    def copy(self) -> Position:
        return Position(self.geo, self.top.copy(), self.power.copy(),
                        [stack.copy() for stack in self.stacks], self.empties, self.field.copy(),
                        self.stocks, self.drawn.copy(), self.chips.copy(), self.seat,
                        self.players, self.names, self.turn, self.outcome, self.win_line,
                        self.last, dict(self.numbers))

    def value_key(self) -> str:
        return key(self)

    def summary(self) -> str:
        pieces = sum(len(stack) for stack in self.stacks)
        said = f"{self.geo}, {pieces} piece{'s' * (pieces != 1)}"
        if self.outcome is not None:
            return f"{said}, {self.outcome.describe()}"
        return f"{said}, {self.to_move_name} to move"

    # -- who plays ----------------------------------------------------------------------------

    @property
    def to_move(self) -> int:
        """The colour of the seat to play (seats alternate colours round the table)."""
        return BLACK if self.seat % 2 == 0 else RED

    @property
    def to_move_name(self) -> str:
        return COLOUR_NAMES[self.to_move]

    @property
    def player(self) -> str:
        return self.names[self.seat]

    def partner(self, seat: int) -> int:
        """Who takes the extra actions of ``seat``'s turn: the partner opposite in the team
        game, the player himself with two."""
        return (seat + 2) % 4 if self.players == 4 else seat

    # -- the board ----------------------------------------------------------------------------

    def push(self, at: int, code: int) -> None:
        """Put a piece on top of square ``at``."""
        stack = self.stacks[at]
        if not stack:
            self.empties -= 1
        stack.append(code)
        self.top[at] = colour_of(code)
        self.power[at] = strength_of(code)

    def pop(self, at: int) -> int:
        """Take the top piece off square ``at``; the piece beneath (if any) becomes the top."""
        stack = self.stacks[at]
        code = stack.pop()
        if stack:
            below = stack[-1]
            self.top[at], self.power[at] = colour_of(below), strength_of(below)
        else:
            self.top[at], self.power[at] = EMPTY, 0
            self.empties += 1
        return code

    def four_through(self, at: int, colour: int) -> tuple[int, ...] | None:
        """The row of ``ROW`` or more top pieces of ``colour`` through ``at``, if there is one."""
        top = self.top
        if top[at] != colour:
            return None
        for step in self.geo.lines:
            low = at
            while top[low - step] == colour:
                low -= step
            high = at
            while top[high + step] == colour:
                high += step
            if high - low >= (ROW - 1) * step:
                return tuple(range(low, high + step, step))
        return None

    def any_four(self, colour: int) -> tuple[int, ...] | None:
        """A row of ``colour`` anywhere (for checking set-ups)."""
        for at in self.geo.squares:
            line = self.four_through(at, colour)
            if line:
                return line
        return None

    # -- the field and the stocks -------------------------------------------------------------

    def stock_left(self, colour: int) -> tuple[int, ...]:
        return self.stocks[colour][self.drawn[colour]:]

    def draw(self, colour: int) -> int:
        """Turn up the next piece of ``colour``'s stock as its field piece; 0 if it is empty."""
        stock = self.stocks[colour]
        if self.drawn[colour] >= len(stock):
            return 0
        self.field[colour] = stock[self.drawn[colour]]
        self.drawn[colour] += 1
        return self.field[colour]


# -- JSON -----------------------------------------------------------------------------------

def stacks_json(position: Position) -> list[list[Any]]:
    """Every occupied square with its pieces bottom to top (``B3``: black 3)."""
    geo = position.geo
    return [[geo.name(at), [piece_text(code) for code in position.stacks[at]]]
            for at in geo.squares if position.stacks[at]]


class PositionJSON(TypedDict):
    """A Rengoma position as JSON (:func:`to_json`)."""

    board: str
    players: int
    stacks: list[list[Any]]
    field: dict[str, int | None]
    stock: dict[str, list[int]]
    chips: dict[str, int]
    turns: int
    to_move: str | None
    player: str | None
    win_line: list[str]


def to_json(position: Position) -> PositionJSON:
    """The position as JSON (``kifu show --format json``)."""
    return {
        "board": str(position.geo),
        "players": position.players,
        "stacks": stacks_json(position),
        "field": {COLOUR_NAMES[c]: position.field[c] or None for c in (BLACK, RED)},
        "stock": {COLOUR_NAMES[c]: list(position.stock_left(c)) for c in (BLACK, RED)},
        "chips": {"black": position.chips[BLACK], "red": position.chips[RED],
                  "stock": position.chips[STOCK]},
        "turns": position.turn,
        "to_move": None if position.outcome else position.to_move_name,
        "player": None if position.outcome else position.player,
        "win_line": [position.geo.name(at) for at in position.win_line],
    }


# -- the position key -----------------------------------------------------------------------

#: The seats as the key writes them: two players, then the two teams of two.
_SEATS = {2: ("b", "r"), 4: ("b1", "r1", "b2", "r2")}
_LETTERS = {BLACK: "B", RED: "R"}
_COLOURS = {"B": BLACK, "R": RED}
#: The key as ``kifu serve``'s board search sets it up by clicks: the board's stacks (every
#: piece in brackets, up to six high), a piece of each colour and strength, and the seat to
#: play of a game of two.
EDITOR = EditorLayout(
    boards=(0,), side_field=1, side_codes={"b": "black", "r": "red"},
    pieces=tuple(EditorPiece(f"{_LETTERS[colour]}{strength}", COLOUR_NAMES[colour],
                             f"{_LETTERS[colour]}{strength}",
                             "#c0392b" if colour == RED else "")
                 for colour in (BLACK, RED) for strength in range(1, 5)),
    tiers=6, stack="[]", every_stack=True)


def key(position: Position) -> str:
    """The position as one line (``docs/games/rengoma.md``): the board's rows from the top,
    separated by ``/``, a number for a run of empty squares and a stack bottom to top in
    brackets (``[B1R3]``: black 1 under red 3); the seat to play (``b``, ``r``; ``b1``,
    ``r1``, ``b2``, ``r2`` with four players; ``-`` once the game has ended); the field
    pieces' strengths (``field:3,2``, ``0`` for none), what is left face down in each stock,
    in draw order (``stock:4.1.2,3.3``), the chips in the stock and held by black and by red
    (``chips:2,0,0``); then four players, the winning row and the outcome.  The players'
    names are the record's, not the position's."""
    geo = position.geo
    rows = [[_stack(position.stacks[geo.index(column, row)]) for column in range(geo.columns)]
            for row in reversed(range(geo.rows))]
    seat = "-" if position.outcome is not None else _SEATS[position.players][position.seat]
    fields = [rows_text(rows), seat, f"field:{position.field[BLACK]},{position.field[RED]}",
              "stock:" + ",".join(".".join(map(str, position.stock_left(c))) or "-"
                                  for c in (BLACK, RED)),
              "chips:" + ",".join(map(str, position.chips))]
    if position.players == 4:
        fields.append("players:4")
    if position.win_line:
        fields.append("win:" + ",".join(geo.name(at) for at in position.win_line))
    if position.outcome is not None:
        fields.append(outcome_field(position.outcome))
    return " ".join(fields)


def _stack(stack: list[int]) -> str:
    """A square's pieces bottom to top in brackets (``[B1R3]``), ``""`` for an empty one."""
    if not stack:
        return ""
    return "[" + "".join(f"{_LETTERS[colour_of(c)]}{strength_of(c)}" for c in stack) + "]"


def from_key(text: str) -> Position:
    """The position a key (:func:`key`) gives; a ``NotationError`` for text that is no key."""
    fields = Fields(text, "Rengoma", 2)
    rows = _board_rows(fields)
    seat_text = fields.next()
    players = 4 if fields.named("players") == "4" else 2
    seats = _SEATS[players]
    if seat_text != "-" and seat_text not in seats:
        raise fields.error(f"its second field is one of {', '.join(seats)}, or -")
    strengths, stocks, chips = _pieces_and_chips(fields)
    position = Position.empty(len(rows[0]), len(rows), players, _default_names(players),
                              (stocks[0], stocks[1]))
    geo = position.geo
    for row, squares in zip(reversed(range(geo.rows)), rows):
        for column, stack in enumerate(squares):
            for colour, strength in stack:
                position.push(geo.index(column, row), piece(colour, strength))
    position.field = [0, strengths[0], strengths[1]]
    position.chips = chips
    position.seat = 0 if seat_text == "-" else seats.index(seat_text)
    win = fields.named("win")
    if win:
        position.win_line = fields.read(
            lambda: tuple(geo.index(*Square.parse(name)) for name in win.split(",")), "win:")
    position.outcome = fields.outcome()
    fields.done()
    if (position.outcome is None) != (seat_text != "-"):
        raise fields.error("- stands for the seat to play exactly when it ends with end:...")
    return position


def _board_rows(fields: Fields) -> list[list[list[tuple[int, int]]]]:
    """The board's rows from the top, each square's pieces (colour, strength) bottom to top:
    4 to 26 rows as wide as one another, 4 to 26 squares."""
    rows = fields.read(lambda: [_read_row(row) for row in fields.next().split("/")],
                       "its first field is the board's rows")
    columns = len(rows[0])
    if not 4 <= columns <= 26 or not 4 <= len(rows) <= 26 or any(len(r) != columns for r in rows):
        raise fields.error("the board's rows are as wide as one another, 4 to 26 squares")
    return rows


def _pieces_and_chips(fields: Fields
                      ) -> tuple[list[int], tuple[tuple[int, ...], ...], list[int]]:
    """The field pieces' strengths (black's, red's), what is left face down in each stock, in
    draw order, and the chips (in the stock, black's, red's); the start's where the key does
    not say."""
    strengths = fields.read(lambda: [int(n) for n in (fields.named("field") or "0,0").split(",")],
                            "field: is two strengths")
    stocks = fields.read(lambda: tuple(
        tuple(int(n) for n in part.split(".")) if part != "-" else ()
        for part in (fields.named("stock") or "-,-").split(",")), "stock: is two lists")
    chips = fields.read(lambda: [int(n) for n in (fields.named("chips") or "2,0,0").split(",")],
                        "chips: is three counts")
    if len(strengths) != 2 or len(stocks) != 2 or len(chips) != 3:
        raise fields.error("field:, stock: and chips: give two, two and three values")
    return strengths, stocks, chips


def _read_row(text: str) -> list[list[tuple[int, int]]]:
    squares: list[list[tuple[int, int]]] = []
    index = 0
    while index < len(text):
        if text[index] == "[":
            end = text.index("]", index)
            pieces = re.findall(r"([BR])([0-9]+)", text[index + 1:end])
            if not pieces or "".join(a + b for a, b in pieces) != text[index + 1:end]:
                raise ValueError(f"{text[index:end + 1]!r} is no stack such as [B1R3]")
            squares.append([(_COLOURS[colour], int(strength)) for colour, strength in pieces])
            index = end + 1
        else:
            digits = re.match(r"[0-9]+", text[index:])
            if digits is None:
                raise ValueError(f"{text[index]!r} is neither a number nor a stack")
            squares.extend([] for _ in range(int(digits.group())))
            index += digits.end()
    return squares


def _default_names(players: int) -> tuple[str, ...]:
    if players == 2:
        return ("black", "red")
    return ("black 1", "red 1", "black 2", "red 2")
