"""The nodes of a Go game tree as a record's nodes: moves ``B``/``W`` (passes ``B[]``, and
``B[tt]`` on boards up to 19x19), stones set up ``AB``/``AW``/``AE`` and the player to move
``PL`` in any node, set-up nodes before the first move and free handicap written as black's
first moves (both join the start position)."""
from __future__ import annotations

from typing import Any

from kifu.builtin.freego.moves import Edit, Move, Pass, Place
from kifu.builtin.freego.setup import Setup
from kifu.builtin.freego.sgf import points, turns
from kifu.plugin import PEDANTIC, HeaderError, KifuError, Node, NotationError, Record, Span, read_int
from kifu.plugin import sgf as core
from kifu.plugin import sgf_lines as sgflines

SETUP_PROPERTIES = frozenset(("AB", "AW", "AE", "PL"))
#: What a node's move, set-up and comments take; the rest of its properties (markup, timing,
#: annotations, a program's own) the record keeps as they are (``kifu.sgf.lines.kept``).
MOVE_PROPERTIES = frozenset(("B", "W", "C")) | SETUP_PROPERTIES


class Walk:
    """The nodes of one game tree, each read into the record nodes it holds (see
    :meth:`convert`), what is found on the way added to ``findings``."""

    def __init__(self, collection: core.Collection, size: tuple[int, int],
                 findings: list[KifuError]) -> None:
        self.collection = collection
        self.locator = collection.locator  # record nodes work out their spans with it, if asked
        self.size = size
        self.findings = findings
        self.moves = turns.moves_by_value(size)  # by colour, then SGF value
        self.mixed: list[Span | None] = []  # nodes with a move and a set-up: the first's span
        self.ignored: list[tuple[str, Span]] = []  # values ignored: what and where
        self.edge_passes: list[Span] = []  # moves one line past a small board, read as passes
        #: What nodes before the first move keep (set-up and handicap nodes): the record's.
        self.before_play: dict[str, str] = {}

    def keep(self, node: core.SgfNode) -> dict[str, str]:
        """What the record keeps of a node beyond its move, set-up and comments."""
        return sgflines.kept(node, MOVE_PROPERTIES)

    def value_span(self, node: core.SgfNode, ident: str) -> Span:
        return self.collection.value_span(node, ident)

    # -- set-ups before the first move ------------------------------------------------------

    def setup(self, node: core.SgfNode, base: Setup | None = None) -> Setup | None:
        """The stones a node sets up (``AB``, ``AW``, ``AE``) and ``PL``, on top of ``base``."""
        props = node.properties
        if not SETUP_PROPERTIES & props.keys() and base is None:
            return None
        black, white, spans = self._stones_set_up(node, base)
        to_move = base.to_move if base else None
        player = self._player(node) if "PL" in props else None
        if player is not None:
            to_move = player
            spans["To-Move"] = self.value_span(node, "PL")
        stones = (tuple(black), tuple(white)) if white else ((tuple(black),) if black else ())
        return Setup(stones, to_move, base.prisoners if base else None, spans)

    def _stones_set_up(self, node: core.SgfNode, base: Setup | None
                       ) -> tuple[list[str], list[str], dict[Any, Span]]:
        """Black's and white's stones after the node's ``AB``, ``AW`` and ``AE`` over those of
        ``base``, and where each was set up."""
        props = node.properties
        black = list(base.stones[0]) if base and base.stones else []
        white = list(base.stones[1]) if base and len(base.stones) > 1 else []
        spans: dict[Any, Span] = dict(base.spans) if base else {}
        for prop, cells, other, seat in (("AB", black, white, 0), ("AW", white, black, 1)):
            if prop in props:
                span = self.value_span(node, prop)
                for cell in self.listed(node, prop):
                    # a node after the first sets its stones over what stands (FF[4]: adding
                    # is overwriting); within one node a point of both colours stays an error
                    if base is not None and cell in other:
                        other.remove(cell)
                    if cell not in cells:
                        spans[(seat, len(cells))] = span
                        cells.append(cell)
        if "AE" in props:
            cleared = set(points.cells(props["AE"], self.size, self.value_span(node, "AE")))
            black = [c for c in black if c not in cleared]
            white = [c for c in white if c not in cleared]
        return black, white, spans

    def listed(self, node: core.SgfNode, prop: str) -> list[str]:
        """The cells a set-up property lists, each once: a point listed twice in one property
        (FF[4] asks for each once) says nothing more, a note for ``--pedantic``."""
        span = self.value_span(node, prop)
        found = points.cells(node.properties[prop], self.size, span)
        unique = list(dict.fromkeys(found))
        if len(unique) < len(found):
            twice = sorted({cell for cell in found if found.count(cell) > 1})
            self.findings.append(core.finding(
                f"{prop} lists {', '.join(twice)} more than once (FF[4] lists each point "
                "once): each is set up once", span, PEDANTIC, rule="point-repeated"))
        return unique

    def _player(self, node: core.SgfNode) -> int | None:
        """The seat ``PL`` names; an empty or unknown value (goproblems.com writes ``PL[]``)
        is ignored with a warning: the moves name their colour, so it changes nothing."""
        said = (node.get("PL") or "").strip()
        if not names_player(said):
            self.ignored.append((f"PL[{core.text(said)[:10]}] names no player (B or W): ignored, as the "
                                 "moves name their colour", self.value_span(node, "PL")))
            return None
        return 0 if said.upper() in ("B", "1") else 1

    def early_setup(self, record: Record, children: list[core.SgfNode],
                    setup: Setup | None) -> tuple[list[core.SgfNode], Setup | None]:
        """Set-up nodes between the root and the first move (some programs put handicap stones
        there, problem collections the problem, with its statement in ``C``) join the start
        position, their comments the record's before play."""
        while len(children) == 1:
            node = children[0]
            props = node.properties
            if "B" in props or "W" in props or not SETUP_PROPERTIES & props.keys():
                break
            setup = self.setup(node, setup or Setup())
            record.comments.extend(sgflines.split_comments(node.text("C")))
            sgflines.merge_kept(self.before_play, self.keep(node))
            children = node.children
        return children, setup

    def handicap_moves(self, record: Record, children: list[core.SgfNode],
                       setup: Setup | None) -> tuple[list[core.SgfNode], Setup | None]:
        """Free handicap written as black's first moves under ``HA[n]`` (Fox, KGS, pachi):
        those stones are the handicap, set up before white's first move."""
        handicap = read_int((record.header("Handicap") or "0").strip()) or 0
        placed = len(setup.stones[0]) if setup and setup.stones else 0
        wanted = handicap - placed
        if handicap < 2 or wanted < 1 or (setup is not None and setup.to_move is not None):
            return children, setup
        nodes, current = _black_moves(children, wanted)
        if len(nodes) != wanted or any("B" in n.properties for n in current):
            if not nodes and any("W" in n.properties for n in current[:1]):
                self.findings.append(HeaderError(
                    f"HA[{handicap}] but {_stones(placed)} set up before white's first move: "
                    "the record lacks handicap stones, so the moves are replayed without them",
                    span=record.header_span("Handicap"), rule="handicap-stones",
                    severity="warning"))
            return children, setup
        return current, self._with_handicap(record, nodes, setup)

    def _with_handicap(self, record: Record, nodes: list[core.SgfNode],
                       setup: Setup | None) -> Setup:
        """``setup`` with the stones of black's first moves ``nodes`` set up, white to move;
        the nodes' comments and the properties kept of them the record's, before play."""
        stones = list(setup.stones[0]) if setup and setup.stones else []
        spans = dict(setup.spans) if setup else {}
        for node in nodes:
            span = self.value_span(node, "B")
            cell = points.cell(node.properties["B"][0].strip(), self.size, span)
            spans[(0, len(stones))] = span
            stones.append(cell or "")
            record.comments.extend(sgflines.split_comments(node.text("C")))
            sgflines.merge_kept(self.before_play, self.keep(node))
        white = setup.stones[1:] if setup else ()
        return Setup((tuple(stones), *white), 1, setup.prisoners if setup else None, spans)

    # -- the moves ----------------------------------------------------------------------

    def convert(self, node: core.SgfNode) -> list[Node]:
        """The record nodes one SGF node holds: a set-up, a move, both, or none."""
        props = node.properties
        colour = "B" if "B" in props else "W" if "W" in props else None
        if colour is None:
            return self._other(node, None, None)
        value = props[colour][0]
        move = self.moves[colour].get(value) or self._move(node, colour, value.strip())
        made = Node(move, [], [], None, (self.locator, node.start, node.end))
        if len(props) == 1:
            return [made]  # the usual node: a move alone
        more = self.keep(node)  # its time left, markup...
        if more:
            made.properties = more
        if "C" in props or not SETUP_PROPERTIES.isdisjoint(props):
            return self._other(node, colour, made)
        return [made]

    def report_mixed(self) -> None:
        """One finding for the game's nodes that hold a move and set-up properties."""
        if self.mixed:
            more = len(self.mixed) - 2
            self.findings.append(core.finding(
                "a move and set-up properties in one node (FF[4] keeps them apart): the stones "
                "are set up before the move"
                + (f" (and in {more:,} more node{'s' * (more > 1)})" if more else ""),
                self.mixed[0], PEDANTIC, rule="setup-with-move"))

    def report_edge_passes(self) -> None:
        """One finding for the game's moves read as passes because they stand a line past the
        board (``[ot]``, as ``[tt]`` does on boards up to 19x19)."""
        if self.edge_passes:
            more = len(self.edge_passes) - 1
            self.findings.append(NotationError(
                "a move one line past the board's edge is read as a pass, as [tt] is on boards "
                "up to 19x19 (Fox writes passes so in AI commentary)"
                + (f" (and {more:,} more move{'s' * (more > 1)})" if more else ""),
                span=self.edge_passes[0], severity="warning", rule="edge-pass"))

    def report_ignored(self) -> None:
        """A warning for each value ignored (an empty or unknown ``PL``), at most
        :data:`~kifu.sgf.syntax.MAX_SAME` of them listed and the rest counted."""
        for listed, (message, span) in enumerate(self.ignored[:core.MAX_SAME], start=1):
            self.findings.append(NotationError(
                message + (core.COUNTED_BELOW if listed == core.MAX_SAME else ""), span=span,
                severity="warning", rule="unknown-value"))
        if len(self.ignored) > core.MAX_SAME:
            self.findings.append(NotationError(
                core.not_listed(len(self.ignored) - core.MAX_SAME), span=self.ignored[0][1],
                severity="warning", rule="unknown-value"))

    def _other(self, node: core.SgfNode, colour: str | None, made: Node | None) -> list[Node]:
        """The record nodes of a node with comments or stones set up (before its move
        ``made``, if it has one); a node without a move gives its comments to the record node
        before it."""
        props = node.properties
        comments = sgflines.split_comments(node.text("C")) if "C" in props else []
        edit = (colour is None or len(props) > 1) and not SETUP_PROPERTIES.isdisjoint(props)
        if colour is None or made is None:
            before = self._edit(node, None)[0] if edit else []
            if before and comments:
                before[-1].comments.extend(comments)
            if before:
                more = self.keep(node)
                if more:
                    before[-1].properties = more
            return before
        made.comments = comments
        if edit:
            if not self.mixed:
                self.mixed.append(self.value_span(node, colour))
            self.mixed.append(None)  # one finding per game, counting them all
            before, after = self._edit(node, colour)
            return [*before, made, *after]
        return [made]

    def _move(self, node: core.SgfNode, colour: str, value: str) -> Move:
        known = self.moves[colour].get(value)
        if known is not None:
            return known
        seat = 0 if colour == "B" else 1
        if "t" in value and len(value) == 2 and max(self.size) <= 19 and value.isalpha():
            # one line past the edge, as FF[3]'s pass tt: Fox's AI commentary passes so ([ot])
            self.edge_passes.append(self.value_span(node, colour))
            return self.moves[colour][""]
        cell = points.cell(value, self.size, self.value_span(node, colour))  # raises, located
        return Pass(seat) if cell is None else Place(cell, seat)

    def _edit(self, node: core.SgfNode, mover: str | None) -> tuple[list[Node], list[Node]]:
        """A set-up in the middle of the game, as the record nodes before and after the node's
        move: with a move in the same node (which FF[4] forbids) the stones are set before the
        move, and ``PL`` naming the other colour says who moves after it."""
        props = node.properties
        add = []
        for prop in ("AB", "AW"):
            add.append(tuple(self.listed(node, prop)) if props.get(prop) else ())
        while add and not add[-1]:
            add.pop()
        clear = tuple(points.cells(props["AE"], self.size, self.value_span(node, "AE"))) \
            if props.get("AE") else ()
        to_move = self._player(node) if "PL" in props else None
        later = mover is not None and to_move is not None and to_move != (0 if mover == "B" else 1)
        span = self.collection.span(node)
        before, after = [], []
        if add or clear or (to_move is not None and not later):
            before.append(Node(Edit(tuple(add), clear, None if later else to_move), [], [], span))
        if later:
            after.append(Node(Edit((), (), to_move), [], [], span))
        return before, after


def _black_moves(children: list[core.SgfNode], wanted: int
                 ) -> tuple[list[core.SgfNode], list[core.SgfNode]]:
    """Up to ``wanted`` nodes of black's first moves, each the only child of the one before
    (no white move, no set-up, no pass), and the children after the last."""
    nodes: list[core.SgfNode] = []
    current = children
    while len(nodes) < wanted and len(current) == 1:
        node = current[0]
        props = node.properties
        if "W" in props or SETUP_PROPERTIES & props.keys() or not props.get("B") \
                or not props["B"][0].strip() or props["B"][0].strip() == "tt":
            break
        nodes.append(node)
        current = node.children
    return nodes, current


def plays(node: core.SgfNode) -> bool:
    """Whether the record reads a node as a move: a move, or stones set up in play (a
    set-up node)."""
    props = node.properties
    return "B" in props or "W" in props or not SETUP_PROPERTIES.isdisjoint(props)


def names_player(value: str | None) -> bool:
    """Whether a ``PL`` value names a player: ``B`` or ``W`` (or FF[1]'s ``1`` or ``2``)."""
    return (value or "").strip().upper() in ("B", "W", "1", "2")


def _stones(count: int) -> str:
    if count == 0:
        return "no black stone is"
    return f"only {count} black stone{' is' if count == 1 else 's are'}"
