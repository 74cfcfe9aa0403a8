"""Drawing a Renju position: SVG in the style of a printed diagram, text for terminals, and the
rows ``kifu show`` prints."""
from __future__ import annotations

from kifu.base.markup import Markup
from kifu.base.record import Record
from kifu.builtin.renju.forbidden import forbidden_for_black
from kifu.builtin.renju.moves import LETTERS, Point
from kifu.builtin.renju.position import BLACK, EMPTY, WHITE, Geometry, Position, opening_name
from kifu.plugin import RenderOptions
from kifu.render import grid as board
from kifu.render.svg import element, to_string
from kifu.render.text import grid_diagram


def _stars(board: Geometry) -> tuple[tuple[int, int], ...]:
    """The centre and, on boards of 9 points or more, the four points 3 in from each corner's
    side (15x15: h8, d4, l4, d12, l12), as printed Renju and Gomoku boards mark them."""
    centre, near, far = board.size // 2, 3, board.size - 4
    if board.size < 9:
        return ((centre, centre),)
    return ((centre, centre), (near, near), (far, near), (near, far), (far, far))


FILL = {BLACK: "#111", WHITE: "#f8f8f8"}
NUMBER_FILL = {BLACK: "#fff", WHITE: "#111"}
SYMBOL = {EMPTY: ".", BLACK: "X", WHITE: "O"}


def _column_label(column: int) -> str:
    return LETTERS[column]


def _row_label(row: int) -> str:
    return str(row + 1)


def render_svg(position: Position, options: RenderOptions, record: Record | None = None,
               markup: Markup | None = None) -> str:
    size = position.board.size
    grid = board.framed(size, size, coords=options.coords, flip=options.flip,
                        row_label=_row_label)
    legend = _legend(position, record)
    root = board.draw_board(grid, stars=_stars(position.board), coords=options.coords,
                            column_label=_column_label, row_label=_row_label,
                            title=_title(position, record),
                            extra_height=board.legend_height(grid, len(legend)),
                            pixel_width=options.size)
    stones = element(root, "g", class_="stones")
    for at in position.board.all_points:
        colour = position.cells[at]
        if colour in FILL:
            column, row = position.board.point_of(at)
            label = str(position.numbers.get(at, "")) if options.numbers else None
            board.draw_stone(stones, grid, column, row, FILL[colour], label=label or None,
                             label_fill=NUMBER_FILL[colour])
    if markup:
        board.draw_markup(root, grid, markup, lambda name: _locate(position, name),
                          lambda column, row: FILL.get(
                              position.cells[position.board.index(column, row)]))
    if options.last_move and position.last is not None and not options.numbers:
        column, row = position.board.point_of(position.last)
        board.draw_last_move(root, grid, column, row, "#e33")
    if options.flag("forbidden") and position.to_move == BLACK and position.outcome is None:
        marks = element(root, "g", class_="forbidden-points")
        for point, _ in forbidden_for_black(position):
            board.draw_cross(marks, grid, point.column, point.row, "#d22")
    board.draw_legend(root, grid, legend)
    return to_string(root)


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

    def cell(column: int, row: int) -> str:
        at = position.board.index(column, row)
        if at in forbidden:
            return "*"
        symbol = SYMBOL[position.cells[at]]
        if options.last_move and at == position.last:
            symbol = symbol.lower()
        return symbol

    size = position.board.size
    diagram = grid_diagram(size, size, cell, column_label=_column_label,
                           row_label=_row_label, coords=options.coords, flip=options.flip)
    status = position.outcome.describe() if position.outcome else f"{position.to_move_name} to play"
    return diagram + status + "\n"


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
