"""A record file's text, and the format that reads a game's records: what every file of a run
needs before any record is made (:mod:`.load` parses, and gives these names too).  Apart from it
so that a run of records the compiled cores decide imports no parsing: a record the core
decides is told its game and format from its text, and its verdict comes from the format's
``decide``."""
from __future__ import annotations

import functools
from collections.abc import Iterable

from kifu.plugin import AnyGame, Format, registry
from kifu.reading.source import MAX_BYTES, SourceText, Stream, read_source, read_stream, stream_name


def read_file(path: str | Stream, encoding: str | None = None,
              game_name: str | None = None, format_name: str | None = None) -> SourceText:
    """A record file's text (``-`` for standard input), decoded as
    :func:`kifu.reading.source.decode` decodes it; but a file that a format of bytes claims
    from its head (a RenLib library, a RIF database) is kept as it is, its bytes one character
    each (encoding :data:`~kifu.reading.source.BYTES`), read up to that format's own limit.
    ``path`` may be a binary stream instead (see :func:`kifu.reading.source.read_stream`).
    ``format_name`` (``--format-in``) names the format instead of telling it."""
    name = path if isinstance(path, str) else stream_name(path)

    def claim(head: bytes) -> int | None:
        found = registry.byte_format(head, name, game_name, format_name)
        return None if found is None else found.max_bytes or MAX_BYTES

    if isinstance(path, str):
        return read_source(path, encoding, claim=claim)
    return read_stream(path, name, encoding, claim=claim)


def reader(game: AnyGame, fmt: str) -> Format:
    """How ``game``'s records are read and written in format ``fmt``, whichever it is: the
    game's own notation (``native``), kifu's JSON, or one of the game's interchange formats.
    Once a text's game and format are told (:func:`kifu.plugin.registry.detect`), this is the
    one object that reads it."""
    if fmt == registry.NATIVE:
        return _native(game)
    if fmt == registry.JSON:
        return _json(game)
    return registry.format_of(game, fmt)


@functools.cache
def _native(game: AnyGame) -> Format:
    return Format(registry.NATIVE, game.suffixes, f"{game.name}'s own notation", game.parse,
                  game.write, pieces=game.write_pieces,
                  heads=functools.partial(_native_heads, game),
                  decide=game.decide_notation(), trace=game.trace_notation(),
                  replay=game.replay_notation())


def _native_heads(game: AnyGame, text: str) -> Iterable[str]:
    """The head of a text of ``game``'s own notation: as the game finds one
    (:meth:`kifu.plugin.GamePlugin.notation_heads`), else as every native notation's items
    make it (header lines, comments, line ends); looked up when a head is asked for."""
    own = game.notation_heads()
    if own is not None:
        return own(text)
    from kifu.reading.movetext import native_head

    return native_head(text)


@functools.cache
def _json(game: AnyGame) -> Format:
    from kifu.plugin import jsonform  # JSON's: a run of SGF or native records never asks

    return Format(registry.JSON, (".json",), "kifu's JSON record",
                  functools.partial(jsonform.loads, game=game), jsonform.dumps,
                  pieces=jsonform.pieces)
