"""The record builder of the common layout takes many plies at once (``RecordBuilder.plies``)
exactly as it takes them one by one, and where one by one would do more than append them (a
number that is not the move's, a number still pending, comments waiting for a variation's first
move, the move limit) it does nothing and says so, for the reader to make those calls."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from kifu.base.errors import KifuError
from kifu.base.record import Span
from kifu.reading import movetext
from kifu.reading.movetext import RecordBuilder


@dataclass(frozen=True)
class Ply:
    name: str


class Where:
    """Places read from a list of spans: the ``start``-th span."""

    def __init__(self, spans: list[Span]) -> None:
        self.spans = spans

    def span(self, start: int, end: int) -> Span:
        return self.spans[start]


def one_by_one(builder: RecordBuilder, moves, written, spans) -> None:
    for move, number, span in zip(moves, written, spans):
        if number is not None:
            builder.number(number, span)
        builder.move(move, span)


def at_once(builder: RecordBuilder, moves, written, spans) -> bool:
    where = Where(spans)
    return builder.plies(moves, written, [(where, index, index) for index in range(len(spans))])


def spans_of(n: int, line: int = 1) -> list[Span]:
    return [Span(line, 3 * i + 1, line, 3 * i + 3) for i in range(n)]


@pytest.mark.parametrize("written", [[None, None, None], [1, 2, 3], [1, None, 3], [None, 2, None]])
def test_plies_at_once_build_the_record_one_by_one_builds(written):
    moves, spans = [Ply("a"), Ply("b"), Ply("c")], spans_of(3)
    one, other = RecordBuilder("toy"), RecordBuilder("toy")
    one_by_one(one, moves, written, spans)
    assert at_once(other, moves, written, spans)
    for builder in (one, other):  # and both go on alike: a variation, a number, a move
        builder.begin_variation(None)
        builder.number(3, None)
        builder.move(Ply("d"), Span(2, 1, 2, 3))
        builder.end_variation(None)
        builder.move(Ply("e"), Span(3, 1, 3, 3))
    assert one.finish() == other.finish()
    assert [node.span for node in one.record.moves] == [node.span for node in other.record.moves]
    assert one.record.moves[2].variations[0][0].span == Span(2, 1, 2, 3)


@pytest.mark.parametrize(("before", "written", "wrong"), [
    ([], [2, 4], True),                  # a number that is not the move's
    ([], [0, None], True),               # nor is 0
    (["number"], [None, None], False),   # a number waiting for its move (2: the next one's)
    (["variation comment"], [None, None], False),  # comments waiting for the first move
])
def test_plies_left_to_one_by_one_change_nothing(before, written, wrong):
    builder = RecordBuilder("toy")
    builder.move(Ply("x"), None)
    if "number" in before:
        builder.number(2, None)
    if "variation comment" in before:
        builder.begin_variation(None)
        builder.comment("first")
    state = (list(builder.line), builder.depth, builder.seen_move)
    assert not at_once(builder, [Ply("a"), Ply("b")], written, spans_of(2))
    assert (list(builder.line), builder.depth, builder.seen_move) == state
    if wrong:
        with pytest.raises(KifuError, match="is written where move"):
            one_by_one(builder, [Ply("a"), Ply("b")], written, spans_of(2))
        return
    one_by_one(builder, [Ply("a"), Ply("b")], written, spans_of(2))
    assert [node.move.name for node in builder.line][-2:] == ["a", "b"]
    if "variation comment" in before:  # the comment goes with the variation's first move
        assert builder.line[0].comments == ["first"]


def test_plies_past_the_move_limit_are_left_to_one_by_one(monkeypatch):
    monkeypatch.setattr(movetext, "MAX_MOVES", 3)
    builder = RecordBuilder("toy")
    assert at_once(builder, [Ply("a"), Ply("b"), Ply("c")], [None] * 3, spans_of(3))
    assert not at_once(builder, [Ply("d")], [None], spans_of(1))
    with pytest.raises(KifuError, match="more than"):
        builder.move(Ply("d"), None)
