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
  ever stood there (a bitmap over game ids), the first sieve of a pattern search.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import sys
import tempfile
from array import array
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
SCHEMA = "4"

_TABLES = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE file (
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    problem TEXT
);
CREATE TABLE game (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    file INTEGER NOT NULL,
    number INTEGER NOT NULL,
    name TEXT NOT NULL,
    game TEXT,
    black TEXT, white TEXT, players TEXT, event TEXT, date TEXT, result TEXT,
    winner TEXT, score REAL, ending TEXT, rule TEXT, opening TEXT,
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
    digest BLOB
);
CREATE INDEX game_file ON game (file);
CREATE INDEX game_digest ON game (digest);
CREATE INDEX game_kind ON game (game, grid, swaps);
CREATE TABLE trail (
    game INTEGER PRIMARY KEY,
    hashes BLOB NOT NULL,
    images BLOB NOT NULL,
    lines TEXT NOT NULL,
    log BLOB
);
CREATE TABLE position (
    hash INTEGER NOT NULL,
    place INTEGER NOT NULL,
    PRIMARY KEY (hash, place)
) WITHOUT ROWID;
CREATE TABLE symmetry (id INTEGER PRIMARY KEY, data TEXT NOT NULL UNIQUE);
CREATE TABLE occupancy (
    grid TEXT NOT NULL,
    point INTEGER NOT NULL,
    content INTEGER NOT NULL,
    games BLOB NOT NULL,
    PRIMARY KEY (grid, point, content)
) WITHOUT ROWID;
"""


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
    except sqlite3.DatabaseError as error:
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


def damaged(path: str, error: sqlite3.Error) -> UnusableIndex:
    """What an SQLite error met while reading an index says to the user."""
    return UnusableIndex(f"{path} cannot be read as a kifu corpus index ({error}); it may be "
                         "damaged", path=path, remedy="rebuild")


def open_index(path: str) -> sqlite3.Connection:
    """An index opened for reading, checked; a ``CorpusError`` for a file that is none."""
    if not os.path.isfile(path):
        raise UnusableIndex(f"{path}: no such index", path=path, remedy="make")
    try:
        connection = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True)
        connection.execute("PRAGMA query_only = 1")
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


@contextlib.contextmanager
def writing(path: str, rebuild: bool = False,
            inputs: Sequence[str] = ()) -> Iterator[sqlite3.Connection]:
    """A connection to a new version of the index at ``path``, put in its place only if the
    block ends normally (the previous index, if any, is left as it was otherwise).

    Without ``rebuild`` an existing index is updated (a copy of it is written) and an existing
    file that is not an index this kifu reads is refused; with it, a new index is made
    whatever stood there, but never over one of ``inputs`` (the paths indexed: a file named,
    or a record file below a folder named).  A symbolic link to the index stays a link.
    """
    if not path.strip():
        raise CorpusError("the index file must be named (it is empty)")
    existing = os.path.exists(path)
    if existing and not os.path.isfile(path):
        raise CorpusError(f"{path} is not a file; name the index file with -o")
    # A link (or a chain of them) stays a link: the file it leads to is what is replaced.
    target = os.path.realpath(path) if os.path.islink(path) else os.path.abspath(path)
    folder = os.path.dirname(target)
    if not os.path.isdir(folder):
        raise CorpusError(f"{path}: the folder {folder} does not exist")
    if existing and not rebuild:
        _updatable(path)
    if covers(inputs, registry.suffixes(), path):
        raise CorpusError(f"{path} is one of the records to index: kifu never writes onto its "
                          "inputs; name another index file with -o")
    mode = mode_for(Path(target))
    handle, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(target)}.", suffix=".tmp",
                                         dir=folder)
    os.close(handle)
    try:
        if existing and not rebuild:
            shutil.copyfile(path, temporary)
        else:
            os.truncate(temporary, 0)
        connection = sqlite3.connect(temporary, isolation_level=None)
        try:
            connection.execute("PRAGMA journal_mode = OFF")  # the temporary file is the journal
            connection.execute("PRAGMA synchronous = OFF")
            connection.execute("PRAGMA cache_size = -65536")  # 64 MiB
            connection.execute("PRAGMA temp_store = FILE")
            if not existing or rebuild:
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
        raise CorpusError(f"{path}: the index could not be written ({error})") from None
    except OSError as error:
        raise CorpusError(f"{path}: the index could not be written ({error.strerror or error})"
                          ) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def hashes_of(data: bytes) -> array[int]:
    """A blob of hashes read back (written on a machine of the same byte order: the index's
    ``meta`` says which, and an index from another is refused)."""
    found = array("q")
    found.frombytes(data)
    return found
