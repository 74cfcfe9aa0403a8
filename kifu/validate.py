"""Validating records in bulk: finding the files, checking each, in parallel and in order.

Files are read one at a time (by a worker process when ``jobs > 1``) and only their reports travel
back, so memory stays flat however large the collection is.
"""
from __future__ import annotations

import multiprocessing
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from kifu import registry
from kifu.errors import PEDANTIC, KifuError, ReadError
from kifu.load import parse_all_as
from kifu.report import Diagnostic, FileReport
from kifu.source import STDIN, read_source


@dataclass(frozen=True)
class Options:
    """What every file is checked with."""

    encoding: str | None = None
    game: str | None = None
    lenient: bool = False
    #: Report pedantic findings (an SGF property kifu does not know, say) as warnings too.
    pedantic: bool = False


def find_files(paths: Iterable[str]) -> list[str]:
    """The record files named by ``paths``: files as given, folders searched by suffix.

    Raises ``ReadError`` for a path that does not exist, so a typo is a usage error rather
    than an empty, successful run.
    """
    wanted = registry.suffixes()
    found: list[str] = []
    for path in paths:
        if path == STDIN:
            found.append(path)
            continue
        item = Path(path)
        if item.is_dir():
            found.extend(str(p) for p in sorted(item.rglob("*"))
                         if p.suffix.lower() in wanted and p.is_file())
        elif item.exists():
            found.append(path)
        else:
            raise ReadError(f"{path}: no such file or folder")
    return found


def check_text(text: str, path: str, options: Options,
               found: tuple[KifuError, ...] = ()) -> list[FileReport]:
    """Validate one file's text: parse, replay every line, compare the stated result.

    A file gives one report per record it holds (several for a collection of games, named
    ``path#N``); ``found`` are what decoding the file found, reported with its first record.
    """
    try:
        game, fmt = registry.detect(text, path, options.game)
    except KifuError as error:
        return [FileReport(path, None, 0, _diagnostics([*found, error], path, text, options))]
    try:
        parsed = parse_all_as(game, fmt, text, path, lenient=options.lenient)
    except KifuError as error:
        return [FileReport(path, game.name, 0, _diagnostics([*found, error], path, text, options))]
    reports = []
    for index, one in enumerate(parsed):
        problems: list[KifuError] = [*(found if index == 0 else ()), *one.findings]
        moves = 0
        if one.record is not None:
            try:
                replayed, moves = game.check(one.record, lenient=options.lenient)
            except KifuError as error:
                replayed = [error]
            problems.extend(replayed)
        reports.append(FileReport(one.name, game.name, moves,
                                  _diagnostics(problems, one.name, text, options)))
    return reports


def _diagnostics(problems: list[KifuError], name: str, text: str,
                 options: Options) -> list[Diagnostic]:
    return [Diagnostic.from_error(p, name, text) for p in problems
            if options.pedantic or p.grade != PEDANTIC]


def check_file(path: str, options: Options) -> list[FileReport]:
    """Validate one file; unreadable or undecodable input becomes a diagnostic too."""
    try:
        source = read_source(path, options.encoding)
    except KifuError as error:
        game = options.game or registry.guess(path)
        return [FileReport(path, game, 0, [Diagnostic.from_error(error, path)])]
    return check_text(source.text, path, options, source.warnings)


def _check_job(job: tuple[str, Options]) -> list[FileReport]:
    return check_file(*job)


def check_files(paths: list[str], options: Options,
                jobs: int | None = None) -> Iterator[list[FileReport]]:
    """The reports of each of ``paths``, file by file in the order given, computed by ``jobs``
    processes."""
    jobs = jobs or os.cpu_count() or 1
    on_disk = [p for p in paths if p != STDIN]
    if jobs == 1 or len(on_disk) < 2 * jobs:
        for path in paths:
            yield check_file(path, options)
        return
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods()
                                          else "spawn")
    with context.Pool(jobs) as pool:
        chunk = max(1, min(32, len(paths) // (jobs * 8)))
        stream = pool.imap(_check_job, ((p, options) for p in paths if p != STDIN), chunksize=chunk)
        for path in paths:
            yield check_file(path, options) if path == STDIN else next(stream)
