"""Writing SGF: game trees as text (:func:`serialize`, or :func:`pieces` a node at a time), and
a file's own trees written back as read, in UTF-8 (:func:`rewrite`, :func:`rewritten`)."""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

from kifu.base.errors import ConversionError
from kifu.sgf.properties import MAX_GAMES, MAX_NODES, MAX_VALUES
from kifu.sgf.tree import SgfNode


class Tree(Protocol):
    """What writing asks of a node: its properties and the nodes after it (an
    :class:`SgfNode`, or a node made only when it is written: ``kifu.sgf.lines.LineNode``)."""

    @property
    def properties(self) -> dict[str, list[str]]: ...

    @property
    def children(self) -> Sequence[Tree]: ...


def collection(games: Iterable[Iterable[str]]) -> Iterator[str]:
    """Games written in turn (each a game tree's pieces) as one SGF collection, stopped with a
    ``ConversionError`` as soon as the file would hold more games, nodes or values than kifu's
    reader reads in one file (:data:`~kifu.sgf.properties.MAX_NODES`...), so that kifu never writes
    a collection it could not read back.  Nodes and values are counted from above (every ``;``
    and ``[``, a few of which may stand inside a comment's text)."""
    nodes = values = 0
    for count, game in enumerate(games, start=1):
        if count > MAX_GAMES:
            raise _beyond(f"{MAX_GAMES:,} games")
        for piece in game:
            nodes += piece.count(";")
            values += piece.count("[")
            if nodes > MAX_NODES or values > MAX_VALUES:
                what = f"{MAX_NODES:,} nodes" if nodes > MAX_NODES else f"{MAX_VALUES:,} values"
                raise _beyond(what)
            yield piece


def _beyond(what: str) -> ConversionError:
    return ConversionError(f"written as one SGF file, these games hold more than {what}, more "
                           "than kifu reads in one file, so kifu could not read it back")


def serialize(roots: Sequence[Tree], per_line: int = 10) -> str:
    """SGF text for game trees (see :func:`pieces`)."""
    return "".join(pieces(roots, per_line))


def pieces(roots: Sequence[Tree], per_line: int = 10) -> Iterator[str]:
    """SGF text for game trees, a piece at a time: the root node on a line of its own, then
    ``per_line`` nodes a line, each variation starting on a new line, so that diffs stay
    readable.  Values are written raw, as they are held; nesting costs no recursion, and each
    node's properties and children are asked for once, when it is written."""
    for root in roots:
        # Each entry: a node to open "(" before, or None to close a ")".
        stack: list[Tree | None] = [None, root]
        is_root = True
        while stack:
            node = stack.pop()
            if node is None:
                yield ")"
                continue
            written = [] if is_root else ["\n"]
            written += ["(", _node_text(node)]
            if is_root:
                written.append("\n")
            count = 0 if is_root else 1
            is_root = False
            children = node.children
            while len(children) == 1:
                node = children[0]
                if count and count % per_line == 0:
                    written.append("\n")
                written.append(_node_text(node))
                count += 1
                if len(written) >= 64:
                    yield "".join(written)
                    written = []
                children = node.children
            yield "".join(written)
            for child in reversed(children):
                stack.append(None)
                stack.append(child)
        yield "\n"


def _node_text(node: Tree) -> str:
    return ";" + "".join(ident + "".join(f"[{v}]" for v in values)
                         for ident, values in node.properties.items())


def rewrite(roots: list[SgfNode]) -> str:
    """Game trees written back as read, in UTF-8 (see :func:`rewritten`)."""
    return "".join(rewritten(roots))


def rewritten(roots: list[SgfNode]) -> Iterator[str]:
    """Game trees written back as read, in UTF-8, a piece at a time: each root's ``CA`` says
    so (the one normalisation; every other property, value and node is kept)."""
    for root in roots:
        if "CA" in root.properties or not _is_ascii(root):
            root.properties["CA"] = ["UTF-8"]
    return pieces(roots)


def _is_ascii(root: SgfNode) -> bool:
    return all(value.isascii() for node in root.walk() for values in node.properties.values()
               for value in values)
