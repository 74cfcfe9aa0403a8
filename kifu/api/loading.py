"""Reading records for Python users: :func:`read` and :func:`parse` give one :class:`Record`,
:func:`read_all` and :func:`parse_all` every record of a file, folder, stream or text, one at
a time, and :func:`read_headers` each record's headers alone, for catalogues.

Where a path is taken, a stream is too (``sys.stdin.buffer``, ``io.BytesIO``,
``gzip.open(path)``, or a text stream): kifu's formats read a file whole, so a stream is read
to its end (up to kifu's limit on a file's size) and its records are then given one at a time,
as a file's are; python-chess's ``read_game(handle)``, which leaves the handle after one game,
has no counterpart, since an SGF collection or a RenLib library is not read game by game from
its bytes.  Indexes count from 0, as Python's do (``read(path, index=0)`` is the first game);
the command line's ``FILE#N`` and ``--game-index N`` count from 1, and a record's
:attr:`~Record.name` is the command line's.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from kifu.api.gameobjects import wrap
from kifu.api.parameters import library_terms, reworded, texts_or_none
from kifu.api.records import Record
from kifu.base import record as tree
from kifu.base.errors import GameIndexError, KifuError
from kifu.base.record import ReadOptions
from kifu.plugin import AnyGame, CompiledLine, registry
from kifu.reading.source import SourceText, Stream, stream_name
from kifu.run import load as loading
from kifu.run.load import Loaded, Parsed

#: What :func:`read` and :func:`read_all` read: a path (a file; for ``read_all`` a folder too)
#: or a stream of bytes or text.
Source = str | os.PathLike[str] | Stream

#: What :func:`read_all` calls for a file or record that cannot be read: its name and error.
OnError = Callable[[str, KifuError], object]


@dataclass(frozen=True)
class RecordHeaders:
    """A record's headers and where it stands, without its moves (see :func:`read_headers`):
    its :attr:`~Record.name`, :attr:`~Record.path` and :attr:`~Record.index` as the record
    read whole has them, its game's name, its format and its header lines."""

    name: str
    path: str | None
    index: int
    game: str
    format: str
    headers: dict[str, str]

    def header(self, key: str, default: str | None = None) -> str | None:
        """A header's value, looked up without regard to case (as :meth:`Record.header`)."""
        wanted = key.casefold()
        return next((value for name, value in self.headers.items()
                     if name.casefold() == wanted), default)


@library_terms
def read(source: Source, *, game: str | None = None, format: str | None = None,
         encoding: str | None = None, index: int = 0, folders: tuple[str, ...] = (),
         lenient: bool = False) -> Record[Any, Any, Any]:
    """Read one record from a file (or a stream): decoded (UTF-8, Shift_JIS... or
    ``encoding``), its game told by its content or suffix (or ``game``), its format by its
    content or suffix (or ``format``: ``native``, ``json``, ``sgf``, or another format of the
    game, as ``kifu games`` lists them).

    A file holding several records (an SGF collection) gives its first, or the one at
    ``index`` (from 0); :func:`read_all` gives them all.  ``folders`` are folders besides the
    record's own whose files it may name (a Free-form Go board file); ``lenient`` repairs what
    ``kifu validate --lenient`` repairs in an interchange format (SGF).  Raises ``ReadError``
    for a file that cannot be read, ``GameIndexError`` for an index the file does not hold,
    ``OptionError`` for a format the game does not have, and the first error reading found
    (``NotationError`` for a syntax error, or a text not in the format named).
    """
    _check_index(index)
    texts_or_none(game=game, format=format, encoding=encoding)
    text = _source_text(source, encoding, game, format)

    def load() -> Loaded:
        try:
            return loading.load_source(text, game, ReadOptions(tuple(folders)),
                                       game_index=index + 1, lenient=lenient,
                                       format_name=format)
        except GameIndexError as error:
            raise _no_such_index(text.path, index, error) from None

    return _record(text, load, game, format, lenient, index, _path_of(source, text.path))


@library_terms
def parse(text: str, *, game: str | None = None, format: str | None = None,
          path: str | None = None, folders: tuple[str, ...] = (),
          lenient: bool = False) -> Record[Any, Any, Any]:
    """Read a record from ``text``: its game and format told by its content (an SGF text is
    SGF, whatever ``game`` says), or named with ``game`` and ``format``.  ``path`` names it
    in messages, and its suffix, if any, tells the game and format as a file's does; it is the
    folder in which the record finds a file it names (a Free-form Go board file), besides
    ``folders``.  A text holding several records gives its first (:func:`parse_all` gives
    them all); see :func:`read` for ``lenient`` and the errors."""
    texts_or_none(game=game, format=format, path=path)
    source = SourceText(text, path or _STRING, "utf-8")
    options = ReadOptions(tuple(folders))
    return _record(source, lambda: loading.load_source(source, game, options, lenient=lenient,
                                                       format_name=format),
                   game, format, lenient, 0, path)


def _record(source: SourceText, load: Callable[[], Loaded], game: str | None,
            format: str | None, lenient: bool, index: int, path: str | None
            ) -> Record[Any, Any, Any]:
    """The record ``load`` reads from ``source`` (record ``index`` of it), for :func:`read`
    and :func:`parse`; the first error reading found is raised.  Where the game's compiled
    core replays the text (:func:`_compiled`), it is read in Python only when something
    other than the main line's replay asks for it."""

    def loaded_or_raise() -> Loaded:
        loaded = load()
        failed = loaded.error()
        if failed is not None:
            raise failed
        return loaded

    compiled = None if lenient or index else _compiled(source, game, format)
    if compiled is not None:
        found, fmt, line = compiled

        def read_it() -> tuple[tree.Record, list[KifuError]]:
            loaded = loaded_or_raise()
            return loaded.record, loaded.findings

        return Record(wrap(found), None, name=source.path, text=source.text, fmt=fmt,
                      path=path, compiled=line, load=read_it)
    loaded = loaded_or_raise()
    return Record(wrap(loaded.game), loaded.record, name=loaded.name, text=loaded.source.text,
                  findings=loaded.findings, fmt=loaded.fmt, index=index,
                  decoding=len(loaded.source.warnings), lenient=lenient, path=path)


def _compiled(source: SourceText, game: str | None, format: str | None
              ) -> tuple[AnyGame, str, CompiledLine] | None:
    """The game, format and main line of a text whose game's compiled core replays it
    (:attr:`kifu.plugin.Format.replay`: one record of one line with nothing to report), or
    ``None``: the text is read in Python, as always."""
    if source.warnings:  # what decoding found is the record's to say
        return None
    try:
        found, fmt = registry.detect(source.text, source.path, game, format)
    except KifuError:
        return None  # reading it in Python says why
    replay = loading.reader(found, fmt).replay
    line = None if replay is None else replay(source.text, source.path)
    return None if line is None else (found, fmt, line)


@library_terms
def read_all(source: Source, *, game: str | None = None, format: str | None = None,
             encoding: str | None = None, folders: tuple[str, ...] = (),
             on_error: OnError | None = None, lenient: bool = False
             ) -> Iterator[Record[Any, Any, Any]]:
    """Every record of a file, of a folder's record files (walked in name order) or of a
    stream, every game of an SGF collection included, one at a time: a record is read when it
    is asked for, so that a caller done with each holds one.

    A file or record that cannot be read raises its error, or, with ``on_error``, is handed to
    it (``on_error(name, error)``) and the others are read on.  In a folder, JSON files that
    are not kifu records are skipped, as ``kifu validate`` skips them.  See :func:`read` for
    the other parameters.
    """
    texts_or_none(game=game, format=format, encoding=encoding)
    for text, path in _sources(source, encoding, game, format, on_error):
        yield from _records(text, path, game, format, on_error, lenient, folders)


@library_terms
def parse_all(text: str, *, game: str | None = None, format: str | None = None,
              path: str | None = None, folders: tuple[str, ...] = (),
              on_error: OnError | None = None, lenient: bool = False
              ) -> Iterator[Record[Any, Any, Any]]:
    """Every record of ``text`` (a collection of SGF games, say), one at a time, as
    :func:`read_all` gives a file's; see :func:`parse` for the parameters."""
    texts_or_none(game=game, format=format, path=path)
    source = SourceText(text, path or _STRING, "utf-8")
    yield from _records(source, path, game, format, on_error, lenient, folders)


@library_terms
def read_headers(source: Source, *, game: str | None = None, format: str | None = None,
                 encoding: str | None = None,
                 on_error: OnError | None = None) -> Iterator[RecordHeaders]:
    """The headers of every record :func:`read_all` would give, without its moves: nothing is
    replayed, and where the format allows, the moves are not even read (an SGF game's root
    node alone is read, the rest skipped by its brackets; a native record's header lines
    alone); other formats are read whole.  For a catalogue of a large collection.

    A fault in the moves does not show here (they are not read); a file or head that cannot
    be read raises its error, or is handed to ``on_error`` as :func:`read_all` does.  Go's
    ``Territory-N`` headers, which an SGF file gives at the end of its main line, are not
    among an SGF game's headers here.
    """
    texts_or_none(game=game, format=format, encoding=encoding)
    for text, path in _sources(source, encoding, game, format, on_error):
        for index, one, rules, fmt in _parsed(text, game, format, on_error, heads=True):
            assert one.record is not None
            yield RecordHeaders(one.name, path, index, rules.name, fmt, one.record.headers)


# -- the steps they share -------------------------------------------------------------------

#: The name of a text that names no file.
_STRING = "<string>"


def _check_index(index: int) -> None:
    if not isinstance(index, int) or index < 0:
        raise GameIndexError(f"index={index!r}: a game's index is a whole number from 0 (the "
                             "first game)")


def _no_such_index(name: str, index: int, error: GameIndexError) -> GameIndexError:
    count = error.games or 0
    held = f"{count} game{'s' * (count != 1)}"
    which = "none" if not count else "0" if count == 1 else f"0 to {count - 1}"
    return GameIndexError(f"{name} holds {held}; there is no index={index} (indexes count from "
                          f"0: {which})", games=count)


def _source_text(source: Source, encoding: str | None, game: str | None,
                 format: str | None) -> SourceText:
    """The text of a path or stream, decoded (or kept as bytes for a format of bytes)."""
    if isinstance(source, str | os.PathLike):
        return loading.read_file(os.fspath(source), encoding, game, format)
    if not hasattr(source, "read"):
        raise TypeError(f"read a path or a stream, not {type(source).__name__}")
    return loading.read_file(source, encoding, game, format)


def _path_of(source: Source, name: str) -> str | None:
    """A record's :attr:`Record.path`: the path read, a stream's file name, else ``None``."""
    if isinstance(source, str | os.PathLike):
        return name
    return None if name == stream_name(None) or name.startswith("<") else name


def _sources(source: Source, encoding: str | None, game: str | None, format: str | None,
             on_error: OnError | None) -> Iterator[tuple[SourceText, str | None]]:
    """The text of each file of a path (a folder walked) or of a stream, with its
    :attr:`Record.path`; a file that cannot be read raises, or goes to ``on_error``."""
    if not isinstance(source, str | os.PathLike):
        try:
            text = _source_text(source, encoding, game, format)
        except KifuError as error:
            if on_error is None:
                raise
            on_error(stream_name(source), reworded(error))
            return
        yield text, _path_of(source, text.path)
        return
    from kifu.reading.walk import walk
    from kifu.run.validate import is_other_file

    for found in walk([os.fspath(source)], registry.suffixes()):
        try:
            if found.problem is not None:
                raise found.problem
            text = loading.read_file(found.path, encoding, game, format)
        except KifuError as error:
            if on_error is None:
                raise
            on_error(found.path, reworded(error))
            continue
        if found.named or not is_other_file(found.path, text.text):
            yield text, found.path


def _parsed(source: SourceText, game: str | None, format: str | None,
            on_error: OnError | None, *, lenient: bool = False,
            folders: tuple[str, ...] = (), heads: bool = False
            ) -> Iterator[tuple[int, Parsed, AnyGame, str]]:
    """Each record of a text that reads, with its index, its game and its format, and where
    the first reading found nothing wrong, what decoding found; one that does not read raises,
    or goes to ``on_error``."""
    try:
        rules, fmt = registry.detect(source.text, source.path, game, format)
        records = loading.parse_each_as(rules, fmt, source.text, source.path, lenient=lenient,
                                        options=ReadOptions(tuple(folders)), heads=heads)
        for index, one in enumerate(records):
            if one.record is None:
                error = next(f for f in one.findings if f.severity == "error")
                if on_error is None:
                    raise error
                on_error(one.name, reworded(error))
                continue
            yield index, one, rules, fmt
    except KifuError as error:
        if on_error is None:
            raise
        on_error(source.path, reworded(error))


def _records(source: SourceText, path: str | None, game: str | None, format: str | None,
             on_error: OnError | None, lenient: bool,
             folders: tuple[str, ...]) -> Iterator[Record[Any, Any, Any]]:
    found = list(source.warnings)  # what decoding found goes with the first record
    for index, one, rules, fmt in _parsed(source, game, format, on_error, lenient=lenient,
                                          folders=folders):
        decoding = len(found)
        findings, found = [*found, *one.findings], []
        assert one.record is not None
        yield Record(wrap(rules), one.record, name=one.name, text=source.text,
                     findings=findings, fmt=fmt, index=index, decoding=decoding,
                     lenient=lenient, path=path)
