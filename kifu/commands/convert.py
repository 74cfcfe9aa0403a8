"""``kifu convert``: write records in another notation, as JSON, or as SGF."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import NoReturn

import click

from kifu.base.diagnostics import Diagnostic
from kifu.base.errors import KifuError
from kifu.base.record import ReadOptions
from kifu.base.rules import Rules
from kifu.commands import console
from kifu.commands.console import handle_errors, quoting
from kifu.commands.options import (
    OutputPath,
    boards_option,
    findings_options,
    game_index_option,
    input_options,
    output_dir_option,
    records_argument,
    run_options,
)
from kifu.plugin import registry
from kifu.reading.source import STDIN
from kifu.reading.walk import Shard
from kifu.run.load import (
    Loaded,
    collection_pieces,
    collects,
    dump_pieces,
    leaves_out,
    reader,
    rewrite_pieces,
)
from kifu.run.outputs import refuse_inputs, relocate


@click.command()
@records_argument
@input_options
@boards_option
@click.option("--to", "-t", "target", default="native", show_default=True, metavar="FORMAT",
              help="native, json, or a format of the game (see 'kifu games').")
@click.option("--dialect", "-d", metavar="NAME[,NAME]", help="A dialect of the native "
              "notation; several, comma-separated, are applied in turn.")
@click.option("--output", "-o", type=OutputPath(dir_okay=False, allow_dash=True),
              help="Write here instead of standard output.")
@output_dir_option
@run_options
@game_index_option
@click.option("--lenient", is_flag=True, help="Write a record whose reading lost information "
              "(a truncated SGF, say) as repaired, each repair listed, instead of refusing it.")
@findings_options
@handle_errors
def convert(records: tuple[str, ...], game: str | None, format_in: str | None,
            encoding: str | None,
            read_options: ReadOptions, target: str, dialect: str | None, output: str | None,
            output_dir: str | None, jobs: int | None, scheduler: str | None,
            shard: Shard | None, quiet: bool, game_index: int | None, lenient: bool,
            rules: Rules, pedantic: bool) -> None:
    """Write records in another notation, as JSON, or as SGF.

    One RECORD goes to standard output or -o FILE; several, or folders, go into --output-dir.
    SGF to SGF keeps every property, node and comment (every game of a collection, unless
    --game-index picks one), repaired where reading repaired it, each repair listed on standard
    error.  A file of several games (a database, a PGN file) goes into SGF whole, a
    game after another; into a format of one game, pick one with --game-index.
    """
    if dialect is not None and target != registry.NATIVE:
        raise click.UsageError("--dialect applies to --to native only")
    record = console.one_record(records, output, output_dir)
    if record is None:
        assert output_dir is not None
        _convert_all(records, output_dir, encoding=encoding, game=game, format_in=format_in,
                     read_options=read_options, target=target, dialect=dialect, jobs=jobs,
                     scheduler=scheduler, shard=shard, quiet=quiet, rules=rules,
                     pedantic=pedantic)
    if output is not None:
        refuse_inputs(output, [record])
    loaded = console.load_record(record, encoding, game, read_options, game_index, lenient,
                                 every_game=True, format_in=format_in, rules=rules,
                                 pedantic=pedantic)
    warnings = []
    if output is not None and output != STDIN:
        warnings = relocate(loaded.game, loaded.record, record, output)
    whole = _collection(loaded, target, game_index)
    text = _converted(loaded, record, target, dialect, game_index, lenient, read_options,
                      warnings)
    if not whole and (target != loaded.fmt or len(loaded.documents) <= 1):
        warnings.extend(leaves_out(loaded.game, loaded.record, target))
    console.write_output(text, output, binary=_binary(loaded, target))
    console.print_diagnostics(Diagnostic.from_error(w, record, loaded.source.text)
                              for w in rules.keep(warnings, pedantic))


def _binary(loaded: Loaded, target: str) -> bool:
    """Whether ``target`` is a format of bytes (RenLib's, say)."""
    return reader(loaded.game, target).binary


def _collection(loaded: Loaded, target: str, game_index: int | None) -> bool:
    """Whether every game of a file of several is converted (none picked with --game-index)."""
    return game_index is None and (loaded.games > 1 or len(loaded.documents) > 1)


def _converted(loaded: Loaded, record: str, target: str, dialect: str | None,
               game_index: int | None, lenient: bool, read_options: ReadOptions,
               warnings: list[KifuError]) -> Iterator[str]:
    """The record in ``target``, a piece at a time: a collection rewritten as a whole into its
    own format, or written game after game into a format that holds several (SGF), else one
    record dumped.  What is wrong with the record, found before or while it is written, is
    reported with its text quoted; what each game's conversion leaves out is added to
    ``warnings``."""
    with quoting(loaded):
        pieces = rewrite_pieces(loaded.game, loaded.fmt, loaded.documents) \
            if target == loaded.fmt else None
        if pieces is None and _collection(loaded, target, game_index):
            if not collects(loaded.game, target):
                into = [name for name in registry.formats(loaded.game)
                        if collects(loaded.game, name)]
                whole = f", or all of them --to {' or '.join(into)}" if into else ""
                raise click.UsageError(f"{record} holds {loaded.games} games, and a {target} "
                                       f"file holds one; convert one with --game-index N{whole}")
            source = loaded.source
            loaded = replace(loaded, name=record)  # a fault is the file's, not its first game's
            pieces = collection_pieces(loaded.game, loaded.fmt, source.text, source.path,
                                       target, warnings, lenient=lenient, options=read_options)
        elif pieces is None:
            pieces = dump_pieces(loaded.game, loaded.record, target, dialect)
    return _quoted(loaded, pieces)


def _quoted(loaded: Loaded, pieces: Iterator[str]) -> Iterator[str]:
    with quoting(loaded):
        yield from pieces


def _convert_all(records: tuple[str, ...], output_dir: str, *, encoding: str | None,
                 game: str | None, format_in: str | None, read_options: ReadOptions,
                 target: str,
                 dialect: str | None, jobs: int | None, scheduler: str | None,
                 shard: Shard | None, quiet: bool, rules: Rules, pedantic: bool) -> NoReturn:
    """Convert every record found into ``output_dir``; ends the command."""
    from kifu.commands.output_folder import run_batch
    from kifu.run.output_folder import ConvertTask

    task = ConvertTask(encoding=encoding, game=game, format_in=format_in,
                       read_options=read_options,
                       target=target, dialect=dialect, rules=rules, pedantic=pedantic)
    summary = run_batch(task, records, output_dir, jobs=jobs, scheduler=scheduler,
                        shard=shard, quiet=quiet)
    console.close_run(summary, records, shard, quiet)
