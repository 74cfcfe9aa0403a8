"""Reading an index: its records, the filters on their headers, their trails of positions.

Every question to an index goes through :class:`Reader`, which turns an SQLite error met on the
way (a damaged file) into a ``CorpusError`` that says to rebuild it.
"""
from __future__ import annotations

import contextlib
import functools
import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from kifu.base.errors import CorpusError, KifuError
from kifu.corpus import store
from kifu.corpus.store import hashes_of
from kifu.corpus.values import GameInfo, Place
from kifu.plugin import registry
from kifu.plugin.symmetry import IDENTITY, Symmetry

#: The columns of :class:`GameInfo`, in order.
_INFO = ("g.id, g.name, f.path, g.number, g.game, g.black, g.white, g.event, g.date, g.result, "
         "g.winner, g.moves, g.legal, g.problem")


@dataclass(frozen=True)
class Filters:
    """Header filters a search, the statistics and the duplicates combine with (each left out
    when ``None``): ``player`` (a part of any player's name), ``event``, ``rule``, ``opening``
    (a part of each), ``date`` (``2019``, ``2019-05``: the dates that start so; ``FROM..TO``:
    a range, either end left open), ``result`` (a result as the games read one: ``W+3.5``,
    ``B+R``, ``white``, ``black+3.5``, ``draw``, ``0``, ``?``...; compared as the winner, and
    the score or the kind of end where it gives one; text that is no result, a part of the
    result as written), ``game`` (a game's name or alias).  Text is compared without regard
    to case (ASCII letters)."""

    player: str | None = None
    event: str | None = None
    date: str | None = None
    result: str | None = None
    rule: str | None = None
    opening: str | None = None
    game: str | None = None

    def sql(self) -> tuple[str, list[Any]]:
        """The condition on the records (table ``g``) and its parameters."""
        where: list[str] = []
        values: list[Any] = []
        for column, value in (("players", self.player), ("event", self.event),
                              ("rule", self.rule), ("opening", self.opening)):
            if value is not None:
                where.append(f"g.{column} LIKE ? ESCAPE '\\'")
                values.append(f"%{_like(value)}%")
        if self.date is not None:
            low, dots, high = self.date.partition("..")
            if dots:
                if low:
                    where.append("g.date >= ?")
                    values.append(low)
                if high:
                    where.append("substr(g.date, 1, ?) <= ?")
                    values.extend([len(high), high])
            else:
                where.append("g.date LIKE ? ESCAPE '\\'")
                values.append(f"{_like(self.date)}%")
        if self.result is not None:
            condition, given = _result_condition(self.result, self.game_name())
            where.append(condition)
            values.extend(given)
        if self.game is not None:
            where.append("g.game = ?")
            values.append(self.game_name())
        return " AND ".join(where) or "1", values

    def game_name(self) -> str | None:
        """The game filtered on, by its name (an alias read); ``CorpusError`` for none."""
        if self.game is None:
            return None
        try:
            return registry.get(self.game).name
        except KifuError as error:
            raise CorpusError(error.message) from None


#: The kinds of end a result filter names besides its winner (``B+R``: black, by
#: resignation); any other (``W+``, ``black``) leaves the kind open.
_ENDINGS = frozenset({"resignation", "time", "forfeit", "foul"})


def _result_condition(text: str, game: str | None) -> tuple[str, list[Any]]:
    """The condition of a result filter: ``text`` read as each game (or ``game`` alone) reads
    a ``Result:`` header, in any language it reads (SGF's ``W+3.5``, ``B+R``, ``0``;
    ``white``, ``black+3.5``, ``draw``, ``黑中盘胜``, ``void``, ``?``...), and the records of
    that game that ended so: the same winner, and the same score or kind of end where the
    filter gives one.  Text no game reads as a result is a part of the result as written, or a
    winner's name (a seat's own name, say)."""
    games = [registry.get(game)] if game is not None else list(registry.games().values())
    parts: list[str] = []
    values: list[Any] = []
    for each in games:
        try:
            said = each.parse_result(text, strict=True)
        except KifuError:
            continue
        if said.kind == "void":
            parts.append("(g.game = ? AND g.ending = 'void')")
            values.append(each.name)
            continue
        if not said.decided:  # the result is not known
            parts.append("(g.game = ? AND g.winner IS NULL AND coalesce(g.ending, '') != 'void')")
            values.append(each.name)
            continue
        part = "g.game = ? AND lower(g.winner) = lower(?)"
        values.extend([each.name, said.winner or "draw"])
        if said.score is not None:
            part += " AND g.score = ?"
            values.append(said.score)
        if said.kind in _ENDINGS:
            part += " AND g.ending = ?"
            values.append(said.kind)
        parts.append(f"({part})")
    if not parts:
        return ("(lower(g.winner) = lower(?) OR g.result LIKE ? ESCAPE '\\')",
                [text, f"%{_like(text)}%"])
    return f"({' OR '.join(parts)})", values


def _like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


@dataclass
class Trail:
    """A record's positions as the index keeps them (see
    :class:`kifu.corpus.indexing.IndexedRecord`)."""

    hashes: Sequence[int]
    images: bytes
    lines: list[list[Any]]
    log: bytes | None

    def place(self, node: int) -> Place:
        """Where node ``node`` stands."""
        first = 0
        for path, depth, count, number, events in self.lines:
            if node < first + count:
                at = depth + node - first
                return Place(node, at, number + (at - depth) - sum(1 for e in events if e <= at),
                             path)
            first += count
        raise CorpusError(f"node {node} is past the record's positions; the index is damaged")

    def children(self, node: int) -> list[int]:
        """The nodes that follow ``node``: the next of its line, and the first of each
        variation that replaces the entry after it."""
        lines = self._layout()
        found = []
        for path, (first, depth, count) in lines.items():
            if first <= node < first + count:
                own, at = path, depth + node - first
                if node + 1 < first + count:
                    found.append(node + 1)
                break
        else:
            return found
        for path, (first, _, _) in lines.items():
            if path and path[-2] == at + 1 and _owner(lines, path[:-2], at) == own:
                found.append(first)
        return found

    def _layout(self) -> dict[tuple[int, ...], tuple[int, int, int]]:
        """Each line's path, first node, first depth and count of nodes."""
        layout = {}
        first = 0
        for path, depth, count, _, _ in self.lines:
            key = tuple(int(p) for p in path.split(".")) if path else ()
            layout[key] = (first, depth, count)
            first += count
        return layout

    def main_count(self) -> int:
        return int(self.lines[0][2]) if self.lines else 0



def _owner(lines: dict[tuple[int, ...], tuple[int, int, int]], path: tuple[int, ...],
           depth: int) -> tuple[int, ...]:
    """The line whose nodes hold the position at ``depth`` of the line ``path``: that line,
    or the line it branches from, if it starts later."""
    while path and (path not in lines or lines[path][1] > depth):
        path = path[:-2]
    return path


class Reader:
    """An index opened for reading (see :func:`kifu.corpus.store.open_index`)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.db = store.open_index(path)

    def close(self) -> None:
        self.db.close()

    @classmethod
    @contextlib.contextmanager
    def opened(cls, path: str) -> Iterator[Reader]:
        """The index at ``path`` opened for the time of a block, its SQLite errors said as
        :meth:`guarded` says them."""
        reader = cls(path)
        try:
            with reader.guarded():
                yield reader
        finally:
            reader.close()

    @contextlib.contextmanager
    def guarded(self) -> Iterator[None]:
        """SQLite errors as a ``CorpusError`` that says to rebuild the index."""
        try:
            yield
        except sqlite3.Error as error:
            raise store.damaged(self.path, error) from None

    def execute(self, sql: str, values: Sequence[Any] = ()) -> list[Any]:
        with self.guarded():
            return self.db.execute(sql, values).fetchall()

    def games(self) -> list[str]:
        """The games the index holds records of."""
        return [row[0] for row in self.execute("SELECT DISTINCT game FROM game WHERE game IS "
                                               "NOT NULL ORDER BY game")]

    def holds(self, game: str) -> bool:
        """Whether the index holds a record of ``game``."""
        return bool(self.execute("SELECT 1 FROM game WHERE game = ? LIMIT 1", (game,)))

    def infos(self, ids: Sequence[int]) -> dict[int, GameInfo]:
        found: dict[int, GameInfo] = {}
        for start in range(0, len(ids), 500):
            chunk = list(ids[start:start + 500])
            marks = ",".join("?" * len(chunk))
            for row in self.execute(f"SELECT {_INFO} FROM game g JOIN file f ON f.id = g.file "
                                    f"WHERE g.id IN ({marks})", chunk):
                found[row[0]] = info_of(row)
        return found

    def filtered(self, filters: Filters) -> list[int]:
        """The ids of the records the filters keep, in index order."""
        where, values = filters.sql()
        return [row[0] for row in self.execute(f"SELECT g.id FROM game g WHERE {where} "
                                               "ORDER BY g.id", values)]

    def trail(self, game: int) -> Trail:
        rows = self.execute("SELECT hashes, images, lines, log FROM trail WHERE game = ?",
                            (game,))
        if not rows:
            return Trail([], b"", [], None)
        hashes, images, lines, log = rows[0]
        return Trail(hashes_of(hashes), images, json.loads(lines), log)

    def trails(self, games: Sequence[int]) -> dict[int, Trail]:
        """The trails of ``games`` (read a few hundred at a time)."""
        found: dict[int, Trail] = {}
        for chunk in _chunks(games):
            marks = ",".join("?" * len(chunk))
            for game, hashes, images, lines, log in self.execute(
                    f"SELECT game, hashes, images, lines, log FROM trail WHERE game IN ({marks})",
                    chunk):
                found[game] = Trail(hashes_of(hashes), images, json.loads(lines), log)
        for game in games:
            found.setdefault(game, Trail([], b"", [], None))
        return found

    def changes(self, games: Sequence[int]) -> Iterator[tuple[int, bytes]]:
        """What the index keeps of each grid record's points (see
        :func:`kifu.corpus.indexing.histories`), read a few hundred at a time, in order."""
        for chunk in _chunks(games):
            marks = ",".join("?" * len(chunk))
            rows = dict(self.execute(f"SELECT game, log FROM trail WHERE game IN ({marks}) AND "
                                     "log IS NOT NULL", chunk))
            for game in chunk:
                if game in rows:
                    yield game, rows[game]

    def winners(self, games: Sequence[int]) -> dict[int, tuple[str | None, list[str]]]:
        """Each record's winner (``None`` unknown) and its sides."""
        found: dict[int, tuple[str | None, list[str]]] = {}
        for chunk in _chunks(games):
            marks = ",".join("?" * len(chunk))
            for game, winner, sides in self.execute(
                    f"SELECT id, winner, sides FROM game WHERE id IN ({marks})", chunk):
                found[game] = (winner, list(json.loads(sides)))
        return found

    def symmetry(self, game: int) -> Symmetry:
        """The symmetry record ``game`` was indexed under."""
        rows = self.execute("SELECT s.data FROM game g JOIN symmetry s ON s.id = g.symmetry "
                            "WHERE g.id = ?", (game,))
        return symmetry_of(rows[0][0]) if rows else IDENTITY

    def sides(self, game: int) -> list[str]:
        rows = self.execute("SELECT sides FROM game WHERE id = ?", (game,))
        return list(json.loads(rows[0][0])) if rows else []


def _chunks(ids: Sequence[int], size: int = 500) -> list[list[int]]:
    return [list(ids[start:start + size]) for start in range(0, len(ids), size)]


@functools.lru_cache(maxsize=64)
def symmetry_of(data: str) -> Symmetry:
    """A symmetry as the index keeps it (names, swaps and composition)."""
    found = json.loads(data)
    return Symmetry(tuple(found["names"]), tuple(found["swaps"]),
                    tuple(tuple(row) for row in found["compose"]))


def info_of(row: Sequence[Any]) -> GameInfo:
    """A row of ``_INFO`` as a :class:`GameInfo` (the path as the user may read it)."""
    values = list(row)
    values[2] = shown(values[2])
    values[1] = values[2] + values[1][len(row[2]):] if values[1].startswith(row[2]) else values[1]
    values[12] = bool(values[12])
    return GameInfo(*values)


def shown(path: str) -> str:
    """A path kept absolute, as people read it here: relative to the current folder when it
    lies below it."""
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive
        return path
    return path if relative.startswith("..") else relative
