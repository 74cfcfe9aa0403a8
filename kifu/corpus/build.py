"""Writing an index: the files found, each read only if it changed since the last run, the
records of each written into the index by this one process, whatever ran the reading (this
process, worker processes or a Dask cluster: :func:`kifu.run.runner.run`).

Each file's work comes back as a shard of plain data (:class:`~kifu.corpus.indexing.
IndexedFile`), and the shards are merged here: game rows and trails as they come, positions
gathered and put into the index sorted once at the end (far cheaper than one by one into a
large tree), the occupancy bitmaps updated once.  Everything is written to a new copy of the
index, which replaces the old one only when complete (:func:`kifu.corpus.store.writing`).
"""
from __future__ import annotations

import json
import os
import sqlite3
from array import array
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain, repeat
from operator import add

from kifu.base.errors import CorpusError
from kifu.corpus import store
from kifu.corpus.indexing import IndexedFile, IndexedRecord, IndexTask, digest
from kifu.corpus.store import hashes_of
from kifu.plugin import registry
from kifu.reading.walk import Found, walk
from kifu.run.runner import run


@dataclass
class Built:
    """What a run of ``kifu index`` did."""

    path: str
    read: int = 0
    unchanged: int = 0
    removed: int = 0
    records: int = 0
    illegal: int = 0
    positions: int = 0
    #: Files that could not be read at all, and records that are not legal: (name, problem).
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    problems: list[tuple[str, str]] = field(default_factory=list)
    #: Other programs' files found in folders and left alone, as ``kifu validate`` leaves
    #: them (not kept in the index: each run looks at them again, and says so again).
    left_alone: list[str] = field(default_factory=list)
    #: In the whole index once written.
    total_records: int = 0
    total_positions: int = 0
    size: int = 0


def build(path: str, paths: Iterable[str], *, jobs: int | None = None,
          scheduler: str | None = None, rebuild: bool = False,
          step: Callable[[], None] | None = None) -> Built:
    """Index the record files of ``paths`` (files and folders) into the index at ``path``:
    made anew with ``rebuild`` or when there is none, else updated (files changed since read
    again, files gone from disk or from under ``paths`` left out).  ``step`` is called once per
    file read."""
    roots = [os.path.abspath(p) for p in paths]
    done = Built(path)
    with store.writing(path, rebuild, roots) as db:
        writer = _Writer(db)
        known = {row[1]: row for row in db.execute("SELECT id, path, size, mtime_ns FROM file")}
        seen: set[str] = set()

        def changed() -> Iterator[Found]:
            for found in walk(roots, registry.suffixes()):
                where = os.path.abspath(found.path)
                if where in seen:
                    continue
                seen.add(where)
                old = known.get(where)
                if old is not None and found.problem is None and _same(where, old):
                    done.unchanged += 1
                    if step is not None:
                        step()
                    continue
                yield Found(where, found.relative, found.named, found.problem)

        for _, indexed in run(IndexTask(), changed(), jobs=jobs, scheduler=scheduler):
            old = known.get(indexed.path)
            if old is not None:
                writer.forget_file(old[0])
            writer.add_file(indexed, done)
            if step is not None:
                step()
        for where, old in known.items():
            if where not in seen and (_under(where, roots) or not os.path.exists(where)):
                writer.forget_file(old[0])
                done.removed += 1
        writer.finish()
        done.total_records, done.total_positions = db.execute(
            "SELECT COUNT(*), COALESCE(SUM(positions), 0) FROM game").fetchone()
    done.size = os.path.getsize(path)
    return done


def _same(path: str, row: tuple[int, str, int, int]) -> bool:
    try:
        state = os.stat(path)
    except OSError:
        return False
    return (state.st_size, state.st_mtime_ns) == (row[2], row[3])


def _under(path: str, roots: list[str]) -> bool:
    return any(path == root or path.startswith(root.rstrip(os.sep) + os.sep) for root in roots)


#: The records whose rows are written together, with one statement of each kind: a
#: statement per record costs as much as the rows of a short record (and a hundred records'
#: rows held are a few MiB at most).
BATCH = 128
#: The statement that writes games' rows.
_GAME = ("INSERT INTO game (id, file, number, name, game, black, white, players, event, date, "
         "result, winner, score, ending, rule, opening, sides, headers, moves, positions, "
         "legal, problem, grid, symmetry, swaps, final, final_image, digest) "
         f"VALUES ({', '.join('?' * 28)})")
#: The headers of a record as JSON, its names and values as they are.
_HEADERS_JSON = json.JSONEncoder(ensure_ascii=False).encode


class _Writer:
    """Rows written as files come in, a batch of records at a time; positions and bitmaps at
    the end."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        db.execute("CREATE TEMP TABLE staged (hash INTEGER, place INTEGER)")
        #: The rows of the records not yet written (games, trails, staged positions), and the
        #: id of the next game: the one SQLite would give it (game ids are never used again).
        self.games: list[tuple[object, ...]] = []
        self.trails: list[tuple[object, ...]] = []
        self.staged: list[Iterable[tuple[int, int]]] = []
        (last,) = db.execute("SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name "
                             "= 'game'), 0), coalesce((SELECT max(id) FROM game), 0))"
                             ).fetchone()
        self.next_game = int(last) + 1
        #: The new records of each occupancy bitmap, as they come in (their ids, four bytes
        #: each: the bitmaps are made once at the end, a few MiB for a hundred thousand
        #: records).
        self.occupied: dict[tuple[str, int], array[int]] = {}
        self.symmetries: dict[str, int] = {}

    def add_file(self, indexed: IndexedFile, done: Built) -> None:
        if indexed.other:
            done.left_alone.append(indexed.path)
            return
        db = self.db
        cursor = db.execute("INSERT INTO file (path, size, mtime_ns, problem) VALUES (?, ?, ?, ?)",
                            (indexed.path, indexed.size, indexed.mtime_ns, None))
        file_id = cursor.lastrowid
        for record in indexed.records:  # read as they are written: see IndexedFile
            self.add_record(file_id, record)
            done.records += 1
            done.positions += record.positions
            if not record.legal:
                done.illegal += 1
                done.problems.append((record.name, record.problem or "not legal"))
        if indexed.problem is not None:
            db.execute("UPDATE file SET problem = ? WHERE id = ?", (indexed.problem, file_id))
            done.unreadable.append((indexed.path, indexed.problem))
        else:
            done.read += 1

    def add_record(self, file_id: int | None, record: IndexedRecord) -> None:
        columns = record.columns
        main = record.main_hashes()
        final = final_image = None
        if main:
            final = array("q", main[-8:])[0]
            final_image = record.images[len(main) // 8 - 1]
        game_id = self.next_game
        self.next_game += 1
        self.games.append(
            (game_id, file_id, record.number, record.name, record.game, columns.get("black"),
             columns.get("white"), columns.get("players"), columns.get("event"),
             columns.get("date"), columns.get("result"), columns.get("winner"), record.score,
             record.ending,
             columns.get("rule"), columns.get("opening"), json.dumps(record.sides),
             _HEADERS_JSON(record.headers), record.moves, record.positions,
             int(record.legal), record.problem, record.grid, self.symmetry(record.symmetry),
             int(record.swaps), final,
             final_image, digest(main) if main and record.complete else None))
        if len(self.games) >= BATCH:
            self.flush()
        if not record.positions:
            return
        self.trails.append((game_id, record.hashes, record.images, json.dumps(record.lines),
                            record.log))
        if max(record.images) >= store.MAX_IMAGES or record.positions > store.MAX_NODES:
            raise CorpusError(f"{record.name}: an index holds records of at most "
                              f"{store.MAX_NODES:,} positions, under at most "
                              f"{store.MAX_IMAGES} symmetries")
        # Each position's place: the record, the node (a step of 1 << IMAGE_BITS) and the
        # image, added in C rather than packed one by one in Python.
        first = store.place(game_id, 0, 0)
        places = map(add, range(first, first + (record.positions << store.IMAGE_BITS),
                                1 << store.IMAGE_BITS), record.images)
        self.staged.append(zip(hashes_of(record.hashes), places))
        if record.grid is not None:
            grid = f"{record.game} {record.grid}"
            occupied = array("H")
            occupied.frombytes(record.occupied)
            lists = self.occupied
            for entry in occupied:
                ids = lists.get((grid, entry))
                if ids is None:
                    ids = lists[(grid, entry)] = array("I")
                ids.append(game_id)

    def flush(self) -> None:
        """Write the rows of the records read so far."""
        db = self.db
        db.executemany(_GAME, self.games)
        db.executemany("INSERT INTO trail VALUES (?, ?, ?, ?, ?)", self.trails)
        db.executemany("INSERT INTO staged VALUES (?, ?)", chain.from_iterable(self.staged))
        self.games, self.trails, self.staged = [], [], []

    def symmetry(self, data: str) -> int:
        """The id of a symmetry (its row made the first time it is met)."""
        known = self.symmetries.get(data)
        if known is None:
            row = self.db.execute("SELECT id FROM symmetry WHERE data = ?", (data,)).fetchone()
            known = row[0] if row else self.db.execute(
                "INSERT INTO symmetry (data) VALUES (?)", (data,)).lastrowid
            assert known is not None
            self.symmetries[data] = known
        return known

    def forget_file(self, file_id: int) -> None:
        """A file's rows out of the index: its games, their trails and positions.  (Their bits
        in the occupancy bitmaps stay: game ids are never used again, and a search keeps only
        games that exist.)"""
        db = self.db
        games = [row[0] for row in db.execute("SELECT id FROM game WHERE file = ?", (file_id,))]
        for game_id in games:
            row = db.execute("SELECT hashes FROM trail WHERE game = ?", (game_id,)).fetchone()
            if row is not None:
                first = store.place(game_id, 0, 0)
                last = store.place(game_id + 1, 0, 0)
                db.executemany("DELETE FROM position WHERE hash = ? AND place >= ? AND "
                               "place < ?", zip(hashes_of(row[0]), repeat(first),
                                                repeat(last)))
                db.execute("DELETE FROM staged WHERE place >= ? AND place < ?", (first, last))
            db.execute("DELETE FROM trail WHERE game = ?", (game_id,))
        db.execute("DELETE FROM game WHERE file = ?", (file_id,))
        db.execute("DELETE FROM file WHERE id = ?", (file_id,))

    def finish(self) -> None:
        self.flush()
        db = self.db
        db.execute("INSERT OR REPLACE INTO position SELECT hash, place FROM staged "
                   "ORDER BY hash, place")
        db.execute("DROP TABLE staged")
        for (grid, entry), ids in self.occupied.items():
            added = bytearray(ids[-1] // 8 + 1)  # ids come in increasing
            for game_id in ids:
                added[game_id >> 3] |= 1 << (game_id & 7)
            row = db.execute("SELECT games FROM occupancy WHERE grid = ? AND point = ? AND "
                             "content = ?", (grid, entry >> 2, entry & 3)).fetchone()
            old = row[0] if row else b""
            width = max(len(old), len(added))
            bits = (int.from_bytes(old, "little") | int.from_bytes(added, "little")).to_bytes(
                width, "little")
            db.execute("INSERT OR REPLACE INTO occupancy VALUES (?, ?, ?, ?)",
                       (grid, entry >> 2, entry & 3, bits))

