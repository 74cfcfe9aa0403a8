"""Which files of an output folder kifu wrote itself, so that no run mistakes them for the user's.

A batch (``kifu convert``/``render --output-dir``) may write into a folder it also reads: the
records' own folder, say.  A later run then meets its earlier outputs among the inputs, and
must tell "a file kifu wrote, unchanged since" (an output: not read, and replaced by the new
output) from "a record of the user's" (an input: read, and never written onto).  Only the file's
history can tell, so each output folder keeps a small SQLite ledger, ``.kifu-outputs.sqlite``,
of the files kifu wrote there and how they stood when it wrote them (size, time and inode).
A file edited since is the user's again.

The ledger is read one question at a time (a file's row), never loaded whole, so a folder of a
million outputs costs no memory; several runs (CI shards) may write it at once.
"""
from __future__ import annotations

import contextlib
import os
import sqlite3

from kifu.reading.walk import below

NAME = ".kifu-outputs.sqlite"

_SCHEMA = ("CREATE TABLE IF NOT EXISTS output (path TEXT PRIMARY KEY, size INTEGER NOT NULL, "
           "mtime_ns INTEGER NOT NULL, inode INTEGER NOT NULL)")


class Ledger:
    """The ledger of the output folder ``folder`` (which need not exist yet)."""

    def __init__(self, folder: str) -> None:
        self.folder = os.path.realpath(folder)
        self._connection: sqlite3.Connection | None = None
        self._opened = False

    def _open(self, create: bool) -> sqlite3.Connection | None:
        if self._connection is not None or (self._opened and not create):
            return self._connection
        self._opened = True
        path = os.path.join(self.folder, NAME)
        if not create and not os.path.isfile(path):
            return None
        try:
            if create:
                os.makedirs(self.folder, exist_ok=True)
            connection = sqlite3.connect(path, timeout=30, isolation_level=None)
            connection.execute(_SCHEMA)
        except sqlite3.Error:
            return None  # unreadable: every file counts as the user's, which is the safe side
        self._connection = connection
        return connection

    def _key(self, path: str) -> str | None:
        """``path`` relative to the folder, or ``None`` when it lies outside it."""
        key = below(path, self.folder)  # the folder by any path: a bind mount, say
        return None if key in (None, ".") else key

    def wrote(self, path: str) -> bool:
        """Whether ``path`` is a file kifu wrote into this folder, unchanged since."""
        key = self._key(path)
        connection = self._open(create=False) if key is not None else None
        if connection is None:
            return False
        try:
            row = connection.execute("SELECT size, mtime_ns, inode FROM output WHERE path = ?",
                                     (key,)).fetchone()
            state = os.stat(path)
        except (sqlite3.Error, OSError):
            return False
        return row is not None and tuple(row) == _fingerprint(state)

    def record(self, path: str) -> None:
        """Note that kifu has just written ``path`` (nothing happens for a path outside the
        folder, or when the ledger cannot be written: those outputs are then the user's)."""
        key = self._key(path)
        connection = self._open(create=True) if key is not None else None
        if connection is None:
            return
        with contextlib.suppress(sqlite3.Error, OSError):
            connection.execute("INSERT OR REPLACE INTO output VALUES (?, ?, ?, ?)",
                               (key, *_fingerprint(os.stat(path))))

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
        self._connection, self._opened = None, False

    def __getstate__(self) -> dict[str, object]:
        """A copy for a worker process opens the ledger afresh (connections do not travel)."""
        return {"folder": self.folder, "_connection": None, "_opened": False}


def _fingerprint(state: os.stat_result) -> tuple[int, int, int]:
    return state.st_size, state.st_mtime_ns, state.st_ino
