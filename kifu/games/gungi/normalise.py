"""The normaliser: replay a freshly read record to fill in what the notation leaves implicit.

As Kifu for JS does for shogi, each ply gets its origin, landing tier, what it captured, whether
it stacked, recoveries and repairs (``notation.Resolved``), so the JSON form carries normalised
moves.  It replays leniently and stops quietly at the first move it cannot make sense of: the
validator, not the reader, reports what is wrong.
"""
from __future__ import annotations

from kifu.errors import KifuError
from kifu.games.gungi import referee
from kifu.games.gungi.notation import Ply
from kifu.games.gungi.position import Position
from kifu.record import Node, Record


def normalise(record: Record) -> Record:
    try:
        position = referee.start(record)
    except KifuError:
        return record
    _line(position, record.moves)
    return record


def _line(position: Position, nodes: list[Node]) -> None:
    for node in nodes:
        before = position.copy() if node.variations else None
        if position.outcome is None:
            try:
                _, move = referee.play(position, node.move, True)
            except KifuError:
                position.outcome = position.outcome or _STOP
            else:
                if isinstance(move, Ply):
                    node.move = move
        if before is not None:
            for variation in node.variations:
                _line(before.copy(), variation)


class _Stop:
    winner = None
    reason = "unreadable"


_STOP = _Stop()
