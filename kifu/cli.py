"""The ``kifu`` command line: thin click commands over the library.

Commands call the library and hand its answers to a formatter; exit codes live here and only
here.  Every kifu error becomes a located message and an exit code, never a traceback.
"""
from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click
from tabulate import tabulate

from kifu import __version__, registry
from kifu.errors import PEDANTIC, ConversionError, KifuError, ReadError, UnknownGameError
from kifu.game import Game, RenderOptions, Step
from kifu.load import GameIndexError, Loaded, dump, load_source, rewrite
from kifu.replayjson import replay_json
from kifu.report import FORMATTERS, Diagnostic, Summary, TextFormatter, make_formatter, printable
from kifu.source import check_encoding_name, read_source
from kifu.validate import Options, check_files, find_files

EXIT_OK = 0
#: A record is illegal or unreadable as a record.
EXIT_INVALID = 1
#: The command was used wrongly, or a file could not be read at all.
EXIT_USAGE = 2

#: A progress bar is worth drawing from this many files on.
PROGRESS_FROM = 20

F = TypeVar("F", bound=Callable[..., Any])


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
                           help="Decode input with this encoding instead of detecting "
                                "UTF-8 / Shift_JIS.")(command)
    command = click.option("--game", "-g", callback=_check_game, metavar="GAME",
                           help="The game, when neither a 'Game:' header nor the suffix tells.")(command)
    return command


def _variation_path(ctx: click.Context, param: click.Parameter,
                    value: str | None) -> tuple[int, ...]:
    if not value:
        return ()
    try:
        path = tuple(int(part) for part in value.split("."))
    except ValueError:
        path = ()
    if not path or len(path) % 2 or min(path) < 1:
        raise click.BadParameter("a variation is MOVE.NUMBER, nested as MOVE.NUMBER.MOVE.NUMBER "
                                 "(e.g. 12.2: the second variation of the 12th entry)")
    return path


def variation_option(command: F) -> F:
    return click.option("--variation", "-V", "path", callback=_variation_path, metavar="PATH",
                        help="Follow a variation: 12.2 is the second variation replacing the "
                             "12th entry of the main line; 12.2.15.1 goes deeper.")(command)


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


class RecordFailure(Exception):
    """A kifu error together with the text it was found in, for a message that quotes it."""

    def __init__(self, error: KifuError, path: str, text: str | None) -> None:
        super().__init__(error.message)
        self.error, self.path, self.text = error, path, text


def handle_errors(command: F) -> F:
    """Turn kifu errors escaping a command into a located message and the right exit code."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except RecordFailure as failure:
            _fail(failure.error, failure.path, failure.text)
        except KifuError as error:
            _fail(error, kwargs.get("record") or "kifu", None)

    return wrapper  # type: ignore[return-value]


def _fail(error: KifuError, path: str, text: str | None) -> None:
    diag = Diagnostic.from_error(error, path, text)
    for line in TextFormatter(color=_stderr_is_terminal()).diagnostic(diag):
        click.echo(line, err=True)
    sys.exit(_exit_code(error))


def _exit_code(error: KifuError) -> int:
    usage = isinstance(error, (ReadError, UnknownGameError, ConversionError))
    return EXIT_USAGE if usage else EXIT_INVALID


def _stderr_is_terminal() -> bool:
    return sys.stderr.isatty()


def _load(path: str, encoding: str | None, game: str | None, game_index: int | None = None,
          lenient: bool = False, every_game: bool = False) -> Loaded:
    source = read_source(path, encoding)
    try:
        loaded = load_source(source, game, game_index=game_index, lenient=lenient,
                             every_game=every_game)
    except GameIndexError as error:
        raise click.BadParameter(error.message, param_hint="'--game-index'") from None
    except KifuError as error:
        raise RecordFailure(error, path, source.text) from None
    error = loaded.error()
    if error is not None:
        raise RecordFailure(error, loaded.name, source.text)
    for found in loaded.findings:  # what reading repaired or guessed, on standard error
        if found.grade != PEDANTIC:
            for line in TextFormatter().diagnostic(Diagnostic.from_error(found, loaded.name,
                                                                         source.text)):
                click.echo(line, err=True)
    if loaded.games > 1 and game_index is None and not every_game:
        click.echo(f"{printable(path)} holds {loaded.games} games; this is the first "
                   "(--game-index N picks another)", err=True)
    return loaded


def _write_output(text: str, output: str | None) -> None:
    if output is None or output == "-":
        click.echo(text, nl=False)
        return
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as error:
        raise ReadError(f"cannot write {output}: {error.strerror or error}") from None


# -- commands -------------------------------------------------------------------------------

@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="kifu")
def main() -> None:
    """Validate, convert and draw game records (kifu); 'kifu games' lists the games."""


@main.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(allow_dash=True))
@input_options
@click.option("--format", "-f", "fmt", type=click.Choice(sorted(FORMATTERS)), default="text",
              show_default=True, help="How to print diagnostics.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Processes to validate with (default: all cores).")
@lenient_option
@click.option("--pedantic", is_flag=True, help="Also report findings that cost nothing (an "
              "SGF property kifu does not know, a date not in SGF's form), as warnings.")
@click.option("--quiet", "-q", is_flag=True, help="No summary table and no progress bar.")
@click.option("--verbose", "-v", is_flag=True, help="Name every file checked, legal or not.")
def validate(paths: tuple[str, ...], game: str | None, encoding: str | None, fmt: str,
             jobs: int | None, lenient: bool, pedantic: bool, quiet: bool, verbose: bool) -> None:
    """Check that records replay legally; exit 1 if any does not.

    PATHS are files, folders (searched recursively for known suffixes) or - for standard input.
    """
    try:
        files = find_files(paths)
    except KifuError as error:
        raise click.UsageError(error.message) from None
    if not files:
        raise click.UsageError("no record files found in " + ", ".join(paths))
    formatter = make_formatter(fmt, color=sys.stdout.isatty(), verbose=verbose)
    summary = Summary()
    options = Options(encoding=encoding, game=game, lenient=lenient, pedantic=pedantic)
    reports = check_files(files, options, jobs)
    show_progress = not quiet and _stderr_is_terminal() and len(files) >= PROGRESS_FROM
    begin = formatter.begin()
    if begin:
        click.echo(begin)
    with click.progressbar(reports, length=len(files), file=sys.stderr, label="validating",
                           hidden=not show_progress) as bar:
        for file_reports in bar:
            for report in file_reports:
                summary.add(report)
                text = formatter.file(report)
                if text:
                    click.echo(text)
    end = formatter.end()
    if end:
        click.echo(end)
    if not quiet:
        click.echo(summary.table(), err=True)
    sys.exit(EXIT_OK if summary.total.errors == 0 else EXIT_INVALID)


@main.command()
@record_argument
@input_options
@click.option("--to", "-t", "target", default="native", show_default=True, metavar="FORMAT",
              help="native, json, or a format of the game (see 'kifu games').")
@click.option("--dialect", "-d", metavar="NAME[,NAME]", help="A dialect of the native "
              "notation; several, comma-separated, are applied in turn.")
@click.option("--output", "-o", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write here instead of standard output.")
@game_index_option
@click.option("--lenient", is_flag=True, help="Write a file whose reading lost information "
              "(a truncated SGF, say) as repaired, each repair listed, instead of refusing it.")
@handle_errors
def convert(record: str, game: str | None, encoding: str | None, target: str,
            dialect: str | None, output: str | None, game_index: int | None,
            lenient: bool) -> None:
    """Write a record in another notation, as JSON, or as SGF.

    SGF to SGF keeps every property, node and comment, repaired where reading repaired it
    (every repair is listed on standard error), and every game of a collection unless
    --game-index picks one.
    """
    loaded = _load(record, encoding, game, game_index, lenient, every_game=True)
    for name in (dialect or "").split(","):
        if dialect is not None and name not in loaded.game.dialects:
            offered = ", ".join(loaded.game.dialects) or "none"
            raise ConversionError(f"{loaded.game.name} has no dialect {name!r} (it has {offered})")
    if dialect is not None and target != registry.NATIVE:
        raise ConversionError("--dialect applies to --to native only")
    text = rewrite(loaded.game, loaded.fmt, loaded.documents) if target == loaded.fmt else None
    if text is None:
        if len(loaded.documents) > 1:
            raise click.UsageError(f"{record} holds {loaded.games} games; convert one with "
                                   "--game-index N, or all of them --to sgf")
        text = dump(loaded.game, loaded.record, target, dialect)
    _write_output(text, output)


def replay_to(loaded: Loaded, move: int | None, path: tuple[int, ...] = (),
              lenient: bool = False) -> tuple[Any, Step | None]:
    """The position after move ``move`` of a line (the last move when ``None``)."""
    game, record = loaded.game, loaded.record
    try:
        record.line(path)
    except ValueError as error:
        raise ConversionError(str(error)) from None
    position, last, played = game.start(record), None, 0
    if move == 0:
        return position, None
    try:
        for step in game.replay(record, lenient=lenient, path=path):
            position, last = step.position, step
            if step.number is not None:
                played = step.number
                if step.number == move:
                    break
    except KifuError as error:
        raise RecordFailure(error, loaded.name or loaded.source.path, loaded.source.text) from None
    if move is not None and move > played:
        raise ConversionError(f"the record has {played} moves; there is no move {move}")
    return position, last


@main.command()
@record_argument
@input_options
@click.option("--move", "-m", type=click.IntRange(min=0), help="Draw the position after this "
              "move (0: the start; default: the last move).")
@click.option("--format", "-f", "fmt", type=click.Choice(["svg", "text"]), default="svg",
              show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write here instead of standard output.")
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
@game_index_option
@handle_errors
def render(record: str, game: str | None, encoding: str | None, move: int | None, fmt: str,
           output: str | None, flip: bool, size: int | None, no_coords: bool, last_move: bool,
           numbers: bool, extras: tuple[str, ...], path: tuple[int, ...], lenient: bool,
           game_index: int | None) -> None:
    """Draw the position after a move as SVG or text."""
    loaded = _load(record, encoding, game, game_index, lenient)
    options = RenderOptions(size=size, flip=flip, coords=not no_coords, last_move=last_move,
                            numbers=numbers, extras=_extras(loaded.game, extras))
    position, _ = replay_to(loaded, move, path, lenient)
    if fmt == "svg":
        text = loaded.game.render_svg(position, options, loaded.record)
    else:
        text = loaded.game.render_text(position, options)
    _write_output(text, output)


def _extras(game: Game, items: tuple[str, ...]) -> dict[str, str]:
    extras = {}
    for item in items:
        name, _, value = item.partition("=")
        if name not in game.render_options:
            offered = ", ".join(game.render_options) or "none"
            raise ConversionError(f"{game.name} has no drawing option {name!r} (it has {offered})")
        extras[name] = value or "yes"
    return extras


@main.command()
@record_argument
@input_options
@click.option("--move", "-m", type=click.IntRange(min=0), help="Show the position after this move.")
@click.option("--format", "-f", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text: tables and a diagram; json: the whole replay, move "
              "by move.")
@click.option("--variations", is_flag=True, help="With --format json: replay every variation too.")
@variation_option
@lenient_option
@game_index_option
@handle_errors
def show(record: str, game: str | None, encoding: str | None, move: int | None,
         fmt: str, variations: bool, path: tuple[int, ...], lenient: bool,
         game_index: int | None) -> None:
    """Headers, result, moves and the final position of a record."""
    loaded = _load(record, encoding, game, game_index, lenient)
    if fmt == "json":
        document = replay_json(loaded.game, loaded.record, variations=variations, lenient=lenient)
        click.echo(json.dumps(document, ensure_ascii=False, indent=1))
        return
    position, last = replay_to(loaded, move, path, lenient)
    rec, g = loaded.record, loaded.game
    rows = [(key, value) for key, value in rec.headers.items()]
    rows.append(("rules", g.title))
    outcome = g.outcome(position)
    rows.append(("outcome", outcome.describe() if outcome else "not decided"))
    if last is not None:
        rows.append(("last move", g.move_text(last.node.move)))
    rows.extend(g.summary(position))
    click.echo(tabulate([(printable(k), printable(v)) for k, v in rows], tablefmt="plain"))
    if rec.comments:
        click.echo()
        for line in "\n".join(rec.comments).split("\n"):
            click.echo(printable(line))
    click.echo()
    click.echo(g.render_text(position, RenderOptions()), nl=False)


@main.command("games")
def games_command() -> None:
    """The games kifu knows, their file suffixes, formats, dialects and drawing options."""
    rows = []
    for game in registry.games().values():
        formats = ", ".join(["native", "json", *game.formats()])
        rows.append([game.name, game.title, " ".join(game.suffixes), formats,
                     ", ".join(game.dialects) or "-", ", ".join(game.render_options) or "-"])
    click.echo(tabulate(rows, headers=["game", "title", "suffixes", "formats", "dialects",
                                       "render options (-O)"]))
    for name, problem in registry.broken().items():
        click.echo(f"warning: the game package {name!r} failed to load: {printable(problem)}",
                   err=True)


for _game in registry.games().values():
    for _command in _game.commands():
        main.add_command(_command)
