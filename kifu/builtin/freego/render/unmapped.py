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

#: Gauss-Seidel sweeps of the barycentric layout at most, over-relaxed (at least ``RELAX``,
#: at most ``MOST_RELAX``), and the move (in units of the outer circle's radius) under which it
#: is taken as settled; the visits of a neighbour all sweeps may take together.
SWEEPS, RELAX, MOST_RELAX, SETTLED = 5000, 1.7, 1.95, 1e-7
SWEEP_WORK = 12_000_000
#: The force-directed layout's rounds; past this many cells it keeps fewer rounds (the work
#: of a round is the square of the cells), ``MIN_ROUNDS`` at least; the pairs of cells all its
#: rounds may weigh (see :func:`_forces`).
ROUNDS, WORK, MIN_ROUNDS = 150, 6_000_000, 20
FORCE_WORK = 20_000_000
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
    neighbours, solved by over-relaxed Gauss-Seidel sweeps (cells in the order of their
    distance from the outer face, which carries each sweep's news inwards).

    The over-relaxation suits the board's depth (the most links from the outer face to a
    cell, ``d``): a sweep takes the error down by about ``ω - 1`` where ``ω = 2 / (1 + sin(π /
    (2d + 1)))``, the best for a grid that deep, so a deep board settles in some hundreds of
    sweeps where a fixed ``RELAX`` took thousands.  The sweeps stop once settled, or at
    ``SWEEP_WORK`` visits of a neighbour in all (a board of 6,000 cells: about ten seconds),
    drawn as far as they got."""
    order = _by_depth(graph, outer)
    depth = order[-1][1] if order else 0
    relax = min(MOST_RELAX, max(RELAX, 2 / (1 + math.sin(math.pi / (2 * depth + 1)))))
    cells = [cell for cell, _ in order]
    index = {cell: i for i, cell in enumerate([*outer, *cells])}
    xs = [math.cos(2 * math.pi * i / len(outer)) for i in range(len(outer))] + [0.0] * len(cells)
    ys = [math.sin(2 * math.pi * i / len(outer)) for i in range(len(outer))] + [0.0] * len(cells)
    first = len(outer)
    neighbours = [[index[n] for n in graph[cell]] for cell in cells]
    visits = sum(map(len, neighbours))
    sweeps = min(SWEEPS, SWEEP_WORK // max(1, visits))
    for _ in range(sweeps):
        moved = 0.0
        for at, around in enumerate(neighbours, start=first):
            x = sum([xs[n] for n in around]) / len(around)
            y = sum([ys[n] for n in around]) / len(around)
            step_x, step_y = relax * (x - xs[at]), relax * (y - ys[at])
            xs[at] += step_x
            ys[at] += step_y
            moved = max(moved, abs(step_x), abs(step_y))
        if moved < SETTLED:
            break
    return {cell: (xs[i], ys[i]) for cell, i in index.items()}


def _by_depth(graph: Any, outer: list[int]) -> list[tuple[int, int]]:
    """The cells not on the outer face, each with its distance from it in links, nearest
    first (breadth first, in the order of the cells' numbers within a distance)."""
    depth = dict.fromkeys(outer, 0)
    found: list[tuple[int, int]] = []
    layer = sorted(outer)
    while layer:
        following = sorted({n for cell in layer for n in graph[cell] if n not in depth})
        for cell in following:
            depth[cell] = depth[layer[0]] + 1
            found.append((cell, depth[cell]))
        layer = following
    return found


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
    """Fruchterman and Reingold's layout from a circle: neighbours pull, cells push each other
    away.  Every pair pushes while a round of every pair fits ``MIN_ROUNDS`` times in
    ``FORCE_WORK``; a larger board takes their grid variant, in which only cells nearer than
    twice the ideal link's length push (found in buckets that wide), and its rounds stop once
    they have weighed ``FORCE_WORK`` pairs (a board of 6,000 cells: about ten seconds)."""
    cells = sorted(graph)
    count = len(cells)
    index = {cell: i for i, cell in enumerate(cells)}
    xs = [math.cos(2 * math.pi * i / count) for i in range(count)]
    ys = [math.sin(2 * math.pi * i / count) for i in range(count)]
    links = [(index[a], index[b]) for a, b in graph.edges()]
    ideal = math.sqrt(math.pi / count)  # the circle's area shared among the cells
    pairs = count * (count - 1) // 2
    every_pair = pairs * MIN_ROUNDS <= FORCE_WORK
    rounds = max(MIN_ROUNDS, min(ROUNDS, WORK // max(1, count * count))) if every_pair \
        else ROUNDS
    heat, weighed = 0.1, 0
    for _ in range(rounds):
        dx, dy = [0.0] * count, [0.0] * count
        weighed += (_push_every_pair if every_pair else _push_near)(xs, ys, dx, dy, ideal)
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
        if weighed >= FORCE_WORK:
            break
    return {cell: (xs[index[cell]], ys[index[cell]]) for cell in cells}


def _push_every_pair(xs: list[float], ys: list[float], dx: list[float], dy: list[float],
                     ideal: float) -> int:
    """Every pair of cells pushes apart (``ideal²`` over their distance); the pairs weighed."""
    count = len(xs)
    for i in range(count):
        for j in range(i + 1, count):
            ex, ey = xs[i] - xs[j], ys[i] - ys[j]
            apart = max(math.hypot(ex, ey), 1e-9)
            push = ideal * ideal / apart / apart
            dx[i] += ex * push
            dy[i] += ey * push
            dx[j] -= ex * push
            dy[j] -= ey * push
    return count * (count - 1) // 2


def _push_near(xs: list[float], ys: list[float], dx: list[float], dy: list[float],
               ideal: float) -> int:
    """Cells nearer than ``2 * ideal`` push apart, as every pair does, the others not; the
    pairs weighed (those in neighbouring buckets)."""
    side = 2 * ideal
    buckets: dict[tuple[int, int], list[int]] = {}
    for i, (x, y) in enumerate(zip(xs, ys)):
        buckets.setdefault((math.floor(x / side), math.floor(y / side)), []).append(i)
    weighed = 0
    for (column, row), members in buckets.items():
        near = [j for c in (column - 1, column, column + 1) for r in (row - 1, row, row + 1)
                for j in buckets.get((c, r), ())]
        weighed += len(members) * len(near)
        for i in members:
            for j in near:
                if j <= i:
                    continue
                ex, ey = xs[i] - xs[j], ys[i] - ys[j]
                apart = max(math.hypot(ex, ey), 1e-9)
                if apart >= side:
                    continue
                push = ideal * ideal / apart / apart
                dx[i] += ex * push
                dy[i] += ey * push
                dx[j] -= ex * push
                dy[j] -= ey * push
    return weighed // 2


def _normalised(points: dict[int, Point], cells: list[int], graph: Any) -> dict[int, Point]:
    """A part's points scaled so that its median edge is one unit long (parts of one board come
    out at one scale), or a unit apart for a part without edges."""
    lengths = sorted(math.dist(points[a], points[b]) for a, b in graph.subgraph(cells).edges())
    typical = lengths[len(lengths) // 2] if lengths and lengths[len(lengths) // 2] > 0 else 1.0
    return {cell: (x / typical, y / typical) for cell, (x, y) in points.items()}
