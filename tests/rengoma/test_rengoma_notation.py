"""The .rengoma notation: turns and actions, numbering, comments, variations, errors, JSON."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kifu.base.errors import KifuError, NotationError
from kifu.builtin.rengoma import GAME
from kifu.builtin.rengoma.moves import Place, Shift, Square, Turn
from kifu.plugin import driver, jsonform

HEAD = ("Game: rengoma\nStock-black: 3 1 4 2 1 2 3 4 1 2 3 4\n"
        "Stock-red: 2 2 1 3 4 1 3 4 1 2 3 4\n\n")


def turns(moves: str) -> list[Turn]:
    return [node.move for node in GAME.parse(HEAD + moves).moves]


def syntax_error(moves: str) -> NotationError:
    with pytest.raises(NotationError) as caught:
        GAME.parse(HEAD + moves)
    return caught.value


def test_actions_a_b_and_c():
    assert turns("1. A c3 2. B d4 3. C c3-c6") == [
        Turn((Place(False, Square(2, 2)),)),
        Turn((Place(True, Square(3, 3)),)),
        Turn((Shift(Square(2, 2), Square(2, 5)),)),
    ]


def test_a_turn_holds_its_extra_actions():
    [turn] = turns("4. A e2 *B b2 *C e2-e5".replace("4.", "1."))
    assert turn.actions == (Place(False, Square(4, 1)), Place(True, Square(1, 1)),
                            Shift(Square(4, 1), Square(4, 4)))
    assert str(turn) == "A e2 *B b2 *C e2-e5"


def test_numbers_count_turns_not_actions():
    assert len(turns("1. A a1 *B b1 2. A c1 *C c1-c2 *C c2-c3 3. A d1")) == 3


def test_numbering_is_optional_but_checked_when_written():
    assert len(turns("A a1 B b1 C a1-a2")) == 3
    error = syntax_error("1. A a1 *B b1 3. A c1")
    assert error.message == "move number 3 is written where move 2 comes"


def test_stated_strength_is_kept():
    [turn] = turns("1. A c3=2")
    assert turn.actions[0].strength == 2
    assert str(turn) == "A c3=2"


def test_wide_characters_and_dashes_read_as_their_plain_forms():
    assert turns("１． Ａ ｃ３  2. C c3ーc6  3. C c6―c5  4. C c5－c4 5. Ｂ d4＝2 ＊C c4—c2") == turns(
        "1. A c3 2. C c3-c6 3. C c6-c5 4. C c5-c4 5. B d4=2 *C c4-c2")


def test_upper_case_squares_read():
    assert turns("1. A C3") == turns("1. A c3")


def test_extra_action_must_follow_its_turns_action():
    for moves, column in (("*A c3", 1), ("1. A c3 {x} *B d4", 13), ("1. A c3 (*B d4)", 10)):
        error = syntax_error(moves)
        assert error.rule == "extra-turn"
        assert error.span.column == column


def test_a_turn_cut_short_at_the_line_end():
    error = syntax_error("1. A c3 2. C c3")
    assert error.message == "the line ends in the middle of a turn; expected '-'"
    assert (error.span.line, error.span.column) == (5, 16)


def test_unknown_action_letter():
    error = syntax_error("1. D c3")
    assert error.message.startswith("unexpected 'D'; expected")
    assert "an action (A c3, B d4, C c3-c6)" in error.message


def test_square_zero_is_no_square():
    error = syntax_error("1. A c0")
    assert error.message == "'c0' is not a square such as c3"
    assert (error.span.column, error.span.end_column) == (6, 8)


def test_comments_and_variations_are_kept_and_written_back():
    text = HEAD + ("{before play}\n1. A c3 {red opens}\n(1. B c3 {or B} (1. A d4))\n"
                   "2. A d4 *C d4-d5\n")
    record = GAME.parse(text)
    assert record.comments == ["before play"]
    assert record.moves[0].comments == ["red opens"]
    assert [str(n.move) for n in record.moves[0].variations[0]] == ["B c3"]
    assert str(record.moves[0].variations[0][0].variations[0][0].move) == "A d4"
    written = GAME.write(record)
    assert "1. A c3 {red opens} (1. B c3 {or B} (1. A d4))\n2. A d4 *C d4-d5" in written
    assert GAME.parse(written) == record


def test_plain_dialect_leaves_out_numbers():
    record = GAME.parse(HEAD + "1. A c3 2. B d4 *C c3-c5")
    plain = GAME.write(record, "plain")
    assert plain.endswith("\n\nA c3  B d4 *C c3-c5\n")
    assert GAME.parse(plain) == record


def test_json_round_trip_of_turns():
    record = GAME.parse(HEAD + "1. A c3=2 2. B d4 *C c3-c5 (2. A e5)")
    assert jsonform.loads(jsonform.dumps(record)) == record
    assert GAME.move_to_json(record.moves[1].move) == {"type": "turn", "actions": [
        {"action": "B", "square": "d4"}, {"action": "C", "from": "c3", "to": "c5"}]}


@pytest.mark.parametrize("data", [
    {"type": "place"},
    {"type": "turn", "actions": []},
    {"type": "turn", "actions": [{"action": "D", "square": "c3"}]},
    {"type": "turn", "actions": [{"action": "A", "square": "c3", "strength": "2"}]},
    {"type": "turn", "actions": [{"action": "C", "from": "c3"}]},
])
def test_bad_json_moves_are_refused(data):
    with pytest.raises((KeyError, ValueError)):
        GAME.move_from_json(data)


TOKENS = st.sampled_from(["A", "B", "C", " ", "  ", "\n", "c3", "d4", "z9", "a0", "-", "ー", "*",
                          "{", "}", "(", ")", "1.", "2.", "=2", "=x", "Stacks: ", "c3=B1/R2",
                          "Field: ", "B3", "R9", "Chips: black 3", "To-move: red", "Board: 4x4",
                          "Players: 4", "Pieces: 1 2", "Black: a & b", ";", "ｃ３", "\u3000"])


@given(st.lists(TOKENS, max_size=40))
def test_any_text_gives_a_record_or_a_located_kifu_error(tokens):
    text = HEAD + "".join(tokens)
    try:
        record = GAME.parse(text)
    except KifuError as error:
        assert error.span is not None
        return
    problems, _ = driver.check(GAME, record)
    assert all(isinstance(p, KifuError) for p in problems)
