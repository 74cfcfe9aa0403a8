"""Renju notation: reading every form the notation allows, writing canonically, round trips."""
from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kifu.base.errors import HeaderError, KifuError, NotationError, UnknownGameError
from kifu.base.record import Node, Record
from kifu.builtin.renju import GAME, sgf
from kifu.builtin.renju.moves import Offer, Pass, Place, Point, Swap
from kifu.plugin import driver, jsonform
from kifu.reading.source import read_source

EXAMPLES = sorted((Path(__file__).parents[2] / "examples" / "renju").glob("*.renju"))


def moves(text: str) -> list[str]:
    return [str(node.move) for node in GAME.parse(text).moves]


def test_numbered_plain_and_mixed_move_lists_read_alike():
    expected = ["h8", "i9", "j10", "g9"]
    assert moves("1. h8 2. i9 3. j10 4. g9") == expected
    assert moves("h8 i9 j10 g9") == expected
    assert moves("1.h8 i9 3.j10, g9") == expected
    assert moves("H8, I9,\nJ10\tG9") == expected


def test_headers_keep_their_order_and_case_insensitive_lookup():
    record = GAME.parse("Game: renju\nWhite: Ben\nBlack: Ana\n\nh8\n")
    assert list(record.headers) == ["Game", "White", "Black"]
    assert record.header("black") == "Ana"


def test_comments_attach_to_the_move_they_follow():
    record = GAME.parse("; before play\nh8 {centre} i9 ; white answers\nj10")
    assert record.comments == ["before play"]
    assert record.moves[0].comments == ["centre"]
    assert record.moves[1].comments == ["white answers"]
    assert record.moves[2].comments == []


def test_pass_swap_and_offer():
    record = GAME.parse("h8 i9 i8 swap j10 offer[g8, h6] g8 pass PASS")
    assert [n.move for n in record.moves] == [
        Place(Point(7, 7)), Place(Point(8, 8)), Place(Point(8, 7)), Swap(), Place(Point(9, 9)),
        Offer((Point(6, 7), Point(7, 5))), Place(Point(6, 7)), Pass(), Pass()]


def test_variations_nest_and_replace_the_move_before_them():
    record = GAME.parse("1. h8 2. i9 (2. i7 3. j6 (3. g9)) 3. j10")
    second = record.moves[1]
    assert [str(n.move) for n in second.variations[0]] == ["i7", "j6"]
    assert [str(n.move) for n in second.variations[0][1].variations[0]] == ["g9"]


def test_wrong_move_number_is_a_located_error():
    with pytest.raises(NotationError, match="move number 4 is written where move 3 comes") as info:
        GAME.parse("1. h8 2. i9\n4. j10")
    assert (info.value.span.line, info.value.span.column) == (2, 1)


def test_header_after_the_moves_is_an_error():
    with pytest.raises(HeaderError, match="after the moves have begun") as info:
        GAME.parse("h8 i9\nResult: black\n")
    assert info.value.span.line == 2


def test_repeated_header_is_an_error():
    with pytest.raises(HeaderError, match="given twice"):
        GAME.parse("Black: a\nblack: b\nh8")


def test_syntax_error_names_line_column_and_what_was_expected():
    with pytest.raises(NotationError) as info:
        GAME.parse("Game: renju\n1. h8 2. 9i")
    error = info.value
    assert (error.span.line, error.span.column) == (2, 10)
    assert "unexpected '9i'" in error.message
    assert "a point such as h8" in error.message


def test_unclosed_comment_and_variation_are_errors():
    with pytest.raises(NotationError, match="never closed"):
        GAME.parse("h8 {oops\n")
    with pytest.raises(NotationError, match="truncated"):
        GAME.parse("h8 i9 (i7 j6")


def test_variation_must_follow_a_move():
    with pytest.raises(NotationError, match="must follow the move it replaces"):
        GAME.parse("(h8) i9")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_round_trip_through_native_json_and_sgf(path):
    record = GAME.parse(read_source(str(path)).text, str(path))
    assert GAME.parse(GAME.write(record)) == record
    assert GAME.parse(GAME.write(record, "plain")) == record
    assert jsonform.loads(jsonform.dumps(record)) == record
    back = sgf.read(sgf.write(record))
    assert back.moves == record.moves
    assert back.comments == record.comments
    assert {k: v for k, v in back.headers.items()} == record.headers


def test_canonical_writing():
    record = GAME.parse("game: renju\nBlack: Ana\nH8 I9 {c} (i7) swap pass")
    # A move with comments or variations ends its line.
    assert GAME.write(record) == "game: renju\nBlack: Ana\n\n1. h8 2. i9 {c} (2. i7)\nswap 3. pass\n"
    assert GAME.write(record, "plain") == "game: renju\nBlack: Ana\n\nh8 i9 {c} (i7)\nswap pass\n"


def test_sgf_coordinates_count_rows_from_the_top():
    record = GAME.parse("h8 a1 o15 a15")
    text = sgf.write(record)
    assert ";B[hh];W[ao];B[oa];W[aa]" in text.replace("\n", "")


def test_sgf_reads_other_programs_records():
    record = sgf.read("(;GM[4]FF[4]SZ[15]PB[Ana]PW[Ben]RE[W+R]C[game comment]"
                      ";B[hh];W[ig]C[hm];B[];W[tt])")
    assert record.headers == {"Game": "renju", "Black": "Ana", "White": "Ben", "Result": "white"}
    assert [str(n.move) for n in record.moves] == ["h8", "i9", "pass", "pass"]
    assert record.moves[1].comments == ["hm"]
    assert record.comments == ["game comment"]


def test_sgf_variations_become_record_variations():
    record = sgf.read("(;GM[4];B[hh](;W[ig];B[jf])(;W[ii];B[jh]))")
    assert [str(n.move) for n in record.moves] == ["h8", "i9", "j10"]
    assert [str(n.move) for n in record.moves[1].variations[0]] == ["i7", "j8"]


def test_sgf_errors_are_located():
    with pytest.raises(UnknownGameError, match="not Renju") as info:
        sgf.read("(;GM[2]SZ[8];B[aa])")
    assert info.value.span.column == 5
    with pytest.raises(NotationError, match="black moves where white is to move"):
        sgf.read("(;GM[4];B[hh];B[ii])")
    with pytest.raises(NotationError, match="square, 5 to 26 points") as info:
        sgf.read("(;GM[4]SZ[19:15];B[hh])")
    assert info.value.span.column == 10
    with pytest.raises(NotationError, match="of the 15x15 board"):
        sgf.read("(;GM[4];B[pp])")
    with pytest.raises(NotationError, match="truncated"):
        sgf.read("(;GM[4];B[hh]")


def test_sgf_board_sizes_are_the_record_s():
    record = sgf.read("(;GM[4]SZ[20];B[tt];W[aa])")
    assert record.header("Size") == "20"
    assert [str(n.move) for n in record.moves] == ["t1", "a20"]
    assert "SZ[20]" in sgf.write(record) and ";B[tt];W[aa]" in sgf.write(record)


# -- properties -----------------------------------------------------------------------------

points = st.builds(Point, st.integers(0, 14), st.integers(0, 14))
simple_moves = st.one_of(points.map(Place), st.just(Pass()), st.just(Swap()),
                         st.lists(points, min_size=1, max_size=4).map(lambda p: Offer(tuple(p))))
# Comments may span lines and hold "}" (written after ";"), though not both at once: braces
# cannot nest, so such a comment's "}" are written full-width.
comments = st.text(st.characters(blacklist_categories=("Cs", "Cc"), whitelist_characters="\n"),
                   max_size=12).map(str.strip).filter(lambda c: not ("}" in c and "\n" in c))


@st.composite
def lines(draw, depth=0):
    nodes = []
    for move in draw(st.lists(simple_moves, min_size=1, max_size=8)):
        node = Node(move, [c for c in draw(st.lists(comments, max_size=2)) if c])
        nodes.append(node)
    if depth < 2:
        for node in draw(st.lists(st.sampled_from(nodes), max_size=2)):
            node.variations.append(draw(lines(depth=depth + 1)))
    return nodes


header_values = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")),
                        min_size=1, max_size=15).map(str.strip).filter(bool)
header_keys = st.from_regex(r"[A-Za-z][A-Za-z0-9_-]{0,10}", fullmatch=True)


@st.composite
def records(draw):
    headers = draw(st.dictionaries(header_keys, header_values, max_size=4))
    unique = {}
    for key, value in headers.items():
        if key.casefold() not in {k.casefold() for k in unique}:
            unique[key] = value
    return Record("renju", unique, None, [c for c in draw(st.lists(comments, max_size=2)) if c],
                  draw(lines()))


@given(records())
def test_any_record_round_trips_through_every_format(record):
    assert GAME.parse(GAME.write(record)) == record
    assert GAME.parse(GAME.write(record, "plain")) == record
    assert jsonform.loads(jsonform.dumps(record)) == record


@given(st.text(max_size=200))
def test_random_text_gives_only_kifu_errors(text):
    try:
        record = GAME.parse(text)
        driver.check(GAME, record)
    except KifuError:
        pass


@given(st.sampled_from(EXAMPLES), st.data())
def test_mutated_examples_give_only_kifu_errors(path, data):
    text = read_source(str(path)).text
    position = data.draw(st.integers(0, len(text)))
    action = data.draw(st.sampled_from(["delete", "insert", "truncate"]))
    if action == "delete":
        text = text[:position] + text[position + data.draw(st.integers(1, 5)):]
    elif action == "insert":
        text = text[:position] + data.draw(st.text(min_size=1, max_size=4)) + text[position:]
    else:
        text = text[:position]
    with contextlib.suppress(KifuError):
        driver.check(GAME, GAME.parse(text))
