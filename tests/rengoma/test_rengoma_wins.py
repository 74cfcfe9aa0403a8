"""Four in a row: across, down, diagonally, through the top pieces only, checked after every
action, and who wins when a row is the other side's."""
from __future__ import annotations

import pytest

from kifu.base.errors import GameOverError
from kifu.builtin.rengoma import GAME
from kifu.plugin import driver
from tests.rengoma.rengoma_diagrams import events, record, replay

ROWS = """
5 .  .  .  .  .
4 .  .  .  .  .
3 .  .  .  .  .
2 B1 B2 B3 .  .
1 .  .  .  .  .
"""


@pytest.mark.parametrize("diagram, square, line", [
    (ROWS, "d2", "a2 b2 c2 d2"),
    ("""
     5 .  .  .  .  .
     4 .  .  .  B1 .
     3 .  .  .  B2 .
     2 .  .  .  B4 .
     1 .  .  .  .  .
     """, "d5", "d2 d3 d4 d5"),
    ("""
     5 .  .  .  .  .
     4 .  .  B1 .  .
     3 .  B2 .  .  .
     2 B4 .  .  .  .
     1 .  .  .  .  .
     """, "d5", "a2 b3 c4 d5"),
    ("""
     5 .  .  .  .  .
     4 .  B1 .  .  .
     3 .  .  B2 .  .
     2 .  .  .  B4 .
     1 .  .  .  .  .
     """, "e1", "e1 d2 c3 b4"),
], ids=["across", "down", "diagonal", "anti-diagonal"])
def test_four_in_a_row_wins(diagram, square, line):
    position = replay(record(diagram, f"1. A {square}"))
    assert position.outcome.winner == "black"
    assert position.outcome.reason == f"four in a row {' '.join(sorted(line.split(), key=_order))}"


def _order(name: str) -> tuple[int, int]:
    return int(name[1:]), name[0]


def test_three_in_a_row_does_not_win():
    assert replay(record(ROWS, "1. A a4")).outcome is None


def test_five_in_a_row_wins_too():
    position = replay(record("""
        5 .  .  .  .  .
        4 .  .  .  .  .
        3 .  .  .  .  .
        2 B1 B2 .  B3 B4
        1 .  .  .  .  .
    """, "1. A c2"))
    assert position.outcome.winner == "black"
    assert len(position.win_line) == 5


def test_only_top_pieces_count_in_a_row():
    rec = record("""
        4 .  .  .     .
        3 .  .  .     .
        2 B1 B2 B1/R4 .
        1 .  .  .     .
    """, "1. A d2")
    assert replay(rec).outcome is None


def test_covering_a_piece_takes_it_out_of_its_row():
    rec = record("""
        4 .  .  .  .
        3 R4 .  .  .
        2 B1 B2 B3 .
        1 .  .  .  .
    """, "1. C a3-a2 2. A d2", field="B2 R3", to_move="red")
    assert replay(rec).outcome is None


def test_win_through_the_opponents_own_placement():
    rec = record(ROWS, "1. B d2", field="B4 R4", to_move="red")
    position = replay(rec)
    assert position.outcome.winner == "black"
    assert position.outcome.reason == "four in a row a2 b2 c2 d2, made by red's B d2"
    win = events(rec)[0][1]
    assert win == {"type": "win", "winner": "black", "squares": ["a2", "b2", "c2", "d2"],
                   "by": "red"}


def test_win_by_revealing_a_piece_beneath():
    rec = record("""
        4 .  .  .     .
        3 .  .  .     .
        2 B1 B2 B1/R4 B3
        1 .  .  .     .
    """, "1. C c2-c3", to_move="red")
    position = replay(rec)
    assert position.outcome.winner == "black"
    assert position.outcome.reason == "four in a row a2 b2 c2 d2, made by red's C c2-c3"


def test_the_acting_side_wins_when_both_rows_stand():
    rec = record("""
        4 .  .  .  .
        3 R1 R2 R3 R1/B2
        2 B1 B2 B3 .
        1 .  .  .  .
    """, "1. C d3-d2")
    position = replay(rec)
    assert position.outcome.winner == "black"
    assert position.outcome.reason == "four in a row a2 b2 c2 d2"


def test_the_win_is_checked_after_each_action_and_ends_the_turn():
    rec = record(ROWS, "1. A d2 *C d2-d3", chips="black 1, red 0")
    with pytest.raises(GameOverError) as caught:
        replay(rec)
    assert caught.value.rule == "game-over"
    assert "the game was already over: black wins (four in a row a2 b2 c2 d2)" \
        in caught.value.message
    assert caught.value.span.column == rec.moves[0].move.actions[1].span.column


def test_no_turn_after_a_win():
    rec = record(ROWS, "1. A d2 2. A a5", field="B4 R4")
    with pytest.raises(GameOverError) as caught:
        replay(rec)
    assert caught.value.move_number == 2


def test_a_win_skips_the_end_of_turn():
    rec = record(ROWS, "1. B e5 *A d2", field="B4 R4", chips="black 1, red 0")
    position = replay(rec)
    assert position.outcome.winner == "black"
    assert position.field == [0, 0, 0]
    assert position.chips == [2, 0, 0]  # the chip spent is back; the B earns none
    assert [e["type"] for e in events(rec)[0]] == ["place", "chip-spent", "place", "win"]


def test_result_header_must_agree_with_the_moves():
    rec = record(ROWS, "1. A d2", field="B4 R4", extra_headers="Result: red")
    problems, _ = driver.check(GAME, rec)
    assert [p.rule for p in problems] == ["result"]
    assert problems[0].message == ("the record says the result is 'red', but the moves say: "
                                   "black wins (four in a row a2 b2 c2 d2)")
