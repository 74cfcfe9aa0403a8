"""Four in a Row: two players drop discs into seven columns of six cells; four of one's own in a
row, along a row, a column or a diagonal, wins (``kifu/builtin/README.md``: the contract)."""
from __future__ import annotations

from kifu.builtin.fourinarow.moves import Drop, Move
from kifu.builtin.fourinarow.position import Position
from kifu.builtin.fourinarow.setup import Setup
from kifu.plugin import GamePlugin, built_in_card


class FourInARow(GamePlugin[Position, Move, Setup]):
    card = built_in_card("fourinarow")
    notation = "header lines, then moves: the column a disc falls in, a to g (1. d 2. c 3. d)"
    dialects = {"numbered": "moves numbered (1. d 2. c): the canonical form",
                "plain": "moves without numbers (d c d)"}
    sides = ("red", "yellow")
    side_names = {"en": {"red": "Red", "yellow": "Yellow"}, "ja": {"red": "赤", "yellow": "黄"}}
    player_headers = ("Red", "Yellow")
    move_types = (Drop,)


GAME = FourInARow()
