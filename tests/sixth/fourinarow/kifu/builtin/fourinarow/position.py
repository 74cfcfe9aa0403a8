"""A Four in a Row position: the discs in the seven columns, whose turn it is, and how the game
has ended; its key (one line of text, read back); the lines of four that end a game.

Cells are numbered ``row * 7 + column`` from ``a1`` (0) at the bottom left to ``g6`` (41).  What
a replay keeps only to draw it (the last disc, the discs' move numbers) is not in the key nor in
the position's value.
"""
from __future__ import annotations

from typing import Literal, TypedDict

from kifu.builtin.fourinarow.moves import HEIGHT, WIDTH, cell_name
from kifu.plugin import (
    EditorLayout,
    EditorPiece,
    Fields,
    Keyed,
    Outcome,
    outcome_field,
    read_rows,
    rows_text,
)

EMPTY, RED, YELLOW = 0, 1, 2
Side = Literal["red", "yellow"]
SIDES: dict[int, Side] = {RED: "red", YELLOW: "yellow"}
CODES = {RED: "r", YELLOW: "y"}
#: The discs' colours (the drawings' and the explorer's).
FILL = {RED: "#d62828", YELLOW: "#f5c518"}
CELLS = WIDTH * HEIGHT
#: The four directions a line runs in: along a row, up a column, and the two diagonals.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def other(side: int) -> int:
    return YELLOW if side == RED else RED


class Position(Keyed):
    """The discs (``cells``, one of ``EMPTY``, ``RED``, ``YELLOW`` each), the side to move and
    the outcome once the game has ended; ``last`` (the cell of the last disc), ``numbers``
    (each disc played's move number) and ``played`` (moves played) only serve drawings."""

    __slots__ = ("cells", "to_move", "ended", "last", "numbers", "played")
    game_name = "fourinarow"

    def __init__(self, cells: list[int] | None = None, to_move: int = RED) -> None:
        self.cells = cells if cells is not None else [EMPTY] * CELLS
        self.to_move = to_move
        self.ended: Outcome | None = outcome_of(self.cells)
        self.last: int | None = None
        self.numbers: dict[int, int] = {}
        self.played = 0

    def copy(self) -> Position:
        copied = Position.__new__(Position)
        copied.cells = list(self.cells)
        copied.to_move, copied.ended, copied.last = self.to_move, self.ended, self.last
        copied.numbers, copied.played = dict(self.numbers), self.played
        return copied

    def height(self, column: int) -> int:
        """How many discs the column holds."""
        count = 0
        while count < HEIGHT and self.cells[count * WIDTH + column] != EMPTY:
            count += 1
        return count

    def discs(self, side: int) -> list[str]:
        return [cell_name(cell) for cell in range(CELLS) if self.cells[cell] == side]

    def value_key(self) -> str:
        return key(self)

    def summary(self) -> str:
        discs = sum(cell != EMPTY for cell in self.cells)
        if self.ended is None:
            return f"{discs} discs, {SIDES[self.to_move]} to move"
        return f"{discs} discs, {self.ended.describe().split(' (')[0]}"


# -- lines of four ----------------------------------------------------------------------------

def run_through(cells: list[int], cell: int, dx: int, dy: int) -> list[int]:
    """The cells of the longest run of one colour through ``cell`` in direction (dx, dy)."""
    side = cells[cell]
    row, column = divmod(cell, WIDTH)
    while 0 <= column - dx < WIDTH and 0 <= row - dy < HEIGHT and \
            cells[(row - dy) * WIDTH + column - dx] == side:
        row, column = row - dy, column - dx
    run = []
    while 0 <= column < WIDTH and 0 <= row < HEIGHT and cells[row * WIDTH + column] == side:
        run.append(row * WIDTH + column)
        row, column = row + dy, column + dx
    return run


def completed_line(cells: list[int], cell: int) -> list[int]:
    """The first line of four or more (in the order of :data:`DIRECTIONS`) that the disc on
    ``cell`` stands in, or ``[]``."""
    for dx, dy in DIRECTIONS:
        run = run_through(cells, cell, dx, dy)
        if len(run) >= 4:
            return run
    return []


def lines_of_four(cells: list[int]) -> list[list[int]]:
    """Every line of four or more discs of one colour, each whole and once, in the order of
    their first cell and then of :data:`DIRECTIONS`."""
    found = []
    for cell in range(CELLS):
        if cells[cell] == EMPTY:
            continue
        for dx, dy in DIRECTIONS:
            run = run_through(cells, cell, dx, dy)
            if run[0] == cell and len(run) >= 4:
                found.append(run)
    return found


def outcome_of(cells: list[int]) -> Outcome | None:
    """How a board has ended the game: the first line of four (the winner's, said with its
    cells), a draw once the board is full, else ``None``.  From the board alone, so that a
    position read back from its key ends as the position it was written from."""
    lines = lines_of_four(cells)
    if lines:
        line = lines[0]
        return Outcome(SIDES[cells[line[0]]],
                       "four in a row: " + " ".join(cell_name(cell) for cell in line), "four")
    if EMPTY not in cells:
        return Outcome(None, "the board is full", "full-board")
    return None


def board_problem(cells: list[int], to_move: int) -> tuple[str, str, int | None] | None:
    """What makes a board one that play cannot reach, or ``None``: the rule it breaks, what is
    wrong in words and the cell at fault.  A disc with an empty cell below it (``floating``),
    discs counted wrong for the side to move (``disc-count``: red starts, so red has as many
    discs as yellow when red is to move, one more when yellow is), both sides with a line of
    four, or a line of four of the side to move, who cannot have made it (``four-in-setup``)."""
    for cell in range(WIDTH, CELLS):
        if cells[cell] != EMPTY and cells[cell - WIDTH] == EMPTY:
            return ("floating", f"the disc on {cell_name(cell)} stands on nothing "
                    f"({cell_name(cell - WIDTH)} is empty)", cell)
    red, yellow = cells.count(RED), cells.count(YELLOW)
    if red - yellow != (0 if to_move == RED else 1):
        return ("disc-count", f"red has {red} discs and yellow {yellow}, which play does not "
                f"give with {SIDES[to_move]} to move: red starts, so red has as many discs as "
                "yellow or one more", None)
    lines = lines_of_four(cells)
    winners = {cells[line[0]] for line in lines}
    if len(winners) == 2:
        return ("four-in-setup", "both sides have four in a row", lines[0][0])
    if to_move in winners:
        return ("four-in-setup", f"{SIDES[to_move]} has four in a row but is to move",
                lines[0][0])
    return None


# -- the key ---------------------------------------------------------------------------------

#: The key as ``kifu serve``'s board search sets it up by clicks: the board, a disc a cell, and
#: the side to move (``kifu/builtin/README.md``: the key as data, ``EditorLayout``).
EDITOR = EditorLayout(boards=(0,), side_field=1, side_codes={"r": "red", "y": "yellow"},
                      pieces=tuple(EditorPiece(CODES[side], SIDES[side], "", FILL[side])
                                   for side in (RED, YELLOW)))


def key(position: Position) -> str:
    """``rows side [end:...]``: the rows from the top, as FEN writes them (``r`` red, ``y``
    yellow, a run of empty cells as its length), the side to move, and the outcome once the
    game has ended (``7/7/7/7/3y3/3r3 r``)."""
    rows = [[CODES.get(position.cells[row * WIDTH + column], "") for column in range(WIDTH)]
            for row in range(HEIGHT - 1, -1, -1)]
    text = f"{rows_text(rows)} {CODES[position.to_move]}"
    if position.ended is not None:
        text += " " + outcome_field(position.ended)
    return text


def from_key(text: str) -> Position:
    """The position a key gives; a ``NotationError`` for text that is no key of a position
    play can reach."""
    fields = Fields(text, "Four in a Row", 2)
    rows = fields.read(lambda: read_rows(fields.next(), WIDTH), "the board")
    if len(rows) != HEIGHT:
        raise fields.error(f"the board has {len(rows)} rows, not {HEIGHT}")
    decode = {"": EMPTY, "r": RED, "y": YELLOW}
    if any(code not in decode for row in rows for code in row):
        raise fields.error("a cell is r (red), y (yellow) or empty")
    cells = [decode[code] for row in reversed(rows) for code in row]
    side = fields.next()
    if side not in ("r", "y"):
        raise fields.error(f"the side to move is r or y, not {side[:10]!r}")
    stated = fields.outcome()
    fields.done()
    to_move = RED if side == "r" else YELLOW
    problem = board_problem(cells, to_move)
    if problem is not None:
        raise fields.error(problem[1])
    position = Position(cells, to_move)
    if stated != position.ended:
        raise fields.error("its end field does not say how the board has ended" if stated
                           else "the board has ended, and it has no end field")
    return position


# -- as JSON ---------------------------------------------------------------------------------

class PositionJSON(TypedDict):
    """A position as JSON: the rows from the top (``.`` empty, ``r`` red, ``y`` yellow), the
    side to move (``None`` once the game has ended), and each side's discs."""

    rows: list[str]
    to_move: str | None
    red: list[str]
    yellow: list[str]


def to_json(position: Position) -> PositionJSON:
    rows = ["".join(CODES.get(position.cells[row * WIDTH + column], ".")
                    for column in range(WIDTH)) for row in range(HEIGHT - 1, -1, -1)]
    return {"rows": rows, "to_move": to_move(position), "red": position.discs(RED),
            "yellow": position.discs(YELLOW)}


def to_move(position: Position) -> str | None:
    return None if position.ended is not None else SIDES[position.to_move]

