"""Finding record files: paths as given, folders walked as a stream.

A folder is read one directory at a time with :func:`os.scandir`, each directory's entries sorted
by name, so the order is the same on every machine and a tree of a million records is never
listed in memory all at once.  Only the files whose suffix some game reads are kept.

Symbolic links found while walking are followed only where they stay inside the folder that
was named: a linked file is checked under the link's own name when its target lies inside the
folder, and reported (a warning, not read) when it leads outside; a linked folder is not
entered, as its files are either inside the folder already (and found where they really are)
or outside it.  A link that cannot be followed (in a loop, say) and a pipe, socket or device
with a record's name are reported in the file's place, not read.  Paths named on the command
line are the user's own choice and always read (a pipe too: ``kifu validate <(...)``).
"""
from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Iterable, Iterator, Set

from kifu.base.errors import KifuError, ReadError
from kifu.base.value import dataclass
from kifu.reading.source import STDIN


class LinkOutsideError(ReadError):
    """A symbolic link found in a folder leads outside it: it is not followed, so kifu cannot
    read what it names (a file kifu could not read: exit status 2)."""


@dataclass(frozen=True)
class Found:
    """One file to process: ``path`` as printed and opened, ``relative`` to the argument it was
    found through (a named file's own name), and whether the user ``named`` it directly.

    ``problem`` is set instead for something that could not be walked (an unreadable folder,
    a link leading outside): it is reported in the file's place.
    """

    path: str
    relative: str
    named: bool = False
    problem: KifuError | None = None


@dataclass(frozen=True)
class Shard:
    """Part ``index`` (1-based) of ``count``: the files whose path hashes to it.

    The hash (SHA-1 of the path as printed) depends on nothing but the path, so every CI job
    given the same arguments agrees on the split, and adding a file moves no other.
    """

    index: int
    count: int

    @classmethod
    def parse(cls, text: str) -> Shard:
        """``I/N`` with 1 <= I <= N; raises ``ValueError`` otherwise."""
        index, slash, count = text.partition("/")
        if not slash or not index.strip().isdigit() or not count.strip().isdigit():
            raise ValueError("a shard is I/N, e.g. 2/4 for the second of four parts")
        shard = cls(int(index), int(count))
        if not 1 <= shard.index <= shard.count:
            raise ValueError(f"shard {text}: I must be between 1 and N")
        return shard

    def __contains__(self, path: str) -> bool:
        import hashlib  # only a sharded run needs it (its import costs a few milliseconds)

        digest = hashlib.sha1(path.encode("utf-8", "surrogateescape")).digest()
        return int.from_bytes(digest[:8], "big") % self.count == self.index - 1

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def missing(paths: Iterable[str]) -> list[str]:
    """The named paths that do not exist (checked before a run, so a typo is a usage error)."""
    return [p for p in paths if p != STDIN and not os.path.lexists(p)]


def walk(paths: Iterable[str], suffixes: Iterable[str], *, shard: Shard | None = None,
         skip: Iterable[str] = ()) -> Iterator[Found]:
    """Every record file named by ``paths``, in order: files as given, folders walked.

    ``suffixes`` are the lower-case suffixes to keep in folders; ``skip`` names folders not to
    enter (a batch's own output folder); ``shard`` keeps only that part of the files.
    """
    wanted: Set[str] | None = None  # asked for at the first folder: files need none
    skipped = frozenset(os.path.realpath(p) for p in skip)
    for path in paths:
        if path != STDIN and os.path.isdir(path):
            if wanted is None:
                # A set is asked one suffix at a time (the registry's answers the common
                # suffixes without reading the plug-ins' entry points).
                wanted = suffixes if isinstance(suffixes, Set) else frozenset(suffixes)
            found: Iterable[Found] = _walk_folder(path, wanted, skipped)
        else:
            found = [Found(path, STDIN if path == STDIN else os.path.basename(path), named=True)]
        for item in found:
            if shard is None or item.path in shard:
                yield item


def covers(paths: Iterable[str], suffixes: Set[str], target: str,
           skip: Iterable[str] = ()) -> bool:
    """Whether walking ``paths`` (as :func:`walk` does, with ``suffixes`` and ``skip``) reads the
    existing file ``target``: it is one of the paths, or a record file below a folder named."""
    real = os.path.realpath(target)
    skipped = [os.path.realpath(p) + os.sep for p in skip]
    for path in paths:
        if path == STDIN:
            continue
        if not os.path.isdir(path):
            if _same_file(path, target):
                return True
            continue
        root = os.path.realpath(path) + os.sep
        # Where the file lies is asked first: its suffix may be one no built-in game reads
        # (an index's ``.db``), which the plug-ins are then asked about (a scan of the
        # installed packages that costs as much as kifu's start-up).
        if not (real.startswith(root) or within(target, path)) or _suffix(target) not in suffixes:
            continue
        # A skipped folder is passed over when met below the root, not when it is the root.
        if not any(real.startswith(s) and s != root and s.startswith(root) for s in skipped):
            return True
    return False


def within(path: str, folder: str) -> bool:
    """Whether ``path`` is ``folder`` or lies below it, by what the folders are rather than how
    they are spelled: a folder reached by another path that no link explains (a bind mount,
    another spelling on a file system that ignores case) is the same folder."""
    return below(path, folder) is not None


def below(path: str, folder: str) -> str | None:
    """``path`` relative to ``folder`` (``.`` for the folder itself) when it lies in it, by
    what the folders are (see :func:`within`), else ``None``."""
    real = os.path.realpath(path)
    root = os.path.realpath(folder)
    if real == root or real.startswith(root + os.sep):
        return os.path.relpath(real, root)
    try:
        wanted = os.stat(root)
    except OSError:
        return None
    current = real
    while True:
        with contextlib.suppress(OSError):
            if os.path.samestat(os.stat(current), wanted):
                return os.path.relpath(real, current)
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _walk_folder(root: str, wanted: Set[str], skipped: frozenset[str]) -> Iterator[Found]:
    """Depth first, each directory's entries in name order; no recursion, so depth is free."""
    inside = os.path.realpath(root).rstrip(os.sep) + os.sep
    # Each folder open, with its path relative to ``root`` as a prefix of its entries' (built
    # as the walk goes down: ``os.path.relpath`` per file costs as much as deciding a record).
    stack: list[tuple[Iterator[os.DirEntry[str]], str]] = []
    listed = _list(root, root)
    if isinstance(listed, Found):
        yield listed
        return
    stack.append((iter(listed), ""))
    while stack:
        entries, prefix = stack[-1]
        entry = next(entries, None)
        if entry is None:
            stack.pop()
            continue
        relative = prefix + entry.name
        try:
            if entry.is_symlink():
                item = _linked(entry, relative, wanted, inside)
            elif entry.is_dir(follow_symlinks=False):
                if os.path.realpath(entry.path) in skipped:
                    continue
                listed = _list(entry.path, relative)
                if not isinstance(listed, Found):
                    stack.append((iter(listed), relative + os.sep))
                    continue
                item = listed
            else:
                item = _file(entry, relative, wanted)
        except OSError as error:  # a link in a loop, an entry gone while walking
            item = Found(entry.path, relative, problem=ReadError(
                f"not read: {error.strerror or error}"))
        if item is not None:
            yield item


def _list(folder: str, relative: str) -> list[os.DirEntry[str]] | Found:
    """A folder's entries by name, or a report in their place when it cannot be read."""
    try:
        with os.scandir(folder) as entries:
            return sorted(entries, key=lambda e: e.name)
    except OSError as error:
        problem = ReadError(f"cannot read folder {folder}: {error.strerror or error}")
        return Found(folder, relative, problem=problem)


def _linked(entry: os.DirEntry[str], relative: str, wanted: Set[str],
            inside: str) -> Found | None:
    target = os.path.realpath(entry.path) + (os.sep if entry.is_dir() else "")
    if not target.startswith(inside):
        if _suffix(entry.name) not in wanted and not entry.is_dir():
            return None
        what = "folder" if entry.is_dir() else "file"
        problem = LinkOutsideError(f"not read: this linked {what} leads outside the folder "
                                   "being checked; name it on the command line to check it")
        return Found(entry.path, relative, problem=problem)
    if entry.is_dir():
        return None  # a linked folder inside: its files are found where they really are
    return _file(entry, relative, wanted)


def _file(entry: os.DirEntry[str], relative: str, wanted: Set[str]) -> Found | None:
    """A record file found in a folder; a pipe, socket or device with a record's name is
    reported, not read (reading a pipe would wait for a writer for ever)."""
    if _suffix(entry.name) not in wanted:
        return None
    if entry.is_file():
        return Found(entry.path, relative)
    if not os.path.exists(entry.path):
        return Found(entry.path, relative, problem=ReadError("not read: this link leads to no "
                                                             "file"))
    return Found(entry.path, relative, problem=ReadError(
        "not read: this is not a regular file (a pipe, a socket or a device); name it on the "
        "command line to read it"))


def _suffix(name: str) -> str:
    return os.path.splitext(name)[1].lower()


@functools.lru_cache(maxsize=64)  # a file's reading asks for it several times in a row
def path_suffix(path: str) -> str:
    """A path's suffix in lower case, as ``PurePath(path).suffix.lower()`` gives it (that of
    its last part, where a dot stands inside the name), without making a path: every file
    read asks for it several times."""
    if os.sep != "/" or os.altsep:  # drives and two separators: the path object's own rules
        from pathlib import PurePath  # only there: importing it costs a run 3 ms

        return PurePath(path).suffix.lower()
    name = path[path.rfind("/") + 1:]
    if not name or name == ".":  # a path ending in a separator or in "/."
        name = next((part for part in reversed(path.split("/")) if part and part != "."), "")
    dot = name.rfind(".")
    return name[dot:].lower() if 0 < dot < len(name) - 1 else ""
