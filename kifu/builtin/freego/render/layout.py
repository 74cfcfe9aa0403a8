"""Where a map board's cells are drawn, and what every drawing of one board keeps.

A map is drawn in a frame of ``MAP_WIDTH`` user units: each cell's centre is its point (or its
outline's centroid; on a board with no drawing data, its place in a layout of the adjacency,
:mod:`.unmapped`), and a stone's
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

import itertools
import math
import weakref
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from kifu.builtin.freego.boards.board import Board, Point
from kifu.builtin.freego.render import unmapped
from kifu.plugin import display_width

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
        if not points:  # a board without drawing data: laid out from its adjacency
            points = list(unmapped_points(board))
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


def unmapped_board(board: Board) -> bool:
    """Whether the board gives no drawing data at all (and is drawn from its adjacency)."""
    return all(cell.at is None and not cell.polygon for cell in board.cells)


def unmapped_points(board: Board) -> tuple[Point, ...]:
    """Where the cells of a board with no drawing data go (:mod:`.unmapped`), worked out once
    per board."""
    count, edges = len(board), board.edges()
    return kept(board, "unmapped", lambda: tuple(unmapped.positions(count, edges)))


def centres(board: Board, frame: Frame) -> list[Point]:
    """Where each cell's stone goes in the picture: its drawing data's centre; for a board
    without any, its place in a layout of the adjacency; for a cell without any on a board
    with some, a place on a circle."""
    if unmapped_board(board):
        return [frame.xy(point) for point in unmapped_points(board)]
    return [frame.xy(centre if (centre := cell.centre()) is not None
                     else circle_point(index, len(board)))
            for index, cell in enumerate(board.cells)]


def names(board: Board, choice: str) -> list[str]:
    """Each cell's name as drawn: ``id``, ``label``, or (``auto``) labels when all are short
    (five CJK characters, ten Latin letters)."""
    if choice == "id":
        return [cell.id for cell in board.cells]
    labels = [cell.label for cell in board.cells]
    if choice == "label" or all(display_width(label) <= 10 for label in labels):
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


# -- maps of points: circles spread until their labels can be read -------------------------

#: A map of points (no outlines) of at most this many cells is spread (:func:`spread`); a
#: larger one keeps its points and the radii of :func:`radii`.
SPREAD_MOST = 600
#: The size of a cell's name on a spread map: 19 units of a ``MAP_WIDTH``-wide picture are
#: 9 pixels on a drawing 360 pixels wide (a phone).
LABEL = 19.0
#: The least room between two circles, and the least radius of one.
SPREAD_GAP, SPREAD_SMALLEST = 3.0, 12.0
#: Rounds of pushing apart at most (each moves every overlapping pair apart).
ROUNDS = 200


class Spread:
    """Circles for the cells of a map of points, none overlapping another: each as big as its
    label needs, pushed apart from where the map puts it (as little as it takes), then the
    whole fitted into the picture again.  ``scale`` is what the fitting shrank everything by
    (labels included)."""

    def __init__(self, centres: list[Point], needed: list[float],
                 gap: float = SPREAD_GAP, push: bool = True) -> None:
        moved = (_pushed_apart if push else _scaled_apart)(list(centres), needed, gap)
        lows = [min(x - r for (x, _), r in zip(moved, needed)),
                min(y - r for (_, y), r in zip(moved, needed))]
        highs = [max(x + r for (x, _), r in zip(moved, needed)),
                 max(y + r for (_, y), r in zip(moved, needed))]
        span = max(highs[0] - lows[0], highs[1] - lows[1], 1e-9)
        self.scale = min(1.0, (MAP_WIDTH - 2 * MAP_MARGIN) / span)
        self.centres = [((x - lows[0]) * self.scale + MAP_MARGIN,
                         (y - lows[1]) * self.scale + MAP_MARGIN) for x, y in moved]
        self.radii = [r * self.scale for r in needed]
        self.width = (highs[0] - lows[0]) * self.scale + 2 * MAP_MARGIN
        self.height = (highs[1] - lows[1]) * self.scale + 2 * MAP_MARGIN


def _scaled_apart(centres: list[Point], needed: list[float], gap: float) -> list[Point]:
    """The centres spread out evenly, as a photograph is enlarged, until no two circles are
    nearer than ``gap``: the layout of a board drawn from its adjacency keeps its shape (a
    planar one its lack of crossings), which pushing pairs apart would not."""
    factor = 1.0
    for i, j in itertools.combinations(range(len(centres)), 2):
        apart = math.dist(centres[i], centres[j])
        factor = max(factor, (needed[i] + needed[j] + gap) / max(apart, 1e-9))
    return [(x * factor, y * factor) for x, y in centres]


def _pushed_apart(centres: list[Point], needed: list[float], gap: float) -> list[Point]:
    """The centres moved until no two circles (radii ``needed``) are nearer than ``gap``:
    round after round, every pair that overlaps moves apart, each by half the
    overlap (a pair on one point along a direction its indexes choose).  Pairs are found in
    buckets as wide as the largest circle, so a round costs time linear in the cells."""
    side = 2 * max(needed, default=1.0) + gap
    points = [list(c) for c in centres]
    for _ in range(ROUNDS):
        buckets: dict[tuple[int, int], list[int]] = {}
        for index, (x, y) in enumerate(points):
            buckets.setdefault((math.floor(x / side), math.floor(y / side)), []).append(index)
        moved = False
        for (bx, by), members in buckets.items():
            near = [i for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                    for i in buckets.get((bx + dx, by + dy), ())]
            for i in members:
                for j in near:
                    if j <= i:
                        continue
                    want = needed[i] + needed[j] + gap
                    dx, dy = points[j][0] - points[i][0], points[j][1] - points[i][1]
                    apart = math.hypot(dx, dy)
                    if apart >= want - 1e-6:
                        continue
                    if apart < 1e-6:
                        angle = (i * 7 + j * 13) % 360 * math.pi / 180
                        dx, dy, apart = math.cos(angle), math.sin(angle), 1.0
                        push = want / 2
                    else:
                        push = (want - apart) / 2 + 1e-3
                    points[i][0] -= dx / apart * push
                    points[i][1] -= dy / apart * push
                    points[j][0] += dx / apart * push
                    points[j][1] += dy / apart * push
                    moved = True
        if not moved:
            break
    return [(x, y) for x, y in points]
