"""RenLib's .lib libraries: the binary tree read into a record with every variation, comment,
board text and mark, written back byte for byte, through JSON and SGF too; the code page of
the comments told and said; errors named by the byte.  The files in ``tests/renju/data/lib``
are kifu's own, made byte by byte after RenLib's reader and writer, one for each quirk of the
format (``tests/renju/test_renju_archives_corpus.py`` reads real libraries)."""
from __future__ import annotations

from pathlib import Path

import pytest

from kifu.base.errors import ConversionError, NotationError
from kifu.builtin.renju import GAME, sgf
from kifu.builtin.renju.archives import renlib
from kifu.commands.cli import EXIT_INVALID, EXIT_OK
from kifu.plugin import driver, jsonform, registry
from kifu.reading.source import BYTES
from kifu.run.load import load, read_file
from tests.summary import summary_rows

DATA = Path(__file__).parent / "data" / "lib"
BROKEN = {"truncated.lib", "newer_version.lib"}
#: Written back as kifu reads them: in the modern layout, merged, in order, without the lone
#: byte; the stray text's bytes its code page does not read as U+FFFD (said when read).
NORMALISED = {"old_7bit_comment.lib", "repeated_move_merged.lib", "children_out_of_order.lib",
              "lone_byte_after_the_last_node.lib", "gbk_comments_and_one_stray_byte_text.lib"}
EXACT = sorted(p for p in DATA.glob("*.lib") if p.name not in BROKEN | NORMALISED)


def read(name: str):
    source = read_file(str(DATA / name))
    assert source.encoding == BYTES
    return renlib.read(source.text, name)


def written(record) -> bytes:
    return renlib.write(record).encode("latin-1")


@pytest.mark.parametrize("path", EXACT, ids=[p.name for p in EXACT])
def test_written_back_byte_for_byte(path):
    assert written(read(path.name)) == path.read_bytes()


@pytest.mark.parametrize("path", EXACT, ids=[p.name for p in EXACT])
def test_through_json_and_sgf_and_back(path):
    record = read(path.name)
    assert written(jsonform.loads(jsonform.dumps(record))) == path.read_bytes()
    assert written(sgf.read(sgf.write(record))) == path.read_bytes()


def test_the_old_layout_and_its_tree():
    record = read("old_layout_first_node_h8.lib")
    assert record.headers == {"Game": "renju", "RenLib-Version": "3.0"}
    assert [str(n.move) for n in record.moves] == ["h8", "h9", "j10"]
    assert [str(n.move) for n in record.moves[2].variations[0]] == ["i9"]


def test_a_root_node_s_title_and_text_are_the_record_s():
    record = read("root_node_with_title_and_text.lib")
    assert record.header("Title") == "My openings"
    assert record.comments == ["Lines I play\nwith black"]
    assert record.header("RenLib-Version") == "3.4" and "RenLib-Root" not in record.headers


def test_titles_and_comments():
    record = read("comment_title_and_body.lib")
    h8, h9, j10 = record.moves
    assert (h8.properties, h8.comments) == ({"Title": "Centre"}, [])
    assert (h9.has_properties(), h9.comments) == (False, ["VCF for black"])
    assert (j10.properties, j10.comments) == ({"Title": "ab"}, [])
    i9 = j10.variations[0][0]
    assert (i9.properties, i9.comments) == ({"Title": "D4"}, ["Kagetsu\n\nA flower moon."])


def test_board_texts_label_the_position_before_their_node():
    record = read("board_text_on_no_move_node.lib")
    h8, h9, i9 = record.moves
    assert h9.properties == {"Label-i10": "A"}  # a node that is no move: a label only
    assert [str(n.move) for n in i9.variations[0]] == ["i8"]
    assert "LB[if:A]" in sgf.write(record)
    moves = read("board_text_on_a_move.lib")
    assert moves.moves[0].properties == {"Label-h9": "a", "Label-i9": "b"}


def test_marks_start_and_passes():
    record = read("marks_and_start.lib")
    assert [n.properties for n in record.moves] == [
        {"Start": "yes"}, {"Mark": "yes"}, {"Mark": "yes"}]
    passing = read("pass_forces_a_root_node.lib")
    assert [str(n.move) for n in passing.moves] == ["h8", "pass", "h9"]


def test_a_root_node_renlib_would_not_write_is_kept():
    record = read("version_3_0_with_a_root_node.lib")
    assert record.header("RenLib-Root") == "yes"


@pytest.mark.parametrize("name, codec, text", [
    ("gbk_comments.lib", "gb18030", "欢迎使用棋谱库"),
    ("cp1251_comments.lib", "cp1251", "Прямое начало"),
])
def test_the_code_page_is_told_from_the_text_and_said(name, codec, text):
    done = load(str(DATA / name))
    assert done.record.header("RenLib-Encoding") == codec
    assert text in [c for n in done.record.moves for c in n.comments + list(n.properties.values())]
    [said] = done.findings
    assert said.severity == "warning" and codec in said.message


@pytest.mark.parametrize("named", ["cp1250", "no-such-code-page"])
def test_a_comment_its_code_page_cannot_hold_is_written_in_one_that_can(named):
    # A comment read with U+FFFD for bytes its page could not decode, or a page nobody knows,
    # must not end the writing: the first of RenLib's pages that holds every text is taken.
    record = GAME.parse(f"Game: renju\nRenLib-Encoding: {named}\n\n1. h8 {{Dobr\u00fd \ufffd}}",
                        "edited.renju")
    again = renlib.read(renlib.write(record), "again.lib")
    assert again.moves[0].comments == ["Dobr\u00fd \ufffd"]


def test_an_old_comment_is_read_and_written_as_a_new_one():
    record = read("old_7bit_comment.lib")
    assert record.moves[0].properties == {"Title": "Träd"}
    again = renlib.read(renlib.write(record), "again.lib")
    assert again.moves == record.moves
    assert written(record)[20:28] == b"\x78\x08Tr\xe4d\x00\x00"  # a new comment, Windows-1252


def test_children_come_in_renlib_s_order():
    record = read("children_out_of_order.lib")  # i9 written before j10: RenLib sorts them
    assert [str(n.move) for n in record.moves] == ["h8", "h9", "j10"]
    assert [str(n.move) for n in record.moves[2].variations[0]] == ["i9"]


def test_a_repeated_move_is_merged_as_renlib_reads_it():
    record = read("repeated_move_merged.lib")
    assert [str(n.move) for n in record.moves] == ["h8", "h9", "i9"]
    assert load(str(DATA / "repeated_move_merged.lib")).findings[0].rule == "renlib-merged"


@pytest.mark.parametrize("name, message", [
    ("truncated.lib", "never ends"),
    ("newer_version.lib", "RenLib 3.5 wrote this library"),
])
def test_broken_files_are_errors_naming_the_byte(name, message):
    with pytest.raises(NotationError, match=message):
        read(name)


def test_a_position_byte_that_names_no_point():
    data = b"\xffRenLib\xff\x03\x00" + b"\xff" * 10 + bytes([0x78, 0, 0x20, 0x40])
    with pytest.raises(NotationError, match="byte 22 names no point"):
        renlib.read(data.decode("latin-1"), "x.lib")


def test_kifu_s_own_record_as_a_library():
    record = GAME.parse("Title: Study\n\n{about D4}\n1. h8 2. h9 {direct} 3. i9 (3. j10) 4. g10")
    record.moves[1].properties.update({"Label-i10": "x", "Mark": "yes"})
    back = renlib.read(renlib.write(record), "x.lib")
    assert back.header("Title") == "Study" and back.comments == ["about D4"]
    # RenLib keeps the next moves in the order of their points (j10 before i9): the same tree,
    # another main line.
    assert [str(n.move) for n in back.moves] == ["h8", "h9", "j10"]
    assert [str(n.move) for n in back.moves[2].variations[0]] == ["i9", "g10"]
    assert back.moves[1].properties == {"Label-i10": "x", "Mark": "yes"}
    assert back.moves[1].comments == ["direct"]
    assert renlib.write(record)[8:10] == "\x03\x04"  # a root node: version 3.4


def test_what_a_library_cannot_say():
    with pytest.raises(ConversionError, match="15x15"):
        renlib.write(GAME.parse("Size: 19\n\nh8"))
    with pytest.raises(ConversionError, match="set-up"):
        renlib.write(GAME.parse("Setup-Black: h8\nTo-Move: white\n\ni9"))
    record = GAME.parse("Event: Cup\n\nh8 i9 j10 swap")
    assert renlib.leaves_out(record) == [
        "RenLib has no opening events (swap, offers): 1 left out",
        "RenLib has no place for the header Event: left out"]


def test_cli_to_sgf_and_back_and_what_native_leaves_out(kifu_cli, tmp_path):
    source = DATA / "comment_title_and_body.lib"
    kifu_cli("convert", source, "--to", "sgf", "-o", tmp_path / "lib.sgf")
    kifu_cli("convert", tmp_path / "lib.sgf", "--to", "renlib", "-o", tmp_path / "back.lib")
    assert (tmp_path / "back.lib").read_bytes() == source.read_bytes()
    result = kifu_cli("convert", source, "--to", "native")
    assert "no place for the properties of the game and its moves (Title 3)" in result.stderr
    kifu_cli("validate", DATA / "old_layout_first_node_h8.lib", exit_code=EXIT_OK)


def test_told_by_its_magic():
    head = (DATA / "old_layout_first_node_h8.lib").read_bytes()[:64]
    assert renlib.claims_bytes(head)
    assert registry.byte_format(head, "-") is not None
    assert not renlib.claims_bytes(b"!<arch>\n")


def test_other_programs_lib_files_in_a_folder_are_left_alone(kifu_cli, tmp_path):
    (tmp_path / "msvcrt.lib").write_bytes(b"!<arch>\n\x00\x00\x01\x02 a static library")
    (tmp_path / "openings.lib").write_bytes((DATA / "marks_and_start.lib").read_bytes())
    result = kifu_cli("validate", tmp_path, exit_code=EXIT_OK)
    row = summary_rows(result.stderr)["renju"]
    assert (row["files"], row["records"]) == (1, 1)
    assert result.stderr.splitlines()[-1].endswith(": " + str(tmp_path / "msvcrt.lib") + ")")
    named = kifu_cli("validate", tmp_path / "msvcrt.lib", exit_code=EXIT_INVALID)
    assert "binary data (a NUL byte), not a text record" in named.stdout


def test_a_root_title_of_several_lines_is_kept_as_the_records_property():
    """A library whose root holds a comment without RenLib's title separator has a 'title' of
    several lines (found by fuzzing: its JSON then held a header of two lines, which kifu does
    not read back): such a text is the record's property, not a header, and is written back."""
    record = GAME.parse("Game: renju\n\n1. h8 2. i9\n", "x.renju")
    record.properties["Title"] = "the first line,\n\nand a second"
    written = renlib.write(record)
    back = renlib.read(written, "x.lib")
    assert back.properties == {"Title": "the first line,\n\nand a second"}
    assert "Title" not in back.headers
    assert jsonform.loads(jsonform.dumps(back)) == back
    assert renlib.write(back) == written
    assert renlib.leaves_out(back) == []


def test_a_position_byte_below_the_board_is_a_located_error():
    """A node's position byte whose row is the sixteenth (0xF1-0xFF) names no point of RenLib's
    15x15 board (found by fuzzing: it was read as j0, which kifu then wrote and refused)."""
    record = GAME.parse("Game: renju\n\n1. h8 2. i9\n", "x.renju")
    data = bytearray(renlib.write(record).encode("latin-1"))
    second = data.rindex(renlib.pos_of(record.moves[1].move.point))
    data[second] = 0xFA
    with pytest.raises(NotationError, match=rf"the node at byte {second} names no point \(0xfa\)"):
        renlib.read(bytes(data).decode("latin-1"), "x.lib")


def test_a_library_without_a_header_is_told_and_read():
    """RenLib's oldest libraries have no header: the first node, h8, opens the file (RenLib 3
    still reads them).  Told by its first bytes, from its suffix and from standard input alike
    (it was told by its bytes, then refused as no library)."""
    path = DATA / "no_header_oldest_layout.lib"
    text = read_file(str(path)).text
    assert renlib.claims(text)
    assert registry.detect(text, "openings.lib")[1] == "renlib"
    assert registry.detect(text, "-")[1] == "renlib"
    record = read(path.name)
    assert record.header("RenLib-Version") == "none"
    assert [str(n.move) for n in record.moves] == ["h8", "h9", "g10", "i7", "f11", "e11"]
    assert [str(n.move) for n in record.moves[4].variations[0]] == ["j6"]
    assert record.moves[4].properties == {"Title": "Attack"}
    assert record.moves[4].comments == ["the long way"]
    assert driver.check(GAME, record)[0] == []


def test_a_lone_byte_after_the_last_node_is_ignored_as_renlib_ignores_it():
    """RenLib reads a library two bytes at a time and never reads a last lone byte: such a file
    opens in RenLib, whole.  It was refused as cut inside a node; it is read with a warning,
    and written back without the byte."""
    path = DATA / "lone_byte_after_the_last_node.lib"
    source = read_file(str(path))
    [reading] = renlib.read_games(source.text, path.name)
    assert [str(n.move) for n in reading.record.moves] == ["h8", "h9", "i10"]
    assert [str(n.move) for n in reading.record.moves[1].variations[0]] == ["i9", "i8"]
    [warning] = reading.findings
    assert warning.severity == "warning" and "lone byte after the last node, at byte 30" in (
        warning.message)
    assert written(reading.record) == path.read_bytes()[:-1]


def test_a_node_that_is_no_move_but_has_moves_after_it():
    """RenLib's Delete on a move that holds a board text keeps the text on a node that is no
    move, and deletes only the first of the moves after it: the others stay under it, and come
    back when its point is played.  Such a library was refused; its node is a move of the
    record marked ``No-move: yes``, its moves after it kept, and written back the same."""
    record = read("no_move_node_with_moves_after_it.lib")
    assert [str(n.move) for n in record.moves] == ["h8", "h9", "i10", "j11"]
    assert record.moves[1].properties == {"Label-i10": "A"}
    assert record.moves[2].properties == {"Title": "kept text", "No-move": "yes"}
    assert [str(n.move) for n in record.moves[2].variations[0]] == ["i9"]
    assert renlib.leaves_out(record) == []
    assert driver.check(GAME, record)[0] == []


def test_a_two_character_gbk_comment_is_read_as_gbk_not_euc_jp():
    """A library's only text, 必胜 in GBK (4 bytes), is too short for chardetng, which named
    EUC-JP (駅覆), a code page no Windows writes: RenLib writes the writer's Windows code
    page, so the CJK page whose reading has the most common characters is taken, GBK."""
    source = read_file(str(DATA / "gbk_two_character_comment.lib"))
    [reading] = renlib.read_games(source.text, "gbk_two_character_comment.lib")
    assert reading.record.moves[2].properties == {"Title": "必胜"}
    assert reading.record.header("RenLib-Encoding") == "gb18030"
    assert "read as gb18030" in reading.findings[0].message


def test_a_stray_text_no_cjk_page_reads_does_not_hide_the_gbk_of_the_rest():
    """A real library of 953 texts in GBK held one of two lone bytes (F6 20 D6 20), which no
    code page of China's reads: the library was read as cp1252, every text garbled.  The page
    is told from the texts it reads whole, the stray one read with U+FFFD, and said."""
    done = load(str(DATA / "gbk_comments_and_one_stray_byte_text.lib"))
    assert done.record.header("RenLib-Encoding") == "gb18030"
    assert done.record.moves[0].properties["Title"] == "天元"
    assert done.record.moves[1].properties["Title"] == "花月开局"
    assert "\ufffd" in done.record.moves[2].properties["Title"]
    [said] = done.findings
    assert said.severity == "warning" and "1 text of bytes gb18030 does not read" in said.message


def test_comments_in_utf8_are_written_back_in_utf8():
    """A library whose texts are UTF-8 (a program of today's wrote it) was read right and
    written back in GBK: the tree kept, the file not.  Its code page is kept as any other."""
    record = read("utf8_comments_written_back_in_utf8.lib")
    assert record.moves[2].properties == {"Title": "黑必胜 花月"}
    assert record.header("RenLib-Encoding") == "utf-8"
