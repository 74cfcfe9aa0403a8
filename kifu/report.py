"""Validation results, the summary table, and the text format they are printed in.

The library produces :class:`FileReport` values; the command line picks a formatter (text here,
the machine formats in :mod:`kifu.formatters`).  Anything taken from a record (source lines,
messages quoting it, file names) is made safe for a terminal here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import click

from kifu import exitcodes
from kifu.errors import InternalError, KifuError
from kifu.render.text import display_width, simple_table
from kifu.unsafe import printable

#: A quoted source line is cut to about this many characters around the place it points at,
#: so that a record of one huge line costs each diagnostic a little, not the whole line.
QUOTE_WIDTH = 160

#: Where the last line looked up starts and ends: (text, line number, start, end), since a
#: file's diagnostics mostly come in line order and a text may have millions of lines.
_last_line: list[tuple[str, int, int, int]] = []


def _line_bounds(text: str, number: int) -> tuple[int, int] | None:
    """Where line ``number`` (1-based) of ``text`` starts and ends, found without splitting
    the whole text."""
    if number < 1:
        return None
    if _last_line and _last_line[0][0] is text and _last_line[0][1] == number:
        return _last_line[0][2], _last_line[0][3]
    line, start = 1, 0
    if _last_line and _last_line[0][0] is text and _last_line[0][1] < number:
        _, line, _, end = _last_line[0]
        line, start = line + 1, end + 1
    while line < number:
        found = text.find("\n", start)
        if found < 0:
            return None
        line, start = line + 1, found + 1
    end = text.find("\n", start)
    end = len(text) if end < 0 else end
    _last_line[:] = [(text, line, start, end)]
    return start, end


def _quote(text: str, number: int, column: int) -> tuple[str, int] | None:
    """Line ``number`` of ``text``, or the ``QUOTE_WIDTH`` characters of it around
    ``column``, and the column where that part starts; copying no more than that."""
    bounds = _line_bounds(text, number)
    if bounds is None:
        return None
    start, end = bounds
    if end - start <= QUOTE_WIDTH:
        return text[start:end], 1
    first = max(0, min(column - 1 - QUOTE_WIDTH // 3, end - start - QUOTE_WIDTH))
    return text[start + first:start + first + QUOTE_WIDTH], first + 1


@dataclass(frozen=True)
class Diagnostic:
    """One problem found in one file, ready to print in any format."""

    path: str
    severity: str
    code: str
    message: str
    line: int | None = None
    column: int | None = None
    end_line: int | None = None
    end_column: int | None = None
    move: int | None = None
    rule: str | None = None
    variation: tuple[int, ...] = ()
    #: The quoted line, or the part of a long line around ``column`` that starts at
    #: ``source_column``.
    source_line: str | None = None
    source_column: int = 1
    #: SGFC's grade of a finding about a file's syntax or encoding (pedantic, repaired,
    #: critical, fatal); ``None`` for the rules of a game.
    grade: str | None = None

    @classmethod
    def from_error(cls, error: KifuError, path: str, text: str | None = None) -> Diagnostic:
        span = error.span
        source_line, source_column = None, 1
        if span is not None and text is not None:
            quoted = _quote(text, span.line, span.column)
            if quoted is not None:
                source_line, source_column = quoted
        return cls(
            path=path,
            severity=error.severity,
            code=error.code,
            message=error.describe(),
            line=span.line if span else None,
            column=span.column if span else None,
            end_line=span.end_line if span else None,
            end_column=span.end_column if span else None,
            move=error.move_number,
            rule=error.rule,
            variation=error.variation,
            source_line=source_line,
            source_column=source_column,
            grade=error.grade,
        )

    @classmethod
    def internal(cls, path: str, reason: str) -> Diagnostic:
        """kifu failed on this file: say so, with what failed, and ask for a bug report."""
        return cls.from_error(InternalError(
            f"kifu failed on this file ({reason}); this is a bug in kifu, please report it "
            "with the file"), path)

    @property
    def exit_status(self) -> int:
        """What this diagnostic asks of the run's exit status (see :mod:`kifu.exitcodes`)."""
        return exitcodes.for_problem(self.code, self.severity)

    @property
    def location(self) -> str:
        where = self.path
        if self.line is not None:
            where += f":{self.line}:{self.column}"
        return where


@dataclass
class FileReport:
    """The outcome of validating one file."""

    path: str
    game: str | None
    moves: int = 0
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(d.severity == "error" for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return sum(d.severity == "warning" for d in self.diagnostics)

    @property
    def legal(self) -> bool:
        return self.errors == 0

    @property
    def exit_status(self) -> int:
        """The exit status this file asks for: 0, 1 or 2 (see :mod:`kifu.exitcodes`)."""
        return exitcodes.worst(d.exit_status for d in self.diagnostics)


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
