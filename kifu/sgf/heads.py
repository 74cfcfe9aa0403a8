"""The head of each game of an SGF text, found without reading its moves: a catalogue of a
large collection wants each game's root properties (players, event, result) and no more.

A game's root node is cut out of the text and closed into a game of its own, ``(;root)``, which
the game's reader reads as it reads any game: the headers are those a full reading gives.  The
rest of each game is skipped by its brackets alone (values jumped over whole, their escapes
honoured), never tokenised node by node.  What is skipped is not checked: a fault in a game's
moves shows only when the game is read.
"""
from __future__ import annotations

import re
from collections.abc import Iterator

#: A property value, ``[...]`` with ``\]`` and ``\\`` escaped; possessive, so that a value never
#: closed costs one pass to the end of the text, not one per character.
_VALUE = r"\[(?:[^\\\]]++|\\.)*+\]"
#: A game tree's opening and its root node: everything up to the next node, tree or end (the
#: root's ``;`` may be missing, as some editors leave it out and the reader repairs it).
_ROOT = re.compile(r"\(\s*;?(?:[^;()\[]++|" + _VALUE + r")*+", re.DOTALL)
#: Whatever holds no bracket of a tree outside a value.
_BETWEEN = re.compile(r"(?:[^()\[]++|" + _VALUE + r")*+", re.DOTALL)
#: An SGF text opens with a game tree (after a byte order mark and blanks).
_OPENS = re.compile(r"\ufeff?\s*\(\s*;")
#: A game tree at the start of a line, its root's first property: SGF after a preamble (GNU
#: Go's regression files open with their licence), looked for in the first ``PREAMBLE``
#: characters.
_TREE_LINE = re.compile(r"^\(\s*;\s*[A-Z]{1,2}\s*\[", re.MULTILINE)
PREAMBLE = 64 * 1024
#: kifu's own notations name their game in a header: such a text is no SGF, whatever it quotes.
_GAME_HEADER = re.compile(r"^\ufeff?\s*Game\s*:", re.MULTILINE | re.IGNORECASE)
#: Where the next game tree may open: ``(;``, or ``(`` and a property.
_NEXT = re.compile(r"\((?=\s*[;A-Za-z])")


def recognises(text: str) -> bool:
    """Whether ``text`` is SGF, whatever its game: a game tree opens it, ``(;``, or opens a line
    after lines of prose (a licence, a mail's headers) with its root's first property, and no
    ``Game:`` header of kifu's notations comes before it."""
    if _OPENS.match(text) is not None:
        return True
    tree = _TREE_LINE.search(text, 0, PREAMBLE)
    return tree is not None and _GAME_HEADER.search(text, 0, tree.start()) is None


def roots(text: str) -> Iterator[str]:
    """Each game of ``text`` as its root node alone, closed into a game of its own
    (``(;GM[1]PB[Ann]...)``), in the order the text holds them."""
    at = 0
    while True:
        opening = _NEXT.search(text, at)
        if opening is None:
            return
        root = _ROOT.match(text, opening.start())
        assert root is not None  # _NEXT found its opening
        yield root.group() + ")"
        at = _skip_tree(text, root.end())


def _skip_tree(text: str, at: int) -> int:
    """Where the game tree that is open at ``at`` (its root read) ends: past its closing
    bracket, or at the end of a text that never closes it."""
    depth = 1
    while depth:
        at = _BETWEEN.match(text, at).end()  # type: ignore[union-attr]  # it matches anywhere
        if at >= len(text):
            return at
        bracket = text[at]
        if bracket == "[":  # a value never closed: the rest of the text is in it
            return len(text)
        depth += 1 if bracket == "(" else -1
        at += 1
    return at
