"""Smart Game Format, the syntax layer: game trees of nodes of properties, and back.

This module knows nothing of any game (as sgfmill's ``sgf_grammar``): it parses SGF text into
:class:`SgfNode` trees, writes them out again, and maps between SGF's tree of nodes and a
record's lines with variations.  Each game reads and writes its own properties on top.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from lark import Tree

from kifu import grammar
from kifu.errors import NotationError
from kifu.record import Node, Span

_TERMINALS = {
    "PROP_IDENT": "a property name such as B or SZ",
    "PROP_VALUE": "a value in [brackets]",
}


@dataclass
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
    nodes = [c for c in gametree.children if c.data == "node"]
    subtrees = [c for c in gametree.children if c.data == "gametree"]
    chain = [_node(n) for n in nodes]
    for parent, child in zip(chain, chain[1:]):
        parent.children.append(child)
    chain[-1].children.extend(_tree_node(t) for t in subtrees)
    return chain[0]


def _node(tree: Tree) -> SgfNode:
    node = SgfNode(span=grammar.span_of(tree))
    for prop in tree.children:
        ident_token, *value_tokens = prop.children
        ident = "".join(c for c in ident_token if c.isupper())
        if ident in node.properties:
            raise NotationError(f"property {ident} appears twice in one node",
                                span=grammar.span_of(ident_token))
        node.properties[ident] = [unescape(str(v)[1:-1]) for v in value_tokens]
        node.value_spans[ident] = grammar.span_of(value_tokens[0])
    return node


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

    A record keeps alternatives on the node they replace; SGF keeps them as siblings.
    """
    if not nodes:
        return []
    head = make(nodes[0])
    head.children = lines_to_children(nodes[1:], make)
    siblings = [head]
    for variation in nodes[0].variations:
        siblings.extend(lines_to_children(variation, make))
    return siblings


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
