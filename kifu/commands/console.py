"""How commands print and how they fail: diagnostics on standard error, output to a file or
standard output, the progress line and the summary that ends a run.

Every kifu error that escapes a command becomes a located message and its exit status
(:func:`handle_errors`); an error about the record quotes the record's line
(:class:`RecordFailure`), one about an option is a usage error.
"""
from __future__ import annotations

import contextlib
import functools
import os
import sys
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from kifu.base.diagnostics import Diagnostic
from kifu.base.errors import GameIndexError, KifuError, OptionError
from kifu.base.record import ReadOptions
from kifu.base.rules import EVERY, Rules
from kifu.base.unsafe import printable, safe_lines
from kifu.commands import checking
from kifu.commands.options import F
from kifu.plugin import Console
from kifu.reading.source import STDIN
from kifu.reading.walk import Shard, missing
from kifu.report.text import Summary, TextFormatter
from kifu.run.progress import Progress, WorkProgress, is_terminal
from kifu.run.sources import read_file

if TYPE_CHECKING:
    from kifu.run.load import Loaded

T = TypeVar("T")


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
            fail(failure.error, failure.path, failure.text)
        except KifuError as error:
            fail(error, "kifu", None)

    return wrapper  # type: ignore[return-value]


def fail(error: KifuError, path: str, text: str | None) -> NoReturn:
    """Print ``error`` as a diagnostic and end the command with its exit status."""
    diag = Diagnostic.from_error(error, path, text)
    print_diagnostics([diag])
    sys.exit(diag.exit_status)


def as_usage(results: Iterator[T]) -> Iterator[T]:
    """A stream of results whose set-up may fail on an option (an unreachable scheduler)."""
    try:
        yield from results
    except OptionError as error:
        raise click.BadParameter(error.message, param_hint=f"'{error.option}'") from None


# -- printing -------------------------------------------------------------------------------

def print_diagnostics(diagnostics: Iterable[Diagnostic]) -> None:
    """Diagnostics on standard error, as ``kifu validate`` prints them (coloured on a
    terminal)."""
    formatter = TextFormatter(color=stderr_is_terminal())
    for diag in diagnostics:
        for line in formatter.diagnostic(diag):
            click.echo(line, err=True)


def stderr_is_terminal() -> bool:
    return is_terminal(sys.stderr)


def echo(text: str) -> None:
    """Print ``text`` unless it is empty (a formatter with nothing to say)."""
    if text:
        click.echo(text)


def write_output(text: str | Iterable[str], output: str | None, *, binary: bool = False) -> None:
    """Write ``text`` (a string, or pieces to write one after the other) to ``output``
    (atomically) or to standard output, where a terminal gets what a record holds escaped;
    ``binary``: ``text`` is bytes, one character each (a binary format's), written as they are
    and never to a terminal.

    Pieces are all taken before the first is printed (:func:`kifu.run.outputs.spooled`): what
    stops them half-way (an output refused as too large) leaves standard output untouched."""
    from kifu.run.outputs import spooled, write_atomic  # only commands that write need them

    if output is not None and output != STDIN:
        write_atomic(output, text, encoding="latin-1" if binary else "utf-8")
        return
    terminal = sys.stdout.isatty()
    if binary and terminal:
        raise click.UsageError("the output is binary; write it to a file with -o FILE")
    pieces = spooled(text)
    sys.stdout.flush()
    for piece in [pieces] if isinstance(pieces, str) else pieces:
        if binary:
            sys.stdout.buffer.write(piece.encode("latin-1"))
        elif terminal:
            click.echo(safe_lines(piece), nl=False)
        else:  # exactly as made: click would strip what looks like colour codes
            click.echo(piece, nl=False, color=True)
    if binary:
        sys.stdout.buffer.flush()


class TextConsole(Console):
    """The console games' own commands print through: diagnostics as ``validate`` prints them,
    on standard error."""

    def problems(self, problems: Iterable[KifuError], path: str, text: str | None) -> None:
        print_diagnostics(Diagnostic.from_error(problem, path, text) for problem in problems)

    def write(self, path: str, text: str) -> None:
        from kifu.run.outputs import write_atomic  # only commands that write need it

        write_atomic(path, text)


# -- reading one record ---------------------------------------------------------------------

def load_record(path: str, encoding: str | None, game: str | None,
                read_options: ReadOptions | None = None, game_index: int | None = None,
                lenient: bool = False, every_game: bool = False,
                format_in: str | None = None, rules: Rules = EVERY,
                pedantic: bool = False) -> Loaded:
    """One record of ``path`` (``game_index`` picks a game of a collection), what reading it
    repaired or guessed reported on standard error (the findings of ``rules``, notes with
    ``pedantic``); an error in reading it is raised, whatever the rules."""
    try:
        source = read_file(path, encoding, game, format_in)
    except KifuError as error:
        raise RecordFailure(error, path, None) from None
    from kifu.run.load import load_source  # parsing: validating records needs it for few

    try:
        loaded = load_source(source, game, read_options, game_index=game_index,
                             lenient=lenient, every_game=every_game, format_name=format_in)
    except GameIndexError as error:
        raise click.BadParameter(error.message, param_hint="'--game-index'") from None
    except KifuError as error:
        raise RecordFailure(error, path, source.text) from None
    failed = loaded.error()
    if failed is not None:
        raise RecordFailure(failed, loaded.name, source.text)
    print_diagnostics(Diagnostic.from_error(found, loaded.name, source.text)
                      for found in rules.keep(loaded.findings, pedantic))
    if loaded.games > 1 and game_index is None and not every_game:
        click.echo(f"{printable(path)} holds {loaded.games} games; this is the first "
                   "(--game-index N picks another)", err=True)
    return loaded


def one_record(records: tuple[str, ...], output: str | None,
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


# -- runs over many files -------------------------------------------------------------------

def check_paths(paths: Iterable[str]) -> None:
    """A usage error for the first path named on the command line that does not exist."""
    absent = missing(paths)
    if absent:
        raise click.UsageError(f"{absent[0]}: no such file or folder")


def progress(paths: tuple[str, ...], label: str, quiet: bool, shard: Shard | None,
             skip: Iterable[str] = ()) -> Progress | None:
    """The progress line of a run, on a terminal only and unless ``quiet``."""
    return checking.progress(paths, label, quiet, shard, stderr_is_terminal(), skip)


def work_progress(label: str, unit: str, quiet: bool = False) -> WorkProgress | None:
    """The progress line of one long piece of work (it shows only past two seconds), on a
    terminal only and unless ``quiet``."""
    if quiet or not stderr_is_terminal():
        return None
    return WorkProgress(sys.stderr, label, unit)


def close_run(summary: Summary, paths: tuple[str, ...], shard: Shard | None,
              quiet: bool) -> NoReturn:
    """End a run over files: the summary table (unless ``quiet``) and the run's exit status;
    a run that found no record at all is a usage error."""
    try:
        status = checking.close(summary, paths, shard, quiet,
                                lambda words: click.echo(words, err=True))
    except checking.NoRecords as error:
        raise click.UsageError(str(error)) from None
    sys.exit(status)
