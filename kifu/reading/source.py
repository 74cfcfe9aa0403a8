"""Reading a record's bytes into text: encodings, line ends, and input that is not text at all.

Records in the wild come as UTF-8 with or without a byte-order mark, in the legacy encodings of
Japanese, Chinese and Korean software, with CRLF line ends, truncated, or as some other file
picked up by mistake.  This module turns all of that into clean ``\\n``-separated text or a
located error, and says in a warning whenever the encoding was guessed rather than known.

An encoding is decided from evidence, not from the first codec that happens to succeed: a BOM,
then UTF-8 (self-validating), then, for bytes that are not UTF-8, the legacy encoding chardetng
names (Firefox's detector, built for short texts in the legacy encodings of East Asia and
Europe), taken only when it decodes the bytes strictly and the characters it yields are
plausible text (letters within words, or mostly characters of the frequent first level of the
script's national standard) and there are enough of them; a guess always comes with a warning
naming it.  An SGF file is decoded as :mod:`kifu.sgf.charset` decides (its ``CA[]`` first,
checked against what this module finds in the bytes).
"""
from __future__ import annotations

import codecs
import errno
import functools
import os
import stat
import sys
import unicodedata
import zlib
from collections.abc import Callable
from typing import Protocol

from kifu.base.errors import REPAIRED, EncodingError, InputError, KifuError, ReadError
from kifu.base.record import Span
from kifu.base.value import dataclass, field
from kifu.sgf import charset

#: Records are small; anything above this is refused before it is decoded or parsed.
MAX_BYTES = 16 * 1024 * 1024

STDIN = "-"

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16-LE, whose BOM it starts with
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
#: Legacy multi-byte encodings, in the order a tie is settled; each name is the superset
#: codec that decodes what its family's software writes (GBK in a GB2312 file, say).
LEGACY = ("gb18030", "cp949", "cp932", "cp950", "euc_jp")
_NAMES = {"gb18030": "GB18030", "cp949": "EUC-KR (CP949)", "cp932": "Shift_JIS (CP932)",
          "cp950": "Big5 (CP950)", "euc_jp": "EUC-JP", "cp1252": "ISO-8859-1 (Windows-1252)",
          "latin-1": "ISO-8859-1", "utf-8": "UTF-8", "utf-16-le": "UTF-16-LE",
          "utf-16-be": "UTF-16-BE"}
#: Charset names as files (SGF's CA[]) and chardetng spell them (compared without case, '-',
#: '_' or blanks).
_ALIASES = {
    "gb2312": "gb18030", "gbk": "gb18030", "euccn": "gb18030", "cp936": "gb18030",
    "gb18030": "gb18030", "xgbk": "gb18030", "eucgb2312": "gb18030", "hzgb2312": "hz",
    "euckr": "cp949", "cp949": "cp949", "uhc": "cp949", "ksc56011987": "cp949",
    "ksc5601": "cp949", "windows949": "cp949",
    "shiftjis": "cp932", "sjis": "cp932", "mskanji": "cp932", "windows31j": "cp932",
    "cp932": "cp932", "xsjis": "cp932", "shiftjis2004": "cp932",
    "big5": "cp950", "cp950": "cp950", "big5hkscs": "big5hkscs",
    "eucjp": "euc_jp",
    "iso88591": "latin-1", "latin1": "latin-1", "l1": "latin-1", "ascii": "latin-1",
    "usascii": "latin-1", "windows1252": "cp1252", "cp1252": "cp1252",
    "utf8": "utf-8", "utf16": "utf-16", "utf16le": "utf-16-le", "utf16be": "utf-16-be",
    "utf32": "utf-32", "utf32le": "utf-32-le", "utf32be": "utf-32-be",
}
#: A legacy guess needs this many non-ASCII characters (multi-byte ones; single-byte ones),
#: and in a CJK encoding this share of them common.
MIN_EVIDENCE = 2
MIN_EVIDENCE_SINGLE_BYTE = 3
MIN_COMMON = 0.6
#: The share a CJK reading needs to win over a Latin one chardetng preferred.
MIN_COMMON_ALONE = 0.95
#: Characters a Latin-1 text may hold besides letters (punctuation of European text).
_LATIN_PUNCTUATION = set("«»‘’“”–—…°±·¿¡ ")


@dataclass(frozen=True)
class SourceText:
    """A record's text, ready to parse, what it was read from, and what decoding it found
    (the encoding guessed, a declared charset that was wrong), as located warnings."""

    text: str
    path: str
    encoding: str
    warnings: tuple[KifuError, ...] = field(default=())
    #: The file's size and modification time (in nanoseconds) as it stood when read, from
    #: the descriptor it was read through (what an index keeps of it); ``None`` where it was
    #: not read as a regular file in one go (a pipe, a large file, a text in memory).
    stood: tuple[int, int] | None = field(default=None, compare=False, repr=False)


def check_encoding_name(name: str) -> str:
    """The codec's canonical name, or a ``ReadError`` for a name Python does not know or a
    codec that does not decode text (``base64``, ``rot13``)."""
    try:
        info = codecs.lookup(name)
    except (LookupError, ValueError):  # ValueError: a name holding a NUL
        raise ReadError(f"unknown encoding {name!r}") from None
    if not getattr(info, "_is_text_encoding", True) or info.name in _NOT_CHARSETS:
        raise ReadError(f"{name!r} is not a text encoding; name one such as utf-8, cp932 or "
                        "gb18030") from None
    return info.name


#: Codecs Python counts as text encodings that are no character set of a file: domain names
#: (``idna``, ``punycode``), escape sequences read as characters (a record's ``\x1b`` would
#: become a real escape), and one that refuses everything.  Their errors are not decoding
#: errors at a byte either.
_NOT_CHARSETS = frozenset({"idna", "punycode", "unicode-escape", "raw-unicode-escape",
                           "undefined"})


#: How many of a file's first bytes :func:`read_source` shows ``claim``.
HEAD_BYTES = 4096
#: The encoding of a :class:`SourceText` that holds a file's bytes undecoded, one character
#: each (ISO-8859-1: ``text.encode("latin-1")`` gives them back), for a format of bytes.
BYTES = "bytes"
#: Asked with a file's first bytes: the size up to which a format of bytes reads the file
#: itself, or ``None`` where the file is text to decode.
Claim = Callable[[bytes], int | None]


class ByteStream(Protocol):
    """What kifu reads records from besides a path: an object with ``read(size)`` giving bytes
    (``open(path, "rb")``, ``sys.stdin.buffer``, ``io.BytesIO``, ``gzip.open(path)``)."""

    def read(self, size: int = ..., /) -> bytes: ...


class TextStream(Protocol):
    """A stream of text already decoded (``open(path, encoding=...)``, ``io.StringIO``)."""

    def read(self, size: int = ..., /) -> str: ...


#: A stream kifu reads a record from: of bytes (decoded as a file is) or of text.
Stream = ByteStream | TextStream


def stream_name(stream: object) -> str:
    """What a stream is called in messages: the name of the file it reads, where it has one
    (an open file, ``gzip.open``'s), else ``<stream>``."""
    name = getattr(stream, "name", None)
    return name if isinstance(name, str) and name else "<stream>"


def read_stream(stream: Stream, name: str, encoding: str | None = None, *,
                max_bytes: int = MAX_BYTES, claim: Claim | None = None) -> SourceText:
    """:func:`read_source` for a stream: bytes are decoded as a file's are; text (a stream
    whose ``read`` gives ``str``) is taken as decoded already (``encoding`` then says nothing),
    and read as its UTF-8 bytes, so that it is checked and cleaned (line ends, NUL bytes,
    emptiness) as a file is.

    Whatever goes wrong reading it (a file open for writing only, a gzip stream of junk, a
    text stream that cannot decode its bytes) is a ``ReadError`` naming ``name``.
    """
    try:
        head = _head(stream)
        if isinstance(head, str):  # decoded already
            text = head + _text(stream.read(max_bytes + 1 - len(head)), name)
            data, encoding = text.encode("utf-8", "surrogatepass"), "utf-8"
            limit = claim(data[:HEAD_BYTES]) if claim is not None and data else None
        else:
            limit = claim(head) if claim is not None and head else None
            more = (limit or max_bytes) - len(head)
            data = head + _bytes(read_bounded(stream, max(0, more)), name)  # type: ignore[arg-type]
    except (OSError, EOFError, ValueError, zlib.error) as error:
        raise ReadError(f"cannot read {name}: {error}") from None
    return _source(data, limit, name, encoding, max_bytes)


def _head(stream: Stream) -> bytes | str:
    """The first :data:`HEAD_BYTES` a stream gives (characters, for a text stream)."""
    head = stream.read(HEAD_BYTES)
    if not isinstance(head, bytes | str):
        raise ReadError(f"a stream's read() gives {type(head).__name__}, not bytes or text")
    while 0 < len(head) < HEAD_BYTES:  # a pipe hands its bytes over in pieces
        piece = stream.read(HEAD_BYTES - len(head))
        if not piece:
            break
        head += piece  # type: ignore[operator]
    return head


def _text(piece: object, name: str) -> str:
    if not isinstance(piece, str):
        raise ReadError(f"cannot read {name}: its read() gave text, then {type(piece).__name__}")
    return piece


def _bytes(piece: object, name: str) -> bytes:
    if not isinstance(piece, bytes):
        raise ReadError(f"cannot read {name}: its read() gave bytes, then {type(piece).__name__}")
    return piece


def read_source(path: str, encoding: str | None = None, *, max_bytes: int = MAX_BYTES,
                claim: Claim | None = None) -> SourceText:
    """Read ``path`` (``-`` for standard input) and decode it; see :func:`decode`.

    ``claim`` is shown the file's first :data:`HEAD_BYTES` bytes: where it names a size, a
    format of bytes (a binary library, XML that names its own encoding) reads the file, which
    is kept undecoded up to that size (encoding :data:`BYTES`).
    """
    try:
        stood = None
        if path == STDIN:
            limit, data = _read(sys.stdin.buffer, max_bytes, claim)
        else:
            read = _read_whole(path, max_bytes, claim)
            if read is None:
                with open(path, "rb") as handle:
                    limit, data = _read(handle, max_bytes, claim)
            else:
                limit, data, stood = read
    except IsADirectoryError:
        raise ReadError(f"{path} is a directory") from None
    except OSError as error:
        raise ReadError(f"cannot read {path}: {error.strerror or error}") from None
    return _source(data, limit, path, encoding, max_bytes, stood)


def _source(data: bytes, limit: int | None, path: str, encoding: str | None,
            max_bytes: int, stood: tuple[int, int] | None = None) -> SourceText:
    """The text of a file's ``data``: decoded, or, where a format of bytes claimed it (up to
    ``limit``), its bytes one character each."""
    if limit is None:
        return decode(data, path, encoding, max_bytes=max_bytes, stood=stood)
    if len(data) > limit:
        raise InputError(f"file is larger than the {limit // 2**20} MiB kifu reads in its format")
    if not data:
        raise InputError("file is empty", span=Span.point(1, 1))
    return SourceText(data.decode("latin-1"), path, BYTES, stood=stood)


def _read_whole(path: str, max_bytes: int, claim: Claim | None
                ) -> tuple[int | None, bytes, tuple[int, int]] | None:
    """The common file, a regular file of at most ``max_bytes``, read in one call on its file
    descriptor (a file object costs a folder of small records a third more than the reading
    itself), as :func:`_read` reads it, and its size and modification time as it stood
    (:attr:`SourceText.stood`); ``None`` for any other (larger, empty, not a regular file, or
    changing while read), which :func:`_read` reads instead."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    try:
        found = os.fstat(descriptor)
        if stat.S_ISDIR(found.st_mode):  # as open() says it
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
        size = found.st_size
        if not stat.S_ISREG(found.st_mode) or not 0 < size <= max_bytes:
            return None
        data = os.read(descriptor, size + 1)
    finally:
        os.close(descriptor)
    if len(data) != size:  # it grew or shrank while read
        return None
    return (None if claim is None else claim(data[:HEAD_BYTES])), data, (size, found.st_mtime_ns)


def _read(handle: ByteStream, max_bytes: int, claim: Claim | None) -> tuple[int | None, bytes]:
    """The size limit ``claim`` names for the file (``None``: text) and its bytes."""
    if claim is None:
        return None, read_bounded(handle, max_bytes)
    size = _size(handle)
    if size > 0:  # a file: read at once, its head shown from what was read
        data = read_bounded(handle, max_bytes, size)
        limit = claim(data[:HEAD_BYTES])
        if limit is not None and len(data) > max_bytes:  # its format reads larger files
            data += read_bounded(handle, max(0, limit - len(data)))
        return limit, data
    head = b""
    while len(head) < HEAD_BYTES:  # a pipe hands its bytes over in pieces
        piece = handle.read(HEAD_BYTES - len(head))
        if not piece:
            break
        head += piece
    limit = claim(head) if head else None
    return limit, head + read_bounded(handle, max(0, (limit or max_bytes) - len(head)))


def _size(handle: ByteStream) -> int:
    """The size of the file ``handle`` reads, 0 where it is unknown (a pipe, a ``BytesIO``)."""
    try:
        return os.fstat(handle.fileno()).st_size  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):  # no file descriptor (a BytesIO)
        return 0


def read_bounded(handle: ByteStream, max_bytes: int, size: int | None = None) -> bytes:
    """What ``handle`` holds, but no more than ``max_bytes + 1`` bytes (one more tells a file
    too large).  A file of known size (``size``, where the caller knows it) is read as that
    size: asking for the whole limit at once makes Python set aside that much memory for every
    file, a cost a batch run pays per file."""
    if size is None:
        size = _size(handle)
    if not 0 < size <= max_bytes:  # a pipe, a device, an empty or too large file
        return handle.read(max_bytes + 1)
    data = handle.read(size + 1)
    if len(data) > size:  # it grew while being read
        data += handle.read(max_bytes + 1 - len(data))
    return data


def decode(data: bytes, path: str = "<bytes>", encoding: str | None = None,
           *, max_bytes: int = MAX_BYTES, stood: tuple[int, int] | None = None) -> SourceText:
    """Decode a record's bytes: with ``encoding`` strictly; else as the module says (an SGF
    file by its ``CA[]`` first).  Line ends become ``\\n``.  ``stood`` is how the file stood
    when read (:attr:`SourceText.stood`)."""
    if len(data) > max_bytes:
        raise InputError(f"file is larger than {max_bytes // (1024 * 1024)} MiB; is it a record?")
    if not data or data.isspace():  # asked so, not stripped: no copy of the file
        raise InputError("file is empty", span=Span.point(1, 1))
    warnings: list[KifuError] = []
    if encoding is not None:
        name = check_encoding_name(encoding)
        text = _decode_strict(data, name)
    elif charset.is_sgf(data, path):
        text, name = charset.decode(data, _EVIDENCE, warnings)
    else:
        text, name = _detect(data, warnings)
    if "\x00" in text:
        raise _binary_error(text)
    if "\r" in text:  # looked for first: replacing costs a copy even where nothing changes
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text or text.isspace():
        raise InputError("file holds only a byte-order mark and blanks", span=Span.point(1, 1))
    return SourceText(text, path, name, tuple(warnings), stood)


# -- any record -----------------------------------------------------------------------------

def _detect(data: bytes, warnings: list[KifuError]) -> tuple[str, str]:
    found = _by_bom(data, warnings)
    if found is not None:
        return found
    if b"\x00" in data:
        raise _binary_error(data.decode("latin-1"))
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as utf8_error:
        if utf8_error.end >= len(data) and utf8_error.reason == "unexpected end of data":
            raise _located(data, utf8_error.start, "the file ends inside a UTF-8 character; "
                           "it looks truncated") from None
        mostly = _mostly(data, "utf-8", utf8_error, warnings)
        if mostly is not None:
            return mostly, "utf-8"
        guess = guess_legacy(data) or _latin(data)
        if guess is not None:
            text, name = guess
            warnings.append(_guessed(data, utf8_error.start, name, "the text is not UTF-8"))
            return text, name
        byte = data[utf8_error.start]
        raise _located(data, utf8_error.start,
                       f"byte 0x{byte:02x} is not UTF-8, and no other encoding fits the text; "
                       "name the encoding with --encoding") from None


def _by_bom(data: bytes, warnings: list[KifuError]) -> tuple[str, str] | None:
    """Text a byte-order mark (or the NULs of UTF-16 without one) decides."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            return _decode_strict(data[len(bom):], name), name
    if data.find(b"\x00", 0, 4096) < 0:  # looked for in place: no copy of the head
        return None
    head = data[:4096]
    even, odd = head[0::2].count(0), head[1::2].count(0)
    wide = "utf-16-be" if even > 4 * odd + 4 else "utf-16-le" if odd > 4 * even + 4 else None
    if wide is None:
        return None  # NUL bytes, but not UTF-16
    name = wide
    try:
        text = data.decode(name)
    except UnicodeDecodeError:
        raise _binary_error(data.decode("latin-1")) from None
    warnings.append(_guessed(data, 0, name, "the text has no byte-order mark"))
    return text, name


def guess_legacy(data: bytes) -> tuple[str, str] | None:
    """The text and codec of the legacy encoding the evidence favours, or ``None``.

    chardetng names a candidate; it is taken when it decodes the bytes strictly into enough
    non-ASCII characters (:data:`MIN_EVIDENCE`) that read as text of its script.  Where it
    names a single-byte encoding for bytes 0x80-0x9F (controls in ISO-8859, lead bytes in
    Shift_JIS and GBK), a CJK reading made only of common characters is preferred.
    """
    import chardetng_py  # type: ignore[import-untyped]  # only for bytes that are not UTF-8

    named = chardetng_py.detect(data, allow_utf8=False)
    codec = _codec(named) if named else None
    if codec is None:
        return None
    if codec in LEGACY:
        return _cjk(data, codec)
    # Single-byte: bytes 0x80-0x9F are controls in ISO-8859 and lead bytes in Shift_JIS, GBK,
    # Big5 and UHC, so a CJK reading of only common characters is the better one.
    if any(0x80 <= byte <= 0x9F for byte in data):
        for candidate in LEGACY:
            found = _cjk(data, candidate, MIN_COMMON_ALONE)
            if found is not None:
                return found
    try:
        text = data.decode(codec)
    except (UnicodeDecodeError, LookupError):
        return None
    if codecs.lookup(codec).name in ("cp1252", "iso8859-1"):
        return _latin(data)
    return (text, codec) if _letters_in_words(text, MIN_EVIDENCE_SINGLE_BYTE) else None


def likeliest_cjk(data: bytes, candidates: tuple[str, ...]) -> str | None:
    """The codec among ``candidates`` (CJK codecs of :data:`LEGACY`) whose strict reading of
    ``data`` has the largest share of common characters (at least :data:`MIN_COMMON`; the
    first of equal shares), or ``None``: for texts too short for chardetng to tell (a
    two-character comment), where it may name any CJK codec the bytes happen to fit."""
    best, best_share = None, MIN_COMMON
    for codec in candidates:
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            continue
        common, total = _commonness(text, codec)
        if total >= MIN_EVIDENCE and common / total > best_share - (best is None) * 1e-9:
            best, best_share = codec, common / total
    return best


def _cjk(data: bytes, codec: str, share: float = MIN_COMMON) -> tuple[str, str] | None:
    """``data`` in a CJK codec, if it decodes and enough of its characters are common."""
    try:
        text = data.decode(codec)
    except UnicodeDecodeError:
        return None
    common, total = _commonness(text, codec)
    if total < MIN_EVIDENCE or common / total < share:
        return None
    return text, codec


def _family(codec: str) -> str:
    return "ja" if codec in ("cp932", "euc_jp") else codec


def _commonness(text: str, codec: str) -> tuple[int, int]:
    """How many of ``text``'s non-ASCII characters are common in ``codec``'s script, of how
    many: judged by where the character sits in the script's national standard, whose first
    level holds the frequent characters."""
    common = total = 0
    for char in set(text):
        if char < "\x80":
            continue
        count = text.count(char)
        total += count
        if _is_common(char, codec):
            common += count
    return common, total


def _is_common(char: str, codec: str) -> bool:
    if codec in ("cp932", "euc_jp"):
        if "\u3041" <= char <= "\u30ff":  # hiragana and katakana
            return True
        try:
            raw = char.encode("shift_jis")
        except UnicodeEncodeError:
            return False
        if len(raw) == 1:
            return False  # half-width katakana: rare in real text
        return 0x81 <= raw[0] <= 0x84 or 0x889F <= (raw[0] << 8 | raw[1]) <= 0x9872
    standard, symbols, frequent = {
        "gb18030": ("gb2312", (0xA1, 0xA9), (0xB0A1, 0xD7F9)),
        "cp949": ("euc_kr", (0xA1, 0xAC), (0xB0A1, 0xC8FE)),
        "cp950": ("big5", (0xA1, 0xA3), (0xA440, 0xC67E)),
    }[codec]
    try:
        raw = char.encode(standard)
    except UnicodeEncodeError:
        return False
    if len(raw) != 2:
        return False
    return symbols[0] <= raw[0] <= symbols[1] or frequent[0] <= (raw[0] << 8 | raw[1]) <= frequent[1]


def _latin(data: bytes) -> tuple[str, str] | None:
    """Latin-1 (as Windows-1252) when every non-ASCII character it gives is European
    punctuation or a Latin letter within a word (``José``, ``Müller``)."""
    try:
        text = data.decode("cp1252")
    except UnicodeDecodeError:
        return None
    return (text, "cp1252") if _letters_in_words(text, 1, latin=True) else None


def _letters_in_words(text: str, enough: int, latin: bool = False) -> bool:
    """Whether the non-ASCII characters of ``text`` (at least ``enough``) are all punctuation
    of European text or letters next to a letter, as words in a real script are."""
    found = 0
    for index, char in enumerate(text):
        if char < "\x80" or char in _LATIN_PUNCTUATION:
            continue
        found += 1
        if not char.isalpha() or (latin and "LATIN" not in unicodedata.name(char, "")):
            return False
        before = text[index - 1] if index else " "
        after = text[index + 1] if index + 1 < len(text) else " "
        if not (before.isalpha() or after.isalpha()):
            return False
    return found >= enough


# -- what the bytes say, for any record and for SGF's decision --------------------------------

#: A text in an encoding with this many broken characters at most (and many more good ones)
#: is that encoding with a character cut off here and there, not another encoding.
MAX_BROKEN = 4
#: UTF-8 checks itself: text in another encoding read as UTF-8 breaks at most of its non-ASCII
#: characters (GBK, EUC-KR or Latin-1 keep one in ten or so whole), so a text with twice as many
#: whole multi-byte characters as broken ones is UTF-8 however many were damaged (Fox writes
#: names cut or with bytes turned into "?").
UTF8_WHOLE_PER_BROKEN = 2


def _mostly(data: bytes, codec: str, error: UnicodeDecodeError,
            warnings: list[KifuError]) -> str | None:
    """The text in ``codec`` with its few broken characters (cut off by a writer, say) read as
    U+FFFD, if it is that encoding with a flaw rather than another encoding; with a warning."""
    text = data.decode(codec, errors="replace")
    broken = text.count("\ufffd")
    good = sum(c >= "\x80" for c in text) - broken
    if codec == "utf-8":
        if good < max(2 * MIN_EVIDENCE, UTF8_WHOLE_PER_BROKEN * broken):
            return None
    elif broken > MAX_BROKEN or good < max(MIN_EVIDENCE, 4 * broken):
        return None
    warnings.append(EncodingError(
        f"{broken} broken character{'s' * (broken > 1)} in otherwise good "
        f"{_name(codec)} text (cut off by the program that wrote it?) read as "
        "\ufffd", span=_span_at(data, error.start, 1), severity="warning", grade=REPAIRED,
        rule="broken-character"))
    return text


def _better_than_declared(data: bytes, codec: str, text: str) -> tuple[str, str, str] | None:
    """A reading the evidence clearly prefers to the declared one: valid UTF-8 with several
    multi-byte characters, or another CJK script whose characters are common where the declared
    one's are not."""
    try:
        utf8 = data.decode("utf-8")
    except UnicodeDecodeError:
        utf8 = None
    if utf8 is not None and sum(c >= "\x80" for c in utf8) >= MIN_EVIDENCE:
        return utf8, "utf-8", "it is valid UTF-8"
    if codec in LEGACY:
        common, total = _commonness(text, codec)
        if total and common / total < 0.5:
            guess = guess_legacy(data)
            if guess is not None and _family(guess[1]) != _family(codec):
                return guess[0], guess[1], f"only {common} of {total} characters are common in " \
                    "the declared one"
    return None


@functools.lru_cache(maxsize=64)  # every SGF file names one, mostly the same few
@functools.lru_cache(maxsize=64)  # every file of a collection declares its charset alike
def _codec(name: str) -> str | None:
    """The codec for a charset name as files spell it (``UTF16LE``, ``ISO8859_1``...)."""
    key = "".join(c for c in name.casefold() if c.isalnum())
    if key in _ALIASES:
        return _ALIASES[key]
    try:
        return check_encoding_name(name)
    except ReadError:
        return None


def _name(codec: str) -> str:
    return _NAMES.get(codec, codec)


# -- errors and warnings --------------------------------------------------------------------

def _guessed(data: bytes, offset: int, codec: str, why: str, span: Span | None = None) -> EncodingError:
    return EncodingError(f"{why}: read as {_name(codec)}, a guess from the text; name "
                         "the encoding (CA[] in SGF, or --encoding) if it is wrong",
                         span=span or _span_at(data, offset, 1), severity="warning",
                         rule="encoding-guessed")


def _span_at(data: bytes, offset: int, width: int) -> Span:
    before = data[:offset]
    line = before.count(b"\n") + 1
    line_start = before.rfind(b"\n") + 1
    column = len(before[line_start:].decode("utf-8", errors="replace")) + 1
    return Span.point(line, column, width)


def _decode_strict(data: bytes, name: str) -> str:
    try:
        return data.decode(name)
    except UnicodeDecodeError as error:
        raise _located(data, error.start, f"byte 0x{data[error.start]:02x} is not valid {name}") from None


def _located(data: bytes, offset: int, message: str) -> EncodingError:
    """An encoding error placed at the line and column of byte ``offset``."""
    return EncodingError(message, span=_span_at(data, offset, 1))


def _binary_error(text: str) -> InputError:
    offset = text.index("\x00")
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return InputError("binary data (a NUL byte), not a text record", span=Span.point(line, column))


#: What the bytes say, as SGF's decision asks it (see :class:`kifu.sgf.charset.Evidence`).
_EVIDENCE = charset.Evidence(bom=_by_bom, codec=_codec, name=_name, mostly=_mostly,
                             legacy=guess_legacy, latin=_latin, better=_better_than_declared,
                             guessed=_guessed, span=_span_at, binary=_binary_error)
