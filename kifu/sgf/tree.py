"""SGF's values as read: a tree of nodes (:class:`SgfNode`), the game trees of a text with what
reading found (:class:`GameTree`, :class:`Collection`), and where each stands in the text
(:class:`Locator`: offsets to lines and columns, worked out only when a span is asked for)."""
from __future__ import annotations

import bisect
import functools
import re
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field

from kifu.base.errors import KifuError
from kifu.base.record import Span
from kifu.sgf import charset
from kifu.sgf.tokens import PROPERTY_GROUPS, TOKEN, identifier, text

_LINE_END = re.compile("\n")


class SgfNode:
    """One SGF node: properties in file order (identifier -> raw values) and the nodes after it.

    ``start`` and ``end`` are the offsets of the node in the text it was read from (-1 for a
    node made in memory); :meth:`Collection.span` gives its span, in lines and columns.
    """

    __slots__ = ("properties", "children", "start", "end")

    def __init__(self, properties: dict[str, list[str]] | None = None,
                 children: list[SgfNode] | None = None, start: int = -1, end: int = -1) -> None:
        self.properties = properties if properties is not None else {}
        self.children = children if children is not None else []
        self.start = start
        self.end = end

    def __repr__(self) -> str:
        return f"SgfNode({self.properties!r}, {len(self.children)} children)"

    def __eq__(self, other: object) -> bool:
        """Equal properties and equal subtrees (compared without recursion)."""
        if not isinstance(other, SgfNode):
            return NotImplemented
        pairs = [(self, other)]
        while pairs:
            a, b = pairs.pop()
            if a.properties != b.properties or len(a.children) != len(b.children):
                return False
            pairs.extend(zip(a.children, b.children))
        return True

    __hash__ = None  # type: ignore[assignment]

    def get(self, ident: str) -> str | None:
        """The first raw value of a property, or ``None``."""
        values = self.properties.get(ident)
        return values[0] if values else None

    def text(self, ident: str) -> str | None:
        """A property's value as text (unescaped, several values joined), or ``None``."""
        values = self.properties.get(ident)
        if not values:
            return None
        return "\n\n".join(text(v) for v in values) if len(values) > 1 else text(values[0])

    def main_line_end(self) -> SgfNode:
        """The last node of the main line from this node (first children, to the end)."""
        node = self
        while node.children:
            node = node.children[0]
        return node

    def main_line(self) -> list[SgfNode]:
        """This node and its first children, down to the end of the main line."""
        line = [self]
        while line[-1].children:
            line.append(line[-1].children[0])
        return line

    def walk(self) -> Iterator[SgfNode]:
        """Every node of the tree from here, in file order, without recursion."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))



class Locator:
    """Lines and columns (1-based, in characters) of offsets into one text: the first few by
    counting line ends (in C), later ones from an index of line starts, built once."""

    __slots__ = ("text", "_starts", "_asked")

    #: Points found by counting before the index is built.
    COUNTED = 32

    def __init__(self, text: str) -> None:
        self.text = text
        self._starts: array[int] | None = None
        self._asked = 0

    def _line_starts(self) -> array[int]:
        if self._starts is None:  # 8 bytes a line (a list of ints takes 36)
            self._starts = array("q", [0])
            self._starts.extend(m.end() for m in _LINE_END.finditer(self.text))
        return self._starts

    def point(self, offset: int) -> tuple[int, int]:
        if self._starts is None and self._asked < self.COUNTED:
            self._asked += 1
            text = self.text
            return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)
        starts = self._line_starts()
        line = bisect.bisect_right(starts, offset)
        return line, offset - starts[line - 1] + 1

    def span(self, start: int, end: int) -> Span:
        line, column = self.point(start)
        if self.text.find("\n", start, end) < 0:
            return tuple.__new__(Span, (line, column, line, column + max(end - start, 1)))
        end_line, end_column = self.point(end)
        return tuple.__new__(Span, (line, column, end_line, end_column))



@dataclass
class GameTree:
    """One game of a collection as read: its root, what reading it found, and where each
    property outside FF[4] first appears (offsets, for pedantic findings)."""

    root: SgfNode
    findings: list[KifuError] = field(default_factory=list)
    unknown: dict[str, int] = field(default_factory=dict)


@dataclass
class Collection:
    """The game trees of an SGF text, with what reading found and where it stands."""

    text: str
    games: list[GameTree]
    locator: Locator
    #: Where each property's first value stands in a node (by the node's offset): the
    #: offsets inside the brackets.
    _values: dict[int, dict[str, tuple[int, int]]] = field(default_factory=dict, repr=False)

    @functools.cached_property
    def first_charset(self) -> tuple[str, int] | None:
        """The charset the first game's root declares (``CA``) and where, if it names one."""
        return charset.first_charset(self.text)

    def span(self, node: SgfNode) -> Span | None:
        """Where a node stands (``None`` for a node made in memory)."""
        start = node.start
        if start < 0:
            return None
        return self.locator.span(start, node.end if node.end > start else start + 1)

    def taken_as(self, node: SgfNode, ident: str, root: SgfNode) -> None:
        """A property of ``node`` read as ``root``'s (game information written below the root):
        its place stays where it was written."""
        self.value_span(node, ident)
        self.value_span(root, ident)
        place = self._values[node.start].get(ident)
        if place is not None:
            self._values[root.start][ident] = place

    def value_span(self, node: SgfNode, ident: str) -> Span:
        """Where a property's first value stands, ``[`` and ``]`` included (the node's own
        place if it has no such property).  ``node`` is one read from this text."""
        assert node.start >= 0, "a node made in memory stands nowhere in the text"
        places = self._values.get(node.start)
        if places is None:  # where every property of the node is, at once: headers ask for many
            places = self._values[node.start] = {}
            for match in TOKEN.finditer(self.text, node.start, max(node.end, node.start + 1)):
                for name_group, value_group in PROPERTY_GROUPS:
                    name = match.group(name_group)
                    if name is not None:
                        places.setdefault(name if name.isupper() else identifier(name),
                                          match.span(value_group))
        place = places.get(ident)
        if place is None:
            return self.locator.span(node.start, max(node.end, node.start + 1))
        return self.locator.span(place[0] - 1, place[1] + 1)
