"""Drawing map boards costs time linear in the cells, and a board is drawn once (issue 23.11).

The shape of the work is checked by counting, never by timing: how often two centres are
compared, how often the board's cells are walked, how much SVG a drawing writes afresh.  That
the drawings are byte for byte those of the old quadratic code is the benchmark's verdict
(``bench/freego_maps.py``), on every position it draws.
"""
from __future__ import annotations

import collections
import itertools
import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kifu.builtin.freego.boards.board import Board, Cell, symmetric_links
from kifu.builtin.freego.moves import Place
from kifu.builtin.freego.position import Position
from kifu.builtin.freego.render import layout, svg, text
from kifu.builtin.freego.rules import play
from kifu.builtin.freego.setup import Rules
from kifu.plugin import RenderOptions


class WalkCounted(tuple):
    """A board's cells that count how often they are walked through."""

    walks = 0

    def __iter__(self):
        WalkCounted.walks += 1
        return super().__iter__()


def lattice(side: int, outlines: bool = False, seed: int = 1) -> Board:
    """``side`` x ``side`` cells at jittered points (or squares), each linked to the next."""
    rng = random.Random(seed)
    cells, pairs = [], []
    for row in range(side):
        for column in range(side):
            x, y = column + rng.uniform(-0.2, 0.2), row + rng.uniform(-0.2, 0.2)
            square = ((x, y), (x + 0.5, y), (x + 0.5, y + 0.5), (x, y + 0.5)) if outlines else None
            cells.append(Cell(f"c{column}_{row}", f"c{column}_{row}", value=1 + row % 2,
                              at=(x, y), polygon=square))
            index = row * side + column
            if column + 1 < side:
                pairs.append((index, index + 1))
            if row + 1 < side:
                pairs.append((index, index + side))
    return Board(f"lattice {side}", WalkCounted(cells), symmetric_links(pairs, len(cells)))


def position(board: Board, *moves: str) -> Position:
    pos = Position(Rules(board, ("black", "white"), (0.0, 0.5)))
    for move in moves:
        play(pos, Place(move))
    return pos


@pytest.fixture
def compared(monkeypatch):
    """How many times two centres have been compared."""
    count = collections.Counter()

    def distance(dx: float, dy: float) -> float:
        count["distance"] += 1
        return math.hypot(dx, dy)

    monkeypatch.setattr(layout, "distance", distance)
    return count


def test_issue_23_radii_compare_each_cell_with_a_bounded_number_of_others(compared):
    for board in (lattice(50), lattice(50, outlines=True, seed=2)):
        compared.clear()
        svg.render_svg(position(board, "c3_4"), RenderOptions())
        assert compared["distance"] <= 30 * len(board)  # every pair: 6,247,500


def test_issue_23_crowded_and_lonely_cells_cost_no_more_than_spread_ones(compared):
    rng = random.Random(3)
    crowd = [(100.0, 100.0)] * 1000 + [(100 + rng.random(), 100 + rng.random())
                                       for _ in range(1000)]
    lonely = [(rng.uniform(0, 760), rng.uniform(0, 760)) for _ in range(200)]
    radii = layout.radii(crowd + lonely)
    assert compared["distance"] <= 300 * len(radii)
    assert radii[:2000] == [layout.SMALLEST] * 2000


def nearest_radii(centres: list[tuple[float, float]]) -> list[float]:
    """The oracle: every pair of centres compared."""
    nearest = [math.inf] * len(centres)
    for (i, (x, y)), (_, (u, v)) in itertools.permutations(enumerate(centres), 2):
        nearest[i] = min(nearest[i], math.hypot(x - u, y - v))
    return [layout.radius(layout.ALONE if len(centres) == 1 else n) for n in nearest]


coordinate = st.one_of(st.floats(0, 760), st.sampled_from([0.0, 4.444444444444445, 44.0, 100.0]),
                       st.integers(0, 170).map(lambda k: k * layout.BUCKET))


@given(st.lists(st.tuples(coordinate, coordinate), min_size=1, max_size=60),
       st.floats(0.01, 60))
def test_issue_23_radii_are_those_of_the_nearest_other_cell(points, spread):
    # Scaled about the first point, so that neighbours fall at every distance the radius
    # depends on: in one bucket, the next, at the edge of the reach and beyond it.
    x0, y0 = points[0]
    centres = [(x0 + (x - x0) * spread / 60, y0 + (y - y0) * spread / 60) for x, y in points]
    assert layout.radii(centres) == nearest_radii(centres)


def test_issue_23_a_drawing_walks_the_board_a_bounded_number_of_times():
    board = lattice(30, outlines=True)
    pos = position(board, "c3_4", "c5_5")
    for draw in (lambda: svg.render_svg(pos, RenderOptions(numbers=True)),
                 lambda: text.render_text(pos, RenderOptions())):
        WalkCounted.walks = 0
        draw()
        assert WalkCounted.walks <= 12  # once a cell (has_polygons, value_shown...): 900


def test_issue_23_a_second_drawing_of_a_board_writes_only_what_changed(monkeypatch):
    board = lattice(30, outlines=True)
    first, second = position(board, "c3_4"), position(board, "c3_4", "c5_5")
    svg.render_svg(first, RenderOptions())
    built = []
    monkeypatch.setattr(layout, "radii", lambda centres: built.append("radii") or [])
    monkeypatch.setattr(layout, "Frame", lambda *a: built.append("frame"))
    written = []
    fragments = svg.fragments
    monkeypatch.setattr(svg, "fragments",
                        lambda parent, depth: written.append(len(parent)) or fragments(parent,
                                                                                       depth))
    drawn = svg.render_svg(second, RenderOptions())
    assert built == []  # the frame, the centres, the radii are the board's, kept
    assert sum(written) <= 3  # the new stone (its circle and its value); nothing of the board
    monkeypatch.undo()
    assert drawn == svg.render_svg(second, RenderOptions())
    assert drawn.count('class="cell"') == len(board)


def test_issue_23_boards_that_draw_alike_each_keep_their_own_drawing():
    big, small = lattice(4), lattice(3)
    drawn_big = svg.render_svg(position(big, "c1_1"), RenderOptions())
    drawn_small = svg.render_svg(position(small, "c1_1"), RenderOptions())
    assert drawn_big.count("<circle") == 16 + 1 + 2 and drawn_small.count("<circle") == 9 + 1 + 2
    seats = Position(Rules(small, ("orange", "green"), (0.0, 0.5)))
    play(seats, Place("c1_1"))
    assert svg.COLOURS["orange"] in svg.render_svg(seats, RenderOptions())
    colours = list(svg.COLOURS)
    for first, second in zip(colours, colours[1:]):  # a drawing kept per pair of colours
        if svg.COLOURS[first] != svg.COLOURS[second]:
            svg.render_svg(Position(Rules(small, (first, second), (0.0, 0.5))), RenderOptions())
    assert len(layout._KEPT[small]) <= layout.MOST_KEPT
