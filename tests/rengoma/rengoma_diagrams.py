"""Positions drawn as text for the Rengoma tests, read into real records and read back out.

A diagram is rows from the top, each led by its rank; a square is ``.`` (empty), ``B3`` (a black
3) or a stack bottom to top such as ``R1/B2`` (a black 2 on a red 1)::

    4  .  .     .  .
    3  .  B3    .  .
    2  .  R1/B2 .  .
    1  .  .     .  .
       a  b     c  d

:func:`record` turns one into a set-up record (``Stacks:`` etc.) that goes through the real
parser and set-up check, so the tests exercise what users write.
"""
from __future__ import annotations

from collections import Counter

from kifu.base.record import Record
from kifu.builtin.rengoma import GAME
from kifu.builtin.rengoma.moves import LETTERS
from kifu.builtin.rengoma.position import Position, piece_text
from kifu.plugin import driver


def read(diagram: str) -> tuple[int, int, dict[str, list[str]]]:
    """Columns, rows and the stacks (square -> pieces bottom to top) a diagram draws."""
    rows = [line.split() for line in diagram.strip("\n").splitlines()
            if line.strip() and line.split()[0].isdigit()]
    stacks: dict[str, list[str]] = {}
    for cells in rows:
        rank, squares = cells[0], cells[1:]
        for column, cell in enumerate(squares):
            if cell != ".":
                stacks[f"{LETTERS[column]}{rank}"] = cell.split("/")
    return len(rows[0]) - 1, len(rows), stacks


def draw(position: Position) -> str:
    """The position's board as a diagram in the form :func:`read` takes (no file letters)."""
    geo = position.geo
    lines = []
    for row in range(geo.rows - 1, -1, -1):
        cells = []
        for column in range(geo.columns):
            stack = position.stacks[geo.index(column, row)]
            cells.append("/".join(piece_text(c) for c in stack) or ".")
        lines.append(" ".join([str(row + 1), *cells]))
    return "\n".join(lines)


def same_board(position: Position, diagram: str) -> bool:
    """Whether the position's stacks are the diagram's (spacing does not matter)."""
    return read(draw(position))[2] == read(diagram)[2]


def record(diagram: str, moves: str = "", *, field: str = "B3 R3", to_move: str = "black",
           chips: str = "black 0, red 0", stock_black: str = "", stock_red: str = "",
           players: int = 2, extra_headers: str = "") -> Record:
    """A set-up record of the diagram; the piece set is whatever the position holds, the
    colour with fewer pieces of a strength getting the rest at the end of its stock."""
    columns, rows, stacks = read(diagram)
    counts = {"B": Counter(), "R": Counter()}
    for pieces in stacks.values():
        for p in pieces:
            counts[p[0]][int(p[1:])] += 1
    for p in field.split():
        if p != "-":
            counts[p[0]][int(p[1:])] += 1
    stocks = {"B": [int(s) for s in stock_black.split()], "R": [int(s) for s in stock_red.split()]}
    for colour in "BR":
        counts[colour].update(stocks[colour])
    pieces = counts["B"] | counts["R"]
    for colour in "BR":
        missing = pieces - counts[colour]
        stocks[colour].extend(sorted(missing.elements()))
    text = "\n".join([
        "Game: rengoma",
        f"Board: {columns}x{rows}",
        "Pieces: " + " ".join(map(str, sorted(pieces.elements()))),
        "Stock-black: " + (" ".join(map(str, stocks["B"])) or "-"),
        "Stock-red: " + (" ".join(map(str, stocks["R"])) or "-"),
        f"Players: {players}",
        "Stacks: " + (" ".join(f"{sq}={'/'.join(p)}" for sq, p in stacks.items()) or "-"),
        f"Field: {field}",
        f"Chips: {chips}",
        f"To-move: {to_move}",
        extra_headers,
        "",
        moves,
    ])
    return GAME.parse(text, "<test>")


def replay(rec: Record) -> Position:
    """The position after the record's last turn (raises the first illegal move)."""
    position = GAME.start(rec)
    for step in driver.replay(GAME, rec):
        position = step.position
    return position


def events(rec: Record) -> list[list[dict]]:
    """The events of each turn."""
    return [step.events for step in driver.replay(GAME, rec)]
