"""Validation results, the summary table, and the text format they are printed in.

The library produces :class:`FileReport` values; the command line picks a formatter (text here,
the machine formats in :mod:`kifu.report.formats`).  Anything taken from a record (source lines,
messages quoting it, file names) is made safe for a terminal here.
"""
from __future__ import annotations

from dataclasses import dataclass

import click

from kifu.base import exitcodes
from kifu.base.diagnostics import Diagnostic, FileReport
from kifu.base.terminal import display_width, simple_table
from kifu.base.unsafe import printable


class Formatter:
    """Prints reports as they arrive (``file``), with something before and after if needed.

    ``file`` returns the text for one report (empty for none); ``end`` may build a whole
    document from what it was given (JUnit, SARIF).
    """

    def begin(self) -> str:
        return ""

    def file(self, report: FileReport) -> str:
        raise NotImplementedError

    def end(self) -> str:
        return ""


class TextFormatter(Formatter):
    """``path:line:col: error[CODE]: message``, then the source line with a caret under the span."""

    def __init__(self, color: bool = False, verbose: bool = False) -> None:
        self.color = color
        self.verbose = verbose

    def file(self, report: FileReport) -> str:
        lines = []
        if self.verbose and not report.diagnostics:
            lines.append(f"{printable(report.path)}: ok ({report.game}, {report.moves} moves)")
        for diag in report.diagnostics:
            lines.extend(self.diagnostic(diag))
        return "\n".join(lines)

    def diagnostic(self, diag: Diagnostic) -> list[str]:
        label = f"{diag.severity}[{diag.code}{', ' + diag.grade if diag.grade else ''}]"
        if self.color:
            label = click.style(label, fg="red" if diag.severity == "error" else "yellow", bold=True)
        out = [f"{printable(diag.location)}: {label}: {printable(diag.message)}"]
        if diag.source_line is not None and diag.column is not None:
            shift = diag.source_column - 1
            end = diag.end_column if diag.end_line == diag.line else None
            out.extend(caret_lines(diag.source_line, diag.line or 0, diag.column - shift,
                                   None if end is None else end - shift))
        return out


def caret_lines(source_line: str, line: int, column: int, end_column: int | None) -> list[str]:
    """The source line and a caret line, aligned in display columns (CJK takes two)."""
    shown = printable(source_line)
    # Work on the escaped text so that the caret stays under the character it points at.
    before = printable(source_line[: column - 1])
    marked = printable(source_line[column - 1: (end_column or column + 1) - 1]) or " "
    gutter = f"{line:>5} | "
    return [
        gutter + shown,
        " " * (len(gutter) - 2) + "| " + " " * display_width(before)
        + "^" * max(1, display_width(marked)),
    ]


@dataclass
class Tally:
    """Counts for one row of the summary table."""

    files: int = 0
    legal: int = 0
    moves: int = 0
    errors: int = 0
    warnings: int = 0

    def add(self, report: FileReport) -> None:
        self.files += 1
        self.legal += report.legal
        self.moves += report.moves
        self.errors += report.errors
        self.warnings += report.warnings

    def row(self, name: str, moves: bool = True) -> list[object]:
        return [name, self.files, self.legal, self.files - self.legal,
                *([self.moves] if moves else []), self.errors, self.warnings]


class Summary:
    """Files, legal records, moves, errors and warnings per game, counted as reports stream by.

    ``done``/``failed`` name the columns of files with and without errors (``legal`` and
    ``illegal`` for validation, ``written`` and ``failed`` for a batch of outputs).
    """

    def __init__(self, done: str = "legal", failed: str = "illegal", moves: bool = True) -> None:
        self.games: dict[str, Tally] = {}
        self.total = Tally()
        self.columns = (done, failed)
        self.moves = moves
        self.exit_status = exitcodes.OK
        #: Files looked at and left alone (other programs' JSON): no report, no row.
        self.skipped = 0

    def add(self, report: FileReport) -> None:
        self.games.setdefault(report.game or "(unknown)", Tally()).add(report)
        self.total.add(report)
        self.exit_status = max(self.exit_status, report.exit_status)

    def table(self) -> str:
        rows = [tally.row(game, self.moves) for game, tally in sorted(self.games.items())]
        if len(rows) != 1:
            rows.append(self.total.row("total", self.moves))
        headers = ["game", "files", *self.columns, *(["moves"] if self.moves else []), "errors",
                   "warnings"]
        return simple_table(headers, rows)
