"""A Rengoma position as SVG: pieces sit inside the squares, so this draws its own board rather
than an intersection grid.

Each square shows its top piece (colour, strength) large, the stack's height in a corner and the
pieces beneath as a strip of small tiles (bottom to top, left to right), with the whole stack
spelt out in the square's ``<title>`` and, for a stack of two or more, in ``data-parts`` (bottom
first, between ``|``), which kifu's viewer shows in its text when the stack is tapped.  Beside
the board: the field pieces with what is left in each stock, and the chips.  The last turn's
actions are outlined and numbered, a move's path drawn; a winning row is struck through.
Everything from the record goes through ElementTree.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET

from kifu.builtin.rengoma.moves import LETTERS
from kifu.builtin.rengoma.position import (
    BLACK,
    COLOUR_NAMES,
    RED,
    STOCK,
    Position,
    colour_of,
    strength_of,
)
from kifu.builtin.rengoma.render.text import facts, status
from kifu.plugin import Markup, Record, RenderOptions, document, draw_matches, element, text_line, to_string

CELL = 56.0
PANEL = 170.0
BOARD_FILL, LINE, INK = "#ecdcb8", "#7a6340", "#222"
FILL = {BLACK: "#1d1d1d", RED: "#c0392b"}
#: The last turn's marks are dark orange, 4.5:1 on the board (its numbers are small text).
MARK, WIN, CHIP = "#9a4300", "#2e86de", "#f1c40f"
#: Tiles of pieces beneath shown in a square's strip before the rest is summed up as "+n".
STRIP = 4


class _Layout:
    """Where things go: squares from the top-left of the board, the panel to its right."""

    def __init__(self, position: Position, options: RenderOptions) -> None:
        self.geo = position.geo
        self.flip = options.flip
        self.margin = 28.0 if options.coords else 12.0
        self.board_width = self.geo.columns * CELL
        self.board_height = self.geo.rows * CELL
        self.width = 2 * self.margin + self.board_width + PANEL
        self.height = 2 * self.margin + self.board_height

    def corner(self, at: int) -> tuple[float, float]:
        column, row = self.geo.square(at)
        if self.flip:
            column, row = self.geo.columns - 1 - column, self.geo.rows - 1 - row
        return self.margin + column * CELL, self.margin + (self.geo.rows - 1 - row) * CELL

    def centre(self, at: int) -> tuple[float, float]:
        x, y = self.corner(at)
        return x + CELL / 2, y + CELL / 2


def render_svg(position: Position, options: RenderOptions, record: Record | None = None,
               markup: Markup | None = None) -> str:
    """The board with its stacks, the winning row, the last turn, the stock and chips, the
    squares a search matched framed (``markup``'s squares), and the legend below."""
    layout = _Layout(position, options)
    legend = _legend(position, record, options)
    line_height = CELL * 0.34
    root = document(layout.width, layout.height + line_height * (len(legend) + 0.5),
                    _title(record), options.size)
    _board(root, layout, options)
    if position.win_line:  # a band under the pieces, so that they stay readable
        (x1, y1), (x2, y2) = layout.centre(position.win_line[0]), layout.centre(position.win_line[-1])
        element(root, "line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=WIN, stroke_width=CELL * 0.3,
                stroke_linecap="round", opacity=0.45, class_="win-line")
    pieces = element(root, "g", class_="stacks")
    for at in position.geo.squares:
        if position.stacks[at]:
            _stack(pieces, layout, position, at, options)
    if options.last_move and position.last:
        _last_turn(root, layout, position)
    draw_matches(root, markup, 0, lambda column, row: _square(layout, position, column, row))
    _panel(root, layout, position)
    for index, text in enumerate(legend):
        element(root, "text", text, x=layout.margin, y=layout.height + line_height * (index + 0.6),
                font_size=CELL * 0.26, fill=INK, class_="legend")
    return to_string(root)


def _square(layout: _Layout, position: Position, column: int, row: int) -> tuple[
        float, float, float]:
    """The top-left corner and the size of the square of ``column`` and ``row`` (from the
    top, as the key writes its rows)."""
    x, y = layout.centre(position.geo.index(column, position.geo.rows - 1 - row))
    return x - CELL / 2, y - CELL / 2, CELL


def _board(root: ET.Element, layout: _Layout, options: RenderOptions) -> None:
    m, geo = layout.margin, layout.geo
    element(root, "rect", x=m, y=m, width=layout.board_width, height=layout.board_height,
            fill=BOARD_FILL, stroke=LINE, stroke_width=1.5)
    lines = element(root, "g", stroke=LINE, stroke_width=0.8)
    for column in range(1, geo.columns):
        x = m + column * CELL
        element(lines, "line", x1=x, y1=m, x2=x, y2=m + layout.board_height)
    for row in range(1, geo.rows):
        y = m + row * CELL
        element(lines, "line", x1=m, y1=y, x2=m + layout.board_width, y2=y)
    if not options.coords:
        return
    labels = element(root, "g", fill=INK, class_="coordinates")
    for column in range(geo.columns):
        x, _ = layout.centre(geo.index(column, 0))
        for y in (m * 0.5, m * 1.5 + layout.board_height):
            text_line(labels, LETTERS[column], x, y, CELL * 0.27)
    for row in range(geo.rows):
        _, y = layout.centre(geo.index(0, row))
        for x in (m * 0.5, m * 1.5 + layout.board_width):
            text_line(labels, row + 1, x, y, CELL * 0.27)


def _piece(parent: ET.Element, x: float, y: float, radius: float, colour: int,
           strength: int | str) -> None:
    element(parent, "circle", cx=x, cy=y, r=radius, fill=FILL[colour], stroke="#000",
            stroke_width=1, class_=f"piece {COLOUR_NAMES[colour]}")
    text_line(parent, strength, x, y, radius * 1.1, fill="#fff")


def _stack(parent: ET.Element, layout: _Layout, position: Position, at: int,
           options: RenderOptions) -> None:
    stack = position.stacks[at]
    x, y = layout.corner(at)
    group = element(parent, "g", class_="stack", data_square=position.geo.name(at),
                    data_height=len(stack))
    if len(stack) > 1:  # every piece, bottom first, for kifu's viewer to show when tapped
        group.set("data-place", position.geo.name(at))
        group.set("data-parts", "|".join(f"{COLOUR_NAMES[colour_of(c)]}, strength {strength_of(c)}"
                                         for c in stack))
    spelt = ", ".join(f"{COLOUR_NAMES[colour_of(c)]} {strength_of(c)}" for c in stack)
    element(group, "title", f"{position.geo.name(at)}: {spelt}"
            + (" (bottom to top)" if len(stack) > 1 else ""))
    top = stack[-1]
    below = stack[:-1]
    centre_y = y + CELL * (0.36 if below else 0.5)
    _piece(group, x + CELL / 2, centre_y, CELL * (0.27 if below else 0.36), colour_of(top),
           strength_of(top))
    if below:
        text_line(group, f"×{len(stack)}", x + CELL - 3, y + CELL * 0.13, CELL * 0.24,
                  anchor="end", fill=INK, class_="height")
        _strip(group, x, y, below)
    if options.numbers and at in position.numbers:
        text_line(group, position.numbers[at], x + 3, y + CELL * 0.13, CELL * 0.24,
                  anchor="start", fill=INK, class_="number")


def _strip(group: ET.Element, x: float, y: float, below: list[int]) -> None:
    """The pieces beneath the top, bottom first, as small tiles along the square's foot."""
    tile = CELL * 0.24
    shown = below[-STRIP:] if len(below) > STRIP else below
    left = x + (CELL - len(shown) * (tile + 1)) / 2
    if len(below) > STRIP:
        text_line(group, f"+{len(below) - STRIP}", x + 2, y + CELL - 3, CELL * 0.24,
                  anchor="start", baseline="alphabetic", fill=INK)
        left = x + CELL * 0.2
    for index, code in enumerate(shown):
        tx = left + index * (tile + 1)
        ty = y + CELL - tile - 2
        element(group, "rect", x=tx, y=ty, width=tile, height=tile, rx=1.5,
                fill=FILL[colour_of(code)], class_="beneath")
        text_line(group, strength_of(code), tx + tile / 2, ty + tile / 2, tile,
                  fill="#fff")


def _last_turn(root: ET.Element, layout: _Layout, position: Position) -> None:
    group = element(root, "g", class_="last-turn", fill="none", stroke=MARK)
    many = len(position.last) > 1
    for number, (origin, target) in enumerate(position.last, start=1):
        x, y = layout.corner(target)
        element(group, "rect", x=x + 2, y=y + 2, width=CELL - 4, height=CELL - 4,
                stroke_width=3, class_="last-move")
        if origin is not None:
            ox, oy = layout.corner(origin)
            element(group, "rect", x=ox + 4, y=oy + 4, width=CELL - 8, height=CELL - 8,
                    stroke_width=2, stroke_dasharray="4 3", class_="last-origin")
            (x1, y1), (x2, y2) = layout.centre(origin), layout.centre(target)
            element(group, "line", x1=x1, y1=y1, x2=x2, y2=y2, stroke_width=2.5)
        if many:
            text_line(root, number, x + 5, y + CELL - 6, CELL * 0.24, anchor="start",
                      baseline="alphabetic", fill=MARK, class_="action-number")


def _panel(root: ET.Element, layout: _Layout, position: Position) -> None:
    x = 2 * layout.margin + layout.board_width
    y = layout.margin
    group = element(root, "g", class_="panel", fill=INK, font_size=CELL * 0.26)
    element(group, "text", "Field", x=x, y=y + CELL * 0.2, font_weight="bold")
    for index, colour in enumerate((BLACK, RED)):
        cy = y + CELL * (0.75 + 0.8 * index)
        strength = position.field[colour]
        if strength:
            _piece(group, x + CELL * 0.3, cy, CELL * 0.26, colour, strength)
        else:
            element(group, "circle", cx=x + CELL * 0.3, cy=cy, r=CELL * 0.26, fill="none",
                    stroke=FILL[colour], stroke_dasharray="3 3", class_="field-empty")
        left = len(position.stock_left(colour))
        element(group, "text", f"{COLOUR_NAMES[colour]}: {left} in stock", x=x + CELL * 0.7,
                y=cy, dy="0.35em")
    cy = y + CELL * 2.4
    element(group, "text", "Chips", x=x, y=cy, font_weight="bold")
    for index, (who, count) in enumerate((("black", position.chips[BLACK]),
                                          ("red", position.chips[RED]),
                                          ("stock", position.chips[STOCK]))):
        row_y = cy + CELL * (0.45 + 0.4 * index)
        element(group, "text", who, x=x, y=row_y, dy="0.35em")
        for chip in range(count):
            element(group, "circle", cx=x + CELL * (1.1 + 0.35 * chip), cy=row_y, r=CELL * 0.13,
                    fill=CHIP, stroke="#9a7d0a", class_=f"chip {who}")


def _title(record: Record | None) -> str:
    if record is None:
        return "Rengoma"
    black, red = record.header("Black"), record.header("Red")
    if not (black or red):
        return "Rengoma"
    return f"Rengoma: {black or '?'} (black) vs {red or '?'} (red)"


def _legend(position: Position, record: Record | None, options: RenderOptions) -> list[str]:
    lines = []
    if record is not None and (record.header("Black") or record.header("Red")):
        lines.append(f"Black: {record.header('Black') or '?'} · Red: {record.header('Red') or '?'}")
    if options.flag("stacks"):
        lines.extend(line for line in facts(position, all_stacks=True)
                     if line.startswith("stacks"))
    lines.append(status(position))
    return lines
