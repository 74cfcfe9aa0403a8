"""SGF's charsets: what a file declares, and how an SGF file's bytes become text.

A file declares its charset in the first game's root (``CA[]``), read here with the real
tokenizer so that a ``CA[`` in a comment or a ``(`` in a header never misleads it.  One place
decides how an SGF file's encoding is found (:func:`decode`): a byte-order mark; else the
charset the first game declares, checked against the bytes (a declaration the text contradicts,
or one that names no charset, gives way to the evidence, with a warning); else UTF-8, a clear
guess of a legacy encoding, and last ISO-8859-1, SGF's own default.

What bytes say of their encoding whatever the format (byte-order marks, UTF-8 with a few broken
characters, the legacy encodings of East Asia and Europe, the names of charsets) is game-neutral
and known by ``kifu.reading.source``, a layer above this one: it hands it in as
:class:`Evidence`, and this module asks it in SGF's order.
"""
from __future__ import annotations

import os
import re
from collections.abc import Callable

from kifu.base.errors import REPAIRED, EncodingError, InputError, KifuError
from kifu.base.record import Span
from kifu.base.value import dataclass
from kifu.sgf.tokens import GAME_START, PROPERTY_GROUPS, TOKEN, Token, identifier

Decoded = tuple[str, str]
"""A text and the codec it was read in."""

#: What a charset name looks like (anything else in ``CA[]`` is no name).
_CA_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:+ -]{0,39}\Z")
#: The tokens that begin a node, and those that open or close a game tree.
_NODE_TOKENS = frozenset((Token.NODE, Token.NODE_TWO, Token.SEMICOLON))
_TREE_TOKENS = frozenset((Token.OPEN, Token.CLOSE))


def declared_charset(data: bytes) -> tuple[str, int] | None:
    """The charset the first game's root declares (``CA``) and its byte offset, read as
    ISO-8859-1, which keeps every byte."""
    return first_charset(data.decode("latin-1"))


def first_charset(text: str) -> tuple[str, int] | None:
    """The charset the first game's root declares (``CA``) and its offset, if it names one."""
    opening = GAME_START.search(text)
    if opening is None:
        return None
    nodes = 0
    for m in TOKEN.finditer(text, opening.start() + 1):
        kind = m.lastindex or 0
        if kind in _NODE_TOKENS:
            nodes += 1
        if kind in _TREE_TOKENS or nodes > 1:
            break
        for name, first in PROPERTY_GROUPS:
            ident = m.group(name)
            if ident is not None and identifier(ident) == "CA":
                value = m.group(first).strip()
                if _CA_NAME.match(value):
                    return value, m.start(name)
    return None


def same_charset(one: str, other: str) -> bool:
    """Whether two charset names name one charset (``UTF-8``, ``utf8`` and ``UTF_8`` do)."""
    return _key(one) == _key(other)


def _key(name: str) -> str:
    return "".join(c for c in name.casefold() if c.isalnum())


# -- an SGF file's bytes ------------------------------------------------------------------------

@dataclass(frozen=True)
class Evidence:
    """What bytes say of their encoding, whatever the format: the questions :func:`decode`
    asks, answered by ``kifu.reading.source``."""

    #: The text and codec a byte-order mark (or UTF-16's NUL bytes) decides, if any.
    bom: Callable[[bytes, list[KifuError]], Decoded | None]
    #: The codec a charset name means, spelt as files spell it (``UTF8``, ``Shift_JIS``).
    codec: Callable[[str], str | None]
    #: A codec's name for people (``Shift_JIS (CP932)``).
    name: Callable[[str], str]
    #: The text in a codec with its few broken characters read as U+FFFD, if it is that
    #: encoding with a flaw rather than another encoding (with a warning).
    mostly: Callable[[bytes, str, UnicodeDecodeError, list[KifuError]], str | None]
    #: The legacy encoding the evidence favours, if any.
    legacy: Callable[[bytes], Decoded | None]
    #: The text as ISO-8859-1 (Windows-1252), if it reads as European text.
    latin: Callable[[bytes], Decoded | None]
    #: A reading the evidence clearly prefers to the text in a declared codec: the text, its
    #: codec and why.
    better: Callable[[bytes, str, str], tuple[str, str, str] | None]
    #: The warning that an encoding is a guess (the bytes, where, the codec, why, a span).
    guessed: Callable[[bytes, int, str, str, Span | None], EncodingError]
    #: Where a byte stands (the bytes, its offset, a width).
    span: Callable[[bytes, int, int], Span]
    #: The error for binary data: text with a NUL character.
    binary: Callable[[str], InputError]


def is_sgf(data: bytes, path: str) -> bool:
    """Whether a file is SGF: named so, or opening a game tree."""
    if path[-4:].lower() == ".sgf" and os.path.splitext(path)[1].lower() == ".sgf":
        return True
    head = data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    return head.startswith(b"(") and head[1:].lstrip().startswith(b";")


def decode(data: bytes, evidence: Evidence, warnings: list[KifuError]) -> Decoded:
    """An SGF file's bytes as text: a BOM, else the ``CA[]`` of the first game checked against
    the evidence, else UTF-8, a clear legacy guess, or ISO-8859-1 (SGF's default)."""
    found = evidence.bom(data, warnings)
    if found is not None:
        return found
    data = _stray_nuls(data, evidence, warnings)
    declared = declared_charset(data)
    if declared is not None:
        decoded = _declared(data, *declared, evidence, warnings)
        if decoded is not None:
            return decoded
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as error:
        bad = error.start
        mostly = evidence.mostly(data, "utf-8", error, warnings)
        if mostly is not None:
            return mostly, "utf-8"
    guess = evidence.legacy(data)
    if guess is not None:
        if declared is None and guess[1] != "cp1252":  # ISO-8859-1 is SGF's default
            warnings.append(evidence.guessed(data, bad, guess[1],
                                             "the file names no charset (CA[])", None))
        return guess
    text, codec = _default(data)
    if declared is None and evidence.latin(data) is None:
        warnings.append(evidence.guessed(data, bad, codec, "the file names no charset (CA[]) "
                                         "and its text is too short or too odd to tell which",
                                         None))
    return text, codec


def _stray_nuls(data: bytes, evidence: Evidence, warnings: list[KifuError]) -> bytes:
    """A few NUL bytes in an SGF file that is otherwise text (a damaged file) become blanks,
    with a warning; many are binary data, refused."""
    if b"\x00" not in data:  # found at memory speed; counting costs a file a microsecond more
        return data
    count = data.count(0)
    if count > max(16, len(data) // 1000) or b"(" not in data:
        raise evidence.binary(data.decode("latin-1"))
    warnings.append(InputError(f"{count} NUL byte{'s' * (count > 1)} in the text (a damaged "
                               "file?) read as blanks", span=evidence.span(data, data.index(0), 1),
                               severity="warning", grade=REPAIRED, rule="nul-byte"))
    return data.replace(b"\x00", b" ")


def _default(data: bytes) -> Decoded:
    """SGF's default, ISO-8859-1, as Windows-1252 where the bytes allow it."""
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def _declared(data: bytes, name: str, offset: int, evidence: Evidence,
              warnings: list[KifuError]) -> Decoded | None:
    """The text in the charset ``CA[name]`` declares, or ``None`` (with a warning) where the
    declaration is unknown or false and the evidence must decide."""
    def where() -> Span:  # the declaration, for a warning (most files need none)
        return evidence.span(data, offset, len(name) + 4)

    codec = evidence.codec(name)
    if codec is None:
        warnings.append(EncodingError(f"CA[{name}] names no charset kifu knows; the encoding is "
                                      "decided from the text", span=where(), severity="warning",
                                      grade=REPAIRED, rule="charset"))
        return _undeclared(data, name, evidence, warnings, where())
    if codec == "latin-1":
        text, codec = _default(data)
    else:
        try:
            text = data.decode(codec)
        except UnicodeDecodeError as error:
            mostly = evidence.mostly(data, codec, error, warnings)
            if mostly is not None:
                return mostly, codec
            warnings.append(EncodingError(
                f"CA[{name}] is declared, but byte 0x{data[error.start]:02x} at line "
                f"{evidence.span(data, error.start, 1).line} is not {name}; the encoding is "
                "decided from the text", span=where(), severity="warning", grade=REPAIRED,
                rule="charset"))
            return _undeclared(data, name, evidence, warnings, where())
    if codec != "utf-8" and not data.isascii():
        better = evidence.better(data, codec, text)
        if better is not None:
            warnings.append(EncodingError(
                f"CA[{name}] is declared, but the text reads as {evidence.name(better[1])}"
                f" ({better[2]}); read so", span=where(), severity="warning", grade=REPAIRED,
                rule="charset"))
            return better[0], better[1]
    return text, codec


def _undeclared(data: bytes, name: str, evidence: Evidence, warnings: list[KifuError],
                where: Span) -> Decoded:
    """The text as the evidence reads it, ``CA[name]`` set aside."""
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    guess = evidence.legacy(data)
    if guess is not None:
        warnings.append(evidence.guessed(data, 0, guess[1], f"CA[{name}] does not fit", where))
        return guess
    text, codec = _default(data)
    warnings.append(evidence.guessed(data, 0, codec, f"CA[{name}] does not fit", where))
    return text, codec
