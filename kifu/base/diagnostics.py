"""Diagnostics: one problem found in one file, located and quoted, ready to print in any
format; and the report of one file (its game, its moves, its diagnostics).

The library returns these and the command line formats them (:mod:`kifu.report`): a value of
the bottom layer, so that validation, outputs and the viewer can make them without knowing how
they are printed.
"""
from __future__ import annotations

from kifu.base import exitcodes
from kifu.base.errors import InternalError, KifuError
from kifu.base.value import dataclass, field

#: A quoted source line is cut to about this many characters around the place it points at,
#: so that a record of one huge line costs each diagnostic a little, not the whole line.
QUOTE_WIDTH = 160
#: A message is cut to this many characters.  Messages quote what they are about in a few words
#: (``kifu.base.limits.shorten``); this holds one that would quote a whole header of megabytes,
#: since every report, viewer page and result of a batch's worker carries its diagnostics.
MESSAGE_WIDTH = 1000


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
        if len(error.message) > MESSAGE_WIDTH:
            error = error.located(message=error.message[:MESSAGE_WIDTH - 1] + "\u2026")
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
            variation=tuple(error.variation),
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
        """What this diagnostic asks of the run's exit status (see :mod:`kifu.base.exitcodes`)."""
        return exitcodes.for_problem(self.code, self.severity)

    @property
    def rule_name(self) -> str:
        """The name ``--select`` and ``--ignore`` know this finding by: its rule, else its
        code."""
        return self.rule or self.code

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
    def notes(self) -> int:
        return sum(d.severity == "note" for d in self.diagnostics)

    @property
    def legal(self) -> bool:
        return self.errors == 0

    @property
    def exit_status(self) -> int:
        """The exit status this file asks for: 0, 1 or 2 (see :mod:`kifu.base.exitcodes`)."""
        return exitcodes.worst(d.exit_status for d in self.diagnostics)
