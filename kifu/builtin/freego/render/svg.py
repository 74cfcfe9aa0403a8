"""Free-form Go as SVG: grids as Go boards, maps from their outlines or as cells and links.

Three pictures for three kinds of board: a grid is drawn by ``kifu.draw.grid`` like any Go
board (lines, star points, coordinates); a map with outlines is drawn cell by cell, each cell
tinted by the stone in it with a stone at its centre; a map with points only (Japan, China, the
US) is drawn as cells at their points joined by their adjacency.  Under every picture a legend
gives each seat's colour, prisoners and score.  All text goes through ElementTree.

What does not change from one position to the next is written once per board and drawing
options (a :class:`_Sheet`, kept by :func:`kifu.builtin.freego.render.layout.kept`): the board's
own drawing, and each cell's drawing in every state it is met in (empty, a seat's stone, a move
number), as SVG text ElementTree wrote.  A position then costs a look-up per cell, its title
and its legend, and the viewer drawing thousands of positions of one board pays for the board
once.
"""
from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable

from kifu.builtin.freego.boards import grids
from kifu.builtin.freego.boards.board import MAX_SEATS, Board, Point
from kifu.builtin.freego.position import EMPTY, OFF, Position
from kifu.builtin.freego.render import layout
from kifu.builtin.freego.render.layout import MAP_MARGIN
from kifu.builtin.freego.rules import scoring
from kifu.plugin import (
    Markup,
    Record,
    RenderOptions,
    display_width,
    document,
    element,
    fragments,
    slot,
    text_line,
    text_width,
    to_string,
)
from kifu.plugin import grid as goboard

LAST_MOVE = "#e33"
PAPER = "#f5eedc"
UNPLAYABLE = "#d9d9d9"
INK = "#222"
#: Seat colours come from the players' names where they are colour words (the source plays
#: orange against green), else from a fixed palette.
COLOURS = {
    "black": "#111111", "黒": "#111111", "white": "#f8f8f8", "白": "#f8f8f8",
    "orange": "#f39800", "橙": "#f39800", "橙色": "#f39800", "オレンジ": "#f39800",
    "green": "#2e9e3e", "緑": "#2e9e3e", "緑色": "#2e9e3e",
    "blue": "#2b6cd4", "青": "#2b6cd4", "青色": "#2b6cd4",
    "red": "#d62828", "赤": "#d62828", "赤色": "#d62828",
    "yellow": "#f2d024", "黄": "#f2d024", "黄色": "#f2d024",
    "light blue": "#5bc8f0", "light-blue": "#5bc8f0", "lightblue": "#5bc8f0", "cyan": "#5bc8f0",
    "水色": "#5bc8f0", "purple": "#8e44ad", "紫": "#8e44ad", "pink": "#f08cb4",
    "brown": "#8b5a2b", "grey": "#888888", "gray": "#888888",
}
#: The source's 4-player colours, for seats whose names are no colour.
PALETTE = ("#111111", "#f8f8f8", "#f39800", "#5bc8f0")
PALETTE_MANY = ("#f39800", "#5bc8f0", "#f2d024", "#2e9e3e")


def seat_colours(seats: tuple[str, ...]) -> list[str]:
    palette = PALETTE if len(seats) == 2 else PALETTE_MANY
    return [COLOURS.get(name.casefold(), palette[i]) for i, name in enumerate(seats)]


def _stars(columns: int, rows: int) -> list[tuple[int, int]]:
    """Go's star points: 4-4 points (3-3 below 13 lines), plus sides and centre on odd boards."""
    if min(columns, rows) < 7:
        return []
    edge = 3 if min(columns, rows) >= 13 else 2
    xs = [edge, columns - 1 - edge]
    ys = [edge, rows - 1 - edge]
    if columns % 2 and columns >= 13:
        xs.insert(1, columns // 2)
    if rows % 2 and rows >= 13:
        ys.insert(1, rows // 2)
    points = [(x, y) for x in xs for y in ys]
    if columns % 2 and rows % 2 and (columns // 2, rows // 2) not in points:
        points.append((columns // 2, rows // 2))
    return points


def _title(pos: Position, record: Record | None) -> str:
    players = " vs ".join(pos.rules.seats)
    name = record.header("Name") or record.header("Event") if record is not None else None
    return f"Free-form Go on {pos.board.name}: {players}" + (f" ({name})" if name else "")


def _legend_lines(pos: Position, counted: bool) -> list[str]:
    """A line for each seat and one for the game: the score where the game has ended, or where
    ``counted`` asks for it (``-O count=yes``) as if it ended now; a problem or a game in play
    is no count (a corner problem's black 'scored' the empty board)."""
    table = _count(pos) if pos.outcome is not None or counted else None
    lines = []
    for seat, name in enumerate(pos.rules.seats):
        marker = " (to move)" if pos.outcome is None and seat == pos.to_move else ""
        line = f"{name}{marker}: {pos.prisoners[seat]} prisoners, komi {scoring.fmt(pos.rules.komi[seat])}"
        if table is not None:
            line += f", score {scoring.fmt(table[seat].total)}"
        lines.append(line)
    if pos.outcome is not None:
        lines.append(pos.outcome.describe())
    elif counted:
        lines.append(f"move {pos.ply}; score as if the game ended now ({pos.rules.scoring})")
    else:
        lines.append(f"move {pos.ply}")
    return lines


def _wrapped(lines: list[str], seats: int, width: float, size: float) -> list[str]:
    """The legend's lines, those after the seats' cut where they would not fit ``width`` at
    ``size`` (so that the legend keeps a size a phone can read)."""
    room = max(20, int(width / (0.56 * size)) - 3)
    return lines[:seats] + [part for line in lines[seats:]
                            for part in textwrap.wrap(line, room) or [line]]


def legend_size(lines: list[str], width: float, largest: float) -> float:
    """A legend font size at which the longest of ``lines`` fits the picture's width."""
    longest = max(display_width(line) for line in lines) + 3
    return min(largest, width / (0.56 * longest))


def _draw_legend(root: ET.Element, pos: Position, lines: list[str], x: float, top: float,
                 size: float) -> None:
    colours = seat_colours(pos.rules.seats)
    legend = element(root, "g", class_="legend", font_size=size, fill=INK)
    for index, line in enumerate(lines):
        y = top + (index + 0.8) * size * 1.4
        if index < len(colours):
            element(legend, "circle", cx=x + size * 0.5, cy=y - size * 0.35, r=size * 0.45,
                    fill=colours[index], stroke=INK, stroke_width=0.8)
            element(legend, "text", line, x=x + size * 1.4, y=y)
        else:
            element(legend, "text", line, x=x, y=y)


def render_svg(pos: Position, options: RenderOptions, record: Record | None = None,
               markup: Markup | None = None) -> str:
    """The position drawn (with what the record marks on it, on a grid: SGF's markup)."""
    if pos.board.grid is not None:
        return _render_grid(pos, options, record, markup)
    return _render_map(pos, options, record)


#: A cell's state as it is drawn: its index, what stands there (``pos.cells``), and the move
#: number drawn on it (``None``: none).
CellKey = tuple[int, int, "int | None"]


class _Sheet:
    """What every drawing of one board with one set of options shares: the board's own
    drawing (children of the document's root, as text), and each cell's drawing in each state
    it has been drawn in, written the first time (by ``draw``, into a scratch element)."""

    def __init__(self, board: list[str], draw: Callable[[ET.Element, CellKey], None],
                 cells: int, stones_only: bool) -> None:
        self.board = board
        self._draw = draw
        self._count = cells
        #: Empty and unplayable cells draw nothing (a grid's intersections).
        self._stones_only = stones_only
        #: Each cell's text (``None`` until written) by what stands there, ``pos.cells``'
        #: values as indexes: 0 empty, 1 to ``MAX_SEATS`` a seat's stone, -1 (``OFF``) the last.
        self._rows: list[list[str | None]] = [[None] * cells for _ in range(MAX_SEATS + 2)]
        #: Numbered cells' texts.
        self._numbered: dict[CellKey, str] = {}

    def drawn(self, cells: list[int], numbers: dict[int, int]) -> list[str]:
        """The text of every cell's drawing in a position (``numbers``: the move numbers to
        draw), as children of a group of the root; cells that draw nothing are left out."""
        rows, plain = self._rows, self._plain
        if self._stones_only and not numbers:  # the viewer's usual drawing of a grid
            return [rows[what][index] or plain(index, what)
                    for index, what in enumerate(cells) if what > 0]
        out = []
        found: str | None
        for index, what in enumerate(cells):
            if what <= 0 and self._stones_only:
                continue
            if numbers and index in numbers:
                found = self._number(index, what, numbers[index])
            else:
                found = rows[what][index]
                if found is None:
                    found = plain(index, what)
            if found:
                out.append(found)
        return out

    def _plain(self, index: int, what: int) -> str:
        found = self._rows[what][index] = self._write((index, what, None))
        return found

    def _number(self, index: int, what: int, number: int) -> str:
        key = (index, what, number)
        found = self._numbered.get(key)
        if found is None:
            # A cell is numbered afresh at each move played on it, so a long record could
            # fill this shelf: past an entry a cell, it starts again.
            if len(self._numbered) >= self._count:
                self._numbered.clear()
            found = self._numbered[key] = self._write(key)
        return found

    def _write(self, key: CellKey) -> str:
        scratch = ET.Element("g")
        self._draw(scratch, key)
        return "\n  ".join(fragments(scratch, 2))


#: The last count a legend showed, with the rules, stones and prisoners it was counted from:
#: the viewer draws each position twice (as it stands and turned round), and counting walks
#: the whole board.
_last_count: tuple[object, list[int], list[int], list[scoring.Score]] | None = None


def _count(pos: Position) -> list[scoring.Score]:
    """The position's score table: the final one, or as if the game ended now."""
    global _last_count
    if pos.scores is not None:
        final: list[scoring.Score] = pos.scores
        return final
    last = _last_count
    if last is not None and last[0] is pos.rules and last[1] == pos.cells \
            and last[2] == pos.prisoners:
        return last[3]
    table = scoring.scores(pos)
    _last_count = (pos.rules, list(pos.cells), list(pos.prisoners), table)
    return table


# -- grids ----------------------------------------------------------------------------------

def problem_area(record: Record, positions: Iterable[Position],
                 options: RenderOptions) -> goboard.Area | None:
    """The part of a grid's drawing a problem needs (:func:`kifu.draw.grid.problem_area`):
    the points the record shows, else the corner or side every stone of ``positions`` (its
    start and each position of its tree) stands in; ``None`` on a map that is not a grid."""
    found = iter(positions)
    first = next(found, None)
    if first is None or first.board.grid is None:
        return None
    columns, rows = first.board.grid
    grid = goboard.framed(columns, rows, coords=options.coords, flip=options.flip,
                          row_label=_row_name)

    def stones() -> set[tuple[int, int]]:
        taken: set[int] = set()
        for pos in (first, *found):
            taken.update(index for index, what in enumerate(pos.cells) if what > 0)
        return {divmod(index, columns)[::-1] for index in taken}  # (column, row)

    return goboard.problem_area(grid, record.properties, stones)


def _render_grid(pos: Position, options: RenderOptions, record: Record | None,
                 markup: Markup | None) -> str:
    columns, rows = pos.board.grid or (0, 0)
    grid = goboard.framed(columns, rows, coords=options.coords, flip=options.flip,
                          row_label=_row_name)
    colours = seat_colours(pos.rules.seats)
    sheet = layout.kept(pos.board, ("grid", options.flip, options.coords, tuple(colours)),
                        lambda: _grid_sheet(grid, options.coords, colours))
    lines = _wrapped(_legend_lines(pos, options.flag("count")), len(pos.rules.seats),
                     grid.width, grid.cell * 0.5)
    size = legend_size(lines, grid.width, grid.cell * 0.5)
    root = document(grid.width, grid.height + size * 1.4 * (len(lines) + 0.6),
                    _title(pos, record), options.size)
    slot(root, sheet.board, 1)
    stones = element(root, "g", class_="stones")
    slot(stones, sheet.drawn(pos.cells, pos.numbers if options.numbers else {}), 2)
    if markup:
        board = pos.board

        def locate(name: str) -> tuple[int, int] | None:
            index = board.find(name)
            if index is None:
                return None
            row, column = divmod(index, columns)
            return column, row

        def stone(column: int, row: int) -> str | None:
            what = pos.cells[row * columns + column]
            return colours[what - 1] if what > 0 else None

        goboard.draw_markup(root, grid, markup, locate, stone)
    if options.last_move and pos.last is not None and not options.numbers:
        row, column = divmod(pos.last, columns)
        goboard.draw_last_move(root, grid, column, row, LAST_MOVE)
    _draw_legend(root, pos, lines, grid.margin * 0.5, grid.height, size)
    return to_string(root)


def _grid_sheet(grid: goboard.Grid, coords: bool, colours: list[str]) -> _Sheet:
    """The wooden board with its lines, star points and coordinates, and the stones."""
    drawn = goboard.draw_board(grid, stars=_stars(grid.columns, grid.rows), coords=coords,
                               column_label=grids.column_name, row_label=_row_name)

    def stone(parent: ET.Element, key: CellKey) -> None:
        index, what, number = key
        row, column = divmod(index, grid.columns)
        colour = colours[what - 1]
        goboard.draw_stone(parent, grid, column, row, colour,
                           label=None if number is None else str(number),
                           label_fill=_ink_on(colour))

    return _Sheet(fragments(drawn, 1), stone, grid.columns * grid.rows, True)


def _row_name(row: int) -> str:
    return str(row + 1)


def _ink_on(colour: str) -> str:
    """Black or white text, whichever reads on ``colour``."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#fff"


# -- maps -----------------------------------------------------------------------------------

def _render_map(pos: Position, options: RenderOptions, record: Record | None) -> str:
    """A map board: its cells outlined (or, without outlines, as circles linked by their
    adjacency), the stones with names or move numbers, the last move and the legend."""
    sheet, lines, size, height = _map_sheet(pos, options)
    root = document(sheet.width, height, _title(pos, record), options.size)
    slot(root, sheet.board, 1)
    if sheet.outlined:
        outlines = element(root, "g", class_="cells", stroke=INK, stroke_width=1,
                           stroke_linejoin="round")
        slot(outlines, sheet.outlines(pos.cells), 2)
    slot(root, sheet.edges, 1)
    marks = element(root, "g", class_="stones")
    slot(marks, sheet.drawn(pos.cells, pos.numbers if options.numbers else {}), 2)
    if options.last_move and pos.last is not None:
        x, y = sheet.centres[pos.last]
        element(root, "circle", cx=x, cy=y, r=sheet.radii[pos.last] + 2.5, fill="none",
                stroke=LAST_MOVE, stroke_width=2.5, class_="last-move")
    _draw_legend(root, pos, lines, MAP_MARGIN * 0.5, sheet.height, size)
    return to_string(root)


def _map_sheet(pos: Position, options: RenderOptions) -> tuple[_MapSheet, list[str], float, float]:
    """A map's sheet as ``options`` draw it, its legend's lines and their size, and the
    drawing's height."""
    board = pos.board
    colours = seat_colours(pos.rules.seats)
    choice = options.extras.get("names", "auto")
    edges = options.flag("edges")
    labelled = options.coords or options.numbers
    sheet = layout.kept(board, ("map", options.flip, choice, edges, labelled, tuple(colours)),
                        lambda: _MapSheet(board, options.flip, choice, edges, labelled, colours))
    lines = _wrapped(_legend_lines(pos, options.flag("count")), len(pos.rules.seats), sheet.width, 17.0)
    size = legend_size(lines, sheet.width, 17.0)
    return sheet, lines, size, sheet.height + size * 1.4 * (len(lines) + 0.6)


def map_places(pos: Position, options: RenderOptions) -> list[tuple[float, float, float]]:
    """Where each cell of a map's drawing (as ``options`` draw it) is: its centre and its
    stone's radius, as fractions of the drawing's width (``x``, the radius) and height."""
    sheet, _, _, height = _map_sheet(pos, options)
    return [(x / sheet.width, y / height, r / sheet.width)
            for (x, y), r in zip(sheet.centres, sheet.radii, strict=True)]


class _MapSheet(_Sheet):
    """A map's frame, centres, stones' radii and names, its background and adjacency lines,
    its outlines (each plain and greyed), and its cells."""

    def __init__(self, board: Board, flip: bool, choice: str, edges: bool, labelled: bool,
                 colours: list[str]) -> None:
        frame = layout.Frame(board, flip)
        names = layout.names(board, choice)
        outlined = any(cell.polygon for cell in board.cells)
        valued = value_shown(board)
        large = len(board) > layout.SPREAD_MOST
        centres, radii = self._placed(board, frame, names, outlined or large, labelled, valued)
        self.centres, self.radii = centres, radii
        #: The largest size of a name (a spread or outlined map's label size, else what fits
        #: a stone of a crowded map), and the room each name has: its stone, or the width of
        #: its cell's outline.
        largest = 11.0 if large else layout.LABEL * self.scale
        room = [2 * r * 0.86 for r in radii]
        if outlined:
            _fit_outlines(board, frame, room, radii)
        values = [scoring.fmt(cell.value) for cell in board.cells] if valued else []
        written = _background(board, centres, self.width, self.height, not outlined or edges)
        self.edges = written[1:]
        self.outlined = outlined
        #: Each outline (index, points in the picture), and its text: plain, greyed.
        self._polygons = [(index, " ".join(f"{x:.1f},{y:.1f}" for x, y in map(frame.xy, shape)))
                          for index, cell in enumerate(board.cells) if (shape := cell.polygon)]
        self._outlines: tuple[dict[int, str], dict[int, str]] = ({}, {})

        def cell(parent: ET.Element, key: CellKey) -> None:
            index, what, number = key
            label = names[index] if number is None else str(number)
            _draw_cell(parent, what, centres[index], radii[index], label, number is not None,
                       outlined, labelled, values[index] if valued else None, colours,
                       largest, room[index])

        super().__init__(written[:1], cell, len(board), False)

    def _placed(self, board: Board, frame: layout.Frame, names: list[str], framed: bool,
                labelled: bool, valued: bool) -> tuple[list[Point], list[float]]:
        """The cells' centres and their stones' radii, and the picture's size and scale: where
        the frame puts them on an outlined or a large map; on a map of points, circles as big
        as their names (and values), pushed apart."""
        centres = layout.centres(board, frame)
        self.scale = 1.0
        if framed:
            self.width, self.height = frame.width, frame.height
            return centres, layout.radii(centres)
        spread = layout.Spread(centres, [_needed(name) if labelled else
                                         layout.SPREAD_SMALLEST for name in names],
                               gap=layout.SPREAD_GAP + (layout.LABEL * 0.6 if valued else 0),
                               push=not layout.unmapped_board(board))
        self.scale = spread.scale
        self.width, self.height = spread.width, spread.height
        return spread.centres, spread.radii

    def outlines(self, cells: list[int]) -> list[str]:
        """Each cell's outline, unplayable cells greyed, as children of a group of the root."""
        out = []
        for index, points in self._polygons:
            greyed = cells[index] == OFF
            shelf = self._outlines[greyed]
            found = shelf.get(index)
            if found is None:
                scratch = ET.Element("g")
                element(scratch, "polygon", points=points, fill=UNPLAYABLE if greyed else PAPER,
                        class_="cell")
                found = shelf[index] = fragments(scratch, 2)[0]
            out.append(found)
        return out


def _fit_outlines(board: Board, frame: layout.Frame, room: list[float],
                  radii: list[float]) -> None:
    """On an outlined map, stones of one size, a third of the usual (the median) cell, or
    what a smaller cell takes; a name has 80% of its cell's width."""
    boxes = {index: _extent(cell.polygon, frame) for index, cell in
             enumerate(board.cells) if cell.polygon}
    thirds = sorted(min(wide, high) / 3 for wide, high in boxes.values())
    usual = thirds[len(thirds) // 2]
    for index, (wide, high) in boxes.items():
        room[index] = max(room[index], 0.8 * wide)
        radii[index] = max(radii[index], min(usual, min(wide, high) / 2.2))


def _background(board: Board, centres: list[Point], width: float, height: float,
                adjacency: bool) -> list[str]:
    """The board's background, then (with ``adjacency``) a line between each two adjacent
    cells, as the root's children."""
    scratch = ET.Element("g")
    element(scratch, "rect", x=0, y=0, width=width, height=height, fill="#fbf8ef")
    if adjacency:
        lines = element(scratch, "g", class_="adjacency", stroke="#9a8f7a", stroke_width=1.2)
        for a, b in board.edges():
            (x1, y1), (x2, y2) = centres[a], centres[b]
            element(lines, "line", x1=x1, y1=y1, x2=x2, y2=y2)
    return fragments(scratch, 1)


def _extent(polygon: tuple[tuple[float, float], ...], frame: layout.Frame
            ) -> tuple[float, float]:
    """The width and height of a cell's outline in the picture."""
    xs, ys = zip(*map(frame.xy, polygon))
    return max(xs) - min(xs), max(ys) - min(ys)


def _needed(name: str) -> float:
    """The radius a cell's circle needs for its name at the label size of a spread map (a long
    name is drawn smaller, in a circle of at most three labels' size)."""
    wide = text_width(name, layout.LABEL)
    return max(layout.SPREAD_SMALLEST, min(layout.LABEL * 3, wide / 2 / 0.86 + 1))


def _draw_cell(marks: ET.Element, what: int, centre: tuple[float, float], r: float, label: str,
               numbered: bool, outlined: bool, labelled: bool, value: str | None,
               colours: list[str], largest: float, room: float) -> None:
    """One cell's stone (or, without outlines, its circle), its name or move number, and its
    value on a valued map."""
    x, y = centre
    if what > 0:
        fill, ink = colours[what - 1], _ink_on(colours[what - 1])
    elif what == OFF:
        fill, ink = UNPLAYABLE, "#666"
    else:
        fill, ink = ("none" if outlined else PAPER), INK
    if what > 0 or not outlined:
        element(marks, "circle", cx=x, cy=y, r=r, fill=fill, stroke=INK, stroke_width=1,
                stroke_dasharray="2,2" if what == OFF else None)
    if labelled:
        wide = text_width(label, 1.0)
        font = max(5.0, min(largest, room / max(1.0, wide)))
        text_line(marks, label, x, y, font, fill=ink if what != EMPTY else INK,
                    class_=None if numbered else "coordinates")
    if value is not None and what != OFF:
        text_line(marks, value, x + r * 0.9, y - r * 0.9, largest, fill="#555")


def value_shown(board: Board) -> bool:
    """Cell values are worth printing only on a valued map."""
    return any(cell.value != 1 for cell in board.cells)
