"""Set-up positions: reading, writing, JSON, and every impossible set-up rejected with its place."""
from __future__ import annotations

import pytest

from kifu.base.errors import KifuError, SetupError
from kifu.builtin.rengoma import GAME
from kifu.builtin.rengoma.setup import Setup
from kifu.plugin import jsonform
from tests.rengoma.rengoma_diagrams import replay

STUDY = """\
Game: rengoma
Board: 4x4
Pieces: 1 2 3
Stock-black: 1
Stock-red: -
Stacks: a1=B2 b2=R1/R3
Field: B3 R2
Chips: black 1, red 0
To-move: red
"""


def start(text: str):
    return GAME.start(GAME.parse(text))


def setup_error(text: str) -> SetupError:
    with pytest.raises(SetupError) as caught:
        start(text)
    return caught.value


def test_a_set_up_record_starts_from_its_position():
    position = start(STUDY)
    geo = position.geo
    assert position.stacks[geo.index(1, 1)] and len(position.stacks[geo.index(1, 1)]) == 2
    assert (position.top[geo.index(1, 1)], position.power[geo.index(1, 1)]) == (2, 3)
    assert position.field == [0, 3, 2]
    assert list(position.stock_left(1)) == [1] and list(position.stock_left(2)) == []
    assert position.chips == [1, 1, 0]
    assert position.to_move_name == "red"


def test_a_set_up_is_read_into_the_record_not_its_headers():
    record = GAME.parse(STUDY)
    assert "Stacks" not in record.headers
    assert record.setup.to_move == "red"
    assert record.setup.chips == (1, 0)


def test_a_problem_replays_from_its_set_up():
    position = replay(GAME.parse(STUDY + "\n1. A c3 2. A a2 *C a1-b1\n"))
    assert position.turn == 2
    assert position.chips == [2, 0, 0]


def test_set_up_round_trips_through_the_notation_and_json():
    record = GAME.parse(STUDY + "\n1. A c3\n")
    assert GAME.parse(GAME.write(record)) == record
    assert jsonform.loads(jsonform.dumps(record)) == record
    assert GAME.setup_to_json(record.setup) == {
        "stacks": [["a1", ["B2"]], ["b2", ["R1", "R3"]]],
        "field": {"black": 3, "red": 2}, "chips": {"black": 1, "red": 0}, "to_move": "red"}


def test_set_up_lines_left_among_json_headers_are_read_too():
    record = GAME.parse(STUDY)
    record.headers.update({"Stacks": "a1=B2 b2=R1/R3", "Field": "B3 R2", "To-move": "red"})
    record.setup = None
    assert start(GAME.write(record)).to_move_name == "red"
    assert GAME.start(record).field == [0, 3, 2]


def test_a_set_up_whose_side_to_move_cannot_act_starts_drawn():
    # A full board of equal pieces: no placement has a square, no move a weaker piece to cover.
    position = start("""\
Game: rengoma
Board: 4x4
Pieces: 1 1 1 1 1 1 1 1
Stock-black: -
Stock-red: -
Stacks: a4=B1 b4=B1 c4=R1 d4=R1 a3=R1 b3=R1 c3=B1 d3=B1 a2=B1 b2=B1 c2=R1 d2=R1 a1=R1 b1=R1 c1=B1 d1=B1
Field: -
To-move: red
""")
    assert position.outcome is not None
    assert position.outcome.describe() == "draw (red has no legal action)"


def test_four_players_name_the_teams_player_to_move():
    text = STUDY.replace("To-move: red", "To-move: red 2") + "Players: 4\n"
    position = start(text)
    assert position.seat == 3 and position.player == "red 2"


@pytest.mark.parametrize("change, message, column", [
    (("b2=R1/R3", "b2=R3/R1"), "Stacks: b2 has a red 1 on a red 3, which no game reaches: a "
                               "piece stacks only on a strictly weaker one", 15),
    (("a1=B2", "e1=B2"), "Stacks: e1 is off the 4x4 board", 9),
    (("a1=B2", "a1=B2 a1=B1"), "Stacks: a1 is given twice", 15),
    (("a1=B2", "a1=X2"), "Stacks: 'X2' is not a piece such as B3 (black 3) or R1 (red 1)", 9),
    (("a1=B2", "a1="), "Stacks: a1 lists no pieces (write c3=B1/R3, bottom to top)", 9),
    (("Chips: black 1, red 0", "Chips: black 2, red 1"), "Chips: black 2 and red 1 make 3; "
                                                         "there are two chips in all", 1),
    (("To-move: red", "To-move: red 2"), "To-move: red 2 names a team's player, but this is a "
                                         "two-player game", 1),
    (("To-move: red", "To-move: blue"), "To-move: 'blue'; write black or red (with four players "
                                        "'red 2' for the team's second player)", 1),
    (("Field: B3 R2", "Field: B3 B1"), "Field: two black field pieces; there is one of each "
                                       "colour at most", 11),
    (("Stock-black: 1", "Stock-black: 2"), "black has 0 pieces of strength 1 on the board, in "
                                           "the field and in Stock-black, but the piece set has "
                                           "1 (Pieces: 1 2 3)", 1),
    (("Field: B3 R2", "Field: B3"), "red has 0 pieces of strength 2 on the board, in the field "
                                    "and in Stock-red, but the piece set has 1 (Pieces: 1 2 3)",
     1),
])
def test_impossible_set_ups_are_rejected_where_they_are_written(change, message, column):
    error = setup_error(STUDY.replace(*change))
    assert error.message == message
    assert error.span.column == column


def test_a_field_left_empty_while_its_stock_is_not():
    text = STUDY.replace("Field: B3 R2", "Field: R2").replace("Stock-black: 1", "Stock-black: 1 3")
    error = setup_error(text)
    assert error.message == ("black has no field piece but pieces left in its stock; the field "
                             "is refilled at every turn's end")
    assert error.span.line == 7


def test_a_standing_four_is_rejected():
    error = setup_error("""\
Game: rengoma
Board: 4x4
Pieces: 1 2 3 3
Stock-black: -
Stock-red: -
Stacks: a1=B1 a2=B2 a3=B3 a4=B3 b1=R1 b2=R2 b3=R3 c4=R3
Field: -
To-move: red
""")
    assert error.message == ("a black four in a row already stands (a1 a2 a3 a4); a set-up must "
                             "be a game still in play")
    assert (error.span.line, error.span.column) == (6, 1)


def test_set_up_lines_need_the_stacks_line():
    with pytest.raises(KifuError) as caught:
        GAME.parse(STUDY.replace("Stacks: a1=B2 b2=R1/R3\n", ""))
    assert caught.value.message.startswith("Field: belongs to a set-up, which a 'Stacks:' line "
                                           "starts")


def test_set_up_from_json_refuses_bad_data():
    with pytest.raises((KeyError, ValueError, SetupError)):
        GAME.setup_from_json({"stacks": [["c3", []]], "field": {}, "chips": {"black": 0, "red": 0},
                              "to_move": "black"})
    assert GAME.setup_from_json(GAME.setup_to_json(Setup())) == Setup()
