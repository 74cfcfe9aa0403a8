"""Free-form Go records as SGF (``GM[1]``): Go on rectangular grids, two players.

SGF is how real Go games travel, so kifu reads what Go programs write, as they write it: the
game information of the root (:mod:`.gameinfo`: board size, komi, rules, players, result, and
``XH[key: value]`` for headers SGF has no property for), the moves and set-ups of its nodes
(:mod:`.moves`: passes, set-up stones in any node, handicap stones however they are written),
and whose turn each move is (:mod:`.turns`), with points counted from the top-left corner
(:mod:`.points`).  Reading is :mod:`.read`, writing :mod:`.write`.
"""
from __future__ import annotations

from kifu.builtin.freego.sgf.reader import claims, read, read_games
from kifu.builtin.freego.sgf.writer import pieces, write

__all__ = ["claims", "pieces", "read", "read_games", "write"]
