"""Boards whose stones stand on the intersections of a grid (Renju, Go on a grid map).

The coordinates stand outside the stones of the edge lines: the margin holds a stone's radius,
a gap and the widest label (:func:`framed`), and every label is placed from the ink of kifu's
outline of it (:mod:`kifu.draw.glyphs`; a row's labels grow away from the board in a wider
font), so no stone ever covers one.  Labels are ``LABEL`` of a cell high,
so that a 19x19 board drawn 360 pixels wide still has 9-pixel coordinates.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from kifu.base.markup import Markup, sgf_point, view_points
from kifu.draw import glyphs
from kifu.draw.svg import document, element, text_line, text_width

BOARD_FILL = "#dcb35c"
LINE = "#222"
#: A stone's radius, a coordinate's size and the gaps around coordinates, in cells.
STONE, LABEL, GAP = 0.47, 0.55, 0.12
#: A move number's size on a stone, in cells: up to two digits, and three or more.
NUMBER, LONG_NUMBER = 0.55, 0.46


@dataclass(frozen=True)
class Grid:
    """Where each intersection goes: columns from the left, rows from the bottom, 0-based."""

    columns: int
    rows: int
    cell: float = 30.0
    margin: float = 30.0
    flip: bool = False

    @property
    def width(self) -> float:
        return 2 * self.margin + (self.columns - 1) * self.cell

    @property
    def height(self) -> float:
        return 2 * self.margin + (self.rows - 1) * self.cell

    def xy(self, column: int, row: int) -> tuple[float, float]:
        if self.flip:
            column, row = self.columns - 1 - column, self.rows - 1 - row
        return (self.margin + column * self.cell,
                self.margin + (self.rows - 1 - row) * self.cell)


#: The lines of board a problem's drawing keeps around its stones, and how near the board's
#: edge a side of it may come before it is taken to the edge (an edge matters to a problem).
AREA_MARGIN = 2

#: A part of a drawing: x, y, width and height in its user units.
Area = tuple[float, float, float, float]


def problem_area(grid: Grid, properties: Mapping[str, str],
                 stones: Callable[[], Iterable[tuple[int, int]]]) -> Area | None:
    """The part of a grid's drawing a problem needs: the points the record's ``properties``
    show (SGF's ``VW``), else the box of its ``stones`` (columns and rows, as :meth:`Grid.xy`
    takes them: every stone of its positions) with :data:`AREA_MARGIN` lines around it; each
    side that comes within the margin of the board's edge taken to the edge and its
    coordinates.  ``None`` for no stones, or a box that is the whole board."""
    shown = [p for p in (sgf_point(name, grid.columns, grid.rows)
                         for name in view_points(properties)) if p is not None]
    found = shown or list(stones())
    if not found:
        return None
    margin = 0 if shown else AREA_MARGIN
    spans = []
    for axis, count in ((0, grid.columns), (1, grid.rows)):
        low = max(0, min(p[axis] for p in found) - margin)
        high = min(count - 1, max(p[axis] for p in found) + margin)
        spans.append((0 if low <= margin else low,
                      count - 1 if high >= count - 1 - margin else high))
    (left, right), (bottom, top) = spans
    if (left, right, bottom, top) == (0, grid.columns - 1, 0, grid.rows - 1):
        return None
    corners = [grid.xy(left, bottom), grid.xy(right, top)]
    half = grid.cell / 2
    x0, x1 = sorted(c[0] for c in corners)
    y0, y1 = sorted(c[1] for c in corners)
    # a side on the board's first or last line takes in the margin and its coordinates
    x0 = 0 if x0 < grid.margin + half else x0 - half
    y0 = 0 if y0 < grid.margin + half else y0 - half
    x1 = grid.width if x1 > grid.width - grid.margin - half else x1 + half
    y1 = grid.height if y1 > grid.height - grid.margin - half else y1 + half
    return (round(x0, 2), round(y0, 2), round(x1 - x0, 2), round(y1 - y0, 2))


def framed(columns: int, rows: int, *, coords: bool, flip: bool = False,
           row_label: Callable[[int], str] = str, cell: float = 30.0) -> Grid:
    """A grid whose margin holds the coordinates (the widest row label beside a stone of the
    edge), or, without coordinates, just the edge stones."""
    if not coords:
        return Grid(columns, rows, cell, round(cell * 0.66, 2), flip)
    size = cell * LABEL
    widest = max((text_width(label, size) for label in map(row_label, range(rows))),
                 default=size)
    return Grid(columns, rows, cell, round(cell * (STONE + 2 * GAP) + widest, 2), flip)


def draw_board(grid: Grid, *, stars: Iterable[tuple[int, int]] = (), coords: bool = True,
               column_label: Callable[[int], str] = str, row_label: Callable[[int], str] = str,
               title: str | None = None, extra_height: float = 0.0,
               pixel_width: float | None = None) -> ET.Element:
    """An SVG document with the wooden board, its lines, star points and coordinates.

    ``extra_height`` leaves room below the board for a legend.
    """
    root = document(grid.width, grid.height + extra_height, title, pixel_width)
    element(root, "rect", x=0, y=0, width=grid.width, height=grid.height, fill=BOARD_FILL)
    lines = element(root, "g", stroke=LINE, stroke_width=1, stroke_linecap="square")
    for column in range(grid.columns):
        (x1, y1), (x2, y2) = grid.xy(column, 0), grid.xy(column, grid.rows - 1)
        element(lines, "line", x1=x1, y1=y1, x2=x2, y2=y2)
    for row in range(grid.rows):
        (x1, y1), (x2, y2) = grid.xy(0, row), grid.xy(grid.columns - 1, row)
        element(lines, "line", x1=x1, y1=y1, x2=x2, y2=y2)
    for column, row in stars:
        x, y = grid.xy(column, row)
        element(root, "circle", cx=x, cy=y, r=grid.cell * 0.1, fill=LINE)
    if coords:
        draw_coordinates(root, grid, column_label, row_label)
    return root


def draw_coordinates(root: ET.Element, grid: Grid, column_label: Callable[[int], str],
                     row_label: Callable[[int], str]) -> None:
    """The labels of the columns above and below the board, of the rows left and right of it,
    each a gap away from the stones of the edge lines."""
    labels = element(root, "g", fill=LINE, class_="coordinates")
    size, cell = grid.cell * LABEL, grid.cell
    near = grid.margin - cell * (STONE + GAP)  # the edge of the band beside the stones
    names = [column_label(column) for column in range(grid.columns)]
    sizes = [min(size, cell * 0.95 * size / max(text_width(text, size), 1e-9))
             for text in names]
    # One baseline for the whole row of labels: the lowest ink above, the highest below.
    top = min(_ink_rows(text, fitted)[0] for text, fitted in zip(names, sizes))
    bottom = max(_ink_rows(text, fitted)[1] for text, fitted in zip(names, sizes))
    for column, (text, fitted) in enumerate(zip(names, sizes)):
        x, _ = grid.xy(column, 0)
        text_line(labels, text, x, near - bottom, fitted)
        text_line(labels, text, x, grid.height - near - top, fitted)
    for row in range(grid.rows):
        _, y = grid.xy(0, row)
        text = row_label(row)
        text_line(labels, text, near, y, size, anchor="end")
        text_line(labels, text, grid.width - near, y, size, anchor="start")


def _ink_rows(text: str, size: float) -> tuple[float, float]:
    """How far the ink of ``text`` centred on y = 0 reaches up (negative) and down."""
    if not glyphs.covers(text):
        return -size / 2, size / 2
    _, top, _, bottom = glyphs.box(text, 0.0, 0.0, size)
    return top, bottom


def draw_stone(parent: ET.Element, grid: Grid, column: int, row: int, fill: str,
               stroke: str = LINE, label: str | None = None, label_fill: str = "#fff") -> None:
    x, y = grid.xy(column, row)
    element(parent, "circle", cx=x, cy=y, r=grid.cell * STONE, fill=fill, stroke=stroke,
            stroke_width=1)
    if label:
        size = grid.cell * (NUMBER if len(label) < 3 else LONG_NUMBER)
        # as wide as the stone at most
        size = min(size, grid.cell * 2 * STONE * 0.9 * size / text_width(label, size))
        text_line(parent, label, x, y, size, fill=label_fill)


def draw_last_move(parent: ET.Element, grid: Grid, column: int, row: int, colour: str) -> None:
    x, y = grid.xy(column, row)
    element(parent, "circle", cx=x, cy=y, r=grid.cell * 0.17, fill="none", stroke=colour,
            stroke_width=2, class_="last-move")


def draw_cross(parent: ET.Element, grid: Grid, column: int, row: int, colour: str) -> None:
    x, y = grid.xy(column, row)
    d = grid.cell * 0.22
    element(parent, "path", d=f"M{x - d:.1f},{y - d:.1f}L{x + d:.1f},{y + d:.1f}"
            f"M{x - d:.1f},{y + d:.1f}L{x + d:.1f},{y - d:.1f}", stroke=colour, stroke_width=2.5,
            class_="forbidden")


def draw_winning_line(parent: ET.Element, grid: Grid, stones: Sequence[tuple[int, int]],
                      colour: str) -> None:
    """A line through the stones that ended the game (a five, an overline), from the first
    to the last of them, over the stones, each of them ringed: the game says which stones,
    the drawing is the same for every game."""
    if not stones:
        return
    group = element(parent, "g", class_="winning-line", stroke=colour, fill="none")
    (x1, y1), (x2, y2) = grid.xy(*stones[0]), grid.xy(*stones[-1])
    if len(stones) > 1:
        element(group, "line", x1=x1, y1=y1, x2=x2, y2=y2, stroke_width=grid.cell * 0.12,
                stroke_linecap="round", stroke_opacity=0.85)
    for column, row in stones:
        x, y = grid.xy(column, row)
        element(group, "circle", cx=x, cy=y, r=grid.cell * (STONE + 0.04), stroke_width=2)


def draw_legend(parent: ET.Element, grid: Grid, lines: list[str]) -> None:
    """Lines of text under the board (players, captures, score)."""
    size = grid.cell * 0.45
    for index, text in enumerate(lines):
        element(parent, "text", text, x=grid.margin * 0.5,
                y=grid.height + size * (1.3 * index + 1.1), font_size=size, fill=LINE)


def legend_height(grid: Grid, lines: int) -> float:
    return 0.0 if not lines else grid.cell * 0.45 * (1.3 * lines + 0.6)


# -- markup ---------------------------------------------------------------------------------

#: A mark's ink on the board: 4.5:1 on its wood, as a label is small text (WCAG 1.4.3).
MARK = "#8e1f14"
DIMMED = 0.55


def draw_markup(root: ET.Element, grid: Grid, markup: Markup,
                locate: Callable[[str], tuple[int, int] | None],
                stone: Callable[[int, int], str | None]) -> None:
    """What a record marks on the board (:mod:`kifu.base.markup`; its points SGF's or the
    game's own names, found by ``locate``): dimmed points veiled,
    triangles, squares, circles and crosses on their points, lines and arrows between points,
    labels on their points (on an empty point, over a patch of the board).  ``locate`` gives
    a point's column and row (``None``: not on the board), ``stone`` the fill of the stone on
    a point (``None``: empty), so that a mark on a dark stone is drawn light."""
    group = element(root, "g", class_="markup", fill="none", stroke_width=2,
                    stroke_linecap="round", stroke_linejoin="round")
    cell = grid.cell

    def where(point: str) -> tuple[float, float, str] | None:
        found = sgf_point(point, grid.columns, grid.rows) or locate(point)
        if found is None:
            return None
        x, y = grid.xy(*found)
        return x, y, _ink(stone(*found))

    veil = [found for p in markup.dimmed if (found := where(p)) is not None]
    if veil:
        dim = element(group, "g", class_="dimmed", fill="#f4f4f4", opacity=DIMMED, stroke="none")
        for x, y, _ in veil:
            element(dim, "rect", x=x - cell / 2, y=y - cell / 2, width=cell, height=cell)
    for kind, marked in (("triangle", markup.triangles), ("square", markup.squares),
                         ("circle", markup.circles), ("cross", markup.crosses)):
        for point in marked:
            found = where(point)
            if found is not None:
                _draw_mark(group, kind, *found, cell * 0.27)
    for kind, pairs in (("line", markup.lines), ("arrow", markup.arrows)):
        for first, second in pairs:
            a, b = where(first), where(second)
            if a is None or b is None or a[:2] == b[:2]:
                continue
            _arrow(group, a[0], a[1], b[0], b[1], cell, kind)
    for point, text in markup.labels:
        found = where(point)
        if found is None or not text:
            continue
        column, row = sgf_point(point, grid.columns, grid.rows) or locate(point) or (0, 0)
        _draw_label(group, text, *found, cell, stone(column, row) is None)


def _draw_mark(group: ET.Element, kind: str, x: float, y: float, ink: str, r: float) -> None:
    """A triangle, square, circle or cross (``kind``) of radius about ``r`` on a point."""
    if kind == "triangle":
        element(group, "polygon", class_=kind, stroke=ink, points=" ".join(
            f"{x + r * dx:.1f},{y + r * dy:.1f}" for dx, dy in
            ((0, -1.1), (0.95, 0.6), (-0.95, 0.6))))
    elif kind == "square":
        element(group, "rect", class_=kind, stroke=ink, x=x - r * 0.8, y=y - r * 0.8,
                width=r * 1.6, height=r * 1.6)
    elif kind == "circle":
        element(group, "circle", class_=kind, stroke=ink, cx=x, cy=y, r=r)
    else:
        d = r * 0.8
        element(group, "path", class_=kind, stroke=ink,
                d=f"M{x - d:.1f},{y - d:.1f}L{x + d:.1f},{y + d:.1f}"
                  f"M{x - d:.1f},{y + d:.1f}L{x + d:.1f},{y - d:.1f}")


def _draw_label(group: ET.Element, text: str, x: float, y: float, ink: str, cell: float,
                empty: bool) -> None:
    """A label on a point, as large as a cell takes it; on an ``empty`` point the board's
    lines make way for it."""
    if empty:
        element(group, "circle", cx=x, cy=y, r=cell * 0.4, fill=BOARD_FILL, stroke="none",
                class_="label-ground")
    size = cell * LABEL
    size = min(size, cell * 0.9 * size / max(text_width(text, size), 1e-9))
    text_line(group, text, x, y, size, fill=ink, stroke="none", class_="label")


def _ink(fill: str | None) -> str:
    """The colour of a mark on a stone of ``fill`` (``None``: an empty point)."""
    if fill is None:
        return MARK
    digits = fill.lstrip("#")
    if len(digits) == 3:
        digits = "".join(c * 2 for c in digits)
    r, g, b = (int(digits[i:i + 2], 16) for i in (0, 2, 4))
    return "#fff" if 0.299 * r + 0.587 * g + 0.114 * b < 140 else MARK


def _arrow(group: ET.Element, x1: float, y1: float, x2: float, y2: float, cell: float,
           kind: str) -> None:
    """A line from one point to another; an arrow's head at the second (drawn as a polygon:
    a drawing refers to no marker elsewhere)."""
    length = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    if kind == "line":
        element(group, "line", class_=kind, stroke=MARK, x1=x1, y1=y1, x2=x2, y2=y2)
        return
    head = cell * 0.35
    bx, by = x2 - ux * head, y2 - uy * head
    element(group, "line", class_=kind, stroke=MARK, x1=x1, y1=y1, x2=bx, y2=by)
    element(group, "polygon", class_=kind + "-head", fill=MARK, stroke=MARK, points=" ".join(
        f"{px:.1f},{py:.1f}" for px, py in ((x2, y2), (bx - uy * head * 0.45,
                                                      by + ux * head * 0.45),
                                            (bx + uy * head * 0.45, by - ux * head * 0.45))))
