"""Smart Game Format, the syntax layer: game trees of nodes of properties, and back.

This module knows nothing of any game (as sgfmill's ``sgf_grammar``): it parses SGF text into
:class:`SgfNode` trees, writes them out again, and maps between SGF's tree of nodes and a
record's lines with variations.  Each game reads and writes its own properties on top.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from lark import Token, Tree

from kifu import grammar
from kifu.errors import NotationError
from kifu.record import Node, Span

_TERMINALS = {"NODES": "a node such as ;B[pd]"}
_BLANK = r"[ \t\r\n\f\v]*"
_IDENT = r"[A-Za-z]*[A-Z][A-Za-z]*"
_VALUE_TEXT = r"\[(?:\\.|[^\]\\])*\]"
#: A whole node: ";" and its properties.
_NODE = re.compile(rf";{_BLANK}((?:{_IDENT}{_BLANK}(?:{_VALUE_TEXT}{_BLANK})+)*)", re.DOTALL)
#: Most nodes of a game hold one move: one property, one plain value.
_SIMPLE = re.compile(r"([A-Z]{1,2})\[([^\]\\\n]*)\]")
#: One property with all its values.
_PROPERTY = re.compile(rf"({_IDENT}){_BLANK}((?:{_VALUE_TEXT}{_BLANK})+)", re.DOTALL)
_VALUE = re.compile(r"\[((?:\\.|[^\]\\])*)\]", re.DOTALL)
_TRAILING_BLANKS = " \t\r\n\f\v"


@dataclass(slots=True)
class SgfNode:
    """One SGF node: properties in file order (identifier -> values) and the nodes after it."""

    properties: dict[str, list[str]] = field(default_factory=dict)
    children: list[SgfNode] = field(default_factory=list)
    span: Span | None = field(default=None, compare=False)
    value_spans: dict[str, Span] = field(default_factory=dict, compare=False)

    def get(self, ident: str) -> str | None:
        values = self.properties.get(ident)
        return values[0] if values else None

    def main_line(self) -> list[SgfNode]:
        """This node and its first children, down to the end of the main line."""
        line = [self]
        while line[-1].children:
            line.append(line[-1].children[0])
        return line


def parse(text: str) -> list[SgfNode]:
    """The root nodes of every game tree in ``text``."""
    tree = grammar.parse("sgf", text, _TERMINALS)
    return [_tree_node(gametree) for gametree in tree.children]


def _tree_node(gametree: Tree) -> SgfNode:
    nodes_token, *subtrees = gametree.children
    chain = _nodes(nodes_token)
    for parent, child in zip(chain, chain[1:]):
        parent.children.append(child)
    chain[-1].children.extend(_tree_node(t) for t in subtrees)
    return chain[0]


def _nodes(token: Token) -> list[SgfNode]:
    """The nodes of a NODES token, each with its span and the span of its first values.

    Lines and columns are counted as the nodes go by, front to back; a game is mostly nodes
    like ``;B[pd]`` on one line, which take a short path.
    """
    text = str(token)
    line, line_start = token.line, 1 - token.column  # the offset where the current line starts
    last = 0

    def locate(offset: int) -> tuple[int, int]:
        nonlocal line, line_start, last
        if offset > last:
            breaks = text.count("\n", last, offset)
            if breaks:
                line += breaks
                line_start = text.rfind("\n", last, offset) + 1
            last = offset
        return line, offset - line_start + 1

    nodes: list[SgfNode] = []
    append, simple_match, find = nodes.append, _SIMPLE.match, text.find
    for node in _NODE.finditer(text):
        begin, props_at, props_end = node.start(), node.start(1), node.end(1)
        simple = simple_match(text, props_at)
        if (simple is not None and not text[simple.end():props_end].strip()
                and find("\n", last, simple.end()) == -1):
            # ";B[pd]" on the current line: columns by arithmetic, no unescaping
            ident, value = simple.groups()
            column = begin - line_start + 1
            value_column = column + props_at - begin + len(ident)
            end = value_column + len(value) + 2
            append(SgfNode({ident: [value]}, [], Span(line, column, line, end),
                           {ident: Span(line, value_column, line, end)}))
            continue
        props = text[props_at:props_end].rstrip(_TRAILING_BLANKS)
        start = locate(begin)
        properties: dict[str, list[str]] = {}
        value_spans: dict[str, Span] = {}
        for found in _PROPERTY.finditer(props):
            ident = found.group(1)
            if not ident.isupper():
                ident = "".join(c for c in ident if c.isupper())
            if ident in properties:
                where = locate(props_at + found.start(1))
                raise NotationError(f"property {ident} appears twice in one node",
                                    span=Span(*where, where[0], where[1] + len(found.group(1))))
            raw_values = _VALUE.findall(found.group(2))
            first = props_at + found.start(2)
            value_spans[ident] = Span(*locate(first), *locate(first + len(raw_values[0]) + 2))
            properties[ident] = [unescape(v) if "\\" in v else v for v in raw_values]
        end = locate(props_at + len(props)) if props else locate(begin + 1)
        append(SgfNode(properties, [], Span(*start, *end), value_spans))
    return nodes


#: One move of a plain game: its property (``B``, ``W``), its value, and the node's span.
PlainMove = tuple[str, str, Span]
_PLAIN_MOVE = re.compile(r";[ \t\r\n\f\v]*([A-Z]{1,2})[ \t\r\n\f\v]*\[([a-zA-Z]{0,2})\][ \t\r\n\f\v]*")
_CLOSE = re.compile(r"\)[ \t\r\n\f\v]*$")


def split_plain(text: str, moves: tuple[str, ...] = ("B", "W")) -> tuple[SgfNode, list[PlainMove]] | None:
    """A game that is one root node and then nothing but one-move nodes (``;B[pd];W[dp]...``,
    the shape of nearly every game record), read without building a node per move: the root,
    and each move with the span :func:`parse` would give its node.  ``None`` for any other
    shape, which :func:`parse` then reads (and words the errors of).
    """
    first_move = re.compile(r";[ \t\r\n\f\v]*(?:" + "|".join(moves) + r")[ \t\r\n\f\v]*\[")
    for attempt, opening in enumerate(first_move.finditer(text)):
        if attempt == 3:  # a move-like text inside a comment, say: not the common case
            return None
        start = opening.start()
        found = _plain_tail(text, start, moves)
        if found is None:
            continue
        try:
            roots = parse(text[:start] + ")")
        except NotationError:
            return None
        if len(roots) != 1 or roots[0].children:
            return None
        return roots[0], found
    return None


def _plain_tail(text: str, start: int, allowed: tuple[str, ...]) -> list[PlainMove] | None:
    found: list[PlainMove] = []
    line = text.count("\n", 0, start) + 1
    line_start = text.rfind("\n", 0, start) + 1
    pos = last = start
    matcher = _PLAIN_MOVE.match
    while (move := matcher(text, pos)) is not None:
        if move.group(1) not in allowed:
            return None
        begin = move.start()
        breaks = text.count("\n", last, begin)
        if breaks:
            line += breaks
            line_start = text.rfind("\n", last, begin) + 1
        last = move.end(2) + 1  # the node ends with its value's bracket
        if text.count("\n", begin, last):  # a node over several lines: the general way
            return None
        found.append((move.group(1), move.group(2),
                      Span(line, begin - line_start + 1, line, last - line_start + 1)))
        pos = move.end()
    if not found or _CLOSE.match(text, pos) is None:
        return None
    return found


def join_comments(comments: list[str]) -> str:
    """Several comments as one ``C`` value: paragraphs separated by a blank line."""
    return "\n\n".join(comments)


def split_comments(value: str | None) -> list[str]:
    """The inverse of :func:`join_comments`."""
    if not value:
        return []
    return [part.strip() for part in value.split("\n\n") if part.strip()]


def unescape(raw: str) -> str:
    """A property value as text: ``\\`` escapes the next character, ``\\``+newline vanishes."""
    out = []
    chars = iter(raw)
    for char in chars:
        if char == "\\":
            nxt = next(chars, "")
            if nxt != "\n":
                out.append(nxt)
        else:
            out.append(char)
    return "".join(out)


def escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def serialize(roots: list[SgfNode], per_line: int = 10) -> str:
    """SGF text for game trees: the root node on a line of its own, then ``per_line`` nodes a
    line, each variation starting on a new line, so that diffs stay readable."""
    out: list[str] = []

    def node_text(node: SgfNode) -> str:
        return ";" + "".join(ident + "".join(f"[{escape(v)}]" for v in values)
                             for ident, values in node.properties.items())

    def write_tree(node: SgfNode, is_root: bool) -> None:
        out.append("(" + node_text(node))
        count = 0 if is_root else 1
        if is_root:
            out.append("\n")
        while len(node.children) == 1:
            node = node.children[0]
            if count and count % per_line == 0:
                out.append("\n")
            out.append(node_text(node))
            count += 1
        for child in node.children:
            out.append("\n")
            write_tree(child, False)
        out.append(")")

    for root in roots:
        write_tree(root, True)
        out.append("\n")
    return "".join(out)


def lines_to_children(nodes: list[Node], make: Callable[[Node], SgfNode]) -> list[SgfNode]:
    """SGF children for a line of a record: the line itself first, then its alternatives.

    A record keeps alternatives on the node they replace; SGF keeps them as siblings.  No
    recursion: a line may be thousands of moves long.
    """
    top: list[SgfNode] = []
    pending = [(nodes, top)]  # a line, and the siblings its first node joins
    while pending:
        line, siblings = pending.pop()
        for node in line:
            head = make(node)
            siblings.append(head)
            pending.extend((variation, siblings) for variation in reversed(node.variations))
            siblings = head.children
    return top


def children_to_line(children: list[SgfNode],
                     convert: Callable[[SgfNode], tuple[Any, list[str]] | None],
                     attach: Callable[[list[str]], None]) -> list[Node]:
    """A record line from SGF children: the first child's main line, the others as variations.

    ``convert`` turns an SGF node into ``(move, comments)`` or ``None`` for a node without a
    move, whose comments are then handed to ``attach`` (they belong to what came before).
    """
    line: list[Node] = []
    if not children:
        return line
    first, *others = children
    node = first
    while True:
        converted = convert(node)
        if converted is None:
            comments = split_comments(node.get("C"))
            if comments:
                if line:
                    line[-1].comments.extend(comments)
                else:
                    attach(comments)
        else:
            move, comments = converted
            line.append(Node(move, comments, span=node.span))
        if len(node.children) != 1:
            break
        node = node.children[0]
    rest = node.children
    if line:
        variations = [children_to_line([alt], convert, attach) for alt in others]
        line[0].variations.extend(v for v in variations if v)
    if rest:
        tail = children_to_line(rest, convert, lambda c: line[-1].comments.extend(c) if line else attach(c))
        line.extend(tail)
    return line


_TREE_MARKS = re.compile(r"\[(?:\\.|[^\]\\])*\]|[()]", re.DOTALL)


def split_games(text: str) -> Iterator[str]:
    """Each game tree of a collection ``(;...)(;...)`` as a text of its own, for a game's
    one-record reader.  What comes before a game is replaced by as many line ends and spaces
    as it took, so that lines and columns in messages stay those of the whole file."""
    depth = 0
    start = 0
    for mark in _TREE_MARKS.finditer(text):
        token = mark.group()
        if token == "(":
            if depth == 0:
                start = mark.start()
            depth += 1
        elif token == ")" and depth:
            depth -= 1
            if depth == 0:
                lines = text.count("\n", 0, start)
                column = start - (text.rfind("\n", 0, start) + 1)
                yield "\n" * lines + " " * column + text[start:mark.end()]
    if depth:
        yield "\n" * text.count("\n", 0, start) + text[start:]


def count_games(text: str) -> int:
    """How many game trees a collection holds (0 if its brackets never close)."""
    depth = games = 0
    for mark in _TREE_MARKS.finditer(text):
        if mark.group() == "(":
            depth += 1
        elif mark.group() == ")" and depth:
            depth -= 1
            games += depth == 0
    return games
