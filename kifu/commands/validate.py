"""``kifu validate``: check that records replay legally."""
from __future__ import annotations

import sys

import click

from kifu.base.record import ReadOptions
from kifu.commands import console
from kifu.commands.options import boards_option, input_options, lenient_option, run_options
from kifu.plugin import registry
from kifu.reading.walk import Shard, walk
from kifu.report.formats import FORMATTERS, make_formatter
from kifu.report.text import Summary
from kifu.run.runner import run
from kifu.run.validate import CheckTask, Options


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(allow_dash=True))
@input_options
@boards_option
@click.option("--format", "-f", "fmt", type=click.Choice(sorted(FORMATTERS)), default="text",
              show_default=True, help="How to print diagnostics.")
@run_options
@lenient_option
@click.option("--pedantic", is_flag=True, help="Also report findings that cost nothing (an "
              "SGF property kifu does not know, a date not in SGF's form), as warnings.")
@click.option("--verbose", "-v", is_flag=True, help="Name every file checked, legal or not.")
@click.option("--records-only", is_flag=True, help="Skip .json files that are not kifu records "
              "instead of reporting them (files found in folders are always treated so).")
def validate(paths: tuple[str, ...], game: str | None, format_in: str | None,
             encoding: str | None, read_options: ReadOptions, fmt: str, jobs: int | None,
             scheduler: str | None, shard: Shard | None, quiet: bool, lenient: bool,
             pedantic: bool, verbose: bool, records_only: bool) -> None:
    """Check that records replay legally; exit 1 if any does not.

    PATHS are files, folders (searched recursively for known suffixes) or - for standard input.
    """
    console.check_paths(paths)
    formatter = make_formatter(fmt, color=sys.stdout.isatty(), verbose=verbose)
    summary = Summary()
    options = Options(encoding=encoding, game=game, format_in=format_in, lenient=lenient,
                      read_options=read_options, pedantic=pedantic)
    found = walk(paths, registry.suffixes(), shard=shard)
    progress = console.progress(paths, "validating", quiet, shard)
    console.echo(formatter.begin())
    others: list[str] = []
    try:
        for checked, file_reports in console.as_usage(run(CheckTask(options, records_only),
                                                          found, jobs=jobs,
                                                          scheduler=scheduler)):
            if progress is not None:
                progress.step()
            if not file_reports:
                summary.skipped += 1
                others.append(checked.path)
            for report in file_reports:
                summary.add(report)
                console.echo(formatter.file(report))
    finally:
        if progress is not None:
            progress.close()
    console.echo(formatter.end())
    console.close_run(summary, paths, shard, quiet, others)
