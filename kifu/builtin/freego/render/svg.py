"""Free-form Go as SVG: grids as Go boards, maps from their outlines or as cells and links.

Three pictures for three kinds of board: a grid is drawn by ``kifu.render.grid`` like any Go
board (lines, star points, coordinates); a map with outlines is drawn cell by cell, each cell
tinted by the stone in it with a stone at its centre; a map with points only (Japan, China, the
US) is drawn as cells at their points joined by their adjacency.  Under every picture a legend
gives each seat's colour, prisoners and score.  All text goes through ElementTree.
"""
from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from kifu.base.record import Record
from kifu.base.terminal import display_width
from kifu.builtin.freego.boards import grids
from kifu.builtin.freego.boards.board import Board, Point
from kifu.builtin.freego.position import EMPTY, OFF, Position
from kifu.builtin.freego.rules import scoring
from kifu.plugin import RenderOptions
from kifu.render import grid as goboard
from kifu.render.svg import document, element, to_string

LAST_MOVE = "#e33"
PAPER = "#f5eedc"
UNPLAYABLE = "#d9d9d9"
INK = "#222"
MAP_WIDTH = 760.0
MAP_MARGIN = 24.0
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


def _legend_lines(pos: Position) -> list[str]:
    table = pos.scores or scoring.scores(pos)
    lines = []
    for seat, score in enumerate(table):
        marker = " (to move)" if pos.outcome is None and seat == pos.to_move else ""
        lines.append(f"{score.seat}{marker}: {pos.prisoners[seat]} prisoners, komi "
                     f"{scoring.fmt(score.komi)}, score {scoring.fmt(score.total)}")
    if pos.outcome is not None:
        lines.append(pos.outcome.describe())
    else:
        lines.append(f"move {pos.ply}; score as if the game ended now ({pos.rules.scoring})")
    return lines


def legend_size(pos: Position, width: float, largest: float) -> float:
    """A legend font size at which the longest line fits the picture's width."""
    longest = max(display_width(line) for line in _legend_lines(pos)) + 3
    return min(largest, width / (0.56 * longest))


def _draw_legend(root: ET.Element, pos: Position, x: float, top: float, size: float) -> None:
    colours = seat_colours(pos.rules.seats)
    legend = element(root, "g", class_="legend", font_size=size, fill=INK)
    for index, line in enumerate(_legend_lines(pos)):
        y = top + (index + 0.8) * size * 1.4
        if index < len(colours):
            element(legend, "circle", cx=x + size * 0.5, cy=y - size * 0.35, r=size * 0.45,
                    fill=colours[index], stroke=INK, stroke_width=0.8)
            element(legend, "text", line, x=x + size * 1.4, y=y)
        else:
            element(legend, "text", line, x=x, y=y)


def render_svg(pos: Position, options: RenderOptions, record: Record | None = None) -> str:
    if pos.board.grid is not None:
        return _render_grid(pos, options, record)
    return _render_map(pos, options, record)


# -- grids ----------------------------------------------------------------------------------

def _render_grid(pos: Position, options: RenderOptions, record: Record | None) -> str:
    columns, rows = pos.board.grid or (0, 0)
    grid = goboard.Grid(columns, rows, flip=options.flip, margin=30.0 if options.coords else 20.0)
    lines = len(_legend_lines(pos))
    size = legend_size(pos, grid.width, grid.cell * 0.45)
    root = goboard.draw_board(grid, stars=_stars(columns, rows), coords=options.coords,
                              column_label=grids.column_name, row_label=lambda r: str(r + 1),
                              title=_title(pos, record), extra_height=size * 1.4 * (lines + 0.6),
                              pixel_width=options.size)
    colours = seat_colours(pos.rules.seats)
    stones = element(root, "g", class_="stones")
    for index, what in enumerate(pos.cells):
        if what > 0:
            row, column = divmod(index, columns)
            label = str(pos.numbers.get(index, "")) if options.numbers else None
            goboard.draw_stone(stones, grid, column, row, colours[what - 1], label=label or None,
                               label_fill=_ink_on(colours[what - 1]))
    if options.last_move and pos.last is not None and not options.numbers:
        row, column = divmod(pos.last, columns)
        goboard.draw_last_move(root, grid, column, row, LAST_MOVE)
    _draw_legend(root, pos, grid.margin * 0.5, grid.height, size)
    return to_string(root)


def _ink_on(colour: str) -> str:
    """Black or white text, whichever reads on ``colour``."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#fff"


# -- maps -----------------------------------------------------------------------------------

class _Frame:
    """Drawing coordinates of a board mapped into the picture (y flipped for map-style data)."""

    def __init__(self, board: Board, flip: bool) -> None:
        points = [p for cell in board.cells for p in (cell.polygon or ())]
        points += [c for cell in board.cells if (c := cell.centre()) is not None]
        if not points:  # a board without drawing data: cells on a circle
            points = [_circle_point(i, len(board)) for i in range(len(board))]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        self.x0, self.x1, self.y0, self.y1 = min(xs), max(xs), min(ys), max(ys)
        span = max(self.x1 - self.x0, self.y1 - self.y0, 1e-9)
        self.scale = (MAP_WIDTH - 2 * MAP_MARGIN) / span
        self.y_down = board.y_down
        self.flip = flip
        self.width = (self.x1 - self.x0) * self.scale + 2 * MAP_MARGIN
        self.height = (self.y1 - self.y0) * self.scale + 2 * MAP_MARGIN

    def xy(self, point: Point) -> tuple[float, float]:
        x = (point[0] - self.x0) * self.scale + MAP_MARGIN
        y = ((point[1] - self.y0) if self.y_down else (self.y1 - point[1])) * self.scale + MAP_MARGIN
        if self.flip:
            x, y = self.width - x, self.height - y
        return x, y


def _circle_point(index: int, count: int) -> Point:
    angle = 2 * math.pi * index / max(count, 1)
    return (math.cos(angle), math.sin(angle))


def _centres(board: Board, frame: _Frame) -> list[tuple[float, float]]:
    out = []
    for index, cell in enumerate(board.cells):
        centre = cell.centre()
        out.append(frame.xy(centre if centre is not None else _circle_point(index, len(board))))
    return out


def _radii(centres: list[tuple[float, float]]) -> list[float]:
    """A stone's radius per cell: under half the distance to the nearest other cell."""
    radii = []
    for i, (x, y) in enumerate(centres):
        nearest = min((math.hypot(x - u, y - v) for j, (u, v) in enumerate(centres) if j != i),
                      default=40.0)
        radii.append(max(4.0, min(20.0, nearest * 0.45)))
    return radii


def _names(board: Board, choice: str) -> list[str]:
    if choice == "id":
        return [cell.id for cell in board.cells]
    labels = [cell.label for cell in board.cells]
    if choice == "label" or all(display_width(label) <= 6 for label in labels):
        return labels
    return [cell.id for cell in board.cells]


def _render_map(pos: Position, options: RenderOptions, record: Record | None) -> str:
    """A map board: its cells outlined (or, without outlines, as circles linked by their
    adjacency), the stones with names or move numbers, the last move and the legend."""
    board = pos.board
    frame = _Frame(board, options.flip)
    lines = _legend_lines(pos)
    size = legend_size(pos, frame.width, 14.0)
    root = document(frame.width, frame.height + size * 1.4 * (len(lines) + 0.6), _title(pos, record),
                    options.size)
    element(root, "rect", x=0, y=0, width=frame.width, height=frame.height, fill="#fbf8ef")
    centres = _centres(board, frame)
    radii = _radii(centres)
    if board.has_polygons:
        _draw_outlines(root, pos, frame)
    if not board.has_polygons or options.flag("edges"):
        edges = element(root, "g", class_="adjacency", stroke="#9a8f7a", stroke_width=1.2)
        for a, b in board.edges():
            (x1, y1), (x2, y2) = centres[a], centres[b]
            element(edges, "line", x1=x1, y1=y1, x2=x2, y2=y2)
    marks = element(root, "g", class_="stones")
    names = _names(board, options.extras.get("names", "auto"))
    colours = seat_colours(pos.rules.seats)
    for index in range(len(board.cells)):
        _draw_cell(marks, pos, options, colours, index, centres[index], radii[index],
                   names[index])
    if options.last_move and pos.last is not None:
        x, y = centres[pos.last]
        element(root, "circle", cx=x, cy=y, r=radii[pos.last] + 2.5, fill="none",
                stroke=LAST_MOVE, stroke_width=2.5, class_="last-move")
    _draw_legend(root, pos, MAP_MARGIN * 0.5, frame.height, size)
    return to_string(root)


def _draw_outlines(root: ET.Element, pos: Position, frame: _Frame) -> None:
    """Each cell's outline, unplayable cells greyed."""
    cells_group = element(root, "g", class_="cells", stroke=INK, stroke_width=1,
                          stroke_linejoin="round")
    for index, cell in enumerate(pos.board.cells):
        if not cell.polygon:
            continue
        fill = UNPLAYABLE if pos.cells[index] == OFF else PAPER
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in map(frame.xy, cell.polygon))
        element(cells_group, "polygon", points=points, fill=fill, class_="cell")


def _draw_cell(marks: ET.Element, pos: Position, options: RenderOptions, colours: list[str],
               index: int, centre: tuple[float, float], r: float, name: str) -> None:
    """One cell's stone (or, without outlines, its circle), its name or move number, and its
    value on a valued map."""
    board, (x, y) = pos.board, centre
    outlined = board.has_polygons
    what = pos.cells[index]
    if what > 0:
        fill, ink = colours[what - 1], _ink_on(colours[what - 1])
    elif what == OFF:
        fill, ink = UNPLAYABLE, "#666"
    else:
        fill, ink = ("none" if outlined else PAPER), INK
    if what > 0 or not outlined:
        element(marks, "circle", cx=x, cy=y, r=r, fill=fill, stroke=INK, stroke_width=1,
                stroke_dasharray="2,2" if what == OFF else None)
    numbered = options.numbers and index in pos.numbers
    label = str(pos.numbers[index]) if numbered else name
    if options.coords or options.numbers:
        font = max(5.0, min(11.0, r * 1.6 / max(1.0, display_width(label) * 0.55)))
        element(marks, "text", label, x=x, y=y, fill=ink if what != EMPTY else INK,
                font_size=font, text_anchor="middle", dominant_baseline="central",
                class_=None if numbered else "coordinates")
    if value_shown(board) and what != OFF:
        element(marks, "text", scoring.fmt(board.cells[index].value), x=x + r * 0.9,
                y=y - r * 0.9, fill="#555", font_size=max(5.0, min(9.0, r * 0.7)),
                text_anchor="middle")


def value_shown(board: Board) -> bool:
    """Cell values are worth printing only on a valued map."""
    return any(cell.value != 1 for cell in board.cells)
