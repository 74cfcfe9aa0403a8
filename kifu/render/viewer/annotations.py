"""SGF's annotations of a move and of a position, as a reader of a game record writes them.

A move: ``TE`` (tesuji) and ``BM`` (bad move), each once or twice over (``[1]``, ``[2]``), as
``!``/``!!`` and ``?``/``??``; ``DO`` (doubtful) as ``?!`` and ``IT`` (interesting) as ``!?``,
the marks of chess books.  A position: ``GB``/``GW`` (good for black, for white), ``DM``
(even), ``UC`` (unclear), in words, with "very" for a value of 2.  A format other than SGF
names them the same way; SGF's reader keeps them with its ``SGF-`` prefix.
"""
from __future__ import annotations

from typing import Any

from kifu.base.record import Node

#: A move's annotation: its property, and the mark for a value of 1 and of 2.
MOVE_MARKS = (("TE", "!", "!!"), ("BM", "?", "??"), ("IT", "!?", "!?"), ("DO", "?!", "?!"))
#: A position's annotation: its property and its words.
POSITION_WORDS = (("GB", "good for black"), ("GW", "good for white"), ("DM", "even position"),
                  ("UC", "unclear position"))


def _value(properties: dict[str, str], name: str) -> str | None:
    """The property's value without its brackets, as SGF's or another format's reader kept
    it; ``None`` where the node has no such property."""
    found = properties.get(name, properties.get("SGF-" + name))
    return None if found is None else found.strip().strip("[]").strip()


def move_mark(node: Node[Any]) -> str:
    """``!``, ``!!``, ``?``, ``??``, ``!?`` or ``?!`` as the record annotates the move, else
    ``""``."""
    if not node.has_properties():
        return ""
    for name, once, twice in MOVE_MARKS:
        value = _value(node.properties, name)
        if value is not None:
            return twice if value == "2" else once
    return ""


def position_words(node: Node[Any]) -> str:
    """What the record says of the position after the move ("good for black"), else ``""``."""
    if not node.has_properties():
        return ""
    for name, words in POSITION_WORDS:
        value = _value(node.properties, name)
        if value is not None:
            return f"very {words}" if value == "2" and name in ("GB", "GW") else words
    return ""
