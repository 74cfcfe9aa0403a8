"""Fives, overlines, and black's forbidden 3-3, 4-4 and overline, judged line by line.

The board (:mod:`kifu.builtin.renju.position`) is a flat list with a one-cell wall around its
points, so that a scan in any direction stops at the edge without bounds checks.  A black
move is judged line by line: each of
the four lines through it is cut to the eleven cells within reach of a five, and what that line
holds (five, overline, how many fours, which points would make a straight four) depends on
those eleven cells alone, so it is computed once per distinct line and cached.  Only a three
needs the rest of the board: the point that would make its straight four must itself be a legal
black move, which is checked recursively (a false three is not a three).
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from operator import itemgetter

from kifu.builtin.renju.moves import Point
from kifu.builtin.renju.position import (
    BLACK,
    DIRECTION_VECTORS,
    EMPTY,
    REACH,
    WALL,
    WHITE,
    Geometry,
    Position,
)

# -- what one line holds --------------------------------------------------------------------

@dataclass(frozen=True)
class LineShape:
    """What the eleven cells of one line through a black stone (at the centre) amount to."""

    run: int                        # stones in the unbroken run through the centre
    fours: int                      # distinct fours through the centre (two on one line possible)
    straight_four_points: tuple[int, ...]  # offsets where black makes a straight four (a three)


LineReaders = dict[int, tuple[Callable[[list[int]], tuple[int, ...]], ...]]


@functools.cache
def line_readers(board: Geometry) -> LineReaders:
    """For each point of a board, four functions that read the eleven cells of a line through
    it (made once per board size).

    Cells beyond the edge read as the wall cell at index 0, so a line never wraps round the
    flat board; ``itemgetter`` does the reading in C, which is what makes judging cheap.
    """
    readers: LineReaders = {}
    for at in board.all_points:
        column, row = board.point_of(at)
        per_direction: list[Callable[[list[int]], tuple[int, ...]]] = []
        for dc, dr in DIRECTION_VECTORS:
            cells = []
            for k in range(-REACH, REACH + 1):
                c, r = column + k * dc, row + k * dr
                cells.append(board.index(c, r) if board.on_board(c, r) else 0)
            per_direction.append(itemgetter(*cells))
        readers[at] = tuple(per_direction)
    return readers


_CHAR = {BLACK: "x", EMPTY: ".", WHITE: "#", WALL: "#"}
_SHAPES: dict[tuple[int, ...], LineShape] = {}


def _shape(cells: tuple[int, ...]) -> LineShape:
    """The shape of a line read by :func:`line_readers` (cached: few distinct lines occur in
    games)."""
    shape = _SHAPES.get(cells)
    if shape is None:
        shape = _SHAPES[cells] = line_shape("".join(_CHAR[v] for v in cells))
    return shape


def _run_through(line: str, centre: int) -> tuple[int, int]:
    """First and last index of the run of 'x' containing ``centre``."""
    lo = centre
    while lo > 0 and line[lo - 1] == "x":
        lo -= 1
    hi = centre
    while hi < len(line) - 1 and line[hi + 1] == "x":
        hi += 1
    return lo, hi


def _fives_from(line: str, centre: int) -> list[tuple[int, frozenset[int]]]:
    """Every empty point that turns the line into an exact five through the centre, each with
    the four stones that five completes."""
    found = []
    for e, cell in enumerate(line):
        if cell != "." or abs(e - centre) > 4:
            continue
        filled = line[:e] + "x" + line[e + 1:]
        lo, hi = _run_through(filled, centre)
        if hi - lo + 1 == 5:
            found.append((e, frozenset(range(lo, hi + 1)) - {e}))
    return found


def line_shape(line: str) -> LineShape:
    """Analyse an 11-cell line with a black stone at its centre (index 5): 'x' black,
    '.' empty, '#' white or the edge."""
    centre = REACH
    lo, hi = _run_through(line, centre)
    run = hi - lo + 1
    if run >= 5:
        return LineShape(run, 0, ())
    fours = len({stones for _, stones in _fives_from(line, centre)})
    points: list[int] = []
    if fours == 0:
        for q, cell in enumerate(line):
            if cell != "." or abs(q - centre) > 4:
                continue
            filled = line[:q] + "x" + line[q + 1:]
            completions = _fives_from(filled, centre)
            # A straight four: two completing points of the same four stones (.XXXX.).
            stones = [s for _, s in completions]
            if len(stones) != len(set(stones)):
                points.append(q - centre)
    return LineShape(run, fours, tuple(points))


# -- judging a black move -------------------------------------------------------------------

FIVE = "five"
OVERLINE = "overline"
DOUBLE_FOUR = "double-four"
DOUBLE_THREE = "double-three"
#: The forbidden shapes in words.
FORBIDDEN_NAMES = {
    OVERLINE: "overline (長連)",
    DOUBLE_FOUR: "double four (四々)",
    DOUBLE_THREE: "double three (三々)",
}


def black_verdict(board: Geometry, cells: list[int], at: int) -> str | None:
    """Judge a black stone just placed at ``at``: ``FIVE`` (wins), a forbidden shape's name,
    or ``None`` for an ordinary legal move.  ``cells`` must already hold the stone."""
    known = _SHAPES.get
    shapes = []
    overline, fours = False, 0
    for read in line_readers(board)[at]:
        line = read(cells)
        shape = known(line) or _shape(line)
        if shape.run == 5:
            return FIVE  # a five wins, whatever else the move makes
        overline = overline or shape.run > 5
        fours += shape.fours
        shapes.append(shape)
    if overline:
        return OVERLINE
    if fours >= 2:
        return DOUBLE_FOUR
    candidates = [(step, shape.straight_four_points)
                  for step, shape in zip(board.directions, shapes) if shape.straight_four_points]
    if len(candidates) >= 2:
        threes = 0
        for step, offsets in candidates:
            if any(_is_legal_black(board, cells, at + offset * step) for offset in offsets):
                threes += 1
                if threes == 2:
                    return DOUBLE_THREE
    return None


def _is_legal_black(board: Geometry, cells: list[int], at: int) -> bool:
    """Whether black may play at the empty point ``at`` (a five is always legal)."""
    cells[at] = BLACK
    try:
        verdict = black_verdict(board, cells, at)
    finally:
        cells[at] = EMPTY
    return verdict is None or verdict == FIVE


def is_forbidden(board: Geometry, cells: list[int], at: int) -> str | None:
    """The forbidden shape black would make at the empty point ``at``, or ``None``."""
    cells[at] = BLACK
    try:
        verdict = black_verdict(board, cells, at)
    finally:
        cells[at] = EMPTY
    return None if verdict == FIVE else verdict


def forbidden_points(board: Geometry, cells: list[int]) -> Iterator[tuple[int, str]]:
    """Every empty point where black may not play, with the reason."""
    for at in board.all_points:
        if cells[at] == EMPTY:
            verdict = is_forbidden(board, cells, at)
            if verdict:
                yield at, verdict


def wins_under_caro(board: Geometry, cells: list[int], at: int, colour: int) -> bool:
    """Whether a stone at ``at`` wins under Piskvork's Caro rule: a line through it of six or
    more, or of exactly five not closed at both ends by the other colour's stones (the board's
    edge closes nothing)."""
    other = WHITE if colour == BLACK else BLACK
    for step in board.directions:
        run = 1
        after = at + step
        while cells[after] == colour:
            run += 1
            after += step
        before = at - step
        while cells[before] == colour:
            run += 1
            before -= step
        if run > 5 or (run == 5 and not (cells[after] == other and cells[before] == other)):
            return True
    return False


def makes_five_or_more(board: Geometry, cells: list[int], at: int, colour: int) -> int:
    """The longest run of ``colour`` through ``at`` (for white, five or more wins)."""
    best = 1
    for step in board.directions:
        run = 1
        i = at + step
        while cells[i] == colour:
            run += 1
            i += step
        i = at - step
        while cells[i] == colour:
            run += 1
            i -= step
        best = max(best, run)
    return best


def forbidden_for_black(position: Position) -> list[tuple[Point, str]]:
    """Black's forbidden points in a position (whoever is to move), with the reason; none
    where the rules forbid nothing (gomoku)."""
    if not position.rules.forbidden:
        return []
    board = position.board
    return [(Point(*board.point_of(at)), why) for at, why in forbidden_points(board,
                                                                             position.cells)]
