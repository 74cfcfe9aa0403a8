"""kifu: validate, convert and draw game records of Renju, Gungi, Rengi, Rengoma and
Free-form Go.

Read a record, replay it, ask for legal moves, play on, draw and convert:

>>> import kifu
>>> record = kifu.parse("Game: renju\\n1. h8 2. i9 3. j10\\n")
>>> record.game.name, [str(move) for move in record.moves]
('renju', ['h8', 'i9', 'j10'])
>>> record.check()
[]
>>> position = record.position()
>>> renju = record.game
>>> renju.to_move(position)
'white'
>>> move = renju.parse_move("k11", position)
>>> move in renju.legal_moves(position)
True
>>> after = renju.play(position, move)
>>> renju.to_move(after), renju.to_move(position)
('black', 'white')
>>> kifu.svg(after, renju).startswith("<svg")
True

The names: :func:`read`, :func:`parse`, :func:`read_all`, :func:`parse_all` give
:class:`Record` objects, :func:`read_headers` each record's :class:`RecordHeaders`;
:func:`game` and :func:`games` give :class:`Game` objects (legal moves, moves read and written,
play); :func:`svg`, :func:`png` and :func:`text` draw a position; :class:`Corpus` indexes many
records and searches them; every error is a :class:`KifuError` (:mod:`kifu.base.errors` lists
its subclasses), every finding of :meth:`Record.check` a :class:`Diagnostic`, and what a
conversion leaves out a :class:`ConversionWarning`.
The documentation's library page is the tutorial.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from kifu.api import FOUND_IN, compat
from kifu.base.errors import (
    ConversionError,
    ConversionWarning,
    CorpusError,
    EncodingError,
    GameIndexError,
    GameOverError,
    HeaderError,
    IllegalMoveError,
    InputError,
    InternalError,
    KifuError,
    LimitError,
    NotationError,
    OptionError,
    OutputError,
    PatternError,
    ReadError,
    ResultError,
    SetupError,
    UnknownGameError,
)
from kifu.base.version import __version__

compat.install()

if TYPE_CHECKING:  # what __getattr__ hands out, as type checkers see it
    from kifu.api import (
        Corpus,
        Game,
        Record,
        RecordHeaders,
        Step,
        game,
        games,
        parse,
        parse_all,
        png,
        read,
        read_all,
        read_headers,
        svg,
        text,
    )
    from kifu.base.diagnostics import Diagnostic
    from kifu.plugin.values import Outcome

#: The names found outside the library's own modules, and where.
_ELSEWHERE = {"Diagnostic": "kifu.base.diagnostics", "Outcome": "kifu.plugin.values"}


def __getattr__(name: str) -> Any:
    # The library's names are imported when first asked for, not with the package: every
    # command imports ``kifu``, and ``kifu validate`` of one record needs none of the corpus,
    # the drawing or the library's records (see the Start-up section of docs/speed.md).
    module = FOUND_IN.get(name) or _ELSEWHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'kifu' has no attribute {name!r}")
    found = getattr(importlib.import_module(module), name)
    globals()[name] = found  # asked for once
    return found


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


__all__ = [
    "ConversionError", "ConversionWarning", "Corpus", "CorpusError", "Diagnostic", "EncodingError",
    "Game", "GameIndexError", "GameOverError", "HeaderError", "IllegalMoveError", "InputError",
    "InternalError", "KifuError", "LimitError", "NotationError", "OptionError", "Outcome",
    "OutputError", "PatternError", "ReadError", "Record", "RecordHeaders", "ResultError",
    "SetupError", "Step", "UnknownGameError", "__version__", "game", "games", "parse", "parse_all",
    "png", "read", "read_all", "read_headers", "svg", "text",
]
