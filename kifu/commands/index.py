"""``kifu index``: make or update a corpus index (SQLite) of every record in files and folders."""
from __future__ import annotations

import click

from kifu.base.unsafe import printable
from kifu.commands import console
from kifu.commands.corpusio import corpus_errors
from kifu.commands.options import OutputPath, work_options


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--output", "-o", required=True, metavar="INDEX", type=OutputPath(dir_okay=False),
              help="The index file (SQLite): made if there is none, else updated.")
@click.option("--rebuild", is_flag=True, help="Make the index anew over the one at INDEX "
              "(of another kifu version, or damaged); never over a text or another program's "
              "database.")
@click.option("--wait", is_flag=True, help="While another kifu index writes INDEX, wait for it "
              "to end (then update what it wrote), rather than stop at once.")
@work_options
@click.option("--quiet", "-q", is_flag=True, help="No summary and no progress line.")
@click.option("--verbose", "-v", is_flag=True, help="Name every record that is not legal, "
              "with its first problem.")
def index(paths: tuple[str, ...], output: str, rebuild: bool, wait: bool, jobs: int | None,
          scheduler: str | None, quiet: bool, verbose: bool) -> None:
    """Index records (SQLite) for kifu search, stats and dedupe.

    Every record of PATHS (files and folders) goes into the index file INDEX, every position
    of every line keyed under the game's symmetries.  A second run reads again only the files
    that changed; files gone from disk, or from under PATHS, leave the index.  A record with
    an illegal move is indexed up to it and marked.  The index is replaced only once
    complete: a run stopped half-way leaves the previous one as it was.  One run at a time
    writes an index: another started meanwhile stops at once (exit status 2), or waits with
    --wait.
    """
    from kifu.corpus.build import build
    from kifu.corpus.reader import shown

    if "-" in paths:
        raise click.UsageError("kifu index reads files and folders, not standard input (-)")
    console.check_paths(paths)
    progress = console.progress(paths, "indexing", quiet, None)
    try:
        with corpus_errors(output):
            built = build(output, paths, jobs=jobs, scheduler=scheduler, rebuild=rebuild,
                          wait=wait, step=progress.step if progress is not None else None)
    finally:
        if progress is not None:
            progress.close()
    for path, problem in built.unreadable:
        click.echo(f"{printable(shown(path))}: not indexed: {printable(problem)}", err=True)
    if verbose:
        for name, problem in built.problems:
            click.echo(f"{printable(shown(name))}: not legal: {printable(problem)}", err=True)
    if not quiet:
        click.echo(_summary(built), err=True)


def _summary(built: object) -> str:
    from kifu.corpus.build import Built
    from kifu.corpus.reader import shown
    from kifu.report.text import left_alone

    assert isinstance(built, Built)
    size = built.size / 2**20
    lines = [f"{printable(built.path)}: {built.total_records:,} records, "
             f"{built.total_positions:,} positions, {size:.1f} MiB "
             f"({built.size / max(built.total_positions, 1):.0f} bytes a position)",
             f"this run: {built.read:,} files read ({built.records:,} records, "
             f"{built.illegal:,} not legal: indexed to their first problem), "
             f"{built.unchanged:,} unchanged, {built.removed:,} removed"
             + (f", {len(built.unreadable):,} could not be read" if built.unreadable else "")]
    if built.left_alone:
        lines.append("(" + left_alone(len(built.left_alone),
                                      [shown(path) for path in built.left_alone], more=True) + ")")
    return "\n".join(lines)
