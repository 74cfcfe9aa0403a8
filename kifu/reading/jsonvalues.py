"""JSON text as kifu reads it: decoded with the same bounds as every notation (numbers of at
most ``kifu.base.limits.MAX_DIGITS`` digits, finite; nesting caught), each error located; and the
checks games make of the numbers in their JSON (:func:`whole`).

The registry reads a JSON record's ``game`` here before any game is loaded; the record itself
is made in :mod:`kifu.plugin.jsonform`.
"""
from __future__ import annotations

import json
import json.scanner
import math
import re
import reprlib
from typing import Any, NoReturn

from kifu.base.errors import LimitError, NotationError
from kifu.base.limits import MAX_DIGITS, shorten
from kifu.base.record import Span

#: kifu writes ``"game"`` third, after ``format`` and ``version``; a field of that name
#: anywhere else in its JSON is inside a string (``\"game\"``) and escaped.
_GAME_FIELD = re.compile(r'(?<!\\)"game"\s*:\s*"([a-z][a-z0-9_-]{0,39})"')


def game_of(text: str) -> str:
    """The ``game`` a JSON record names: found near the start where kifu writes it, without
    decoding the record (which its reader does, once); else decoded."""
    near = _GAME_FIELD.search(text, 0, 4096)
    if near is not None:
        return near.group(1)
    data = decode(text)
    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, str):
        raise NotationError("a JSON record needs a string field 'game'", span=Span.point(1, 1))
    return game


class _Unusable(Exception):
    """A JSON number kifu will not take (too many digits, not finite), as written."""

    def __init__(self, message: str, written: str) -> None:
        super().__init__(message)
        self.message, self.written = message, written


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Unusable(f"a number with more than {MAX_DIGITS} digits", text)
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Unusable(f"the number {shorten(text)} is too large", text)
    return value


def _constant(text: str) -> Any:
    raise _Unusable(f"{text} is not a JSON number", text)


def decode(text: str) -> Any:
    """JSON text as Python values; numbers are bounded as in every notation (``kifu.base.limits``),
    and a string may hold only what a record's text can (no NUL, no half of a surrogate pair),
    so that whatever kifu reads from JSON it can write in any notation and read back.  Any
    nesting is read: a record's variations may nest as deep as its moves allow."""
    if "\\u" in text:
        _refuse_unwritable(text)
    try:
        try:
            return json.loads(text, parse_int=_int, parse_float=_float,
                              parse_constant=_constant)
        except RecursionError:  # nested past what the C decoder's recursion reaches
            return _decode_nested(text)
    except json.JSONDecodeError as error:
        raise NotationError(f"invalid JSON: {error.msg}",
                            span=Span.point(error.lineno, error.colno)) from None
    except _Unusable as error:
        at = text.find(error.written)
        span = Span.point(1, 1)
        if at >= 0:
            span = Span.point(text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))
        raise LimitError(f"invalid JSON: {error.message}", span=span, rule="number-size") from None


#: The C decoder's reading of one value, given only values that hold no other (strings,
#: numbers, constants): it recurses into arrays and objects, which :func:`_decode_nested`
#: opens itself.
_scan_scalar = json.scanner.make_scanner(json.JSONDecoder(  # type: ignore[arg-type]
    parse_int=_int, parse_float=_float, parse_constant=_constant))
_BLANKS = re.compile(r"[ \t\n\r]*")
_END_OF = {"[": "]", "{": "}"}


def _decode_nested(text: str) -> Any:
    """``json.loads`` of ``text`` (the same values, the same errors) by an explicit stack of
    the arrays and objects open, for a text nested deeper than the C decoder's recursion goes
    (it recurses into each; the strings, numbers and constants are still its own to read).
    Slower than the C decoder by a few times, so used only where that one cannot go."""
    blanks = _past_blanks
    # The arrays and objects open, innermost last, each with the key its next value takes
    # (None in an array).
    open_: list[tuple[Any, str | None]] = []
    key: str | None
    at = blanks(text, 0)
    while True:
        char = text[at:at + 1]
        if char in _END_OF:  # an array or object: opened here, its values read in turn
            at = blanks(text, at + 1)
            if text[at:at + 1] == _END_OF[char]:
                value: Any = [] if char == "[" else {}
                at += 1
            elif char == "[":
                open_.append(([], None))
                continue
            else:
                key, at = _key(text, at)
                open_.append(({}, key))
                continue
        else:
            try:
                value, at = _scan_scalar(text, at)
            except StopIteration as stop:
                raise json.JSONDecodeError("Expecting value", text, stop.value) from None
        while True:  # the value goes to the innermost open container, which may close
            if not open_:
                at = blanks(text, at)
                if at != len(text):
                    raise json.JSONDecodeError("Extra data", text, at)
                return value
            container, key = open_[-1]
            if key is None:
                container.append(value)
            else:
                container[key] = value
            at = blanks(text, at)
            char = text[at:at + 1]
            if char == ",":
                at = blanks(text, at + 1)
                if key is not None:
                    key, at = _key(text, at)
                    open_[-1] = (container, key)
                break
            if char == ("]" if key is None else "}"):
                at += 1
                open_.pop()
                value = container
                continue
            raise json.JSONDecodeError("Expecting ',' delimiter", text, at)


def _key(text: str, at: int) -> tuple[str, int]:
    """An object's key at ``at`` and where its value starts, past the ``:``."""
    if text[at:at + 1] != '"':
        raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text,
                                   at)
    key, at = json.decoder.scanstring(text, at + 1)  # type: ignore[attr-defined]
    at = _past_blanks(text, at)
    if text[at:at + 1] != ":":
        raise json.JSONDecodeError("Expecting ':' delimiter", text, at)
    return key, _past_blanks(text, at + 1)


def _past_blanks(text: str, at: int) -> int:
    """Where the blanks JSON allows from ``at`` end."""
    found = _BLANKS.match(text, at)
    assert found is not None  # it matches no blank at all too
    return found.end()


#: A ``\\uXXXX`` escape that is not itself escaped (an even run of backslashes before it).
_ESCAPE = re.compile(r"(?<!\\)(?:\\\\)*\\u([0-9a-fA-F]{4})")


def _refuse_unwritable(text: str) -> None:
    """A located ``NotationError`` for the first ``\\u`` escape of a character no record can
    hold: NUL (a text with one is binary data to every reader), or a lone surrogate (half of
    a pair, which is no character and cannot be written as UTF-8)."""
    pending: re.Match[str] | None = None  # a high surrogate waiting for its low half
    for match in _ESCAPE.finditer(text):
        code = int(match.group(1), 16)
        if pending is not None:
            if 0xDC00 <= code <= 0xDFFF and match.start() == pending.end():
                pending = None
                continue
            break
        if code == 0:
            _unwritable(text, match, "the NUL character (\\u0000), which no record's text holds")
        if 0xD800 <= code <= 0xDBFF:
            pending = match
        elif 0xDC00 <= code <= 0xDFFF:
            pending = match
            break
    if pending is not None:
        _unwritable(text, pending, f"half of a surrogate pair (\\u{pending.group(1)}), which "
                                   "is no character")


def _unwritable(text: str, match: re.Match[str], what: str) -> NoReturn:
    at = match.end() - 6
    span = Span.point(text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))
    raise NotationError(f"invalid JSON for a record: a string holds {what}", span=span,
                        rule="unwritable-character")


def whole(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (JSON's ``true`` is not one),
    else a ``ValueError`` naming ``what``: games check the numbers of their JSON with it as
    strictly as their notation's."""
    if (not isinstance(value, int) or isinstance(value, bool) or value < low
            or (high is not None and value > high)):
        limits = f"from {low}" if high is None else f"from {low} to {high}"
        raise ValueError(f"{what} is a whole number {limits}, not {reprlib.repr(value)}")
    return value
