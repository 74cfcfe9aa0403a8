"""Drawing a Gungi position: an SVG shogi-style diagram, a text diagram for terminals, and the
rows ``kifu show`` prints.

SVG: a 9x9 board with files 9..1 across the top and ranks 一..九 down the right; a stack shows
its top piece large, the pieces beneath it as the edges of pieces under it (one a tier, each
in its owner's colour) and its height in a badge, and the legend lists every stack's pieces,
bottom tier first (a face a third of a square high was 5 to 10 pixels on a phone; the
legend's text is the size of the rest of it); white's pieces are turned 180°; each hand is a row
above or below the board, on its owner's side, so that the board takes the drawing's whole
width and its pieces stay legible on a phone; the last ply's squares are shaded.  Every CJK glyph
but the players' names is drawn as outlines (:mod:`kifu.draw.glyphs`).  Text: the set-up diagram
format (:mod:`kifu.builtin.gungi.setup.positions`), which shows stacks and hands and can be
pasted into a study.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass

from kifu.builtin.gungi import rules
from kifu.builtin.gungi.geometry import KANJI_RANKS, SQUARES, file_of, name, rank_of, square
from kifu.builtin.gungi.moves import Coord, Placement, Ply, plain_ply
from kifu.builtin.gungi.pieces import MARKS, SIDE_NAMES
from kifu.builtin.gungi.position import Position
from kifu.builtin.gungi.setup import positions
from kifu.plugin import (
    Clicks,
    KifuError,
    Markup,
    Record,
    RenderOptions,
    document,
    draw_matches,
    element,
    in_hand,
    point,
    point_of,
    text_line,
    text_width,
    to_string,
)

CELL = 60.0
#: The room around the board, the band of coordinates, a line of a hand and of the legend, and
#: the sizes of their text (user units; the drawing is 9 squares and some 50 units wide).
SIDE_MARGIN, COORDS, HAND_LINE, LEGEND_LINE = 10.0, 30.0, 30.0, 24.0
COORD_SIZE, HAND_SIZE, LEGEND_SIZE = 18.0, 20.0, 16.0
BOARD_FILL = "#e8c57a"
LINE = "#222"
FILL = ("#2b2b2b", "#fbf6e9")
TEXT = ("#ffffff", "#111111")
#: The last move's squares, outlined in a colour that stands out from the board (3:1, WCAG
#: 1.4.11), and a black piece's edge, seen on a black piece beneath it in a stack.
LAST = "#8c5a00"
OUTLINE = ("#8c8c8c", LINE)
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


def render_svg(position: Position, options: RenderOptions, record: Record | None = None,
               markup: Markup | None = None) -> str:
    """The board with its stacks (each top piece large, the pieces beneath it small along the
    square's foot), each hand in a row beside the side of the board its owner sits at, the
    last ply's squares shaded, the squares a search matched framed (``markup``'s squares),
    and the legend below."""
    flip = options.flip
    left = SIDE_MARGIN
    right = COORDS + SIDE_MARGIN if options.coords else SIDE_MARGIN
    width = left + CELL * 9 + right
    hands = [_hand_lines(position, side, CELL * 9) for side in (0, 1)]
    far, near = (hands[0], hands[1]) if flip else (hands[1], hands[0])
    top = SIDE_MARGIN + HAND_LINE * len(far) + (COORDS if options.coords else SIDE_MARGIN)
    legend = _legend(position, record)
    stacked = [] if "stacks" in options.extras and not options.flag("stacks") else \
        _stack_lines(position, CELL * 9)
    board_bottom = top + CELL * 9
    legend_top = board_bottom + SIDE_MARGIN + HAND_LINE * len(near) + SIDE_MARGIN
    height = legend_top + LEGEND_LINE * (len(legend) + len(stacked)) + SIDE_MARGIN
    title = record.header("Event") if record is not None else None
    root = document(width, height, title or "Gungi 軍儀", options.size)
    frame = _Frame(left, top, flip)
    element(root, "rect", x=frame.left, y=frame.top, width=CELL * 9, height=CELL * 9,
            fill=BOARD_FILL, stroke=LINE, stroke_width=2)
    if options.last_move and position.last_square is not None:
        marks = element(root, "g", class_="last-move")
        for sq in (position.last_square, position.last_from):
            if sq is not None:
                x, y = frame.origin(sq)
                moved = sq == position.last_square
                element(marks, "rect", x=x + 1.5, y=y + 1.5, width=CELL - 3, height=CELL - 3,
                        fill="none", stroke=LAST, stroke_width=3 if moved else 2,
                        stroke_dasharray=None if moved else "6 4")
    _draw_lines(root, frame, options.coords)
    _draw_stacks(root, position, frame,
                 tops_only=not options.flag("stacks") and "stacks" in options.extras)
    draw_matches(root, markup, 0, lambda column, row: (*frame.origin(row * 9 + column), CELL))
    far_side, near_side = (0, 1) if flip else (1, 0)
    _hand(root, far, far_side, left, SIDE_MARGIN)
    _hand(root, near, near_side, left, board_bottom + SIDE_MARGIN)
    for index, text in enumerate(legend):
        # The line naming the players holds the record's text: the reader's fonts; the status
        # is kifu's, in outlines where it holds CJK (千日手).
        text_line(root, text, left, legend_top + LEGEND_LINE * (index + 0.7), LEGEND_SIZE,
                  anchor="start", baseline="alphabetic", fill=LINE,
                  outline=index == len(legend) - 1, class_="legend")
    for index, text in enumerate(stacked, len(legend)):
        text_line(root, text, left, legend_top + LEGEND_LINE * (index + 0.7), LEGEND_SIZE,
                  anchor="start", baseline="alphabetic", fill=LINE, class_="legend stacks")
    return to_string(root)


def _stack_lines(position: Position, width: float) -> list[str]:
    """Every stack of two or three tiers, bottom tier first, each piece's face and its side's
    mark (``7―8 と▲忍▽謀▲``), as lines of the legend at most ``width`` wide."""
    items = [f"{name(sq)} " + "".join(piece.face + MARKS[piece.owner] for piece in stack)
             for sq in SQUARES if len(stack := position.board[sq]) > 1]
    return _wrapped("stacks, bottom first:", items, "  ", LEGEND_SIZE, width) if items else []


def _wrapped(first: str, items: list[str], gap: str, size: float, width: float) -> list[str]:
    """``first`` and then ``items`` as lines of text at most ``width`` wide at ``size``."""
    lines = [first]
    for item in items:
        joined = lines[-1] + gap + item
        if text_width(joined, size) > width:
            lines.append(item)
        else:
            lines[-1] = joined
    return lines


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


def _draw_lines(root: ET.Element, frame: _Frame, coords: bool) -> None:
    """The board's lines, and its coordinates (full-width files above, kanji ranks on the
    right) when asked for."""
    left, top = frame.left, frame.top
    lines = element(root, "g", stroke=LINE, stroke_width=1)
    for i in range(1, 9):
        element(lines, "line", x1=left + i * CELL, y1=top, x2=left + i * CELL, y2=top + 9 * CELL)
        element(lines, "line", x1=left, y1=top + i * CELL, x2=left + 9 * CELL, y2=top + i * CELL)
    if not coords:
        return
    labels = element(root, "g", fill=LINE, class_="coordinates")
    for column in range(9):
        file = 9 - column if not frame.flip else column + 1
        text_line(labels, FULL_WIDTH[file], left + (column + 0.5) * CELL, top - COORDS / 2,
                    COORD_SIZE)
    for row in range(9):
        rank = row + 1 if not frame.flip else 9 - row
        text_line(labels, KANJI_RANKS[rank - 1], left + 9 * CELL + COORDS / 2,
                    top + (row + 0.5) * CELL, COORD_SIZE)


def _draw_stacks(root: ET.Element, position: Position, frame: _Frame, tops_only: bool) -> None:
    """Every stack: its top piece large over the edges of the pieces beneath it, its height
    in a badge and its pieces in the stack's ``<title>`` (only the top piece with ``-O
    stacks=no``), and in ``data-parts`` (bottom first, between ``|``), which kifu's viewer
    shows in its text when the stack is tapped."""
    pieces = element(root, "g", class_="pieces")
    for sq in SQUARES:
        stack = position.board[sq]
        if not stack:
            continue
        x, y = frame.origin(sq)
        group = element(pieces, "g", class_="stack", data_square=name(sq).replace("―", "-"),
                        data_height=len(stack))
        if len(stack) > 1:  # every piece, bottom first, for the viewer to show when tapped
            group.set("data-place", name(sq))
            group.set("data-parts", "|".join(MARKS[p.owner] + p.face for p in stack))
        if tops_only or len(stack) == 1:
            top = stack[-1]
            _piece(group, x + CELL / 2, y + CELL / 2, ALONE, top.face, top.owner, frame.flip)
            continue
        # the pieces beneath: edges peeking out below and to the right, the bottom tier
        # lowest; the top piece almost as large as a piece alone; the height in a badge
        beneath = stack[:-1]
        for index, piece in enumerate(beneath):
            depth = len(beneath) - index
            _piece(group, x + CELL / 2 + depth * EDGE, y + CELL / 2 + depth * EDGE, TOP,
                   None, piece.owner, frame.flip)
        top = stack[-1]
        _piece(group, x + CELL / 2, y + CELL / 2, TOP, top.face, top.owner, frame.flip)
        element(group, "title", " ".join(p.face + MARKS[p.owner] for p in stack)
                + f" ({len(stack)} tiers, bottom first)")
        badge_x, badge_y = x + CELL * 0.84, y + CELL * 0.16
        element(group, "circle", cx=badge_x, cy=badge_y, r=CELL * 0.15, fill="#c0392b",
                stroke="#fff", stroke_width=1.5, class_="tiers")
        text_line(group, str(len(stack)), badge_x, badge_y, CELL * 0.22, fill="#fff",
                  class_="tiers")


@dataclass(frozen=True)
class _Size:
    """A piece's size as shares of a square: width, height, and its face's size."""

    width: float
    height: float
    face: float


#: A piece alone in its square; the top of a stack (its face 16 pixels high on a drawing 360
#: pixels wide, a phone's), each piece beneath it drawn as large, :data:`EDGE` further down
#: and to the right a tier.
ALONE = _Size(0.8, 0.84, 0.5)
TOP = _Size(0.7, 0.74, 0.46)
EDGE = CELL * 0.06


def _piece(parent, cx: float, cy: float, size: _Size, face: str | None, owner: int,
           flip: bool) -> None:
    """One piece centred on (cx, cy): a pentagon pointing away from its owner."""
    turned = (owner == 1) != flip
    group = element(parent, "g", class_=f"piece {SIDE_NAMES[owner]}",
                    transform=f"rotate(180 {cx:.1f} {cy:.1f})" if turned else None)
    half, top = size.width * CELL / 2, size.height * CELL / 2
    points = (f"{cx - half:.1f},{cy + top:.1f} {cx - half * 0.86:.1f},{cy - top * 0.55:.1f} "
              f"{cx:.1f},{cy - top:.1f} {cx + half * 0.86:.1f},{cy - top * 0.55:.1f} "
              f"{cx + half:.1f},{cy + top:.1f}")
    element(group, "polygon", points=points, fill=FILL[owner], stroke=OUTLINE[owner],
            stroke_width=1)
    if face is not None:
        text_line(group, face, cx, cy + top * 0.12, size.face * CELL, fill=TEXT[owner])


def _hand_lines(position: Position, side: int, width: float) -> list[str]:
    """A hand as lines of text at most ``width`` wide: its mark and 持駒, then each face
    with its count."""
    counts = Counter(p.face for p in position.hands[side])
    items = [face + (f"×{n}" if n > 1 else "") for face, n in sorted(counts.items())]
    return _wrapped(MARKS[side] + "持駒", items or ["なし"], " ", HAND_SIZE, width)


def _hand(root: ET.Element, lines: list[str], side: int, left: float, top: float) -> None:
    group = element(root, "g", class_=f"hand {SIDE_NAMES[side]}", fill=LINE)
    for index, text in enumerate(lines):
        text_line(group, text, left, top + HAND_LINE * (index + 0.5), HAND_SIZE,
                    anchor="start")


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


# -- a ply played by clicks on kifu serve's board --------------------------------------------

def move_clicks(move: object, pos: Position) -> Clicks | None:
    """``move`` (legal in ``pos``) as clicks on the page's board: a piece of the board, then
    the square it goes to or strikes; a piece of the hand, then the square it is dropped on; in
    the set-up phase, the square, the piece named by its face.  The kind says what the ply
    does where others take the same clicks, in English words the game's ``words.json`` says
    in the rules' own terms (``capture`` 移動攻撃, ``stack`` 重ねる onto a 矢倉, ``strike``
    不動攻撃, ``swap`` 交換, ``drop`` 新); the note, the notation of its way kept as written
    (the piece swapped with, betrayal, re-placement, a 兵's back)."""
    if isinstance(move, Placement):
        return Clicks((_place(move.file, move.rank),), note=move.piece)
    if not isinstance(move, Ply) or move.file is None or move.rank is None:
        return None
    to = _place(move.file, move.rank)
    notes = _notes(move)
    if move.drop:
        return Clicks((in_hand(move.side, move.piece), to), "drop", note=" ".join(notes))
    origin = move.origin or _origin(move, pos)
    if origin is None:
        return None
    height = len(pos.board[square(move.file, move.rank)])
    if move.strike is not None:
        kind = "strike"
    elif move.swap is not None:
        kind = "swap"
        notes.insert(0, f"⇔{move.swap}")
    elif move.tier is not None and move.tier <= height:
        kind = "capture"
    else:
        kind = "stack" if height else ""
    return Clicks((_place(origin.file, origin.rank), to), kind, note=" ".join(notes))


def clicked_move(pos: Position, places: tuple[str, ...]) -> str | None:
    """The ply clicks on two places name where no legal ply fits them, for the referee to say
    why: the top piece of the first square (or the hand's piece) onto the second, a tier above
    what stands there."""
    if len(places) != 2:
        return None
    to = _square(places[1])
    if to is None:
        return None
    tier = len(pos.board[to]) + 1
    file, rank = file_of(to), rank_of(to)
    if places[0].startswith("hand:"):
        side, _, face = places[0][len("hand:"):].partition(":")
        if not side.isdigit():
            return None
        return str(plain_ply(int(side), face, file, rank, tier, True))
    origin = _square(places[0])
    if origin is None or not pos.board[origin] or origin == to:
        return None
    piece = pos.board[origin][-1]
    return str(plain_ply(piece.owner, piece.face, file, rank, tier, False,
                         Coord(file_of(origin), rank_of(origin), len(pos.board[origin]))))


def _place(file: int, rank: int) -> str:
    """A square as the page's board names it (the key's rows: 9筋 on the left, 1段 on top)."""
    at = square(file, rank)
    return point(0, at % 9, at // 9)


def _square(place: str) -> int | None:
    found = point_of(place)
    if found is None or found[0] != 0 or max(found[1:]) >= 9:
        return None
    return found[2] * 9 + found[1]


def _origin(move: Ply, pos: Position) -> Coord | None:
    """Where a ply that does not name its origin starts: as the referee resolves it."""
    try:
        _, resolved = rules.play(pos.copy(), move, False)
    except KifuError:
        return None
    found = getattr(resolved, "resolved", None)
    return None if found is None else found.origin


def _notes(move: Ply) -> list[str]:
    """A ply's notes that tell one way of it from another: betrayal, re-placement, a 兵's
    back."""
    notes = []
    if move.betrayal:
        notes.append("".join(map(str, move.betrayal)))
    notes.extend(f"[{coord}―{face}]" for coord, face in move.placements)
    if move.back:
        notes.append(f"[裏駒{move.back}]")
    return notes
