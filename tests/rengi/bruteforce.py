"""An independent chain resolver written straight from the rules, for differential tests.

Slow on purpose: a list of 13 rows of cells, recursion-free flood fill cell by cell, gravity by
rebuilding each column.  Rows are 0-based from the bottom; row 12 (row 13 of the rules) never
connects; garbage next to a cleared stone (rows 1..12) goes with it.
"""
from __future__ import annotations

W, H, CONNECT_ROWS = 6, 13, 12


def resolve(grid: list[list[str]]) -> list[tuple[int, int, int]]:
    """Resolve in place; returns (colour stones, groups, garbage cleared) per link.

    ``grid[row][column]`` holds 'a'..'d', 'j' or '.'.
    """
    links = []
    while True:
        seen = set()
        cleared = set()
        groups = 0
        for row in range(CONNECT_ROWS):
            for column in range(W):
                colour = grid[row][column]
                if colour not in "abcd" or (row, column) in seen:
                    continue
                group, todo = {(row, column)}, [(row, column)]
                while todo:
                    r, c = todo.pop()
                    for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                        if 0 <= nr < CONNECT_ROWS and 0 <= nc < W and (nr, nc) not in group \
                                and grid[nr][nc] == colour:
                            group.add((nr, nc))
                            todo.append((nr, nc))
                seen |= group
                if len(group) >= 4:
                    cleared |= group
                    groups += 1
        if not cleared:
            return links
        garbage = set()
        for r, c in cleared:
            for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= nr < CONNECT_ROWS and 0 <= nc < W and grid[nr][nc] == "j":
                    garbage.add((nr, nc))
        for r, c in cleared | garbage:
            grid[r][c] = "."
        for c in range(W):
            stack = [grid[r][c] for r in range(H) if grid[r][c] != "."]
            for r in range(H):
                grid[r][c] = stack[r] if r < len(stack) else "."
        links.append((len(cleared), groups, len(garbage)))


def grid_from_rows(rows: list[str]) -> list[list[str]]:
    """13 rows, top first, into ``grid[row][column]`` with row 0 at the bottom."""
    return [list(row) for row in reversed(rows)]


def rows_from_grid(grid: list[list[str]]) -> list[str]:
    return ["".join(row) for row in reversed(grid)]
