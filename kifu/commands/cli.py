"""The ``kifu`` command line: the command group, whose commands are thin layers over the
library, each in a module of its own (:mod:`kifu.commands`).

Commands call the library and hand its answers to a formatter (:mod:`kifu.report.text`,
:mod:`kifu.report.formats`).  Exit statuses follow the one convention of :mod:`kifu.base.exitcodes`:
every kifu error becomes a located message and its status, an option the record cannot satisfy
is a usage error, and a failure of kifu itself is reported as one (exit 2), never a traceback.

A command's module is imported only when the command runs or its own help is asked for, and a
game only when a record of it is read, so that ``kifu validate`` of one record pays for
reading that record and little else.
"""
from __future__ import annotations

import contextlib
import gc
import importlib
import os
import signal
import sys
from collections.abc import Callable
from typing import Any, NoReturn

import click

from kifu.base import exitcodes
from kifu.base.unsafe import printable
from kifu.base.version import __version__
from kifu.plugin import registry
from kifu.run.tasks import STOPPING, Stopped, stop_on

#: The exit statuses, as :mod:`kifu.base.exitcodes` defines them.
EXIT_OK = exitcodes.OK
EXIT_INVALID = exitcodes.INVALID
EXIT_USAGE = exitcodes.USAGE

#: kifu's own commands: the module of :mod:`kifu.commands` that defines each (a click command
#: of the command's name).
COMMANDS = ("convert", "dedupe", "games", "index", "render", "search", "serve", "show",
            "stats", "validate")


class KifuGroup(click.Group):
    """The command group: commands loaded when used, and a failure inside kifu itself ends a
    command with a message that asks for a bug report and exit status 2, never a traceback.

    The commands games bring (``kifu board``) are known from the games' cards, and a game is
    loaded only when one of its commands runs, never to list them.
    """

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*COMMANDS, *registry.commands()})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS:
            return _own_command(cmd_name)
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
            if name in COMMANDS:
                command: click.Command = _own_command(name)
            else:  # its help as the card gives it
                command = click.Command(name, help=brought[name].commands[name])
            if not command.hidden:
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
            error.message = printable(error.message)  # type: ignore[misc]  # click's Final
            raise
        except (click.exceptions.Exit, click.exceptions.Abort):
            raise
        except (KeyboardInterrupt, Stopped, Exception) as error:  # noqa: BLE001 - the last line of defence
            failed(error, ctx.exit)


def failed(error: BaseException, end: Callable[[int], NoReturn]) -> NoReturn:
    """End a command that ``error`` stopped (``end`` exits with a status): a signal, a reader
    that stopped reading, or a failure of kifu itself, as a message and its status, never a
    traceback.  (Also the end of ``kifu validate``'s plain reading: :mod:`kifu.commands.plain`.)"""
    if isinstance(error, KeyboardInterrupt | Stopped):
        # Ctrl-C or SIGTERM: the workers stop, every temporary file was removed on the way
        # out (finally blocks), and the status says which signal ended the run.  A second
        # signal is let be from here on: Ctrl-C reaches every process of the group, and
        # one raised while the workers stop or the interpreter ends would go unhandled and
        # end kifu by the signal itself, without its status.
        for again in STOPPING:
            signal.signal(again, signal.SIG_IGN)
        from kifu.run.runner import stop_all

        stop_all()
        signum = error.signum if isinstance(error, Stopped) else signal.SIGINT
        click.echo(f"kifu: stopped by {signal.Signals(signum).name}", err=True)
        # Ended here, not through the interpreter's finalisation: what had to be done on
        # the way out is done (files removed, workers stopped and waited for), and a signal
        # met during finalisation would end kifu by the signal itself after saying so
        # (status -2, where the run must end with 130).
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        os._exit(128 + signum)
    if isinstance(error, BrokenPipeError):
        # The reader stopped reading (``| head``): stop the workers, say nothing more, and
        # keep Python from complaining when it flushes standard output on the way out.
        from kifu.run.runner import stop_all

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        stop_all()
        end(exitcodes.PIPE_CLOSED)
    if not isinstance(error, Exception):  # what is not kifu's to end goes on
        raise error
    from kifu.base.diagnostics import Diagnostic
    from kifu.commands.console import print_diagnostics
    from kifu.run.tasks import describe_fault

    print_diagnostics([Diagnostic.internal("kifu", describe_fault(error))])
    end(EXIT_USAGE)


def _own_command(name: str) -> click.Command:
    command = getattr(importlib.import_module(f"kifu.commands.{name}"), name)
    assert isinstance(command, click.Command)
    return command


def _show_version(ctx: click.Context, _: click.Parameter, value: bool) -> None:
    """``--version``: kifu's version, and which core runs (compiled or pure Python)."""
    if not value or ctx.resilient_parsing:
        return
    from kifu.base.native import core_lines
    from kifu.corpus.checks import PACKING, PACKING_WORK

    compiled = [(module, card.name, what) for card in registry.cards()
                for module, what in card.compiled.items()]
    compiled.append((PACKING, "index packing", PACKING_WORK))
    click.echo("\n".join([f"kifu, version {__version__}", *core_lines(compiled)]))
    ctx.exit()


@click.group(cls=KifuGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=_show_version, help="Show the version and which core runs, and exit.")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Validate, convert, draw and search game records (kifu); 'kifu games' lists the games.

    Exit status: 0 all is well; 1 a record is not legal or not a usable record; 2 a usage
    error, an unreadable file, an unknown game, output that cannot be written, an index or a
    pattern kifu cannot use, or an internal error.
    """
    from kifu.commands.console import TextConsole

    ctx.obj = TextConsole()
    if signal.getsignal(signal.SIGTERM) is not signal.SIG_IGN:  # kifu started with it ignored
        signal.signal(signal.SIGTERM, stop_on)                   # keeps it so, as SIGINT
    # What start-up made (modules, classes, click's objects) lives as long as the process: the
    # cycle collector need not walk it again each time a batch of records has been checked.
    # It is on again from here (``kifu`` and ``python -m kifu`` start with it off: see
    # kifu.__main__); the command's module is loaded by now.
    gc.freeze()
    gc.enable()
