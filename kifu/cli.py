"""The ``kifu`` command line: thin click commands over the library.

Commands call the library and hand its answers to a formatter (:mod:`kifu.report`,
:mod:`kifu.formatters`).  Exit statuses follow the one convention of :mod:`kifu.exitcodes`:
every kifu error becomes a located message and its status, an option the record cannot satisfy
is a usage error, and a failure of kifu itself is reported as one (exit 2), never a traceback.
"""
from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NoReturn, TypeVar

import click

from kifu import __version__, exitcodes, registry
from kifu.batch import ConvertTask, OutputTask, RenderTask, finish, plan
from kifu.errors import PEDANTIC, KifuError, OptionError
from kifu.formatters import FORMATTERS, make_formatter
from kifu.game import Console, RenderOptions
from kifu.load import GameIndexError, Loaded, dump, load_source, rewrite
from kifu.record import ReadOptions
from kifu.outputs import Written, refuse_inputs, relocate, write_atomic
from kifu.progress import LazyCount, Progress
from kifu.render import viewer
from kifu.render.formats import RENDER_FORMATS, Drawing
from kifu.render.viewer.task import HtmlTask
from kifu.replayjson import replay_text
from kifu.report import Diagnostic, Summary, TextFormatter
from kifu.runner import run
from kifu.tasks import describe_fault
from kifu.source import STDIN, check_encoding_name, read_source
from kifu.unsafe import printable, safe_lines
from kifu.validate import Options, check_found
from kifu.walk import Shard, missing, walk

#: The exit statuses, as :mod:`kifu.exitcodes` defines them.
EXIT_OK = exitcodes.OK
EXIT_INVALID = exitcodes.INVALID
EXIT_USAGE = exitcodes.USAGE

F = TypeVar("F", bound=Callable[..., Any])


class KifuGroup(click.Group):
    """The command group: a failure inside kifu itself ends a command with a message that asks
    for a bug report and exit status 2, never a traceback.

    The commands games bring (``kifu board``) are known from the games' cards, and a game is
    loaded only when one of its commands runs, never to list them.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *registry.commands()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            return command
        card = registry.commands().get(cmd_name)
        if card is None:
            return None
        return next((c for c in registry.load(card).commands() if c.name == cmd_name), None)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of ``kifu --help``: the games' commands with the help their cards
        give, so that listing them loads no game."""
        brought = registry.commands()
        rows = []
        for name in self.list_commands(ctx):
            command = super().get_command(ctx, name)
            if command is None and name in brought:  # its help as the card gives it
                command = click.Command(name, help=brought[name].commands[name])
            if command is not None and not command.hidden:
                rows.append((name, command))
        if rows:
            limit = formatter.width - 6 - max(len(name) for name, _ in rows)
            with formatter.section("Commands"):
                formatter.write_dl([(name, command.get_short_help_str(limit))
                                    for name, command in rows])

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.ClickException as error:  # it may quote a name the user gave: escaped
            error.message = printable(error.message)
            raise
        except (click.exceptions.Exit, click.exceptions.Abort):
            raise
        except BrokenPipeError:
            # The reader stopped reading (``| head``): say nothing more, and keep Python from
            # complaining when it flushes standard output on the way out.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(exitcodes.PIPE_CLOSED)
        except Exception as error:  # noqa: BLE001 - the last line of defence
            diag = Diagnostic.internal("kifu", describe_fault(error))
            for line in TextFormatter(color=_stderr_is_terminal()).diagnostic(diag):
                click.echo(line, err=True)
            ctx.exit(EXIT_USAGE)


# -- shared options -------------------------------------------------------------------------

def _check_encoding(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return check_encoding_name(value)
    except KifuError as error:
        raise click.BadParameter(error.message) from None


def _check_game(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return registry.get(value).name
    except KifuError as error:
        raise click.BadParameter(error.message) from None


def input_options(command: F) -> F:
    """``--game`` and ``--encoding``, for every command that reads a record."""
    command = click.option("--encoding", callback=_check_encoding, metavar="NAME",
                           help="Decode input with this encoding (any Python text codec name, e.g. "
                                "cp932, gb18030, euc-kr) instead of detecting it (a BOM, SGF's "
                                "CA[], UTF-8, then a guess from the text).")(command)
    command = click.option("--game", "-g", callback=_check_game, metavar="GAME",
                           help="The game, when neither a 'Game:' header nor the suffix tells.")(command)
    return command


def boards_option(command: F) -> F:
    """``--boards DIR``: folders whose files records may refer to, besides their own folder
    (see ``kifu.access``); passed to games as ``Record.read_options``."""
    return click.option(
        "--boards", "read_options", multiple=True, metavar="DIR",
        type=click.Path(exists=True, file_okay=False, resolve_path=True),  # absolute: workers
        callback=lambda ctx, param, value: ReadOptions(tuple(value)),  # may run elsewhere
        help="Let records refer to files (boards, say) in DIR and below, besides their own "
             "folder; may be given more than once.")(command)


def _variation_path(ctx: click.Context, param: click.Parameter,
                    value: str | None) -> tuple[int, ...]:
    if not value:
        return ()
    try:
        path = tuple(int(part) for part in value.split("."))
    except ValueError:
        path = ()
    if not path or len(path) % 2 or min(path) < 1:
        raise click.BadParameter("a variation is ENTRY.NUMBER, nested as ENTRY.NUMBER.ENTRY.NUMBER "
                                 "(e.g. 12.2: the second variation of the 12th entry)")
    return path


def variation_option(command: F) -> F:
    return click.option("--variation", "-V", "path", callback=_variation_path, metavar="PATH",
                        help="Follow a variation: 12.2 is the second variation replacing the "
                             "12th entry of the main line; 12.2.15.1 goes deeper.")(command)


def move_option(command: F) -> F:
    return click.option("--move", "-m", type=click.IntRange(min=0), help="The position after "
                        "this move (0: the start; default: the last move).")(command)


def lenient_option(command: F) -> F:
    return click.option("--lenient", is_flag=True,
                        help="Repair what a game's rules allow repairing, with warnings.")(command)


def game_index_option(command: F) -> F:
    """``--game-index N``: one game of a file that holds several (an SGF collection)."""
    return click.option("--game-index", "game_index", type=click.IntRange(min=1), metavar="N",
                        help="Which game of a file that holds several (an SGF collection), "
                             "counted from 1; default the first.")(command)


def record_argument(command: F) -> F:
    return click.argument("record", type=click.Path(allow_dash=True, dir_okay=False))(command)


def records_argument(command: F) -> F:
    return click.argument("records", nargs=-1, required=True,
                          type=click.Path(allow_dash=True))(command)


def _shard(ctx: click.Context, param: click.Parameter, value: str | None) -> Shard | None:
    if value is None:
        return None
    try:
        return Shard.parse(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


def run_options(command: F) -> F:
    """Where and how a run over many files goes: ``--jobs``, ``--scheduler``, ``--shard``,
    ``--quiet``."""
    for decorator in reversed([
        click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
                     help="Processes to work with (default: all cores)."),
        click.option("--scheduler", metavar="ADDRESS",
                     help="Run on the Dask cluster of this scheduler (tcp://host:8786); needs "
                          "kifu[dask]."),
        click.option("--shard", callback=_shard, metavar="I/N",
                     help="Only part I of N of the files (by a hash of each path), to split a "
                          "run across CI jobs."),
        click.option("--quiet", "-q", is_flag=True, help="No summary table and no progress line."),
    ]):
        command = decorator(command)
    return command


def output_dir_option(command: F) -> F:
    return click.option("--output-dir", "output_dir", type=click.Path(file_okay=False),
                        help="Write one file per record here, keeping each record's path "
                             "below the folder it was found in.")(command)


class RecordFailure(Exception):
    """A kifu error together with the text it was found in, for a message that quotes it."""

    def __init__(self, error: KifuError, path: str, text: str | None) -> None:
        super().__init__(error.message)
        self.error, self.path, self.text = error, path, text


@contextlib.contextmanager
def quoting(loaded: Loaded) -> Iterator[None]:
    """Errors about the record (not about options) are reported with its text quoted."""
    try:
        yield
    except OptionError:
        raise
    except KifuError as error:
        raise RecordFailure(error, loaded.name or loaded.source.path, loaded.source.text) from None


def handle_errors(command: F) -> F:
    """Turn kifu errors escaping a command into a located message and the right exit code."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except OptionError as error:
            raise click.BadParameter(error.message, param_hint=f"'{error.option}'") from None
        except RecordFailure as failure:
            _fail(failure.error, failure.path, failure.text)
        except KifuError as error:
            _fail(error, "kifu", None)

    return wrapper  # type: ignore[return-value]


def _fail(error: KifuError, path: str, text: str | None) -> None:
    diag = Diagnostic.from_error(error, path, text)
    _print_diagnostics([diag])
    sys.exit(diag.exit_status)


def _print_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    formatter = TextFormatter(color=_stderr_is_terminal())
    for diag in diagnostics:
        for line in formatter.diagnostic(diag):
            click.echo(line, err=True)


def _stderr_is_terminal() -> bool:
    return sys.stderr.isatty()


def _load(path: str, encoding: str | None, game: str | None,
          read_options: ReadOptions | None = None, game_index: int | None = None,
          lenient: bool = False, every_game: bool = False) -> Loaded:
    """One record of ``path`` (``game_index`` picks a game of a collection), what reading it
    repaired or guessed reported on standard error; an error in reading it is raised."""
    try:
        source = read_source(path, encoding)
    except KifuError as error:
        raise RecordFailure(error, path, None) from None
    try:
        loaded = load_source(source, game, read_options, game_index=game_index,
                             lenient=lenient, every_game=every_game)
    except GameIndexError as error:
        raise click.BadParameter(error.message, param_hint="'--game-index'") from None
    except KifuError as error:
        raise RecordFailure(error, path, source.text) from None
    error = loaded.error()
    if error is not None:
        raise RecordFailure(error, loaded.name, source.text)
    _print_diagnostics(Diagnostic.from_error(found, loaded.name, source.text)
                       for found in loaded.findings if found.grade != PEDANTIC)
    if loaded.games > 1 and game_index is None and not every_game:
        click.echo(f"{printable(path)} holds {loaded.games} games; this is the first "
                   "(--game-index N picks another)", err=True)
    return loaded


def _write_output(text: str, output: str | None) -> None:
    """Write to ``output`` (atomically) or to standard output, where a terminal gets what a
    record holds escaped."""
    if output is None or output == STDIN:
        if sys.stdout.isatty():
            click.echo(safe_lines(text), nl=False)
        else:  # exactly as made: click would strip what looks like colour codes
            click.echo(text, nl=False, color=True)
        return
    write_atomic(output, text)


def _one_record(records: tuple[str, ...], output: str | None,
                output_dir: str | None) -> str | None:
    """The single record of a command run without ``--output-dir`` (``None`` in batch mode)."""
    if output_dir is not None:
        if output is not None:
            raise click.UsageError("-o names one output file; with --output-dir leave it out")
        if STDIN in records:
            raise click.UsageError("standard input (-) cannot go into --output-dir; use -o")
        return None
    if len(records) > 1 or (records[0] != STDIN and os.path.isdir(records[0])):
        raise click.UsageError("several records (or a folder) need --output-dir DIR")
    return records[0]


def _check_paths(paths: Iterable[str]) -> None:
    absent = missing(paths)
    if absent:
        raise click.UsageError(f"{absent[0]}: no such file or folder")


def _progress(paths: tuple[str, ...], label: str, quiet: bool, shard: Shard | None,
              skip: Iterable[str] = ()) -> Progress | None:
    if quiet or not _stderr_is_terminal():
        return None
    count = LazyCount(walk(paths, registry.suffixes(), shard=shard, skip=skip))
    return Progress(sys.stderr, label, count)


# -- commands -------------------------------------------------------------------------------

class TextConsole(Console):
    """The console games' own commands print through: diagnostics as ``validate`` prints them,
    on standard error."""

    def problems(self, problems: Iterable[KifuError], path: str, text: str | None) -> None:
        _print_diagnostics(Diagnostic.from_error(problem, path, text) for problem in problems)


@click.group(cls=KifuGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kifu")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Validate, convert and draw game records (kifu); 'kifu games' lists the games.

    Exit status: 0 all is well; 1 a record is not legal or not a usable record; 2 a usage
    error, an unreadable file, an unknown game, output that cannot be written, or an internal
    error.
    """
    ctx.obj = TextConsole()


@main.command()
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
def validate(paths: tuple[str, ...], game: str | None, encoding: str | None,
             read_options: ReadOptions, fmt: str, jobs: int | None, scheduler: str | None,
             shard: Shard | None, quiet: bool, lenient: bool, pedantic: bool, verbose: bool,
             records_only: bool) -> None:
    """Check that records replay legally; exit 1 if any does not.

    PATHS are files, folders (searched recursively for known suffixes) or - for standard input.
    """
    _check_paths(paths)
    formatter = make_formatter(fmt, color=sys.stdout.isatty(), verbose=verbose)
    summary = Summary()
    options = Options(encoding=encoding, game=game, lenient=lenient, read_options=read_options,
                      pedantic=pedantic)
    found = walk(paths, registry.suffixes(), shard=shard)
    progress = _progress(paths, "validating", quiet, shard)
    _echo(formatter.begin())
    try:
        for file_reports in _as_usage(check_found(found, options, jobs, scheduler=scheduler,
                                                  only_records=records_only)):
            if progress is not None:
                progress.step()
            summary.skipped += not file_reports
            for report in file_reports:
                summary.add(report)
                _echo(formatter.file(report))
    finally:
        if progress is not None:
            progress.close()
    _echo(formatter.end())
    _close_run(summary, paths, shard, quiet)


def _as_usage(reports: Iterator[Any]) -> Iterator[Any]:
    """A stream of results whose set-up may fail on an option (an unreachable scheduler)."""
    try:
        yield from reports
    except OptionError as error:
        raise click.BadParameter(error.message, param_hint=f"'{error.option}'") from None


def _echo(text: str) -> None:
    if text:
        click.echo(text)


def _close_run(summary: Summary, paths: tuple[str, ...], shard: Shard | None,
               quiet: bool) -> NoReturn:
    if summary.total.files == 0:
        if shard is None and not summary.skipped:
            raise click.UsageError("no record files found in " + ", ".join(paths))
        if not quiet:
            where = f"shard {shard}" if shard else "the files given"
            click.echo(f"no kifu records in {where}" + (
                f" ({summary.skipped} other JSON file{'s' * (summary.skipped != 1)} left alone)"
                if summary.skipped else ""), err=True)
    elif not quiet:
        click.echo(summary.table(), err=True)
    sys.exit(summary.exit_status)


def run_batch(task: OutputTask, paths: tuple[str, ...], output_dir: str, *, jobs: int | None,
              scheduler: str | None, shard: Shard | None, quiet: bool,
              keep: bool) -> tuple[Summary, list[Written]]:
    """Run a batch of outputs, reporting each file's problems as they come (on standard error)
    and counting them; returns the summary and, if ``keep``, what each input became."""
    _check_paths(paths)
    summary = Summary("written", "failed", moves=False)
    formatter = TextFormatter(color=_stderr_is_terminal())
    found = walk(paths, registry.suffixes(), shard=shard, skip=[output_dir])
    progress = _progress(paths, "writing", quiet, shard, skip=[output_dir])
    kept: list[Written] = []
    try:
        for _, written in _as_usage(run(task, plan(found, output_dir), jobs=jobs,
                                        scheduler=scheduler)):
            if progress is not None:
                progress.step()
            summary.skipped += not written.reports
            for report in written.reports:
                summary.add(report)
                text = formatter.file(report)
                if text:
                    click.echo(text, err=True)
            if keep:
                kept.append(written)
    finally:
        if progress is not None:
            progress.close()
    return summary, kept


@main.command()
@records_argument
@input_options
@boards_option
@click.option("--to", "-t", "target", default="native", show_default=True, metavar="FORMAT",
              help="native, json, or a format of the game (see 'kifu games').")
@click.option("--dialect", "-d", metavar="NAME[,NAME]", help="A dialect of the native "
              "notation; several, comma-separated, are applied in turn.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write here instead of standard output.")
@output_dir_option
@run_options
@game_index_option
@click.option("--lenient", is_flag=True, help="Write a record whose reading lost information "
              "(a truncated SGF, say) as repaired, each repair listed, instead of refusing it.")
@handle_errors
def convert(records: tuple[str, ...], game: str | None, encoding: str | None,
            read_options: ReadOptions, target: str, dialect: str | None, output: str | None,
            output_dir: str | None, jobs: int | None, scheduler: str | None,
            shard: Shard | None, quiet: bool, game_index: int | None, lenient: bool) -> None:
    """Write records in another notation, as JSON, or as SGF.

    One RECORD goes to standard output or -o FILE; several, or folders, go into --output-dir.
    SGF to SGF keeps every property, node and comment (every game of a collection, unless
    --game-index picks one), repaired where reading repaired it, each repair listed on standard
    error.
    """
    if dialect is not None and target != registry.NATIVE:
        raise click.UsageError("--dialect applies to --to native only")
    record = _one_record(records, output, output_dir)
    if record is None:
        assert output_dir is not None
        task = ConvertTask(encoding=encoding, game=game, read_options=read_options,
                           target=target, dialect=dialect)
        summary, _ = run_batch(task, records, output_dir, jobs=jobs, scheduler=scheduler,
                               shard=shard, quiet=quiet, keep=False)
        _close_run(summary, records, shard, quiet)
    if output is not None:
        refuse_inputs(output, [record])
    loaded = _load(record, encoding, game, read_options, game_index, lenient, every_game=True)
    warnings = []
    if output is not None and output != STDIN:
        warnings = relocate(loaded.game, loaded.record, record, output)
    with quoting(loaded):
        text = rewrite(loaded.game, loaded.fmt, loaded.documents) if target == loaded.fmt \
            else None
        if text is None:
            if len(loaded.documents) > 1:
                raise click.UsageError(f"{record} holds {loaded.games} games; convert one with "
                                       "--game-index N, or all of them --to sgf")
            text = dump(loaded.game, loaded.record, target, dialect)
    _write_output(text, output)
    _print_diagnostics(Diagnostic.from_error(w, record, loaded.source.text) for w in warnings)


@main.command()
@records_argument
@input_options
@boards_option
@move_option
@click.option("--format", "-f", "fmt", type=click.Choice(sorted(RENDER_FORMATS)), default="svg",
              show_default=True, help="html: a page to step through the whole record (with "
              "--output-dir, a page per record and an index).")
@click.option("--output", "-o", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write here instead of standard output.")
@output_dir_option
@click.option("--fragment", is_flag=True, help="With --format html: a block to paste into "
              "another page instead of a whole page.")
@click.option("--flip", is_flag=True, help="Turn the board round (the other side's view).")
@click.option("--size", type=click.IntRange(min=50), help="SVG width in pixels.")
@click.option("--no-coords", is_flag=True, help="Leave out the coordinates.")
@click.option("--last-move/--no-last-move", default=True, show_default=True,
              help="Mark the last move.")
@click.option("--numbers", is_flag=True, help="Number the stones by move (where the game has "
              "stones).")
@click.option("--option", "-O", "extras", multiple=True, metavar="NAME[=VALUE]",
              help="A game's own drawing option (see 'kifu games').")
@variation_option
@lenient_option
@run_options
@game_index_option
@handle_errors
def render(records: tuple[str, ...], game: str | None, encoding: str | None,
           read_options: ReadOptions, move: int | None, fmt: str, output: str | None,
           output_dir: str | None, fragment: bool, flip: bool, size: int | None,
           no_coords: bool, last_move: bool, numbers: bool, extras: tuple[str, ...],
           path: tuple[int, ...], lenient: bool, jobs: int | None, scheduler: str | None,
           shard: Shard | None, quiet: bool, game_index: int | None) -> None:
    """Draw the position after a move as SVG or text, or a record as an HTML viewer.

    One RECORD goes to standard output or -o FILE; several, or folders, go into --output-dir
    (one file each, and whatever pages the format adds, such as an index).
    """
    options = RenderOptions(size=size, flip=flip, coords=not no_coords, last_move=last_move,
                            numbers=numbers)
    drawing = Drawing(move=move, path=path, lenient=lenient, options=options, extras=extras)
    if fragment and (fmt != "html" or output_dir is not None):
        raise click.UsageError("--fragment goes with --format html and one record")
    record = _one_record(records, output, output_dir)
    if record is None:
        assert output_dir is not None
        task_type = HtmlTask if fmt == "html" else RenderTask
        task = task_type(encoding=encoding, game=game, read_options=read_options, format=fmt,
                         drawing=drawing)
        keep = RENDER_FORMATS[fmt].index is not None
        summary, written = run_batch(task, records, output_dir, jobs=jobs, scheduler=scheduler,
                                     shard=shard, quiet=quiet, keep=keep)
        if keep:
            try:
                finish(fmt, output_dir, written)
            except KifuError as error:
                diag = Diagnostic.from_error(error, output_dir)
                _print_diagnostics([diag])
                summary.exit_status = max(summary.exit_status, diag.exit_status)
        _close_run(summary, records, shard, quiet)
    if output is not None:
        refuse_inputs(output, [record])
    if fmt == "html":
        sys.exit(_render_viewer(record, output, fragment, encoding, game, read_options, drawing))
    loaded = _load(record, encoding, game, read_options, game_index, lenient)
    with quoting(loaded):
        text = RENDER_FORMATS[fmt].draw(loaded, drawing)
    _write_output(text, output)


def _render_viewer(record: str, output: str | None, fragment: bool, encoding: str | None,
                   game: str | None, read_options: ReadOptions, drawing: Drawing) -> int:
    """The viewer page (or fragment) of one file: written whatever the record's faults, which
    are reported as ``validate`` reports them; the exit status says whether all is legal."""
    source = read_source(record, encoding)
    views = viewer.views_of_text(source.text, record, drawing.options_for, game_name=game,
                                 lenient=drawing.lenient, read_options=read_options)
    viewer.open_at(views, drawing.move, drawing.path, strict=True)
    if fragment:
        stem = "record" if record == STDIN else os.path.basename(record).split(".")[0]
        key = "".join(c if c.isalnum() else "-" for c in stem.lower()).strip("-") or "record"
        text = viewer.fragment(views, key)
    else:
        text = viewer.page(views)
    _write_output(text, output)
    reports = viewer.reports_of(views, record)
    _print_diagnostics(d for report in reports for d in report.diagnostics)
    return exitcodes.worst(report.exit_status for report in reports)


@main.command()
@record_argument
@input_options
@boards_option
@move_option
@click.option("--format", "-f", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text: tables and a diagram; json: the replay, move "
              "by move.")
@click.option("--variations", is_flag=True, help="With --format json: replay every variation too.")
@variation_option
@lenient_option
@game_index_option
@handle_errors
def show(record: str, game: str | None, encoding: str | None, read_options: ReadOptions,
         move: int | None, fmt: str, variations: bool, path: tuple[int, ...],
         lenient: bool, game_index: int | None) -> None:
    """Headers, result, moves and the position after a move (the last by default).

    With --format json, the replay of the line chosen (--variation, up to --move), or of every
    line with --variations; exit 1 when the record has an illegal move.
    """
    if variations and fmt != "json":
        raise click.UsageError("--variations needs --format json (text shows one line)")
    if variations and (move is not None or path):
        raise click.UsageError("--variations replays every line; it takes no --move or "
                               "--variation")
    loaded = _load(record, encoding, game, read_options, game_index, lenient)
    if fmt == "json":
        _show_json(loaded, move, path, variations, lenient)
        return
    with quoting(loaded):
        position, last = loaded.position_at(move, path, lenient)
    rec, g = loaded.record, loaded.game
    rows = [(key, value) for key, value in rec.headers.items()]
    rows.append(("rules", g.title))
    outcome = g.outcome(position)
    rows.append(("outcome", outcome.describe() if outcome else "not decided"))
    if last is not None:
        rows.append(("last move", g.move_text(last.node.move)))
    rows.extend(g.summary(position))
    # Imported here: validate's start-up does without it.
    from tabulate import tabulate

    click.echo(tabulate([(printable(k), printable(v)) for k, v in rows], tablefmt="plain"))
    if rec.comments:
        click.echo()
        for line in "\n".join(rec.comments).split("\n"):
            click.echo(printable(line))
    click.echo()
    click.echo(safe_lines(g.render_text(position, RenderOptions())), nl=False)


def _show_json(loaded: Loaded, move: int | None, path: tuple[int, ...], variations: bool,
               lenient: bool) -> None:
    if not variations:
        loaded.check_move(move, path)
    pieces, failed = replay_text(loaded.game, loaded.record, variations=variations,
                               lenient=lenient, path=path, move=move)
    for piece in pieces:
        click.echo(piece, nl=False)
    if failed:
        sys.exit(EXIT_INVALID)


@main.command("games")
def games_command() -> None:
    """The games kifu knows, their file suffixes, formats, dialects and drawing options."""
    rows = []
    for game in registry.games().values():
        formats = ", ".join(["native", "json", *game.formats()])
        rows.append([game.name, game.title, " ".join(game.suffixes), formats,
                     ", ".join(game.dialects) or "-", ", ".join(game.render_options) or "-"])
    # Imported here: validate's start-up does without it.
    from tabulate import tabulate

    click.echo(tabulate(rows, headers=["game", "title", "suffixes", "formats", "dialects",
                                       "render options (-O)"]))
    for name, problem in registry.broken().items():
        click.echo(f"warning: the game package {name!r} failed to load: {printable(problem)}",
                   err=True)

