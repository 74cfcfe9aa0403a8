"""The normaliser: replay a freshly read record to fill in what the notation leaves implicit.

Reading (:mod:`kifu.builtin.gungi.notation`) gives what the text says and never runs the
referee; the game's ``parse`` runs this as its second step, and its ``write`` runs
:func:`canonical` before laying the record out.

As Kifu for JS does for shogi, each ply gets its origin, landing tier, what it captured, whether
it stacked, recoveries and repairs (``notation.Resolved``), so the JSON form carries normalised
moves.  It replays leniently and stops quietly at the first move it cannot make sense of: the
validator, not the reader, reports what is wrong.

The origin bracket is made canonical on the way: a ply read one way only keeps its bracket
exactly when another legal reading exists (a bracket that only repeats the one reading goes),
and a ply written with 同 gets its square written out (the writer writes 同 again wherever a
ply stands on the square of the ply before it), so that a move is one value however the
record wrote it, and writing a record and reading it back gives the same record.  A ply on
the square just played that the record wrote without 同 keeps what it wrote
(``Ply.written``), and the referee reports it.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from kifu.builtin.gungi.geometry import square
from kifu.builtin.gungi.moves import Ply
from kifu.builtin.gungi.position import Position
from kifu.builtin.gungi.rules import referee, start_position
from kifu.builtin.gungi.rules.canonical_ply import written_tier
from kifu.plugin import KifuError, Node, Outcome, Record


def normalise(record: Record) -> Record:
    try:
        position = start_position.start(record)
    except KifuError:
        return record
    _line(position, record.moves)
    return record


def _line(position: Position, nodes: list[Node]) -> None:
    """Normalise the plies of ``nodes`` played from ``position``, each node's variations right
    after it, from the position before it.  An explicit stack, since variations may nest as
    deep as the record has moves; a line with nothing left to play leaves it before its last
    node's variations start, so that a record nested as an analysis file nests (a variation
    at the end of each line) holds a position or two, not one per level."""
    # Each frame: a line, the position it is played on and the index of its next node; or
    # the variations of a node, the position before it and the next to start (``before``
    # is None for the first kind).
    frames: list[tuple[list[Any], Position, Position | None, list[int]]] = [
        (nodes, position, None, [0])]
    while frames:
        items, position, before, at = frames[-1]
        index = at[0]
        at[0] += 1
        if before is not None:  # the next variation: the last one takes ``before`` itself
            if index == len(items) - 1:
                frames.pop()
            frames.append((items[index], before if index == len(items) - 1 else before.copy(),
                           None, [0]))
            continue
        if index == len(items):
            frames.pop()
            continue
        node = items[index]
        saved = position.copy() if node.variations else None
        if position.outcome is None:
            last = position.last_square
            try:
                _, move = referee.play(position, node.move, True)
            except KifuError:
                position.outcome = position.outcome or _STOP
            else:
                if isinstance(move, Ply):
                    node.move = _canonical(move, last)
        if saved is not None:
            if index == len(items) - 1:
                frames.pop()
            frames.append((node.variations, saved, saved, [0]))


def canonical(record: Record) -> Record:
    """A copy of ``record`` normalised afresh (whatever resolutions it carried, say from JSON)."""
    clone = record.copy()
    for node in _nodes(clone.moves):
        if isinstance(node.move, Ply):
            node.move = replace(node.move, resolved=None)
    return normalise(clone)


def _nodes(nodes: list[Node]) -> list[Node]:
    """Every node of a tree of ``nodes`` (no recursion)."""
    out = []
    pending = [nodes]
    while pending:
        line = pending.pop()
        out.extend(line)
        for node in line:
            pending.extend(node.variations)
    return out


def _canonical(ply: Ply, last: int | None) -> Ply:
    """The ply with its origin bracket exactly where another legal reading needs it, and
    its square written out where the record wrote 同: the same move however it was written
    (§十八's 同 is how the notation writes the square just played, ``last``, and the writer
    writes it so).  Where the record wrote that square out instead of 同, what it wrote is
    kept (``Ply.written``) for the referee to report."""
    resolved = ply.resolved
    if resolved is None or resolved.repaired:
        return ply
    canonical = replace(ply, origin=resolved.origin if resolved.needs_origin else None)
    if ply.same:
        to = resolved.to
        assert to is not None
        canonical = replace(canonical, file=to.file, rank=to.rank, tier=written_tier(resolved))
    elif ply.file is not None and ply.rank is not None and square(ply.file, ply.rank) == last:
        canonical = replace(canonical, written=str(ply))
    return canonical


#: What ends the normaliser's replay of a line at a move it cannot read.
_STOP = Outcome(None, "unreadable")
