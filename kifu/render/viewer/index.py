"""A folder of records as a browsable report: one viewer page per record and an index table.

The table lists each game (each game of a collection on a row of its own) with its players,
result, moves and verdict, and links to its page, so that a CI run can publish the whole folder
as an artefact.  Rows are small summaries, so a large folder never holds its views in memory.
"""
from __future__ import annotations

import html
import os
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from urllib.parse import quote

from kifu import registry
from kifu.outputs import Written, write_atomic
from kifu.render.viewer.htmlpage import FAULT, asset, location_of
from kifu.render.viewer.model import GameView

INDEX = "index.html"


@dataclass(frozen=True)
class IndexRow:
    """One game of the folder as the index lists it."""

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

    @property
    def legal(self) -> bool:
        return self.errors == 0


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
            errors=view.errors, warnings=len(view.problems) - view.errors, problem=problem))
    return rows


def index_written(out_dir: Path, written: Sequence[Written]) -> None:
    """The index of a batch (``kifu render --format html --output-dir``): a row per game of
    each page written, and a row for each input that gave no page, with its problem."""
    rows: list[IndexRow] = []
    for entry in written:
        page = ""
        if entry.output:
            page = quote(Path(os.path.relpath(entry.output, out_dir)).as_posix())
        if isinstance(entry, PageWritten) and entry.rows:
            rows.extend(replace(row, href=page + row.href) for row in entry.rows)
        elif entry.output or entry.reports:  # not another program's file, left alone
            rows.append(_unwritten(entry, page))
    write_index(rows, out_dir, title=f"kifu: {out_dir.name}")


def _unwritten(entry: Written, page: str) -> IndexRow:
    """The row of an input that could not be read as a record at all."""
    diagnostics = [d for report in entry.reports for d in report.diagnostics]
    first = next((d for d in diagnostics if d.severity == "error"), None)
    headers = dict(entry.headers)
    game = registry.games().get(entry.game or "")
    players = tuple(headers[key] for key in (game.player_headers if game else ())
                    if headers.get(key))
    return IndexRow(source=entry.source, href=page, game=entry.game or "?",
                    title=headers.get("Event", entry.source), players=players,
                    result=headers.get("Result", ""), outcome="", moves=0,
                    errors=sum(d.severity == "error" for d in diagnostics),
                    warnings=sum(d.severity == "warning" for d in diagnostics),
                    problem=f"{first.location}: {first.message}" if first else "")


def write_index(rows: Sequence[IndexRow], out_dir: Path, title: str = "kifu records") -> Path:
    """Write ``index.html`` into ``out_dir`` listing ``rows``; returns its path."""
    legal = sum(row.legal for row in rows)
    files = len({row.source for row in rows})
    summary = (f"{len(rows)} game{'s' * (len(rows) != 1)} in {files} file{'s' * (files != 1)}: "
               f"{legal} legal, {len(rows) - legal} not legal")
    body = "".join(_row(row) for row in rows)
    text = (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f"<title>{html.escape(title)}</title>\n<style>\n{asset('viewer.css')}</style>\n"
        '</head>\n<body class="kv-page">\n<main class="kifu-viewer kv-index">\n'
        f"<h1 class=\"kv-title\">{html.escape(title)}</h1>\n<p>{html.escape(summary)}</p>\n"
        '<div class="kv-table"><table>\n<thead><tr><th scope="col">record</th>'
        '<th scope="col">game</th><th scope="col">title</th><th scope="col">players</th>'
        '<th scope="col">result</th><th scope="col">moves</th><th scope="col">verdict</th>'
        f"</tr></thead>\n<tbody>\n{body}</tbody>\n</table></div>\n</main>\n</body>\n</html>\n")
    path = out_dir / INDEX
    write_atomic(str(path), text)
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
    source = f"<bdi>{html.escape(row.source)}</bdi>"
    link = f'<a href="{html.escape(row.href)}">{source}</a>' if row.href else source
    return (f"<tr><td>{link}</td>{cell(row.game)}{cell(row.title)}{cell(players)}"
            f"{cell(result)}{moves}{verdict_cell}</tr>\n")
