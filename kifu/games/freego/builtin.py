"""Built-in boards and finding a record's board by name or path.

Rule-made boards (``grid:N``, ``grid:WxH``, ``hex:N``) are built in code; maps (``japan``,
``china``, ``usa``) are board files in ``boards/``, read with ``importlib.resources`` so they
work from a wheel and an editable install alike.  Boards are cached: a collection of records on
one board reads and checks its file once.
"""
from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from kifu.games.freego import boardfile, grids
from kifu.games.freego.board import Board, BoardError

MAPS = {
    "japan": "Japan's 45 prefectures of Honshu, Shikoku and Kyushu (the source's 2-player game)",
    "china": "China's provincial-level divisions (the source's 3-player game)",
    "usa": "the 48 contiguous states and DC, valued by electoral votes (the source's US game)",
}
RULE_MADE = {
    "grid:N, grid:WxH": "ordinary Go on the intersections of a grid, A1..T19 (no I)",
    "hex:N": f"a hexagon of hexagonal cells, N a side (hex = hex:{grids.DEFAULT_HEX})",
}
DEFAULT = "grid:19"


def builtin_names() -> dict[str, str]:
    """Every built-in board (or family of boards) with what it is."""
    return {**RULE_MADE, **MAPS}


@functools.cache
def builtin(name: str) -> Board | None:
    """A built-in board by name (any case), ``None`` if there is none of that name."""
    made = grids.by_rule(name)
    if made is not None:
        return made
    key = name.strip().casefold()
    if key not in MAPS:
        return None
    folder = resources.files("kifu.games.freego").joinpath("boards")
    text = folder.joinpath(f"{key}.toml").read_text(encoding="utf-8")
    checked = boardfile.check_text(text, key)
    if checked.board is None:  # a broken built-in board is kifu's bug, but say where
        first = checked.errors[0]
        raise first.located(message=f"built-in board {key}: {first.message}")
    return checked.board


_FILES: dict[tuple[str, int, int], Board] = {}


def from_file(path: Path, shown: str | None = None) -> Board:
    """A board file's board, read again only when the file changes; errors name the file as
    ``shown`` (as the record wrote it)."""
    try:
        stat = path.stat()
    except OSError as error:
        raise BoardError(f"cannot read board file {path}: {error.strerror or error}",
                         rule="board-file") from None
    key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    board = _FILES.get(key)
    if board is None:
        board = _FILES[key] = boardfile.load(path, shown)
    return board


def resolve(name: str, record_source: str | None) -> Board:
    """The board a ``Board:`` header names: a built-in name, else a file path taken relative to
    the record's own folder."""
    board = builtin(name)
    if board is not None:
        return board
    path = Path(name.strip())
    if not path.is_absolute() and record_source and not record_source.startswith("<") \
            and record_source != "-":
        path = Path(record_source).parent / path
    if not path.is_file():
        known = ", ".join(builtin_names())
        raise BoardError(f"unknown board {name!r}: not a built-in board ({known}) and there is "
                         f"no board file {str(path)!r}", rule="board")
    return from_file(path, name.strip())
