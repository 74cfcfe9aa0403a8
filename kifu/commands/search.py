"""``kifu search``: the records of a corpus index that reach a position or a pattern, or whose
headers match."""
from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING

import click

from kifu.base.errors import KifuError, OutputError
from kifu.base.unsafe import printable
from kifu.commands import console
from kifu.commands.corpusio import corpus_errors, fail, pattern, position
from kifu.commands.options import OutputPath, filter_options
from kifu.corpus.reader import Filters
from kifu.corpus.values import Hit

if TYPE_CHECKING:
    from kifu.corpus.patterns import Pattern
    from kifu.render.viewer import Marker
    from kifu.render.viewer.files import Marked


@click.command()
@click.argument("index", type=click.Path(dir_okay=False))
@click.option("--position", "-p", "spec", metavar="RECORD[@MOVE]",
              help="Records that reach the position after MOVE of RECORD (the last by "
                   "default; RECORD#N@MOVE for the N-th record of a collection): the whole "
                   "board, under the game's symmetries, by any move order.")
@click.option("--pattern", "pattern_file", type=click.Path(dir_okay=False), metavar="FILE",
              help="Records that reach the pattern of FILE (Go, Renju: see the docs for its "
                   "form), in any orientation.")
@filter_options
@click.option("--format", "-f", "fmt", type=click.Choice(["table", "json", "html"]),
              default="table", show_default=True,
              help="table for people; json: a line per record; html: a page of results (with "
                   "--output-dir), each opening in kifu's viewer at the matching move.")
@click.option("--output-dir", "output_dir", type=OutputPath(file_okay=False),
              help="With --format html: write index.html and a viewer page per record here.")
@click.option("--limit", type=click.IntRange(min=1), metavar="N",
              help="Show only the first N records found.")
def search(index: str, spec: str | None, pattern_file: str | None, filters: Filters, fmt: str,
           output_dir: str | None, limit: int | None) -> None:
    """Records of an index that reach a position or a pattern, or match headers.

    The records of INDEX that reach the position or the pattern, among those the header
    filters keep.  With neither --position nor --pattern, every record the filters keep.  The records are
    listed in the order they were indexed, each once, where it first reaches what was asked
    (its main line first), with how its position is turned from the one asked for.
    """
    from kifu.corpus import pages, search
    from kifu.corpus.reader import Reader
    from kifu.report import corpus as formats

    if (fmt == "html") != (output_dir is not None):
        raise click.UsageError("--format html writes a folder: give --output-dir DIR (and "
                               "--output-dir only with --format html)")
    asked = []
    key = laid = None
    if spec is not None:
        game, found = position(spec)
        key = search.key_of(game, found)
        asked.append(f"position: {spec}")
    if pattern_file is not None:
        laid = pattern(pattern_file)
        asked.append(f"pattern: {pattern_file}")
    with corpus_errors(index):
        reader = Reader(index)
        try:
            with reader.guarded():
                found = pages.find(reader, key, laid, filters)
                # Only the records shown are answered (read whole): all of them are counted.
                shown = list(pages.page(reader, found, per_page=limit).hits) if limit else \
                    search.hits(reader, found.places)
        finally:
            reader.close()
    total = len(found.places)
    if fmt == "table":
        if shown:
            console.echo(formats.hits_table(shown))
    elif fmt == "json":
        click.echo(formats.hits_json(shown), nl=False)
    else:
        assert output_dir is not None
        inputs = [index, *([pattern_file] if pattern_file is not None else []),
                  *([_record_of(spec)] if spec is not None else [])]
        _write_html(shown, output_dir, asked or ["every record the filters keep"], inputs,
                    _marker(laid, key is not None))
    more = f" (the first {len(shown)} shown)" if len(shown) < total else ""
    click.echo(f"{total} record{'s' * (total != 1)} found{more}", err=True)


def _record_of(spec: str) -> str:
    """The record file of ``RECORD[#N][@MOVE]``."""
    record = spec.rpartition("@")[0] if "@" in spec else spec
    return record.rpartition("#")[0] if "#" in record else record


def _marker(laid: Pattern | None, position: bool) -> Marker | None:
    """What marks a hit's position in its viewer page, as kifu serve's viewer does: the stones
    the pattern matched, else every stone or piece of the position asked for; ``None`` for a
    search of the headers alone."""
    from kifu.corpus.marks import matched

    if laid is None and not position:
        return None
    return functools.partial(matched, pattern=laid)


def _write_html(hits: list[Hit], output_dir: str, asked: list[str],
                inputs: list[str], marker: Marker | None = None) -> None:
    """The page of results and a viewer page per record file hit (each hit's position marked
    by ``marker``); never written onto one of ``inputs`` (the index, the pattern and the
    record asked about) nor onto a record hit."""
    from kifu.plugin import RenderOptions
    from kifu.render.viewer import page, views_of_text
    from kifu.report.corpus import results_page
    from kifu.run.load import read_file
    from kifu.run.outputs import refuse_inputs, write_atomic

    pages: dict[str, str] = {}
    links: dict[int, str] = {}
    counts: dict[str, int] = {}
    marked: dict[str, dict[int, Marked]] = {}
    for hit in hits:
        if marker is not None:
            marked.setdefault(hit.record.path, {})[hit.record.index] = (
                hit.place.depth, hit.place.path, marker)
    files = len({hit.record.path for hit in hits})
    try:  # every name the pages may take, before any is written
        for name in ["index.html", *(f"records/{n:04d}.html" for n in range(1, files + 1))]:
            refuse_inputs(os.path.join(output_dir, name), inputs)
    except KifuError as error:
        fail(error, output_dir)
    try:
        os.makedirs(os.path.join(output_dir, "records"), exist_ok=True)
    except OSError as error:
        fail(OutputError(f"cannot make the folder ({error.strerror})"), output_dir)
    for hit in hits:
        path = hit.record.path
        if path not in pages and path not in counts:
            try:
                text = read_file(path).text
            except KifuError as error:  # gone or changed since it was indexed
                click.echo(f"{printable(path)}: no viewer page ({printable(error.message)})",
                           err=True)
                counts[path] = 0
                continue
            views = views_of_text(text, path, lambda game: RenderOptions(),
                                  marked=marked.get(path))
            name = f"records/{len(pages) + 1:04d}.html"
            try:
                target = os.path.join(output_dir, name)
                refuse_inputs(target, [path])
                write_atomic(target, page(views, hit.record.name), in_place=False)
            except KifuError as error:
                fail(error, output_dir)
            pages[path] = name
            counts[path] = len(views)
        if path in pages:
            links[hit.record.id] = pages[path] + hit.place.fragment(hit.record.number,
                                                                    counts[path])
    try:
        write_atomic(os.path.join(output_dir, "index.html"),
                     results_page(hits, links, "kifu search", asked), in_place=False)
    except KifuError as error:
        fail(error, output_dir)
    click.echo(f"{printable(os.path.join(output_dir, 'index.html'))}: {len(hits)} records, "
               f"{len(pages)} viewer pages", err=True)

