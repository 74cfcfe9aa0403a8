"""From a path or text to a game and its record, and from a record to text in any format."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from kifu import jsonform, registry, sgf
from kifu.game import Game
from kifu.record import Record
from kifu.source import SourceText, read_source


@dataclass
class Loaded:
    """A record together with its game and the text it was read from."""

    game: Game
    record: Record
    source: SourceText


def parse_text(text: str, path: str, game_name: str | None = None) -> tuple[Game, Record]:
    """Detect the game and format of ``text`` and parse it."""
    game, fmt = registry.detect(text, path, game_name)
    return game, parse_as(game, fmt, text, path)


def parse_as(game: Game, fmt: str, text: str, path: str) -> Record:
    """Parse ``text`` as a record of ``game`` written in format ``fmt``."""
    if fmt == registry.NATIVE:
        return game.parse(text, path)
    if fmt == registry.JSON:
        return jsonform.loads(text, path)
    return registry.format_of(game, fmt).read(text, path)


def record_texts(text: str, path: str,
                 game_name: str | None = None) -> tuple[Game, str, Iterator[str]]:
    """The game and format of ``text``, and the text of each record it holds: itself, or each
    game of an SGF collection, laid out so that lines and columns are the file's."""
    game, fmt = registry.detect(text, path, game_name)
    if fmt == "sgf" and sgf.count_games(text) > 1:
        return game, fmt, sgf.split_games(text)
    return game, fmt, iter([text])


def load(path: str, encoding: str | None = None, game_name: str | None = None) -> Loaded:
    """Read, decode, detect and parse one record file (``-`` for standard input)."""
    source = read_source(path, encoding)
    game, record = parse_text(source.text, path, game_name)
    return Loaded(game, record, source)


def dump(game: Game, record: Record, to: str, dialect: str | None = None) -> str:
    """``record`` written as ``native`` (in ``dialect``), ``json`` or an interchange format.

    ``dialect`` may name several dialects, comma-separated, applied in turn (Rengi's ``open``
    form in ``kanji`` colours is ``open,kanji``): each but the last is written and read back.
    """
    if to == registry.NATIVE:
        *first, last = (dialect or "").split(",")
        for step in first:
            record = game.parse(game.write(record, step or None), record.source or "<string>")
        return game.write(record, last or None)
    if to == registry.JSON:
        return jsonform.dumps(record)
    return registry.format_of(game, to).write(record)
