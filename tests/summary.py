"""The summary table a run of kifu ends with, read back by the tests: a row per game (and
``total``), each a count per column, so that a test names the columns it checks."""
from __future__ import annotations


def summary_rows(stderr: str) -> dict[str, dict[str, int]]:
    """The rows of the last summary table in ``stderr``, by game, each by column."""
    lines = stderr.splitlines()
    header = max(i for i, line in enumerate(lines) if line.split()[:2] == ["game", "files"])
    columns = lines[header].split()[1:]
    rows = {}
    for line in lines[header + 2:]:
        cells = line.split()
        if len(cells) != len(columns) + 1 or not all(c.isdigit() for c in cells[1:]):
            break
        rows[cells[0]] = dict(zip(columns, map(int, cells[1:])))
    return rows
