"""Reading an index: its records, the filters on their headers, their trails of positions.

Every question to an index goes through :class:`Reader`, which checks what it reads
(:mod:`kifu.corpus.checks`: each row against its checksum, the rows a question reads whole or
by a key against their tallies, each value as it is decoded) and turns a value that is not
what kifu wrote, or an SQLite error met on the way, into a ``CorpusError`` that names the
index, the record it belongs to where one does, and says to rebuild it.  Its queries read the
records' table itself (``NOT INDEXED``): the table's one index (of the records by file, for an
update) is checked by nothing, and a damaged page of it would leave records out of an answer.
"""
from __future__ import annotations

import contextlib
import functools
import json
import os
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from kifu.base.errors import CorpusError, KifuError
from kifu.corpus import checks, continuations, occupancy, store
from kifu.corpus.checks import Changes, Damage, checksum, expect, whole
from kifu.corpus.values import GameInfo, Place
from kifu.plugin import registry
from kifu.plugin.symmetry import IDENTITY, Symmetry

#: The columns of a record's row and of its file's, as the reader reads them (table ``g``,
#: table ``f``), each with its checksum.
_ROW = (", ".join(f"g.{column}" for column in store.GAME_COLUMNS) + ", g.checksum, "
        + ", ".join(f"f.{column}" for column in store.FILE_COLUMNS) + ", f.checksum")
_GAME_VALUES = len(store.GAME_COLUMNS)
_FILE_VALUES = len(store.FILE_COLUMNS)
#: SQL: whether the values of a record's row (``g``) that questions over every record select
#: on are as they were written (:func:`kifu.corpus.store.keys`).
KEYS_INTACT = f"g.keys IS ({store.keys('g')})"


@dataclass(frozen=True)
class Filters:
    """Header filters a search, the statistics and the duplicates combine with (each left out
    when ``None``): ``player`` (a part of any player's name), ``event``, ``rule``, ``opening``
    (a part of each), ``date`` (``2019``, ``2019-05``: the dates that start so; ``FROM..TO``:
    a range, either end left open), ``result`` (a result as the games read one: ``W+3.5``,
    ``B+R``, ``white``, ``black+3.5``, ``draw``, ``0``, ``?``...; compared as the winner, and
    the score or the kind of end where it gives one; text that is no result, a part of the
    result as written), ``game`` (a game's name or alias).  Text is compared without regard
    to case, in every script (``Öberg`` finds ``öberg``)."""

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
                where.append(f"instr(kifu_fold(g.{column}), ?) > 0")
                values.append(value.casefold())
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
                folded = self.date.casefold()
                where.append("substr(kifu_fold(g.date), 1, ?) = ?")
                values.extend([len(folded), folded])
        if self.result is not None:
            condition, given = _result_condition(self.result, self.game_name())
            where.append(condition)
            values.extend(given)
        if self.game is not None:
            where.append("g.game = ?")
            values.append(self.game_name())
        return " AND ".join(where) or "1", values

    def keep_all(self) -> bool:
        """Whether they keep every record of a game (none given but the game)."""
        return (self.player, self.event, self.date, self.result, self.rule,
                self.opening) == (None,) * 6

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
    filter gives one.  Words after SGF's ``+`` that no game reads as a margin or a kind of end
    (``W+1e400``, ``W+Illegal``) keep that winner's records whose result says them too, never
    every win of that side.  Text no game reads as a result is a part of the result as
    written, or a winner's name (a seat's own name, say)."""
    games = [registry.get(game)] if game is not None else list(registry.games().values())
    folded = text.casefold()
    unread = _unread_reason(text)
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
        part = "g.game = ? AND kifu_fold(g.winner) = ?"
        values.extend([each.name, (said.winner or "draw").casefold()])
        if said.score is not None:
            part += " AND g.score = ?"
            values.append(said.score)
        if said.kind in _ENDINGS:
            part += " AND g.ending = ?"
            values.append(said.kind)
        elif said.score is None and unread:
            part += " AND instr(kifu_fold(g.result), ?) > 0"
            values.append(unread)
        parts.append(f"({part})")
    if not parts:
        return ("(kifu_fold(g.winner) = ? OR instr(kifu_fold(g.result), ?) > 0)",
                [folded, folded])
    return f"({' OR '.join(parts)})", values


def _unread_reason(text: str) -> str:
    """What follows SGF's ``+`` in a result filter (``1e400`` of ``W+1e400``), case-folded;
    ``""`` when nothing does."""
    _, plus, after = text.partition("+")
    return " ".join(after.split()).casefold() if plus else ""


@dataclass(frozen=True)
class Stored:
    """A record's row as the index keeps it, checked: what the answers are made of."""

    id: int
    name: str
    path: str
    number: int
    game: str
    black: str | None
    white: str | None
    event: str | None
    date: str | None
    result: str | None
    winner: str | None
    moves: int
    legal: bool
    problem: str | None
    sides: tuple[str, ...]
    headers: str
    positions: int
    grid: str | None
    symmetry: int | None
    final: int | None
    final_image: int | None
    digest: bytes | None
    strength: float | None = None

    def info(self) -> GameInfo:
        """The record as an answer names it (its path as the user may read it)."""
        path = shown(self.path)
        return GameInfo(self.id, shown_name(self.name, self.path, path), path, self.number,
                        self.game, self.black, self.white, self.event, self.date, self.result,
                        self.winner, self.moves, self.legal, self.problem, self.strength)


def _stored(values: Sequence[Any], path: Any) -> Stored:
    """A record's row (:data:`kifu.corpus.store.GAME_COLUMNS`) and its file's path, each
    value checked to be of the kind kifu writes."""
    (game, _, number, name, kind, black, white, _, event, date, result, winner, _, _, _, _,
     strength, sides, headers, moves, positions, legal, problem, grid, symmetry, _, final, final_image,
     digest) = values
    for text, what in ((kind, "game"), (black, "black"), (white, "white"), (event, "event"),
                       (date, "date"), (result, "result"), (winner, "winner"),
                       (problem, "problem"), (grid, "grid")):
        expect(text, str, what, game, none=what != "game")
    expect(name, bytes, "name", game)
    expect(path, bytes, "path", game)
    expect(digest, bytes, "digest", game, none=True)
    expect(headers, str, "headers", game)
    if legal not in (0, 1):
        raise Damage(f"its legality is {legal!r}", game)
    return Stored(game, os.fsdecode(name), os.fsdecode(path), whole(number, "number", game, low=1),
                  kind, black, white, event, date, result, winner,
                  whole(moves, "count of moves", game), bool(legal), problem,
                  tuple(checks.texts_of(sides, "sides", game)), headers,
                  whole(positions, "count of positions", game), grid,
                  whole(symmetry, "symmetry", game, none=True),
                  expect(final, int, "final position", game, none=True),
                  whole(final_image, "final image", game, none=True), digest,
                  expect(strength, float, "strength", game, none=True))


@dataclass
class Trail:
    """A record's positions as the index keeps them (see
    :class:`kifu.corpus.indexing.IndexedRecord`), checked."""

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
        raise Damage(f"node {node} is past the record's positions")

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


#: The trail of a record without positions.
NO_TRAIL = Trail([], b"", [], None)


def _owner(lines: dict[tuple[int, ...], tuple[int, int, int]], path: tuple[int, ...],
           depth: int) -> tuple[int, ...]:
    """The line whose nodes hold the position at ``depth`` of the line ``path``: that line,
    or the line it branches from, if it starts later."""
    while path and (path not in lines or lines[path][1] > depth):
        path = path[:-2]
    return path


class Checked:
    """Records' rows and trails checked (against their checksums, their values against what
    kifu writes), kept from one question to the next for one index file as it is: shared by
    the readers of a server's threads (:class:`Reader`'s ``checked``), the
    :data:`KEPT_RECORDS` records used last at most.  Its owner makes another for a file that
    changed (``kifu serve``: another device, inode, size or time of change), so that no row
    of one file answers for another's."""

    def __init__(self, limit: int | None = None) -> None:
        self.limit = KEPT_RECORDS if limit is None else limit
        self._lock = threading.Lock()
        self._rows: OrderedDict[int, Stored] = OrderedDict()
        self._trails: OrderedDict[int, Trail] = OrderedDict()

    def row(self, game: int) -> Stored | None:
        found: Stored | None = self._used(self._rows, game)
        return found

    def trail(self, game: int) -> Trail | None:
        found: Trail | None = self._used(self._trails, game)
        return found

    def keep_row(self, stored: Stored) -> None:
        self._keep(self._rows, stored.id, stored)

    def keep_trail(self, game: int, trail: Trail) -> None:
        self._keep(self._trails, game, trail)

    def _used(self, kept: OrderedDict[int, Any], game: int) -> Any:
        with self._lock:
            found = kept.get(game)
            if found is not None:
                kept.move_to_end(game)
            return found

    def _keep(self, kept: OrderedDict[int, Any], game: int, value: Any) -> None:
        with self._lock:
            kept[game] = value
            kept.move_to_end(game)
            while len(kept) > self.limit:
                kept.popitem(last=False)


class Reader:
    """An index opened for reading (see :func:`kifu.corpus.store.open_index`), each thing it
    reads checked; with ``checked``, the records' rows and trails it checks are kept there
    for other questions (and readers) of the same file, and read from there."""

    def __init__(self, path: str, checked: Checked | None = None) -> None:
        self.path = path
        self.db = store.open_index(path)
        self.checked = checked
        #: What was checked whole: ``game`` (every record's row), ``position`` (every
        #: position's row).
        self._checked: set[str] = set()
        self._tallies: dict[str, list[int]] | None = None
        self._symmetries: dict[int, Symmetry] = {}
        #: The records' rows checked already (a question reads some twice: to find, then to
        #: answer), up to :data:`_KEPT_ROWS`.
        self._stored: dict[int, Stored] = {}
        self._explored: dict[int, continuations.Row | None] = {}
        #: The trails read for the question, checked (an explorer's step reads those of the
        #: records it lists twice: where each reaches the position, then their places), up
        #: to :data:`_KEPT_TRAILS`.
        self._trails: dict[int, Trail] = {}
        #: The games the index was found to hold records of, or not (:meth:`holds`): the
        #: file stays the same while it is open (a server opens a replaced index anew).
        self._holds: dict[str, bool] = {}
        #: The places of the last position looked up in its bucket, checked (an explorer's
        #: step looks its position up twice: what follows it, and the records that reach it
        #: first).
        self._bucket: tuple[int, list[int]] | None = None

    def close(self) -> None:
        self.db.close()

    def next_question(self) -> None:
        """A reader kept open for another question (a server's) drops the rows it kept for
        the last one (what it checked whole stays checked: the file is the same)."""
        self._stored.clear()
        self._explored.clear()
        self._trails.clear()
        self._bucket = None

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
        """A damaged value, or an SQLite error met on the way, as a ``CorpusError`` that
        names the record it belongs to (where one does) and says to rebuild the index."""
        try:
            yield
        except Damage as error:
            raise store.DamagedIndex(self.path, error.what, self._named(error.game)) from None
        except (sqlite3.Error, UnicodeDecodeError) as error:
            raise store.damaged(self.path, error, self._located()) from None

    def execute(self, sql: str, values: Sequence[Any] = ()) -> list[Any]:
        with self.guarded():
            return self.db.execute(sql, values).fetchall()

    # -- records -----------------------------------------------------------------------------

    def records(self, ids: Sequence[int]) -> dict[int, Stored]:
        """The rows of the records ``ids``, checked (a few hundred at a time): each must be
        there (the index named it: a row not found is damage, a page that leads a lookup
        astray, say)."""
        known = self._stored
        found = {game: known[game] for game in ids if game in known}
        if len(found) == len(ids):
            return found
        if len(known) > _KEPT_ROWS:  # a question over many records keeps them in chunks
            known.clear()
        shared = self.checked
        if shared is not None:
            for game in ids:
                if game not in found:
                    stored = shared.row(game)
                    if stored is not None:
                        found[game] = known[game] = stored
        for chunk in chunks([game for game in ids if game not in found]):
            marks = ",".join("?" * len(chunk))
            for row in self.execute(f"SELECT {_ROW} FROM game g NOT INDEXED LEFT JOIN file f ON f.id = "
                                    f"g.file WHERE g.id IN ({marks})", chunk):
                stored = found[row[0]] = known[row[0]] = self._checked_row(row)
                if shared is not None:
                    shared.keep_row(stored)
            all_found(chunk, found)
        return found

    def _checked_row(self, row: Sequence[Any]) -> Stored:
        game = row[0]
        if checksum("game", *row[:_GAME_VALUES]) != row[_GAME_VALUES]:
            raise Damage("its row does not match its checksum", game)
        file_row = row[_GAME_VALUES + 1:_GAME_VALUES + 1 + _FILE_VALUES]
        if file_row[0] is None:
            raise Damage("the row of its file is missing", game)
        if checksum("file", *file_row) != row[-1]:
            raise Damage("the row of its file does not match its checksum", game)
        whole(file_row[2], "file's size", game)
        expect(file_row[3], int, "file's time", game)
        expect(file_row[4], str, "file's problem", game, none=True)
        return _stored(row[:_GAME_VALUES], file_row[1])

    def infos(self, ids: Sequence[int]) -> dict[int, GameInfo]:
        return {game: stored.info() for game, stored in self.records(ids).items()}

    def check_records(self) -> None:
        """What a question that selects among every record (a filter, a pattern, the
        duplicates) answers from, checked: each row's searched values against the copy it
        keeps of them, and the rows against their tally (a row lost, or one whose checksum
        changed, shows there).  The rows it selects are read, and checked whole, as it
        answers."""
        if "game" in self._checked:
            return
        [(rows, low, high, wrong)] = self.execute(
            f"SELECT {checks.ROW_TALLY}, coalesce(sum(NOT ({KEYS_INTACT})), 0) FROM game g NOT INDEXED")
        if wrong:
            [(game,)] = self.execute(f"SELECT g.id FROM game g NOT INDEXED WHERE NOT ({KEYS_INTACT}) "
                                     "LIMIT 1")
            raise self._damage(Damage("its searched values are not those it was written with",
                                      game))
        self._match_tally([rows, low, high])
        self._checked.add("game")

    def check_tally(self) -> None:
        """The records' rows against their tally alone (a row lost, or one whose checksum
        changed, shows there), without :meth:`check_records`' comparison of every row's
        searched values: for a question that reads the rows it selects whole, and selects
        them by what the rest of the index holds (a pattern without header filters, by the
        sieve's bitmaps), each row it reads then checked as it is read."""
        if "game" in self._checked or "game tally" in self._checked:
            return
        [found] = self.execute(f"SELECT {checks.ROW_TALLY} FROM game g NOT INDEXED")
        self._match_tally(list(found))
        self._checked.add("game tally")

    def _match_tally(self, found: list[int]) -> None:
        if found != self._tally("game"):
            raise self._damage(Damage("the records' rows do not match their tally: a record's "
                                      "row is missing, or was changed"))

    def grids(self) -> list[str]:
        """The grids the index keeps the stones of (``game grid``: ``freego 19x19``; see
        :meth:`occupancy`), as their tallies name them, which the rows agree with."""
        named = sorted(name.partition(" ")[2] for name in self._tallies_read()
                       if name.startswith("occupancy "))
        held = [row[0] for row in self.execute("SELECT DISTINCT grid FROM occupancy ORDER BY grid")]
        if named != held:
            raise self._damage(Damage("the rows of the grids' stones do not match their tally"))
        return named

    def _tally(self, name: str) -> list[int]:
        """The tally of the rows ``name`` (``game``, ``occupancy GRID``), ``[0, 0, 0]`` for
        none: the table of tallies is read whole (once), not through an index."""
        return self._tallies_read().get(name, [0, 0, 0])

    def _tallies_read(self) -> dict[str, list[int]]:
        """The table of tallies, read whole (once)."""
        if self._tallies is None:
            tallies: dict[str, list[int]] = {}
            for row in self.execute("SELECT name, rows, low, high FROM tally"):
                if not (isinstance(row[0], str) and all(type(value) is int for value in row[1:])
                        ) or row[0] in tallies:
                    raise self._damage(Damage("its tallies are not what kifu writes"))
                tallies[row[0]] = list(row[1:])
            self._tallies = tallies
        return self._tallies

    def _bucket_tally(self, bucket: int) -> list[int]:
        """The tally of a bucket's position rows (``[0, 0, 0]`` for none), by its number."""
        rows = self.execute("SELECT rows, low, high FROM bucket WHERE id = ?", (bucket,))
        if not rows:
            return [0, 0, 0]
        if not all(type(value) is int for value in rows[0]):
            raise self._damage(Damage("a tally of positions is not what kifu writes"))
        return list(rows[0])

    def _damage(self, damage: Damage) -> store.DamagedIndex:
        return store.DamagedIndex(self.path, damage.what, self._named(damage.game))

    def filtered(self, filters: Filters) -> list[int]:
        """The ids of the records the filters keep, in index order."""
        self.check_records()
        where, values = filters.sql()
        return [row[0] for row in self.execute(f"SELECT g.id FROM game g NOT INDEXED WHERE {where} "
                                               "ORDER BY g.id", values)]

    def kept(self, ids: Sequence[int], filters: Filters, game: str | None = None) -> set[int]:
        """Which of the records ``ids`` (checked already) are of ``game`` (if given) and kept
        by the filters."""
        where, values = filters.sql()
        if game is not None:
            where, values = f"g.game = ? AND {where}", [game, *values]
        found: set[int] = set()
        for chunk in chunks(ids):
            marks = ",".join("?" * len(chunk))
            rows = self.execute(f"SELECT g.id, {where} FROM game g NOT INDEXED WHERE g.id IN ({marks})",
                                [*values, *chunk])
            all_found(chunk, {row[0] for row in rows})
            found.update(row[0] for row in rows if row[1])
        return found

    def games(self) -> list[str]:
        """The games the index holds records of."""
        self.check_records()
        return [row[0] for row in self.execute("SELECT DISTINCT game FROM game NOT INDEXED WHERE game IS "
                                               "NOT NULL ORDER BY game")]

    def holds(self, game: str) -> bool:
        """Whether the index holds a record of ``game`` (one found is checked; none found,
        the records are), asked of the file once."""
        known = self._holds.get(game)
        if known is not None:
            return known
        found = self.execute("SELECT id FROM game NOT INDEXED WHERE game = ? LIMIT 1", (game,))
        with self.guarded():
            if found:
                self._holds[game] = bool(self.records([found[0][0]]))
                return self._holds[game]
        self.check_records()
        self._holds[game] = False
        return False

    # -- trails ------------------------------------------------------------------------------

    def trails(self, games: Sequence[int],
               stored: dict[int, Stored] | None = None) -> dict[int, Trail]:
        """The trails of ``games`` (read a few hundred at a time), each checked against its
        checksum and its record (``stored``, or read here)."""
        found: dict[int, Trail] = {}
        for game, trail in self.each_trail(games, stored):
            found[game] = trail
        return found

    def each_trail(self, games: Sequence[int], stored: dict[int, Stored] | None = None
                   ) -> Iterator[tuple[int, Trail]]:
        """:meth:`trails`, one at a time, in the order of ``games``."""
        kept = self._trails
        shared = self.checked
        for chunk in chunks(games):
            rows = stored if stored is not None else self.records(chunk)
            have = {game: kept[game] for game in chunk if game in kept}
            if shared is not None:
                for game in chunk:
                    if game not in have:
                        trail = shared.trail(game)
                        if trail is not None:
                            have[game] = trail
            unread = [game for game in chunk if game not in have]
            read = {}
            if unread:
                marks = ",".join("?" * len(unread))
                read = {row[0]: row for row in self.execute(
                    f"SELECT game, hashes, images, lines, log, checksum FROM trail WHERE game "
                    f"IN ({marks})", unread)}
            with self.guarded():
                for game in chunk:
                    record = rows.get(game)
                    if record is None:
                        raise Damage(f"the index names a record (id {game}) that has no row")
                    trail = have.get(game)
                    if trail is None:
                        trail = self._trail(record, read.get(game))
                        if shared is not None:
                            shared.keep_trail(game, trail)
                    if len(kept) < _KEPT_TRAILS:
                        kept[game] = trail
                    yield game, trail

    def trail(self, game: int) -> Trail:
        return self.trails([game])[game]

    def _trail(self, record: Stored, row: Sequence[Any] | None) -> Trail:
        game = record.id
        if row is None:
            if record.positions:
                raise Damage("its trail of positions is missing", game)
            return NO_TRAIL
        if checksum("trail", *row[:5]) != row[5]:
            raise Damage("its trail of positions does not match its checksum", game)
        _, hashes, images, lines, log = row[:5]
        count = record.positions
        symmetry = self.symmetry(record.symmetry, game)
        expect(log, bytes, "log", game, none=True)
        return Trail(checks.hashes_of(hashes, count, game),
                     checks.images_of(images, count, len(symmetry), game),
                     checks.lines_of(lines, count, game), log)

    def changes(self, games: Sequence[int], records: dict[int, Stored]
                ) -> Iterator[tuple[int, Trail, Changes]]:
        """What the index keeps of each grid record's points (see
        :func:`kifu.corpus.indexing.histories`), checked, in order, with its trail."""
        for game, trail in self.each_trail(games, records):
            record = records[game]
            if trail.log is None or record.grid is None:
                continue
            columns, rows = checks.grid_of(record.grid, game)
            with self.guarded():
                yield game, trail, Changes(trail.log, columns * rows, record.positions, game)

    def logs(self, games: Sequence[int], grid: str, swaps: int, points: int
             ) -> Iterator[tuple[int, int, bytes]]:
        """``(game, positions, log)``: each grid record's log of changes point by point,
        decompressed (:func:`kifu.corpus.checks.log_data`), and its count of positions, in
        order: what a pattern search checks of a record of ``grid`` (``game grid``, whose
        records' symmetry swaps colours or not: ``swaps``) that may hold it, read a few
        hundred at a time.  Its record's searched values are checked against their copy and
        must be of that grid; its trail's row is checked against its checksum; its record's
        row gives its count of positions here, which the log must agree with (the search
        checks the log's header); the row is read whole and checked where the record is
        answered with.  A record without a log (not on a grid) is left out, and so is one
        the index no longer holds (the sieve's bitmaps keep the bits of records an update
        took out) where a scan of the records' table does not find it either."""
        for chunk in chunks(games):
            marks = ",".join("?" * len(chunk))
            rows = {row[0]: row for row in self.execute(
                f"SELECT g.id, g.game || ' ' || g.grid, g.swaps, {KEYS_INTACT}, g.positions, "
                f"t.game, t.hashes, t.images, t.lines, t.log, t.checksum FROM game g NOT INDEXED "
                f"LEFT JOIN trail t ON t.game = g.id WHERE g.id IN ({marks})", chunk)}
            if len(rows) < len(chunk):
                self._gone([game for game in chunk if game not in rows])
            with self.guarded():
                for game in chunk:
                    if game not in rows:
                        continue
                    _, of_grid, swapping, intact, positions, *trail, check = rows[game]
                    if not intact:
                        raise Damage("its searched values are not those it was written with",
                                     game)
                    if (of_grid, swapping) != (grid, swaps):
                        raise Damage(f"the index's stones of {grid} name it, of {of_grid}",
                                     game)
                    nodes = whole(positions, "count of positions", game)
                    if trail[0] is None:
                        if nodes:
                            raise Damage("its trail of positions is missing", game)
                        continue
                    if checksum("trail", *trail) != check:
                        raise Damage("its trail of positions does not match its checksum",
                                     game)
                    if trail[4] is not None:
                        yield game, nodes, checks.log_data(trail[4], points, nodes, game)

    def _gone(self, missing: Sequence[int]) -> None:
        """:class:`Damage` unless the records ``missing`` (not found by their ids) are not in
        the records' table at all: a scan, which no damaged page of the table's tree leads
        astray as a lookup by id may be."""
        marks = ",".join("?" * len(missing))
        found = self.execute(f"SELECT g.id FROM game g NOT INDEXED WHERE +g.id IN ({marks}) "
                             "LIMIT 1", missing)
        if found:
            raise self._damage(Damage(f"the index names a record (id {found[0][0]}) whose row "
                                      "is not found by its id"))

    # -- positions ---------------------------------------------------------------------------

    def positions(self, value: int) -> list[tuple[int, int]]:
        """``(game, place)`` of every row of the hash ``value``, in index order: looked up
        where every row was checked, and their tree (:meth:`check_positions` with
        ``ordered``), else picked from the rows of its bucket as they are checked
        (:meth:`bucket`)."""
        if "position order" in self._checked:
            return [(place >> store.GAME_SHIFT, place) for (place,) in self.execute(
                "SELECT place FROM position WHERE hash = ? ORDER BY place", (value,))]
        return [(place >> store.GAME_SHIFT, place) for place in self.bucket(value)]

    def bucket(self, value: int) -> list[int]:
        """The places of the position rows of the hash ``value``, in order, picked from the
        rows of its bucket in the one pass that checks them against the bucket's tally (a
        row lost, changed, or found where it does not belong shows there; and an answer
        read from these rows is right even where a damaged page would lead a lookup
        astray, since every row of the bucket is read, in whatever order the pages hold
        them).  The pass runs in SQLite: a bucket holds thousands of rows."""
        if self._bucket is not None and self._bucket[0] == value:
            return self._bucket[1]
        bucket = checks.bucket_of(value)
        low, high = checks.bucket_range(bucket)
        [(rows, low_sum, high_sum, wrong, picked)] = self.execute(
            f"SELECT {checks.POSITION_TALLY}, coalesce(sum(typeof(hash) != 'integer' OR "
            "typeof(place) != 'integer'), 0), json_group_array(place) FILTER (WHERE hash = ?) "
            "FROM position WHERE hash BETWEEN ? AND ?", (value, low, high))
        if wrong:
            raise self._damage(Damage("a position's row is not what kifu writes"))
        if [rows, low_sum, high_sum] != self._bucket_tally(bucket):
            raise self._damage(Damage("the rows of the positions do not match their tally: a "
                                      "position's row is missing, or was changed"))
        places: list[int] = json.loads(picked)
        if not isinstance(places, list) or not all(type(place) is int for place in places):
            raise self._damage(Damage("a position's row is not what kifu writes"))
        places.sort()
        self._bucket = (value, places)
        return places

    def check_positions(self, ordered: bool = False) -> None:
        """Every position row checked against the tallies of the buckets, summed: what a
        question over all the positions answers from (it reads them whole, in any order; a
        lookup checks its bucket's rows and their order itself, :meth:`bucket`).  With
        ``ordered``, their tree too (SQLite's own check: its rows in order, so that a lookup
        finds every row of its hash), for a question that looks up positions by the
        thousand (the duplicates: the buckets read one by one would be every row read in
        Python)."""
        if "position" not in self._checked:
            [found] = self.execute(f"SELECT {checks.POSITION_TALLY}, coalesce(sum("
                                   "typeof(hash) != 'integer' OR typeof(place) != 'integer'), "
                                   "0) FROM position")
            [kept] = self.execute("SELECT coalesce(sum(rows), 0), coalesce(sum(low), 0), "
                                  "coalesce(sum(high), 0), coalesce(sum(typeof(rows) != "
                                  "'integer' OR typeof(low) != 'integer' OR typeof(high) != "
                                  "'integer'), 0) FROM bucket")
            if found[3] or kept[3] or list(found[:3]) != list(kept[:3]):
                raise self._damage(Damage("the rows of the positions do not match their "
                                          "tally: a position's row is missing, or was changed"))
            self._checked.add("position")
        if ordered and "position order" not in self._checked and \
                sqlite3.sqlite_version_info >= (3, 33):  # integrity_check(TABLE) is of 3.33
            verdict = self.execute("PRAGMA integrity_check(position)")
            if verdict != [("ok",)]:
                raise self._damage(Damage("the rows of the positions are not in order "
                                          f"({verdict[0][0]})"))
            self._checked.add("position order")

    def explored(self, value: int) -> continuations.Row | None:
        """The explorer's rows of the position ``value`` (:mod:`kifu.corpus.continuations`),
        checked; ``None`` where the index keeps none (fewer records reach it: their trails
        answer).  Rows of the same winners share them: they are read, never changed."""
        if value not in self._explored:
            with self.guarded():
                self._explored[value] = continuations.read(self.db, value, shared=True)
        return self._explored[value]

    # -- shared rows -------------------------------------------------------------------------

    def symmetry(self, symmetry: int | None, game: int | None = None) -> Symmetry:
        """The symmetry ``symmetry`` (a record's), checked."""
        if symmetry is None:
            return IDENTITY
        known = self._symmetries.get(symmetry)
        if known is None:
            rows = self.execute("SELECT id, data, checksum FROM symmetry WHERE id = ?",
                                (symmetry,))
            with self.guarded():
                if not rows:
                    raise Damage("the row of its symmetry is missing", game)
                if checksum("symmetry", *rows[0][:2]) != rows[0][2]:
                    raise Damage("the row of its symmetry does not match its checksum", game)
                names, swaps, compose = checks.symmetry_of(rows[0][1], game)
            known = self._symmetries[symmetry] = Symmetry(names, swaps, compose)
        return known

    def occupancy(self, grid: str, wanted: Collection[tuple[int, int]]
                  ) -> dict[tuple[int, int], occupancy.Bitmaps]:
        """The bitmaps of a grid's points and kinds (``game grid``: ``freego 19x19``;
        :mod:`kifu.corpus.occupancy`) that are ``wanted`` (``(point, kind)``), where the index
        has them: every row of the grid checked (its checksum; a row out of place may be read
        twice, and another left out, so the rows in order; the rows against their tally), each
        one kept read (:class:`kifu.corpus.occupancy.Bitmaps`) as its bitmaps are decoded."""
        found: dict[tuple[int, int], occupancy.Bitmaps] = {}
        # The sieve reads each span of a row once (it ORs them as it goes): none is kept.
        budget = occupancy.Budget(0)
        sums: list[int] = []
        last = (-1, -1)
        with self.guarded():
            for point, content, games, check in self.db.execute(
                    "SELECT point, content, games, checksum FROM occupancy WHERE grid = ?",
                    (grid,)):
                if checksum("occupancy", grid, point, content, games) != check:
                    raise Damage(f"a row of the grid {grid}'s stones does not match its "
                                 "checksum")
                key = (whole(point, "point"), whole(content, "kind"))
                if key <= last:
                    raise Damage(f"the rows of the grid {grid}'s stones are not in order")
                if key in wanted:
                    found[key] = occupancy.Bitmaps(expect(games, bytes, "bitmap"), budget)
                last = key
                sums.append(check)
            if checks.row_tally(sums) != self._tally(f"occupancy {grid}"):
                raise Damage(f"the rows of the grid {grid}'s stones do not match their tally")
        return found

    # -- naming what is damaged --------------------------------------------------------------

    def _named(self, game: int | None) -> str | None:
        """A record as a message about damage names it: its name, as its row says it; or
        where that is damaged, its number and its file's path."""
        if game is None:
            return None
        try:
            rows = self.db.execute("SELECT g.name, f.path FROM game g NOT INDEXED LEFT JOIN file f ON "
                                   "f.id = g.file WHERE g.id = ?", (game,)).fetchall()
        except (sqlite3.Error, UnicodeDecodeError):
            rows = []
        if rows and isinstance(rows[0][0], bytes):
            return shown(os.fsdecode(rows[0][0]))
        if rows and isinstance(rows[0][1], bytes):
            return f"id {game}, of {shown(os.fsdecode(rows[0][1]))}"
        return f"id {game}"

    def _located(self) -> str | None:
        """The first record whose row cannot be read or does not match its checksum, where
        an SQLite error leaves the culprit unnamed."""
        try:
            ids = [row[0] for row in self.db.execute("SELECT id FROM game NOT INDEXED ORDER BY id")]
        except (sqlite3.Error, UnicodeDecodeError):
            return None
        columns = ", ".join(store.GAME_COLUMNS)
        for game in ids:
            try:
                row = self.db.execute(f"SELECT {columns}, checksum FROM game NOT INDEXED WHERE id = ?",
                                      (game,)).fetchone()
                if row is not None and checksum("game", *row[:-1]) == row[-1]:
                    continue
            except (sqlite3.Error, UnicodeDecodeError):
                pass
            return self._named(game)
        return None


#: The most records' rows a reader keeps once checked.
_KEPT_ROWS = 20_000
#: The most records whose rows and trails a :class:`Checked` keeps (about 4.5 KiB each for a
#: Go game of 200 moves: some 20 MiB a server process).
KEPT_RECORDS = 4096
#: The most trails a reader keeps for a question (:meth:`Reader.each_trail`).
_KEPT_TRAILS = 64


def all_found(asked: Sequence[int], found: Collection[int]) -> None:
    """:class:`Damage` unless every record asked for was found."""
    missing = [game for game in asked if game not in found]
    if missing:
        raise Damage(f"the index names a record (id {missing[0]}) whose row is not found")


def chunks(ids: Sequence[int], size: int = 500) -> list[list[int]]:
    return [list(ids[start:start + size]) for start in range(0, len(ids), size)]


def shown_name(name: str, path: str, shown_path: str | None = None) -> str:
    """A record's name (its file's ``path``, ``#N`` for a game of a collection) as answers
    give it: its file's path as :func:`shown` writes it (``shown_path``, where made)."""
    if not name.startswith(path):
        return name
    return (shown(path) if shown_path is None else shown_path) + name[len(path):]


def shown(path: str) -> str:
    """A path kept absolute, as people read it here: relative to the current folder when it
    lies below it."""
    return _shown(path, os.getcwd())


@functools.lru_cache(maxsize=4096)
def _shown(path: str, folder: str) -> str:
    """:func:`shown` from the current folder ``folder`` (kept: an explorer's step names ten
    records, the same ones often)."""
    try:
        relative = os.path.relpath(path, folder)
    except ValueError:  # another drive
        return path
    return path if relative.startswith("..") else relative
