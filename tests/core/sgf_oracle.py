"""An independent reader of SGF's syntax, for differential tests of ``kifu.sgf.parse``.

It scans the text character by character with small regular expressions and builds the same
``SgfNode`` trees, spans included, without Lark and without the core's node-run splitting.
Whenever it meets anything it does not expect (a syntax error included) it hands the whole text
to ``kifu.sgf.parse``, so that errors are compared separately.
"""
from __future__ import annotations

import bisect
import re

from kifu import sgf
from kifu.record import Span

_BLANK = re.compile(r"[ \t\r\n\f\v]*")
_IDENT = re.compile(r"[A-Za-z]*[A-Z][A-Za-z]*")
_VALUE = re.compile(r"\[((?:[^\]\\]|\\.)*)\]", re.DOTALL)


class _Unexpected(Exception):
    """Something the fast path leaves to the core parser."""


class _Tree:
    __slots__ = ("first", "last", "parent", "closed_nodes")

    def __init__(self, parent: sgf.SgfNode | None) -> None:
        self.first: sgf.SgfNode | None = None
        self.last: sgf.SgfNode | None = None
        self.parent = parent
        self.closed_nodes = False  # a sub-tree has begun: no more nodes in this sequence


def parse(text: str) -> list[sgf.SgfNode]:
    """The root nodes of every game tree in ``text``, as ``kifu.sgf.parse`` gives them."""
    try:
        return _scan(text)
    except _Unexpected:
        return sgf.parse(text)


def _scan(text: str) -> list[sgf.SgfNode]:
    if not text.endswith("\n"):
        text += "\n"  # kifu.grammar does the same, so that spans agree
    breaks = [i for i, c in enumerate(text) if c == "\n"]

    def where(offset: int) -> tuple[int, int]:
        line = bisect.bisect_left(breaks, offset)
        start = breaks[line - 1] + 1 if line else 0
        return line + 1, offset - start + 1

    def span(start: int, end: int) -> Span:
        line, column = where(start)
        end_line, end_column = where(end)
        return Span(line, column, end_line, end_column)

    roots: list[sgf.SgfNode] = []
    stack: list[_Tree] = []
    pos = 0
    size = len(text)
    blank, ident_at, value_at = _BLANK.match, _IDENT.match, _VALUE.match
    while True:
        pos = blank(text, pos).end()
        if pos >= size:
            break
        char = text[pos]
        if char == ";":
            if not stack or stack[-1].closed_nodes:
                raise _Unexpected
            start = pos
            pos += 1
            properties: dict[str, list[str]] = {}
            value_spans: dict[str, Span] = {}
            end = pos
            while True:
                pos = blank(text, pos).end()
                found = ident_at(text, pos)
                if found is None:
                    break
                ident = found.group()
                if not ident.isupper():
                    ident = "".join(c for c in ident if c.isupper())
                if ident in properties:
                    raise _Unexpected  # the core names the duplicate
                pos = blank(text, found.end()).end()
                values = []
                first_value = None
                while True:
                    value = value_at(text, pos)
                    if value is None:
                        break
                    raw = value.group(1)
                    values.append(sgf.unescape(raw) if "\\" in raw else raw)
                    if first_value is None:
                        first_value = (pos, value.end())
                    end = value.end()
                    pos = blank(text, end).end()
                if first_value is None:
                    raise _Unexpected
                properties[ident] = values
                value_spans[ident] = span(*first_value)
            node = sgf.SgfNode(properties, [], span(start, end), value_spans)
            tree = stack[-1]
            if tree.last is None:
                tree.first = node
            else:
                tree.last.children.append(node)
            tree.last = node
        elif char == "(":
            if stack:
                if stack[-1].last is None:
                    raise _Unexpected
                stack[-1].closed_nodes = True
                stack.append(_Tree(stack[-1].last))
            else:
                stack.append(_Tree(None))
            pos += 1
        elif char == ")":
            if not stack:
                raise _Unexpected
            tree = stack.pop()
            if tree.first is None:
                raise _Unexpected
            if tree.parent is None:
                roots.append(tree.first)
            else:
                tree.parent.children.append(tree.first)
            pos += 1
        else:
            raise _Unexpected
    if stack or not roots:
        raise _Unexpected
    return roots
