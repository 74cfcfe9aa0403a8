"""The library's replay of a record Renju's compiled core decides (:attr:`kifu.plugin.Format.
replay`).

``renju.c``'s ``replay_notation`` and ``replay_psq`` read and replay the record as judging does
(every rule set, forbidden moves, the opening rule, the stated result) and give its moves and
how the game ended.  The start is Python's (:func:`rules.start` of the record's head: its
rules, size, set-up and stated opening); each move up to the last is then put down with no
check and no search for a five or a forbidden shape (:func:`rules.play_decided`: the core
found each legal and ending nothing), and the last, where the game ended on it, is played by
the referee, which words the end (and a forbidden shape) as it always does.  A step's
position is made when first asked for, on from the last one made, and handed out as a copy:
the position Python's replay makes, field for field, at a fraction of its cost (the referee's
search for forbidden shapes and the reading of the moves, most of it, are the core's).
"""
from __future__ import annotations

from typing import Any

from kifu.builtin.renju import rules
from kifu.builtin.renju.moves import Move, Pass, Place, Point, Swap
from kifu.builtin.renju.position import Position
from kifu.plugin import CompiledLine, Event, KifuError, Record

#: The kinds of ``steps`` (renju.c's PLACE, PASS, SWAP) and of how the game ended (END_NONE).
_PLACE, _PASS, _SWAP = 0, 1, 2
_NOT_ENDED = 0


class Line:
    """One replay's moves as the compiled core gave them, and the positions after them, each
    made when first asked for (on from the last one made)."""

    def __init__(self, start: Position, moves: list[Move], ended: bool) -> None:
        self.start, self.moves, self.ended = start, moves, ended
        self.walked: tuple[int, Position] = (-1, start.copy())

    def walk(self, index: int) -> Position:
        """The position after step ``index`` (-1: the start), this line's own."""
        at, pos = self.walked
        if at > index:
            at, pos = -1, self.start.copy()
        last = len(self.moves) - 1
        for step in range(at + 1, index + 1):
            if step == last and self.ended:
                rules.play(pos, self.moves[step])  # the end, as the referee words it
            else:
                rules.play_decided(pos, self.moves[step])
        self.walked = (index, pos)
        return pos

    def position(self, index: int) -> Position:
        """The position after step ``index``: its own, as :meth:`kifu.Record.replay` gives it."""
        return self.walk(index).copy()

    def events(self, index: int) -> list[Event]:
        """What step ``index`` did, as the referee describes it: a swap; the end of the game
        (and black's forbidden shape) on the last move where the game ended there."""
        move = self.moves[index]
        if index == len(self.moves) - 1 and self.ended:
            return rules.play(self.walk(index - 1).copy(), move).events
        return [{"type": "swap"}] if isinstance(move, Swap) else []  # (the caller's own)


def replay(head: Record | None, found: tuple[Any, ...]) -> CompiledLine | None:
    """The line of ``found`` (``replay_notation``'s or ``replay_psq``'s answer on a record
    whose head, its headers and set-up, is ``head``) for the library, or ``None`` where the
    record is left to Python's replay."""
    if head is None:
        return None
    _, size, steps, end, _ = found
    try:
        start = rules.start(head)
    except KifuError:
        return None
    if start.board.size != size:
        return None
    moves: list[Move] = []
    numbers: list[int | None] = []
    number = 0
    for at in range(0, len(steps), 3):
        kind = steps[at]
        moves.append(Place(Point(steps[at + 1], steps[at + 2])) if kind == _PLACE else
                     _PASS_MOVE if kind == _PASS else _SWAP_MOVE)
        if kind == _SWAP:  # an event: no number of its own
            numbers.append(None)
        else:
            number += 1
            numbers.append(number)
    line = Line(start, moves, end[0] != _NOT_ENDED)
    return CompiledLine(numbers, moves, line.events, line.position)


_PASS_MOVE, _SWAP_MOVE = Pass(), Swap()
