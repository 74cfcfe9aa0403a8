"""An independent Renju referee written straight from the rule definitions, for differential
tests.  Slow on purpose: no windows, no caches, whole lines of the board, plain recursion.

Definitions (Japanese Renju federation's rules; RIF):
- five: exactly five black stones in a row (white: five or more);
- four: a row that one more stone turns into a five; fours are counted by their four stones,
  so ``.XXXX.`` is one (straight) four and ``X.XXX.X`` two;
- straight four: a four with two different completing points;
- three: a row that one more stone turns into a straight four, where that stone is itself a
  legal black move;
- black may not make two threes, two fours, or an overline, unless the move makes a five.
"""
from __future__ import annotations

N = 15
EMPTY, BLACK, WHITE = 0, 1, 2
DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


def run_cells(board: list[list[int]], x: int, y: int, dx: int, dy: int) -> list[tuple[int, int]]:
    """The unbroken run of black stones through (x, y) along (dx, dy)."""
    cells = [(x, y)]
    for sign in (1, -1):
        cx, cy = x + sign * dx, y + sign * dy
        while 0 <= cx < N and 0 <= cy < N and board[cy][cx] == BLACK:
            cells.append((cx, cy))
            cx, cy = cx + sign * dx, cy + sign * dy
    return cells


def line_points(x: int, y: int, dx: int, dy: int) -> list[tuple[int, int]]:
    """Every point of the board on the line through (x, y)."""
    while 0 <= x - dx < N and 0 <= y - dy < N:
        x, y = x - dx, y - dy
    points = []
    while 0 <= x < N and 0 <= y < N:
        points.append((x, y))
        x, y = x + dx, y + dy
    return points


def fours_on_line(board: list[list[int]], x: int, y: int, dx: int, dy: int) -> set[frozenset]:
    """The fours through (x, y) on this line, each as its set of four stones."""
    fours = set()
    for ex, ey in line_points(x, y, dx, dy):
        if board[ey][ex] != EMPTY:
            continue
        board[ey][ex] = BLACK
        run = run_cells(board, x, y, dx, dy)
        board[ey][ex] = EMPTY
        if len(run) == 5 and (ex, ey) in run:
            fours.add(frozenset(run) - {(ex, ey)})
    return fours


def has_straight_four(board: list[list[int]], x: int, y: int, dx: int, dy: int) -> bool:
    """A four through (x, y) on this line with two different completing points."""
    completions: dict[frozenset, int] = {}
    for ex, ey in line_points(x, y, dx, dy):
        if board[ey][ex] != EMPTY:
            continue
        board[ey][ex] = BLACK
        run = run_cells(board, x, y, dx, dy)
        board[ey][ex] = EMPTY
        if len(run) == 5 and (ex, ey) in run:
            key = frozenset(run) - {(ex, ey)}
            completions[key] = completions.get(key, 0) + 1
    return any(count >= 2 for count in completions.values())


def is_three(board: list[list[int]], x: int, y: int, dx: int, dy: int) -> bool:
    for ex, ey in line_points(x, y, dx, dy):
        if board[ey][ex] != EMPTY:
            continue
        board[ey][ex] = BLACK
        try:
            straight = has_straight_four(board, x, y, dx, dy)
        finally:
            board[ey][ex] = EMPTY
        if straight and legal_for_black(board, ex, ey):
            return True
    return False


def verdict(board: list[list[int]], x: int, y: int) -> str | None:
    """For a black stone already at (x, y): 'five', a forbidden shape, or None."""
    runs = [len(run_cells(board, x, y, dx, dy)) for dx, dy in DIRS]
    if 5 in runs:
        return "five"
    if max(runs) > 5:
        return "overline"
    four_sets = [fours_on_line(board, x, y, dx, dy) for dx, dy in DIRS]
    if sum(len(f) for f in four_sets) >= 2:
        return "double-four"
    threes = sum(1 for (dx, dy), fours in zip(DIRS, four_sets)
                 if not fours and is_three(board, x, y, dx, dy))
    if threes >= 2:
        return "double-three"
    return None


def legal_for_black(board: list[list[int]], x: int, y: int) -> bool:
    if board[y][x] != EMPTY:
        return False
    board[y][x] = BLACK
    try:
        return verdict(board, x, y) in (None, "five")
    finally:
        board[y][x] = EMPTY


def forbidden(board: list[list[int]], x: int, y: int) -> str | None:
    board[y][x] = BLACK
    try:
        found = verdict(board, x, y)
    finally:
        board[y][x] = EMPTY
    return None if found == "five" else found
