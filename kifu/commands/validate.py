"""``kifu validate``: check that records replay legally."""
from __future__ import annotations

import sys

import click

from kifu.base.record import ReadOptions
from kifu.base.rules import Rules
from kifu.commands import console
from kifu.commands.checking import check_files
from kifu.commands.options import (
    boards_option,
    findings_options,
    input_options,
    lenient_option,
    run_options,
)
from kifu.reading.walk import Shard
from kifu.report.formats import FORMATTERS, STATISTICS, make_formatter
from kifu.run.progress import is_terminal
from kifu.run.validate import Options


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(allow_dash=True))
@input_options
@boards_option
@click.option("--format", "-f", "fmt", type=click.Choice(sorted(FORMATTERS)), default="text",
              show_default=True, help="How to print diagnostics.")
@run_options
@lenient_option
@findings_options
@click.option("--statistics", is_flag=True, help="Instead of the findings, a count per rule "
              "with an example of each (text or json).")
@click.option("--verbose", "-v", is_flag=True, help="Name every file checked, legal or not.")
@click.option("--records-only", is_flag=True, help="Skip .json files that are not kifu records "
              "instead of reporting them (files found in folders are always treated so).")
def validate(paths: tuple[str, ...], game: str | None, format_in: str | None,
             encoding: str | None, read_options: ReadOptions, fmt: str, jobs: int | None,
             scheduler: str | None, shard: Shard | None, quiet: bool, lenient: bool,
             rules: Rules, pedantic: bool, statistics: bool, verbose: bool,
             records_only: bool) -> None:
    """Check that records replay legally; exit 1 if any does not.

    PATHS are files, folders (searched recursively for known suffixes) or - for standard input.
    """
    if statistics and fmt not in STATISTICS:
        raise click.BadParameter(f"--statistics prints {' or '.join(STATISTICS)}, not {fmt}",
                                 param_hint="'--format'")
    console.check_paths(paths)
    formatter = make_formatter(fmt, color=is_terminal(sys.stdout), verbose=verbose,
                               statistics=statistics)
    options = Options(encoding=encoding, game=game, format_in=format_in, lenient=lenient,
                      read_options=read_options, pedantic=pedantic, rules=rules)
    summary = check_files(paths, options, formatter, records_only=records_only, jobs=jobs,
                          scheduler=scheduler, shard=shard,
                          progress=console.progress(paths, "validating", quiet, shard),
                          echo=console.echo, results=console.as_usage)
    console.close_run(summary, paths, shard, quiet)
