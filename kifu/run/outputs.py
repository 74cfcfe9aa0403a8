"""Writing what kifu makes: never onto an input, never half a file.

Every output is written to a temporary file in the folder it belongs in and then renamed over
the target, so a full disk, a file-size limit or an interrupted run leaves the old file (or no
file) in place, never a truncated one.  An output that names one of the inputs is refused before
anything is read.
"""
from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TextIO

from kifu.base.diagnostics import FileReport
from kifu.base.errors import KifuError, OutputError
from kifu.base.record import Record
from kifu.plugin import AnyGame
from kifu.reading.access import beside
from kifu.reading.source import STDIN


@dataclass
class Written:
    """One input of a batch and what became of it: the file written (``None`` when nothing
    was), the reports about it, and the record's game and headers when it could be read.
    Index pages (``kifu render --output-dir``) are built from these."""

    source: str
    output: str | None
    reports: list[FileReport] = field(default_factory=list)
    game: str | None = None
    headers: list[tuple[str, str]] = field(default_factory=list)
    #: The files written for an input of several games, a file each (``output`` is then
    #: ``None``): a database converted into a format of one game.
    outputs: list[str] = field(default_factory=list)


def refuse_inputs(output: str, inputs: Iterable[str]) -> None:
    """Raise ``OutputError`` if ``output`` is one of ``inputs`` (the same file by any name)."""
    if output == STDIN:
        return
    for source in inputs:
        if source != STDIN and _same_file(output, source):
            raise OutputError(f"refusing to write onto the input {source}; choose another "
                              "output file")


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # either does not exist (yet): they cannot be the same file
        return False


def write_atomic(path: str, text: str | Iterable[str], *, in_place: bool = True,
                 encoding: str = "utf-8") -> None:
    """Write ``text`` (a string or a stream of pieces, in ``encoding``: UTF-8, or ISO-8859-1
    for the bytes of a binary format) to ``path`` without ever replacing what is not a plain
    file.

    A regular file (or a new one) is written through a temporary file and a rename, so a full
    disk or an interrupted run leaves the old file whole; it gets the permissions a plain
    ``open(path, "w")`` would give it.  A symbolic link stays a link: the file it names is
    written.  What is not a regular file is never replaced: one of kifu's own open streams
    (``/dev/stdout``, ``/dev/fd/N``) is written through that stream, and a pipe or a character
    device is opened and written in place, as ``> PATH`` in a shell would; with ``in_place``
    false (a batch's outputs, which nobody named one by one) they are refused instead, as are
    block devices, sockets and folders always.  Raises ``OutputError``.

    Pieces are written as they come into a temporary file; a stream, a pipe or a device gets
    them only once they have all come (:func:`spooled`), so that whatever stops the pieces (an
    output refused as too large half-way) never leaves half an output anywhere.
    """
    if not path.strip():
        raise OutputError("not written: an output must be named (it is empty)")
    if path.endswith(("/", os.sep)):
        raise OutputError(f"not written: {path} names a folder, not a file")
    descriptor = _open_stream(path)
    if descriptor is not None:
        if not in_place:
            raise OutputError(f"not written: {path} is one of kifu's own streams")
        _write_through(descriptor, text, path, encoding)
        return
    try:
        kind = os.stat(path).st_mode
    except FileNotFoundError:
        kind = None  # a new file (or a link to where a new file will be)
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None
    if kind is not None and not stat.S_ISREG(kind):
        if not in_place or not (stat.S_ISFIFO(kind) or stat.S_ISCHR(kind)):
            raise OutputError(f"not written: {path} is {_kind_name(kind)}, not a regular "
                              "file, and kifu replaces only regular files")
        _write_special(path, text, encoding)
        return
    if not in_place and os.path.islink(path):
        raise OutputError(f"not written: {path} is a symbolic link, which a batch does not "
                          "follow or replace; remove it or choose another --output-dir")
    if kind is not None and not os.access(path, os.W_OK):
        # A file its owner made read-only is not replaced, as ``> PATH`` would not write it
        # (the folder being writable let a rename put a new file in its place).
        raise OutputError(f"cannot write {path}: {os.strerror(errno.EACCES)} (it is "
                          "read-only)")
    _replace_atomically(Path(os.path.realpath(path)) if kind is not None or
                        os.path.islink(path) else Path(path), text, path, encoding)


def _open_stream(path: str) -> int | None:
    """The descriptor ``path`` names when it leads to one of this process's open files
    (``/dev/stdout``, ``/dev/fd/1``, ``/proc/self/fd/1``), else ``None``.

    Such a name must be written through the descriptor: a rename would put a private file in
    the name's place, and opening it afresh would start a regular file over from its start.
    """
    # Made at each call: a worker forked from this process has another process id.
    # A thread's own view of them (``/proc/thread-self/fd/1``, ``/proc/self/task/TID/fd/1``)
    # names the same descriptors: the threads of a process share them.
    pattern = re.compile(rf"/proc/(?:self|thread-self|{os.getpid()})(?:/task/\d+)?/fd/(\d+)")
    current = os.path.abspath(path)
    for _ in range(40):  # the kernel's own limit on links followed
        head, name = os.path.split(current)
        current = os.path.join(os.path.realpath(head), name)
        match = pattern.fullmatch(current)
        if match:
            return int(match.group(1))
        if _FOREIGN.fullmatch(current) and _is_regular(current):
            raise OutputError(f"not written: {path} is a file another process holds open "
                              f"({current}), which kifu would replace; name the file itself")
        if not os.path.islink(current):
            return None
        current = os.path.join(head, os.readlink(current))
    return None


#: Another process's open file (``/proc/PID/fd/N``): a link that names no path of its own.
_FOREIGN = re.compile(r"/proc/\d+(?:/task/\d+)?/fd/\d+")


def _is_regular(path: str) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


#: What :func:`spooled` keeps in memory before it spills into a temporary file.
SPOOLED = 1 << 20


def spooled(text: str | Iterable[str]) -> str | Iterator[str]:
    """``text`` as it is, or its pieces, all taken first (into memory up to a megabyte, then a
    temporary file) and then handed out again: what stops the pieces stops them before any is
    handed out."""
    if isinstance(text, str):
        return text
    spool = tempfile.SpooledTemporaryFile(SPOOLED, "w+", encoding="utf-8",  # noqa: SIM115
                                          errors="surrogateescape", newline="")
    try:
        spool.writelines(text)
        spool.seek(0)
    except BaseException:
        spool.close()
        raise
    return _spool_pieces(spool)


def _spool_pieces(spool: IO[str]) -> Iterator[str]:
    with spool:
        while True:
            piece = spool.read(1 << 16)
            if not piece:
                return
            yield piece


def _write_through(descriptor: int, text: str | Iterable[str], path: str,
                   encoding: str = "utf-8") -> None:
    text = spooled(text)
    try:
        with os.fdopen(os.dup(descriptor), "w", encoding=encoding, newline="") as handle:
            _put(handle, text)
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None


def _write_special(path: str, text: str | Iterable[str], encoding: str = "utf-8") -> None:
    """Write into a pipe or a character device where it stands (never created, never
    replaced: ``O_CREAT`` is not given, so a device gone meanwhile is an error)."""
    text = spooled(text)
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_NOCTTY)
        with os.fdopen(descriptor, "w", encoding=encoding, newline="") as handle:
            _put(handle, text)
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None


def _kind_name(mode: int) -> str:
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISBLK, "a block device"),
             (stat.S_ISSOCK, "a socket"), (stat.S_ISFIFO, "a pipe"),
             (stat.S_ISCHR, "a character device"))
    return next((name for test, name in kinds if test(mode)), "not a regular file")


def _put(handle: TextIO, text: str | Iterable[str]) -> None:
    if isinstance(text, str):
        handle.write(text)
    else:
        handle.writelines(text)


def _replace_atomically(target: Path, text: str | Iterable[str], path: str,
                        encoding: str = "utf-8") -> None:
    """Write a regular file through a temporary file beside it and a rename; the temporary
    file is removed whatever stops the write (a full disk, Ctrl-C, a signal).

    The temporary file's name is known before the file is made (``tempfile.mkstemp`` makes it,
    then hands back its name: a signal in between would leave it behind)."""
    temporary = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        descriptor = -1
        while descriptor < 0:
            name = temporary = str(target.parent / f".{target.name}.{secrets.token_hex(4)}.tmp")
            with contextlib.suppress(FileExistsError):
                descriptor = os.open(name, _NEW_FILE, 0o600)
        with os.fdopen(descriptor, "w", encoding=encoding, newline="") as handle:
            _put(handle, text)
            handle.flush()
            settle(handle.fileno())
        set_mode(name, mode_for(target))
        os.replace(name, target)
        temporary = None
    except OSError as error:
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


#: How a temporary file is made: new, never an existing file or a link's target.
_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0) | \
    getattr(os, "O_NOFOLLOW", 0)


#: What a file system without permissions or without ``fsync`` answers (FAT, exFAT, some
#: network and FUSE file systems): the file is written all the same.
_UNSUPPORTED = {errno.EPERM, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS}


def settle(descriptor: int) -> None:
    """``fsync`` where the file system has it."""
    try:
        os.fsync(descriptor)
    except OSError as error:
        if error.errno not in _UNSUPPORTED - {errno.EPERM}:
            raise


def set_mode(path: str, mode: int) -> None:
    """Give ``path`` the permissions ``mode`` where the file system keeps permissions (FAT's
    refuse a ``chmod``, which made every output to a USB stick fail)."""
    try:
        os.chmod(path, mode)
    except OSError as error:
        if error.errno not in _UNSUPPORTED:
            raise


def mode_for(target: Path) -> int:
    """The permissions a file written at ``target`` gets: those of the file it replaces, or
    what a plain ``open(target, "w")`` would give a new one."""
    try:
        return target.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def relocate(game: AnyGame, record: Record, source: str, output: str) -> list[KifuError]:
    """Keep the headers that name a file beside the record (``Game.file_headers``: a board
    file, say) naming that file from where ``output`` is written.

    A reference is rewritten when the file lies in or below the output's folder; otherwise it
    is kept as it is (a record refers only to files in its own folder or below, or in folders
    the user names with ``--boards``), with a warning saying how the file can still be found.
    """
    if source == STDIN or output == STDIN:
        return []
    warnings: list[KifuError] = []
    from_dir = Path(source).parent
    to_dir = Path(output).parent
    for wanted in game.file_headers:
        for key, value in list(record.headers.items()):
            name = value.strip()
            target = beside(name, source) if key.casefold() == wanted.casefold() else None
            if target is None:
                continue  # not a file the record may name (a built-in name), or broken already
            moved = Path(os.path.relpath(target, to_dir)).as_posix()
            if moved == name:
                continue
            if not moved.startswith("../"):
                record.headers[key] = moved
                continue
            warnings.append(OutputError(
                f"{key}: {name!r} is not in or below the folder the output is written to; "
                f"copy it there, or give --boards {from_dir.as_posix() or '.'} when reading "
                "the output", span=record.header_span(key), severity="warning"))
    return warnings
