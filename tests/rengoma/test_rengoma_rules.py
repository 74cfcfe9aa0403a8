"""Each rule of Rengoma on a small drawn position: placing, moving and stacking."""
from __future__ import annotations

import pytest

from kifu.base.errors import IllegalMoveError
from kifu.builtin.rengoma import GAME
from kifu.plugin import driver
from tests.rengoma.rengoma_diagrams import events, record, replay, same_board

EMPTY_4 = """
4 . . . .
3 . . . .
2 . . . .
1 . . . .
"""


def illegal(rec) -> IllegalMoveError:
    with pytest.raises(IllegalMoveError) as caught:
        replay(rec)
    return caught.value


# -- A: place your own field piece ------------------------------------------------------------

def test_place_own_puts_the_movers_field_piece_on_an_empty_square():
    position = replay(record(EMPTY_4, "1. A b2", field="B3 R1", stock_black="2"))
    assert same_board(position, """
        4 . .  . .
        3 . .  . .
        2 . B3 . .
        1 . .  . .
    """)


def test_place_own_field_is_refilled_from_the_stock_at_the_end_of_the_turn():
    rec = record(EMPTY_4, "1. A b2", field="B3 R1", stock_black="2 4 1", stock_red="4 3 2")
    position = replay(rec)
    assert position.field[1] == 2
    assert list(position.stock_left(1)) == [4, 1]
    assert {"type": "refill", "colour": "black", "strength": 2, "stock": 2} in events(rec)[0]


def test_occupied_square_takes_no_placement():
    rec = record("""
        4 . .  . .
        3 . .  . .
        2 . R1 . .
        1 . .  . .
    """, "1. A b2")
    error = illegal(rec)
    assert error.rule == "occupied"
    assert "b2: the square holds a red 1" in error.message


def test_off_board_square_is_refused():
    error = illegal(record(EMPTY_4, "1. A e1"))
    assert error.rule == "off-board"
    assert error.message == "e1 is off the board (a1..d4)"


def test_field_empty_once_the_stock_is_spent():
    rec = record("""
        4 . . . .
        3 . . . .
        2 . . . .
        1 . . . B3
    """, "1. A a1", field="- R3")
    error = illegal(rec)
    assert error.rule == "field-empty"
    assert "no black field piece to place (its stock is spent)" in error.message


def test_field_piece_is_not_refilled_within_the_turn():
    rec = record(EMPTY_4, "1. A a1 *A a2", field="B3 R3", chips="black 1, red 0",
                 stock_black="1")
    error = illegal(rec)
    assert error.rule == "field-empty"
    assert "refilled only at the turn's end" in error.message
    assert error.span.column == rec.moves[0].move.actions[1].span.column


def test_stated_strength_must_be_the_field_piece():
    position = replay(record(EMPTY_4, "1. A a1=3", field="B3 R2"))
    assert position.power[position.geo.index(0, 0)] == 3
    error = illegal(record(EMPTY_4, "1. B a1=3", field="B3 R2"))
    assert error.rule == "field-strength"
    assert error.message.startswith("B a1=3: the red field piece is a 2, not a 3")


def test_lenient_replay_places_the_field_piece_when_the_written_strength_is_wrong():
    rec = record(EMPTY_4, "1. B a1=3", field="B3 R2")
    steps = list(driver.replay(GAME, rec, lenient=True))
    position = steps[-1].position
    assert position.power[position.geo.index(0, 0)] == 2
    [warning] = steps[0].warnings
    assert (warning.severity, warning.rule) == ("warning", "field-strength")
    assert "the red field piece is a 2, not a 3" in warning.message


# -- B: place the enemy's field piece ----------------------------------------------------------

def test_place_enemy_puts_the_enemys_piece_and_earns_a_chip_from_the_stock():
    rec = record(EMPTY_4, "1. B c3", field="B3 R1")
    position = replay(rec)
    assert same_board(position, """
        4 . . .  .
        3 . . R1 .
        2 . . .  .
        1 . . .  .
    """)
    assert position.chips == [1, 1, 0]
    assert {"type": "chip-gained", "side": "black", "from": "stock", "held": 1} in events(rec)[0]


def test_chip_is_taken_from_the_opponent_when_the_stock_is_empty():
    rec = record(EMPTY_4, "1. B c3", field="B3 R1", chips="black 1, red 1")
    position = replay(rec)
    assert position.chips == [0, 2, 0]
    assert {"type": "chip-gained", "side": "black", "from": "red", "held": 2} in events(rec)[0]


def test_no_side_holds_more_than_the_two_chips():
    rec = record(EMPTY_4, "1. B c3", field="B3 R1", chips="black 2, red 0")
    assert replay(rec).chips == [0, 2, 0]
    assert events(rec)[0][-1]["type"] == "chip-none"


# -- C: move like a rook, stacking only on a strictly weaker piece ------------------------------

# The source's example: black 3 with a red 3 to its left and a black 1 below it.
EXAMPLE = """
5 .  .  .  .  .
4 .  .  .  .  .
3 R3 .  B3 .  .
2 .  .  B1 .  .
1 .  .  .  .  .
"""


def test_move_goes_like_a_rook_onto_empty_squares():
    position = replay(record(EXAMPLE, "1. C c3-e3"))
    assert same_board(position, """
        5 .  .  .  .  .
        4 .  .  .  .  .
        3 R3 .  .  .  B3
        2 .  .  B1 .  .
        1 .  .  .  .  .
    """)


def test_stacking_on_a_strictly_weaker_piece_of_either_colour():
    position = replay(record(EXAMPLE, "1. C c3-c2"))
    assert same_board(position, """
        5 .  .  .     .  .
        4 .  .  .     .  .
        3 R3 .  .     .  .
        2 .  .  B1/B3 .  .
        1 .  .  .     .  .
    """)


def test_stacking_event_names_the_piece_beneath():
    event = events(record(EXAMPLE, "1. C c3-c2"))[0][0]
    assert event["type"] == "move"
    assert event["stacked_on"] == {"colour": "black", "strength": 1}
    assert event["height"] == 2


def test_stacking_on_an_equal_piece_is_refused():
    error = illegal(record(EXAMPLE, "1. C c3-a3"))
    assert error.rule == "stacking"
    assert "the black 3 cannot stack on a red 3 at a3; a piece stacks only on a strictly " \
        "weaker one" in error.message


def test_stacking_on_a_stronger_piece_is_refused():
    rec = record("""
        4 .  .  . .
        3 R4 B3 . .
        2 .  .  . .
        1 .  .  . .
    """, "1. C b3-a3")
    error = illegal(rec)
    assert error.rule == "stacking"
    assert "cannot stack on a red 4 at a3" in error.message


def test_move_never_passes_a_piece_even_a_weaker_one():
    error = illegal(record(EXAMPLE, "1. C c3-c1"))
    assert error.rule == "blocked"
    assert "the path is blocked at c2 by a black 1" in error.message


def test_move_is_along_a_row_or_a_column():
    error = illegal(record(EXAMPLE, "1. C c3-d4"))
    assert error.rule == "rook-move"


def test_move_to_the_same_square_is_no_move():
    assert illegal(record(EXAMPLE, "1. C c3-c3")).rule == "rook-move"


def test_only_the_movers_own_pieces_move():
    error = illegal(record(EXAMPLE, "1. C a3-a1"))
    assert error.rule == "own-piece"
    assert "a3 has a red 3 on top" in error.message
    assert illegal(record(EXAMPLE, "1. C b3-b1")).rule == "own-piece"


def test_only_the_top_piece_of_a_stack_moves():
    rec = record("""
        4 .     . . .
        3 .     . . .
        2 B1/R2 . . .
        1 .     . . .
    """, "1. C a2-c2")
    assert illegal(rec).rule == "own-piece"


def test_moving_off_a_stack_reveals_the_piece_beneath():
    rec = record("""
        4 .     . . .
        3 .     . . .
        2 R1/B2 . . .
        1 .     . . .
    """, "1. C a2-c2")
    position = replay(rec)
    assert same_board(position, """
        4 .  . .  .
        3 .  . .  .
        2 R1 . B2 .
        1 .  . .  .
    """)
    assert events(rec)[0][0]["revealed"] == {"colour": "red", "strength": 1}


def test_stacks_have_no_height_limit():
    rec = record("""
        4 .        .  . .
        3 .        .  . .
        2 R1/B2/R3 B4 . .
        1 .        .  . .
    """, "1. C b2-a2")
    position = replay(rec)
    assert len(position.stacks[position.geo.index(0, 1)]) == 4
