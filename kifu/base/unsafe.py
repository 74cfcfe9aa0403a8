"""Characters of a record or a file name that must never reach a terminal as they are.

Control characters can steer a terminal (move the cursor, retitle the window, clear the
screen), bidirectional overrides reorder what is shown, private-use characters and lone
surrogates (the undecodable bytes of a file name) show as nothing reliable.  Whatever kifu
prints from a record or a file name goes through one of these functions.
"""
from __future__ import annotations

import functools
import re
from typing import Any

#: Characters that could steer a terminal or reorder text: controls (category Cc), surrogates
#: (Cs: undecodable bytes of a file name), private use (Co), bidirectional marks and overrides.
#: These categories are fixed by Unicode's stability policy, so the ranges never change.
#: Compiled when first needed (it costs a run about a millisecond): a text Python finds
#: printable (``str.isprintable``: no character of the categories Cc, Cf, Cs, Co, Cn or Z but
#: the space) holds none of them, and most texts printed are.
_UNSAFE = ("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069"
           "\ud800-\uf8ff\U000f0000-\U000ffffd\U00100000-\U0010fffd]")


@functools.cache
def unsafe_characters() -> re.Pattern[str]:
    """The characters that could steer a terminal or reorder text (see above), as a pattern."""
    return re.compile(_UNSAFE)


def printable(text: str) -> str:
    """``text`` with control and bidi-override characters shown as escapes, tabs as spaces."""
    if text.isprintable() or not unsafe_characters().search(text):
        return text
    return unsafe_characters().sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code == 9:
        return " "
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _unsafe_in_lines(text: str) -> bool:
    """Whether ``text`` holds an unsafe character other than a line end."""
    if text.isprintable():
        return False
    unsafe = unsafe_characters()
    return any(unsafe.search(line) for line in text.split("\n"))


def safe_lines(text: str) -> str:
    """Multi-line ``text`` (a diagram, a record) with every line made :func:`printable`."""
    if not _unsafe_in_lines(text):
        return text
    return "\n".join(printable(line) for line in text.split("\n"))


def safe_json(data: Any, indent: int | None = None) -> str:
    """``data`` as JSON that is safe to print: readable non-ASCII text, but control, bidi and
    private-use characters and lone surrogates (undecodable file names) as ``\\u`` escapes."""
    import json  # for reports as JSON: checking records needs none

    return json_escaped(json.dumps(data, ensure_ascii=False, indent=indent))


def json_escaped(text: str) -> str:
    """JSON ``text`` with every unsafe character but its line ends as a ``\\u`` escape: such
    characters can only stand inside JSON strings (json escapes raw line ends there, so a line
    end is layout), where an escape means the same."""
    if not _unsafe_in_lines(text):
        return text
    import json

    return "\n".join(unsafe_characters().sub(lambda m: json.dumps(m.group())[1:-1], line)
                     for line in text.split("\n"))
