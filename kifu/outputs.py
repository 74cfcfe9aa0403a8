"""Writing what kifu makes: never onto an input, never half a file.

Every output is written to a temporary file in the folder it belongs in and then renamed over
the target, so a full disk, a file-size limit or an interrupted run leaves the old file (or no
file) in place, never a truncated one.  An output that names one of the inputs is refused before
anything is read.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from kifu.access import beside
from kifu.errors import KifuError, OutputError
from kifu.game import AnyGame
from kifu.record import Record
from kifu.report import FileReport
from kifu.source import STDIN


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


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` through a temporary file and a rename.

    The file gets the permissions a plain ``open(path, "w")`` would give it (those of the file
    it replaces, else the umask's).  Raises ``OutputError`` when the folder cannot take it.
    """
    target = Path(path)
    temporary = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                                 suffix=".tmp")
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, _mode_for(target))
        os.replace(temporary, target)
    except OSError as error:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        raise OutputError(f"cannot write {path}: {error.strerror or error}") from None


def _mode_for(target: Path) -> int:
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
