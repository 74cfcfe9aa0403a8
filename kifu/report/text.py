"""Validation results, the summary table, and the text format they are printed in.

The library produces :class:`FileReport` values; the command line picks a formatter (text here,
the machine formats in :mod:`kifu.report.formats`).  Anything taken from a record (source lines,
messages quoting it, file names) is made safe for a terminal here.
"""
from __future__ import annotations

from collections.abc import Sequence

from kifu.base import exitcodes
from kifu.base.diagnostics import Diagnostic, FileReport
from kifu.base.terminal import display_width, simple_table
from kifu.base.unsafe import printable
from kifu.base.value import dataclass


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


#: The colour of each severity's label on a terminal (a note's: cyan).
COLOURS = {"error": "red", "warning": "yellow"}


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
            import click  # on a terminal only: a run that prints to a file or pipe needs none

            label = click.style(label, fg=COLOURS.get(diag.severity, "cyan"), bold=True)
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
    """Counts for one row of the summary table: files, the records (games) they hold, and what
    was found in them."""

    files: int = 0
    records: int = 0
    legal: int = 0
    moves: int = 0
    errors: int = 0
    warnings: int = 0
    notes: int = 0

    def add(self, report: FileReport) -> None:
        self.records += 1
        self.moves += report.moves
        if not report.diagnostics:  # the common report, counted without looking further
            self.legal += 1
            return
        self.legal += report.legal
        self.errors += report.errors
        self.warnings += report.warnings
        self.notes += report.notes

    def row(self, name: str, moves: bool = True, notes: bool = False) -> list[object]:
        return [name, self.files, self.records, self.legal, self.records - self.legal,
                *([self.moves] if moves else []), self.errors, self.warnings,
                *([self.notes] if notes else [])]


class Summary:
    """Files, the records they hold, legal records, moves, errors, warnings and notes per game,
    counted as reports stream by.

    A file counts once in the row of each game it holds records of (a collection's records
    count one each); ``done``/``failed`` name the columns of records with and without errors
    (``legal`` and ``illegal`` for validation, ``written`` and ``failed`` for a batch of
    outputs).  The notes column is shown with ``notes`` (``--pedantic``), or once one is
    counted.
    """

    def __init__(self, done: str = "legal", failed: str = "illegal", moves: bool = True,
                 notes: bool = False) -> None:
        self.games: dict[str, Tally] = {}
        self.total = Tally()
        self.columns = (done, failed)
        self.moves = moves
        self.notes = notes
        self.exit_status = exitcodes.OK
        #: Files looked at and left alone (other programs' JSON): no report, no row; and the
        #: names of those the run named (:func:`left_alone`).
        self.skipped = 0
        self.left_alone: list[str] = []

    def add_file(self, reports: list[FileReport], path: str | None = None) -> None:
        """The reports of one file (none: a file left alone, ``path``)."""
        if not reports:
            self.skipped += 1
            if path is not None and len(self.left_alone) < NAMED_LEFT_ALONE:
                self.left_alone.append(path)
            return
        self.total.files += 1
        for game in dict.fromkeys(report.game or UNKNOWN for report in reports):
            self.games.setdefault(game, Tally()).files += 1
        for report in reports:
            self.games[report.game or UNKNOWN].add(report)
            self.total.add(report)
            if report.diagnostics:
                self.exit_status = max(self.exit_status, report.exit_status)

    def add(self, report: FileReport) -> None:
        """One file's only report."""
        self.add_file([report])

    def table(self) -> str:
        notes = self.notes or self.total.notes > 0
        rows = [tally.row(game, self.moves, notes) for game, tally in sorted(self.games.items())]
        if len(rows) != 1:
            rows.append(self.total.row("total", self.moves, notes))
        headers = ["game", "files", "records", *self.columns, *(["moves"] if self.moves else []),
                   "errors", "warnings", *(["notes"] if notes else [])]
        table = simple_table(headers, rows)
        if self.skipped:
            table += "\n(" + left_alone(self.skipped, self.left_alone, more=True) + ")"
        return table


#: How many of the files left alone a run names.
NAMED_LEFT_ALONE = 3


def left_alone(count: int, names: Sequence[str], *, more: bool = False) -> str:
    """What every command that reads folders says, once, of the files of other programs it
    found there and left alone (a Gomocup folder's ``_result.pgn``, a table of results; a
    ``.json`` that is no kifu record): ``count`` of them (``more`` than the files counted
    above), the first :data:`NAMED_LEFT_ALONE` of them named."""
    shown = ", ".join(printable(name) for name in names[:NAMED_LEFT_ALONE])
    rest = count - min(len(names), NAMED_LEFT_ALONE)
    if shown and rest:
        shown += f" and {rest:,} more"
    said = (f"{count:,}{' more' if more else ''} file{'s' * (count != 1)} of other programs "
            "left alone")
    return f"{said}: {shown}" if shown else said


#: The row of records whose game is not known.
UNKNOWN = "(unknown)"


class Statistics(Formatter):
    """``--statistics``: no diagnostic, but at the end a count per rule (and severity), the
    most frequent first, each with the first message found, as ``ruff check --statistics``
    prints them."""

    def __init__(self) -> None:
        self.counts: dict[tuple[str, str], int] = {}
        self.first: dict[tuple[str, str], Diagnostic] = {}

    def file(self, report: FileReport) -> str:
        for diag in report.diagnostics:
            key = (diag.rule_name, diag.severity)
            self.counts[key] = self.counts.get(key, 0) + 1
            self.first.setdefault(key, diag)
        return ""

    def rows(self) -> list[tuple[int, Diagnostic]]:
        """Each rule's count and first diagnostic, the most frequent first."""
        order = sorted(self.counts, key=lambda key: (-self.counts[key], key))
        return [(self.counts[key], self.first[key]) for key in order]

    def end(self) -> str:
        rows = [[count, printable(diag.rule_name), diag.severity, printable(example(diag))]
                for count, diag in self.rows()]
        table = simple_table(["count", "rule", "severity", "example"], rows) if rows else ""
        return "\n".join(line.rstrip() for line in table.split("\n"))


#: How much of a message ``--statistics`` shows as its rule's example.
EXAMPLE_WIDTH = 60


def example(diag: Diagnostic, width: int | None = EXAMPLE_WIDTH) -> str:
    """A diagnostic's message as an example of its rule: without the rule it names, cut to
    ``width`` characters (``None``: whole)."""
    message = diag.message.removesuffix(f" [rule: {diag.rule}]")
    if width is None or len(message) <= width:
        return message
    return message[:width - 1] + "\u2026"
