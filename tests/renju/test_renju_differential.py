"""kifu's referee against the brute-force checker of ``bruteforce.py`` on random positions.

Positions are random but dense around the centre, where threes, fours and their recursive
interplay actually arise; every empty point of the dense area is judged by both.
"""
from __future__ import annotations

import os
import random

from kifu.builtin.renju.forbidden import is_forbidden
from kifu.builtin.renju.position import BLACK, EMPTY, WHITE, Position, geometry
from tests.renju import bruteforce
from tests.renju.diagrams import to_grid

BOARD = geometry()
ALL_POINTS, point_of = BOARD.all_points, BOARD.point_of

#: 150 positions (about 20,000 points) in CI; KIFU_THOROUGH=1 judges 2,000 positions.
POSITIONS = 2000 if os.environ.get("KIFU_THOROUGH") else 150


def random_position(rng: random.Random) -> Position:
    position = Position()
    black, white = rng.uniform(0.2, 0.4), rng.uniform(0.1, 0.25)
    for at in ALL_POINTS:
        column, row = point_of(at)
        if 3 <= column <= 11 and 3 <= row <= 11:
            roll = rng.random()
            if roll < black:
                position.cells[at] = BLACK
            elif roll < black + white:
                position.cells[at] = WHITE
    return position


def test_referee_agrees_with_brute_force_on_random_positions():
    rng = random.Random(20261122)
    checked = forbidden = 0
    disagreements = []
    for _ in range(POSITIONS):
        position = random_position(rng)
        grid = to_grid(position)
        for at in ALL_POINTS:
            column, row = point_of(at)
            if position.cells[at] != EMPTY or not (2 <= column <= 12 and 2 <= row <= 12):
                continue
            ours = is_forbidden(BOARD, position.cells, at)
            theirs = bruteforce.forbidden(grid, column, row)
            checked += 1
            forbidden += ours is not None
            if ours != theirs:
                disagreements.append((column, row, ours, theirs))
    assert not disagreements, disagreements[:5]
    assert checked > 60 * POSITIONS
    assert forbidden > 2 * POSITIONS  # the sample really exercises the forbidden shapes
