"""Where a map board's cells are drawn, and what every drawing of one board keeps.

A map is drawn in a frame of ``MAP_WIDTH`` user units: each cell's centre is its point (or its
outline's centroid, or a place on a circle for a cell with no drawing data), and a stone's
radius is under half the distance from its centre to the nearest other centre.  The nearest
centre is looked for in a grid of square buckets, ring after ring around the cell's bucket,
only as far as it changes the radius: a centre in the cell's own bucket is close enough for the
smallest radius, and one beyond ``REACH`` is far enough for the largest.  Every cell looks
through a bounded number of buckets and centres, so the radii cost time linear in the cells,
where comparing every pair of cells cost their square.

Everything here depends on the board and the drawing options, never on a position, so
:func:`kept` keeps it per board object (weakly: a board no longer used takes its drawings with
it) and every position drawn on the board uses it again.
"""
from __future__ import annotations

import math
import weakref
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from kifu.base.terminal import display_width
from kifu.builtin.freego.boards.board import Board, Point

MAP_WIDTH = 760.0
MAP_MARGIN = 24.0
#: A stone's radius is ``SHARE`` of the distance to the nearest other centre, within these.
SMALLEST, LARGEST, SHARE = 4.0, 20.0, 0.45
#: The distance a board of one cell takes as its nearest.
ALONE = 40.0
#: Farther than this, another centre leaves a stone its largest radius (with a unit to spare).
REACH = LARGEST / SHARE + 1.0
#: The buckets' side: two centres in one bucket (under ``BUCKET * √2`` apart) are close enough
#: for the smallest radius.
BUCKET = SMALLEST / SHARE / 2

#: How far apart two centres are (a name of its own, so that a test can count the calls).
distance = math.hypot


def radius(nearest: float) -> float:
    """A stone's radius for the distance to the nearest other centre."""
    return max(SMALLEST, min(LARGEST, nearest * SHARE))


def radii(centres: list[Point]) -> list[float]:
    """A stone's radius per cell: under half the distance to the nearest other centre (the
    drawing's own coordinates, at most ``MAP_WIDTH`` or so across)."""
    if len(centres) < 2:
        return [radius(ALONE)] * len(centres)
    buckets: dict[tuple[int, int], list[int]] = {}
    keys = [(math.floor(x / BUCKET), math.floor(y / BUCKET)) for x, y in centres]
    for index, key in enumerate(keys):
        buckets.setdefault(key, []).append(index)
    return [radius(_nearest(index, centres, keys[index], buckets))
            for index in range(len(centres))]


#: Rings of buckets around a cell's own that hold every centre within ``REACH``.
RINGS = math.ceil(REACH / BUCKET) + 1


def _nearest(index: int, centres: list[Point], key: tuple[int, int],
             buckets: dict[tuple[int, int], list[int]]) -> float:
    """The distance from cell ``index`` to the nearest other centre, as far as it decides
    the cell's radius: any distance for the smallest radius, ``inf`` for the largest.

    A cell with another in its bucket stops at the first such centre; a cell alone in its
    bucket looks through the rings around it, and each centre is looked at by at most the
    one lonely cell of each bucket within ``RINGS``: the whole costs time linear in the cells.
    """
    x, y = centres[index]
    nearest = math.inf
    for ring in range(RINGS + 1):
        for near in _ring(*key, ring):
            for other in buckets.get(near, ()):
                if other != index:
                    u, v = centres[other]
                    found = distance(x - u, y - v)
                    if found < nearest:
                        nearest = found
                        if nearest * SHARE <= SMALLEST:
                            return nearest
        # Every centre not looked at yet is more than ``ring`` buckets away (less a margin
        # for rounding at the buckets' edges).
        beyond = (ring - 0.001) * BUCKET
        if nearest <= beyond or beyond >= REACH:
            break
    return nearest


def _ring(column: int, row: int, ring: int) -> list[tuple[int, int]]:
    """The buckets ``ring`` steps from ``(column, row)`` (the bucket itself for 0)."""
    if ring == 0:
        return [(column, row)]
    low, high = column - ring, column + ring
    keys = [(c, row - ring) for c in range(low, high + 1)]
    keys += [(c, row + ring) for c in range(low, high + 1)]
    keys += [(low, r) for r in range(row - ring + 1, row + ring)]
    keys += [(high, r) for r in range(row - ring + 1, row + ring)]
    return keys


class Frame:
    """Drawing coordinates of a board mapped into the picture (y flipped for map-style data)."""

    def __init__(self, board: Board, flip: bool) -> None:
        points = [p for cell in board.cells for p in (cell.polygon or ())]
        points += [c for cell in board.cells if (c := cell.centre()) is not None]
        if not points:  # a board without drawing data: cells on a circle
            points = [circle_point(i, len(board)) for i in range(len(board))]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        self.x0, self.x1, self.y0, self.y1 = min(xs), max(xs), min(ys), max(ys)
        span = max(self.x1 - self.x0, self.y1 - self.y0, 1e-9)
        self.scale = (MAP_WIDTH - 2 * MAP_MARGIN) / span
        self.y_down = board.y_down
        self.flip = flip
        self.width = (self.x1 - self.x0) * self.scale + 2 * MAP_MARGIN
        self.height = (self.y1 - self.y0) * self.scale + 2 * MAP_MARGIN

    def xy(self, point: Point) -> tuple[float, float]:
        x = (point[0] - self.x0) * self.scale + MAP_MARGIN
        y = ((point[1] - self.y0) if self.y_down else (self.y1 - point[1])) * self.scale + MAP_MARGIN
        if self.flip:
            x, y = self.width - x, self.height - y
        return x, y


def circle_point(index: int, count: int) -> Point:
    angle = 2 * math.pi * index / max(count, 1)
    return (math.cos(angle), math.sin(angle))


def centres(board: Board, frame: Frame) -> list[Point]:
    """Where each cell's stone goes in the picture."""
    out = []
    for index, cell in enumerate(board.cells):
        centre = cell.centre()
        out.append(frame.xy(centre if centre is not None else circle_point(index, len(board))))
    return out


def names(board: Board, choice: str) -> list[str]:
    """Each cell's name as drawn: ``id``, ``label``, or (``auto``) labels when all are short."""
    if choice == "id":
        return [cell.id for cell in board.cells]
    labels = [cell.label for cell in board.cells]
    if choice == "label" or all(display_width(label) <= 6 for label in labels):
        return labels
    return [cell.id for cell in board.cells]


T = TypeVar("T")

_KEPT: weakref.WeakKeyDictionary[Board, dict[Hashable, Any]] = weakref.WeakKeyDictionary()


#: The most drawings a board keeps (options, seats' colours): past this it starts afresh.
MOST_KEPT = 16


def kept(board: Board, key: Hashable, make: Callable[[], T]) -> T:
    """What ``make`` builds for ``board`` and ``key`` (the options it depends on), built the
    first time it is asked for and kept as long as the board is.  What ``make`` builds must
    not refer to the board, or the board would never go."""
    shelf = _KEPT.setdefault(board, {})
    if key not in shelf:
        if len(shelf) >= MOST_KEPT:
            shelf.clear()
        shelf[key] = make()
    found: T = shelf[key]
    return found
