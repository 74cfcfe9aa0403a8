"""The library's public names (re-exported by :mod:`kifu`): records, games, drawing, corpora."""
from __future__ import annotations

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

__all__ = ["Corpus", "Game", "Record", "RecordHeaders", "Step", "game", "games", "parse",
           "parse_all", "png", "read", "read_all", "read_headers", "svg", "text"]
