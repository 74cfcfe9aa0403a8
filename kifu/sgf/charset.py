"""SGF's charsets: what a file declares (``CA[]`` in the first game's root), read with the real
tokenizer so that a ``CA[`` in a comment or a ``(`` in a header never misleads it."""
from __future__ import annotations

import re

from kifu.sgf.tokens import GAME_START, PROPERTY_GROUPS, TOKEN, Token, identifier

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
