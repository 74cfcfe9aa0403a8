"""Rengi's notation (``.rengi``): reading a record (:mod:`.read`) and writing it in any dialect
(:mod:`.write`; the colour and open forms replay the record through the game)."""
from __future__ import annotations

from kifu.builtin.rengi.notation.reader import parse
from kifu.builtin.rengi.notation.writer import convert, write, write_pieces

__all__ = ["convert", "parse", "write", "write_pieces"]
