"""Built-in boards and finding a record's board by name or path.

Rule-made boards (``grid:N``, ``grid:WxH``, ``hex:N``) are built in code; maps (``japan``,
``china``, ``usa``) are board files in ``boards/``, read with ``importlib.resources`` so they
work from a wheel and an editable install alike.  A board file a record names is found by
:mod:`kifu.reading.access` (the record's folder and below, or the user's ``--boards`` folders).  Boards
are cached: a collection of records on one board checks its file once.
"""
from __future__ import annotations

import functools

from kifu.builtin.freego.boards import grids
from kifu.builtin.freego.boards.board import Board, BoardError
from kifu.plugin import AccessError, ReadOptions, read_reference

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
    from importlib import resources  # a map's file only (its import costs a few milliseconds)

    from kifu.builtin.freego.boards import files  # board files are read only for a map

    folder = resources.files("kifu.builtin.freego.boards")
    text = folder.joinpath(f"{key}.toml").read_text(encoding="utf-8")
    checked = files.check_text(text, key)
    if checked.board is None:  # a broken built-in board is kifu's bug, but say where
        first = checked.errors[0]
        raise first.located(message=f"built-in board {key}: {first.message}")
    return checked.board


_FILES: dict[tuple[str, bytes, str], Board] = {}


def resolve(name: str, record_source: str | None, options: ReadOptions | None = None) -> Board:
    """The board a ``Board:`` header names: a built-in name, else a board file in the record's
    folder or below it, or in a folder the user named (``options``; see :mod:`kifu.reading.access`).

    Such a file is the record's, not the user's: messages about it name its line and rule but
    never quote it.  Boards are cached by path and content.
    """
    board = builtin(name)
    if board is not None:
        return board
    try:
        found = read_reference(name.strip(), record_source, options or ReadOptions(),
                               "board file")
    except AccessError as error:
        if error.rule in ("reference-missing", "reference-folder"):
            known = ", ".join(builtin_names())
            raise BoardError(f"unknown board {name.strip()!r}: not a built-in board ({known}) "
                             f"and {error.message}", rule="board") from None
        raise
    return from_content(name.strip(), found.data, str(found.path))


def from_content(name: str, data: bytes, where: str = "") -> Board:
    """The board of a board file's bytes ``data``, which a record (or a position key) names
    ``name``: it keeps them (``Board.source``), so that a position's key holds the board and
    reads back anywhere.  Cached by where the file was found, its content and its name."""
    import hashlib  # only a board file needs it (its import costs a few milliseconds)

    key = (where, hashlib.sha256(data).digest(), name)
    board = _FILES.get(key)
    if board is None:
        from dataclasses import replace

        from kifu.builtin.freego.boards import files

        loaded = files.load_referenced(data, name)
        board = _FILES[key] = replace(loaded, reference=name, source=data)
    return board
