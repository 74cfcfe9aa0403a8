"""A folder of records as a browsable report: one viewer page per record and an index table.

The table lists each game (each game of a collection on a row of its own) with its players,
result, moves and verdict, and links to its page, so that a CI run can publish the whole folder
as an artefact.  Rows are small summaries, so a large folder never holds its views in memory.
"""
from __future__ import annotations

import html
import itertools
import json
import os
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from urllib.parse import quote

from kifu.base.errors import OutputError
from kifu.plugin import registry
from kifu.render.viewer.htmlpage import FAULT, asset, location_of
from kifu.render.viewer.model import GameView
from kifu.run.outputs import Written, write_atomic

INDEX = "index.html"


#: The most characters of a record's text (a title, names, a message) an index row shows: a
#: record with megabytes of headers must not make a page of the index.
ROW_TEXT = 200


@dataclass(frozen=True)
class IndexRow:
    """One game of the folder as the index lists it; ``note`` says why it has no page (an
    output that could not be written), which says nothing of the record's legality."""

    source: str
    href: str
    game: str
    title: str
    players: tuple[str, ...]
    result: str
    outcome: str
    moves: int
    errors: int
    warnings: int
    problem: str
    note: str = ""

    @property
    def legal(self) -> bool:
        return self.errors == 0

    def capped(self) -> IndexRow:
        """This row with every text cut to :data:`ROW_TEXT` characters."""
        return replace(self, source=_cap(self.source), title=_cap(self.title),
                       players=tuple(_cap(p) for p in self.players[:8]),
                       result=_cap(self.result), outcome=_cap(self.outcome),
                       problem=_cap(self.problem), note=_cap(self.note))


def _cap(text: str) -> str:
    return text if len(text) <= ROW_TEXT else text[:ROW_TEXT - 1] + "\u2026"


@dataclass
class PageWritten(Written):
    """A viewer page written by a batch, with the index rows of its games (their links relative
    to the page itself)."""

    rows: list[IndexRow] = field(default_factory=list)


def index_rows(page: str, views: Sequence[GameView]) -> list[IndexRow]:
    """The rows of the games of one page (``page``: its address relative to the index, or ""
    to fill in later)."""
    rows = []
    for number, view in enumerate(views, start=1):
        href = page + (f"#game={number}" if len(views) > 1 else "")
        first = next((p for p in view.problems if p["severity"] == "error"), None)
        problem = f"{location_of(first)}: {first['message']}" if first else ""
        rows.append(IndexRow(
            source=view.source, href=href, game=view.game.name if view.game else "?",
            title=view.title, players=tuple(view.players),
            result=(view.record.result or "") if view.record else "",
            outcome=view.outcome or "", moves=view.moves if view.nodes else 0,
            errors=view.errors, warnings=len(view.problems) - view.errors,
            problem=problem).capped())
    return rows


class IndexBuilder:
    """The index of a batch (``kifu render --format html --output-dir``), built as the pages
    come: a row per game of each page written, and a row for each input that gave no page,
    with its problem.  Rows wait in a temporary file, not in memory, so a batch of any size
    costs the same; :meth:`finish` writes ``index.html``."""

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = out_dir
        # Closed by finish(), or by the collector when a run ends without it.
        self._rows = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115
        self.count = self.legal = self.files = 0

    def add(self, entry: Written) -> None:
        page = ""
        if entry.output:
            page = quote(Path(os.path.relpath(entry.output, self.out_dir)).as_posix())
        if isinstance(entry, PageWritten) and entry.rows:
            note = _output_note(entry)
            rows = [replace(row, href=page + row.href if page else "", note=note)
                    for row in entry.rows]
        elif entry.output or entry.reports:  # not another program's file, left alone
            rows = [_unwritten(entry, page)]
        else:
            return
        self.files += 1
        for row in rows:
            self.count += 1
            self.legal += row.legal
            self._rows.write(json.dumps(asdict(row)) + "\n")

    def finish(self, title: str | None = None) -> Path:
        """Write the index page; returns its path."""
        self._rows.seek(0)
        rows = (_row_from_json(line) for line in self._rows)
        path = write_index(rows, self.out_dir, title=title or f"kifu: {self.out_dir.name}",
                           counts=(self.count, self.legal, self.files))
        self._rows.close()
        return path


def _row_from_json(line: str) -> IndexRow:
    fields = json.loads(line)
    return IndexRow(**{**fields, "players": tuple(fields["players"])})


def _output_note(entry: Written) -> str:
    """Why a page was not written (an output problem, not a fault of the record)."""
    for report in entry.reports:
        for diag in report.diagnostics:
            if diag.code == OutputError.code and diag.severity == "error":
                return diag.message  # "not written: ..."
    return ""


def index_written(out_dir: Path, written: Iterable[Written]) -> None:
    """The index of a batch from what each input became (see :class:`IndexBuilder`)."""
    builder = IndexBuilder(out_dir)
    for entry in written:
        builder.add(entry)
    builder.finish()


def _unwritten(entry: Written, page: str) -> IndexRow:
    """The row of an input that could not be read as a record at all."""
    diagnostics = [d for report in entry.reports for d in report.diagnostics]
    output = [d for d in diagnostics if d.code == OutputError.code]
    diagnostics = [d for d in diagnostics if d.code != OutputError.code]
    first = next((d for d in diagnostics if d.severity == "error"), None)
    headers = dict(entry.headers)
    game = registry.find(entry.game) if entry.game else None
    players = tuple(headers[key] for key in (game.player_headers if game else ())
                    if headers.get(key))
    return IndexRow(source=entry.source, href=page, game=entry.game or "?",
                    title=headers.get("Event", entry.source), players=players,
                    result=headers.get("Result", ""), outcome="", moves=0,
                    errors=sum(d.severity == "error" for d in diagnostics),
                    warnings=sum(d.severity == "warning" for d in diagnostics),
                    problem=f"{first.location}: {first.message}" if first else "",
                    note=output[0].message if output else "").capped()


def write_index(rows: Iterable[IndexRow], out_dir: Path, title: str = "kifu records",
                counts: tuple[int, int, int] | None = None) -> Path:
    """Write ``index.html`` into ``out_dir`` listing ``rows``; returns its path.  ``counts``
    (games, legal games, files) spares a second pass when the rows are a stream."""
    if counts is None:
        rows = list(rows)
        counts = (len(rows), sum(row.legal for row in rows), len({row.source for row in rows}))
    games, legal, files = counts
    summary = (f"{games} game{'s' * (games != 1)} in {files} file{'s' * (files != 1)}: "
               f"{legal} legal, {games - legal} not legal")
    head = (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f"<title>{html.escape(title)}</title>\n<style>\n{asset('viewer.css')}</style>\n"
        '</head>\n<body class="kv-page">\n<main class="kifu-viewer kv-index">\n'
        f"<h1 class=\"kv-title\">{html.escape(title)}</h1>\n<p>{html.escape(summary)}</p>\n"
        '<div class="kv-table"><table>\n<thead><tr><th scope="col">record</th>'
        '<th scope="col">players</th><th scope="col">result</th><th scope="col">moves</th>'
        '<th scope="col">verdict</th><th scope="col">game</th>'
        "</tr></thead>\n<tbody>\n")
    tail = "</tbody>\n</table></div>\n</main>\n</body>\n</html>\n"
    path = out_dir / INDEX
    write_atomic(str(path), itertools.chain([head], map(_row, rows), [tail]))
    return path


def _row(row: IndexRow) -> str:
    def cell(text: str, attrs: str = "") -> str:
        return f"<td{attrs}><bdi>{html.escape(text)}</bdi></td>"

    result = " / ".join(part for part in (row.result, row.outcome) if part)
    if row.legal:
        verdict = "legal" + (f", {row.warnings} warning{'s' * (row.warnings != 1)}"
                             if row.warnings else "")
        verdict_cell = f'<td class="kv-legal">{html.escape(verdict)}</td>'
    else:
        verdict_cell = (f'<td class="kv-illegal">{FAULT} {row.errors} error'
                        f"{'s' * (row.errors != 1)}<br><bdi class=\"kv-dim\">"
                        f"{html.escape(row.problem)}</bdi></td>")
    players = " \u2013 ".join(row.players)
    moves = cell(str(row.moves), ' class="kv-num"')
    title = row.title if row.title and row.title != row.source else row.source
    name = f"<bdi>{html.escape(title)}</bdi>"
    link = f'<a href="{html.escape(row.href)}">{name}</a>' if row.href else name
    if title != row.source:  # the file, small, under the record's name
        link += f'<br><bdi class="kv-dim kv-file">{html.escape(row.source)}</bdi>'
    if row.note:
        link += f'<br><bdi class="kv-dim">{html.escape(row.note)}</bdi>'
    return (f"<tr><td>{link}</td>{cell(players)}{cell(result)}{moves}{verdict_cell}"
            f"{cell(row.game)}</tr>\n")
