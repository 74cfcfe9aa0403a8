"""The .freego notation: reading, writing, round trips through text and JSON."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kifu.base.errors import HeaderError, NotationError
from kifu.base.record import Node, Record
from kifu.builtin.freego import GAME
from kifu.builtin.freego import moves as notation
from kifu.builtin.freego.moves import Pass, Place, valid_name
from kifu.builtin.freego.setup import Setup
from kifu.plugin import jsonform

JAPAN_OPENING = """\
Game: freego
Board: japan
Players: orange, green
Komi: 0, 6.5

長野→滋賀→熊本→福島→埼玉→愛媛→新潟
"""


def test_moves_are_cell_names_as_written():
    record = GAME.parse(JAPAN_OPENING)
    assert [n.move for n in record.moves] == [Place(c) for c in
                                              ["長野", "滋賀", "熊本", "福島", "埼玉", "愛媛", "新潟"]]
    assert record.headers["Players"] == "orange, green"


def test_numbers_comments_passes_and_variations():
    record = GAME.parse("1. D4 {star} 2. Q16 (2. pass {tenuki}) ３． パス\n4. C3@1")
    assert [n.move for n in record.moves] == [Place("D4"), Place("Q16"), Pass(), Place("C3", 0)]
    assert record.moves[0].comments == ["star"]
    assert record.moves[1].variations == [[Node(Pass(), ["tenuki"])]]


def test_a_wrong_move_number_is_located():
    with pytest.raises(NotationError) as caught:
        GAME.parse("1. D4 3. Q16")
    assert (caught.value.span.line, caught.value.span.column) == (1, 7)


def test_a_seat_after_at_must_be_1_to_4():
    with pytest.raises(NotationError) as caught:
        GAME.parse("Board: grid:9\n\nD4@5")
    assert caught.value.span.line == 3 and "1 to 4" in caught.value.message


def test_set_up_headers_become_the_records_setup():
    record = GAME.parse("Board: grid:9\nSetup-1: C3 D3\nSetup-2: C4\nTo-Move: white\n"
                        "Prisoners: 1, 0\n\nD4")
    assert record.setup == Setup((("C3", "D3"), ("C4",)), 1, (1, 0))
    assert "Setup-1" not in record.headers
    assert record.setup.spans[(0, 1)].column == 13  # D3 on "Setup-1: C3 D3"


def test_to_move_must_name_a_player():
    with pytest.raises(HeaderError) as caught:
        GAME.parse("Players: orange, green\nTo-Move: blue\n")
    assert caught.value.span.line == 2


def test_names_that_cannot_be_cells():
    for bad in ("", "pass", "PASS", "パス", "a b", "x(y", "12.", "3.5", "a@1", "k:v", "a,b"):
        assert not valid_name(bad), bad
    for good in ("長野", "D4", "New-York", "12", "ワシントンD.C.", "a.b"):
        assert valid_name(good), good


def test_write_numbered_dialect():
    record = GAME.parse("D4 Q16 (pass C3) pass")
    assert GAME.write(record, "numbered").strip() == "1. D4 2. Q16 (2. pass 3. C3) 3. pass"


def test_a_comment_with_a_closing_brace_is_written_as_a_line_comment():
    record = Record("freego", moves=[Node(Place("D4"), ["a } b"]), Node(Place("E5"))])
    text = GAME.write(record)
    assert "; a } b\n" in text
    assert GAME.parse(text) == record


# -- round trips ----------------------------------------------------------------------------

_NAME_CHARS = st.sampled_from(list("ABCDEFGHJKabcxyz0123456789-_.長野滋賀熊本ワシントン"))
names = st.text(_NAME_CHARS, min_size=1, max_size=6).filter(valid_name)
moves = st.one_of(
    st.builds(Place, names, st.one_of(st.none(), st.integers(0, 3))),
    st.builds(Pass, st.one_of(st.none(), st.integers(0, 3))),
)
comment_text = st.text(st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="}"),
                       max_size=12).map(str.strip) | st.text(
    st.characters(blacklist_categories=("Cs", "Cc")), max_size=12).map(
    lambda t: t.replace("\n", " ").strip())
comments = st.lists(comment_text, max_size=2)


def lines(depth: int) -> st.SearchStrategy[list[Node]]:
    node = st.builds(Node, moves, comments,
                     st.just([]) if depth == 0 else st.lists(lines(depth - 1).filter(bool),
                                                             max_size=2))
    return st.lists(node, max_size=5)


header_values = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zs")), min_size=1,
                        max_size=10).map(str.strip).filter(bool)
headers = st.dictionaries(st.sampled_from(["Board", "Komi", "Event", "Date", "Result", "Rules"]),
                          header_values, max_size=4)
setups = st.one_of(st.none(), st.builds(
    Setup,
    st.lists(st.lists(names, max_size=3).map(tuple), min_size=0, max_size=2).map(tuple).filter(
        lambda s: not s or bool(s[-1])),
    st.one_of(st.none(), st.integers(0, 1)),
    st.one_of(st.none(), st.tuples(st.integers(0, 9), st.integers(0, 9))),
).filter(lambda s: not s.is_empty()))


@st.composite
def records(draw) -> Record:
    record = Record("freego", headers=draw(headers), setup=draw(setups),
                    comments=draw(comments), moves=draw(lines(2)))
    return record


@given(records())
def test_parse_write_round_trip(record):
    assert GAME.parse(GAME.write(record)) == record
    assert GAME.parse(GAME.write(record, "numbered")) == record


@given(records())
def test_json_round_trip(record):
    assert jsonform.loads(jsonform.dumps(record)) == record


@given(moves)
def test_move_json_round_trip(move):
    assert notation.move_from_json(notation.move_to_json(move)) == move
