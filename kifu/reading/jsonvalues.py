"""JSON text as kifu reads it: decoded with the same bounds as every notation (numbers of at
most ``kifu.base.limits.MAX_DIGITS`` digits, finite; nesting caught), each error located; and the
checks games make of the numbers in their JSON (:func:`whole`).

The registry reads a JSON record's ``game`` here before any game is loaded; the record itself
is made in :mod:`kifu.plugin.jsonform`.
"""
from __future__ import annotations

import json
import math
import re
import reprlib
import threading
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
    so that whatever kifu reads from JSON it can write in any notation and read back."""
    if "\\u" in text:
        _refuse_unwritable(text)
    try:
        return _on_a_stack_of_its_own(text)
    except json.JSONDecodeError as error:
        raise NotationError(f"invalid JSON: {error.msg}",
                            span=Span.point(error.lineno, error.colno)) from None
    except RecursionError:
        raise LimitError("invalid JSON: nested too deeply", span=Span.point(1, 1),
                         rule="nesting-depth") from None
    except _Unusable as error:
        at = text.find(error.written)
        span = Span.point(1, 1)
        if at >= 0:
            span = Span.point(text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at))
        raise LimitError(f"invalid JSON: {error.message}", span=span, rule="number-size") from None


def _on_a_stack_of_its_own(text: str) -> Any:
    """``json.loads`` of ``text`` in a thread of its own, for a text nested deeply enough to
    reach Python's recursion limit: how deep the decoder may go then depends on the frames
    below it, so that the same text decoded from a deep call (or a worker thread) was an
    error in one place and a record in another.  Started fresh, every decoding has the same
    depth to spend.  A text without deep nesting is decoded where it is."""
    if text.count("[") + text.count("{") < 500:  # too few to come near the limit: no thread
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    outcome: list[Any] = []

    def decode_here() -> None:
        try:
            outcome.append((json.loads(text, parse_int=_int, parse_float=_float,
                                       parse_constant=_constant), None))
        except BaseException as error:  # noqa: BLE001 - raised again in the caller's thread
            outcome.append((None, error))

    worker = threading.Thread(target=decode_here, name="kifu-json", daemon=True)
    worker.start()
    worker.join()
    value, error = outcome[0]
    if error is not None:
        raise error.with_traceback(None)
    return value


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
