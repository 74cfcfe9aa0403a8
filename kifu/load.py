"""From a path or text to a game and its record, and from a record to text in any format."""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from kifu import jsonform, registry, sgf
from kifu.errors import ConversionError, OptionError
from kifu.game import Game, Step
from kifu.limits import check_tree
from kifu.record import Node, ReadOptions, Record, is_event
from kifu.source import SourceText, read_source


@dataclass
class Loaded:
    """A record together with its game and the text it was read from."""

    game: Game
    record: Record
    source: SourceText

    def line(self, path: tuple[int, ...] = ()) -> list[Node]:
        """The line a variation path selects; ``OptionError`` (for ``--variation``) if the
        record has no such variation."""
        try:
            return self.record.line(path)
        except ValueError as error:
            raise OptionError(str(error), option="--variation") from None

    def check_move(self, move: int | None, path: tuple[int, ...] = ()) -> None:
        """``OptionError`` unless the line ``path`` selects has a move ``move`` (any when
        ``None``), found without replaying."""
        line = self.line(path)
        moves = sum(not is_event(node.move) for node in line)
        if move is not None and move > moves:
            raise OptionError(f"the line has {moves} moves; there is no move {move}",
                              option="--move")

    def position_at(self, move: int | None = None, path: tuple[int, ...] = (),
                    lenient: bool = False) -> tuple[Any, Step | None]:
        """The position after move ``move`` of a line (the last when ``None``, the start when
        0) and the step that led to it.

        Raises ``OptionError`` when the line has no such move or variation, before replaying,
        and the record's own ``KifuError`` when a move on the way is illegal.
        """
        self.check_move(move, path)
        position, last = self.game.start(self.record), None
        if move == 0:
            return position, None
        for step in self.game.replay(self.record, lenient=lenient, path=path):
            position, last = step.position, step
            if move is not None and step.number == move:
                break
        return position, last


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


def record_texts(text: str, path: str,
                 game_name: str | None = None) -> tuple[Game, str, Iterator[str]]:
    """The game and format of ``text``, and the text of each record it holds: itself, or each
    game of an SGF collection, laid out so that lines and columns are the file's."""
    game, fmt = registry.detect(text, path, game_name)
    if fmt == "sgf" and sgf.count_games(text) > 1:
        return game, fmt, sgf.split_games(text)
    return game, fmt, iter([text])


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
        for name in (dialect or "").split(",") if dialect is not None else ():
            if name not in game.dialects:
                offered = ", ".join(game.dialects) or "none"
                raise ConversionError(f"{game.name} has no dialect {name!r} (it has {offered})")
        *first, last = (dialect or "").split(",")
        for step in first:
            options = record.read_options
            record = game.parse(game.write(record, step or None), record.source or "<string>")
            record.read_options = options
        return game.write(record, last or None)
    if to == registry.JSON:
        return jsonform.dumps(record)
    return registry.format_of(game, to).write(record)
