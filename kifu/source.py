"""Reading a record's bytes into text: encodings, line ends, and input that is not text at all.

Records in the wild come as UTF-8 with or without a byte-order mark, as Shift_JIS (cp932) when
written by Japanese software, with CRLF line ends, truncated, or as some other file picked up by
mistake.  This module turns all of that into clean ``\\n``-separated text or a located error.
"""
from __future__ import annotations

import codecs
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from kifu.errors import EncodingError, InputError, ReadError
from kifu.record import Span

#: Records are small; anything above this is refused before it is decoded or parsed.
MAX_BYTES = 16 * 1024 * 1024

STDIN = "-"

_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


@dataclass(frozen=True)
class SourceText:
    """A record's text, ready to parse, and what it was read from."""

    text: str
    path: str
    encoding: str


def check_encoding_name(name: str) -> str:
    """The codec's canonical name, or a ``ReadError`` for a name Python does not know."""
    try:
        return codecs.lookup(name).name
    except LookupError:
        raise ReadError(f"unknown encoding {name!r}") from None


def read_source(path: str, encoding: str | None = None, *, max_bytes: int = MAX_BYTES) -> SourceText:
    """Read ``path`` (``-`` for standard input) and decode it; see :func:`decode`."""
    try:
        if path == STDIN:
            data = sys.stdin.buffer.read(max_bytes + 1)
        else:
            with Path(path).open("rb") as handle:
                data = handle.read(max_bytes + 1)
    except IsADirectoryError:
        raise ReadError(f"{path} is a directory") from None
    except OSError as error:
        raise ReadError(f"cannot read {path}: {error.strerror or error}") from None
    return decode(data, path, encoding, max_bytes=max_bytes)


def decode(data: bytes, path: str = "<bytes>", encoding: str | None = None,
           *, max_bytes: int = MAX_BYTES) -> SourceText:
    """Decode a record's bytes.

    Without ``encoding``: a byte-order mark decides; else UTF-8 if the bytes are valid UTF-8;
    else Shift_JIS (cp932) if they are valid cp932.  Line ends become ``\\n``.
    """
    if len(data) > max_bytes:
        raise InputError(f"file is larger than {max_bytes // (1024 * 1024)} MiB; is it a record?")
    if not data.strip():
        raise InputError("file is empty", span=Span.point(1, 1))
    if encoding is not None:
        name = check_encoding_name(encoding)
        text = _decode_strict(data, name)
    else:
        text, name = _detect(data)
    if "\x00" in text:
        raise _binary_error(text)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise InputError("file holds only a byte-order mark and blanks", span=Span.point(1, 1))
    return SourceText(text, path, name)


def _detect(data: bytes) -> tuple[str, str]:
    for bom, name in _BOMS:
        if data.startswith(bom):
            return _decode_strict(data[len(bom):], name), name
    if b"\x00" in data:
        raise _binary_error(data.decode("latin-1"))
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as utf8_error:
        if utf8_error.end >= len(data) and utf8_error.reason == "unexpected end of data":
            raise _located(data, utf8_error.start, "the file ends inside a UTF-8 character; "
                           "it looks truncated") from None
        try:
            text = data.decode("cp932")
        except UnicodeDecodeError:
            text = None
        if text is not None and _plausible(text):
            return text, "cp932"
        byte = data[utf8_error.start]
        raise _located(data, utf8_error.start,
                       f"byte 0x{byte:02x} is neither UTF-8 nor Shift_JIS; "
                       "name the encoding with --encoding") from None


def _plausible(text: str) -> bool:
    """Whether text decoded as cp932 looks like text: cp932 maps almost every byte to something,
    but real records contain no C1 controls or private-use characters."""
    return not any(unicodedata.category(c) in ("Cc", "Co") and c not in "\t\n\r\f"
                   for c in text)


def _decode_strict(data: bytes, name: str) -> str:
    try:
        return data.decode(name)
    except UnicodeDecodeError as error:
        raise _located(data, error.start, f"byte 0x{data[error.start]:02x} is not valid {name}") from None


def _located(data: bytes, offset: int, message: str) -> EncodingError:
    """An encoding error placed at the line and column of byte ``offset``."""
    before = data[:offset]
    line = before.count(b"\n") + 1
    line_start = before.rfind(b"\n") + 1
    column = len(before[line_start:].decode("utf-8", errors="replace")) + 1
    return EncodingError(message, span=Span.point(line, column))


def _binary_error(text: str) -> InputError:
    offset = text.index("\x00")
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return InputError("binary data (a NUL byte), not a text record", span=Span.point(line, column))
