"""The .rengi notation: every written form of a move, dialects, garbage notes, set-up blocks,
syntax errors with their location, and round trips (text and JSON) over random records."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kifu.base.errors import NotationError
from kifu.base.record import Node, Record
from kifu.builtin.rengi.moves import DropNote, Pass, Place, Resign, Single, Turn
from kifu.builtin.rengi.setup.positions import Setup, SideSetup
from kifu.plugin import jsonform
from tests.rengi.fields import GAME


def moves_of(text: str) -> list:
    return [node.move for node in GAME.parse(text).moves]


def syntax(text: str) -> NotationError:
    with pytest.raises(NotationError) as caught:
        GAME.parse(text)
    return caught.value


# -- forms of a move ------------------------------------------------------------------------

@pytest.mark.parametrize("written", ["+23bc", "+23BC", "+23赤緑", "+23○◎", "＋２３ｂｃ", "+23ＢＣ"])
def test_colour_forms_are_one_move(written):
    assert moves_of(written) == [Place(0, (2, 3), (1, 2))]


def test_vertical_colour_form_lists_the_lower_stone_first():
    """The source's '33◎○' (◎ below): its '33CD' must be a typo for '33CB'."""
    assert moves_of("-33◎○ -33緑赤 -33cb") == [Place(1, (3, 3), (2, 1))] * 3


@pytest.mark.parametrize("written", ["2U", "2u", "2上", "2↑", "２Ｕ"])
def test_open_forms_up(written):
    assert moves_of("+" + written) == [Turn(0, 2, "U")]


def test_open_forms_of_every_direction():
    assert moves_of("+2D +2下 +2↓ -2R -2右 -2→ 2L 2左 2←") == (
        [Turn(0, 2, "D")] * 3 + [Turn(1, 2, "R")] * 3 + [Turn(None, 2, "L")] * 3)


def test_single_first_stone_forms():
    assert moves_of("+3a +3 +3青 +3d +3黄") == [
        Single(0, 3, 0), Single(0, 3, None), Single(0, 3, 0), Turn(0, 3, "D"), Turn(0, 3, "D")]


def test_signs_pass_and_resign():
    assert moves_of("+P -P パス p －P ―P") == [Pass(0), Pass(1), Pass(None), Pass(None),
                                               Pass(1), Pass(1)]
    assert moves_of("+R -投了 r") == [Resign(0), Resign(1), Resign(None)]


def test_garbage_notes():
    assert [m.drop for m in moves_of("+23ab {j:25} -11cd {j:3r+25} +12ab {j:3r} -1U {j: 1}")] == [
        DropNote(None, (2, 5)), DropNote(3, (2, 5)), DropNote(3, ()), DropNote(None, (1,))]


def test_other_brace_text_after_a_move_is_a_comment():
    record = GAME.parse("+23ab {j is a nice move}")
    assert record.moves[0].move.drop is None
    assert record.moves[0].comments == ["j is a nice move"]


def test_move_numbers_are_optional_and_checked():
    assert moves_of("1. +3a 2. -12bc") == [Single(0, 3, 0), Place(1, (1, 2), (1, 2))]
    error = syntax("1. +3a 3. -12bc")
    assert error.message == "move number 3 is written where move 2 comes"


def test_kanji_dialect_writes_pass_and_resign_in_kanji():
    record = GAME.parse("+3a -P +R")
    assert GAME.write(record, "kanji").splitlines()[-1] == "+3青 -パス +投了"


# -- syntax errors --------------------------------------------------------------------------

def test_column_off_the_field():
    error = syntax("+3a -27ab")
    assert (error.message, error.span.line, error.span.column) == (
        "column 7 is off the field (columns 1 to 6)", 1, 7)


def test_garbage_note_columns_off_the_field():
    assert syntax("+3a -12ab {j:7}").message == "garbage columns are 1 to 6"


def test_unknown_text_is_a_located_syntax_error():
    error = syntax("Game: rengi\n\n+3a -12xy")
    assert (error.span.line, error.span.column) == (3, 8)
    assert error.message == ("unexpected 'xy'; a colour is one of a, b, c, d (letters); A, B, C, "
                             "D (upper); 青, 赤, 緑, 黄 (kanji); ●, ○, ◎, × (symbols)")


@pytest.mark.parametrize(("text", "said"), [
    ("+3a -34be", "unexpected 'e'; a colour is one of a, b, c, d (the letters dialect)"),
    ("+3A -34BE", "unexpected 'E'; a colour is one of A, B, C, D (the upper dialect)")])
def test_a_colour_that_is_none_says_the_colours_of_the_dialect_written(text, said):
    assert syntax(f"Game: rengi\n\n{text}").message == said


def test_headers_go_before_the_moves():
    from kifu.base.errors import HeaderError

    with pytest.raises(HeaderError) as caught:
        GAME.parse("+3a\nFirst: Ana\n")
    error = caught.value
    assert error.message == "header line 'First' after the moves have begun; headers go at the top"


# -- set-up blocks --------------------------------------------------------------------------

SETUP = """Game: rengi

[setup turn=second marker=-1]
[first warning=12 stock=2 tsumo=5 wait=1 chain=4,5/1 chigiri=1]
[second tsumo=4]
""" + "\n".join(["|......|......|"] * 11 + ["|a.....|..b...|", "|ab....|jjb...|"]) + "\n"


def test_set_up_block_is_read():
    setup = GAME.parse(SETUP).setup
    assert setup == Setup(
        tuple([("......", "......")] * 11 + [("a.....", "..b..."), ("ab....", "jjb...")]),
        turn=1, marker=-1,
        sides=(SideSetup(warning=12, stock=2, tsumo=5, wait=1, chain=((4, 1), (5, 1)),
                         chigiri=1), SideSetup(tsumo=4)))


def test_set_up_is_written_back():
    record = GAME.parse(SETUP)
    assert GAME.parse(GAME.write(record)) == record


@pytest.mark.parametrize("change, message, line, column", [
    ("|ab....|jjb...|", "the second player's row has 7 cells, not 6", 18, 9),
    ("|ab....|jxb...|", "'x' is not a cell: a b c d (colours), j (garbage) or . (empty)", 18, 10),
])
def test_set_up_rows_are_checked(change, message, line, column):
    bad = SETUP.replace("|ab....|jjb...|", change.replace("jjb...", "jjb....") if "7" in message
                        else change)
    error = syntax(bad)
    assert (error.message, error.span.line, error.span.column) == (message, line, column)


def test_set_up_has_thirteen_rows():
    error = syntax(SETUP.replace("|......|......|\n", "", 1))
    assert error.message == "a set-up has 13 field rows (row 13 first), not 12"


def test_set_up_items_are_checked():
    error = syntax(SETUP.replace("stock=2", "stok=2"))
    assert error.message == ("[first] knows warning, stock, tsumo, wait, chain and chigiri, "
                             "not stok=")
    assert (error.span.line, error.span.column) == (4, 19)


def test_set_up_stands_before_the_moves():
    error = syntax(SETUP + "+12ab\n[setup turn=first]\n")
    assert error.message == "a set-up stands before the first move"
    error = syntax("+3a (-12ab [setup turn=first])")
    assert error.message == "a set-up stands before the moves, not in a variation"


# -- round trips ----------------------------------------------------------------------------

SIDES = st.sampled_from([None, 0, 1])
COLOUR = st.integers(0, 3)
COLUMN = st.integers(1, 6)


@st.composite
def drops(draw) -> DropNote | None:
    if draw(st.booleans()):
        return None
    rows = draw(st.one_of(st.none(), st.integers(0, 12)))
    columns = tuple(draw(st.lists(COLUMN, min_size=0 if rows is not None else 1, max_size=6)))
    return DropNote(rows, columns)


@st.composite
def places(draw) -> Place:
    first = draw(COLUMN)
    second = draw(st.sampled_from([c for c in (first - 1, first, first + 1) if 1 <= c <= 6]))
    return Place(draw(SIDES), (first, second), (draw(COLOUR), draw(COLOUR)), draw(drops()))


MOVES = st.one_of(
    places(),
    st.builds(Turn, SIDES, COLUMN, st.sampled_from("UDRL"), drops()),
    st.builds(Single, SIDES, COLUMN, st.sampled_from([None, 0, 1, 2]), drops()),
    st.builds(Pass, SIDES),
    st.builds(Resign, SIDES),
)
COMMENT = st.text(alphabet=st.characters(blacklist_characters="{}\r", blacklist_categories=(
    "Cs", "Cc")), max_size=12).map(str.strip)


def lines(depth: int) -> st.SearchStrategy[list[Node]]:
    node = st.builds(Node, MOVES, st.lists(COMMENT, max_size=1),
                     st.lists(lines(depth - 1), max_size=1) if depth else st.just([]))
    return st.lists(node, min_size=1, max_size=4)


ROW = st.sampled_from(["......", "ab....", "jjc.d.", "abcdja", "..b..."])
SETUPS = st.builds(
    Setup,
    st.lists(st.tuples(ROW, ROW), min_size=13, max_size=13).map(tuple),
    st.integers(0, 1), st.sampled_from([-2, -1, 1, 2]),
    st.tuples(*[st.builds(SideSetup, st.integers(0, 99), st.integers(0, 5), st.integers(0, 40),
                          st.integers(0, 3),
                          st.lists(st.tuples(st.integers(4, 20), st.integers(1, 4)),
                                   max_size=4).map(tuple),
                          st.integers(0, 2))] * 2),
)
HEADERS = st.dictionaries(st.sampled_from(["First", "Second", "Event", "Date", "Variant"]),
                          st.sampled_from(["Ana", "公連棋", "2024-05-01", "x y z"]), max_size=3)


@st.composite
def records(draw) -> Record:
    headers = draw(HEADERS)
    return Record("rengi", headers, draw(st.one_of(st.none(), SETUPS)),
                  draw(st.lists(COMMENT, max_size=2)), draw(lines(2)))


@given(records())
def test_write_then_parse_gives_the_record_back(record):
    assert GAME.parse(GAME.write(record)) == record


@given(records(), st.sampled_from(["letters", "upper", "lower", "kanji", "symbols"]))
def test_every_alphabet_dialect_reads_back_as_the_same_record(record, dialect):
    assert GAME.parse(GAME.write(record, dialect)) == record


@given(records())
def test_json_round_trip(record):
    assert jsonform.loads(jsonform.dumps(record)) == record


@pytest.mark.parametrize("move, message", [
    ({"type": "place", "side": "first", "columns": [1, 4], "colours": ["a", "b"]},
     "a pair stands in one column or two neighbouring ones, not 1 and 4"),
    ({"type": "turn", "side": None, "column": 7, "direction": "U"},
     "a column is a number from 1 to 6, not 7"),
    ({"type": "turn", "side": None, "column": 2, "direction": "X"}, "unknown direction 'X'"),
    ({"type": "jump", "side": None}, "unknown Rengi move type 'jump'"),
])
def test_bad_json_moves_are_notation_errors(move, message):
    import json

    data = json.loads(jsonform.dumps(GAME.parse("+3a")))
    data["moves"][0]["move"] = move
    with pytest.raises(NotationError) as caught:
        jsonform.loads(json.dumps(data))
    assert caught.value.message == f"not a valid kifu JSON record: {message}"
