"""Rengi positions as SVG: both fields side by side, next pieces, warnings and the last chain.

Each colour has its own shape as well as its own fill, so a diagram reads in greyscale and for
colour-blind readers: A blue circle, B red square, C green triangle, D yellow diamond, garbage a
grey hexagon.  Row 13 is shaded, since its stones fall but never connect.  With ``-O frame=K``
the field of the side whose chain just fired is drawn at step K of that chain (0: as the piece
landed), the stones about to vanish outlined.
"""
from __future__ import annotations

import functools
import math
import xml.etree.ElementTree as ET

from kifu.builtin.rengi import bitboard
from kifu.builtin.rengi.moves import SIDE_NAMES
from kifu.builtin.rengi.position import FILL, Position
from kifu.builtin.rengi.render.text import amount, chain_caption, status
from kifu.plugin import (
    ConversionError,
    Markup,
    Record,
    RenderOptions,
    document,
    draw_matches,
    element,
    text_line,
    text_width,
    to_string,
)

CELL = 28.0
MARGIN = 24.0
LABELS = 20.0  # room for row numbers left of a field
#: The coordinates' size: 9 pixels on a drawing 360 pixels wide (a phone).
LABEL_SIZE = 13.0
NEXT = 34.0  # the column of next pieces right of a field
GAP = 26.0
HEAD = 66.0  # title, names and warnings above the fields
STROKE = "#333"
INK = "#222"
#: The field's cells and the band of row 13: 3:1 on the field and on the band (WCAG 1.4.11).
GUIDE = "#767676"
SHAPES = ("circle", "square", "triangle", "diamond", "hexagon")


def _frame(pos: Position, options: RenderOptions) -> tuple[int, int, int] | None:
    """(side, frame index, mask of cells about to vanish) for ``-O frame=K``, if asked."""
    value = options.extras.get("frame")
    if value is None:
        return None
    chain = pos.last_chain
    if chain is None:
        raise ConversionError("-O frame needs a position right after a move that fired a chain")
    if not value.isdigit() or int(value) >= len(chain.frames):
        raise ConversionError(f"-O frame takes 0 to {len(chain.frames) - 1} for this "
                              f"{len(chain.links)}-chain, not {value!r}")
    index = int(value)
    vanishing = chain.links[index].cleared if index < len(chain.links) else 0
    return chain.side, index, vanishing


def _shape(parent: ET.Element, kind: int, x: float, y: float, size: float,
           outline: bool = False) -> None:
    """One stone centred on (x, y), ``size`` across."""
    r = size * 0.44
    attrs = {"fill": FILL[kind], "stroke": "#c00" if outline else STROKE,
             "stroke_width": 2.5 if outline else 1, "class_": SHAPES[kind]}
    if kind == 0:
        element(parent, "circle", cx=x, cy=y, r=r, **attrs)
        return
    if kind == 1:
        side = r * 1.6
        element(parent, "rect", x=x - side / 2, y=y - side / 2, width=side, height=side, rx=2,
                **attrs)
        return
    if kind == 2:
        points = [(x, y - r), (x + r * 0.95, y + r * 0.75), (x - r * 0.95, y + r * 0.75)]
    elif kind == 3:
        points = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    else:
        points = [(x + r * math.cos(math.pi / 3 * i), y + r * math.sin(math.pi / 3 * i))
                  for i in range(6)]
    element(parent, "polygon", points=" ".join(f"{px:.1f},{py:.1f}" for px, py in points),
            **attrs)


def _cell(left: float, column: int, row: int) -> tuple[float, float, float]:
    """The top-left corner and the size of a field's cell (rows from the top)."""
    return left + column * CELL, HEAD + row * CELL, CELL


def _field(root: ET.Element, left: float, top: float, boards: tuple[int, ...] | list[int],
           coords: bool, vanishing: int, just: set[tuple[int, int]], last_move: bool) -> None:
    group = element(root, "g", class_="field")
    width, height = bitboard.COLUMNS * CELL, bitboard.ROWS * CELL
    element(group, "rect", x=left, y=top, width=width, height=height, fill="#f7f4ec",
            stroke=INK, stroke_width=1.5)
    element(group, "rect", x=left, y=top, width=width, height=CELL, fill="#d9d4c7",
            stroke=GUIDE, stroke_width=1, class_="row-13")
    lines = element(group, "g", stroke=GUIDE, stroke_width=0.6)
    for column in range(1, bitboard.COLUMNS):
        x = left + column * CELL
        element(lines, "line", x1=x, y1=top, x2=x, y2=top + height)
    for row in range(1, bitboard.ROWS):
        y = top + row * CELL
        element(lines, "line", x1=left, y1=y, x2=left + width, y2=y)
    death_x, death_y = left + 2.5 * CELL, top + 1.5 * CELL
    element(group, "path", d=f"M{death_x - 6:.1f},{death_y - 6:.1f}L{death_x + 6:.1f},"
            f"{death_y + 6:.1f}M{death_x - 6:.1f},{death_y + 6:.1f}L{death_x + 6:.1f},"
            f"{death_y - 6:.1f}", stroke="#b44", stroke_width=1.5, class_="losing-cell")
    stones = element(group, "g", class_="stones")
    for kind in range(5):
        for column, row in bitboard.cells(boards[kind]):
            x = left + (column + 0.5) * CELL
            y = top + (bitboard.ROWS - row - 0.5) * CELL
            _shape(stones, kind, x, y, CELL,
                   outline=bool(vanishing & bitboard.bit(column, row)))
            if last_move and (column, row) in just:
                element(stones, "circle", cx=x, cy=y, r=CELL * 0.12, fill="#fff",
                        class_="last-move")
    if last_move:
        # where the move's pieces landed and the chain took them at once: a ring on the
        # empty cell, so that the move is still seen (and the viewer's problems know it)
        taken = [(column, row) for column, row in sorted(just)
                 if not any(boards[kind] & bitboard.bit(column, row) for kind in range(5))]
        for column, row in taken:
            element(stones, "circle", cx=left + (column + 0.5) * CELL,
                    cy=top + (bitboard.ROWS - row - 0.5) * CELL, r=CELL * 0.38, fill="none",
                    stroke=INK, stroke_width=1, stroke_dasharray="3 2", class_="last-move")
    if coords:
        labels = element(group, "g", fill=INK, class_="coordinates")
        for column in range(bitboard.COLUMNS):
            text_line(labels, column + 1, left + (column + 0.5) * CELL,
                      top + height + CELL * 0.45, LABEL_SIZE)
        for row in range(bitboard.ROWS):
            text_line(labels, row + 1, left - 2, top + (bitboard.ROWS - row - 0.5) * CELL,
                      LABEL_SIZE, anchor="end")


def _next(root: ET.Element, left: float, top: float, pieces: list[tuple[int, ...]]) -> None:
    group = element(root, "g", class_="next")
    if pieces:
        text_line(group, "next", left + NEXT / 2, top - 3, 12, baseline="alphabetic", fill=INK)
    # Two pieces large; a whole open list (12) shrinks to fit beside the field.
    step = min(2 * CELL * 0.55 + 4, bitboard.ROWS * CELL / max(len(pieces), 1))
    size = (step - 4) / 2
    for index, piece in enumerate(pieces):
        base = top + (index + 1) * step
        for offset, kind in enumerate(piece):  # axis below, child above
            _shape(group, kind, left + NEXT / 2, base - (offset + 0.5) * size, size)


def render_svg(pos: Position, options: RenderOptions, record: Record | None = None,
               markup: Markup | None = None) -> str:
    """Both fields side by side with the next pieces, warnings and the last chain, the cells
    a search matched framed (``markup``'s squares, each field a board of its own), and the
    caption below."""
    frame = _frame(pos, options)
    order = (1, 0) if options.flip else (0, 1)
    field_w = bitboard.COLUMNS * CELL
    block = LABELS + field_w + NEXT
    caption = chain_caption(pos)
    if frame is not None:
        caption.insert(0, f"step {frame[1]} of {SIDE_NAMES[frame[0]]}'s "
                          f"{len(pos.last_chain.links)}-chain")  # type: ignore[union-attr]
    caption.append(status(pos))
    width = 2 * MARGIN + 2 * block + GAP
    field_h = bitboard.ROWS * CELL
    height = HEAD + field_h + CELL + 18 * len(caption) + MARGIN
    root = document(width, height, _title(pos, record), options.size)
    element(root, "rect", x=0, y=0, width=width, height=height, fill="#fff")
    # The game's name in outlines, the record's event in the reader's fonts.
    game = f"Rengi {pos.settings.title}"
    text_line(root, game, MARGIN, MARGIN * 0.8, 15, anchor="start", baseline="alphabetic",
              fill=INK)
    event = record.header("Event") if record is not None else None
    if event:
        shift = text_width(game, 15)
        element(root, "text", f"\u00a0- {event}", x=MARGIN + shift, y=MARGIN * 0.8, font_size=15,
                fill=INK)
    show_next = options.flag("next") if "next" in options.extras else \
        pos.settings.next_shown != "none"
    rows = pos.settings.unit == 6 or pos.settings.simple_garbage
    for slot, side in enumerate(order):
        left = MARGIN + slot * (block + GAP) + LABELS
        state = pos.sides[side]
        name = _player(record, side)
        element(root, "text", name, x=left, y=HEAD - 26, font_size=14, fill=INK,
                font_weight="bold" if pos.outcome is None and pos.current == side else None)
        warning = f"warning {amount(state.warning, rows)}"
        text_line(root, warning, left, HEAD - 9, 13, anchor="start", baseline="alphabetic",
                  fill="#a33" if state.warning else INK, class_="warning")
        # the icons after the words, never over them ("warning 12 rows" is wider than the
        # field's first 62%), and within the field
        _warning_icons(root, left + max(field_w * 0.62, text_width(warning, 13) + 6),
                       left + field_w, HEAD - 13, state.warning)
        boards: tuple[int, ...] | list[int] = state.boards
        vanishing = 0
        if frame is not None and frame[0] == side:
            boards = pos.last_chain.frames[frame[1]]  # type: ignore[union-attr]
            vanishing = frame[2]
        just = {(c, r) for s, c, r in pos.last_cells if s == side}
        _field(root, left, HEAD, boards, options.coords, vanishing, just,
               options.last_move and frame is None)
        draw_matches(root, markup, side, functools.partial(_cell, left))
        if show_next:
            _next(root, left + field_w, HEAD, pos.next_pieces(side))
    legend = element(root, "g", font_size=13, fill=INK, class_="caption")
    for index, line in enumerate(caption):
        element(legend, "text", line, x=MARGIN, y=HEAD + field_h + CELL + 14 + 18 * index)
    return to_string(root)


def _warning_icons(root: ET.Element, left: float, right: float, y: float, stones: int) -> None:
    """Big hexagons for rows, small ones for single stones (at most 8 icons, as many as fit
    between ``left`` and ``right``)."""
    group = element(root, "g", class_="warning-icons")
    rows, rest = divmod(stones, 6)
    icons = [14.0] * min(rows, 5) + [8.0] * min(rest, 5 - min(rows, 5) + 3)
    x = left
    for size in icons[:8]:
        if x + size > right:
            break
        _shape(group, 4, x + size / 2, y, size)
        x += size + 2


def _player(record: Record | None, side: int) -> str:
    who = record.header("First" if side == 0 else "Second") if record is not None else None
    return f"{SIDE_NAMES[side]}" + (f": {who}" if who else "")


def _title(pos: Position, record: Record | None) -> str:
    title = f"Rengi {pos.settings.title}"
    event = record.header("Event") if record is not None else None
    return f"{title} - {event}" if event else title

