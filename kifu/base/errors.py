"""One error hierarchy for everything kifu reports about a record.

Every error carries a stable ``code`` (what kind of problem), a ``message`` that names the rule
broken, and where known a :class:`~kifu.base.record.Span`, the move number and the variation path.
The library raises these and never prints; the command line turns them into diagnostics.

Callers can catch broadly (``KifuError``) or precisely (``IllegalMoveError``); all of them are
``ValueError`` subclasses, as a bad record is a bad value.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from kifu.base.record import Span

#: How much a finding matters: an ``error`` makes a record illegal or unusable, a ``warning`` is
#: reported and changes no verdict, and a ``note`` (what a pedantic finding is: the file breaks a
#: rule that changes nothing a player sees) is reported only on request (``--pedantic``).
Severity = Literal["error", "warning", "note"]

#: Grades of findings about a file's syntax or encoding, as SGFC grades its messages: the file
#: breaks a rule that costs nothing (a note); an error repaired without loss; information may
#: be lost; nothing can be read.
PEDANTIC, REPAIRED, CRITICAL, FATAL = "pedantic", "repaired", "critical", "fatal"


class KifuError(ValueError):
    """Base of every problem kifu finds in a record or its input."""

    code: ClassVar[str] = "error"

    def __init__(
        self,
        message: str,
        *,
        span: Span | None = None,
        move_number: int | None = None,
        rule: str | None = None,
        variation: Sequence[int] = (),
        severity: Severity = "error",
        grade: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.span = span
        self.move_number = move_number
        self.rule = rule
        self.variation = variation
        self.severity: Severity = severity
        #: How bad a finding about the file's syntax or encoding is, as SGFC grades them:
        #: ``pedantic``, ``repaired`` (without loss), ``critical`` (information may be lost),
        #: ``fatal`` (unreadable); ``None`` for what the rules of a game find.
        self.grade = grade

    def __str__(self) -> str:
        return self.describe()

    def describe(self) -> str:
        """The message with the move, variation and rule it concerns, as a user reads it."""
        parts = []
        if self.move_number is not None:
            parts.append(f"move {self.move_number}")
        if self.variation:
            parts.append("in variation " + ".".join(str(v) for v in self.variation))
        prefix = " ".join(parts)
        text = f"{prefix}: {self.message}" if prefix else self.message
        if self.rule:
            text += f" [rule: {self.rule}]"
        return text

    def located(self, **changes: object) -> KifuError:
        """A copy with more context filled in (span, move number, variation)."""
        clone = self.__class__.__new__(self.__class__)
        clone.__dict__.update(self.__dict__)
        for key, value in changes.items():
            setattr(clone, key, value)
        clone.args = self.args
        return clone

    def detached(self) -> KifuError:
        """This error without the traceback and the error it was raised from: an error kept
        after it was handled (a record's problems, gathered line after line) must not keep
        the frames it was raised through alive, and with them the positions they held."""
        self.__traceback__ = None
        self.__context__ = None
        self.__cause__ = None
        return self

    def as_warning(self) -> KifuError:
        """A copy reported as a warning (a repair made under ``--lenient``, say)."""
        return self.located(severity="warning")


class ReadError(KifuError):
    """A file could not be read (or written) at all: missing, a folder, no permission; or the
    encoding the user named does not exist."""

    code = "io"


class InputError(KifuError):
    """The bytes read are not a text record: empty, binary data, far too large."""

    code = "input"


class EncodingError(InputError):
    """The bytes are neither UTF-8 nor Shift_JIS (or the encoding the user named)."""

    code = "encoding"


class NotationError(KifuError):
    """The text does not follow the game's notation (a syntax error)."""

    code = "syntax"


class GameIndexError(NotationError):
    """A game asked for by number (``read(path, index=N)``, ``--game-index N``) that the file
    does not hold; ``games`` is how many it holds, where known."""

    code = "game-index"

    def __init__(self, message: str, *, games: int | None = None, **where: Any) -> None:
        super().__init__(message, **where)
        self.games = games


class LimitError(NotationError):
    """The record goes past one of kifu's limits (see ``kifu.base.limits``): variations nested too
    deeply, too many moves or tokens, a number with too many digits.  ``rule`` names the
    limit."""

    code = "limit"


class HeaderError(KifuError):
    """A header line is missing, repeated or holds a value the game cannot use."""

    code = "header"


class SetupError(KifuError):
    """The start position a record declares is impossible."""

    code = "setup"


class IllegalMoveError(KifuError):
    """A move breaks a rule of the game; ``rule`` names it."""

    code = "illegal-move"


class GameOverError(IllegalMoveError):
    """A move was written after the game had already ended."""

    code = "move-after-end"


class ResultError(KifuError):
    """The record's stated result disagrees with what the moves produce."""

    code = "result"


class UnknownGameError(KifuError):
    """kifu cannot tell which game a record belongs to."""

    code = "unknown-game"


class ConversionError(KifuError):
    """A record cannot be written in the requested format (e.g. SGF of a map board)."""

    code = "conversion"


class ConversionWarning(UserWarning):
    """What a conversion leaves out, as a Python warning: the library's writers
    (:meth:`kifu.Record.dumps`) warn with one for each thing the format has no place for (a
    variation in psq, a label in a native notation), as ``kifu convert`` reports it; with
    ``strict=True`` they raise a :class:`ConversionError` instead and write nothing.

    ``error`` is kifu's finding itself, as the command line reports it (a
    :class:`ConversionError` of severity ``warning``, rule ``left-out``); ``str(warning)`` is
    its message."""

    def __init__(self, error: KifuError) -> None:
        super().__init__(error.message)
        self.error = error
        self.message = error.message
        self.rule = error.rule


class OutputError(KifuError):
    """Output cannot be written: the disk refused it, or it would overwrite an input."""

    code = "output"


class OptionError(KifuError):
    """An option names what the record does not have (a move past its end, a variation), or
    takes a value it cannot; ``option`` is the option's name as the user gave it (``--move``
    on the command line, ``n`` or ``variation`` in the library)."""

    code = "usage"

    def __init__(self, message: str, *, option: str) -> None:
        super().__init__(message)
        self.option = option


class CorpusError(KifuError):
    """A corpus index that cannot be used: not an index, damaged, made by another version of
    kifu, or a question it cannot answer (a position of a game it does not hold)."""

    code = "corpus"


class PatternError(KifuError):
    """A pattern (``kifu search``'s, ``Corpus.search``'s) that is no pattern, located in its
    text."""

    code = "pattern"


class InternalError(KifuError):
    """kifu itself failed on an input: a bug, reported per file so that a run goes on."""

    code = "internal"

