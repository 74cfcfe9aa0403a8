"""What ``kifu validate`` does once its options are read, whichever reading read them: click's
(:mod:`kifu.commands.validate`, the one definition of the options) or the plain reading of its
common invocation (:mod:`kifu.commands.plain`).  Nothing here needs click: what a run prints
goes through the ``echo`` its reading passes in, and what it says of its options through
``say``.  The progress line and the end of a run over files are every such command's
(:mod:`kifu.commands.console` gives them to click's commands).
"""
from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from kifu.base.diagnostics import FileReport
from kifu.plugin import registry
from kifu.reading.walk import Found, Shard, walk
from kifu.report.text import Formatter, Summary, left_alone
from kifu.run.progress import LazyCount, Progress

if TYPE_CHECKING:
    from kifu.run.validate import Options

#: The files of a run as they are checked, each with its reports.
Checked = Iterator[tuple[Found, list[FileReport]]]


def jobs_within(jobs: int | None, say: Callable[[str], None]) -> int | None:
    """``--jobs``, at most the cores this machine gives kifu (``say`` tells the user so)."""
    # the runs' machinery imported when used: every command's console imports this module
    from kifu.run.runner import cores

    if jobs is not None and jobs > cores():
        say(f"kifu: --jobs {jobs}: this machine gives kifu {cores()} core"
            f"{'s' * (cores() != 1)}; using {cores()}")
        return cores()
    return jobs


def progress(paths: tuple[str, ...], label: str, quiet: bool, shard: Shard | None,
             terminal: bool, skip: Iterable[str] = ()) -> Progress | None:
    """The progress line of a run, on a ``terminal`` (standard error) only and unless
    ``quiet``."""
    if quiet or not terminal:
        return None
    count = LazyCount(walk(paths, registry.suffixes(), shard=shard, skip=skip))
    return Progress(sys.stderr, label, count)


def check_files(paths: tuple[str, ...], options: Options, formatter: Formatter, *,
                records_only: bool, jobs: int | None, scheduler: str | None,
                shard: Shard | None, progress: Progress | None, echo: Callable[[str], None],
                results: Callable[[Checked], Checked] = lambda given: given) -> Summary:
    """Check every record file of ``paths``, each file's findings printed by ``echo`` as
    ``formatter`` words them; the run's summary.  ``results`` wraps the stream of checked
    files (click's reading turns an option the run cannot use into a usage error there)."""
    from kifu.run.runner import run
    from kifu.run.validate import CheckTask

    summary = Summary(notes=options.pedantic)
    found = walk(paths, registry.suffixes(), shard=shard)
    echo(formatter.begin())
    try:
        for checked, file_reports in results(run(CheckTask(options, records_only), found,
                                                 jobs=jobs, scheduler=scheduler)):
            if progress is not None:
                progress.step()
            summary.add_file(file_reports, checked.path)
            for report in file_reports:
                echo(formatter.file(report))
    finally:
        if progress is not None:
            progress.close()
    echo(formatter.end())
    return summary


class NoRecords(Exception):
    """A run that found no record file at all: a usage error."""


def close(summary: Summary, paths: tuple[str, ...], shard: Shard | None, quiet: bool,
          say: Callable[[str], None]) -> int:
    """The end of a run over files: the summary table (unless ``quiet``), said by ``say``,
    and the run's exit status; :class:`NoRecords` for a run that found no record at all."""
    if summary.total.files == 0:
        if shard is None and not summary.skipped:
            raise NoRecords("no record files found in " + ", ".join(paths))
        if not quiet:
            where = f"shard {shard}" if shard else "the files given"
            say(f"no kifu records in {where}" + (
                f" ({left_alone(summary.skipped, summary.left_alone)})"
                if summary.skipped else ""))
    elif not quiet:
        say(summary.table())
    return summary.exit_status
