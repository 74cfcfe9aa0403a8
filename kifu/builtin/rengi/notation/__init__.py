"""Rengi's notation (``.rengi``): reading a record (:mod:`.read`) and writing it in any dialect
(:mod:`.write`; the colour and open forms replay the record through the game)."""
from __future__ import annotations

from kifu.builtin.rengi.notation.read import parse
from kifu.builtin.rengi.notation.write import convert, write, write_pieces

__all__ = ["convert", "parse", "write", "write_pieces"]
