"""A searchable corpus of records for Python users: :class:`Corpus`, an index file (SQLite)
made from folders of records, and the questions it answers (see ``docs/search.md``).

Each call opens the index, answers and closes it, so a :class:`Corpus` is a cheap value that
names a file; an index that is none, damaged, or made by another version of kifu raises a
``CorpusError`` that says how to rebuild it.
"""
from __future__ import annotations

import contextlib
import functools
import os
import reprlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, Union

from kifu.api.gameobjects import Game
from kifu.api.parameters import library_terms, text_or_none, texts_or_none, whole_number
from kifu.api.records import Record
from kifu.base.errors import CorpusError, KifuError, OptionError
from kifu.plugin import AnyGame, registry

# The index's modules (SQLite, the runners) are imported when a corpus is used: ``import kifu``
# stays as light as it was.
if TYPE_CHECKING:
    from kifu.corpus.build import Built
    from kifu.corpus.explorer import Exploration, Start
    from kifu.corpus.patterns import Pattern
    from kifu.corpus.reader import Filters, Reader
    from kifu.corpus.search import Key
    from kifu.corpus.values import Explored, Frequent, GameInfo, Group, Hit, Page, Place

#: What names a position: a game's position object, a :class:`~kifu.Record` (its position
#: after ``move``), or ``"RECORD[#GAME][@MOVE]"`` (a file, one of its records, a move).
PositionLike = Any
#: What names a pattern: a :class:`~kifu.corpus.patterns.Pattern`, a pattern file's path, or
#: its text (text with a line break in it).
PatternLike = Union["Pattern", str, "os.PathLike[str]"]


F = TypeVar("F", bound=Callable[..., Any])


def _in_library_terms(method: F) -> F:
    """``method`` raising its errors in the library's terms (an index kifu cannot use with the
    call that makes one anew)."""

    @functools.wraps(method)
    def call(*args: Any, **kwargs: Any) -> Any:
        from kifu.corpus.store import UnusableIndex, remedy

        try:
            return method(*args, **kwargs)
        except UnusableIndex as error:
            error.message = remedy(error, "kifu.Corpus(INDEX).index(paths)",
                                   "kifu.Corpus({path!r}).index(paths, rebuild=True)")
            error.args = (error.message,)
            raise
        except KifuError:
            raise

    return library_terms(call)  # type: ignore[return-value]


@dataclass(frozen=True)
class Stats:
    """What :meth:`Corpus.stats` answers: the position's continuations (``None`` when no
    position was asked about) and the positions reached most often."""

    explored: Explored | None
    frequent: tuple[Frequent, ...]


class Corpus:
    """An index of records at ``path`` (made by :meth:`index`, or ``kifu index``).

    >>> import kifu
    >>> corpus = kifu.Corpus("corpus.db")  # doctest: +SKIP
    >>> corpus.index(["examples/renju"])  # doctest: +SKIP
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        #: The index file.
        self.path = os.fspath(path)

    def __repr__(self) -> str:
        return f"<kifu.Corpus {self.path!r}>"

    @_in_library_terms
    def index(self, paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]], *,
              jobs: int | None = 1, scheduler: str | None = None, rebuild: bool = False,
              wait: bool = False) -> Built:
        """Index the records of ``paths`` (a file or folder, or several; folders are searched
        for every suffix kifu reads): a new index if there is none (or with ``rebuild``), else
        the old one updated (files changed since read again, files gone from disk or from
        under ``paths`` left out).  ``jobs`` processes read the files (all cores with
        ``None``), or the Dask cluster at ``scheduler``.  The index is replaced only once
        complete.  One run at a time writes an index: while another writes it, this raises
        ``CorpusError``, or with ``wait`` waits for it to end and then updates what it
        wrote."""
        from kifu.corpus import build

        whole_number(jobs, "jobs", 1, none=True)
        text_or_none("scheduler", scheduler)
        return build.build(self.path, _paths(paths), jobs=jobs, scheduler=scheduler,
                           rebuild=rebuild, wait=wait)

    @_in_library_terms
    def search(self, position: PositionLike = None, *, move: int | None = None,
               pattern: PatternLike | None = None, player: str | None = None,
               event: str | None = None, date: str | None = None, result: str | None = None,
               rule: str | None = None, opening: str | None = None,
               game: str | Game[Any, Any] | None = None) -> list[Hit]:
        """The records that reach ``position`` (the whole board, under the game's symmetries,
        by any move order) and ``pattern``, among those the header filters keep (see
        :class:`~kifu.corpus.reader.Filters`); with neither, every record the filters keep.
        Each is one :class:`~kifu.corpus.values.Hit`: the record, where it first reaches it,
        and how its position is turned from the one asked for."""
        from kifu.corpus import pages, search

        whole_number(move, "move", 0, none=True)
        filters = _filters(player, event, date, result, rule, opening, game)
        key = None if position is None else _key(position, move)
        laid = None if pattern is None else _pattern(pattern)
        with self._reader() as reader:
            return search.hits(reader, pages.find(reader, key, laid, filters).places)

    @_in_library_terms
    def search_page(self, position: PositionLike = None, *, move: int | None = None,
                    pattern: PatternLike | None = None, sort: str = "id", order: str = "asc",
                    page: int = 1, per_page: int = 50, seconds: float | None = None,
                    player: str | None = None, event: str | None = None,
                    date: str | None = None, result: str | None = None,
                    rule: str | None = None, opening: str | None = None,
                    game: str | Game[Any, Any] | None = None) -> Page:
        """A page of what :meth:`search` finds, as ``kifu serve`` lists it: every record
        found counted (:attr:`Page.total <kifu.corpus.values.Page>`), sorted by ``sort`` (a
        column of the records: ``id``, the order they were indexed in, ``name``, ``date``,
        ``event``, ``black``, ``white``, ``result``, ``moves``, ``strength``; ``order``
        ``asc`` or ``desc``; those without a value last), and the ``page``-th ``per_page``
        of them answered (only those are read whole: a pattern thousands of records hold
        answers in the time of its count).  With ``seconds``, a pattern search still checking
        records after that long stops, and the page says so (``stopped``)."""
        import time

        from kifu.corpus import pages

        whole_number(move, "move", 0, none=True)
        whole_number(page, "page", 1)
        whole_number(per_page, "per_page", 1)
        for name, value, allowed in (("sort", sort, pages.SORTS), ("order", order, pages.ORDERS)):
            if value not in allowed:
                raise OptionError(f"{name} is one of {', '.join(allowed)}, not "
                                  f"{reprlib.repr(value)}", option=name)
        if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                    or not seconds > 0):
            raise OptionError(f"seconds is a number above 0, not {reprlib.repr(seconds)}",
                              option="seconds")
        filters = _filters(player, event, date, result, rule, opening, game)
        key = None if position is None else _key(position, move)
        laid = None if pattern is None else _pattern(pattern)
        deadline = None if seconds is None else time.monotonic() + seconds
        with self._reader() as reader:
            found = pages.find(reader, key, laid, filters, deadline)
            return pages.page(reader, found, sort, order, page, per_page)

    @_in_library_terms
    def stats(self, position: PositionLike = None, *, move: int | None = None, top: int = 10,
              player: str | None = None, event: str | None = None, date: str | None = None,
              result: str | None = None, rule: str | None = None, opening: str | None = None,
              game: str | Game[Any, Any] | None = None) -> Stats:
        """The moves played from ``position`` with their counts and how the records ended, for
        each side as in ``position`` (an opening explorer), and the ``top`` positions reached
        most often (the start left out)."""
        from kifu.corpus import search, stats

        whole_number(move, "move", 0, none=True)
        whole_number(top, "top", 0)
        filters = _filters(player, event, date, result, rule, opening, game)
        with self._reader() as reader:
            explored = None
            if position is not None:
                key_game, found = _position(position, move)
                explored = stats.explore(reader, search.key_of(key_game, found), found, filters)
            return Stats(explored, tuple(stats.frequent(reader, filters, top)) if top else ())

    @_in_library_terms
    def explore(self, position: PositionLike = None, *, move: int | None = None,
                game: str | Game[Any, Any] | None = None, recent: int = 10,
                by: str = "date", player: str | None = None, event: str | None = None,
                date: str | None = None, result: str | None = None, rule: str | None = None,
                opening: str | None = None) -> Exploration:
        """An opening explorer's step: the moves played next from ``position`` (a position,
        a :class:`~kifu.Record`, ``"RECORD[@MOVE]"``, or, with ``game``, a position's key or
        moves from the start separated by spaces; ``None``: the start the most records of
        ``game`` start from), each with the key of the position it makes, the records that
        play it and how they ended for the side to move, and the ``recent`` records with the
        latest dates that reach it (``by="strength"``: the strongest, by the weaker player's
        rank or rating).  Read from the index's hashes alone."""
        from kifu.corpus import explorer, search

        whole_number(move, "move", 0, none=True)
        whole_number(recent, "recent", 0)
        if by not in explorer.ORDERS:
            raise OptionError(f"by is one of {', '.join(explorer.ORDERS)}, not {by!r}",
                              option="by")
        filters = _filters(player, event, date, result, rule, opening, game)
        with self._reader() as reader:
            if position is None or (isinstance(position, str) and game is not None):
                plugin = _game(game, reader)
                search.check_game(reader, plugin, filters, "position")
                start = next((s.key for s in explorer.starts(reader) if s.game == plugin.name),
                             None)
                found = (explorer.position_of(plugin, position, start) if position is not None
                         else plugin.position_from_key(start) if start is not None
                         else plugin.start(Record.new(plugin.name).data))
            else:
                plugin, found = _position(position, move)
            return explorer.explore(reader, plugin, found, filters, recent, by)

    @_in_library_terms
    def starts(self) -> list[Start]:
        """The positions the index's records start from, each with its key and how many
        records start there (most first within each game)."""
        from kifu.corpus import explorer

        with self._reader() as reader:
            return explorer.starts(reader)

    @_in_library_terms
    def record(self, id: int, node: int | None = None) -> tuple[GameInfo, Place]:
        """The index's record ``id`` (as :attr:`Hit.record.id <kifu.corpus.values.GameInfo>`
        names it) and where its node ``node`` stands (its start without one)."""
        from kifu.corpus import explorer

        whole_number(id, "id", 1)
        whole_number(node, "node", 0, none=True)
        with self._reader() as reader:
            return explorer.record_place(reader, id, node)

    @_in_library_terms
    def duplicates(self, *, min_moves: int = 20, player: str | None = None,
                   event: str | None = None, date: str | None = None, result: str | None = None,
                   rule: str | None = None, opening: str | None = None,
                   game: str | Game[Any, Any] | None = None) -> list[Group]:
        """Groups of records that are one game: the same moves up to symmetry (copies, the same
        game under other headers, the same game turned), and records of at least ``min_moves``
        moves contained in a longer one; each with its evidence.  Records with no move on their
        main line are no games to deduplicate and are not compared."""
        from kifu.corpus import dedupe

        whole_number(min_moves, "min_moves", 1)
        filters = _filters(player, event, date, result, rule, opening, game)
        with self._reader() as reader:
            return dedupe.duplicates(reader, filters, min_moves)

    @_in_library_terms
    def games(self) -> list[str]:
        """The games the index holds records of."""
        with self._reader() as reader:
            return reader.games()

    def _reader(self) -> contextlib.AbstractContextManager[Reader]:
        from kifu.corpus.reader import Reader

        return Reader.opened(self.path)


def _paths(paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]]) -> list[str]:
    """The paths to index: a text or a path-like is one path (never its letters, one a
    folder), else each of an iterable of them."""
    if isinstance(paths, (str, os.PathLike)):
        return [os.fspath(paths)]
    try:
        given = list(paths)
    except TypeError:
        raise OptionError(f"paths={reprlib.repr(paths)}: give a path, or a list of paths",
                          option="paths") from None
    for path in given:
        if not isinstance(path, (str, os.PathLike)):
            raise OptionError(f"paths: {reprlib.repr(path)} is no path (a text or a "
                              "path-like)", option="paths")
    return [os.fspath(path) for path in given]


def _filters(player: str | None, event: str | None, date: str | None, result: str | None,
             rule: str | None, opening: str | None, game: str | Game[Any, Any] | None) -> Filters:
    from kifu.corpus.reader import Filters

    texts_or_none(player=player, event=event, date=date, result=result, rule=rule,
                  opening=opening)
    name = game.name if isinstance(game, Game) else game
    text_or_none("game", name)
    return Filters(player, event, date, result, rule, opening, name)


def _position(position: PositionLike, move: int | None) -> tuple[AnyGame, Any]:
    """The game and position ``position`` names."""
    if isinstance(position, (str, os.PathLike)):
        spec = os.fspath(position)
        if move is not None:
            spec += f"@{move}"
        from kifu.corpus import query

        game, found, _ = query.position_of(spec)
        return game, found
    if isinstance(position, Record):
        return position.game.plugin, position.position(move)
    for plugin in registry.games().values():
        kind = plugin.position_type()
        if kind is not None and isinstance(position, kind):
            return plugin, position
    raise CorpusError(f"{type(position).__name__} is no position of a game kifu knows; give "
                      "a game's position, a kifu.Record or 'RECORD[@MOVE]'")


def _game(game: str | Game[Any, Any] | None, reader: Reader) -> AnyGame:
    """The game named, or the one game the index holds."""
    if isinstance(game, Game):
        return game.plugin
    if game is not None:
        return registry.get(game)
    held = reader.games()
    if len(held) != 1:
        raise CorpusError(f"name the game to explore: the index holds {', '.join(held) or 'none'}")
    return registry.get(held[0])


def _key(position: PositionLike, move: int | None) -> Key:
    from kifu.corpus import search

    game, found = _position(position, move)
    return search.key_of(game, found)


def _pattern(pattern: PatternLike) -> Pattern:
    from kifu.corpus import patterns

    if isinstance(pattern, patterns.Pattern):
        return pattern
    if isinstance(pattern, str) and "\n" in pattern:
        return patterns.read_pattern(pattern)
    if not isinstance(pattern, (str, os.PathLike)):
        raise OptionError(f"pattern={reprlib.repr(pattern)}: a pattern is a Pattern, a "
                          "pattern file's path, or its text", option="pattern")
    path = os.fspath(pattern)
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise CorpusError(f"{path}: the pattern file cannot be read ({error})") from None
    return patterns.read_pattern(text, path)
