"""Between SGF's tree of nodes and a record's lines with variations, both ways, for any game.

SGF keeps alternatives as sibling nodes; a record keeps them on the node of the line they
replace (``Node.variations``).  Both walks here use explicit stacks, so a game tree of any depth
and any number of siblings costs no recursion; only the record's own nesting of variations
within variations is limited (``kifu.base.limits.MAX_DEPTH``), because the consumers of a record
(writers, JSON, comparisons) walk that nesting.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator

from kifu.base.errors import KifuError, NotationError
from kifu.base.heap import no_cycles
from kifu.base.limits import MAX_DEPTH, too_deep
from kifu.base.reading import Reading
from kifu.base.record import Node, Record, Span
from kifu.sgf import syntax as sgf
from kifu.sgf.syntax import Collection, SgfNode


def join_comments(comments: list[str]) -> str:
    """Several comments as one ``C`` value: paragraphs separated by a blank line."""
    return "\n\n".join(comments)


def split_comments(value: str | None) -> list[str]:
    """The inverse of :func:`join_comments`."""
    if not value:
        return []
    return [part.strip() for part in value.split("\n\n") if part.strip()]


def to_lines(children: list[SgfNode], convert: Callable[[SgfNode], list[Node]],
             leading: list[str], span_of: Callable[[SgfNode], Span | None],
             marks: Callable[[SgfNode], dict[str, str]] | None = None) -> list[Node]:
    """A record's main line from the children of an SGF root.

    ``convert`` turns one SGF node into the record nodes it holds (none for a node without a
    move, whose comments then go to the record node before it, or to ``leading`` before the
    first move of the game, and what ``marks`` reads of it, its markup, to the record node
    before it).  The first child of a node continues the line; the others become
    variations of the record node the first child's line starts with.  Where that line holds
    no move at all, the first alternative that does continues it instead.
    """
    main: list[Node] = []
    # (SGF nodes that continue a line, the line, its nesting depth, the comments read before
    # its first move: the record's own for the main line, carried to the first move in a
    # variation)
    tasks: list[tuple[list[SgfNode], list[Node], int, list[str]]] = [(children, main, 0, leading)]
    branches: list[tuple[list[Node], int, list[list[Node]]]] = []
    while tasks:
        nodes, line, depth, waiting = tasks.pop()
        while nodes:
            node = nodes[0]
            if len(nodes) > 1:
                others = nodes[1:]
                if depth >= MAX_DEPTH:
                    raise too_deep(span_of(others[0]))
                alternatives: list[list[Node]] = [[] for _ in others]
                branches.append((line, len(line), alternatives))
                for other, alternative in zip(reversed(others), reversed(alternatives)):
                    tasks.append(([other], alternative, depth + 1, []))
            made = convert(node)
            if made:
                if waiting and not line and waiting is not leading:
                    made[0].comments[:0] = waiting
                line.extend(made)
            else:
                comments = split_comments(node.text("C"))
                if comments:
                    (line[-1].comments if line else waiting).extend(comments)
                if marks is not None and line:
                    line[-1].properties.update(marks(node))
            nodes = node.children
    for line, index, alternatives in reversed(branches):
        found = [alternative for alternative in alternatives if alternative]
        if not found:
            continue
        if index == len(line):  # nothing played after the branch in the first line
            line.extend(found.pop(0))
        line[index].variations.extend(found)
    return main


def from_lines(line: list[Node], make: Callable[[Node], SgfNode]) -> list[SgfNode]:
    """SGF children for a record's line: the line itself first, then its alternatives."""
    roots: list[SgfNode] = []
    tasks: list[tuple[list[Node], list[SgfNode]]] = [(line, roots)]
    while tasks:
        nodes, siblings = tasks.pop()
        for record_node in nodes:
            made = make(record_node)
            siblings.append(made)
            for variation in reversed(record_node.variations):
                tasks.append((variation, siblings))
            siblings = made.children
    return roots


class LineNode:
    """A node of the SGF tree :func:`from_lines` makes, made only when it is written
    (:func:`kifu.sgf.write.pieces` asks each node for its properties and children once), so
    that writing a record of half a million moves never holds its SGF tree: the node of
    ``line[index]``, whose children are the next node of its line and the first of each of
    that node's variations; or, with ``index`` -1, a root of ``properties`` above the line."""

    __slots__ = ("_line", "_index", "_make", "_properties")

    def __init__(self, line: list[Node], index: int, make: Callable[[Node], SgfNode],
                 properties: dict[str, list[str]] | None = None) -> None:
        self._line, self._index, self._make = line, index, make
        self._properties = properties

    @property
    def properties(self) -> dict[str, list[str]]:
        if self._properties is not None:
            return self._properties
        return self._make(self._line[self._index]).properties

    @property
    def children(self) -> list[LineNode]:
        line, index, make = self._line, self._index + 1, self._make
        if index == len(line):
            return []
        return [LineNode(line, index, make),
                *(LineNode(variation, 0, make) for variation in line[index].variations)]


def lazy_tree(properties: dict[str, list[str]], line: list[Node],
              make: Callable[[Node], SgfNode]) -> LineNode:
    """A root of ``properties`` above the SGF tree of a record's ``line`` (as
    :func:`from_lines` makes it), each node made by ``make`` as it is written."""
    return LineNode(line, -1, make, properties)


#: Reads one game tree of a collection into a record, adding what it finds to ``findings``.
TreeReader = Callable[[Collection, SgfNode, list[KifuError]], Record]


def read_games(text: str, read_tree: TreeReader, lenient: bool = False) -> Iterator[Reading]:
    """Every game of an SGF text as a :class:`~kifu.plugin.contract.Reading`: the record (or ``None`` with
    the error that stopped it), what reading found (syntax repairs, pedantic findings, the
    game's own), and the game tree itself for a lossless rewrite.

    The games are read one at a time, as they are asked for, so that a caller done with each
    before the next holds one game at a time.  Raises only when the text holds no game tree
    at all; a limit reached after the first game ends the games with a reading of it."""
    collection, games = sgf.read_each(text, lenient=lenient)
    first = True
    while True:
        with no_cycles():  # paused only while working, never across a ``yield``
            try:
                game = next(games, None)
            except KifuError as error:
                if first:
                    raise
                reading = Reading(None, [error])
                game = None
            else:
                if game is None:
                    return
                reading = _reading(collection, game, read_tree)
        yield reading
        if game is None:
            return
        first = False


def _reading(collection: Collection, game: sgf.GameTree, read_tree: TreeReader) -> Reading:
    findings = list(game.findings)
    findings.extend(sgf.style(collection, game))
    try:
        record: Record | None = read_tree(collection, game.root, findings)
    except KifuError as error:
        findings.append(error)
        record = None
    return Reading(record, findings, game.root)


def read_one(text: str, read_tree: TreeReader) -> Record:
    """The one game of an SGF text; a collection or any error in the reading is raised."""
    readings = list(read_games(text, read_tree))
    if len(readings) > 1:
        raise NotationError(f"this SGF collection holds {len(readings)} games; read one at a "
                            "time (kifu's --game-index)", rule="collection")
    [reading] = readings
    for found in reading.findings:
        if found.severity == "error":
            raise found
    assert reading.record is not None
    return reading.record
