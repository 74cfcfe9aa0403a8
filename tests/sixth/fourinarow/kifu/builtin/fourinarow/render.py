"""Drawing a Four in a Row position: the blue frame with its 42 holes as SVG, the board as text,
and the facts ``kifu show`` prints.

``flip`` shows the frame from its other side: the columns run from ``g`` on the left to ``a``
(discs still fall down).  The columns' letters stand above and below the frame, the rows'
numbers left and right of it (in ``coordinates``, which the viewer may hide); ``numbers`` writes
each disc's move number on it, ``last_move`` rings the last disc.
"""
from __future__ import annotations

from kifu.builtin.fourinarow.moves import COLUMNS, HEIGHT, WIDTH
from kifu.builtin.fourinarow.position import EMPTY, FILL, RED, SIDES, YELLOW, Position
from kifu.plugin import Record, RenderOptions, document, element, grid_diagram, text_line, to_string

#: A cell's side and the margin around the frame (which holds the coordinates), in user units.
CELL, MARGIN = 40.0, 34.0
FRAME, HOLE, LINE = "#1f4fbf", "#f4f4f4", "#222"
#: The ink of a move number on a disc of each colour.
INK = {RED: "#fff", YELLOW: "#222"}
SYMBOL = {EMPTY: ".", RED: "R", YELLOW: "Y"}


def _x(column: int, flip: bool) -> float:
    return MARGIN + ((WIDTH - 1 - column) if flip else column) * CELL + CELL / 2


def _y(row: int) -> float:
    return MARGIN + (HEIGHT - 1 - row) * CELL + CELL / 2


def render_svg(position: Position, options: RenderOptions, record: Record | None = None) -> str:
    width, height = 2 * MARGIN + WIDTH * CELL, 2 * MARGIN + HEIGHT * CELL
    players = [record.header(key) for key in ("Red", "Yellow")] if record is not None else []
    title = " - ".join(name for name in players if name) or "Four in a Row"
    root = document(width, height, title, pixel_width=options.size)
    element(root, "rect", x=MARGIN, y=MARGIN, width=WIDTH * CELL, height=HEIGHT * CELL,
            rx=CELL * 0.2, fill=FRAME)
    discs = element(root, "g", class_="discs", stroke=LINE, stroke_width=1)
    for cell, side in enumerate(position.cells):
        row, column = divmod(cell, WIDTH)
        x, y = _x(column, options.flip), _y(row)
        element(discs, "circle", cx=x, cy=y, r=CELL * 0.4, fill=FILL.get(side, HOLE))
        number = position.numbers.get(cell)
        if options.numbers and number is not None and side != EMPTY:
            text_line(discs, number, x, y, CELL * (0.4 if number < 10 else 0.34),
                      fill=INK[side], stroke="none")
    if options.last_move and position.last is not None:
        row, column = divmod(position.last, WIDTH)
        element(root, "circle", cx=_x(column, options.flip), cy=_y(row), r=CELL * 0.46,
                fill="none", stroke=LINE, stroke_width=3, class_="last-move")
    if options.coords:
        labels = element(root, "g", fill=LINE, class_="coordinates")
        size = CELL * 0.45
        for column in range(WIDTH):
            x = _x(column, options.flip)
            text_line(labels, COLUMNS[column], x, MARGIN / 2, size)
            text_line(labels, COLUMNS[column], x, height - MARGIN / 2, size)
        for row in range(HEIGHT):
            text_line(labels, row + 1, MARGIN / 2, _y(row), size)
            text_line(labels, row + 1, width - MARGIN / 2, _y(row), size)
    return to_string(root)


def render_text(position: Position, options: RenderOptions) -> str:
    """The board as text: ``R`` red, ``Y`` yellow, ``.`` an empty cell, row 6 at the top."""
    def at(column: int) -> int:
        return WIDTH - 1 - column if options.flip else column

    return grid_diagram(WIDTH, HEIGHT, lambda column, row: SYMBOL[
        position.cells[row * WIDTH + at(column)]], column_label=lambda column: COLUMNS[at(column)],
        row_label=lambda row: str(row + 1), coords=options.coords)


def summary(position: Position) -> list[tuple[str, str]]:
    to_move = "-" if position.ended is not None else SIDES[position.to_move]
    return [("to move", to_move),
            ("discs", f"red {position.cells.count(RED)}, yellow {position.cells.count(YELLOW)}")]
