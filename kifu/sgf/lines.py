"""Between SGF's tree of nodes and a record's lines with variations, both ways, for any game.

SGF keeps alternatives as sibling nodes; a record keeps them on the node of the line they
replace (``Node.variations``).  Both walks here use explicit stacks, so a game tree of any depth
and any number of siblings costs no recursion (an analysis file that gives each move a sibling
and goes on in the last child nests the record's variations as deep as the game is long).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterator, Mapping
from typing import Any

from kifu.base.collection import Reading
from kifu.base.errors import ConversionError, KifuError, NotationError
from kifu.base.heap import no_cycles
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


#: The prefix under which a record keeps an SGF property it has no other place for, the
#: property's identifier after it: ``SGF-TR``, whose value is the property's values as SGF
#: writes them, each in brackets (``[dd][cc]``).
KEPT = "SGF-"


def kept(node: SgfNode, consumed: Container[str]) -> dict[str, str]:
    """The properties of ``node`` a record has no other place for (those not ``consumed``), as
    :data:`KEPT` properties: markup, timing, annotations, a program's own."""
    return {KEPT + ident: "".join(f"[{value}]" for value in values)
            for ident, values in node.properties.items() if ident not in consumed}


def kept_of_root(root: SgfNode, consumed: Container[str]) -> dict[str, str]:
    """:func:`kept` of a game's root; an ``AP`` naming kifu is not kept: it is what kifu
    writes of itself whenever it writes the record."""
    found = kept(root, consumed)
    if (root.get("AP") or "").startswith("kifu:"):
        del found[KEPT + "AP"]
    return found


#: The record property naming the game-information properties a game's SGF gave below its root
#: (:func:`game_info_below`): the record's headers hold them, its SGF writes them back there.
INFO_BELOW = KEPT + "game-info-below"


def game_info_below(root: SgfNode, collection: Collection, idents: Container[str],
                    plays: Callable[[SgfNode], bool] | None = None
                    ) -> tuple[SgfNode, dict[str, str]]:
    """A game's root with the game information written below it taken in, and what the
    record keeps to write it back there.

    SGF lets game information (``PB``, ``KM``, ``RE``...) stand in any node, once on a path,
    applying from there on: some writers put it in the first move's node, or in a node of its
    own after the root, and a file of several games may share one root, each game a variation
    opening with its own game information.  The first node of the main line (the record's:
    where the root has several children, the first in which a move is played, see
    :func:`plays_below`), up to its first move, that holds any of ``idents`` the root lacks
    gives them to the game, as if its root had them (only FF[4]'s game information: a node's
    name ``N`` stays the node's; their places stay where they were written, for messages).
    The node keeps them too, as the record keeps every property of a node, and
    :data:`INFO_BELOW` names them, so that SGF written from the record puts them back there
    and not in the root, where they would apply to every other variation too.  Each other
    variation keeps its own, on its first move (:func:`to_lines`) or with the alternatives
    in which no move is played (:data:`UNPLAYED`).
    """
    node = _main_child(root.children, plays)
    while node is not None:
        below = [ident for ident in node.properties if ident in idents
                 and ident in sgf.GAME_INFO and ident not in root.properties]
        if below:
            for ident in below:
                collection.taken_as(node, ident, root)
            taken = SgfNode({**root.properties, **{i: node.properties[i] for i in below}},
                            root.children, root.start, root.end)
            return taken, {INFO_BELOW: " ".join(below)}
        if "B" in node.properties or "W" in node.properties:
            break  # looked for up to the first move, where writers put it (not through the game)
        node = _main_child(node.children, plays)
    return root, {}


def _main_child(children: list[SgfNode], plays: Callable[[SgfNode], bool] | None
                ) -> SgfNode | None:
    """The child that continues the record's main line: the only one, or of several the
    first in which a move is played (none, if no move is played in any)."""
    if len(children) <= 1 or plays is None:
        return children[0] if children else None
    return next((child for child in children if plays_below(child, plays)), None)


def plays_below(node: SgfNode, plays: Callable[[SgfNode], bool]) -> bool:
    """Whether a node that ``plays`` (one the record reads as a move) stands at ``node`` or
    anywhere below it; no recursion."""
    pending = [node]
    while pending:
        found = pending.pop()
        if plays(found):
            return True
        pending.extend(found.children)
    return False


#: The record property that keeps the alternatives of an SGF tree in which no move is played
#: (another game's information in a file of several games sharing a root, a comment or a
#: diagram's markup on the position), on the record node after which they branch off, or on
#: the record itself where they branch off before the first move: the SGF text of their
#: nodes as read (``(;RE[W+T]C[...])``).  SGF written from the record writes them back there,
#: after the node's own children, each node as it was, never merged into the node (two
#: results, two games' players, would make one node say two things).  Their comments are the
#: node's too (shown with it, kept by every notation), after its own.
UNPLAYED = KEPT + "variations-without-a-move"


def info_placed(properties: Mapping[str, str], moves: list[Node[Any]],
                root: dict[str, list[str]]) -> tuple[Node[Any] | None, dict[str, list[str]]]:
    """Where SGF written from a record puts the game information its SGF gave below the root
    (:func:`game_info_below`, named by the record's ``properties``): the node of the main
    line ``moves`` that keeps it, and those properties, taken out of the ``root`` being
    written (their values the headers' now).  No node, if none keeps them: the root keeps
    them then."""
    below = [ident for ident in properties.get(INFO_BELOW, "").split() if ident in root]
    kept = [KEPT + ident for ident in below]
    node = next((node for node in moves if node.has_properties()
                 and any(key in node.properties for key in kept)), None)
    if node is None:
        return None, {}
    return node, {ident: root.pop(ident) for ident in below}


def restored(properties: Mapping[str, str]) -> dict[str, list[str]]:
    """The SGF properties :func:`kept` kept, as an SGF node's properties again."""
    found: dict[str, list[str]] = {}
    for key, written in properties.items():
        if key.startswith(KEPT) and _IDENT.fullmatch(key, len(KEPT)):
            found[key[len(KEPT):]] = _values(written)
    return found


def merge_kept(into: dict[str, str], more: Mapping[str, str]) -> None:
    """Add the kept properties ``more`` to ``into``; a property in both gets the values of
    both, in order."""
    for key, written in more.items():
        into[key] = into.get(key, "") + written


#: A kept property's name: capital letters, or a digit before them (some servers' ``5A``).
_IDENT = re.compile(r"[0-9]?[A-Z]+")


def _values(written: str) -> list[str]:
    """The values of ``[a][b\\]c]``, each as written between its brackets."""
    values: list[str] = []
    at = 0
    while at < len(written) and written[at] == "[":
        end = at + 1
        while end < len(written) and written[end] != "]":
            end += 2 if written[end] == "\\" else 1
        values.append(written[at + 1:end])
        at = end + 1
    return values


def to_lines(children: list[SgfNode], convert: Callable[[SgfNode], list[Node[Any]]],
             leading: list[str], span_of: Callable[[SgfNode], Span | None],
             keep: Callable[[SgfNode], dict[str, str]] | None = None,
             leading_kept: dict[str, str] | None = None,
             plays: Callable[[SgfNode], bool] | None = None) -> list[Node[Any]]:
    """A record's main line from the children of an SGF root.

    ``convert`` turns one SGF node into the record nodes it holds (none for a node without a
    move, whose comments then go to the record node before it, or to ``leading`` before the
    first move of the game).  The first child of a node continues the line; the others become
    variations of the record node the first child's line starts with.  ``plays`` says which
    nodes ``convert`` reads as moves: an alternative in which none is played (a variation of
    a game that shares its root with others, holding its game information alone; a comment
    on the position) is no line of play, and is kept whole, as it was written, by the record
    node it branches off after (:data:`UNPLAYED`), the first that is played continuing the
    line.  Without ``plays``, an alternative whose line holds no move at all gives what it
    says to the node before it.

    A node without a move shows the position of the node before it: what ``keep`` keeps of
    it (its other properties) joins that node's properties, or ``leading_kept`` before the
    first move of the game while no alternative stands on the way (what follows a branch is
    that line's own: it joins its first move, as in a variation that opens with such nodes).
    """
    main: list[Node[Any]] = []
    walk = _Walk(leading, leading_kept, keep, plays)
    tasks = walk.tasks
    tasks.append((children, main, leading, walk.record_kept, None))
    while tasks:
        nodes, line, waiting, waiting_kept, before = tasks.pop()
        while nodes:
            if len(nodes) > 1:
                nodes, waiting, waiting_kept = walk.branch(nodes, line, waiting, waiting_kept,
                                                           before)
                if not nodes:
                    break
            node = nodes[0]
            made = convert(node)  # most nodes: a move, on a line under way
            if made:
                if not line and waiting is not leading:
                    _open_line(made[0], waiting, waiting_kept)
                line.extend(made)
            else:
                walk.without_move(node, line, waiting, waiting_kept)
            nodes = node.children
    walk.attach(main)
    return main


#: What :func:`to_lines` has left to read: SGF nodes that continue a line, the line, the
#: comments read before its first move (the record's own for the main line up to its first
#: branch, carried to the first move after it, as in a variation), the properties kept
#: likewise, and the record node a branch before the line's first move branches off after
#: (``None`` for the record).
_Task = tuple[list[SgfNode], list[Node[Any]], list[str], dict[str, str], Node[Any] | None]


class _Walk:
    """What :func:`to_lines` keeps of the tree's branches while it reads the lines: the
    lines left to read, where each branch stands and its alternatives' lines, what each
    alternative says before its first move (all it says, if it plays none), and the
    alternatives in which no move is played; the lines are put together at the end
    (:meth:`attach`), once every alternative is read."""

    def __init__(self, leading: list[str], leading_kept: dict[str, str] | None,
                 keep: Callable[[SgfNode], dict[str, str]] | None,
                 plays: Callable[[SgfNode], bool] | None) -> None:
        self.leading, self.leading_kept = leading, leading_kept
        self.record_kept = leading_kept if leading_kept is not None else {}
        self.keep, self.plays = keep, plays
        self.tasks: list[_Task] = []
        self.branches: list[tuple[list[Node[Any]], int, list[list[Node[Any]]]]] = []
        self.unplayed: dict[int, tuple[list[str], dict[str, str]]] = {}
        self.kept_whole: list[tuple[Node[Any] | None, list[SgfNode]]] = []

    def branch(self, nodes: list[SgfNode], line: list[Node[Any]], waiting: list[str],
               waiting_kept: dict[str, str], before: Node[Any] | None
               ) -> tuple[list[SgfNode], list[str], dict[str, str]]:
        """The alternatives ``nodes`` where the tree branches below ``line``: those in which
        no move is played are kept whole by the record node the branch follows, the first
        played continues the line and the others are read later as its variations.  The
        nodes that go on (none, if no alternative is played) and what waits for the line's
        first move: after a branch, the main line's own, no longer the record's."""
        after = line[-1] if line else before
        if self.plays is not None:
            played = [node for node in nodes if plays_below(node, self.plays)]
            if len(played) < len(nodes):
                ids = {id(node) for node in played}
                self.kept_whole.append((after, [n for n in nodes if id(n) not in ids]))
                nodes = played
        if not line and waiting is self.leading:  # the main line goes on below the branch
            waiting, waiting_kept = [], {}
        if len(nodes) > 1:
            self._alternatives(nodes[1:], line, after)
        return nodes, waiting, waiting_kept

    def _alternatives(self, others: list[SgfNode], line: list[Node[Any]],
                      after: Node[Any] | None) -> None:
        """Each of ``others`` a line of its own to read, a variation of the node of ``line``
        read next; read in order, as the stack of tasks gives them back."""
        alternatives: list[list[Node[Any]]] = [[] for _ in others]
        self.branches.append((line, len(line), alternatives))
        for other, alternative in zip(reversed(others), reversed(alternatives)):
            said: tuple[list[str], dict[str, str]] = ([], {})
            self.unplayed[id(alternative)] = said
            self.tasks.append(([other], alternative, *said, after))

    def without_move(self, node: SgfNode, line: list[Node[Any]], waiting: list[str],
                     waiting_kept: dict[str, str]) -> None:
        """A node without a move shows the position of the node before it: its comments and
        what ``keep`` keeps of it join that node's, or wait for the line's first move."""
        comments = split_comments(node.text("C"))
        if comments:
            (line[-1].comments if line else waiting).extend(comments)
        more = self.keep(node) if self.keep is not None else {}
        if more and line:
            _keep_on(line[-1], more)
        elif more:
            merge_kept(waiting_kept, more)

    def attach(self, main: list[Node[Any]]) -> None:
        """Each alternative read as a variation of the node of the line it branches off
        (the first, where the line played nothing after the branch, goes on as the line);
        what an alternative without a move says kept by the node before its branch; the
        alternatives in which no move is played kept whole."""
        for line, index, alternatives in reversed(self.branches):
            found = [alternative for alternative in alternatives if alternative]
            for alternative in alternatives:
                if not alternative:  # nodes without a move: the position before the branch,
                    _keep_before(line, index, main, self.unplayed[id(alternative)],  # which
                                 self.leading, self.leading_kept)  # keeps what they say
            if not found:
                continue
            if index == len(line):  # nothing played after the branch in the first line
                line.extend(found.pop(0))
            line[index].variations.extend(found)
        for after, trees in self.kept_whole:
            _keep_whole(after, trees, self.leading, self.record_kept)


def _open_line(first: Node[Any], waiting: list[str], waiting_kept: dict[str, str]) -> None:
    """The first move of a line after a branch takes what was said before it."""
    if waiting:
        first.comments[:0] = waiting
    if waiting_kept:
        _keep_on(first, waiting_kept)


def _keep_whole(after: Node[Any] | None, trees: list[SgfNode], leading: list[str],
                record_kept: dict[str, str]) -> None:
    """Alternatives in which no move is played, kept whole by the record node they branch
    off after (``None``: the record) as :data:`UNPLAYED`; their comments, in the order of
    their nodes, join that node's (the record's, ``leading``), after its own."""
    comments = [comment for tree in trees for node in _in_order(tree)
                for comment in split_comments(node.text("C"))]
    text = sgf.serialize(trees)
    if after is None:
        leading.extend(comments)
        record_kept[UNPLAYED] = record_kept.get(UNPLAYED, "") + text
        return
    after.comments.extend(comments)
    properties = dict(after.properties) if after.has_properties() else {}
    properties[UNPLAYED] = properties.get(UNPLAYED, "") + text
    after.properties = properties


def _in_order(tree: SgfNode) -> Iterator[SgfNode]:
    """The nodes of a tree as SGF writes them (each before its children, first child first);
    no recursion."""
    pending = [tree]
    while pending:
        node = pending.pop()
        yield node
        pending.extend(reversed(node.children))


def own_comments(comments: list[str], properties: Mapping[str, str]) -> list[str]:
    """A node's comments (or the record's) but those of the alternatives without a move it
    keeps (:data:`UNPLAYED`), which SGF writes in their own nodes: each taken out once, the
    last that matches, so that a comment added since is the node's own."""
    trees = unplayed_trees(properties)
    if not trees:
        return comments
    own = list(comments)
    for comment in reversed([comment for tree in trees for node in _in_order(tree)
                             for comment in split_comments(node.text("C"))]):
        for index in range(len(own) - 1, -1, -1):
            if own[index] == comment:
                del own[index]
                break
    return own


def unplayed_trees(properties: Mapping[str, str]) -> list[SgfNode]:
    """The alternatives without a move that a node's (or the record's) ``properties`` keep
    (:data:`UNPLAYED`), as SGF trees; a ``ConversionError`` for text that is no SGF (a JSON
    record written by hand)."""
    text = properties.get(UNPLAYED)
    if not text:
        return []
    try:
        return sgf.parse(text)
    except KifuError as error:
        raise ConversionError(f"the property {UNPLAYED} holds no SGF game trees: "
                              f"{error.message}") from None


def _keep_before(line: list[Node[Any]], index: int, main: list[Node[Any]], said: tuple[list[str],
                 dict[str, str]], leading: list[str], leading_kept: dict[str, str] | None) -> None:
    """What a variation without a move says (its comments, what was kept of its nodes), kept by
    the node before its branch, which shows the same position: by the record before the first
    move of the game; by the variation's first move where the branch opens a variation."""
    comments, more = said
    if index == 0 and line is main and leading_kept is not None:
        leading.extend(comments)
        merge_kept(leading_kept, more)
        return
    target = line[index - 1] if index > 0 else line[0] if line else None
    if target is not None:
        target.comments.extend(comments)
        if more:
            _keep_on(target, more)


def _keep_on(node: Node[Any], more: Mapping[str, str]) -> None:
    properties = dict(node.properties) if node.has_properties() else {}
    merge_kept(properties, more)
    node.properties = properties


def from_lines(line: list[Node[Any]], make: Callable[[Node[Any]], SgfNode]) -> list[SgfNode]:
    """SGF children for a record's line: the line itself first, then its alternatives."""
    roots: list[SgfNode] = []
    tasks: list[tuple[list[Node[Any]], list[SgfNode]]] = [(line, roots)]
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
    that node's variations, then the alternatives without a move the record node keeps
    (:data:`UNPLAYED`); or, with ``index`` -1, a root of ``properties`` above the line,
    whose last children are the alternatives without a move ``kept`` keeps (the record's
    properties)."""

    __slots__ = ("_line", "_index", "_make", "_properties", "_kept")

    def __init__(self, line: list[Node[Any]], index: int, make: Callable[[Node[Any]], SgfNode],
                 properties: dict[str, list[str]] | None = None,
                 kept: Mapping[str, str] | None = None) -> None:
        self._line, self._index, self._make = line, index, make
        self._properties = properties
        self._kept = kept

    @property
    def properties(self) -> dict[str, list[str]]:
        if self._properties is not None:
            return self._properties
        return self._make(self._line[self._index]).properties

    @property
    def children(self) -> list[LineNode | SgfNode]:
        """The next node of the line, then each of its variations, each followed by the
        variations of its own first node (in SGF those are alternatives to the same move,
        siblings all), as :func:`from_lines` orders them, then the alternatives without a
        move this node keeps; no recursion."""
        line, index, make = self._line, self._index + 1, self._make
        if self._index < 0:
            kept = self._kept or {}
        else:
            node = line[self._index]
            kept = node.properties if node.has_properties() else {}
        children: list[LineNode | SgfNode] = []
        if index < len(line):
            children.append(LineNode(line, index, make))
            pending = list(reversed(line[index].variations))
            while pending:
                variation = pending.pop()
                children.append(LineNode(variation, 0, make))
                pending.extend(reversed(variation[0].variations))
        children.extend(unplayed_trees(kept))
        return children


def lazy_tree(properties: dict[str, list[str]], line: list[Node[Any]],
              make: Callable[[Node[Any]], SgfNode],
              kept: Mapping[str, str] | None = None) -> LineNode:
    """A root of ``properties`` above the SGF tree of a record's ``line`` (as
    :func:`from_lines` makes it), each node made by ``make`` as it is written; the
    alternatives without a move the record's properties (``kept``) keep, last."""
    return LineNode(line, -1, make, properties, kept)


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
