"""A position as text: Go diagrams of grid boards, a listing of map boards, and the rows
``kifu show`` prints.

Grid boards print as a Go diagram; map boards as one line per cell (id, label, value, stone),
since a map has no rows to print.
"""
from __future__ import annotations

from kifu.builtin.freego.boards import grids
from kifu.builtin.freego.position import EMPTY, OFF, Position
from kifu.builtin.freego.rules import scoring
from kifu.plugin import RenderOptions, display_width, grid_diagram


def seat_symbols(seats: tuple[str, ...]) -> list[str]:
    """One letter per seat for text diagrams: X and O for two, else the names' initials."""
    if len(seats) == 2:
        return ["X", "O"]
    initials = [name[:1].upper() for name in seats]
    if len(set(initials)) == len(seats) and all(i.isascii() and i.isalpha() for i in initials):
        return initials
    return list("XOAV")[: len(seats)]


# -- text -----------------------------------------------------------------------------------

def render_text(pos: Position, options: RenderOptions) -> str:
    symbols = seat_symbols(pos.rules.seats)
    board = pos.board
    if board.grid is not None:
        columns, rows = board.grid

        def cell(column: int, row: int) -> str:
            index = row * columns + column
            what = pos.cells[index]
            if what == EMPTY:
                return "."
            symbol = symbols[what - 1]
            return symbol.lower() if options.last_move and index == pos.last else symbol

        body = grid_diagram(columns, rows, cell, column_label=grids.column_name,
                            row_label=lambda r: str(r + 1), coords=options.coords,
                            flip=options.flip)
    else:
        body = _listing(pos, symbols, options)
    return body + "\n".join(_status_lines(pos, symbols)) + "\n"


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - display_width(text))


def _listing(pos: Position, symbols: list[str], options: RenderOptions) -> str:
    board = pos.board
    valued = any(cell.value != 1 for cell in board.cells)
    id_width = max(display_width(c.id) for c in board.cells)
    label_width = max(display_width(c.label) for c in board.cells)
    labelled = label_width > 0 and any(c.label != c.id for c in board.cells)
    lines = []
    for index, cell in enumerate(board.cells):
        what = pos.cells[index]
        if what == OFF:
            stone = "-"
        elif what == EMPTY:
            stone = "."
        else:
            stone = f"{symbols[what - 1]} {pos.rules.seats[what - 1]}"
            if options.last_move and index == pos.last:
                stone += " (last move)"
        parts = [_pad(cell.id, id_width)]
        if labelled:
            parts.append(_pad(cell.label, label_width))
        if valued:
            parts.append(f"{scoring.fmt(cell.value):>4}")
        parts.append(stone)
        lines.append("  ".join(parts).rstrip())
    return "\n".join(lines) + "\n"


def _status_lines(pos: Position, symbols: list[str]) -> list[str]:
    seats = pos.rules.seats
    key = "  ".join(f"{symbols[s]} {name}: {pos.prisoners[s]} prisoner"
                    f"{'s' * (pos.prisoners[s] != 1)}"
                    for s, name in enumerate(seats))
    if pos.outcome is not None:
        return [key, pos.outcome.describe()]
    return [key, f"{seats[pos.to_move]} to play"]


# -- kifu show and JSON ---------------------------------------------------------------------

KO_NAMES = {"positional": "positional superko", "situational": "situational superko",
            "basic": "basic ko"}


def summary(pos: Position) -> list[tuple[str, str]]:
    rules = pos.rules
    rows = [("board", f"{pos.board.name} ({len(pos.board.playable)} cells)"),
            ("scoring", rules.scoring + (", suicide allowed" if rules.suicide else "")
             + f", {KO_NAMES[rules.ko]}"),
            ("moves played", str(pos.ply))]
    if pos.ended:
        rows.append(("ended", "every player passed; the players agree on the dead stones, so "
                     "the count below removes none"))
    if pos.outcome is None:
        rows.append(("to move", rules.seats[pos.to_move]))
    table = pos.scores or scoring.scores(pos)
    label = "score" if pos.scores is not None else "score if it ended now"
    for score in table:
        parts = []
        if rules.scoring in ("area", "map"):
            parts.append(f"stones {scoring.fmt(score.stones)}")
        parts.append(f"territory {scoring.fmt(score.territory)}")
        if rules.scoring in ("territory", "map"):
            parts.append(f"prisoners {score.prisoners}")
        parts.append(f"komi {scoring.fmt(score.komi)}")
        rows.append((f"{label}: {score.seat}",
                     " + ".join(parts) + f" = {scoring.fmt(score.total)}"))
    if pos.scores is not None:
        rows.append(("result", scoring.result_text(pos)))
    return rows
