"""Encodings: SGF's CA[] honoured before the text is tokenised, checked against the evidence of
the bytes, and guesses made only from evidence, always named in a warning; the same mechanism
for every record kifu reads."""
from __future__ import annotations

import codecs

import pytest

from kifu.base.errors import EncodingError
from kifu.builtin.freego import sgf as go_sgf
from kifu.reading.source import decode
from kifu.run.validate import Options, check_text
from kifu.sgf import charset


def read(data: bytes, path: str = "game.sgf"):
    source = decode(data, path)
    [reading] = go_sgf.read_games(source.text, path)
    return source, reading.record


def warnings_of(source) -> list[tuple[str | None, str]]:
    return [(w.rule, w.message) for w in source.warnings]


# -- CA[] is read first, with the real tokenizer, and decodes the whole file ------------------

def test_a_shift_jis_trail_byte_0x5c_is_no_escape():
    # 十 is 0x8F 0x5C in Shift_JIS: read byte by byte, "\]" would swallow the next property
    data = "(;GM[1]CA[Shift_JIS]EV[第1期十段戦]PB[井山];B[pd];W[dp])".encode("cp932")
    source, record = read(data)
    assert record.headers["Event"] == "第1期十段戦" and record.headers["Black"] == "井山"
    assert len(record.moves) == 2 and warnings_of(source) == []


def test_a_gbk_trail_byte_0x5d_in_a_gb2312_file_loses_no_move():
    # 俔 is 0x82 0x5D in GBK, which files labelled GB2312 hold: read byte by byte, its 0x5D
    # would end the comment early and the rest of the node would be lost
    data = "(;GM[1]CA[GB2312]C[俔 黑棋好]PB[柯洁];B[pd]C[俔];W[dp])".encode("gbk")
    source, record = read(data)
    assert record.comments == ["俔 黑棋好"] and record.headers["Black"] == "柯洁"
    assert [n.comments for n in record.moves] == [["俔"], []]


def test_big5_trail_bytes_are_read_as_big5():
    data = "(;GM[1]CA[Big5]PB[周俊勳]C[也 許];B[pd])".encode("big5")
    source, record = read(data)
    assert record.headers["Black"] == "周俊勳" and record.comments == ["也 許"]


@pytest.mark.parametrize("name", ["ISO-8859-1", "ISO8859_1", "iso8859-1", "latin1", "Latin-1",
                                  "ISO 8859-1"])
def test_spellings_of_a_charset_name_are_one_charset(name):
    source, record = read(f"(;GM[1]CA[{name}]PB[José Müller];B[pd])".encode("latin-1"))
    assert record.headers["Black"] == "José Müller" and warnings_of(source) == []


@pytest.mark.parametrize("name", ["UTF-16LE", "UTF16LE", "utf_16_le", "UTF-16"])
def test_utf16_names_and_bytes(name):
    text = f"(;GM[1]CA[{name}]PB[山田];B[pd])"
    with_bom = codecs.BOM_UTF16_LE + text.encode("utf-16-le")
    assert read(with_bom)[1].headers["Black"] == "山田"
    source, record = read(text.encode("utf-16-le"))  # no BOM: the NULs say it
    assert record.headers["Black"] == "山田"
    assert [rule for rule, _ in warnings_of(source)] == ["encoding-guessed"]


def test_plain_ascii_never_fails_whatever_its_comments_hold():
    # SGFC's own sniffing aborts on such files: it counts the "(" in the comment as a game
    data = (b"(;GM[1]FF[4]SZ[19]C[see (this game) and CA[xyz\\] ; (;B[aa\\])]"
            b"PC[The KGS Go Server at http://www.gokgs.com/];B[pd];W[dp])")
    source, record = read(data)
    assert source.encoding == "utf-8" and warnings_of(source) == []
    assert len(record.moves) == 2


# -- a declared charset that is false, and no charset at all ----------------------------------

def test_a_false_declaration_is_overruled_by_the_bytes_with_a_warning():
    # Fox-style: CA[UTF-8] on a file written in GB18030
    data = "(;GM[1]CA[UTF-8]PB[神的血脉]PW[时空奇点];B[pd];W[dp])".encode("gb18030")
    source, record = read(data)
    assert record.headers["Black"] == "神的血脉" and record.headers["White"] == "时空奇点"
    rules = [rule for rule, _ in warnings_of(source)]
    assert rules == ["charset", "encoding-guessed"]
    assert "CA[UTF-8] is declared, but byte" in warnings_of(source)[0][1]


def test_utf8_declared_as_latin1_is_read_as_utf8():
    data = "(;GM[1]CA[ISO-8859-1]PB[이세돌]PW[José];B[pd])".encode()
    source, record = read(data)
    assert record.headers["Black"] == "이세돌"
    [(rule, message)] = warnings_of(source)
    assert rule == "charset" and "reads as UTF-8" in message


def test_a_korean_file_is_never_read_as_japanese():
    text = "(;GM[1]PB[이세돌]PW[박정환]C[좋은 수입니다. 흑이 잘 두었습니다];B[pd])"
    source, record = read(text.encode("euc-kr"))
    assert record.headers["Black"] == "이세돌" and source.encoding == "cp949"
    [(rule, message)] = warnings_of(source)
    assert rule == "encoding-guessed" and "EUC-KR" in message


def test_a_chinese_file_without_ca_is_guessed_and_says_so():
    source, record = read("(;GM[1]PB[柯洁]PW[古力]C[黑棋的好棋，白棋不好];B[pd])".encode("gbk"))
    assert record.headers["Black"] == "柯洁"
    assert [rule for rule, _ in warnings_of(source)] == ["encoding-guessed"]


def test_an_unknown_charset_name_is_reported_and_the_text_decides():
    source, record = read("(;GM[1]CA[klingon]PB[Björn];B[pd])".encode())
    assert record.headers["Black"] == "Björn"
    [(rule, message)] = warnings_of(source)
    assert rule == "charset" and "CA[klingon] names no charset" in message


def test_latin1_is_the_sgf_default_without_a_word():
    source, record = read("(;GM[1]PB[Jörg Müller];B[pd])".encode("latin-1"))
    assert record.headers["Black"] == "Jörg Müller" and warnings_of(source) == []


def test_the_encoding_warnings_reach_validate():
    from kifu.run.validate import Options, check_file

    data = "(;GM[1]PB[柯洁]PW[古力]C[黑棋的好棋，白棋不好];B[pd])".encode("gbk")
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.sgf"
        path.write_bytes(data)
        [report] = check_file(str(path), Options())
    [diag] = report.diagnostics
    assert (diag.severity, diag.code, diag.rule, diag.line) == (
        "warning", "encoding", "encoding-guessed", 1)


# -- the same evidence for native records ------------------------------------------------------

def test_invalid_utf8_is_not_read_as_half_width_katakana():
    with pytest.raises(EncodingError, match="byte 0xc0 is not UTF-8, and no other encoding fits"):
        decode(b"Game: renju\n1. h8 {\xc0\xaf}\n", "x.renju")


def test_a_latin1_record_is_read_as_latin1_with_a_warning():
    source = decode("Game: renju\nBlack: José Muñoz\n\n1. h8\n".encode("latin-1"), "x.renju")
    assert "José Muñoz" in source.text and source.encoding == "cp1252"
    [(rule, message)] = warnings_of(source)
    assert rule == "encoding-guessed" and "ISO-8859-1" in message


def test_a_shift_jis_record_is_read_with_a_warning_naming_it():
    text = "Game: renju\nBlack: 山田太郎\nEvent: 東海連珠会\n\n1. h8 {黒の好手}\n"
    source = decode(text.encode("cp932"), "x.renju")
    assert source.text == text and "Shift_JIS" in warnings_of(source)[0][1]


def test_utf8_names_damaged_by_their_writer_stay_utf8():
    # Fox's records: UTF-8 names cut mid-character or with bytes turned into "?": broken
    # characters, but many more whole ones than any other encoding read as UTF-8 gives
    head = "(;GM[1]FF[4]SZ[19]PB[陈昊ch]PW[潘文".encode() + b"\xe5?\x9b]"
    data = head + "BR[3段]WR[P3段]RE[B+R];B[pd])".encode()
    source, record = read(data)
    assert source.encoding == "utf-8" and record.header("Black") == "陈昊ch"
    assert [rule for rule, _ in warnings_of(source)] == ["broken-character"]


def test_a_korean_text_is_not_read_as_damaged_utf8():
    source, _ = read("(;GM[1]PB[이세돌]PW[박정환]C[좋은 수입니다];B[pd])".encode("euc-kr"))
    assert source.encoding == "cp949"


def test_a_few_nul_bytes_in_an_sgf_file_are_blanks():
    source, record = read(b"(;GM[1]C[damaged\x00 file];B[pd])")
    assert record.comments == ["damaged  file"]
    assert [rule for rule, _ in warnings_of(source)] == ["nul-byte"]


def test_the_charset_is_declared_by_the_first_root_only():
    assert charset.declared_charset(b"(;GM[1]C[x];CA[GB2312])") is None
    assert charset.declared_charset(b"(;CA[UTF-8])(;CA[GB2312])") == ("UTF-8", 2)


def test_a_later_game_naming_another_charset_is_reported():
    # the file is decoded once, in the first game's charset: a game that says otherwise may
    # read otherwise than its writer meant (a warning where it holds non-ASCII text)
    data = ("(;GM[1]CA[UTF-8]C[café])\n(;GM[1]CA[ISO-8859-1]PB[José])\n(;GM[1]CA[utf8])\n"
            "(;GM[1]CA[GB2312])").encode()
    reports = check_text(decode(data, "games.sgf").text, "games.sgf", Options(pedantic=True))
    found = [(r.path, d.severity, d.grade, d.rule) for r in reports for d in r.diagnostics]
    assert found == [("games.sgf#2", "warning", "repaired", "charset"),
                     ("games.sgf#4", "note", "pedantic", "charset")]
