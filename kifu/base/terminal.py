"""Text for terminals: the columns a text takes (full-width characters two, combining ones
none) and tables of counts laid out in them."""
from __future__ import annotations


def display_width(text: str) -> int:
    """Terminal columns taken by ``text``: full-width (CJK) characters take two, combining and
    other zero-width characters none (wcwidth's tables, as tabulate and terminals count)."""
    if text.isascii():
        return len(text)
    from wcwidth import wcwidth  # imported only for non-ASCII text: it costs a small run's time

    return sum(max(wcwidth(c), 0) for c in text)


def simple_table(headers: list[str], rows: list[list[object]]) -> str:
    """``rows`` under ``headers`` as tabulate's ``simple`` format lays them out: each column as
    wide as its widest cell or its header and two more, a line of dashes under the headers, two
    spaces between columns, numbers (and their header) to the right, text to the left.

    kifu's summaries are tables of counts; laying them out here spares a run of ``kifu
    validate`` the import of tabulate, which costs as much as reading a small record.
    """
    cells = [[str(value) for value in row] for row in rows]
    numeric = [all(isinstance(row[i], int) for row in rows) and bool(rows)
               for i in range(len(headers))]
    widths = [max([display_width(header) + 2, *(display_width(row[i]) for row in cells)])
              for i, header in enumerate(headers)]

    def line(values: list[str]) -> str:
        return "  ".join(_aligned(value, width, right)
                         for value, width, right in zip(values, widths, numeric))

    return "\n".join([line(headers), "  ".join("-" * width for width in widths),
                      *(line(row) for row in cells)])


def _aligned(text: str, width: int, right: bool) -> str:
    padding = " " * (width - display_width(text))
    return padding + text if right else text + padding
