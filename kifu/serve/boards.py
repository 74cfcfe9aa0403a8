"""What the page needs to play and mark on a board, from the game's own rules: what it knows
of a game besides its name (its sides and their names in each language, how its positions are
set up by clicks), the moves a position allows (each where it is put down, on a grid), a move
played or why it cannot be, and the points a pattern or a position matched in a record's
position.

A grid game's points are read through the game's corpus tracker (:meth:`GamePlugin.tracker`):
the tracker of a position visited once logs every stone of it, point by point (``row * width
+ column``, rows from the bottom), as the index and the pattern search read them.  Nothing
here knows a game by name.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from kifu.base.errors import KifuError
from kifu.base.markup import LETTERS, Markup
from kifu.corpus.patterns import Pattern, placements
from kifu.plugin import AnyGame
from kifu.plugin.clicks import fitting, mark_name
from kifu.plugin.symmetry import EMPTY, MARK, RESET, Grid

#: The most legal moves of a position the page is told of one by one (a Free-form Go map may
#: have thousands of cells: its moves are then typed).
MAX_LISTED = 2_000
#: A grid game's move written as a column's letters and a row's number (Go's ``C3``, Renju's
#: ``h8``): how a point no legal move names is named from its column's and row's names.
_NAMED = re.compile(r"([A-Za-z]+)([0-9]+)")


@dataclass(frozen=True)
class Laid:
    """A grid position's stones: the grid, each point's content (``EMPTY``, ``FIRST``,
    ``SECOND``, ...; points numbered ``row * width + column``, rows from the bottom) and the
    side to move as the tracker logs it (``0`` once the game has ended)."""

    grid: Grid
    cells: tuple[int, ...]
    side: int

    def top_first(self, point: int) -> list[int]:
        """``[column, row]`` of ``point``, rows counted from the top (as the page draws)."""
        width = self.grid.width
        return [point % width, self.grid.height - 1 - point // width]

    def sgf(self, point: int) -> str:
        """``point`` as SGF names it (two letters from the top-left corner), as markup
        takes it."""
        column, row = self.top_first(point)
        return LETTERS[column] + LETTERS[row]


def described(game: AnyGame | None) -> dict[str, Any]:
    """What the page knows of ``game`` beyond its name, all from the game's own description:
    its sides, first seat first; their names for people by language (English always); and
    its positions' key as the board search's editor sets it up by clicks (``None``: as text
    alone).  A game kifu does not know (``None``) has none of them."""
    if game is None:
        return {"sides": [], "side_names": {}, "editor": None}
    layout = game.editor_layout()
    return {"sides": list(game.result_sides() or ()), "side_names": game.names_of_sides(),
            "editor": None if layout is None else layout.to_json()}


def laid(game: AnyGame, position: Any) -> Laid | None:
    """``position``'s stones where the game keeps its positions on a grid (Go on a grid,
    Renju), else ``None``."""
    tracker = game.tracker(position)
    grid = tracker.grid
    if grid is None or grid.width > len(LETTERS) or grid.height > len(LETTERS):
        return None
    tracker.visit(position)
    log = list(tracker.log)
    if not log or not log[0] & MARK or not log[0] & RESET:
        return None  # a tracker that logs no board (too large to log)
    cells = [EMPTY] * (grid.width * grid.height)
    for entry in log[1:]:
        cells[entry >> 2] = entry & 3
    return Laid(grid, tuple(cells), log[0] & 3)


def moves(game: AnyGame, position: Any) -> dict[str, Any]:
    """The legal moves of ``position`` as the game writes them, and on a grid where each puts
    its stone down (``point``: column and row from the top) with a name for every point (a
    point no legal move names is named from its column and row where the game writes a move
    so, else ``None``)."""
    listed = game.legal_moves(position)
    before = laid(game, position)
    found = []
    for move in listed[:MAX_LISTED]:
        name = game.move_notation(move, position)
        point = None
        if before is not None:
            after = game.copy(position)
            try:
                game.play(after, move)
            except KifuError:
                continue
            now = laid(game, after)
            if now is not None and now.grid == before.grid:
                put = [p for p, (was, held) in enumerate(zip(before.cells, now.cells))
                       if was == EMPTY and held != EMPTY]
                point = before.top_first(put[0]) if len(put) == 1 else None
        clicks = game.move_clicks(move, position)
        found.append({"move": name, "point": point,
                      **({"places": None, "kind": ""} if clicks is None else clicks.to_json())})
    data: dict[str, Any] = {"moves": found, "complete": len(listed) <= MAX_LISTED,
                            "grid": None, "names": None, "drawn": _drawn(game, position)}
    if before is not None:
        data["grid"] = {"width": before.grid.width, "height": before.grid.height,
                        "cells": [before.cells[point] for row in reversed(range(before.grid.height))
                                  for point in range(row * before.grid.width,
                                                     (row + 1) * before.grid.width)]}
        data["names"] = _names(before.grid, found)
    return data


def _drawn(game: AnyGame, position: Any) -> list[dict[str, Any]] | None:
    """Where each place of a board clicked on its picture is drawn, and its name (the move a
    click there names), for the page's buttons over the picture."""
    drawn = game.drawn_places(position)
    if drawn is None:
        return None
    return [{"place": place, "x": x, "y": y, "r": r,
             "name": game.clicked_move(position, (place,)) or place}
            for place, (x, y, r) in drawn.items()]


def _names(grid: Grid, found: list[dict[str, Any]]) -> list[str | None]:
    """Every point's name, rows from the top: a legal move's where one is put there, else its
    column's letters and its row's number where moves are written so."""
    names: list[str | None] = [None] * (grid.width * grid.height)
    columns: dict[int, str] = {}
    rows: dict[int, str] = {}
    for each in found:
        if each["point"] is None:
            continue
        column, row = each["point"]
        names[row * grid.width + column] = each["move"]
        written = _NAMED.fullmatch(each["move"])
        if written:
            columns.setdefault(column, written.group(1))
            rows.setdefault(row, written.group(2))
    for index, name in enumerate(names):
        column, row = index % grid.width, index // grid.width
        if name is None and column in columns and row in rows:
            names[index] = columns[column] + rows[row]
    return names


def clicked(game: AnyGame, position: Any, places: str) -> str:
    """The move the clicks ``places`` (separated by spaces, as the page sends them) name in
    ``position``: the legal move they play where exactly one does, else the move the game
    reads them as (for the referee to say why it cannot be played); a ``KifuError`` where
    they name none."""
    clicked = tuple(places.split()[:8])
    listed = [(move, game.move_clicks(move, position)) for move in game.legal_moves(position)]
    fits = fitting([(str(index), clicks) for index, (_, clicks) in enumerate(listed)], clicked)
    if len(fits) == 1:
        return game.move_notation(listed[int(fits[0])][0], position)
    if fits:
        raise KifuError(f"{len(fits)} moves are played by these clicks: name one")
    named = game.clicked_move(position, clicked)
    if named is None:
        raise KifuError(f"no move is played by clicking {' then '.join(clicked)[:80]}")
    return named


def play(game: AnyGame, position: Any, text: str) -> tuple[Any, str]:
    """``position`` after the move ``text`` (in the game's notation) and the move as the game
    writes it; the game's ``KifuError`` (its rule named) for a move it does not allow."""
    after = game.copy(position)
    move = game.parse_move(text, after)
    written = game.move_notation(move, position)
    game.play(after, move)
    return after, written


def matched(game: AnyGame, position: Any, pattern: Pattern | None) -> Markup | None:
    """Squares on the stones ``pattern`` matched in ``position`` (the first of its placements
    that holds there), or on every stone of the position without a pattern (an exact
    position matches all of them); ``None`` where nothing can be marked (no grid, no match)."""
    board = laid(game, position)
    if board is None:
        return None if pattern is not None else _every_piece(game, position)
    if pattern is None:
        points = [p for p, held in enumerate(board.cells) if held != EMPTY]
    else:
        if pattern.game not in (None, game.name):
            return None
        colours = any(game.symmetry(position).swaps)
        points = []
        for placement in placements(pattern, board.grid, colours):
            if placement.side is not None and placement.side != board.side:
                continue
            if all(board.cells[point] == content for point, content in placement.needs):
                points = [point for point, content in placement.needs if content != EMPTY]
                break
    if not points:
        return None
    return Markup(squares=tuple(board.sgf(point) for point in points))


def _every_piece(game: AnyGame, position: Any) -> Markup | None:
    """Squares on every occupied point of the boards of a position kept on no grid (an exact
    position matches whole), named on the game's layout's boards, for a game that draws them;
    ``None`` where it draws none or gives no layout."""
    layout = game.editor_layout()
    setup = layout.read(game.position_key(position)) if layout and game.draws_matches else None
    if setup is None:
        return None
    points = [mark_name(board, column, row) for board, rows in enumerate(setup.boards)
              for row, pieces in enumerate(rows) for column, held in enumerate(pieces) if held]
    return Markup(squares=tuple(points)) if points else None
