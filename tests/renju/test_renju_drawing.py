"""Renju's drawing writes the board and each stone once and puts them in every drawing of a
board of that size (a viewer's page of a library of 39,884 positions draws 79,768): each
drawing is still the one drawn from scratch with the grid's helpers, whatever the position and
the options."""
from __future__ import annotations

import random

import pytest

from kifu.base.record import Record
from kifu.builtin.renju import GAME, setup
from kifu.builtin.renju.moves import Place, Point
from kifu.builtin.renju.render import (
    FILL,
    NUMBER_FILL,
    _column_label,
    _legend,
    _row_label,
    _stars,
    _title,
    winning_stones,
)
from kifu.draw import grid as board
from kifu.draw.svg import element, to_string
from kifu.plugin import RenderOptions
from kifu.run.load import load
from tests import examples


def from_scratch(position, options: RenderOptions, record: Record) -> str:
    """The drawing built anew, element by element (no forbidden points or markup asked)."""
    size = position.board.size
    grid = board.framed(size, size, coords=options.coords, flip=options.flip,
                        row_label=_row_label)
    legend = _legend(position, record)
    root = board.draw_board(grid, stars=_stars(position.board), coords=options.coords,
                            column_label=_column_label, row_label=_row_label,
                            title=_title(position, record),
                            extra_height=board.legend_height(grid, len(legend)),
                            pixel_width=options.size)
    stones = element(root, "g", class_="stones")
    for at in position.board.all_points:
        colour = position.cells[at]
        if colour in FILL:
            column, row = position.board.point_of(at)
            label = str(position.numbers.get(at, "")) if options.numbers else None
            board.draw_stone(stones, grid, column, row, FILL[colour], label=label or None,
                             label_fill=NUMBER_FILL[colour])
    if options.last_move and position.last is not None and not options.numbers:
        column, row = position.board.point_of(position.last)
        board.draw_last_move(root, grid, column, row, "#e33")
    if position.outcome is not None and position.outcome.kind == "five":
        board.draw_winning_line(root, grid, winning_stones(position), "#e33")
    board.draw_legend(root, grid, legend)
    return to_string(root)


def positions(size: int, seed: int):
    """The positions of a random game on a ``size`` board, with a set-up of two stones."""
    rng = random.Random(seed)
    record = Record(game="renju", headers={"Game": "renju", "Size": str(size), "Black": "A",
                                           "Rule": "freestyle", "Setup-Black": "a1",
                                           "Setup-White": "b2"})
    setup.extract(record)
    position = GAME.start(record)
    assert position.stones == 2
    yield position, record
    for _ in range(40):
        point = Point(rng.randrange(size), rng.randrange(size))
        if position.colour_at(point) or GAME.outcome(position):
            continue
        GAME.play(position, Place(point))
        yield position, record


@pytest.mark.parametrize("size, seed", [(15, 1), (9, 2), (19, 3)])
def test_every_drawing_is_the_one_drawn_from_scratch(size, seed):
    options = [RenderOptions(), RenderOptions(flip=True), RenderOptions(coords=False),
               RenderOptions(numbers=True), RenderOptions(size=300, flip=True, numbers=True)]
    drawn = 0
    for position, record in positions(size, seed):
        for option in options:
            assert GAME.render_svg(position, option, record) == from_scratch(position, option,
                                                                             record)
            drawn += 1
    assert drawn > 100


def finished(name: str):
    """The last position of an example and its drawing."""
    loaded = load(str(examples.EXAMPLES / "renju" / name))
    position, _ = loaded.position_at(None, (), False)
    return position, GAME.render_svg(position, RenderOptions(), loaded.record)


@pytest.mark.parametrize("name, stones", [("four-three-win.renju", 5),
                                          ("white-overline.renju", 6)])
def test_a_won_game_marks_the_row_that_won_it(name, stones):
    """Issue 41: a finished game's picture shows the five (or the overline that won) with a
    line through its stones, each ringed; the game says which, the grid draws them."""
    position, svg = finished(name)
    won = winning_stones(position)
    assert len(won) == stones and position.board.point_of(position.last) in won
    colour = position.cells[position.last]
    assert all(position.cells[position.board.index(*at)] == colour for at in won)
    mark = svg.split('<g class="winning-line"', 1)[1].split("</g>", 1)[0]
    assert mark.count("<line") == 1 and mark.count("<circle") == stones


def test_a_game_lost_on_a_forbidden_point_marks_that_point():
    position, svg = finished("forced-overline.renju")
    assert position.outcome.kind == "foul" and 'class="losing-point"' in svg
    assert "winning-line" not in svg and winning_stones(position) == []


def test_a_game_not_won_marks_nothing():
    _, svg = finished("draw-by-passes.renju")
    assert "winning-line" not in svg and "losing-point" not in svg
