"""Gungi's notation (§十八): reading a record (:mod:`.read`) gives what the text says, no more;
writing one (:mod:`.write`) lays it out as the rules' text does, or in romanised ASCII.

What the text leaves implicit (where a ply comes from, what it captured) is worked out by the
referee's normaliser (:func:`kifu.builtin.gungi.rules.normalise`), which the game's ``parse``
runs as a second step: reading never depends on the referee.
"""
from __future__ import annotations

from kifu.builtin.gungi.notation.reader import heads, parse
from kifu.builtin.gungi.notation.writer import write

__all__ = ["heads", "parse", "write"]
