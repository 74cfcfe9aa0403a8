"""``kifu validate``'s common invocation read without click: ``kifu validate [-q] [--jobs N]
PATHS`` (a pre-commit hook, CI, an editor), which pays for importing click and building the
command line about a sixth of its time on a folder of a few hundred records.

click's command (:mod:`kifu.commands.validate`) stays the one definition of the options: this
reading takes only what :data:`ACCEPTED` names (``tests/commands/test_plain_validate.py`` holds
them to the click command's own), reads them as click does, and runs the same body
(:mod:`kifu.commands.checking`).  Whatever else is on the command line (help, another option,
an option's value click would read differently, ``-`` or ``--``), and whatever would end the
run before a record is checked (a path that does not exist, a settings file kifu cannot use,
no record found), goes to click unread, as if this reading were not
there; it prints nothing before deciding so.  What a run prints is printed as click's
``echo`` prints it (:func:`_print`).
"""
from __future__ import annotations

import gc
import re
import signal
import sys
from typing import TextIO

#: The options read here: the option strings click's command gives each (their own
#: parameter's name), and whether it takes a value.
ACCEPTED = {"-q": ("quiet", False), "--quiet": ("quiet", False),
            "-j": ("jobs", True), "--jobs": ("jobs", True)}
#: A value of ``--jobs`` read as click's ``IntRange(min=1)`` reads it, whatever the cores: a
#: count written plainly (click also reads ``+2``, `` 2``, ``0x2``... and says what it
#: makes of a bad one: those go to click).
_JOBS = re.compile(r"[1-9][0-9]{0,5}")


def read(args: list[str]) -> tuple[tuple[str, ...], bool, int | None] | None:
    """The paths, ``--quiet`` and ``--jobs`` of ``kifu validate ARGS``, or ``None`` for a
    command line this reading leaves to click."""
    paths: list[str] = []
    quiet, jobs = False, None
    given = iter(args)
    for arg in given:
        if not arg.startswith("-"):
            paths.append(arg)
            continue
        name, equals, value = arg.partition("=") if arg.startswith("--") else (
            arg[:2], bool(arg[2:]), arg[2:])
        option = ACCEPTED.get(name)
        if option is None:
            return None
        if not option[1]:
            if equals:  # -qj2, --quiet=1
                return None
            quiet = True
            continue
        if not equals:
            value = next(given, "")
        if jobs is not None or not _JOBS.fullmatch(value):
            return None
        jobs = int(value)
    return (tuple(paths), quiet, jobs) if paths else None


def validate(args: list[str]) -> None:
    """Run ``kifu validate ARGS`` and exit, if this reading reads ``ARGS``; return otherwise,
    having printed nothing, for click to read them."""
    read_as = read(args)
    if read_as is None:
        return
    paths, quiet, jobs = read_as
    from kifu.commands import settings
    from kifu.commands.checking import NoRecords, check_files, close, jobs_within, progress
    from kifu.reading.walk import missing
    from kifu.run.validate import Options

    if missing(paths):
        return
    try:
        found = settings.find()
        table = settings.read(found, settings.RuleNames()) if found is not None else None
    except settings.SettingsError:
        return
    from kifu.report.text import TextFormatter
    from kifu.run.progress import is_terminal
    from kifu.run.tasks import Stopped, stop_on

    pedantic = bool(table is not None and table.pedantic)
    options = Options(pedantic=pedantic, rules=settings.rules_of((), (), table))
    # as the command line's group does before its command: see kifu.commands.cli.main
    if signal.getsignal(signal.SIGTERM) is not signal.SIG_IGN:
        signal.signal(signal.SIGTERM, stop_on)
    gc.freeze()
    gc.enable()
    try:
        summary = check_files(paths, options, TextFormatter(color=is_terminal(sys.stdout)),
                              records_only=False, jobs=jobs_within(jobs, _say),
                              scheduler=None, shard=None, echo=_echo,
                              progress=progress(paths, "validating", quiet, None,
                                                is_terminal(sys.stderr)))
        status = close(summary, paths, None, quiet, _say)
    except NoRecords:  # nothing printed yet: click says so, as a usage error
        gc.disable()
        return
    except (KeyboardInterrupt, Stopped, Exception) as error:  # noqa: BLE001 - as the group ends them
        from kifu.commands.cli import failed

        failed(error, sys.exit)
    sys.exit(status)


def _echo(text: str) -> None:
    """``text`` printed as the click command prints it (``console.echo``: nothing if empty)."""
    if text:
        _print(text, sys.stdout)


def _say(words: str) -> None:
    """``words`` on standard error, as the click command says them."""
    _print(words, sys.stderr)


def _print(text: str, stream: TextIO) -> None:
    """``text`` and a line end on ``stream`` as ``click.echo`` prints them: written and flushed
    as they are on a stream in UTF-8 that is not a terminal (where click changes nothing of
    a text without colour codes), by ``click.echo`` itself anywhere else (importing click
    costs a run about a fifth of its time)."""
    if ("\x1b" in text or stream is None or stream.isatty()
            or getattr(stream, "encoding", None) not in ("utf-8", "UTF-8", "utf8")):
        import click

        click.echo(text, err=stream is sys.stderr)
        return
    stream.write(text + "\n")
    stream.flush()
