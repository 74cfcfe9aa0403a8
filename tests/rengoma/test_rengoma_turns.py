"""Turns: who starts, chips and extra actions, the end of the turn, the team game, the draw."""
from __future__ import annotations

import pytest

from kifu.base.errors import GameOverError, HeaderError, IllegalMoveError
from kifu.builtin.rengoma import GAME, rules
from kifu.builtin.rengoma.moves import Place, Shift, Square
from kifu.plugin import driver
from tests.rengoma.rengoma_diagrams import events, record, replay

EMPTY_5 = """
5 . . . . .
4 . . . . .
3 . . . . .
2 . . . . .
1 . . . . .
"""


def game(moves: str, *, black: str = "3 1 4 2 1 2 3 4 1 2 3 4",
         red: str = "2 2 1 3 4 1 3 4 1 2 3 4", headers: str = ""):
    text = (f"Game: rengoma\nStock-black: {black}\nStock-red: {red}\n{headers}\n\n{moves}\n")
    return GAME.parse(text, "<test>")


def seats(rec) -> list[list[str]]:
    """Who took each action of each turn."""
    return [[e["player"] for e in turn if e["type"] in ("place", "move")] for turn in events(rec)]


# -- who starts -----------------------------------------------------------------------------

def test_the_weaker_first_field_piece_starts():
    position = GAME.start(game(""))
    assert position.field[1:] == [3, 2]
    assert position.to_move_name == "red"


def test_a_tie_of_first_field_pieces_lets_black_start():
    position = GAME.start(game("", black="2 1 3", red="2 3 1", headers="Pieces: 1 2 3"))
    assert position.to_move_name == "black"


def test_turns_alternate_between_the_sides():
    rec = game("1. A a1 2. A b1 3. A c1")
    assert [e[0]["side"] for e in events(rec)] == ["red", "black", "red"]


# -- chips and extra actions ----------------------------------------------------------------

def test_an_extra_action_costs_a_chip_which_goes_back_to_the_stock():
    rec = record(EMPTY_5, "1. A a1 *C a1-a3", chips="black 1, red 0")
    position = replay(rec)
    assert position.chips == [2, 0, 0]
    assert events(rec)[0][1] == {"type": "chip-spent", "side": "black", "held": 0, "stock": 2}


def test_two_chips_pay_for_two_extra_actions_in_a_row():
    rec = record(EMPTY_5, "1. A a1 *B b1 *C a1-a3", chips="black 2, red 0")
    position = replay(rec)
    assert position.chips == [1, 1, 0]  # both spent, then the B earns one back
    assert position.to_move_name == "red"


def test_an_extra_action_without_a_chip_is_refused():
    rec = record(EMPTY_5, "1. A a1 *B b1")
    error = pytest.raises(IllegalMoveError, replay, rec).value
    assert error.rule == "chip"
    assert error.message == ("extra action *B b1: black holds no chip to pay for it (black "
                             "holds 0, red 0, the stock 2); chips earned this turn come only "
                             "at its end")


def test_a_chip_earned_by_b_cannot_pay_within_the_same_turn():
    rec = record(EMPTY_5, "1. B a1 *A b1")
    assert pytest.raises(IllegalMoveError, replay, rec).value.rule == "chip"


def test_a_third_extra_action_is_refused():
    rec = record("""
        5 .  . . . .
        4 .  . . . .
        3 .  . . . .
        2 .  . . . .
        1 B1 . . . .
    """, "1. C a1-a2 *C a2-a3 *C a3-a4 *C a4-a5", chips="black 2, red 0")
    error = pytest.raises(IllegalMoveError, replay, rec).value
    assert error.rule == "chip"
    assert error.span.column == rec.moves[0].move.actions[3].span.column


def test_extra_actions_are_played_by_the_same_side_and_the_turn_then_passes():
    rec = game("1. B a1 2. A b1 3. A c1 *C c1-c4 4. A d1")
    assert seats(rec) == [["red"], ["black"], ["red", "red"], ["black"]]


# -- the end of the turn --------------------------------------------------------------------

def test_the_field_is_refilled_in_stock_order_until_the_stock_is_spent():
    rec = game("1. A a1 2. A b1 3. A c1 4. A d1 5. A e1 6. A f1",
               black="3 1 2", red="2 1 3", headers="Pieces: 1 2 3")
    refills = [[(e["colour"], e["strength"]) for e in turn if e["type"] == "refill"]
               for turn in events(rec)]
    assert refills == [[("red", 1)], [("black", 1)], [("red", 3)], [("black", 2)], [], []]
    position = replay(rec)
    assert position.field == [0, 0, 0]


def test_no_chip_is_earned_without_a_b_action():
    assert replay(game("1. A a1 2. A b1")).chips == [2, 0, 0]


# -- the team game --------------------------------------------------------------------------

TEAMS = "Players: 4\nBlack: Ana & Cho\nRed: Ben & Dai"


def test_team_game_seats_alternate_teams_clockwise_and_the_weaker_team_starts():
    rec = game("1. A a1 2. A b1 3. A c1 4. A d1 5. A e1", headers=TEAMS)
    assert seats(rec) == [["Ben"], ["Cho"], ["Dai"], ["Ana"], ["Ben"]]


def test_team_game_partner_takes_the_extra_action_then_the_player_left_of_the_partner():
    # Ben's B earns red a chip; Dai spends it: his partner Ben acts, then Cho (left of Ben)
    # plays, and Ana's turn is skipped.
    rec = game("1. B a1 2. A b1 3. A c1 *C c1-c4 4. A d1", headers=TEAMS)
    assert seats(rec) == [["Ben"], ["Cho"], ["Dai", "Ben"], ["Cho"]]


def test_team_game_two_chips_give_the_partner_both_extra_actions():
    # Red earns a chip from the stock (turn 1), then takes black's (turn 3); Ben spends both.
    rec = game("1. B a1 2. B b1 3. B c1 4. A d1 5. A e1 *C e1-e3 *C e3-f3 6. A a2",
               headers=TEAMS)
    assert seats(rec) == [["Ben"], ["Cho"], ["Dai"], ["Ana"], ["Ben", "Dai", "Dai"], ["Ana"]]
    assert [e for e in events(rec)[2] if e["type"] == "chip-gained"] == [
        {"type": "chip-gained", "side": "red", "from": "black", "held": 2}]
    assert replay(rec).chips == [2, 0, 0]


def test_team_game_chips_belong_to_the_team():
    rec = game("1. B a1 2. A b1 3. A c1 *C c1-c4", headers=TEAMS)
    position = replay(rec)
    assert position.chips == [2, 0, 0]
    assert events(rec)[0][-1] == {"type": "chip-gained", "side": "red", "from": "stock",
                                  "held": 1}


def test_team_game_names_are_two_per_team():
    rec = game("", headers="Players: 4\nBlack: Ana\nRed: Ben & Dai")
    with pytest.raises(HeaderError) as caught:
        GAME.start(rec)
    assert caught.value.rule == "players"
    assert caught.value.message == ("Black: a team of the 4-player game is two names, such as "
                                    "'Ana & Cho', not 'Ana'")


# -- the draw -------------------------------------------------------------------------------

FULL_BUT_ONE = """
4 B1 B1 R1 R1
3 R1 R1 B1 B1
2 B1 B1 R1 R1
1 R1 R1 B1 .
"""


def test_draw_when_the_side_to_move_has_no_legal_action():
    rec = record(FULL_BUT_ONE, "1. A d1", field="B1 -")
    position = replay(rec)
    assert position.outcome.winner is None
    assert position.outcome.reason == "red has no legal action"
    assert events(rec)[0][-1] == {"type": "draw", "reason": "red has no legal action"}


def test_no_turn_after_a_draw():
    rec = record(FULL_BUT_ONE, "1. A d1 2. C a1-a2", field="B1 -")
    error = pytest.raises(GameOverError, replay, rec).value
    assert error.rule == "game-over"
    assert error.move_number == 2


def test_result_draw_agrees_with_a_drawn_game():
    rec = record(FULL_BUT_ONE, "1. A d1", field="B1 -", extra_headers="Result: draw")
    assert driver.check(GAME, rec) == ([], 1)


def test_an_illegal_extra_action_changes_nothing():
    position = GAME.start(record(EMPTY_5, "", chips="black 1, red 0"))
    turn = rules.TurnPlay(position)
    turn.act(Place(False, Square(0, 0)))
    before = position.copy()
    with pytest.raises(IllegalMoveError):
        turn.act(Shift(Square(0, 0), Square(1, 1)))
    assert (position.stacks, position.chips, position.field) == (
        before.stacks, before.chips, before.field)
    turn.act(Shift(Square(0, 0), Square(0, 3)))
    assert position.chips == [2, 0, 0]
