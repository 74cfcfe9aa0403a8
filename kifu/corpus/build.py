"""Writing an index: the files found, each read only if it changed since the last run, the
records of each written into the index by this one process, whatever ran the reading (this
process, worker processes or a Dask cluster: :func:`kifu.run.runner.run`).

Each file's work comes back as a shard of plain data (:class:`~kifu.corpus.indexing.
IndexedFile`), and the shards are merged here: game rows and trails as they come, positions
gathered and put into the index sorted once at the end (far cheaper than one by one into a
large tree; on a first run held in memory and sorted in C, where the compiled packing runs),
the explorer's table counted from them, the occupancy bitmaps updated once.  Everything is
written to a new copy of the index, which replaces the old one only when complete
(:func:`kifu.corpus.store.writing`).
"""
from __future__ import annotations

import contextlib
import gc
import mmap
import os
import sqlite3
import sys
import tempfile
import threading
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain, islice, repeat
from operator import add
from typing import Any

from kifu.base.errors import CorpusError
from kifu.base.native import compiled
from kifu.corpus import continuations, occupancy, store
from kifu.corpus.checks import (
    BUCKET_SHIFT,
    PACKING,
    POSITION_TALLY,
    Damage,
    checksum,
    hashes_of,
    images_of,
    position_tallies,
    row_tally,
)
from kifu.corpus.indexing import IndexedFile, IndexTask, Written, column_text
from kifu.plugin import registry
from kifu.reading.walk import Found, walk
from kifu.run.aside import Aside
from kifu.run.runner import cores, run


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
          scheduler: str | None = None, rebuild: bool = False, wait: bool = False,
          step: Callable[[], None] | None = None) -> Built:
    """Index the record files of ``paths`` (files and folders) into the index at ``path``:
    made anew with ``rebuild`` or when there is none, else updated (files changed since read
    again, files gone from disk or from under ``paths`` left out).  ``step`` is called once per
    file read.  While another run writes the index, an ``IndexBusy`` error, or with ``wait``
    this run waits for it (:func:`kifu.corpus.store.writing`)."""
    roots = [os.path.abspath(p) for p in paths]
    try:
        with _collected_seldom():
            return _build(path, roots, jobs, scheduler, rebuild, wait, step)
    except Damage as error:  # the index updated holds a value that is not what kifu wrote
        raise store.DamagedIndex(path, error.what) from None
    except UnicodeDecodeError as error:  # a text of the index updated
        raise store.damaged(path, error) from None


#: How many objects are made, less those freed, between two of the cycle collector's
#: collections of the youngest while an index is written (Python's default: 700).
_YOUNG_COLLECTED_AFTER = 20_000


@contextlib.contextmanager
def _collected_seldom() -> Iterator[None]:
    """The cycle collector run a thirtieth as often while an index is written: each record
    makes a few dozen objects that live until its rows are written, a few thousand rows at a
    time, and are no garbage; the collector walked them again and again (at Python's pace,
    350 collections and 1.5% of the CPU of a first run of 10,000 Renju games; what they
    free, a few cycles, waits a little longer)."""
    global _writing
    with _threshold_lock:  # indexes written in threads at once: the first sets, the last resets
        if not _writing:
            _threshold_before[:] = gc.get_threshold()
            young, *older = _threshold_before  # (never more often than the process asked)
            gc.set_threshold(max(young, _YOUNG_COLLECTED_AFTER), *older)
        _writing += 1
    try:
        yield
    finally:
        with _threshold_lock:
            _writing -= 1
            if not _writing:
                gc.set_threshold(*_threshold_before)


#: How many indexes this process writes now, and the collector's thresholds before the first.
_writing = 0
_threshold_before: list[int] = []
_threshold_lock = threading.Lock()


def _build(path: str, roots: list[str], jobs: int | None, scheduler: str | None,
           rebuild: bool, wait: bool, step: Callable[[], None] | None) -> Built:
    done = Built(path)
    with store.writing(path, rebuild, roots, wait=wait) as db:
        # With more than one process, the end of the run's work that is not writing is done
        # aside, in processes forked then, while this one writes (:mod:`kifu.run.aside`).
        writer = _Writer(db, path, parallel=min(jobs or cores(), cores()) > 1)
        known = writer.files()
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
                # (a folder named by its absolute path gives its files' so: kept as found)
                yield found if found.path == where else Found(where, found.relative,
                                                              found.named, found.problem)

        task = IndexTask()
        for found, sent in run(task, changed(), jobs=jobs, scheduler=scheduler):
            indexed = task.here(found, sent)
            old = known.get(indexed.path)
            if old is not None:
                writer.forget_file(old[0], old[4])
            writer.add_file(indexed, done)
            if step is not None:
                step()
        for where, old in known.items():
            if where not in seen and (_under(where, roots) or not os.path.exists(where)):
                writer.forget_file(old[0], old[4])
                done.removed += 1
        writer.finish()
        done.total_records, done.total_positions = db.execute(
            "SELECT COUNT(*), COALESCE(SUM(positions), 0) FROM game").fetchone()
    done.size = os.path.getsize(path)
    return done


def _same(path: str, row: tuple[int, str, int, int, int]) -> bool:
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
#: The occupancy entries held before they are gathered into bitmaps (eight bytes each).
_GATHERED = 1 << 22
#: An occupancy row: its grid, point, kind, blob and checksum; and the checksum of the row it
#: replaces (``None``: none).
_Occupancy = tuple[str, int, int, bytes, int, int | None]


class _Occupied:
    """The occupancy rows an index holds, read through ``db`` (the index being written, or
    in a process aside the index as it was before the run), each checked as it is read."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def row(self, grid: str, point: int, content: int) -> tuple[bytes | None, int | None]:
        """The blob and checksum of a row (``None``: no such row)."""
        row = self.db.execute(
            "SELECT games, checksum FROM occupancy WHERE grid = ? AND point = ? AND "
            "content = ?", (grid, point, content)).fetchone()
        if row is None:
            return None, None
        if checksum("occupancy", grid, point, content, row[0]) != row[1] or \
                not isinstance(row[0], bytes) or type(row[1]) is not int:
            raise Damage(f"a row of the grid {grid}'s stones does not match its checksum")
        return row[0], row[1]


#: The statement that writes games' rows, with their checksums.
_GAME = (f"INSERT INTO game ({', '.join(store.GAME_COLUMNS)}, checksum) "
         f"VALUES ({', '.join('?' * (len(store.GAME_COLUMNS) + 1))})")
#: The ``keys`` of the game rows from an id on (:func:`kifu.corpus.store.keys`), made as each
#: batch of rows is written, while its pages are at hand (and where workers still read,
#: rather than at the end of a run, where only this process works).
_KEYED = f"UPDATE game SET keys = {store.keys()} WHERE id >= ?"


class _Writer:
    """Rows written as files come in, a batch of records at a time, each with its checksum, and
    the tallies of the rows kept up to date (:mod:`kifu.corpus.checks`); positions and bitmaps
    at the end."""

    def __init__(self, db: sqlite3.Connection, path: str, parallel: bool = False) -> None:
        self.db, self.path, self.parallel = db, path, parallel
        _in_order(db)
        self.packing = compiled(PACKING)
        # Each new position with what follows it in its record, for the explorer's table
        # (:meth:`kifu.corpus.continuations.Writer.arrived`): the next node's hash and the
        # point its move puts a stone on (:data:`LAST`: nothing follows).  Where the packing
        # runs, the rows come sorted (:meth:`poured`) and are kept in their order; else they
        # come as records do, and are indexed once all are in (:meth:`sorted_in`).
        db.execute("CREATE TEMP TABLE staged (hash INTEGER, place INTEGER, next INTEGER, "
                   "point INTEGER" + (", PRIMARY KEY (hash, place)) WITHOUT ROWID"
                                      if self.packing is not None else ")"))
        #: The rows of the files and records not yet written (files, games, trails), and the
        #: id the next file's row takes (as SQLite would give it: one past the largest;
        #: read again once a file's row is taken out).
        self.file_rows: list[tuple[object, ...]] = []
        self.next_file: int | None = None
        self.games: list[tuple[object, ...]] = []
        self.trails: list[tuple[object, ...]] = []
        #: The new positions not yet staged, record after record, node after node: each
        #: one's hash, place and point (as ``staged`` holds them, its next the hash after).
        #: Where the compiled packing runs, a first run holds them all and puts them in the
        #: index in order at the end (:meth:`arranged`); past :data:`HELD` positions, and on
        #: an update, each batch is written out as a sorted run (:attr:`runs`), the runs
        #: merged at the end.  In pure Python they are staged as they come.
        self.held = continuations.Held(array("q"), array("q"), array("h"))
        #: The new positions past what a first run holds, or an update's, sorted a batch at
        #: a time and written out (where the packing runs), merged at the end
        #: (:meth:`merged_in`, :meth:`poured`).
        self.runs: _Runs | None = None
        #: The new records' entries of the occupancy bitmaps, by grid (a point, kind and span
        #: of nodes: :func:`kifu.corpus.occupancy.firsts`), as they come in, side by side with
        #: the records' ids (four bytes each); gathered into :attr:`occupied` now and then,
        #: the bitmaps written once at the end.
        self.entries: dict[str, tuple[array[int], array[int]]] = {}
        self.pending = 0
        #: The new records of each grid and entry, a bitmap (bit ``i`` for record ``i``).
        self.occupied: dict[tuple[str, int], int] = {}
        self.symmetries: dict[str, int] = {}
        self.tallies: dict[str, list[int]] = {}
        for row in db.execute("SELECT name, rows, low, high FROM tally"):
            if not isinstance(row[0], str) or row[0] in self.tallies:
                raise Damage("its tallies are not what kifu writes")
            self.tallies[row[0]] = _read_tally(row[1:])
        self.buckets: dict[int, list[int]] = {}
        #: Whether every row of ``bucket`` was read into :attr:`buckets`.
        self.every_bucket = False
        self.changed: set[int] = set()
        self.explored = continuations.Writer(db)
        (self.first_build,) = db.execute("SELECT NOT EXISTS (SELECT 1 FROM position)").fetchone()
        (last_game,) = db.execute(
            "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'game'), 0), "
            "coalesce((SELECT max(id) FROM game), 0))").fetchone()
        self.next_game = int(last_game) + 1
        (last_symmetry,) = db.execute("SELECT coalesce(max(id), 0) FROM symmetry").fetchone()
        self.next_symmetry = int(last_symmetry) + 1

    def files(self) -> dict[str, tuple[int, str, int, int, int]]:
        """The files indexed before this run, by path (its id, path, size, time and
        checksum), each row checked, and the rows against their tally (a file's row lost
        would have the file indexed again beside its old records)."""
        known = {}
        for row in self.db.execute("SELECT id, path, size, mtime_ns, problem, checksum FROM file"):
            if checksum("file", *row[:5]) != row[5] or not isinstance(row[1], bytes):
                raise Damage("the row of an indexed file does not match its checksum")
            path = os.fsdecode(row[1])
            known[path] = (row[0], path, row[2], row[3], row[5])
        if row_tally(row[4] for row in known.values()) != self.tallies.get("file", [0, 0, 0]):
            raise Damage("the rows of the indexed files do not match their tally: a file's row "
                         "is missing, or was changed")
        return known

    def tally(self, name: str | int, count: int, low: int, high: int) -> None:
        """Rows added to (or, with negative counts and sums, taken from) the tally ``name``
        (``game``, ``occupancy GRID``), or a bucket's of positions (its number)."""
        if isinstance(name, int):
            tally = self.buckets.get(name)
            if tally is None:
                row = None if self.every_bucket else self.db.execute(
                    "SELECT rows, low, high FROM bucket WHERE id = ?", (name,)).fetchone()
                tally = self.buckets[name] = _read_tally(row) if row else [0, 0, 0]
            self.changed.add(name)
        else:
            tally = self.tallies.setdefault(name, [0, 0, 0])
        tally[0] += count
        tally[1] += low
        tally[2] += high

    def add_file(self, indexed: IndexedFile, done: Built) -> None:
        if indexed.other:
            done.left_alone.append(indexed.path)
            return
        if self.next_file is None:
            (self.next_file,) = self.db.execute(
                "SELECT coalesce(max(id), 0) + 1 FROM file").fetchone()
        file_id = self.next_file
        self.next_file += 1
        for record in indexed.written():  # read as they are written: see IndexedFile
            self.add_record(file_id, record)
            done.records += 1
            done.positions += record.positions
            if not record.legal:
                done.illegal += 1
                done.problems.append((record.name, record.problem or "not legal"))
        problem = column_text(indexed.problem)
        values = (file_id, os.fsencode(indexed.path), indexed.size, indexed.mtime_ns, problem)
        check = checksum("file", *values)
        self.file_rows.append((*values, check))
        self.tally("file", 1, check & 0xFFFFFFFF, check >> 32)
        if len(self.file_rows) >= BATCH:
            self.flush()
        if indexed.problem is not None:
            done.unreadable.append((indexed.path, indexed.problem))
        else:
            done.read += 1

    def add_record(self, file_id: int, record: Written) -> None:
        game_id = self.next_game
        self.next_game += 1
        own, last = record.values
        values = (game_id, file_id, *own, self.symmetry(record.symmetry), *last)
        check = checksum("game", *values)
        self.games.append((*values, check))
        self.tally("game", 1, check & 0xFFFFFFFF, check >> 32)
        if len(self.games) >= BATCH:
            self.flush()
        positions = record.positions
        if not positions:
            return
        trail = (game_id, record.hashes, record.images, record.lines, record.log)
        self.trails.append((*trail, checksum("trail", *trail)))
        if max(record.images) >= store.MAX_IMAGES or positions > store.MAX_NODES:
            raise CorpusError(f"{record.name}: an index holds records of at most "
                              f"{store.MAX_NODES:,} positions, under at most "
                              f"{store.MAX_IMAGES} symmetries")
        # Each position's place: the record, the node (a step of 1 << IMAGE_BITS) and the
        # image, made in C where the packing runs (a fifth of the writer's time a record
        # when Python added them one by one).
        held = self.held
        held.hashes.frombytes(record.hashes)
        if self.packing is not None:
            held.places.frombytes(self.packing.places(store.place(game_id, 0, 0),
                                                      1 << store.IMAGE_BITS, record.images))
        else:
            held.places.extend(_places(game_id, record))
        if record.placed is None or len(record.placed) != 2 * positions:
            # several lines: the explorer reads its trail back
            self.explored.read_back += 1
            held.points.frombytes(_LAST * positions)
        else:
            self.explored.arrived(game_id, record.winner, record.sides, record.symmetry,
                                  record.date, record.strength)
            held.points.frombytes(record.placed[:-2])
            held.points.append(LAST)
        if record.grid is not None:
            grid = f"{record.game} {record.grid}"
            both = self.entries.get(grid)
            if both is None:
                both = self.entries[grid] = (array("I"), array("I"))
            both[0].frombytes(record.occupied)
            count = len(record.occupied) // 4
            both[1].frombytes(game_id.to_bytes(4, sys.byteorder) * count)
            self.pending += count
            if self.pending >= _GATHERED:
                self.gather()

    def gather(self) -> None:
        """The occupancy entries of the records read so far, into their bitmaps."""
        occupied = self.occupied
        for grid, (entries, ids) in self.entries.items():
            for entry, bitmap in occupancy.gathered(entries, ids):
                bits = int.from_bytes(bitmap, "little")
                key = (grid, entry)
                occupied[key] = occupied.get(key, 0) | bits
        self.entries, self.pending = {}, 0

    def flush(self) -> None:
        """Write the rows of the records read so far (their positions staged, unless held:
        see :attr:`held`)."""
        db = self.db
        db.executemany("INSERT INTO file VALUES (?, ?, ?, ?, ?, ?)", self.file_rows)
        db.executemany(_GAME, self.games)
        if self.games:  # their searched values' copy, made of the rows just written
            db.execute(_KEYED, (self.games[0][0],))
        db.executemany("INSERT INTO trail VALUES (?, ?, ?, ?, ?, ?)", self.trails)
        self.file_rows, self.games, self.trails = [], [], []
        if self.packing is None or len(self.held.hashes) >= HELD:
            self.stage()

    def stage(self) -> None:
        """The positions held, written out as a sorted run, their buckets' tallies summed in
        C (where the packing runs), else into the table ``staged``."""
        held = self.held
        if held.hashes:
            if self.packing is not None:
                # Sorted and summed in C, and written out as a sorted run: the runs merged
                # at the end cost a fraction of SQLite's sort of the rows staged (and of
                # their insert and their reading back by the explorer), and summing them here
                # a fraction of its summing of the positions' table there, where only this
                # process works (25,000 Go games: -j 1 16.3 s -> 10.2 s, -j 2 13.1 -> 6.5).
                order, rows = self.packing.arrange(held.hashes, held.places)
                self.tally_buckets(self.packing.tallies(rows, BUCKET_SHIFT))
                run = self.packing.run(rows, order, held.hashes, held.points)
                try:
                    if self.runs is None:
                        self.runs = _Runs()
                    self.runs.add(run)
                except OSError as error:  # (the index's own folder may have room)
                    raise CorpusError(
                        f"{self.path}: the index could not be written: its positions, sorted "
                        f"in batches, could not be written to the temporary folder "
                        f"{tempfile.gettempdir()} ({error.strerror or error}); name a folder "
                        "with more room in TMPDIR") from None
            else:
                _stage(self.db, zip(held.hashes, held.places,
                                    chain(islice(held.hashes, 1, None), (0,)), held.points))
        self.held = continuations.Held(array("q"), array("q"), array("h"))

    def symmetry(self, data: str) -> int:
        """The id of a symmetry (its row made the first time it is met)."""
        known = self.symmetries.get(data)
        if known is None:
            row = self.db.execute("SELECT id FROM symmetry WHERE data = ?", (data,)).fetchone()
            if row:
                known = int(row[0])
            else:
                known = self.next_symmetry
                self.next_symmetry += 1
                self.db.execute("INSERT INTO symmetry VALUES (?, ?, ?)",
                                (known, data, checksum("symmetry", known, data)))
            self.symmetries[data] = known
        return known

    def forget_file(self, file_id: int, check: int) -> None:
        """A file's rows out of the index (its row's checksum ``check``): its games, their
        trails and positions, and their part of the tallies.  (Their bits in the occupancy
        bitmaps stay: game ids are never used again, and a search keeps only games that
        exist.)"""
        self.flush()  # the rows it looks up and takes out are all in the tables
        db = self.db
        self.tally("file", -1, -(check & 0xFFFFFFFF), -(check >> 32))
        games = db.execute(f"SELECT {', '.join(store.GAME_COLUMNS)}, checksum FROM game "
                           "WHERE file = ?", (file_id,)).fetchall()
        positions_at = store.GAME_COLUMNS.index("positions")
        for row in games:
            game_id, positions, check = row[0], row[positions_at], row[-1]
            if checksum("game", *row[:-1]) != check or type(positions) is not int:
                raise Damage("the row of a record read again does not match its checksum")
            self.tally("game", -1, -(check & 0xFFFFFFFF), -(check >> 32))
            trail = db.execute("SELECT hashes, images, lines, log, checksum FROM trail WHERE "
                               "game = ?", (game_id,)).fetchone()
            if trail is not None:
                if checksum("trail", game_id, *trail[:4]) != trail[4]:
                    raise Damage("the trail of positions of a record read again does not "
                                 "match its checksum")
                hashes = hashes_of(trail[0], positions, game_id)
                images = images_of(trail[1], positions, store.MAX_IMAGES, game_id)
                self.explored.forget(game_id, hashes, images, trail[2], row[:-1])
                first = store.place(game_id, 0, 0)
                last = store.place(game_id + 1, 0, 0)
                db.executemany("DELETE FROM position WHERE hash = ? AND place >= ? AND "
                               "place < ?", zip(hashes, repeat(first), repeat(last)))
                db.execute("DELETE FROM staged WHERE place >= ? AND place < ?", (first, last))
                for bucket, (count, low, high) in position_tallies(
                        zip(hashes, _places(game_id, images, len(hashes)))).items():
                    self.tally(bucket, -count, -low, -high)
            db.execute("DELETE FROM trail WHERE game = ?", (game_id,))
        db.execute("DELETE FROM game WHERE file = ?", (file_id,))
        db.execute("DELETE FROM file WHERE id = ?", (file_id,))
        self.next_file = None  # (it may have been the largest)

    def finish(self) -> None:
        self.flush()
        db = self.db
        # The occupancy rows are made aside while the positions are written (an update's
        # merged with the rows the index held: read there from the index as it was before
        # this run, which holds the same rows as the copy written here), behind this
        # process's work: they are written last, and in the processes forked here, this
        # one's, the positions', is what the end of the run waits for (a first run of
        # 10,000 records 4% to 5% sooner done on two cores).
        (empty,) = db.execute("SELECT NOT EXISTS (SELECT 1 FROM occupancy)").fetchone()
        parallel = self.parallel and bool(self.entries or self.occupied)
        with Aside(lambda: self.occupancy_made(bool(empty), parallel), parallel,
                   behind=True) as occupied:
            if self.first_build and self.packing is not None and self.runs is None:
                self.arranged()
            else:
                self.stage()
                if self.first_build and self.runs is not None and \
                        self.explored.counts_arrivals_in_c():
                    self.merged_in()
                else:  # (the explorer finds what records bring to positions in ``staged``)
                    if self.runs is not None:
                        self.poured()
                    self.sorted_in()
            if self.runs is not None:
                self.runs.close()
            # (the staged rows are left to the connection's end, their temporary file gone
            # with it: dropping a large run's millions of rows took its writer a second)
            self.occupancy(occupied.results())
        self.write_tallies()

    def arranged(self) -> None:
        """A first run's positions, held in memory, put in the index in order (sorted in C),
        their buckets' tallies summed in C, and the explorer's table made from them."""
        db, held, packing = self.db, self.held, self.packing
        assert packing is not None
        order, rows = packing.arrange(held.hashes, held.places)
        shared = array("I")
        shared.frombytes(packing.shared(rows, order, continuations.SHARED))
        explored = self.explored
        # The explorer's rows made aside while the positions are written (records read back
        # are counted from SQLite's tables: here, in :meth:`continuations.Writer.finish`).
        with Aside(lambda: explored.counted(held, shared),
                   self.parallel and not explored.read_back and bool(shared)) as counted:
            _put_positions(db, rows)
            self.tally_buckets(packing.tallies(rows, BUCKET_SHIFT))
            explored.finish(True, held, shared, counted.results())
        self.held = continuations.Held(array("q"), array("q"), array("h"))

    def merged_in(self) -> None:
        """A first run's positions past what it held, its sorted runs merged: put in the index
        in order, and the explorer's table made from them (their buckets' tallies were
        summed as each run was written)."""
        runs, packing, explored = self.runs, self.packing, self.explored
        assert runs is not None and packing is not None
        # The explorer's rows made aside from the runs merged there again, while the
        # positions are written here.
        with Aside(lambda: explored.counted_merged(runs.merged(packing, _COUNTED_ROWS)),
                   self.parallel) as counted:
            for batch in runs.merged(packing, _PUT_ROWS):
                rows = memoryview(batch).cast("q")
                pairs = array("q", bytes(len(batch) // 2))
                pairs[0::2] = continuations.run_column(rows, 0)
                pairs[1::2] = continuations.run_column(rows, 1)
                _put_positions(self.db, pairs)
            explored.finish(True, counted=counted.results())

    def poured(self) -> None:
        """The sorted runs merged into the table ``staged``, in its order: an update's, or a
        first run's where some record's trail is read back by the explorer (which finds
        what the others bring in that table)."""
        runs, packing = self.runs, self.packing
        assert runs is not None and packing is not None
        for batch in runs.merged(packing, _PUT_ROWS):
            rows = memoryview(batch).cast("q")
            points = memoryview(batch).cast("h")[12::16]
            _stage(self.db, zip(rows[0::4], rows[1::4], rows[2::4], points))

    def _every_bucket(self) -> None:
        """Every bucket's tally read at once (as each would be, one by one: a few, if any)."""
        for bucket, *tally in self.db.execute("SELECT id, rows, low, high FROM bucket"):
            self.buckets.setdefault(bucket, _read_tally(tally))
        self.every_bucket = True

    def tally_buckets(self, tallies: Iterable[tuple[int, int, int, int]]) -> None:
        """Rows added to many buckets (each one's number, count and sums), every bucket's
        tally read first (:meth:`_every_bucket`): :meth:`tally` of each, without a call each
        (a run's positions fall in tens of thousands of buckets)."""
        if not self.every_bucket:
            self._every_bucket()
        buckets, changed = self.buckets, self.changed
        for bucket, count, low, high in tallies:
            tally = buckets.get(bucket)
            if tally is None:
                buckets[bucket] = [count, low, high]
            else:
                tally[0] += count
                tally[1] += low
                tally[2] += high
            changed.add(bucket)

    def sorted_in(self) -> None:
        """The positions staged, put in the index in order, their buckets' tallies summed, and
        the explorer's table updated."""
        db = self.db
        # The new positions' tallies: summed from the positions' table once they are in it
        # where it held none before (read in order, that costs a third of summing the
        # staged rows, which are in no order), else from the staged rows.
        (fresh,) = db.execute("SELECT NOT EXISTS (SELECT 1 FROM position)").fetchone()
        tallied = f"SELECT hash >> {BUCKET_SHIFT}, {POSITION_TALLY} FROM %s GROUP BY 1"
        if self.packing is None:  # (else the rows came sorted, kept so by the table's key,
            # and their tallies were summed in C as they were sorted)
            # The staged rows in hash order for every statement below (their tallies, their
            # insert, the explorer's searches for fresh and grown positions): one index
            # costs less than the sorts and scans of staged rows those statements would each
            # make.  On a first run, what follows each row in its record is in the index
            # too, so that the explorer, which reads every row of the positions several rows
            # hold, reads the index alone (3.5 million rows: 11 s -> 2 s); an update reads
            # those of a few positions, and its index is smaller without (an update of 5,000
            # Go games 0.85 s sooner).  SQLite's sort for it is helped by threads of its own
            # (a fifth sooner for 3.5 to 5 million rows on two cores).
            db.execute(f"PRAGMA threads = {min(cores(), 8) - 1}")
            db.execute(f"CREATE INDEX temp.staged_order ON staged "
                       f"({'hash, place, next, point' if fresh else 'hash, place'})")
            if not fresh:
                for bucket, count, low, high in db.execute(tallied % "staged"):
                    self.tally(bucket, count, low, high)
        db.execute("INSERT OR REPLACE INTO position SELECT hash, place FROM staged "
                   "ORDER BY hash, place")
        if fresh and self.packing is None:  # (with the packing: summed as staged, in C)
            self.tally_buckets(db.execute(tallied % "position"))
        self.explored.finish(bool(self.first_build))

    def occupancy(self, made: Iterable[list[_Occupancy]]) -> None:
        """The occupancy bitmaps of the new records, merged into the index's: their rows
        ``made`` (:meth:`occupancy_rows`), written, and the tallies of their grids changed
        (the rows they replace taken out)."""
        for written in made:
            for grid, _, _, _, check, old in written:
                if old is not None:
                    self.tally(f"occupancy {grid}", -1, -(old & 0xFFFFFFFF), -(old >> 32))
                self.tally(f"occupancy {grid}", 1, check & 0xFFFFFFFF, check >> 32)
            self.db.executemany("INSERT OR REPLACE INTO occupancy VALUES (?, ?, ?, ?, ?)",
                                [row[:5] for row in written])

    def occupancy_made(self, empty: bool, aside: bool) -> Iterator[list[_Occupancy]]:
        """:meth:`occupancy_rows`, the rows the index held read from the index being
        written, or ``aside`` from the index as it was before this run (a process forked
        must not use the writer's connection; an update changes no occupancy row before
        its end, so the two hold the same)."""
        if empty:
            yield from self.occupancy_rows(None)
        elif not aside:
            yield from self.occupancy_rows(_Occupied(self.db))
        else:
            connection = store.connect(self.path, read_only=True)
            try:
                yield from self.occupancy_rows(_Occupied(connection))
            finally:
                connection.close()

    def occupancy_rows(self, old: _Occupied | None) -> Iterator[list[_Occupancy]]:
        """The occupancy rows of the new records, in order, :data:`BATCH` at a time, each
        merged with the row it replaces (``old`` reads it; ``None``: an index that had no
        such rows), made without writing anything (aside, while the positions are
        written: :mod:`kifu.run.aside`)."""
        self.gather()
        rows: dict[tuple[str, int], list[tuple[int, int]]] = {}
        for (grid, entry), bits in self.occupied.items():
            rows.setdefault((grid, entry >> 4), []).append((entry & 15, bits))
        written: list[_Occupancy] = []
        for (grid, key), added in sorted(rows.items()):
            point, content = key >> 2, key & 3
            blob, check = old.row(grid, point, content) if old is not None else (None, None)
            blob = occupancy.merged(blob, added)
            written.append((grid, point, content, blob,
                            checksum("occupancy", grid, point, content, blob), check))
            if len(written) >= BATCH:
                yield written
                written = []
        if written:
            yield written

    def write_tallies(self) -> None:
        """The tallies, written."""
        db = self.db
        # Each tally as SQLite keeps integers (a damaged one may have grown past them; each
        # was an integer when read: :func:`_read_tally`).
        values = list(chain.from_iterable(
            (*self.tallies.values(), *(self.buckets[b] for b in self.changed))))
        if values and (min(values) < -1 << 63 or max(values) >= 1 << 63):
            raise Damage("a tally of its rows is not what kifu writes")
        db.execute("DELETE FROM tally")
        db.executemany("INSERT INTO tally VALUES (?, ?, ?, ?)",
                       [(name, *tally) for name, tally in sorted(self.tallies.items())
                        if any(tally)])
        kept: list[tuple[int, int, int, int]] = []
        emptied: list[tuple[int]] = []
        buckets = self.buckets
        for bucket in sorted(self.changed):
            count, low, high = buckets[bucket]
            if count or low or high:
                kept.append((bucket, count, low, high))
            else:
                emptied.append((bucket,))
        db.executemany("INSERT OR REPLACE INTO bucket VALUES (?, ?, ?, ?)", kept)
        db.executemany("DELETE FROM bucket WHERE id = ?", emptied)


def _read_tally(row: Iterable[object]) -> list[int]:
    """A tally as the index holds it (its count and sums), each an integer, else
    :class:`Damage` (the sums added to it are, so it is checked once, as it is read)."""
    tally = [value for value in row if type(value) is int]
    if len(tally) != 3:
        raise Damage("a tally of its rows is not what kifu writes")
    return tally


#: The tables an update looks rows up in by their keys, small beside the positions: SQLite's
#: own check of their trees (their rows in order, their indexes whole) comes first, since a
#: lookup in a damaged tree can miss the row it looks for, and the update would then write a
#: second one beside it.  (The positions are looked up only to be taken out: a row missed is
#: left, and the tally of its bucket, taken from the record's trail, then says so.)
_LOOKED_UP = ("file", "game", "symmetry", "occupancy", "tally", "bucket", "explored",
              "continuation")


def _in_order(db: sqlite3.Connection) -> None:
    """:class:`Damage` unless the trees of :data:`_LOOKED_UP` are whole (SQLite 3.33 on)."""
    if sqlite3.sqlite_version_info < (3, 33):  # integrity_check(TABLE) is of 3.33
        return
    for table in _LOOKED_UP:
        verdict = db.execute(f"PRAGMA integrity_check({table})").fetchall()
        if verdict != [("ok",)]:
            raise Damage(f"the rows of its table {table} are not in order ({verdict[0][0]})")


#: Positions staged or put in the index by one statement: a statement of many rows costs far
#: less than as many statements of one (800 values: within any SQLite's limit of 999).
_STAGED_ROWS = 200
#: The most positions a run holds in memory (:attr:`_Writer.held`: 18 bytes each, and about
#: 90 more while they are sorted: some 210 MiB at most, for about 10,000 Go games), past
#: which it writes them out as a sorted run (:class:`_Runs`).
HELD = 1 << 21
#: :attr:`_Writer.held`'s point of a node nothing follows (a record's last, or each of a
#: record whose trail the explorer reads back).
LAST = continuations.LAST
_LAST = array("h", [LAST]).tobytes()


#: The merged rows put in the position table at a time (:meth:`_Writer.merged_in`), and
#: counted by the explorer at a time (:data:`continuations.COUNTED_ROWS`).
_PUT_ROWS = 1 << 18
_COUNTED_ROWS = continuations.COUNTED_ROWS


class _Runs:
    """New positions (a first run's past what it holds in memory, an update's), sorted a
    batch at a time (the packing's ``arrange``) and written out as sorted runs (its
    ``run``: each row's hash, place, next hash and point, 32 bytes) to a temporary file,
    then merged in the position table's order, a batch of whole positions at a time (its
    ``merge``)."""

    def __init__(self) -> None:
        # closed by close() (it outlives this call)
        self.file = tempfile.TemporaryFile(prefix="kifu-runs-")  # noqa: SIM115
        #: Where each run starts in the file, and its length.
        self.spans: list[tuple[int, int]] = []
        self.size = 0

    def add(self, run: bytes) -> None:
        """A sorted run, written out (flushed: a process forked may read the file)."""
        self.file.write(run)
        self.file.flush()
        self.spans.append((self.size, len(run)))
        self.size += len(run)

    def merged(self, packing: Any, limit: int) -> Iterator[bytes]:
        """The rows of every run, merged: at least ``limit`` rows at a time, then the rest
        of the last one's position."""
        with mmap.mmap(self.file.fileno(), self.size, access=mmap.ACCESS_READ) as whole:
            view = memoryview(whole)
            runs = [view[start:start + length] for start, length in self.spans]
            try:
                cursors = array("q", bytes(8 * len(runs)))
                while True:
                    batch = packing.merge(runs, cursors, limit)
                    if not batch:
                        return
                    yield batch
            finally:
                for run in runs:
                    run.release()
                view.release()

    def close(self) -> None:
        self.file.close()


def _put_positions(db: sqlite3.Connection, rows: bytes | array[int]) -> None:
    """Positions' rows (hash and place side by side, signed 64-bit, in the table's order)
    into the position table."""
    _inserted(db, "position", 2, memoryview(rows).cast("B").cast("q"))


def _stage(db: sqlite3.Connection, rows: Iterable[tuple[int, int, int, int]]) -> None:
    """Stage the positions' rows ``rows``."""
    _inserted(db, "staged", 4, list(chain.from_iterable(rows)))


def _inserted(db: sqlite3.Connection, table: str, width: int,
              values: Sequence[int] | memoryview) -> None:
    """Rows of ``width`` values each, one after the other in ``values``, into ``table``,
    :data:`_STAGED_ROWS` a statement."""
    row = f"({', '.join('?' * width)})"
    whole = len(values) - len(values) % (width * _STAGED_ROWS)
    chunks = islice(values, whole)
    db.executemany(f"INSERT INTO {table} VALUES {', '.join([row] * _STAGED_ROWS)}",
                   zip(*[chunks] * (width * _STAGED_ROWS)))
    rest = iter(values[whole:])
    db.executemany(f"INSERT INTO {table} VALUES {row}", zip(*[rest] * width))


def _places(game_id: int, record: Written | bytes, count: int = 0) -> Iterator[int]:
    """The places of a record's positions, node by node (``record``, or its images and their
    count), added by ``map`` rather than packed one by one (the packing's ``places`` makes
    them in C, this stays the reference)."""
    images = record.images if isinstance(record, Written) else record
    count = record.positions if isinstance(record, Written) else count
    first = store.place(game_id, 0, 0)
    return map(add, range(first, first + (count << store.IMAGE_BITS), 1 << store.IMAGE_BITS),
               images)
