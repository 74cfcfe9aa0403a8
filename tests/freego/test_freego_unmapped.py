"""A board file that gives only which cells touch (no points, no outlines) is drawn from its
adjacency (issue 29.9): a planar board without a line crossing another, every cell's circle
apart from the others and holding its name, everything inside the picture.  Before, its cells
stood on a circle, every line across the middle."""
from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from kifu.builtin.freego.boards.board import Board, Cell, symmetric_links
from kifu.builtin.freego.position import Position
from kifu.builtin.freego.render import svg
from kifu.builtin.freego.setup import Rules
from kifu.draw.svg import text_width
from kifu.plugin import RenderOptions

SVG = "{http://www.w3.org/2000/svg}"
Segment = tuple[tuple[float, float], tuple[float, float]]


def board_of(count: int, pairs: list[tuple[int, int]], prefix: str = "c") -> Board:
    cells = [Cell(f"{prefix}{i}", f"{prefix}{i}") for i in range(count)]
    return Board("adjacency only", tuple(cells), symmetric_links(pairs, count))


def drawn(board: Board) -> ET.Element:
    position = Position(Rules(board, ("black", "white"), (0.0, 0.5)))
    return ET.fromstring(svg.render_svg(position, RenderOptions()))


def lines(root: ET.Element) -> list[Segment]:
    group = next(g for g in root.iter(SVG + "g") if g.get("class") == "adjacency")
    return [((float(e.get("x1")), float(e.get("y1"))), (float(e.get("x2")), float(e.get("y2"))))
            for e in group.iter(SVG + "line")]


def crossing(first: Segment, second: Segment) -> bool:
    """Whether two segments cross at a point inside both (sharing an end is no crossing)."""
    (a, b), (c, d) = first, second
    if {a, b} & {c, d}:
        return False

    def side(p, q, r):
        value = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return 0 if abs(value) < 1e-6 else (1 if value > 0 else -1)

    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0


def cells(root: ET.Element) -> list[tuple[float, float, float, str, float]]:
    """Each cell's circle and the name drawn in it: x, y, radius, name, font size."""
    stones = next(g for g in root.iter(SVG + "g") if g.get("class") == "stones")
    children = list(stones)
    found = []
    for circle, name in zip(children[::2], children[1::2]):
        found.append((float(circle.get("cx")), float(circle.get("cy")), float(circle.get("r")),
                      name.text or "", float(name.get("font-size"))))
    return found


def assert_drawn_well(board: Board, planar: bool) -> None:
    root = drawn(board)
    view = [float(v) for v in root.get("viewBox").split()]
    width, height = view[2], view[3]
    segments = lines(root)
    assert len(segments) == len(board.edges())
    if planar:
        assert not [pair for pair in itertools.combinations(segments, 2) if crossing(*pair)]
    circles = cells(root)
    assert len(circles) == len(board)
    for x, y, r, name, size in circles:
        assert text_width(name, size) <= 2 * r, name  # the name inside its circle
        assert r <= x <= width - r and r <= y <= height - r
    for (x1, y1, r1, *_), (x2, y2, r2, *_) in itertools.combinations(circles, 2):
        assert (x1 - x2) ** 2 + (y1 - y2) ** 2 >= (r1 + r2) ** 2 * 0.99


def grid_pairs(columns: int, rows: int) -> list[tuple[int, int]]:
    pairs = []
    for row, column in itertools.product(range(rows), range(columns)):
        at = row * columns + column
        if column + 1 < columns:
            pairs.append((at, at + 1))
        if row + 1 < rows:
            pairs.append((at, at + columns))
    return pairs


def test_a_grid_given_by_adjacency_alone_draws_without_crossings():
    assert_drawn_well(board_of(16, grid_pairs(4, 4)), planar=True)


def test_trees_cycles_and_parts_apart_draw_without_crossings():
    tree = [(i, (i - 1) // 2) for i in range(1, 15)]
    assert_drawn_well(board_of(15, tree), planar=True)
    ring = [(i, (i + 1) % 9) for i in range(9)]
    assert_drawn_well(board_of(9, ring), planar=True)
    two_parts = grid_pairs(3, 3) + [(9 + a, 9 + b) for a, b in grid_pairs(2, 3)]
    assert_drawn_well(board_of(15, two_parts), planar=True)
    assert_drawn_well(board_of(4, []), planar=True)  # no adjacency at all


def test_long_names_fit_their_circles():
    board = Board("names", tuple(Cell(f"cell{i}", f"a-rather-long-name-{i}") for i in range(6)),
                  symmetric_links([(i, (i + 1) % 6) for i in range(6)], 6))
    assert_drawn_well(board, planar=True)


def test_a_board_that_is_not_planar_is_still_drawn_inside_the_picture():
    complete = list(itertools.combinations(range(5), 2))  # K5: no drawing without a crossing
    assert_drawn_well(board_of(5, complete), planar=False)
    utilities = [(a, b) for a in range(3) for b in range(3, 6)]  # K3,3
    assert_drawn_well(board_of(6, utilities), planar=False)


@settings(max_examples=25, deadline=None)
@given(columns=st.integers(2, 6), rows=st.integers(2, 6), data=st.data())
def test_random_planar_boards_draw_without_crossings(columns, rows, data):
    """A grid with some links taken away and some squares given one diagonal (the same way
    round in a square, so still planar)."""
    pairs = [pair for pair in grid_pairs(columns, rows) if data.draw(st.booleans(), "keep")
             or pair[1] - pair[0] == 1]
    for row, column in itertools.product(range(rows - 1), range(columns - 1)):
        if data.draw(st.booleans(), "diagonal"):
            at = row * columns + column
            pairs.append((at, at + columns + 1))
    assert_drawn_well(board_of(columns * rows, pairs), planar=True)
