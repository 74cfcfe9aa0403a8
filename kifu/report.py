"""Validation results and the formats they are printed in (text, json, github, junit).

The library produces :class:`FileReport` values; the command line picks a formatter.  Anything
taken from a record (source lines, messages quoting it) is made safe for a terminal here.
"""
from __future__ import annotations

import json
import unicodedata
import xml.etree.ElementTree as ET
from dataclasses import asdict, dataclass, field

import click
from tabulate import tabulate

from kifu.errors import KifuError

#: Characters that could steer a terminal or reorder text (bidirectional overrides).
_BIDI = {0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}


def printable(text: str) -> str:
    """``text`` with control and bidi-override characters shown as escapes, tabs as spaces."""
    out = []
    for char in text:
        code = ord(char)
        if char == "\t":
            out.append(" ")
        elif code in _BIDI or unicodedata.category(char) in ("Cc", "Cs", "Co"):
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(char)
    return "".join(out)


def display_width(text: str) -> int:
    """Terminal columns taken by ``text``: full-width (CJK) characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in text)


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
    source_line: str | None = None
    #: SGFC's grade of a finding about a file's syntax or encoding (pedantic, repaired,
    #: critical, fatal); ``None`` for the rules of a game.
    grade: str | None = None

    @classmethod
    def from_error(cls, error: KifuError, path: str, text: str | None = None) -> Diagnostic:
        span = error.span
        source_line = None
        if span is not None and text is not None:
            lines = text.split("\n")
            if 1 <= span.line <= len(lines):
                source_line = lines[span.line - 1]
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
            grade=error.grade,
        )

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


class Formatter:
    """Prints reports as they arrive (``file``), with something before and after if needed."""

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
            out.extend(caret_lines(diag.source_line, diag.line or 0, diag.column,
                                   diag.end_column if diag.end_line == diag.line else None))
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


class JsonFormatter(Formatter):
    """One JSON object per diagnostic, one per line (JSON Lines)."""

    def file(self, report: FileReport) -> str:
        out = []
        for diag in report.diagnostics:
            data = asdict(diag)
            data["variation"] = list(diag.variation)
            data["game"] = report.game
            out.append(json.dumps(data, ensure_ascii=False))
        return "\n".join(out)


class GithubFormatter(Formatter):
    """GitHub Actions workflow commands: annotations on the lines of the pull request."""

    def file(self, report: FileReport) -> str:
        out = []
        for diag in report.diagnostics:
            props = [f"file={_gh_property(diag.path)}"]
            if diag.line is not None:
                props += [f"line={diag.line}", f"col={diag.column}"]
                if diag.end_line is not None:
                    props += [f"endLine={diag.end_line}", f"endColumn={diag.end_column}"]
            props.append(f"title={_gh_property('kifu ' + diag.code)}")
            kind = "error" if diag.severity == "error" else "warning"
            out.append(f"::{kind} {','.join(props)}::{_gh_message(diag.message)}")
        return "\n".join(out)


def _gh_message(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    return _gh_message(text).replace(":", "%3A").replace(",", "%2C")


class JunitFormatter(Formatter):
    """A JUnit XML report: one test case per file, a failure per error."""

    def __init__(self) -> None:
        self.suite = ET.Element("testsuite", name="kifu validate")
        self.counts = {"tests": 0, "failures": 0}

    def file(self, report: FileReport) -> str:
        self.counts["tests"] += 1
        case = ET.SubElement(self.suite, "testcase", classname=report.game or "unknown",
                             name=report.path)
        errors = [d for d in report.diagnostics if d.severity == "error"]
        if errors:
            self.counts["failures"] += 1
            failure = ET.SubElement(case, "failure", message=_xml_safe(errors[0].message),
                                    type=errors[0].code)
            failure.text = "\n".join(_xml_safe(f"{d.location}: {d.severity}[{d.code}]: {d.message}")
                                     for d in report.diagnostics)
        elif report.diagnostics:
            out = ET.SubElement(case, "system-out")
            out.text = "\n".join(_xml_safe(f"{d.location}: warning[{d.code}]: {d.message}")
                                 for d in report.diagnostics)
        return ""

    def end(self) -> str:
        for key, value in self.counts.items():
            self.suite.set(key, str(value))
        ET.indent(self.suite)
        return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(self.suite, encoding="unicode")


def _xml_safe(text: str) -> str:
    """XML 1.0 cannot carry most control characters at all, escaped or not."""
    return "".join(c if c in "\t\n" or ord(c) >= 0x20 else f"\\x{ord(c):02x}" for c in text)


FORMATTERS = {
    "text": TextFormatter,
    "json": JsonFormatter,
    "github": GithubFormatter,
    "junit": JunitFormatter,
}


def make_formatter(name: str, color: bool = False, verbose: bool = False) -> Formatter:
    """A formatter by name; only ``text`` has colour and a verbose mode."""
    if name == "text":
        return TextFormatter(color=color, verbose=verbose)
    return FORMATTERS[name]()


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

    def row(self, name: str) -> list[object]:
        return [name, self.files, self.legal, self.files - self.legal, self.moves,
                self.errors, self.warnings]


class Summary:
    """Files, legal records, moves, errors and warnings per game, counted as reports stream by."""

    def __init__(self) -> None:
        self.games: dict[str, Tally] = {}
        self.total = Tally()

    def add(self, report: FileReport) -> None:
        self.games.setdefault(report.game or "(unknown)", Tally()).add(report)
        self.total.add(report)

    def table(self) -> str:
        rows = [tally.row(game) for game, tally in sorted(self.games.items())]
        if len(rows) != 1:
            rows.append(self.total.row("total"))
        return tabulate(rows, headers=["game", "files", "legal", "illegal", "moves", "errors",
                                       "warnings"], tablefmt="simple")
