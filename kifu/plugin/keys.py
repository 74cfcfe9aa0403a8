"""Position keys: a position written as one line of text that reads back (what FEN is to
chess), and what makes a position a value (equality, hash, a short ``repr``) for every game.

A key is fields separated by single spaces; no field holds a space.  Each game's key starts
with fields in a fixed order (its board first) and goes on with optional fields written
``name:value``, in a fixed order too, so that one position has one key.  Once the game has
ended the last field is ``end:WINNER,KIND,SCORE,REASON`` (the outcome).  A named field's value
may hold a colon.  Text that could hold a space or a separator (a player's name, the reason of
an outcome) is escaped with ``%XX`` (:func:`escape`).

A key holds the position, not the way it was reached: what a replay keeps only to show it
(move numbers, the last move drawn) and what repetition rules count over the whole game (Go's
superko, Gungi's 千日手) are not in it; each game's page says what its key holds.  Two
positions are equal when their keys are (:class:`Keyed`), so a position read back from its key
is equal to the position it was written from.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import ClassVar, TypeVar

from kifu.base.errors import KifuError, NotationError
from kifu.plugin.values import Outcome

T = TypeVar("T")


def escape(text: str, separators: str = ",") -> str:
    """``text`` safe to stand in a key's field: ``%``, the ``separators`` the field uses
    between its parts, spaces and control characters as ``%XX`` (UTF-8 bytes); everything
    else, non-ASCII letters included, as it is."""
    out: list[str] = []
    for char in text:
        if char == "%" or char in separators or not char.isprintable() or char.isspace():
            out.extend(f"%{byte:02X}" for byte in char.encode())
        else:
            out.append(char)
    return "".join(out)


def unescape(text: str) -> str:
    """The inverse of :func:`escape`; ``ValueError`` for a broken escape."""
    if "%" not in text:
        return text
    data = bytearray()
    index = 0
    while index < len(text):
        char = text[index]
        if char == "%":
            code = text[index + 1:index + 3]
            if len(code) != 2 or not all(c in "0123456789ABCDEFabcdef" for c in code):
                raise ValueError("a broken %XX escape")
            data.append(int(code, 16))
            index += 3
        else:
            data.extend(char.encode())
            index += 1
    return data.decode()


def outcome_field(outcome: Outcome) -> str:
    """The ``end:`` field of a key."""
    score = "" if outcome.score is None else _number(outcome.score)
    winner = "-" if outcome.winner is None else escape(outcome.winner)
    return f"end:{winner},{outcome.kind},{score},{escape(outcome.reason)}"


def read_outcome(value: str) -> Outcome:
    """The outcome an ``end:`` field's value gives; ``ValueError`` for anything else."""
    winner, kind, score, reason = value.split(",")
    return Outcome(None if winner == "-" else unescape(winner), unescape(reason), kind,
                   None if not score else float(score))


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else repr(value)


class Fields:
    """A key's fields as they are read: the fixed ones in order (:meth:`next`), then the named
    ones (:meth:`named`); any problem is a ``NotationError`` that quotes the key."""

    def __init__(self, text: str, game: str, fixed: int) -> None:
        self.text = text
        self.game = game
        if not isinstance(text, str):
            raise self.error(f"a position key is text, not {type(text).__name__}")
        parts = text.split(" ")
        if len(parts) < fixed or any(not part for part in parts):
            raise self.error(f"it has {len(parts)} fields separated by single spaces; a "
                             f"{game} key has at least {fixed}")
        self._fixed: Iterator[str] = iter(parts[:fixed])
        self._named: dict[str, str] = {}
        for part in parts[fixed:]:
            name, colon, value = part.partition(":")
            if not colon or name in self._named:
                raise self.error(f"{part[:30]!r} is not a field NAME:VALUE (or is given twice)")
            self._named[name] = value

    def error(self, why: str) -> NotationError:
        shown = self.text if len(self.text) <= 60 else self.text[:57] + "..."
        return NotationError(f"{shown!r} is not a {self.game} position key: {why}",
                             rule="position-key")

    def next(self) -> str:
        return next(self._fixed)

    def named(self, name: str) -> str | None:
        """The value of the optional field ``name``, if the key has it."""
        return self._named.pop(name, None)

    def outcome(self) -> Outcome | None:
        """The outcome of the ``end:`` field, if the key has one."""
        value = self.named("end")
        if value is None:
            return None
        try:
            return read_outcome(value)
        except ValueError:
            raise self.error(f"end:{value[:30]} is not WINNER,KIND,SCORE,REASON") from None

    def done(self) -> None:
        """Every named field was read: one left over is unknown."""
        if self._named:
            raise self.error(f"unknown field {next(iter(self._named))!r}")

    def read(self, reader: Callable[[], T], what: str) -> T:
        """``reader()``, with an error it raises (``ValueError``, ``IndexError``, ``KeyError``
        or a ``KifuError``) said as ``what``."""
        try:
            return reader()
        except KifuError as error:
            raise self.error(f"{what} ({error.message})") from None
        except (ValueError, IndexError, KeyError) as error:
            raise self.error(f"{what} ({error})") from None


def rows_text(rows: list[list[str]]) -> str:
    """A board as FEN writes one: rows separated by ``/``, a run of empty points (``""``) as its
    length, any other point as its code (a character, or a bracketed stack)."""
    out = []
    for row in rows:
        text, run = [], 0
        for code in row:
            if not code:
                run += 1
                continue
            if run:
                text.append(str(run))
                run = 0
            text.append(code)
        if run:
            text.append(str(run))
        out.append("".join(text))
    return "/".join(out)


def read_rows(text: str, width: int | None = None) -> list[list[str]]:
    """The rows :func:`rows_text` writes, each point ``""`` (empty) or its code; ``ValueError``
    if the rows are not all ``width`` wide (as wide as the first when ``width`` is ``None``)."""
    rows = []
    for part in text.split("/"):
        row: list[str] = []
        digits = ""
        for char in part + " ":
            if char.isdigit() and char.isascii():
                digits += char
                continue
            if digits:
                row.extend([""] * int(digits))
                digits = ""
            if char != " ":
                row.append(char)
        rows.append(row)
    wanted = len(rows[0]) if width is None else width
    if any(len(row) != wanted for row in rows):
        raise ValueError(f"rows of {sorted({len(row) for row in rows})} points, not {wanted}")
    return rows


class Keyed:
    """What makes a game's positions values: equality and a hash by the position key, and a
    short ``repr``.  A position class defines :meth:`value_key` (its key) and :meth:`summary`
    (a few words for the ``repr``).

    Positions are changed in place only inside the referee; the library never changes one it
    has handed out (:meth:`kifu.Game.play` returns a new one), so a position may stand in a set
    or key a dict.
    """

    __slots__ = ()
    #: The game's name, for the ``repr``.
    game_name: ClassVar[str] = ""

    def value_key(self) -> str:
        raise NotImplementedError

    def summary(self) -> str:
        return ""

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.value_key() == other.value_key()

    def __hash__(self) -> int:
        return hash(self.value_key())

    def __repr__(self) -> str:
        summary = self.summary()
        return f"<{self.game_name} position{': ' + summary if summary else ''}>"
