"""Drawing a Gungi position: an SVG shogi-style diagram, a text diagram for terminals, and the
rows ``kifu show`` prints.

SVG: a 9x9 board with files 9..1 across the top and ranks 一..九 down the side; every stack is
drawn tier by tier (tier 1 at the bottom of the square), so all three tiers can be read; white's
pieces are turned 180°; the hands stand beside the board (white's above-left, black's
below-right, as in a shogi diagram); the last ply's square is shaded.  Text: the set-up diagram
format (:mod:`kifu.builtin.gungi.setup.positions`), which shows stacks and hands and can be
pasted into a study.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass

from kifu.base.record import Record
from kifu.builtin.gungi.geometry import KANJI_RANKS, SQUARES, name
from kifu.builtin.gungi.pieces import MARKS, SIDE_NAMES
from kifu.builtin.gungi.position import Position
from kifu.builtin.gungi.setup import positions
from kifu.plugin import RenderOptions
from kifu.render.svg import document, element, to_string

CELL = 60.0
BOARD_FILL = "#e8c57a"
LINE = "#222"
FILL = ("#2b2b2b", "#fbf6e9")
TEXT = ("#ffffff", "#111111")
LAST = "#f3e07a"
FULL_WIDTH = "０１２３４５６７８９"


def _legend(position: Position, record: Record | None) -> list[str]:
    lines = []
    if record is not None:
        black = record.header("Black") or record.header("先手")
        white = record.header("White") or record.header("後手")
        if black or white:
            lines.append(f"▲ {black or '?'}   ▽ {white or '?'}")
    lines.append(status(position))
    return lines


def status(position: Position) -> str:
    if position.outcome is not None:
        return position.outcome.describe()
    if position.repeated and position.phase != "battle":
        return "千日手 (sennichite): the game is to be set up again"
    if position.phase != "battle":
        return f"{position.phase} phase, {MARKS[position.to_move]} to place"
    return f"after {position.battle_plies} plies, {MARKS[position.to_move]} ({position.to_move_name}) to move"


def hand_text(position: Position, side: int) -> str:
    counts = Counter(p.face for p in position.hands[side])
    items = [face + (str(n) if n > 1 else "") for face, n in sorted(counts.items())]
    return "、".join(items) if items else "なし"


def render_svg(position: Position, options: RenderOptions, record: Record | None = None) -> str:
    """The board with its stacks (each piece offset by its tier), both hands beside it, the
    last ply's squares shaded, and the legend below."""
    margin = 30.0 if options.coords else 12.0
    hand_w = CELL * 1.2
    width = hand_w * 2 + margin * 2 + CELL * 9
    legend = _legend(position, record)
    height = margin * 2 + CELL * 9 + 22 * len(legend) + 10
    title = record.header("Event") if record is not None else None
    root = document(width, height, title or "Gungi 軍儀", options.size)
    frame = _Frame(hand_w + margin, margin, options.flip)
    element(root, "rect", x=frame.left, y=frame.top, width=CELL * 9, height=CELL * 9,
            fill=BOARD_FILL, stroke=LINE, stroke_width=2)
    if options.last_move and position.last_square is not None:
        marks = element(root, "g", class_="last-move")
        for sq in (position.last_square, position.last_from):
            if sq is not None:
                x, y = frame.origin(sq)
                element(marks, "rect", x=x, y=y, width=CELL, height=CELL, fill=LAST,
                        opacity=0.8 if sq == position.last_square else 0.4)
    _draw_lines(root, frame, margin if options.coords else None)
    _draw_stacks(root, position, frame,
                 tops_only=not options.flag("stacks") and "stacks" in options.extras)
    _hands(root, position, frame.left, frame.top, hand_w, margin, options.flip)
    for index, text in enumerate(legend):
        element(root, "text", text, x=margin * 0.5,
                y=frame.top + 9 * CELL + margin + 16 + 22 * index, font_size=16, fill=LINE)
    return to_string(root)


@dataclass(frozen=True)
class _Frame:
    """Where the board stands in the drawing, and which way round."""

    left: float
    top: float
    flip: bool

    def origin(self, sq: int) -> tuple[float, float]:
        """The top-left corner of square ``sq``."""
        row, column = divmod(sq, 9)
        if self.flip:
            row, column = 8 - row, 8 - column
        return self.left + column * CELL, self.top + row * CELL


def _draw_lines(root: ET.Element, frame: _Frame, margin: float | None) -> None:
    """The board's lines, and its coordinates (full-width files, kanji ranks) in the margin
    when there is one for them."""
    left, top = frame.left, frame.top
    lines = element(root, "g", stroke=LINE, stroke_width=1)
    for i in range(1, 9):
        element(lines, "line", x1=left + i * CELL, y1=top, x2=left + i * CELL, y2=top + 9 * CELL)
        element(lines, "line", x1=left, y1=top + i * CELL, x2=left + 9 * CELL, y2=top + i * CELL)
    if margin is None:
        return
    labels = element(root, "g", font_size=CELL * 0.28, fill=LINE, text_anchor="middle",
                     dominant_baseline="central", class_="coordinates")
    for column in range(9):
        file = 9 - column if not frame.flip else column + 1
        element(labels, "text", FULL_WIDTH[file], x=left + (column + 0.5) * CELL,
                y=top - margin * 0.45)
    for row in range(9):
        rank = row + 1 if not frame.flip else 9 - row
        element(labels, "text", KANJI_RANKS[rank - 1], x=left + 9 * CELL + margin * 0.45,
                y=top + (row + 0.5) * CELL)


def _draw_stacks(root: ET.Element, position: Position, frame: _Frame, tops_only: bool) -> None:
    """Every stack, bottom to top (or only its top piece, with ``-O stacks=no``)."""
    pieces = element(root, "g", class_="pieces")
    for sq in SQUARES:
        stack = position.board[sq]
        if not stack:
            continue
        x, y = frame.origin(sq)
        group = element(pieces, "g", class_="stack", data_square=name(sq).replace("―", "-"))
        shown = list(enumerate(stack, start=1))
        if tops_only:
            shown = shown[-1:]
        for tier, piece in shown:
            _piece(group, x, y, tier if not tops_only else 2, piece.face, piece.owner,
                   frame.flip)


def _piece(parent, x: float, y: float, tier: int, face: str, owner: int, flip: bool) -> None:
    """One piece of a stack: tier 1 at the bottom of the square, tier 3 at the top."""
    h = CELL * 0.3
    w = CELL * 0.78
    cx = x + CELL / 2
    cy = y + CELL - 0.05 * CELL - (tier - 0.5) * h
    turned = (owner == 1) != flip
    group = element(parent, "g", class_=f"piece {SIDE_NAMES[owner]}",
                    transform=f"rotate(180 {cx:.1f} {cy:.1f})" if turned else None)
    half, top = w / 2, h / 2
    points = (f"{cx - half:.1f},{cy + top:.1f} {cx - half * 0.85:.1f},{cy - top * 0.6:.1f} "
              f"{cx:.1f},{cy - top:.1f} {cx + half * 0.85:.1f},{cy - top * 0.6:.1f} "
              f"{cx + half:.1f},{cy + top:.1f}")
    element(group, "polygon", points=points, fill=FILL[owner], stroke=LINE, stroke_width=1)
    element(group, "text", face, x=cx, y=cy + 1, fill=TEXT[owner], font_size=h * 0.78,
            text_anchor="middle", dominant_baseline="central")


def _hands(root, position: Position, left: float, top: float, hand_w: float, margin: float,
           flip: bool) -> None:
    for side in (0, 1):
        at_right = (side == 0) != flip
        x = left + 9 * CELL + margin + hand_w / 2 if at_right else hand_w / 2 + margin * 0.2
        group = element(root, "g", class_=f"hand {SIDE_NAMES[side]}", text_anchor="middle",
                        font_size=CELL * 0.3, fill=LINE)
        counts = Counter(p.face for p in position.hands[side])
        lines = [MARKS[side] + "持駒"] + [face + (f"×{n}" if n > 1 else "")
                                         for face, n in sorted(counts.items())]
        start = top + 9 * CELL - CELL * 0.4 * len(lines) if at_right else top + CELL * 0.3
        for index, text in enumerate(lines):
            element(group, "text", text, x=x, y=start + index * CELL * 0.4)


def render_text(position: Position, options: RenderOptions) -> str:
    lines = positions.write(positions.to_diagram(position), padded=True)
    # The lines under the diagram are notes in brackets, so that the text reads back as a study.
    if options.last_move and position.last_square is not None:
        stack = position.board[position.last_square]
        tier = len(stack)
        lines.append(f"[last ply: {name(position.last_square)}―{tier}]" if tier else
                     f"[last ply: {name(position.last_square)}]")
    lines.append(f"[{status(position)}]")
    return "\n".join(lines) + "\n"


def summary(position: Position) -> list[tuple[str, str]]:
    rows = [("phase", position.phase), ("battle plies", str(position.battle_plies))]
    if position.outcome is None:
        rows.append(("to move", f"{MARKS[position.to_move]} {position.to_move_name}"))
    rows.append(("black's hand", hand_text(position, 0)))
    rows.append(("white's hand", hand_text(position, 1)))
    if position.repeated:
        rows.append(("千日手", "yes"))
    return rows
