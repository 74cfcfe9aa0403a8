"""Where the cells of a board without drawing data go: a board file may give only which cells
touch, and a drawing must still show that, with no line crossing another where none needs to.

A board is a graph (cells, adjacency).  Each connected part is laid out on its own, and the
parts side by side:

- a **planar** part whose every face is a simple cycle (biconnected) by Tutte's barycentric
  method: its longest face on a circle, every other cell at the mean of its neighbours, which
  draws a 3-connected planar graph without crossings, and convex faces in between;
- any other planar part (a tree, cells joined through one cell) by de Fraysseix, Pach and
  Pollack's straight-line grid drawing (networkx), which never crosses;
- a **non-planar** part, which must cross somewhere, by a force-directed layout from a circle
  (Fruchterman and Reingold), its lines as short and even as the forces make them.

Networkx tests planarity and gives the embedding and the grid drawing; it is imported only
here, for the rare board file that has no drawing data.  Every layout is worked out once per
board (``layout.kept``).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # networkx is imported when a board needs it, not with kifu
    import networkx as nx

Point = tuple[float, float]

#: Gauss-Seidel sweeps of the barycentric layout at most, over-relaxed, and the move (in units
#: of the outer circle's radius) under which it is taken as settled.
SWEEPS, RELAX, SETTLED = 5000, 1.7, 1e-7
#: The force-directed layout's rounds; past this many cells it keeps fewer rounds (the work
#: of a round is the square of the cells).
ROUNDS, WORK = 150, 6_000_000
#: Room between two parts laid side by side, in units of a part's typical edge.
APART = 1.5
#: Up to this many links, a barycentric layout is checked pair by pair for crossings.
CHECKED = 2000
#: Rounds of evening out a planar drawing at most, and the work they may take (a round's is
#: the cells times the cells and links): a board of 100 cells gets about 50 rounds.
RELAX_ROUNDS, RELAX_WORK = 120, 1_500_000


def positions(count: int, edges: Sequence[tuple[int, int]]) -> list[Point]:
    """A point per cell of a board with ``count`` cells and these adjacencies."""
    import networkx as nx  # noqa: F811 (the module, at run time)

    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(range(count))
    graph.add_edges_from((a, b) for a, b in edges if a != b)
    placed: list[Point] = [(0.0, 0.0)] * count
    left = 0.0
    for part in sorted(nx.connected_components(graph), key=min):
        cells = sorted(part)
        points = _normalised(_part_positions(graph.subgraph(cells)), cells, graph)
        low = min(x for x, _ in points.values())
        high = max(x for x, _ in points.values())
        for cell, (x, y) in points.items():
            placed[cell] = (x - low + left, y)
        left += high - low + APART
    return placed


def _part_positions(graph: Any) -> dict[int, Point]:
    import networkx as nx  # noqa: F811

    if len(graph) <= 2:
        return {cell: (float(i), 0.0) for i, cell in enumerate(sorted(graph))}
    planar, embedding = nx.check_planarity(graph)
    if not planar or not isinstance(embedding, nx.PlanarEmbedding):
        return _forces(graph)

    edges = list(graph.edges())
    return _relaxed(_crossing_free(graph, embedding, edges), edges)


def _crossing_free(graph: Any, embedding: Any, edges: list[tuple[int, int]]
                   ) -> dict[int, Point]:
    """A first drawing of a planar part without crossings: Tutte's where it is fair, else the
    grid drawing."""
    import networkx as nx  # noqa: F811
    from networkx.algorithms.planar_drawing import triangulate_embedding

    if nx.is_biconnected(graph):
        points = _barycentric(graph, _longest_face(embedding))
        if _fair(points, edges):
            return points
    # Tutte's theorem holds for 3-connected boards: one joined through one or two cells may
    # fold onto a line.  Links drawn nowhere, added inside every face but the longest, make
    # the board a triangulated disc, which the barycentric layout draws without folding.
    disc, outer = triangulate_embedding(embedding, fully_triangulate=False)
    points = _barycentric(disc, outer)
    if _fair(points, edges):
        return points
    grid = nx.combinatorial_embedding_to_pos(embedding)  # never crosses, if cramped
    return {cell: (float(x), float(y)) for cell, (x, y) in grid.items()}


def _relaxed(points: dict[int, Point], edges: list[tuple[int, int]]) -> dict[int, Point]:
    """A crossing-free drawing evened out by forces (Fruchterman and Reingold's: neighbours
    pull, every pair pushes) without ever making a crossing, after Bertault's PrEd: in a round
    no cell moves a third of the way towards a link it is not on, nor does a link's end, so no
    cell reaches a link, and a crossing could only begin by one doing so.  Rounds are fewer for
    large boards (a round costs cells times links)."""
    cells = sorted(points)
    pos = {cell: list(points[cell]) for cell in cells}
    rounds = min(RELAX_ROUNDS, RELAX_WORK // max(1, len(cells) * (len(cells) + len(edges))))
    lengths = sorted(math.dist(points[a], points[b]) for a, b in edges)
    ideal = lengths[len(lengths) // 2] if lengths else 1.0
    heat = ideal
    for _ in range(rounds):
        push = {cell: [0.0, 0.0] for cell in cells}
        for i, first in enumerate(cells):
            for second in cells[i + 1:]:
                dx, dy = pos[first][0] - pos[second][0], pos[first][1] - pos[second][1]
                apart2 = max(dx * dx + dy * dy, 1e-12)
                force = ideal * ideal / apart2
                push[first][0] += dx * force
                push[first][1] += dy * force
                push[second][0] -= dx * force
                push[second][1] -= dy * force
        for a, b in edges:
            dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
            pull = math.hypot(dx, dy) / ideal
            push[a][0] -= dx * pull
            push[a][1] -= dy * pull
            push[b][0] += dx * pull
            push[b][1] += dy * pull
        reach = {cell: heat for cell in cells}
        for cell in cells:
            for a, b in edges:
                if cell != a and cell != b:
                    apart, away_x, away_y = _from_segment(pos[cell], pos[a], pos[b])
                    third = apart / 3
                    reach[cell] = min(reach[cell], third)
                    reach[a] = min(reach[a], third)
                    reach[b] = min(reach[b], third)
                    if apart < ideal:  # a link pushes a cell near it away, as a cell would
                        force = ideal * ideal / max(apart * apart, 1e-12)
                        push[cell][0] += away_x * force
                        push[cell][1] += away_y * force
        for cell in cells:
            dx, dy = push[cell]
            step = math.hypot(dx, dy)
            if step > 0:
                scale = min(step, reach[cell] * 0.999) / step
                pos[cell][0] += dx * scale
                pos[cell][1] += dy * scale
        heat *= 0.95
    return {cell: (x, y) for cell, (x, y) in pos.items()}


def _from_segment(point: list[float], a: list[float], b: list[float]
                  ) -> tuple[float, float, float]:
    """The distance from the segment from ``a`` to ``b`` to ``point``, and the way from its
    nearest point to ``point``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((point[0] - a[0]) * dx
                                                     + (point[1] - a[1]) * dy) / length2))
    away_x, away_y = point[0] - a[0] - t * dx, point[1] - a[1] - t * dy
    return math.hypot(away_x, away_y), away_x, away_y


def _longest_face(embedding: Any) -> list[int]:
    """The longest face of a planar embedding: the cells around it in order."""
    seen: set[tuple[int, int]] = set()
    longest: list[int] = []
    for v, w in embedding.edges():
        if (v, w) not in seen:
            face = embedding.traverse_face(v, w, mark_half_edges=seen)
            if len(face) > len(longest):
                longest = face
    return longest


def _barycentric(graph: Any, outer: list[int]) -> dict[int, Point]:
    """Tutte's layout: the outer face on a unit circle, each other cell at the mean of its
    neighbours (solved by over-relaxed sweeps)."""
    points = {cell: (math.cos(2 * math.pi * i / len(outer)), math.sin(2 * math.pi * i / len(outer)))
              for i, cell in enumerate(outer)}
    inner = [cell for cell in sorted(graph) if cell not in points]
    for cell in inner:
        points[cell] = (0.0, 0.0)
    neighbours = {cell: list(graph[cell]) for cell in inner}
    for _ in range(SWEEPS):
        moved = 0.0
        for cell in inner:
            around = neighbours[cell]
            x = sum(points[n][0] for n in around) / len(around)
            y = sum(points[n][1] for n in around) / len(around)
            old_x, old_y = points[cell]
            new_x, new_y = old_x + RELAX * (x - old_x), old_y + RELAX * (y - old_y)
            moved = max(moved, abs(new_x - old_x), abs(new_y - old_y))
            points[cell] = (new_x, new_y)
        if moved < SETTLED:
            break
    return points


def _fair(points: dict[int, Point], edges: list[tuple[int, int]]) -> bool:
    """Whether no two cells fall (nearly) on one point and, for a board of at most
    ``CHECKED`` links, no two links cross."""
    xs, ys = [x for x, _ in points.values()], [y for _, y in points.values()]
    least = 1e-3 * max(max(xs) - min(xs), max(ys) - min(ys), 1e-9)
    spots = sorted(points.values())
    if any(math.dist(a, b) < least for a, b in zip(spots, spots[1:])):
        return False
    if len(edges) > CHECKED:
        return True
    return not any(_crossing((points[a], points[b]), (points[c], points[d]))
                   for i, (a, b) in enumerate(edges) for c, d in edges[i + 1:])


def _crossing(first: tuple[Point, Point], second: tuple[Point, Point]) -> bool:
    """Whether two segments cross inside both (sharing an end is no crossing)."""
    (a, b), (c, d) = first, second
    if a in (c, d) or b in (c, d):
        return False

    def side(p: Point, q: Point, r: Point) -> int:
        turn = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return 0 if abs(turn) < 1e-12 else (1 if turn > 0 else -1)

    return side(a, b, c) * side(a, b, d) <= 0 and side(c, d, a) * side(c, d, b) <= 0


def _forces(graph: Any) -> dict[int, Point]:
    """Fruchterman and Reingold's layout from a circle: neighbours pull, every pair pushes."""
    cells = sorted(graph)
    count = len(cells)
    index = {cell: i for i, cell in enumerate(cells)}
    xs = [math.cos(2 * math.pi * i / count) for i in range(count)]
    ys = [math.sin(2 * math.pi * i / count) for i in range(count)]
    links = [(index[a], index[b]) for a, b in graph.edges()]
    ideal = math.sqrt(math.pi / count)  # the circle's area shared among the cells
    rounds = max(20, min(ROUNDS, WORK // max(1, count * count)))
    heat = 0.1
    for _ in range(rounds):
        dx, dy = [0.0] * count, [0.0] * count
        for i in range(count):
            for j in range(i + 1, count):
                ex, ey = xs[i] - xs[j], ys[i] - ys[j]
                apart = max(math.hypot(ex, ey), 1e-9)
                push = ideal * ideal / apart / apart
                dx[i] += ex * push
                dy[i] += ey * push
                dx[j] -= ex * push
                dy[j] -= ey * push
        for i, j in links:
            ex, ey = xs[i] - xs[j], ys[i] - ys[j]
            pull = math.hypot(ex, ey) / ideal
            dx[i] -= ex * pull
            dy[i] -= ey * pull
            dx[j] += ex * pull
            dy[j] += ey * pull
        for i in range(count):
            step = max(math.hypot(dx[i], dy[i]), 1e-9)
            xs[i] += dx[i] / step * min(step, heat)
            ys[i] += dy[i] / step * min(step, heat)
        heat *= 0.97
    return {cell: (xs[index[cell]], ys[index[cell]]) for cell in cells}


def _normalised(points: dict[int, Point], cells: list[int], graph: Any) -> dict[int, Point]:
    """A part's points scaled so that its median edge is one unit long (parts of one board come
    out at one scale), or a unit apart for a part without edges."""
    lengths = sorted(math.dist(points[a], points[b]) for a, b in graph.subgraph(cells).edges())
    typical = lengths[len(lengths) // 2] if lengths and lengths[len(lengths) // 2] > 0 else 1.0
    return {cell: (x / typical, y / typical) for cell, (x, y) in points.items()}
