"""A board file that gives only which cells touch (no points, no outlines) is drawn from its
adjacency (issue 29.9): a planar board without a line crossing another, every cell's circle
apart from the others and holding its name, everything inside the picture.  Before, its cells
stood on a circle, every line across the middle."""
from __future__ import annotations

import itertools
import time
import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from kifu.builtin.freego.boards.board import Board, Cell, symmetric_links
from kifu.builtin.freego.position import Position
from kifu.builtin.freego.render import svg, unmapped
from kifu.builtin.freego.setup import Rules
from kifu.draw.svg import text_width
from kifu.plugin import RenderOptions
from tests import measured

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


def test_a_board_of_6000_cells_given_by_adjacency_is_drawn_in_bounded_time(monkeypatch):
    """Issue 38: one SVG of a board of 6,000 cells took 118 s planar and 173 s not planar
    (5,000 barycentric sweeps; 20 rounds of every pair of cells).  The planar one settles
    (its sweeps over-relaxed as suits its depth) and the other stops at its budget of pairs,
    each in a few seconds; both are drawn well.  Every pair weighed is counted."""
    weighed = []
    near = unmapped._push_near
    monkeypatch.setattr(unmapped, "_push_near", lambda *a: weighed.append(near(*a)) or
                        weighed[-1])
    start = time.process_time()
    planar = unmapped.positions(75 * 80, grid_pairs(75, 80))
    planar_time = time.process_time() - start
    assert planar_time < 30
    assert len(set(planar)) == 6000
    links = [(i, (i + 1) % 6000) for i in range(6000)]
    links += [(i, (i * 7919 + 17) % 6000) for i in range(0, 6000, 2)]  # chords: not planar
    start = time.process_time()
    spread = unmapped.positions(6000, [(a, b) for a, b in links if a != b])
    assert time.process_time() - start < 60
    assert weighed and sum(weighed[:-1]) < unmapped.FORCE_WORK <= sum(weighed)
    xs, ys = [x for x, _ in spread], [y for _, y in spread]
    # a disc of cells, not a ring: the middle of the drawing is filled
    middle = sum(1 for x, y in spread if abs(x - sum(xs) / 6000) < (max(xs) - min(xs)) / 4
                 and abs(y - sum(ys) / 6000) < (max(ys) - min(ys)) / 4)
    assert middle > 600


def test_a_record_on_a_board_file_of_6000_cells_given_by_adjacency_is_drawn_within_bounds(
        tmp_path):
    """The campaign's shape as a user meets it: a record whose board file lists 6,000 cells
    and their neighbours, not planar (a ring with chords), drawn by ``kifu render`` (173 s
    before), a process of its own."""
    links = [(i, (i + 1) % 6000) for i in range(6000)]
    links += [(i, (i * 7919 + 17) % 6000) for i in range(0, 6000, 2)]
    neighbours: dict[int, set[int]] = {i: set() for i in range(6000)}
    for a, b in links:
        if a != b:
            neighbours[a].add(b)
            neighbours[b].add(a)
    cells = "".join(f"[cells.c{i}]\nadjacent = {sorted(f'c{n}' for n in near)}\n"
                    for i, near in neighbours.items())  # a list of strings as TOML writes it
    (tmp_path / "ring.toml").write_text('name = "a ring of 6,000 cells with chords"\n' + cells,
                                        encoding="utf-8")
    (tmp_path / "ring.freego").write_text("Game: freego\nBoard: ring.toml\n\nc0 c1 c2 c3\n",
                                          encoding="utf-8")
    run = measured.kifu("render", tmp_path / "ring.freego", "-o", tmp_path / "ring.svg")
    assert run.status == 0 and run.within_bounds(), run
    drawing = ET.parse(tmp_path / "ring.svg").getroot()
    assert len(lines(drawing)) == sum(map(len, neighbours.values())) // 2
