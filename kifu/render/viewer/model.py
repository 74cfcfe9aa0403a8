"""What the viewer shows of one record: its tree of positions, each drawn by the game itself.

The record is replayed line by line (:meth:`Game.replay_tree`); every position is drawn with the
game's own SVG renderer, as it stands and turned round, and kept as differences from the position
before it (:mod:`kifu.render.viewer.svgdiff`).  A line that breaks a rule keeps everything up to
the fault, and the fault itself becomes a node in place of the move that broke it, carrying the
diagnostic ``kifu validate`` prints.  Nothing here knows a game: moves, events and drawings come
through the :class:`~kifu.plugin.GamePlugin` contract.
"""
from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kifu.base.errors import KifuError, LimitError
from kifu.base.limits import moves_in, shorten
from kifu.base.markup import DIM, Markup, markup_of, points
from kifu.base.record import Record
from kifu.plugin import AnyGame, RenderOptions, Step
from kifu.render.viewer.svgdiff import SvgTable, difference
from kifu.run.replayjson import diagnostic_json, move_json

#: The positions one page draws at most: each is drawn by the game twice (as it stands and
#: turned round), a few milliseconds each, so that a record of a hundred thousand variations
#: would take minutes and a page of hundreds of megabytes; real games and problem collections
#: have hundreds, or a few thousand.
MAX_POSITIONS = 10_000

#: The most characters of a record's name or a player's a page shows outside the list of its
#: headers (which shows them whole): a name of megabytes once stood five times on its page.
NAME_WIDTH = 200

#: A diagnostic as the replay format gives it (see ``kifu/schema/replay.schema.json``).
DiagnosticJson = dict[str, Any]


@dataclass
class PositionNode:
    """One position of the tree: the start, a move played, or a fault in place of a move."""

    parent: int
    #: 0 where the node continues its parent's line; ``k`` where it starts the ``k``-th
    #: variation of the move it replaces.
    choice: int
    #: Entries from the start of the game (the index variation paths count in).
    depth: int
    number: int | None = None
    notation: str = ""
    comments: list[str] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    diagnostics: list[DiagnosticJson] = field(default_factory=list)
    status: str = ""
    #: Edits from the parent's drawing to this one, as drawn and turned round.
    edits: tuple[list[int], list[int]] = ([], [])
    #: The steps of what the move did (``Game.frames``), each as edits from this drawing.
    frames: list[tuple[list[int], list[int]]] = field(default_factory=list)
    #: True for a fault shown in place of the move that broke a rule.
    fault: bool = False
    #: The variation path of the line the node belongs to (as ``--variation`` writes it).
    path: tuple[int, ...] = ()
    children: list[int] = field(default_factory=list)


@dataclass
class GameView:
    """One record, ready to be written as a page: headers, the position tree, the verdict."""

    source: str
    game: AnyGame | None
    record: Record | None
    nodes: list[PositionNode] = field(default_factory=list)
    table: SvgTable = field(default_factory=SvgTable)
    #: Each node's drawing (as the options ask) as line numbers of the table.
    drawings: list[Sequence[int]] = field(default_factory=list)
    #: The main line's end: its last node.
    final: int = 0
    #: Where the page opens (and what it shows without its script); ``None``: the final node.
    opened: int | None = None
    outcome: str | None = None
    #: Every error and warning, in the order ``kifu validate`` reports them.
    problems: list[DiagnosticJson] = field(default_factory=list)
    #: Why no position can be shown at all (the record cannot be read or set up).
    failure: DiagnosticJson | None = None

    @property
    def errors(self) -> int:
        return sum(p["severity"] == "error" for p in self.problems)

    @property
    def legal(self) -> bool:
        return self.errors == 0

    @property
    def shown(self) -> int:
        """The node a page opens at."""
        return self.final if self.opened is None else self.opened

    @property
    def moves(self) -> int:
        """Moves played on the main line."""
        count, index = 0, self.final
        while index > 0:
            node = self.nodes[index]
            count += node.number is not None and not node.fault
            index = node.parent
        return count

    def svg(self, node: int) -> str:
        """The drawing of a node's position, as the game's renderer wrote it."""
        return self.table.text(self.drawings[node])

    def node_at(self, move: int | None, path: tuple[int, ...] = ()) -> int | None:
        """The node after move ``move`` (0: the start, ``None``: the end) of the line ``path``
        selects (as ``--variation`` gives it), or ``None`` if that line has no such move."""
        branches = dict(zip(path[::2], path[1::2]))
        index = 0
        while move != 0:
            node = self.nodes[index]
            if index and node.number == move and not node.fault:
                return index
            wanted = branches.get(node.depth + 1, 0)
            following = next((c for c in node.children if self.nodes[c].choice == wanted), None)
            if following is None:
                return index if move is None and max(branches, default=0) <= node.depth else None
            index = following
        return index

    @property
    def title(self) -> str:
        """The record's name (``Event``, ``Title`` or ``Name``), else its file's, cut to
        :data:`NAME_WIDTH` characters: it stands in the page's title, heading, labels and data."""
        if self.record is not None:
            for key in ("Event", "Title", "Name"):
                value = self.record.header(key)
                if value:
                    return shorten(value, NAME_WIDTH)
        return self.source

    @property
    def players(self) -> list[str]:
        """The players' names, each cut to :data:`NAME_WIDTH` characters."""
        if self.game is None or self.record is None:
            return []
        return [shorten(name, NAME_WIDTH) for name in self.game.players(self.record)]


def failed_view(source: str, error: KifuError, text: str | None, game: AnyGame | None = None,
                record: Record | None = None) -> GameView:
    """A record nothing can be shown of but the reason (a syntax error, an impossible set-up)."""
    problem = diagnostic_json(error, source, text)
    return GameView(source, game, record, problems=[problem], failure=problem)


def build_view(game: AnyGame, record: Record, source: str, text: str | None,
               options: RenderOptions, *, lenient: bool = False) -> GameView:
    """Replay every line of ``record`` and draw each position with ``options`` (and turned
    round), keeping the faults in place of the moves that broke a rule."""
    positions = moves_in(record.moves)
    if positions > MAX_POSITIONS:
        return failed_view(source, LimitError(
            f"the viewer draws at most {MAX_POSITIONS:,} positions a record, and this one has "
            f"{positions:,} (variations included); draw single positions with 'kifu render "
            "--move N --variation PATH'", span=record.moves[0].span, rule="viewer-positions"),
            text, game, record)
    try:
        start = game.start(record)
    except KifuError as error:
        return failed_view(source, error, text, game, record)
    builder = _TreeBuilder(game, record, source, text, options)
    builder.add_start(start)
    final_position = start
    for item in game.replay_tree(record, lenient=lenient):
        if isinstance(item, KifuError):
            builder.add_fault(item)
        else:
            builder.add_step(item)
            if not item.path:
                final_position = item.position
    view = builder.view
    main_failed = any(node.fault and not node.path for node in view.nodes)
    if not main_failed:
        outcome = game.outcome(final_position)
        view.outcome = outcome.describe() if outcome else None
        for problem in game.check_result(record, final_position):
            builder.add_fault(problem)
    return view


class _TreeBuilder:
    """Places each replayed step under the node it was played from."""

    def __init__(self, game: AnyGame, record: Record, source: str, text: str | None,
                 options: RenderOptions) -> None:
        self.game, self.record, self.source, self.text = game, record, source, text
        self.options: tuple[RenderOptions, RenderOptions] = (
            options, replace(options, flip=not options.flip))
        self.view = GameView(source, game, record)
        #: Per line of play: its last node so far.
        self.last: dict[tuple[int, ...], int] = {}
        #: (line, depth) -> node, for the nodes a line has of its own.
        self.at: dict[tuple[tuple[int, ...], int], int] = {}
        #: Each node's drawings as line numbers of the table (as drawn, turned round), kept
        #: four bytes a line: every node's are kept, since a variation may start from any.
        self.drawn: list[tuple[Sequence[int], Sequence[int]]] = []
        #: What the record marks on each node's position (``None``: nothing, or a game that
        #: draws no markup).
        self.markups: list[Markup | None] = []

    def add_start(self, position: Any) -> None:
        node = PositionNode(parent=-1, choice=0, depth=0, status=self._status(position))
        self._add(node, position, self.game.markup_at(self.record, [], None))
        self.last[()] = 0

    def add_step(self, step: Step) -> None:
        parent, choice = self._parent(step.path)
        moved = move_json(self.game, step, self.source, self.text)
        node = PositionNode(
            parent=parent, choice=choice, depth=self.view.nodes[parent].depth + 1,
            number=step.number, notation=moved["notation"], comments=moved["comments"],
            words=[w for w in map(self.game.event_text, step.events) if w],
            diagnostics=moved["warnings"], status=self._status(step.position), path=step.path)
        index = self._add(node, step.position, self._markup(step, parent))
        self.view.problems.extend(moved["warnings"])
        if not step.path:
            self.view.final = index

    def add_fault(self, error: KifuError) -> None:
        """A rule broken: a node in place of the next move of its line (or, for a result that
        disagrees, after the line's end), drawn as the position it could not leave."""
        path = error.variation
        parent, choice = self._parent(path)
        problem = diagnostic_json(error, self.source, self.text)
        depth = self.view.nodes[parent].depth + 1
        notation = self._failed_move(path, depth)
        node = PositionNode(parent=parent, choice=choice, depth=depth, number=error.move_number,
                            notation=notation, diagnostics=[problem],
                            status=self.view.nodes[parent].status, fault=True, path=path)
        self.view.nodes.append(node)
        self.view.nodes[parent].children.append(len(self.view.nodes) - 1)
        self.drawn.append(self.drawn[parent])
        self.markups.append(self.markups[parent])
        self.view.drawings.append(self.drawn[parent][0])
        self.view.problems.append(problem)
        self.last[path] = len(self.view.nodes) - 1
        if not path:
            self.view.final = len(self.view.nodes) - 1

    def _parent(self, path: tuple[int, ...]) -> tuple[int, int]:
        """The node a line's next entry is played from, and the variation it starts (0: none)."""
        if path in self.last:
            return self.last[path], 0
        return self._node_at(path[:-2], path[-2] - 1), path[-1]

    def _node_at(self, path: tuple[int, ...], depth: int) -> int:
        """The node of line ``path`` at ``depth``, looked up in the lines it branched from."""
        while depth > 0:
            found = self.at.get((path, depth))
            if found is not None:
                return found
            path = path[:-2]
        return 0

    def _markup(self, step: Step, parent: int) -> Markup | None:
        """What the record marks on a step's position: its node's markup, with the points
        dimmed as they stand after the parent's (SGF's ``DD`` lasts until changed)."""
        if not self.game.draws_markup:
            return None
        before = self.markups[parent]
        properties = step.node.properties if step.node.has_properties() else {}
        dimmed = points(properties[DIM]) if DIM in properties else (
            before.dimmed if before is not None else ())
        return markup_of(properties, dimmed)

    def _add(self, node: PositionNode, position: Any, markup: Markup | None = None) -> int:
        index = len(self.view.nodes)
        self.markups.append(markup)
        drawings = self._draw(position, self.options, markup)
        before: tuple[Sequence[int], Sequence[int]] = (
            self.drawn[node.parent] if node.parent >= 0 else ([], []))
        node.edits = (difference(before[0], drawings[0]), difference(before[1], drawings[1]))
        if node.parent >= 0:
            for extras in self.game.frames(position):
                drawn, turned = self.options
                frame = self._draw(position, (replace(drawn, extras={**drawn.extras, **extras}),
                                              replace(turned, extras={**turned.extras, **extras})),
                                   markup)
                node.frames.append((difference(drawings[0], frame[0]),
                                    difference(drawings[1], frame[1])))
        self.view.nodes.append(node)
        self.drawn.append((drawings[0], drawings[1]))
        self.view.drawings.append(drawings[0])
        if node.parent >= 0:
            self.view.nodes[node.parent].children.append(index)
        self.last[node.path] = index
        self.at[(node.path, node.depth)] = index
        return index

    def _draw(self, position: Any, options: tuple[RenderOptions, RenderOptions],
              markup: Markup | None = None) -> tuple[Sequence[int], Sequence[int]]:
        """A position drawn with each of ``options`` (and what the record marks on it), as
        line numbers of the table."""
        table, record, draw = self.view.table, self.record, self.game.render_svg
        marked = (markup,) if markup else ()  # a game that draws no markup takes three
        return (array("I", table.encode(draw(position, options[0], record, *marked))),
                array("I", table.encode(draw(position, options[1], record, *marked))))

    def _status(self, position: Any) -> str:
        outcome = self.game.outcome(position)
        if outcome is not None:
            return "game over: " + outcome.describe()
        side = self.game.to_move(position)
        return f"{side} to move" if side else ""

    def _failed_move(self, path: tuple[int, ...], depth: int) -> str:
        """The notation of the entry that broke a rule (none for a result that disagrees)."""
        try:
            line = self.record.line(path)
        except ValueError:
            return ""
        return self.game.move_text(line[depth - 1].move) if depth <= len(line) else ""
