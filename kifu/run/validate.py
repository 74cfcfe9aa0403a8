"""Validating records in bulk: finding the files, checking each, in parallel and in order.

Files are streamed from the folders named (:mod:`kifu.reading.walk`), read one at a time (by a worker
process, or a Dask worker, when there are several: :mod:`kifu.run.runner`), and only their reports
travel back, so memory stays flat however large the collection is.  Whatever happens to one
file, it gets a report and the run goes on.
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator

from kifu.base.diagnostics import Diagnostic, FileReport
from kifu.base.errors import KifuError
from kifu.base.heap import no_cycles
from kifu.base.record import ReadOptions, Record
from kifu.base.rules import Rules
from kifu.base.value import dataclass
from kifu.plugin import AnyGame, registry
from kifu.reading.source import STDIN, SourceText
from kifu.reading.walk import Found, Shard, path_suffix, walk
from kifu.run.runner import run
from kifu.run.sources import read_file, reader

#: How a kifu JSON record announces itself (``jsonform`` writes it first).
_KIFU_JSON = re.compile(r'"format"\s*:\s*"kifu-record"')


@dataclass(frozen=True)
class Options:
    """What every file is checked with."""

    encoding: str | None = None
    game: str | None = None
    #: The format the files are in (``--format-in``), instead of telling it.
    format_in: str | None = None
    lenient: bool = False
    read_options: ReadOptions = ReadOptions()
    #: Report notes too (pedantic findings: an SGF property kifu does not know, say).
    pedantic: bool = False
    #: The rules reported (``--select``, ``--ignore``): a finding of another is neither
    #: reported nor counted, and changes no verdict.
    rules: Rules = Rules()


def check_text(text: str, path: str, options: Options,
               found: tuple[KifuError, ...] = ()) -> list[FileReport]:
    """Validate one file's text: parse, replay every line, compare the stated result.

    A file gives one report per record it holds (several for a collection of games, named
    ``path#N``); ``found`` are what decoding the file found, reported with its first record.
    """
    try:
        game, fmt = registry.detect(text, path, options.game, options.format_in)
    except KifuError as error:
        return [FileReport(path, None, 0, _diagnostics([*found, error], path, text, options,
                                                       error))]
    decided = None if found else _decided(game, fmt, text, options)
    if decided is not None:  # the compiled core's: no record is made
        return [FileReport(path, game.name, decided, [])]
    with no_cycles():  # the file's records are freed by reference counting when done
        return _check_records(game, fmt, text, path, options, found)


def _check_records(game: AnyGame, fmt: str, text: str, path: str, options: Options,
                   found: tuple[KifuError, ...]) -> list[FileReport]:
    from kifu.run.load import parse_each_as  # Python's reading: a decided record needs none

    records = parse_each_as(game, fmt, text, path, lenient=options.lenient,
                            options=options.read_options)
    reports: list[FileReport] = []
    while True:  # one record at a time: a collection's games are freed as they are checked
        try:
            one = next(records, None)
        except KifuError as error:  # the file as a whole (no game tree, say)
            failed = [*(found if not reports else ()), error]
            return [*reports, FileReport(path, game.name, 0, _diagnostics(failed, path, text,
                                                                          options, error))]
        if one is None:
            return reports
        one.document = None  # the format's own tree is not needed to replay
        problems: list[KifuError] = [*(found if not reports else ()), *one.findings]
        reports.append(check_record(game, one.record, problems, one.name, text, options))
        del one


def _decided(game: AnyGame, fmt: str, text: str, options: Options) -> int | None:
    """The moves of a record the game's compiled core finds nothing to report of (its
    format's ``decide``), or ``None``: no compiled core, or a record it leaves to Python.
    A record with nothing to report gets the same report whatever the options; one with
    notes only where notes are not shown (no ``--pedantic``, no ``--select``)."""
    decide = reader(game, fmt).decide
    decided = None if decide is None else decide(text)
    if decided is None:
        return None
    moves, noted = decided
    if noted and (options.pedantic or any(c.select is not None for c in options.rules.choices)):
        return None
    return moves


def check_record(game: AnyGame, record: Record | None, found: list[KifuError], name: str,
                 text: str, options: Options) -> FileReport:
    """The report on one record (``None`` if reading it failed) of a file's ``text``:
    ``found``, what reading it found, then every line replayed and the stated result.  The
    library's :meth:`kifu.Record.check` reports the same."""
    problems = list(found)
    moves = 0
    stopped = None  # what left nothing to check: reported whatever the rules chosen
    if record is not None:
        from kifu.plugin import driver  # Python's replay: a decided record needs none

        try:
            replayed, moves = driver.check(game, record, lenient=options.lenient)
        except KifuError as error:
            replayed = [error]
        problems.extend(replayed)
    else:
        stopped = next((p for p in problems if p.severity == "error"), None)
    return FileReport(name, game.name, moves, _diagnostics(problems, name, text, options,
                                                           stopped))


def _diagnostics(problems: list[KifuError], name: str, text: str, options: Options,
                 stopped: KifuError | None = None) -> list[Diagnostic]:
    """The diagnostics of the problems the options report (``stopped`` is always)."""
    return [Diagnostic.from_error(p, name, text)
            for p in options.rules.keep(problems, options.pedantic, stopped)]


def check_file(path: str, options: Options, *, only_records: bool = False) -> list[FileReport]:
    """Validate one file; unreadable or undecodable input becomes a diagnostic too.

    With ``only_records``, another program's file (:func:`is_other_file`: a ``.json`` file
    that is not a kifu record, a chess PGN) gives no report at all: folders hold them too.
    """
    try:
        source = read_record_file(path, options.encoding, options.game, options.format_in,
                                  only_records=only_records)
    except KifuError as error:
        game = options.game or registry.guess(path)
        return [FileReport(path, game, 0, [Diagnostic.from_error(error, path)])]
    if source is None:
        return []
    return check_text(source.text, path, options, source.warnings)


def read_record_file(path: str, encoding: str | None = None, game: str | None = None,
                     format_in: str | None = None, *, only_records: bool = False
                     ) -> SourceText | None:
    """A file read as a record's source, or ``None`` with ``only_records`` for another
    program's file (:func:`is_other_file`, or a binary file of a suffix other programs use
    that no format reads): every command that reads folders leaves the same files alone
    (a Gomocup folder's ``_result.pgn``, a table of results).  A file that cannot be read
    raises its :class:`KifuError`."""
    try:
        source = read_file(path, encoding, game, format_in)
    except KifuError:
        if only_records and registry.generic(path):
            return None
        raise
    if only_records and is_other_file(path, source.text):
        return None
    return source


def is_other_json(path: str, text: str) -> bool:
    """Whether a ``.json`` file is some other program's JSON rather than a kifu record."""
    return path_suffix(path) == ".json" and not _KIFU_JSON.search(text[:4096])


def is_other_file(path: str, text: str) -> bool:
    """Whether a file is some other program's rather than a record: a ``.json`` file that is
    not a kifu record, or a file with another suffix other programs use too (``.xml``,
    ``.pgn``, ``.lib``: :attr:`kifu.plugin.Format.generic`) that no format claims (a chess
    PGN)."""
    if path_suffix(path) == ".json":
        return is_other_json(path, text)
    if not registry.generic(path):
        return False
    try:
        registry.detect(text, path)
    except KifuError:
        return True
    return False


@dataclass(frozen=True)
class CheckTask:
    """Validating one found file, as a :class:`kifu.run.runner.Task`."""

    options: Options
    only_records: bool = False
    folder: str | None = None

    def __call__(self, found: Found) -> list[FileReport]:
        if found.problem is not None:
            game = registry.guess(found.path)
            return [FileReport(found.path, game, 0, [Diagnostic.from_error(found.problem,
                                                                           found.path)])]
        only_records = self.only_records or not found.named
        if self.folder is None or found.path == STDIN:
            return check_file(found.path, self.options, only_records=only_records)
        where = os.path.join(self.folder, found.path)
        reports = check_file(where, self.options, only_records=only_records)
        return [relabel(report, where, found.path) for report in reports]

    def fault(self, found: Found, reason: str) -> list[FileReport]:
        game = self.options.game or registry.guess(found.path)
        return [FileReport(found.path, game, 0, [Diagnostic.internal(found.path, reason)])]

    def local(self, found: Found) -> bool:
        return found.path == STDIN

    def rooted(self, folder: str) -> CheckTask:
        from dataclasses import replace  # runs on a cluster only: dataclasses imports inspect

        return replace(self, folder=folder)


def relabel(report: FileReport, where: str, path: str) -> FileReport:
    """A report made under the path ``where`` that names the file as ``path`` instead."""
    from dataclasses import replace  # runs on a cluster only: dataclasses imports inspect

    prefix = where[: len(where) - len(path)] if where.endswith(path) else ""

    def renamed(name: str) -> str:  # "where", or "where#3" for a game of a collection
        return path + name[len(where):] if name.startswith(where) else name

    def named(diag: Diagnostic) -> Diagnostic:
        message = diag.message.replace(prefix, "") if prefix else diag.message
        return replace(diag, path=renamed(diag.path), message=message)

    return FileReport(renamed(report.path), report.game, report.moves,
                      [named(d) for d in report.diagnostics])


def check_found(found: Iterable[Found], options: Options, jobs: int | None = None, *,
                scheduler: str | None = None,
                only_records: bool = False) -> Iterator[list[FileReport]]:
    """The reports of each found file, in the order given, computed by ``jobs`` processes or
    on the Dask cluster at ``scheduler``."""
    task = CheckTask(options, only_records)
    for _, reports in run(task, found, jobs=jobs, scheduler=scheduler):
        yield reports


def check_files(paths: Iterable[str], options: Options, jobs: int | None = None, *,
                scheduler: str | None = None,
                shard: Shard | None = None) -> Iterator[list[FileReport]]:
    """The reports of each file or folder of ``paths`` (folders walked), file by file in order."""
    found = walk(paths, registry.suffixes(), shard=shard)
    yield from check_found(found, options, jobs, scheduler=scheduler)
