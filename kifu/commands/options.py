"""The options several commands take, as decorators, with the checks click runs on them."""
from __future__ import annotations

import functools
import os
from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

import click

from kifu.base import exitcodes
from kifu.base.errors import KifuError
from kifu.base.record import ReadOptions, variation_path
from kifu.plugin import registry
from kifu.reading.walk import Shard

F = TypeVar("F", bound=Callable[..., Any])


def _check_encoding(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    from kifu.reading.source import check_encoding_name

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


def _check_format_in(ctx: click.Context, param: click.Parameter,
                     value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return registry.check_format_name(value)
    except KifuError as error:
        raise click.BadParameter(error.message) from None


def input_options(command: F) -> F:
    """``--game``, ``--format-in`` and ``--encoding``, for every command that reads a record;
    a ``--format-in`` the ``--game`` does not have is a usage error before anything is read."""
    checked = _checking_game_and_format(command)
    command = click.option("--format-in", "format_in", callback=_check_format_in,
                           metavar="FORMAT",
                           help="The format of the input (native, json, sgf, or another of "
                                "'kifu games'), instead of telling it from the content and "
                                "suffix.")(checked)
    command = click.option("--encoding", callback=_check_encoding, metavar="NAME",
                           help="Decode input with this encoding (any Python text codec name, e.g. "
                                "cp932, gb18030, euc-kr) instead of detecting it (a BOM, SGF's "
                                "CA[], UTF-8, then a guess from the text).")(command)
    command = click.option("--game", "-g", callback=_check_game, metavar="GAME",
                           help="The game, when neither a 'Game:' header nor the suffix tells.")(command)
    return command


def _checking_game_and_format(command: F) -> F:
    @functools.wraps(command)
    def checked(*args: Any, **kwargs: Any) -> Any:
        game, format_in = kwargs.get("game"), kwargs.get("format_in")
        if game is not None and format_in is not None:
            try:
                registry.check_format_name(format_in, game)
            except KifuError as error:
                raise click.BadParameter(error.message, param_hint="'--format-in'") from None
        return command(*args, **kwargs)

    return checked  # type: ignore[return-value]


def boards_option(command: F) -> F:
    """``--boards DIR``: folders whose files records may refer to, besides their own folder
    (see ``kifu.reading.access``); passed to games as ``Record.read_options``."""
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
        return variation_path(value)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None


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


def _jobs(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
    from kifu.commands.checking import jobs_within

    return jobs_within(value, lambda words: click.echo(words, err=True))


def _jobs_option() -> Callable[[F], F]:
    return click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, callback=_jobs,
                        help="Processes to work with (default and most: all cores).")


def _scheduler_option() -> Callable[[F], F]:
    return click.option("--scheduler", metavar="ADDRESS",
                        help="Run on the Dask cluster of this scheduler (tcp://host:8786); needs "
                             "kifu's dask extra.")


def run_options(command: F) -> F:
    """Where and how a run over many files goes: ``--jobs``, ``--scheduler``, ``--shard``,
    ``--quiet``."""
    for decorator in reversed([
        _jobs_option(),
        _scheduler_option(),
        click.option("--shard", callback=_shard, metavar="I/N",
                     help="Only part I of N of the files (by a hash of each path), to split a "
                          "run across CI jobs."),
        click.option("--quiet", "-q", is_flag=True, help="No summary table and no progress line."),
    ]):
        command = decorator(command)
    return command


def work_options(command: F) -> F:
    """``--jobs`` and ``--scheduler``: where the files of a run are read."""
    return _jobs_option()(_scheduler_option()(command))


#: The header filters of ``kifu search``, ``stats`` and ``dedupe``: option -> its help.
FILTERS = {
    "player": "Records where a player's name holds TEXT (any player, any case).",
    "event": "Records whose event holds TEXT.",
    "date": "Records whose date starts with TEXT (2019, 2019-05), or in a range FROM..TO "
            "(either end may be left out).",
    "result": "Records won by this side (black, white...), drawn (draw), or whose result holds "
              "TEXT (B+R).",
    "rule": "Records whose rule holds TEXT.",
    "opening": "Records whose opening holds TEXT (Renju's openings are named from the stones).",
    "game": "Records of this game (a name or an alias).",
}


def filter_options(command: F) -> F:
    """The header filters, gathered into one ``filters`` (a
    :class:`kifu.corpus.reader.Filters`) for the command."""

    @functools.wraps(command)
    def gathered(*args: Any, **kwargs: Any) -> Any:
        from kifu.corpus.reader import Filters

        values = {name: kwargs.pop(f"filter_{name}") for name in FILTERS}
        return command(*args, filters=Filters(**values), **kwargs)

    for name in reversed(list(FILTERS)):
        callback = _check_game if name == "game" else None
        gathered = click.option(f"--{name}", f"filter_{name}", metavar="TEXT" if name != "game"
                                else "GAME", callback=callback, help=FILTERS[name])(gathered)
    return gathered  # type: ignore[return-value]


class OutputPath(click.Path):
    """A path kifu writes (``-o``, ``--output-dir``): an empty or blank name is a usage error
    (it named the current folder or a file's folder by accident), and so is a file's name
    spelled as a folder's (``out/``)."""

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        if isinstance(value, str):
            if not value.strip():
                what = "file" if self.file_okay else "folder"
                self.fail(f"an output {what} must be named (it is empty)", param, ctx)
            if not self.dir_okay and value != "-" and value.endswith(("/", os.sep)):
                self.fail(f"{value!r} names a folder; name a file", param, ctx)
        return super().convert(value, param, ctx)


def output_dir_option(command: F) -> F:
    return click.option("--output-dir", "output_dir", type=OutputPath(file_okay=False),
                        help="Write one file per record here, keeping each record's path "
                             "below the folder it was found in.")(command)


def drawing_options(command: F) -> F:
    """The drawing options every game has, made from the fields of
    :class:`~kifu.plugin.RenderOptions` (one definition for the command line and the library):
    the command is called with them gathered into one ``options``."""
    # imported by the commands that draw: validating a record makes no drawing option
    from kifu.plugin.values import SIZES, RenderOptions

    @functools.wraps(command)
    def gathered(*args: Any, **kwargs: Any) -> Any:
        values = {name: kwargs.pop(name) for name in RenderOptions.common()}
        return command(*args, options=RenderOptions(**values), **kwargs)

    for spec in reversed(fields(RenderOptions)):
        if spec.name == "extras":
            continue
        flag = spec.metadata.get("flag", "--" + spec.name.replace("_", "-"))
        if "int" in str(spec.type):
            values = spec.metadata.get("values", SIZES)
            given = spec.default
            option = click.option(flag, spec.name, type=click.IntRange(values.start,
                                                                       values.stop - 1),
                                  default=given, show_default=given is not None,
                                  help=spec.metadata["help"])
        elif "/" in flag:
            option = click.option(flag, spec.name, default=spec.default, show_default=True,
                                  help=spec.metadata["help"])
        else:
            option = click.option(flag, spec.name, is_flag=True, default=spec.default,
                                  help=spec.metadata["help"])
        gathered = option(gathered)
    return gathered  # type: ignore[return-value]


class SettingsProblem(click.ClickException):
    """A settings file kifu cannot use (:class:`kifu.commands.settings.SettingsError`): a usage
    error (exit status 2), said against the file."""

    exit_code = exitcodes.USAGE


def findings_options(command: F) -> F:
    """``--select``, ``--ignore``, ``--pedantic``, ``--config`` and ``--isolated``, for every
    command that reports findings: gathered, with the ``[tool.kifu]`` table of the
    ``pyproject.toml`` found from the working folder (:mod:`kifu.commands.settings`), into the
    ``rules`` (a :class:`kifu.base.rules.Rules`) and ``pedantic`` the command is called with."""

    @functools.wraps(command)
    def gathered(*args: Any, **kwargs: Any) -> Any:
        from kifu.base.rules import split, unknown
        from kifu.commands import settings

        select, ignore = split(kwargs.pop("select")), split(kwargs.pop("ignore"))
        config, isolated, pedantic = kwargs.pop("config"), kwargs.pop("isolated"), \
            kwargs.pop("pedantic")
        known = settings.RuleNames()
        for option, names in (("--select", select), ("--ignore", ignore)):
            problems = unknown(names, known)
            if problems:
                raise click.BadParameter("; ".join(problems), param_hint=f"'{option}'")
        if config is not None and isolated:
            raise click.UsageError("--config names the settings to read, --isolated reads "
                                   "none: give one of them")
        try:
            found = None if isolated else config if config is not None else settings.find()
            table = settings.read(found, known) if found is not None else None
        except settings.SettingsError as error:
            raise SettingsProblem(error.message) from None
        if pedantic is None:
            pedantic = bool(table is not None and table.pedantic)
        return command(*args, rules=settings.rules_of(select, ignore, table),
                       pedantic=pedantic, **kwargs)

    for decorator in reversed([
        click.option("--select", multiple=True, metavar="RULE[,RULE]",
                     help="Report only findings of these rules or codes (ALL: every one); "
                          "may be given more than once."),
        click.option("--ignore", multiple=True, metavar="RULE[,RULE]",
                     help="Report no finding of these rules or codes: neither printed nor "
                          "counted, and no exit status; may be given more than once."),
        click.option("--pedantic/--no-pedantic", default=None,
                     help="Also report notes: what breaks a format's rule but changes nothing "
                          "a player sees (an SGF property given twice and merged, an unknown "
                          "property)."),
        click.option("--config", type=click.Path(exists=True, dir_okay=False), metavar="FILE",
                     help="Read the [tool.kifu] table of FILE instead of the pyproject.toml "
                          "found from the working folder up."),
        click.option("--isolated", is_flag=True, help="Read no pyproject.toml."),
    ]):
        gathered = decorator(gathered)
    return gathered  # type: ignore[return-value]
