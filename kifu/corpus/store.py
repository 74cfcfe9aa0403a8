"""The index file: an SQLite database, opened for reading or written as a whole.

An index is written to a temporary file beside it (a copy of the previous index for an
update) and put in its place only once complete, so that a run stopped at any moment (a
signal, a full disk, a crash) leaves the previous index as it was, usable.  A file that is no
kifu index is never written over; an index made by another version of kifu, whose hashes may
differ, is refused with the way to rebuild it, never read into a wrong answer.

The tables (see ``docs/search.md``):

- ``meta``: what the file is (``format`` ``kifu-corpus``), its ``schema`` and the kifu
  ``version`` that wrote it;
- ``file``: each record file indexed, as it stood (size, time), and a problem that kept it
  from being read at all;
- ``game``: each record of a file, its headers (the ones searched apart), result (as
  written, and read: the winner, the score, the kind of end), length,
  whether it is legal (and its first problem), its grid (where patterns can be searched) and
  the digest of its main line;
- ``trail``: each record's positions in node order (their canonical hashes and the images
  they were found as), its lines of play, and for grid games the log of what changed;
- ``position``: the index proper, ``(hash, place)`` for every position of every line, the
  place packing the record, the node and the image into one integer (:func:`place`: one
  column fewer to write, compare and store for each of millions of rows);
- ``symmetry``: each game's symmetry on each of its boards (the names of its
  transformations, which swap colours, how they compose);
- ``occupancy``: for each grid, point and colour, the games in which a stone of that colour
  ever stood there (a bitmap over game ids), the first sieve of a pattern search;
- ``explored`` and ``continuation``: the opening explorer's answers, kept for each position
  that several records reach (:mod:`kifu.corpus.continuations`): the records that reach it,
  how they ended, the latest and the strongest of them, and for each position that follows
  it the records that play it, how they ended, and on a grid the point its move puts a
  stone on (so that an explorer names the move without playing every legal one).
"""
from __future__ import annotations

import contextlib
import os
import re
import shutil
import sqlite3
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from kifu.base.errors import CorpusError
from kifu.base.version import __version__
from kifu.plugin import registry
from kifu.reading.walk import covers
from kifu.run.outputs import mode_for, set_mode, settle

#: What the ``meta`` table says a kifu index is.
FORMAT = "kifu-corpus"
#: The layout of the tables and the hashes in them; a change makes older indexes unreadable.
SCHEMA = "7"

_TABLES = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE file (
    id INTEGER PRIMARY KEY,
    path BLOB NOT NULL UNIQUE,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    problem TEXT,
    checksum INTEGER NOT NULL
);
CREATE TABLE game (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    file INTEGER NOT NULL,
    number INTEGER NOT NULL,
    name BLOB NOT NULL,
    game TEXT,
    black TEXT, white TEXT, players TEXT, event TEXT, date TEXT, result TEXT,
    winner TEXT, score REAL, ending TEXT, rule TEXT, opening TEXT,
    strength REAL,
    sides TEXT NOT NULL,
    headers TEXT NOT NULL,
    moves INTEGER NOT NULL,
    positions INTEGER NOT NULL,
    legal INTEGER NOT NULL,
    problem TEXT,
    grid TEXT,
    symmetry INTEGER,
    swaps INTEGER NOT NULL DEFAULT 0,
    final INTEGER,
    final_image INTEGER,
    digest BLOB,
    checksum INTEGER NOT NULL,
    keys TEXT
);
CREATE INDEX game_file ON game (file);
CREATE TABLE trail (
    game INTEGER PRIMARY KEY,
    hashes BLOB NOT NULL,
    images BLOB NOT NULL,
    lines TEXT NOT NULL,
    log BLOB,
    checksum INTEGER NOT NULL
);
CREATE TABLE position (
    hash INTEGER NOT NULL,
    place INTEGER NOT NULL,
    PRIMARY KEY (hash, place)
) WITHOUT ROWID;
CREATE TABLE symmetry (
    id INTEGER PRIMARY KEY,
    data TEXT NOT NULL UNIQUE,
    checksum INTEGER NOT NULL
);
CREATE TABLE occupancy (
    grid TEXT NOT NULL,
    point INTEGER NOT NULL,
    content INTEGER NOT NULL,
    games BLOB NOT NULL,
    checksum INTEGER NOT NULL,
    PRIMARY KEY (grid, point, content)
) WITHOUT ROWID;
CREATE TABLE explored (
    hash INTEGER PRIMARY KEY,
    games INTEGER NOT NULL,
    wins TEXT NOT NULL,
    sides TEXT NOT NULL,
    latest TEXT NOT NULL,
    strongest TEXT NOT NULL,
    rows INTEGER NOT NULL,
    low INTEGER NOT NULL,
    high INTEGER NOT NULL,
    checksum INTEGER NOT NULL
);
CREATE TABLE continuation (
    hash INTEGER NOT NULL,
    next INTEGER NOT NULL,
    games INTEGER NOT NULL,
    wins TEXT NOT NULL,
    example INTEGER NOT NULL,
    point INTEGER,
    checksum INTEGER NOT NULL,
    PRIMARY KEY (hash, next)
) WITHOUT ROWID;
CREATE TABLE tally (
    name TEXT NOT NULL,
    rows INTEGER NOT NULL,
    low INTEGER NOT NULL,
    high INTEGER NOT NULL
);
CREATE TABLE bucket (
    id INTEGER PRIMARY KEY,
    rows INTEGER NOT NULL,
    low INTEGER NOT NULL,
    high INTEGER NOT NULL
);
"""

#: The columns of a ``game`` row its checksum covers, in order.
GAME_COLUMNS = ("id", "file", "number", "name", "game", "black", "white", "players", "event",
                "date", "result", "winner", "score", "ending", "rule", "opening", "strength", "sides",
                "headers", "moves", "positions", "legal", "problem", "grid", "symmetry", "swaps",
                "final", "final_image", "digest")
#: The values of a ``game`` row that questions over every record select on (the filters, a
#: pattern's grids, the duplicates) and its number, as one text: each row keeps its own in ``keys`` as it was
#: written, and such a question compares the two in SQLite, every row, rather than every
#: row's checksum in Python (a row it selects is read and checked whole; one it leaves out is
#: left out for what it holds).  ``{g}`` is the table's name in the query, with its dot.
_KEYS = " || char(31) || ".join(
    [f"ifnull({{g}}{column}, char(30))" for column in (
        "id", "game", "players", "event", "date", "result", "winner", "ending", "rule", "opening",
        "grid", "moves", "swaps")]
    + ["ifnull(CAST({g}score * 1048576 AS INTEGER), char(30))", "({g}digest IS NULL)"])


def keys(table: str = "") -> str:
    """SQL: the searched values of a ``game`` row (of ``table``, ``g`` say), as one text."""
    return _KEYS.format(g=f"{table}." if table else "")


#: Those of a ``file`` row, of a ``trail`` row, of a ``symmetry`` row, of an ``occupancy`` row.
FILE_COLUMNS = ("id", "path", "size", "mtime_ns", "problem")
TRAIL_COLUMNS = ("game", "hashes", "images", "lines", "log")
SYMMETRY_COLUMNS = ("id", "data")
OCCUPANCY_COLUMNS = ("grid", "point", "content", "games")
#: Those of an ``explored`` row (its continuation rows' tally among them) and of a
#: ``continuation`` row.
EXPLORED_COLUMNS = ("hash", "games", "wins", "sides", "latest", "strongest", "rows", "low",
                    "high")
CONTINUATION_COLUMNS = ("hash", "next", "games", "wins", "example", "point")


#: A position's place in the ``position`` table: ``game << GAME_SHIFT | node << IMAGE_BITS |
#: image``, so that the rows of a hash sort by record, then node, as the answers list them.
IMAGE_BITS = 5
GAME_SHIFT = 32
#: The most images a game's symmetry may have, and nodes a record may have, in an index.
MAX_IMAGES = 1 << IMAGE_BITS
MAX_NODES = 1 << (GAME_SHIFT - IMAGE_BITS)
#: SQL for the parts of a place (of the table ``p``).
GAME_OF = f"(p.place >> {GAME_SHIFT})"
NODE_OF = f"((p.place >> {IMAGE_BITS}) & {MAX_NODES - 1})"
IMAGE_OF = f"(p.place & {MAX_IMAGES - 1})"


def place(game: int, node: int, image: int) -> int:
    """A position's place: ``game``, ``node`` and ``image`` in one integer."""
    return game << GAME_SHIFT | node << IMAGE_BITS | image


def unplace(value: int) -> tuple[int, int, int]:
    """``(game, node, image)`` of a place."""
    return value >> GAME_SHIFT, (value >> IMAGE_BITS) & (MAX_NODES - 1), value & (MAX_IMAGES - 1)


class UnusableIndex(CorpusError):
    """A file kifu cannot use as an index: ``path``, and what mends it, ``remedy``: ``rebuild``
    (an index of another version of kifu, or one too damaged to read: made anew over it) or
    ``make`` (a file that is no index: name one, or make one) or ``refuse`` (a file that is no
    index, which kifu will not write over).  The command line and the
    library each say how in their own words (:func:`remedy`)."""

    def __init__(self, message: str, *, path: str, remedy: str) -> None:
        super().__init__(message)
        self.path, self.remedy = path, remedy


def remedy(error: UnusableIndex, make: str, rebuild: str) -> str:
    """``error``'s message with what mends it, ``make`` and ``rebuild`` being how one makes an
    index and makes one anew over ``error.path`` (``{path}`` in them stands for it)."""
    rebuilt = rebuild.format(path=error.path)
    if error.remedy == "rebuild":
        return f"{error.message}: rebuild it with {rebuilt}"
    damaged = f"one kifu made and that is damaged is made anew by {rebuilt}"
    if error.remedy == "refuse":
        return f"{error.message} ({damaged})"
    return f"{error.message}: name an index made by {make.format(path=error.path)} ({damaged})"


def _meta(connection: sqlite3.Connection) -> dict[str, str]:
    return dict(connection.execute("SELECT name, value FROM meta").fetchall())


def check(connection: sqlite3.Connection, path: str) -> None:
    """A ``CorpusError`` unless ``connection`` is a kifu index this kifu reads."""
    try:
        meta = _meta(connection)
    except (sqlite3.DatabaseError, UnicodeDecodeError, ValueError) as error:
        raise not_an_index(path, error) from None
    if meta.get("format") != FORMAT:
        raise not_an_index(path, "it has no kifu-corpus marker")
    if meta.get("schema") != SCHEMA or meta.get("version") != __version__:
        raise UnusableIndex(
            f"{path} was made by kifu {meta.get('version', '?')} (index schema "
            f"{meta.get('schema', '?')}); this is kifu {__version__} (schema {SCHEMA}), whose "
            "hashes may differ", path=path, remedy="rebuild")
    if meta.get("byteorder", sys.byteorder) != sys.byteorder:
        raise UnusableIndex(f"{path} was made on a {meta['byteorder']}-endian machine",
                            path=path, remedy="rebuild")


class NotAnIndexError(UnusableIndex):
    """A file that is no kifu corpus index (or one too damaged to tell)."""


def not_an_index(path: str, why: object) -> NotAnIndexError:
    return NotAnIndexError(f"{path} is not a kifu corpus index, or it is damaged ({why})",
                           path=path, remedy="make")


class DamagedIndex(UnusableIndex):
    """An index kifu made, damaged since: a value that is not what kifu wrote, or an SQLite
    error met reading it.  ``record`` names the record it belongs to, where one does."""

    def __init__(self, path: str, what: str, record: str | None = None) -> None:
        where = f" (record {record})" if record is not None else ""
        super().__init__(f"{path} is damaged{where}: {what}", path=path, remedy="rebuild")
        self.record = record


def damaged(path: str, error: sqlite3.Error | UnicodeDecodeError | ValueError,
            record: str | None = None) -> DamagedIndex:
    """What an error met while reading an index says to the user."""
    reason = "a text of it is not UTF-8" if isinstance(error, UnicodeDecodeError) else error
    return DamagedIndex(path, f"it cannot be read as a kifu corpus index ({reason})", record)


def connect(path: str, *, read_only: bool) -> sqlite3.Connection:
    """A connection to the index file ``path``, with the function kifu's queries use:
    ``kifu_fold`` (a text case-folded, every script's letters: SQLite's ``lower`` folds ASCII
    alone)."""
    if read_only:
        connection = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)
        connection.execute("PRAGMA query_only = 1")
    else:
        connection = sqlite3.connect(path, isolation_level=None)
    connection.create_function("kifu_fold", 1, _fold, deterministic=True)
    return connection


def _fold(text: str | None) -> str | None:
    return text.casefold() if isinstance(text, str) else text


def open_index(path: str) -> sqlite3.Connection:
    """An index opened for reading, checked; a ``CorpusError`` for a file that is none."""
    if not os.path.isfile(path):
        raise UnusableIndex(f"{path}: no such index", path=path, remedy="make")
    try:
        connection = connect(path, read_only=True)
    except sqlite3.Error as error:
        raise not_an_index(path, error) from None
    try:
        check(connection, path)
    except CorpusError:
        connection.close()
        raise
    return connection


def _updatable(path: str) -> None:
    """A ``CorpusError`` unless ``path`` is an index this kifu can update: a file that is none
    is never written over."""
    try:
        with contextlib.closing(open_index(path)):
            pass
    except NotAnIndexError:
        raise UnusableIndex(f"{path} exists and is not a kifu corpus index, or it is damaged: "
                            "kifu will not write over it; name another file, or remove it",
                            path=path, remedy="refuse") from None


def _rebuildable(path: str) -> None:
    """A ``CorpusError`` unless ``path`` may be made anew by ``--rebuild``: an index kifu made
    (of another version, damaged, cut short) or a file it cannot tell from one; never a text
    (a record, notes: an index's pages are binary from its first byte) nor another program's
    SQLite database (one whose tables read, none of them kifu's)."""
    with open(path, "rb") as file:
        head = file.read(4096)
    refusal = (f"{path} exists and is {{what}}: --rebuild makes anew an index kifu made, never "
               "another kind of file; name another file, or remove it")
    magic = b"SQLite format 3\x00"
    if magic.startswith(head):  # empty, or an index cut short within its first line
        return
    if head.startswith(magic):
        try:
            with contextlib.closing(sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro",
                                                    uri=True)) as connection:
                tables = {row[0] for row in connection.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.Error:  # too damaged to tell: an index kifu made, cut short, say
            return
        if tables and "meta" not in tables:
            raise UnusableIndex(refusal.format(what="another program's SQLite database"),
                                path=path, remedy="refuse")
        return
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as error:
        if error.start < len(head) - 3:  # not a character cut at the end of what was read
            return
    raise UnusableIndex(refusal.format(what="a text, no index"), path=path, remedy="refuse")


class IndexBusy(CorpusError):
    """Another run is writing the index."""


@contextlib.contextmanager
def writing(path: str, rebuild: bool = False, inputs: Sequence[str] = (),
            wait: bool = False) -> Iterator[sqlite3.Connection]:
    """A connection to a new version of the index at ``path``, put in its place only if the
    block ends normally (the previous index, if any, is left as it was otherwise).

    Without ``rebuild`` an existing index is updated (a copy of it is written) and an existing
    file that is not an index this kifu reads is refused; with it, a new index is made over
    what stood there (an index, or bytes it cannot tell from one: :func:`_rebuildable`), but
    never over a text, another program's database, or one of ``inputs`` (the paths indexed: a file named,
    or a record file below a folder named).  A symbolic link to the index stays a link.

    One run at a time writes an index (:func:`_locked`): another one running raises
    :class:`IndexBusy`, or with ``wait`` is waited for; the index is then read as that run
    left it.  Temporary files left beside the index by a run that was killed are removed.
    """
    if not path.strip():
        raise CorpusError("the index file must be named (it is empty)")
    if os.path.exists(path) and not os.path.isfile(path):
        raise CorpusError(f"{path} is not a file; name the index file with -o")
    # A link (or a chain of them) stays a link: the file it leads to is what is replaced.
    target = os.path.realpath(path) if os.path.islink(path) else os.path.abspath(path)
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        raise CorpusError(f"{path}: the folder {folder} does not exist")
    try:
        with _locked(target, path, wait):
            _remove_leftovers(target)
            existing = os.path.exists(path)
            if existing and not rebuild:
                _updatable(path)
            if covers(inputs, registry.suffixes(), path):
                raise CorpusError(f"{path} is one of the records to index: kifu never writes "
                                  "onto its inputs; name another index file with -o")
            if existing and rebuild:
                _rebuildable(path)
            with _replaced(path, target, existing and not rebuild) as connection:
                yield connection
    except OSError as error:
        raise CorpusError(f"{path}: the index could not be written ({error.strerror or error})"
                          ) from None


@contextlib.contextmanager
def _replaced(path: str, target: str, update: bool) -> Iterator[sqlite3.Connection]:
    """A connection to a temporary copy of the index (or a new one), renamed over ``target``
    once the block ends normally."""
    mode = mode_for(Path(target))
    handle, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp",
                                         dir=os.path.dirname(target))
    os.close(handle)
    try:
        if update:
            shutil.copyfile(path, temporary)
        connection = connect(temporary, read_only=False)
        try:
            connection.execute("PRAGMA journal_mode = OFF")  # the temporary file is the journal
            connection.execute("PRAGMA synchronous = OFF")
            connection.execute("PRAGMA cache_size = -65536")  # 64 MiB
            connection.execute("PRAGMA temp_store = FILE")
            if not update:
                connection.executescript(_TABLES)
                connection.executemany("INSERT INTO meta VALUES (?, ?)",
                                       [("format", FORMAT), ("schema", SCHEMA),
                                        ("version", __version__),
                                        ("byteorder", sys.byteorder)])
            connection.execute("BEGIN")
            yield connection
            connection.execute("COMMIT")
        finally:
            connection.close()
        with open(temporary, "rb+") as done:
            settle(done.fileno())
        set_mode(temporary, mode)
        os.replace(temporary, target)
    except sqlite3.Error as error:
        name = getattr(error, "sqlite_errorname", None) or ""
        if update and not name.startswith(_WRITE_FAILURES):
            # Met in the copy of the index updated, as it was read: a page SQLite finds
            # corrupt, a text that is not UTF-8.
            raise damaged(path, error) from None
        raise CorpusError(f"{path}: the index could not be written ({error})") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


#: SQLite's errors for a file that cannot be written (a full disk, a folder one may not write
#: in, no memory), as opposed to one whose content is damaged.
_WRITE_FAILURES = ("SQLITE_FULL", "SQLITE_IOERR", "SQLITE_READONLY", "SQLITE_CANTOPEN",
                   "SQLITE_PERM", "SQLITE_NOMEM", "SQLITE_BUSY", "SQLITE_LOCKED",
                   "SQLITE_INTERRUPT", "SQLITE_TOOBIG", "SQLITE_NOLFS")


def lock_path(target: str) -> str:
    """The lock file of the index at ``target``: ``.NAME.lock`` beside it."""
    return os.path.join(os.path.dirname(target), f".{os.path.basename(target)}.lock")


@contextlib.contextmanager
def _locked(target: str, shown: str, wait: bool) -> Iterator[None]:
    """The index at ``target`` locked for this run (an exclusive ``flock`` of its lock file,
    which the kernel lets go however the run ends); the lock file is removed as the lock is
    let go, so that none is left once no run holds it.

    Where ``fcntl`` is missing (Windows), the lock file is made exclusively instead, and a run
    killed before it removes it leaves it: it must then be removed by hand."""
    name = lock_path(target)
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield from _made_exclusively(name, shown)
        return
    while True:
        descriptor = os.open(name, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o666)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            holder = _holder(descriptor)
            os.close(descriptor)
            raise IndexBusy(f"{shown}: another kifu index{holder} is writing this index; run "
                            "this one when it is done, or give --wait to wait for it") from None
        except BaseException:
            os.close(descriptor)
            raise
        # The run that held the lock removes the file as it lets go: a lock taken on a file
        # no longer there (or another by now) locks nothing.
        try:
            held = os.stat(name)
            mine = os.fstat(descriptor)
            if (held.st_dev, held.st_ino) == (mine.st_dev, mine.st_ino):
                break
        except FileNotFoundError:
            pass
        os.close(descriptor)
    try:
        os.ftruncate(descriptor, 0)
        os.write(descriptor, f"{os.getpid()}\n".encode())
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(name)
        os.close(descriptor)


def _holder(descriptor: int) -> str:
    """`` (process N)``, the process that wrote the lock file, where it says."""
    try:
        written = os.pread(descriptor, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return f" (process {written})" if written.isdigit() else ""


def _made_exclusively(name: str, shown: str) -> Iterator[None]:  # pragma: no cover - Windows
    try:
        descriptor = os.open(name, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError:
        raise IndexBusy(f"{shown}: another kifu index is writing this index (or one was killed "
                        f"and left {name}: remove it if none runs)") from None
    try:
        yield
    finally:
        os.close(descriptor)
        with contextlib.suppress(OSError):
            os.unlink(name)


def _remove_leftovers(target: str) -> None:
    """Remove the temporary files of runs killed while they wrote this index (named as
    :func:`_replaced` names them; none other is running, this run holding the lock)."""
    folder = os.path.dirname(target)
    made = re.compile(re.escape(f".{os.path.basename(target)}.") + r"[a-z0-9_]{8}\.tmp")
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if made.fullmatch(name):
            leftover = os.path.join(folder, name)
            with contextlib.suppress(OSError):
                if os.path.isfile(leftover) and not os.path.islink(leftover):
                    os.unlink(leftover)
