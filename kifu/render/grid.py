"""Boards whose stones stand on the intersections of a grid (Renju, Go on a grid map)."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from kifu.render.svg import document, element

BOARD_FILL = "#dcb35c"
LINE = "#222"


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
        labels = element(root, "g", font_size=grid.cell * 0.4, fill=LINE, text_anchor="middle",
                         dominant_baseline="central", class_="coordinates")
        for column in range(grid.columns):
            x, _ = grid.xy(column, 0)
            for y in (grid.margin * 0.45, grid.height - grid.margin * 0.45):
                element(labels, "text", column_label(column), x=x, y=y)
        for row in range(grid.rows):
            _, y = grid.xy(0, row)
            for x in (grid.margin * 0.45, grid.width - grid.margin * 0.45):
                element(labels, "text", row_label(row), x=x, y=y)
    return root


def draw_stone(parent: ET.Element, grid: Grid, column: int, row: int, fill: str,
               stroke: str = LINE, label: str | None = None, label_fill: str = "#fff") -> None:
    x, y = grid.xy(column, row)
    element(parent, "circle", cx=x, cy=y, r=grid.cell * 0.47, fill=fill, stroke=stroke,
            stroke_width=1)
    if label:
        size = grid.cell * (0.45 if len(label) < 3 else 0.36)
        element(parent, "text", label, x=x, y=y, fill=label_fill, font_size=size,
                text_anchor="middle", dominant_baseline="central")


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


def draw_legend(parent: ET.Element, grid: Grid, lines: list[str]) -> None:
    """Lines of text under the board (players, captures, score)."""
    size = grid.cell * 0.45
    for index, text in enumerate(lines):
        element(parent, "text", text, x=grid.margin * 0.5,
                y=grid.height + size * (1.3 * index + 1.1), font_size=size, fill=LINE)


def legend_height(grid: Grid, lines: int) -> float:
    return 0.0 if not lines else grid.cell * 0.45 * (1.3 * lines + 0.6)
