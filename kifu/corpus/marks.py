"""The pieces a search matched in a record's position, as squares a game's drawing marks
(``kifu serve``'s viewer and board, and ``kifu search -f html``'s pages alike): the stones a
pattern matched, or, for an exact position, every stone or piece of it.

A grid game's points are read through the game's corpus tracker (:meth:`GamePlugin.tracker`):
the tracker of a position visited once logs every stone of it, point by point (``row * width
+ column``, rows from the bottom), as the index and the pattern search read them.  A game kept
on no grid that ``draws_matches`` has its boards read from its position's key by its editor
layout.  Nothing here knows a game by name.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kifu.base.markup import LETTERS, Markup
from kifu.corpus.patterns import Pattern, placements
from kifu.plugin import AnyGame
from kifu.plugin.clicks import mark_name
from kifu.plugin.symmetry import EMPTY, MARK, RESET, Grid


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
