"""Drawing a Renju position: SVG in the style of a printed diagram, text for terminals, and the
rows ``kifu show`` prints."""
from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from re import Match

from kifu.builtin.renju.forbidden import forbidden_for_black
from kifu.builtin.renju.moves import LETTERS, Move, Offer, Pass, Point, Swap
from kifu.builtin.renju.position import (
    BLACK,
    EMPTY,
    WHITE,
    Geometry,
    Position,
    geometry,
    opening_name,
)
from kifu.builtin.renju.rules import play
from kifu.plugin import (
    Clicks,
    KifuError,
    Markup,
    Record,
    RenderOptions,
    button,
    document,
    element,
    fragments,
    grid_diagram,
    point,
    point_of,
    slot,
    to_string,
)
from kifu.plugin import grid as board


def _stars(board: Geometry) -> tuple[tuple[int, int], ...]:
    """The centre and, on boards of 9 points or more, the four points 3 in from each corner's
    side (15x15: h8, d4, l4, d12, l12), as printed Renju and Gomoku boards mark them."""
    centre, near, far = board.size // 2, 3, board.size - 4
    if board.size < 9:
        return ((centre, centre),)
    return ((centre, centre), (near, near), (far, near), (near, far), (far, far))


FILL = {BLACK: "#111", WHITE: "#f8f8f8"}
NUMBER_FILL = {BLACK: "#fff", WHITE: "#111"}


def _column_label(column: int) -> str:
    return LETTERS[column]


def _row_label(row: int) -> str:
    return str(row + 1)


def render_svg(position: Position, options: RenderOptions, record: Record | None = None,
               markup: Markup | None = None) -> str:
    size = position.board.size
    sheet = _sheet(size, options.coords, options.flip)
    grid = sheet.grid
    legend = _legend(position, record)
    root = document(grid.width, grid.height + board.legend_height(grid, len(legend)),
                    _title(position, record), options.size)
    slot(root, sheet.board, 1)
    stones = element(root, "g", class_="stones")
    cells = position.cells
    found = map(Match.start, _STONE.finditer(bytes(cells)))
    if options.numbers:
        numbers = position.numbers
        slot(stones, [sheet.stone(at, cells[at], numbers.get(at)) for at in found], 2)
    else:
        plain = sheet.plain
        slot(stones, [plain[cells[at]][at] or sheet.stone(at, cells[at], None) for at in found],
             2)
    if markup:
        board.draw_markup(root, grid, markup, lambda name: _locate(position, name),
                          lambda column, row: FILL.get(
                              position.cells[position.board.index(column, row)]))
    if options.last_move and position.last is not None and not options.numbers:
        column, row = position.board.point_of(position.last)
        board.draw_last_move(root, grid, column, row, "#e33")
    _draw_end(root, grid, position)
    if options.flag("forbidden") and position.to_move == BLACK and position.outcome is None:
        marks = element(root, "g", class_="forbidden-points")
        for point, _ in forbidden_for_black(position):
            board.draw_cross(marks, grid, point.column, point.row, "#d22")
    board.draw_legend(root, grid, legend)
    return to_string(root)


#: The four directions a row of stones runs in (column, row steps).
_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))


def winning_stones(position: Position) -> list[tuple[int, int]]:
    """The stones of the row that won the game (a five, or an overline where it wins), through
    the last stone played: the longest such row of the winner's colour, as (column, row)."""
    outcome, last = position.outcome, position.last
    if outcome is None or outcome.kind != "five" or last is None:
        return []
    cells, size = position.cells, position.board
    colour = cells[last]
    column, row = size.point_of(last)
    best: list[tuple[int, int]] = []
    for step_column, step_row in _DIRECTIONS:
        run = [(column, row)]
        for sign in (1, -1):
            at_column, at_row = column + sign * step_column, row + sign * step_row
            while size.on_board(at_column, at_row) and cells[size.index(at_column,
                                                                        at_row)] == colour:
                run.append((at_column, at_row))
                at_column, at_row = at_column + sign * step_column, at_row + sign * step_row
        if len(run) > len(best):
            best = sorted(run)
    return best if len(best) >= 5 else []


def _draw_end(root: ET.Element, grid: board.Grid, position: Position) -> None:
    """What ended the game, marked: the five (or the overline) through the winning stone, or
    black's forbidden point that lost it."""
    outcome = position.outcome
    if outcome is None or position.last is None:
        return
    if outcome.kind == "five":
        board.draw_winning_line(root, grid, winning_stones(position), "#e33")
    elif outcome.kind == "foul":
        column, row = position.board.point_of(position.last)
        board.draw_cross(element(root, "g", class_="losing-point"), grid, column, row, "#d22")


def problem_area(record: Record, positions: Iterable[Position],
                 options: RenderOptions) -> board.Area | None:
    """The part of the drawing a problem needs (:func:`kifu.draw.grid.problem_area`): the
    points the record shows, else the corner or side every stone of ``positions`` (its start
    and each position of its tree) stands in."""
    found = iter(positions)
    first = next(found, None)
    if first is None:
        return None
    grid = _sheet(first.board.size, options.coords, options.flip).grid

    def stones() -> set[tuple[int, int]]:
        taken: set[int] = set()
        for position in (first, *found):
            taken.update(map(Match.start, _STONE.finditer(bytes(position.cells))))
        return {first.board.point_of(at) for at in taken}

    return board.problem_area(grid, record.properties, stones)


class _Sheet:
    """What every drawing of a board of one size, with and without coordinates, as it stands
    or turned round, shares, written once as text (:func:`kifu.draw.svg.fragments`): the
    board (its lines, star points and coordinates) and each stone drawn so far, by its point,
    colour and number.  A long record, or a library of thousands of positions, draws each
    position twice (the viewer's two ways round): building the board anew each time cost
    nearly all of the 7 ms a drawing took."""

    def __init__(self, size: int, coords: bool, flip: bool) -> None:
        self.grid = grid = board.framed(size, size, coords=coords, flip=flip,
                                        row_label=_row_label)
        drawn = board.draw_board(grid, stars=_stars(geometry(size)), coords=coords,
                                 column_label=_column_label, row_label=_row_label)
        self.board = fragments(drawn, 1)
        self.geometry = geometry(size)
        cells = self.geometry.stride ** 2
        #: Each stone without a number, by its colour and then its point (``None``: not yet).
        self.plain: list[list[str | None]] = [[None] * cells for _ in range(WHITE + 1)]
        self._numbered: dict[tuple[int, int, int], str] = {}

    def stone(self, at: int, colour: int, number: int | None) -> str:
        """A stone's drawing, written the first time it is asked for."""
        found = self.plain[colour][at] if number is None else self._numbered.get(
            (at, colour, number))
        if found is None:
            scratch = ET.Element("g")
            column, row = self.geometry.point_of(at)
            board.draw_stone(scratch, self.grid, column, row, FILL[colour],
                             label=None if number is None else str(number),
                             label_fill=NUMBER_FILL[colour])
            found = "\n  ".join(fragments(scratch, 2))
            if number is None:
                self.plain[colour][at] = found
            else:
                if len(self._numbered) >= MOST_NUMBERED:  # a very long record's numbers
                    self._numbered.clear()
                self._numbered[at, colour, number] = found
        return found


#: A stone among a board's cells as bytes (its walls, 3, are none), found in board order.
_STONE = re.compile(bytes([ord("["), BLACK, WHITE, ord("]")]))
#: The numbered stones a sheet keeps written.
MOST_NUMBERED = 4096


@functools.lru_cache(maxsize=16)
def _sheet(size: int, coords: bool, flip: bool) -> _Sheet:
    return _Sheet(size, coords, flip)


def _locate(position: Position, name: str) -> tuple[int, int] | None:
    """The column and row of a point named in the record's markup (``None``: off the board)."""
    try:
        point = Point.parse(name)
    except ValueError:
        return None
    return (point.column, point.row) if position.board.on_board(point.column, point.row) else None


def _title(position: Position, record: Record | None) -> str:
    game = "Renju" if position.rules.win == "renju" else "Gomoku"
    if record is None:
        return game
    black, white = record.header("Black"), record.header("White")
    return f"{game}: {black or '?'} (black) vs {white or '?'} (white)" if black or white else game


def _legend(position: Position, record: Record | None) -> list[str]:
    lines = []
    if record is not None and (record.header("Black") or record.header("White")):
        lines.append(f"Black: {record.header('Black') or '?'} · White: {record.header('White') or '?'}")
    if position.outcome is not None:
        lines.append(position.outcome.describe())
    else:
        lines.append(f"Move {position.ply}, {position.to_move_name} to play")
    return lines


def render_text(position: Position, options: RenderOptions) -> str:
    forbidden = set()
    if options.flag("forbidden") and position.to_move == BLACK and position.outcome is None:
        forbidden = {position.board.index(*p) for p, _ in forbidden_for_black(position)}
    size = position.board.size
    last = position.last if options.last_move else None

    def row_cells(row: int) -> str:
        first = position.board.index(0, row)
        chars = bytes(position.cells[first:first + size]).translate(_SYMBOLS).decode()
        if (last is not None and first <= last < first + size) or forbidden:
            marked = list(chars)
            for at in range(first, first + size):
                if at in forbidden:
                    marked[at - first] = "*"
                elif at == last:
                    marked[at - first] = marked[at - first].lower()
            chars = "".join(marked)
        return chars

    diagram = grid_diagram(size, size, column_label=_column_label, row_label=_row_label,
                           coords=options.coords, flip=options.flip, row_cells=row_cells)
    status = position.outcome.describe() if position.outcome else f"{position.to_move_name} to play"
    return diagram + status + "\n"


#: Each cell's character in a text diagram, by its value (a byte of the board's cells).
_SYMBOLS = bytes.maketrans(bytes([EMPTY, BLACK, WHITE]), b".XO")


def summary(position: Position) -> list[tuple[str, str]]:
    """The rows ``kifu show`` prints about a position."""
    rows = [("rules", position.rules.title()), ("moves played", str(position.ply)),
            ("stones", str(position.stones))]
    opening = opening_name(position)
    if opening is not None:
        rows.append(("opening", opening))
    if position.outcome is None:
        rows.append(("to move", position.to_move_name))
    if position.swaps:
        rows.append(("colour swaps", str(position.swaps)))
    return rows


def move_clicks(move: Move, pos: Position) -> Clicks | None:
    """A stone as the click on its point on ``kifu serve``'s board (rows from the top, as the
    key writes them); a pass and a swap of colours by a button each; an offer of fifth moves
    by its button, then the points offered (as many as the opening rule lets black offer at
    most), sent by the button clicked again."""
    if isinstance(move, Pass):
        return Clicks((button("pass"),), "pass")
    if isinstance(move, Swap):
        return Clicks((button("swap"),), "swap")
    if isinstance(move, Offer):
        counts = pos.rules.allows.offers
        return Clicks((button("offer-fifth-moves"),), "offer fifth moves",
                      gathers=counts.stop - 1 if counts else 0)
    return Clicks((point(0, move.point.column, pos.board.size - 1 - move.point.row),))


def moves_beyond(pos: Position) -> list[Move]:
    """The opening's events the side to move may play here, which are no plies: a swap of
    colours where the referee allows one, and an offer of fifth moves (its points not yet
    chosen) where black may offer them."""
    if pos.outcome is not None:
        return []
    found: list[Move] = []
    try:
        play(pos.copy(), Swap())
        found.append(Swap())
    except KifuError:
        pass
    if pos.rules.allows.offers is not None and pos.offer is None and pos.stones == 4 \
            and pos.to_move == BLACK:
        found.append(Offer(()))
    return found


def clicked_move(pos: Position, places: tuple[str, ...]) -> str | None:
    """The point clicked, by its name, for the referee to say why no stone goes there; a
    button's move (a pass, a swap); an offer of the points clicked after its button."""
    named = {button(name): name for name in ("pass", "swap")}
    if len(places) == 1 and places[0] in named:
        return named[places[0]]
    if places and places[0] == button("offer-fifth-moves"):
        points = [_point(pos, place) for place in places[1:]]
        return None if None in points else "offer[" + " ".join(map(str, points)) + "]"
    found = _point(pos, places[0]) if len(places) == 1 else None
    return None if found is None else str(found)


def _point(pos: Position, place: str) -> Point | None:
    found = point_of(place)
    size = pos.board.size
    if found is None or found[0] != 0 or max(found[1:]) >= size:
        return None
    return Point(found[1], size - 1 - found[2])
