"""``kifu dedupe``: the records of a corpus index that are one game, in groups, each with its
evidence."""
from __future__ import annotations

import click

from kifu.commands import console
from kifu.commands.corpusio import corpus_errors
from kifu.commands.options import filter_options
from kifu.corpus.reader import Filters


@click.command()
@click.argument("index", type=click.Path(dir_okay=False))
@click.option("--min-moves", type=click.IntRange(min=1), default=20, show_default=True,
              metavar="N", help="Look for records of at least N moves inside longer ones.")
@filter_options
@click.option("--format", "-f", "fmt", type=click.Choice(["table", "json"]), default="table",
              show_default=True, help="table for people; json: a line per group.")
def dedupe(index: str, min_moves: int, filters: Filters, fmt: str) -> None:
    """Groups of records of an index that are one game, with evidence.

    Records of INDEX that are one game, each group with its evidence.  The same game: main
    lines that reach the same positions in the same order, under the game's symmetries (a
    copy, the same game under other headers, or turned); contained: a record whose main line
    is a stretch of a longer record's.  Records whose main line has an illegal move take
    part only as containers; records with no move are not compared, only counted.
    """
    from kifu.corpus.dedupe import duplicates, without_moves
    from kifu.corpus.reader import Reader
    from kifu.report import corpus as formats

    with corpus_errors(index):
        reader = Reader(index)
        try:
            with reader.guarded():
                groups = duplicates(reader, filters, min_moves)
                unmoved = without_moves(reader, filters)
        finally:
            reader.close()
    if fmt == "json":
        click.echo(formats.groups_json(groups), nl=False)
    elif groups:
        console.echo(formats.groups_text(groups))
    click.echo(f"{len(groups)} group{'s' * (len(groups) != 1)} of duplicates", err=True)
    if unmoved:
        click.echo(f"{unmoved:,} record{'s' * (unmoved != 1)} without moves: not compared",
                   err=True)
