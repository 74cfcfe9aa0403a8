"""The library's public names (re-exported by :mod:`kifu`): records, games, drawing, corpora.

Each name is imported from its module the first time it is asked for, so that importing
``kifu`` (which every command does) costs none of the library: ``kifu validate`` of one record
imports neither the corpus nor the drawing, and ``import kifu`` alone costs little more than
its errors.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: The module of each public name.
FOUND_IN = {
    "Corpus": "kifu.api.corpus",
    "png": "kifu.api.drawing", "svg": "kifu.api.drawing", "text": "kifu.api.drawing",
    "Game": "kifu.api.gameobjects", "game": "kifu.api.gameobjects",
    "games": "kifu.api.gameobjects",
    "RecordHeaders": "kifu.api.loading", "parse": "kifu.api.loading",
    "parse_all": "kifu.api.loading", "read": "kifu.api.loading", "read_all": "kifu.api.loading",
    "read_headers": "kifu.api.loading",
    "Record": "kifu.api.records", "Step": "kifu.api.records",
}

if TYPE_CHECKING:  # what __getattr__ hands out, as type checkers see it
    from kifu.api.corpus import Corpus
    from kifu.api.drawing import png, svg, text
    from kifu.api.gameobjects import Game, game, games
    from kifu.api.loading import (
        RecordHeaders,
        parse,
        parse_all,
        read,
        read_all,
        read_headers,
    )
    from kifu.api.records import Record, Step


def __getattr__(name: str) -> Any:
    """A public name, imported from its module the first time it is asked for."""
    if name not in FOUND_IN:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    found = getattr(importlib.import_module(FOUND_IN[name]), name)
    globals()[name] = found  # asked for once
    return found


def __dir__() -> list[str]:
    return sorted({*globals(), *FOUND_IN})


__all__ = ["Corpus", "Game", "Record", "RecordHeaders", "Step", "game", "games", "parse",
           "parse_all", "png", "read", "read_all", "read_headers", "svg", "text"]
