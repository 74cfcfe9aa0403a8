"""From a path or text to a game and its records, and from a record to text in any format.

A file may hold several records (an SGF collection): :func:`parse_all` gives each with its own
name (``game.sgf#3``) and what reading it found (repairs, pedantic findings, the encoding
guessed), so that every game is validated and reported on its own.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kifu import jsonform, registry
from kifu.errors import KifuError, NotationError
from kifu.game import Game
from kifu.record import Record
from kifu.source import SourceText, read_source


@dataclass
class Parsed:
    """One record of a file: the record (``None`` when reading it failed, the error then among
    ``findings``), what reading found, its name in reports, and the format's own form of it."""

    record: Record | None
    findings: list[KifuError]
    name: str
    document: Any = None


@dataclass
class Loaded:
    """A record together with its game and the text it was read from.

    ``name`` is the path, or ``path#N`` for the N-th game of a collection; ``findings`` are
    what decoding and reading found; ``fmt`` is the format read, and ``documents`` the format's
    own form of the records chosen (SGF game trees), for a rewrite that keeps what the game
    does not model.
    """

    game: Game
    record: Record
    source: SourceText
    name: str = ""
    findings: list[KifuError] = field(default_factory=list)
    fmt: str = registry.NATIVE
    documents: list[Any] = field(default_factory=list)
    #: How many records the file holds (more than one for an SGF collection).
    games: int = 1

    def error(self) -> KifuError | None:
        """The first error decoding or reading the records found, if any."""
        return next((f for f in self.findings if f.severity == "error"), None)


def parse_text(text: str, path: str, game_name: str | None = None) -> tuple[Game, Record]:
    """Detect the game and format of ``text`` and parse it (one record: a file holding several
    is refused, see :func:`parse_all`)."""
    game, fmt = registry.detect(text, path, game_name)
    return game, parse_as(game, fmt, text, path)


def parse_as(game: Game, fmt: str, text: str, path: str) -> Record:
    """Parse ``text`` as a record of ``game`` written in format ``fmt``."""
    if fmt == registry.NATIVE:
        return game.parse(text, path)
    if fmt == registry.JSON:
        return jsonform.loads(text, path)
    return registry.format_of(game, fmt).read(text, path)


def parse_all_as(game: Game, fmt: str, text: str, path: str, *,
                 lenient: bool = False) -> list[Parsed]:
    """Every record of ``text`` in format ``fmt`` of ``game``, each with what reading found.

    A file-level failure (no game tree, a syntax error in a native record) is raised.
    """
    if fmt not in (registry.NATIVE, registry.JSON):
        found = registry.format_of(game, fmt)
        if found.read_all is not None:
            readings = found.read_all(text, path, lenient)
            several = len(readings) > 1
            return [Parsed(r.record, r.findings, f"{path}#{i}" if several else path, r.document)
                    for i, r in enumerate(readings, 1)]
    return [Parsed(parse_as(game, fmt, text, path), [], path)]


def parse_all(text: str, path: str, game_name: str | None = None, *,
              lenient: bool = False) -> tuple[Game, str, list[Parsed]]:
    """The game, the format and every record of ``text``."""
    game, fmt = registry.detect(text, path, game_name)
    return game, fmt, parse_all_as(game, fmt, text, path, lenient=lenient)


def load(path: str, encoding: str | None = None, game_name: str | None = None, *,
         game_index: int | None = None, lenient: bool = False) -> Loaded:
    """Read, decode, detect and parse one record file (``-`` for standard input).

    ``game_index`` (1-based) picks a game of a collection; without it a collection gives its
    first game.  The first error decoding or reading found is raised.
    """
    loaded = load_source(read_source(path, encoding), game_name, game_index=game_index,
                         lenient=lenient)
    error = loaded.error()
    if error is not None:
        raise error
    return loaded


def load_source(source: SourceText, game_name: str | None = None, *,
                game_index: int | None = None, lenient: bool = False,
                every_game: bool = False) -> Loaded:
    """:func:`load` for text already read, without raising what reading found (see
    :meth:`Loaded.error`).  With ``every_game`` and no ``game_index`` the documents of every
    game are kept (``Loaded.record`` is the first game's)."""
    path = source.path
    game, fmt, parsed = parse_all(source.text, path, game_name, lenient=lenient)
    chosen = parsed if every_game and game_index is None else [pick(parsed, game_index, path)]
    findings = list(source.warnings)
    for one in chosen:
        findings.extend(one.findings)
    first = chosen[0]
    if first.record is None:  # reading failed: the error is among the findings
        raise next(f for f in first.findings if f.severity == "error")
    return Loaded(game, first.record, source, first.name, findings, fmt,
                  [one.document for one in chosen if one.document is not None], len(parsed))


def pick(parsed: list[Parsed], game_index: int | None, path: str) -> Parsed:
    """The game ``game_index`` (1-based; the first without one) of a file's records."""
    index = game_index or 1
    if not 1 <= index <= len(parsed):
        raise GameIndexError(f"{path} holds {len(parsed)} game{'s' * (len(parsed) != 1)}; "
                             f"there is no game {index}")
    return parsed[index - 1]


class GameIndexError(NotationError):
    """A game asked for by number that the file does not hold."""

    code = "game-index"


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


def rewrite(game: Game, fmt: str, documents: list[Any]) -> str | None:
    """Documents read in format ``fmt`` written back in it, keeping all the game does not model
    (``None`` where the format cannot)."""
    if not documents or fmt in (registry.NATIVE, registry.JSON):
        return None
    found = registry.format_of(game, fmt)
    return found.rewrite(documents) if found.rewrite is not None else None
