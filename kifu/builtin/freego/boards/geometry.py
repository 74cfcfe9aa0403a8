"""Adjacency from outlines: two cells touch when their borders share a stretch of real length.

Hand-drawn maps are never exact, so vertices closer than a tolerance are first snapped onto one
another.  Two outlines are then adjacent when some edge of one lies along some edge of the other
(both ends within the tolerance of the other's line) and the two overlap by more than the
tolerance.  Meeting at a single corner does not count, as in the source (four cells around a
crossing touch only their side neighbours), and a T-junction (one long edge against two short
ones) does.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from kifu.builtin.freego.boards.board import Point

#: Default snapping tolerance, as a fraction of the drawing's diagonal.
RELATIVE_TOLERANCE = 1e-3

Segment = tuple[Point, Point]


def default_tolerance(polygons: Sequence[Sequence[Point]]) -> float:
    xs = [x for polygon in polygons for x, _ in polygon]
    ys = [y for polygon in polygons for _, y in polygon]
    if not xs:
        return RELATIVE_TOLERANCE
    diagonal = math.hypot(max(xs) - min(xs), max(ys) - min(ys))
    return max(diagonal * RELATIVE_TOLERANCE, 1e-12)


def snap(polygons: Sequence[Sequence[Point]], tolerance: float) -> list[list[Point]]:
    """The outlines with every vertex moved onto the first vertex met within ``tolerance``."""
    anchors: dict[tuple[int, int], list[Point]] = {}
    cell = tolerance if tolerance > 0 else 1.0
    snapped = []
    for polygon in polygons:
        out: list[Point] = []
        for x, y in polygon:
            key = (math.floor(x / cell), math.floor(y / cell))
            found = None
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    for anchor in anchors.get((key[0] + dx, key[1] + dy), ()):
                        if math.hypot(anchor[0] - x, anchor[1] - y) <= tolerance:
                            found = anchor
                            break
                    if found:
                        break
                if found:
                    break
            if found is None:
                found = (x, y)
                anchors.setdefault(key, []).append(found)
            if not out or out[-1] != found:
                out.append(found)
        if len(out) > 1 and out[0] == out[-1]:
            out.pop()
        snapped.append(out)
    return snapped


def _edges(polygon: Sequence[Point]) -> list[Segment]:
    return [(a, b) for a, b in zip(polygon, [*polygon[1:], polygon[0]]) if a != b]


def shared_length(first: Segment, second: Segment, tolerance: float) -> float:
    """How long the two segments run along one another (0 if they are not collinear)."""
    (ax, ay), (bx, by) = first
    length = math.hypot(bx - ax, by - ay)
    if length <= tolerance:
        return 0.0
    ux, uy = (bx - ax) / length, (by - ay) / length
    projections = []
    for px, py in second:
        distance = abs((px - ax) * uy - (py - ay) * ux)  # from the first segment's line
        if distance > tolerance:
            return 0.0
        projections.append((px - ax) * ux + (py - ay) * uy)
    low, high = sorted(projections)
    return max(0.0, min(high, length) - max(low, 0.0))


def _bounds(polygon: Sequence[Point]) -> tuple[float, float, float, float]:
    xs = [x for x, _ in polygon]
    ys = [y for _, y in polygon]
    return min(xs), min(ys), max(xs), max(ys)


def adjacent_pairs(polygons: Sequence[Sequence[Point]],
                   tolerance: float | None = None) -> list[tuple[int, int]]:
    """Every pair ``(i, j)``, ``i < j``, of outlines that share a border of positive length."""
    if tolerance is None:
        tolerance = default_tolerance(polygons)
    shapes = snap(polygons, tolerance)
    edges = [_edges(shape) for shape in shapes]
    bounds = [_bounds(shape) if shape else (0.0, 0.0, 0.0, 0.0) for shape in shapes]
    pairs = []
    for i in range(len(shapes)):
        ax0, ay0, ax1, ay1 = bounds[i]
        for j in range(i + 1, len(shapes)):
            bx0, by0, bx1, by1 = bounds[j]
            if (bx0 > ax1 + tolerance or ax0 > bx1 + tolerance or by0 > ay1 + tolerance
                    or ay0 > by1 + tolerance):
                continue
            if any(shared_length(e, f, tolerance) > tolerance for e in edges[i] for f in edges[j]):
                pairs.append((i, j))
    return pairs
