"""``kifu stats``: what was played from a position and how it scored (an opening explorer),
and the positions reached most often, in a corpus index."""
from __future__ import annotations

import click

from kifu.commands import console
from kifu.commands.corpusio import corpus_errors, position
from kifu.commands.options import filter_options
from kifu.corpus.reader import Filters
from kifu.corpus.values import Frequent


@click.command()
@click.argument("index", type=click.Path(dir_okay=False))
@click.option("--position", "-p", "spec", metavar="RECORD[@MOVE]",
              help="The moves played from the position after MOVE of RECORD (the last by "
                   "default), with how many records play each and how they ended.")
@click.option("--top", type=click.IntRange(min=0), default=None, metavar="N",
              help="The N positions reached by most records (default 10 without --position, "
                   "none with it).")
@filter_options
@click.option("--format", "-f", "fmt", type=click.Choice(["table", "json", "html"]),
              default="table", show_default=True,
              help="table for people; json: a line per answer; html: a page, each position "
                   "reached most often drawn beside its row.")
def stats(index: str, spec: str | None, top: int | None, filters: Filters, fmt: str) -> None:
    """Moves played from a position, how they scored; common positions.

    The continuations of a position and the positions reached most often in INDEX.  Each
    continuation is the move as it is written from the position asked about, whichever
    corner or colours a record played it in; the wins are counted for each side as in that
    position.  The start of a record is not counted among the positions reached.
    """
    from kifu.corpus import search
    from kifu.corpus.reader import Reader
    from kifu.corpus.stats import explore, frequent
    from kifu.report import corpus as formats

    key = found = None
    if spec is not None:
        game, found = position(spec)
        key = search.key_of(game, found)
    wanted = top if top is not None else (0 if spec is not None else 10)
    with corpus_errors(index):
        reader = Reader(index)
        try:
            with reader.guarded():
                explored = explore(reader, key, found, filters) if key is not None else None
                common = frequent(reader, filters, wanted) if wanted else []
        finally:
            reader.close()
    if fmt == "html":
        click.echo(formats.stats_page(explored, common, [_picture(f) for f in common]), nl=False)
        return
    if fmt == "json":
        if explored is not None:
            click.echo(formats.explored_json(explored), nl=False)
        click.echo(formats.frequent_json(common), nl=False)
        return
    parts = []
    if explored is not None:
        parts.append(formats.explored_table(explored))
    if common:
        parts.append("positions reached most often:\n\n" + formats.frequent_table(common))
    console.echo("\n\n".join(parts))


def _picture(found: Frequent) -> str | None:
    """The position as the record that first reached it draws it (kifu's SVG drawing of that
    record at that place), or ``None`` where the record cannot be read again (gone or changed
    since it was indexed): the row is still listed."""
    from kifu.base.errors import KifuError
    from kifu.base.record import variation_path
    from kifu.render.formats import Drawing, draw_svg
    from kifu.run.load import load

    hit = found.example
    try:
        loaded = load(hit.record.path, game_index=hit.record.number)
        drawing = Drawing(move=hit.place.move, path=variation_path(hit.place.variation)
                          if hit.place.variation else ())
        return draw_svg(loaded, drawing)
    except (KifuError, ValueError):
        return None
