"""From a path or text to a game and its record, and from a record to text in any format."""
from __future__ import annotations

from dataclasses import dataclass

from kifu import jsonform, registry
from kifu.game import Game
from kifu.limits import check_tree
from kifu.record import ReadOptions, Record
from kifu.source import SourceText, read_source


@dataclass
class Loaded:
    """A record together with its game and the text it was read from."""

    game: Game
    record: Record
    source: SourceText


def parse_text(text: str, path: str, game_name: str | None = None,
               options: ReadOptions | None = None) -> tuple[Game, Record]:
    """Detect the game and format of ``text`` and parse it."""
    game, fmt = registry.detect(text, path, game_name)
    return game, parse_as(game, fmt, text, path, options)


def parse_as(game: Game, fmt: str, text: str, path: str,
             options: ReadOptions | None = None) -> Record:
    """Parse ``text`` as a record of ``game`` written in format ``fmt``; the record carries
    ``options`` for the game's later use (files it may refer to).

    Whatever the format, the record is held to kifu's limits on moves and nesting
    (``kifu.limits``), so that every later step (replay, writing, JSON) is safe with it.
    """
    if fmt == registry.NATIVE:
        record = game.parse(text, path)
    elif fmt == registry.JSON:
        record = jsonform.loads(text, path)
    else:
        record = registry.format_of(game, fmt).read(text, path)
    check_tree(record.moves)
    record.read_options = options or ReadOptions()
    return record


def load(path: str, encoding: str | None = None, game_name: str | None = None,
         options: ReadOptions | None = None) -> Loaded:
    """Read, decode, detect and parse one record file (``-`` for standard input)."""
    source = read_source(path, encoding)
    game, record = parse_text(source.text, path, game_name, options)
    return Loaded(game, record, source)


def dump(game: Game, record: Record, to: str, dialect: str | None = None) -> str:
    """``record`` written as ``native`` (in ``dialect``), ``json`` or an interchange format.

    ``dialect`` may name several dialects, comma-separated, applied in turn (Rengi's ``open``
    form in ``kanji`` colours is ``open,kanji``): each but the last is written and read back.
    """
    if to == registry.NATIVE:
        *first, last = (dialect or "").split(",")
        for step in first:
            options = record.read_options
            record = game.parse(game.write(record, step or None), record.source or "<string>")
            record.read_options = options
        return game.write(record, last or None)
    if to == registry.JSON:
        return jsonform.dumps(record)
    return registry.format_of(game, to).write(record)
