"""What a record may make kifu read besides itself.

A record can refer to another file (a Free-form Go record names its board file, say).  kifu
checks records it did not write, in CI and in pre-commit hooks, so a reference must never reach
a file the user did not hand over: ``/etc/passwd``, ``~/.ssh``, ``/proc/self/environ``.  The
rule, the same for every game:

- a reference is a relative path (no absolute path, no drive, no empty or control characters);
- it is looked up in the record's own folder, then in each folder the user named
  (:class:`~kifu.base.record.ReadOptions`, ``--boards DIR`` on the command line), and must lie
  inside that folder or below it once every symbolic link and ``..`` is followed;
- it must be a regular file (no folder, device or pipe), no larger than the records' limit.

A record read from standard input or from a string has no folder: only the user's folders
serve it.  Games never quote the content of such a file in their messages (the user did not
name it, and it may not be theirs); ``kifu board check FILE`` and the like, where the user names
the file, may.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path, PurePath

from kifu.base.errors import KifuError
from kifu.base.limits import shorten
from kifu.base.record import ReadOptions
from kifu.reading.source import MAX_BYTES, STDIN, read_bounded

__all__ = ["AccessError", "ReadOptions", "Reference", "beside", "read_file", "read_reference",
           "record_folder"]


class AccessError(KifuError):
    """A file a record refers to that kifu may not, or cannot, read."""

    code = "reference"


@dataclass(frozen=True)
class Reference:
    """A file a record refers to, found and read: where it is and its bytes."""

    path: Path
    data: bytes


def record_folder(source: str | None) -> Path | None:
    """The folder of the file a record was read from (``None`` for standard input, strings)."""
    if not source or source == STDIN or source.startswith("<"):
        return None
    return Path(source).parent


def read_reference(name: str, source: str | None, options: ReadOptions,
                   what: str = "file") -> Reference:
    """The file ``name`` that a record read from ``source`` refers to, under the rule of this
    module; an ``AccessError`` naming the rule otherwise (``what`` names the kind of file).

    Messages quote ``name`` (which the record wrote) but never the file's content.
    """
    _check_name(name, what)
    folders = [folder for folder in (record_folder(source), *map(Path, options.folders))
               if folder is not None]
    if not folders:
        raise AccessError(f"a record read from standard input has no folder to find {what} "
                          f"{name!r} in (name one with --boards DIR)", rule="reference-folder")
    for folder in folders:
        found = _inside(folder, name, what)
        if found is not None:
            return Reference(found, read_file(found, name, what))
    searched = " or ".join(repr(str(folder)) for folder in folders)
    raise AccessError(f"there is no {what} {name!r} in {searched}", rule="reference-missing")


def beside(name: str, source: str | None) -> Path | None:
    """The file ``name`` in the folder of the record read from ``source`` (as the record names
    it, links not followed), if the rule of this module lets the record refer to it and it
    exists; ``None`` otherwise.  Nothing is read."""
    folder = record_folder(source)
    try:
        _check_name(name, "file")
        found = _inside(folder, name, "file") if folder is not None else None
        if found is None or not found.is_file():
            return None
    except (AccessError, OSError):
        return None
    return folder / name if folder is not None else None


def _check_name(name: str, what: str) -> None:
    path = PurePath(name)
    if not name.strip() or any(ord(c) < 32 or c == "\x7f" for c in name):
        raise AccessError(f"{what} {name!r} is not a file name", rule="reference-name")
    if path.is_absolute() or path.drive or name.startswith(("/", "\\")):
        raise AccessError(f"{what} {name!r}: a record may refer only to files in its own "
                          "folder or below, by a relative path, not by an absolute one",
                          rule="reference-outside")


def _inside(folder: Path, name: str, what: str) -> Path | None:
    """``folder/name`` with links followed, if it exists; an error if it leaves ``folder``."""
    try:
        root = folder.resolve()
        target = (folder / name).resolve()
        exists = target.exists()
    except (OSError, RuntimeError) as error:  # a name too long, a loop of links
        raise AccessError(f"cannot look up {what} {shorten(name)!r}: "
                          f"{getattr(error, 'strerror', None) or error}",
                          rule="reference-name") from None
    if not target.is_relative_to(root):
        raise AccessError(f"{what} {name!r} lies outside the folder {str(folder)!r} (through "
                          "'..' or a link); a record may refer only to files in its own folder "
                          "or below, or in a folder named with --boards DIR",
                          rule="reference-outside")
    return target if exists else None


def read_file(path: Path, name: str, what: str = "file") -> bytes:
    """The bytes of a regular file, at most the records' limit; an ``AccessError`` naming the
    rule broken otherwise (``name`` is how messages call the file)."""
    try:
        if not path.is_file():
            raise AccessError(f"{what} {name!r} is not a regular file", rule="reference-name")
        with path.open("rb") as handle:
            data = read_bounded(handle, MAX_BYTES)
    except OSError as error:
        raise AccessError(f"cannot read {what} {name!r}: {error.strerror or error}",
                          rule="reference-read") from None
    if len(data) > MAX_BYTES:
        raise AccessError(f"{what} {name!r} is larger than {MAX_BYTES // (1024 * 1024)} MiB",
                          rule="reference-size")
    return data
