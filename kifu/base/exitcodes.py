"""The exit status of every ``kifu`` command: one convention, written down once.

* ``OK`` (0): everything checked is legal, or the command did its job.
* ``INVALID`` (1): at least one record is not legal or not a usable record (a syntax error, an
  illegal move, a wrong result, undecodable, empty or binary input).
* ``USAGE`` (2): kifu could not do what it was asked: a bad option, an unknown game, a file that
  cannot be read (named on the command line or found in a folder), output that cannot be
  written, a corpus index kifu cannot use or a pattern that is no pattern, or an internal
  error in kifu itself (a bug, reported per file).

* ``PIPE_CLOSED`` (141): the reader of kifu's output went away (``kifu show r | head``): kifu
  stops quietly, with the status a shell gives a command that SIGPIPE ended.
* ``INTERRUPTED`` (130) and ``TERMINATED`` (143): kifu was stopped by Ctrl-C (SIGINT) or by
  SIGTERM (a CI runner's timeout, ``kill``): its workers are stopped, no temporary file is left
  beside the outputs, and no index of a half-done batch is written.

A run over many files exits with the highest status any of its files earned, so that a file
kifu could not judge is never hidden behind a plain "illegal".
"""
from __future__ import annotations

from collections.abc import Iterable

from kifu.base.errors import (
    ConversionError,
    CorpusError,
    InternalError,
    OptionError,
    OutputError,
    PatternError,
    ReadError,
    UnknownGameError,
)

OK = 0
INVALID = 1
USAGE = 2
PIPE_CLOSED = 128 + 13  # SIGPIPE
INTERRUPTED = 128 + 2  # SIGINT
TERMINATED = 128 + 15  # SIGTERM

#: Diagnostic codes of problems that stop kifu from judging a file at all (exit 2); every
#: other error is a problem of the record (exit 1).
NOT_JUDGED = frozenset(error.code for error in (ReadError, UnknownGameError, ConversionError,
                                                OutputError, OptionError, InternalError,
                                                CorpusError, PatternError))


def for_problem(code: str, severity: str = "error") -> int:
    """The exit status one diagnostic asks for."""
    if severity != "error":
        return OK
    return USAGE if code in NOT_JUDGED else INVALID


def worst(statuses: Iterable[int]) -> int:
    """The status of a run: the highest of its parts (``OK`` for none)."""
    return max(statuses, default=OK)
