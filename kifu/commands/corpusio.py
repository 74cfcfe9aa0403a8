"""What the corpus commands (``index``, ``search``, ``stats``, ``dedupe``) share: their
errors said against the index or the file they concern, with exit status 2, and the position
or pattern they are asked about read from the files named."""
from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NoReturn

import click

from kifu.base import exitcodes
from kifu.base.diagnostics import Diagnostic
from kifu.base.errors import KifuError, OptionError
from kifu.commands import console
from kifu.plugin import AnyGame

if TYPE_CHECKING:
    from kifu.corpus.patterns import Pattern


#: How the command line makes an index, and one anew over ``{path}``.
MAKE, REBUILD = "kifu index PATH... -o INDEX", "kifu index --rebuild PATH... -o {path}"


def fail(error: KifuError, path: str, text: str | None = None) -> NoReturn:
    """``error`` as a diagnostic located in ``path`` (quoting ``text``), and exit status 2:
    the command could not do what it was asked; an index it cannot use with the command that
    makes one."""
    from kifu.corpus.store import UnusableIndex, remedy

    if isinstance(error, UnusableIndex):
        error.message = remedy(error, MAKE, REBUILD)
    console.print_diagnostics([Diagnostic.from_error(error, path, text)])
    sys.exit(exitcodes.USAGE)


@contextlib.contextmanager
def corpus_errors(path: str) -> Iterator[None]:
    """Errors about the index said against its path."""
    try:
        yield
    except OptionError as error:
        raise _bad_option(error) from None
    except KifuError as error:
        fail(error, path)


def _bad_option(error: OptionError) -> click.BadParameter:
    """An option that names what is not there (``--position RECORD@99`` past the record's
    end): a usage error, said against the option."""
    return click.BadParameter(error.message, param_hint=f"'{error.option}'")


def position(spec: str) -> tuple[AnyGame, Any]:
    """The game and position ``--position RECORD[#GAME][@MOVE]`` names; a problem with the
    record is said against it, quoting it."""
    from kifu.corpus.query import parse_spec, position_of
    from kifu.reading.source import read_source

    try:
        game, found, _ = position_of(spec)
    except OptionError as error:
        raise _bad_option(error) from None
    except KifuError as error:
        path = parse_spec(spec).path
        try:
            text: str | None = read_source(path).text
        except KifuError:
            text = None
        fail(error, path, text)
    return game, found


def pattern(path: str) -> Pattern:
    """The pattern of the file ``path``; a problem is said against the file, quoting it."""
    from kifu.corpus.patterns import read_pattern
    from kifu.reading.source import read_source

    try:
        text = read_source(path).text
    except KifuError as error:
        fail(error, path)
    try:
        return read_pattern(text, path)
    except KifuError as error:
        fail(error, path, text)
