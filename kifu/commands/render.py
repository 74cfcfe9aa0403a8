"""``kifu render``: draw the position after a move as SVG or text, or a record as an HTML
viewer."""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import NoReturn

import click
from click.core import ParameterSource

from kifu.base import exitcodes
from kifu.base.diagnostics import Diagnostic
from kifu.base.errors import KifuError
from kifu.base.record import ReadOptions
from kifu.base.rules import Rules
from kifu.base.unsafe import printable
from kifu.commands import console
from kifu.commands.console import handle_errors, quoting
from kifu.commands.options import (
    OutputPath,
    boards_option,
    drawing_options,
    findings_options,
    game_index_option,
    input_options,
    lenient_option,
    move_option,
    output_dir_option,
    records_argument,
    run_options,
    variation_option,
)
from kifu.plugin import RenderOptions
from kifu.reading.source import STDIN
from kifu.reading.walk import Shard
from kifu.render.formats import RENDER_FORMATS, Drawing
from kifu.run.load import read_file
from kifu.run.outputs import refuse_inputs


@click.command()
@records_argument
@input_options
@boards_option
@move_option
@click.option("--format", "-f", "fmt", type=click.Choice(sorted(RENDER_FORMATS)), default="svg",
              show_default=True, help="html: a page to step through the whole record (with "
              "--output-dir, a page per record and an index); png: the SVG as a picture; gif: "
              "the line's positions up to --move, animated (both need kifu's images extra: "
              "pip install '.[images]' in kifu's checkout).")
@click.option("--output", "-o", type=OutputPath(dir_okay=False, allow_dash=True),
              help="Write here instead of standard output.")
@output_dir_option
@click.option("--fragment", is_flag=True, help="With --format html: a block to paste into "
              "another page instead of a whole page.")
@click.option("--problem/--no-problem", default=None, help="With --format html: show the "
              "records as problems (the start position, the side to play, the solution when "
              "asked), or none; by default those that read as problems.")
@drawing_options
@click.option("--option", "-O", "extras", multiple=True, metavar="NAME[=VALUE]",
              help="A game's own drawing option (see 'kifu games').")
@variation_option
@lenient_option
@run_options
@game_index_option
@findings_options
@handle_errors
def render(records: tuple[str, ...], game: str | None, format_in: str | None,
           encoding: str | None,
           read_options: ReadOptions, move: int | None, fmt: str, output: str | None,
           output_dir: str | None, fragment: bool, problem: bool | None, options: RenderOptions,
           extras: tuple[str, ...],
           path: tuple[int, ...], lenient: bool, jobs: int | None, scheduler: str | None,
           shard: Shard | None, quiet: bool, game_index: int | None, rules: Rules,
           pedantic: bool) -> None:
    """Draw the position after a move as SVG, PNG or text, a line of play as an animated GIF,
    or a record as an HTML viewer.

    One RECORD goes to standard output or -o FILE; several, or folders, go into --output-dir
    (one file each, and whatever pages the format adds, such as an index).
    """
    fmt = _format_for(fmt, output)
    drawing = Drawing(move=move, path=path, lenient=lenient, options=options, extras=extras,
                      problem=problem)
    if fragment and (fmt != "html" or output_dir is not None):
        raise click.UsageError("--fragment goes with --format html and one record")
    record = console.one_record(records, output, output_dir)
    if record is None:
        assert output_dir is not None
        _render_all(records, output_dir, fmt, drawing, encoding=encoding, game=game,
                    format_in=format_in, read_options=read_options, jobs=jobs,
                    scheduler=scheduler, shard=shard, quiet=quiet, rules=rules,
                    pedantic=pedantic)
    if output is not None:
        refuse_inputs(output, [record])
    if fmt == "html":
        sys.exit(_render_viewer(record, output, fragment, encoding, game, format_in,
                                read_options, drawing, rules, pedantic, quiet))
    loaded = console.load_record(record, encoding, game, read_options, game_index, lenient,
                                 format_in=format_in, rules=rules, pedantic=pedantic)
    with quoting(loaded):
        text = RENDER_FORMATS[fmt].draw(loaded, drawing)
    console.write_output(text, output, binary=RENDER_FORMATS[fmt].binary)


#: What a file's suffix says it holds, for ``-o``.
SUFFIX_FORMATS = {".svg": "svg", ".txt": "text", ".text": "text", ".html": "html", ".htm": "html",
                  ".png": "png", ".gif": "gif"}
#: Pictures kifu does not write: named, so that ``-o board.jpg`` is refused, not written as SVG
#: under a JPEG's name.
IMAGES = (".jpg", ".jpeg", ".webp", ".pdf")


def _format_for(fmt: str, output: str | None) -> str:
    """The format to write: ``--format`` as given, else what the ``-o`` file's suffix says
    (``board.txt``: text); a suffix that says another format than ``--format`` is a usage
    error, as is a picture format kifu does not write."""
    suffix = os.path.splitext(output)[1].lower() if output not in (None, STDIN) else ""
    said = SUFFIX_FORMATS.get(suffix)
    given = click.get_current_context().get_parameter_source("fmt") not in (
        ParameterSource.DEFAULT, None)
    if suffix in IMAGES:
        raise click.UsageError(f"-o {output}: kifu render writes {', '.join(RENDER_FORMATS)}, "
                               f"not {suffix[1:].upper()}; name the file .svg, .png, .gif, "
                               ".txt or .html")
    if given and said is not None and said != fmt:
        kinds = {"svg": "an SVG", "text": "a text", "html": "an HTML", "png": "a PNG",
                 "gif": "a GIF"}
        raise click.UsageError(f"-o {output} names {kinds.get(said, said)} file, but --format "
                               f"is {fmt}; give one that agrees, or leave --format out")
    return fmt if given or said is None else said


def _render_all(records: tuple[str, ...], output_dir: str, fmt: str, drawing: Drawing, *,
                encoding: str | None, game: str | None, format_in: str | None,
                read_options: ReadOptions, jobs: int | None, scheduler: str | None, shard: Shard | None,
                quiet: bool, rules: Rules, pedantic: bool) -> NoReturn:
    """Draw every record found into ``output_dir``, then the pages the format adds (an
    index); ends the command."""
    from kifu.commands.output_folder import run_batch
    from kifu.render.drawing_task import RenderTask
    from kifu.render.viewer.page_task import HtmlTask

    task_type = HtmlTask if fmt == "html" else RenderTask
    task = task_type(encoding=encoding, game=game, format_in=format_in,
                     read_options=read_options, format=fmt,
                     drawing=drawing, rules=rules, pedantic=pedantic)
    chosen = RENDER_FORMATS[fmt]
    index = chosen.index(Path(output_dir)) if chosen.index is not None else None
    summary = run_batch(task, records, output_dir, jobs=jobs, scheduler=scheduler,
                        shard=shard, quiet=quiet, reserved=chosen.reserved, index=index)
    if index is not None and summary.total.files:
        try:
            index.finish()
        except KifuError as error:
            diag = Diagnostic.from_error(error, output_dir)
            console.print_diagnostics([diag])
            summary.exit_status = max(summary.exit_status, diag.exit_status)
    console.close_run(summary, records, shard, quiet)


def _render_viewer(record: str, output: str | None, fragment: bool, encoding: str | None,
                   game: str | None, format_in: str | None, read_options: ReadOptions,
                   drawing: Drawing, rules: Rules, pedantic: bool, quiet: bool = False) -> int:
    """The viewer page (or fragment) of one file: written whatever the record's faults, which
    are reported as ``validate`` reports them (those of ``rules``); the exit status says
    whether all is legal.  A record that takes long to draw (a RenLib library of tens of
    thousands of positions) says how far it has got on a terminal."""
    from kifu.render import viewer

    source = read_file(record, encoding, game, format_in)
    progress = console.work_progress(f"drawing {printable(record)}", "positions", quiet)
    try:
        views = viewer.views_of_text(source.text, record, drawing.options_for, game_name=game,
                                     format_name=format_in,
                                     lenient=drawing.lenient, read_options=read_options,
                                     problem=drawing.problem, progress=progress)
    finally:
        if progress is not None:
            progress.close()
    viewer.open_at(views, drawing.move, drawing.path, strict=True)
    if fragment:
        stem = "record" if record == STDIN else os.path.basename(record).split(".")[0]
        key = "".join(c if c.isalnum() else "-" for c in stem.lower()).strip("-") or "record"
        text = viewer.fragment(views, key, source.text)
    else:
        text = viewer.page(views, text=source.text)
    console.write_output(text, output)
    reports = viewer.reports_of(views, record, rules, pedantic)
    console.print_diagnostics(d for report in reports for d in report.diagnostics)
    return exitcodes.worst(report.exit_status for report in reports)
