"""Presenting a position: text diagrams, the ``kifu show`` table and the JSON position.

Grid boards print as a Go diagram; map boards as one line per cell (id, label, value, stone),
since a map has no rows to print.  Seat colours come from the players' names where they are
colour words (the source plays orange against green), else from a fixed palette.  SVG drawing
lives in ``svgdraw``.
"""
from __future__ import annotations

from typing import Any

from kifu.game import RenderOptions
from kifu.record import Record
from kifu.render.text import grid_diagram
from kifu.report import display_width
from kifu.games.freego import grids, scoring
from kifu.games.freego.position import EMPTY, OFF, Position

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
        if label_width and any(c.label != c.id for c in board.cells):
            parts.append(_pad(cell.label, label_width))
        if valued:
            parts.append(f"{scoring.fmt(cell.value):>4}")
        parts.append(stone)
        lines.append("  ".join(parts).rstrip())
    return "\n".join(lines) + "\n"


def _status_lines(pos: Position, symbols: list[str]) -> list[str]:
    seats = pos.rules.seats
    key = "  ".join(f"{symbols[s]} {name}: {pos.prisoners[s]} prisoners"
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


def position_json(pos: Position) -> dict[str, Any]:
    seats = pos.rules.seats
    table = pos.scores or scoring.scores(pos)
    return {
        "board": pos.board.name,
        "players": list(seats),
        "stones": {name: [pos.board.cells[i].id for i in pos.stones_of(s)]
                   for s, name in enumerate(seats)},
        "to_move": None if pos.outcome is not None else seats[pos.to_move],
        "prisoners": {name: pos.prisoners[s] for s, name in enumerate(seats)},
        "moves": pos.ply,
        "score": {"final": pos.scores is not None, "scoring": pos.rules.scoring,
                  "table": [s.to_json() for s in table]},
        "result": scoring.result_text(pos) if pos.scores is not None else None,
    }


def render_svg(pos: Position, options: RenderOptions, record: Record | None = None) -> str:
    from kifu.games.freego import svgdraw

    return svgdraw.render(pos, options, record)
