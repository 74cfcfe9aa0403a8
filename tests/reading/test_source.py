"""Reading records: encodings detected, line ends normalised, junk refused with a location."""
from __future__ import annotations

import codecs

import pytest

from kifu.base.errors import EncodingError, InputError, ReadError
from kifu.reading.source import MAX_BYTES, decode, read_source

TEXT = "Game: renju\nBlack: 山田\n1. h8\n"


def test_utf8_with_and_without_bom():
    assert decode(TEXT.encode()).text == TEXT
    with_bom = decode(codecs.BOM_UTF8 + TEXT.encode())
    assert with_bom.text == TEXT and with_bom.encoding == "utf-8"


def test_utf16_with_bom():
    assert decode(codecs.BOM_UTF16_LE + TEXT.encode("utf-16-le")).text == TEXT


def test_shift_jis_is_detected_without_being_told():
    source = decode(TEXT.encode("cp932"))
    assert source.text == TEXT
    assert source.encoding == "cp932"


def test_crlf_and_cr_become_lf():
    assert decode(b"a\r\nb\rc\n").text == "a\nb\nc\n"


def test_forced_encoding_is_used_strictly():
    assert decode("Black: Ana\n".encode("latin-1"), encoding="latin-1").encoding == "iso8859-1"
    with pytest.raises(EncodingError, match="not valid ascii") as info:
        decode("x\nBlack: 山\n".encode(), encoding="ascii")
    assert (info.value.span.line, info.value.span.column) == (2, 8)


def test_unknown_encoding_name():
    with pytest.raises(ReadError, match="unknown encoding 'klingon'"):
        decode(b"x", encoding="klingon")


def test_undecodable_bytes_are_located():
    with pytest.raises(EncodingError, match="byte 0x80 is not UTF-8, and no other encoding fits") as info:
        decode(b"Game: renju\nh8 \x80\xff\n")
    assert (info.value.span.line, info.value.span.column) == (2, 4)


def test_truncated_utf8_character():
    data = "Black: 山田\n".encode()[:-2]  # cut inside 田
    with pytest.raises(EncodingError, match="looks truncated") as info:
        decode(data)
    assert (info.value.span.line, info.value.span.column) == (1, 9)


def test_binary_junk_is_refused():
    with pytest.raises(InputError, match="binary data") as info:
        decode(b"PK\x03\x04\x00\x00junk")
    assert info.value.span.line == 1


@pytest.mark.parametrize("data", [b"", b"  \n\n", codecs.BOM_UTF8 + b"\n"])
def test_empty_files_are_refused(data):
    with pytest.raises(InputError, match="empty|only a byte-order mark"):
        decode(data)


def test_huge_files_are_refused_before_decoding(tmp_path):
    path = tmp_path / "huge.renju"
    with path.open("wb") as handle:
        handle.truncate(MAX_BYTES + 10)
    with pytest.raises(InputError, match="larger than 16 MiB"):
        read_source(str(path))


def test_missing_file_and_directory(tmp_path):
    with pytest.raises(ReadError, match="cannot read"):
        read_source(str(tmp_path / "nope.renju"))
    with pytest.raises(ReadError, match="is a directory"):
        read_source(str(tmp_path))
