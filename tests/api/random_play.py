"""Random positions of every game for property tests: a random point of an example record's
main line, then a few random legal moves (``legal_moves`` and ``play`` of the library)."""
from __future__ import annotations

import functools
from typing import Any

from hypothesis import strategies as st

import kifu
from kifu.base.record import is_event
from tests.examples import legal


@functools.cache
def records(game: str) -> list[tuple[kifu.Record, int]]:
    """The game's example records with their main line's number of plies."""
    found = []
    for path in legal(game):
        record = kifu.read(str(path))
        plies = sum(1 for move in record.moves if not is_event(move))
        found.append((record, plies))
    return found


@st.composite
def positions(draw: st.DrawFn, game: str, moves: int = 8) -> Any:
    """A position of ``game``: a random point of an example's main line, then up to ``moves``
    random legal moves."""
    record, plies = draw(st.sampled_from(records(game)))
    rules = record.game
    position = record.position(draw(st.integers(0, plies)), lenient=True)
    for _ in range(draw(st.integers(0, moves))):
        listed = rules.legal_moves(position)
        if not listed:
            break
        position = rules.play(position, listed[draw(st.integers(0, len(listed) - 1))])
    return position
