"""Text for terminals: the width text takes, and diagrams of boards with fixed-width cells and
coordinates around the edge."""
from __future__ import annotations

from collections.abc import Callable


def grid_diagram(columns: int, rows: int, cell: Callable[[int, int], str] | None = None, *,
                 column_label: Callable[[int], str], row_label: Callable[[int], str],
                 coords: bool = True, flip: bool = False,
                 row_cells: Callable[[int], str] | None = None) -> str:
    """A board as lines of text; ``cell(column, row)`` gives one character (0-based, row 0 at
    the bottom), ``flip`` turns the board around for the other side's view.  ``row_cells(row)``,
    where given, gives a whole row's characters at once (from the left), in place of ``cell``:
    a viewer's page draws the diagram of every position of a record."""
    cols = list(range(columns))
    row_order = list(range(rows - 1, -1, -1))
    if flip:
        cols.reverse()
        row_order.reverse()
    width = max((len(row_label(r)) for r in range(rows)), default=1)
    header = " " * (width + 1) + " ".join(column_label(c) for c in cols)
    lines = [header] if coords else []
    for row in row_order:
        if row_cells is not None:
            chars = row_cells(row)
            body = " ".join(chars[::-1] if flip else chars)
        else:
            assert cell is not None, "grid_diagram draws each cell by cell() or row_cells()"
            body = " ".join(cell(column, row) for column in cols)
        lines.append(f"{row_label(row):>{width}} {body} {row_label(row)}" if coords else body)
    if coords:
        lines.append(header)
    return "\n".join(line.rstrip() for line in lines) + "\n"
