"""The library's public names (re-exported by :mod:`kifu`): records, games, drawing, corpora."""
from __future__ import annotations

from kifu.api.corpus import Corpus
from kifu.api.drawing import png, svg, text
from kifu.api.games import Game, game, games
from kifu.api.records import Record, Step, parse, read, read_all

__all__ = ["Corpus", "Game", "Record", "Step", "game", "games", "parse", "png", "read",
           "read_all", "svg", "text"]
