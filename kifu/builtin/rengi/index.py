"""Rengi in a corpus index: what counts as one position (see :mod:`kifu.plugin.symmetry`).

Every position is its own (``DECISIONS.md``, "Searching a corpus"): a field mirrored left to
right is another game, as a player loses when column 3 of row 12 is filled, and column 3
mirrored is column 4; the two players' fields are not interchangeable either, each side's
pieces, warnings and turn being its own.  Positions are hashed by their key, whole.
"""
from __future__ import annotations

from kifu.builtin.rengi.position import Position
from kifu.plugin import IDENTITY, Symmetry


def symmetry(position: Position) -> Symmetry:
    return IDENTITY
