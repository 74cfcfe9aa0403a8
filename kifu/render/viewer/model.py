"""What the viewer shows of one record: its tree of positions, each drawn by the game itself.

The record is replayed line by line (:meth:`Game.replay_tree`); every position is drawn with the
game's own SVG renderer in each of the page's *variants* (as the options say, turned round, and,
where the game numbers its stones, numbered and numbered turned round) and kept as differences
from the drawing of the position before it (:mod:`kifu.render.viewer.svgdiff`), with the game's
text diagram of it beside, for screen readers.  A line that breaks a rule keeps everything up to
the fault, and the fault itself becomes a node in place of the move that broke it, carrying the
diagnostic ``kifu validate`` prints.  Nothing here knows a game: moves, events and drawings come
through the :class:`~kifu.plugin.GamePlugin` contract.

Only the drawings of the positions a variation may still start from are held while the tree is
built (the last two of each line still being replayed), so memory grows with the differences,
not with the drawings.  A page shows at most ``MAX_POSITIONS`` positions and draws at most
``MAX_DRAWN`` characters of SVG, its games together, which bounds the time it takes to write.
"""
from __future__ import annotations

import re
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from kifu.base.errors import KifuError, LimitError
from kifu.base.limits import moves_in, shorten
from kifu.base.markup import Markup, dims, markup_of
from kifu.base.record import Node, Record, VariationPath
from kifu.plugin import AnyGame, RenderOptions, Step, driver
from kifu.render.viewer.annotations import move_mark, position_words
from kifu.render.viewer.problems import is_problem, mark_of
from kifu.render.viewer.svgdiff import SvgTable, apply, difference
from kifu.run.replayjson import diagnostic_json, move_json

#: What marks a position besides its record (the points a search matched): the game and the
#: position give the marks (squares), ``None`` for none.
Marker = Callable[[AnyGame, Any], Markup | None]

#: The most characters of a record's name or a player's a page shows outside the list of its
#: headers (which shows them whole): a name of megabytes once stood five times on its page.
NAME_WIDTH = 200

#: The most positions a page shows, its games together: a Renju page of as many is written in
#: about 20 s of CPU (a RenLib library of 39,884 positions: 16 s).
MAX_POSITIONS = 50_000
#: The most characters of SVG a page's positions may be drawn in, every variant of each, its
#: games together: drawing and comparing costs 13 to 20 ns a character (a Renju position is
#: 30,000 in its two variants; one on a Free-form Go board of 6,000 cells, 4 million), so
#: about 30 s of CPU at most.
MAX_DRAWN = 1_500_000_000

#: A diagnostic as the replay format gives it (see ``kifu/schema/replay.schema.json``).
DiagnosticJson = dict[str, Any]

#: Edits per variant: as drawn, turned round, numbered, numbered and turned round.
Edits = tuple["array[int]", ...]

#: The variants of every drawing: (turned round, numbered), each relative to the options given.
VARIANTS = ((False, False), (True, False), (False, True), (True, True))


@dataclass(slots=True)
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
    #: The side to move (``Game.to_move``), "" when none is.
    side: str = ""
    #: Edits from the parent's drawing to this one, per variant (:data:`VARIANTS`).
    edits: Edits = ()
    #: Changes from the parent's text diagram to this one (see :func:`text_changes`).
    text_edits: list[list[Any]] = field(default_factory=list)
    #: The steps of what the move did (``Game.frames``), each as edits from this drawing (as
    #: drawn, turned round).
    frames: list[tuple[array[int], array[int]]] = field(default_factory=list)
    #: True for a fault shown in place of the move that broke a rule.
    fault: bool = False
    #: The variation path of the line the node belongs to (as ``--variation`` writes it): a
    #: tuple, or a :class:`~kifu.base.record.VariationPath` equal to one.
    path: Sequence[int] = ()
    children: list[int] = field(default_factory=list)
    #: What the record marks the move as: 1 a good move (a problem's right answer), -1 a bad
    #: one, 0 neither.
    mark: int = 0
    #: The move's annotation as a reader writes it (``!``, ``?!``...), and what the record
    #: says of the position after it ("good for black"): :mod:`.annotations`.
    annotation: str = ""
    assessment: str = ""


@dataclass
class GameView:
    """One record, ready to be written as a page: headers, the position tree, the verdict."""

    source: str
    game: AnyGame | None
    record: Record | None
    nodes: list[PositionNode] = field(default_factory=list)
    table: SvgTable = field(default_factory=SvgTable)
    #: How many variants of the drawing the view holds (2, or 4 where the game numbers stones).
    variants: int = 2
    #: The main line's end: its last node.
    final: int = 0
    #: Where the page opens (and what it shows without its script); ``None``: the final node.
    opened: int | None = None
    outcome: str | None = None
    #: Every error and warning, in the order ``kifu validate`` reports them.
    problems: list[DiagnosticJson] = field(default_factory=list)
    #: Why no position can be shown at all (the record cannot be read or set up).
    failure: DiagnosticJson | None = None
    #: Shown as a problem: the start position and the side to play, the solution when asked.
    problem: bool = False
    #: The part of a problem's drawing its reader needs (``Game.problem_area``), as drawn and
    #: turned round; ``None`` for the whole drawing.
    crop: tuple[tuple[float, ...] | None, ...] = ()
    _built: dict[tuple[int, int], list[int]] = field(default_factory=dict, repr=False)

    @property
    def errors(self) -> int:
        return sum(p["severity"] == "error" for p in self.problems)

    @property
    def legal(self) -> bool:
        return self.errors == 0

    @property
    def shown(self) -> int:
        """The node a page opens at: where asked, else the start of a problem, else the end."""
        if self.opened is not None:
            return self.opened
        return 0 if self.problem else self.final

    @property
    def moves(self) -> int:
        """Moves played on the main line."""
        count, index = 0, self.final
        while index > 0:
            node = self.nodes[index]
            count += node.number is not None and not node.fault
            index = node.parent
        return count

    def drawing(self, node: int, variant: int = 0) -> list[int]:
        """A node's drawing in one variant, as line numbers of the table (rebuilt from the
        edits; the last few kept, so that walking a line costs one edit a step)."""
        chain = []
        at = node
        while at >= 0 and (at, variant) not in self._built:
            chain.append(at)
            at = self.nodes[at].parent
        lines = self._built[(at, variant)] if at >= 0 else []
        for index in reversed(chain):
            lines = apply(lines, list(self.nodes[index].edits[variant]))
        if len(self._built) > 64:
            self._built.clear()
        self._built[(node, variant)] = lines
        return lines

    def svg(self, node: int, variant: int = 0) -> str:
        """The drawing of a node's position, as the game's renderer wrote it."""
        return self.table.document(self.drawing(node, variant))

    def page_svg(self, node: int, variant: int = 0) -> str:
        """The drawing as the page holds it: the glyph outlines it draws defined by the page
        (``svgdiff.glyph_block``), not by the drawing."""
        return self.table.text(self.drawing(node, variant))

    def text(self, node: int) -> str:
        """The game's text diagram of a node's position."""
        chain = []
        at = node
        while at >= 0:
            chain.append(at)
            at = self.nodes[at].parent
        rows: list[str] = []
        for index in reversed(chain):
            rows = text_applied(rows, self.nodes[index].text_edits)
        return "\n".join(rows)

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
        """The record's name (``Event``, ``Title`` or ``Name``), else its players ("Ann vs
        Bo"), else its file's name, cut to :data:`NAME_WIDTH` characters."""
        if self.record is not None:
            for key in ("Event", "Title", "Name"):
                value = self.record.header(key)
                if value:
                    return shorten(value, NAME_WIDTH)
        if len(self.players) >= 2:
            return " vs ".join(self.players)
        return shorten(re.split(r"[\\/]", self.source)[-1], NAME_WIDTH)

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
               options: RenderOptions, *, lenient: bool = False,
               problem: bool | None = None, table: SvgTable | None = None,
               step: Callable[[], None] | None = None,
               marked: tuple[Node[Any] | None, Marker] | None = None) -> GameView:
    """Replay every line of ``record`` and draw each position in every variant, keeping the
    faults in place of the moves that broke a rule.  ``problem``: show the record as a problem
    (``None``: if it reads as one, see :func:`kifu.render.viewer.problems.is_problem`);
    ``table``: the table of SVG lines to add to (the games of one page share one); ``step``
    is called after each move drawn (a progress line's); ``marked``: a node of the record
    (``None``, its start) and what draws marks on its position besides the record's (the
    points a search matched, worked out from the position there), in a game that draws them."""
    try:
        start = game.start(record)
    except KifuError as error:
        return failed_view(source, error, text, game, record)
    builder = _TreeBuilder(game, record, source, text, options,
                           _numbers_drawn(game, record, options))
    builder.marked = marked
    if table is not None:
        builder.view.table = table
    positions = moves_in(record.moves) + 1
    if builder.view.table.positions + positions > MAX_POSITIONS:
        raise LimitError(f"a page of the viewer shows at most {MAX_POSITIONS:,} positions, the "
                         f"games of a file together, and this record has {positions:,}"
                         + (" more" if builder.view.table.positions else "")
                         + "; draw a line of it (--variation), or split the file",
                         rule="viewer-positions")
    builder.view.table.positions += positions
    builder.add_start(start)
    final_position = start
    for item in driver.replay_tree(game, record, lenient=lenient):
        if isinstance(item, KifuError):
            builder.add_fault(item)
        else:
            builder.add_step(item, mark_of(item.node))
            if not item.path:
                final_position = item.position
            if step is not None:
                step()
    view = builder.view
    main_failed = any(node.fault and not node.path for node in view.nodes)
    if not main_failed:
        outcome = game.outcome(final_position)
        view.outcome = outcome.describe() if outcome else None
        for found in driver.check_result(game, record, final_position):
            builder.add_fault(found)
    view.problem = is_problem(record, view.nodes, view.title) if problem is None else problem
    if view.problem:
        view.crop = tuple(game.problem_area(record, _positions(game, record), o)
                          for o in builder.options[:2])
    return view


def _positions(game: AnyGame, record: Record) -> Iterator[Any]:
    """The start and every position of the record's tree, replayed as they are asked for (a
    game that crops no drawing asks for none)."""
    try:
        yield game.start(record)
        for item in driver.replay_tree(game, record, lenient=True):
            if not isinstance(item, KifuError):
                yield item.position
    except KifuError:
        return


def _numbers_drawn(game: AnyGame, record: Record, options: RenderOptions) -> bool:
    """Whether the page is to carry drawings without and with numbers on the stones: when
    they are asked for (``--numbers``: they would double the positions' share of a page that
    does not use them) and the game draws them (its drawing of the main line's last position
    changes with them; a game without stones ignores the option)."""
    if not options.numbers:
        return False
    position = None
    try:
        for step in driver.replay(game, record, lenient=True):
            position = step.position
    except KifuError:
        pass
    if position is None:
        return False
    return (game.render_svg(position, replace(options, numbers=True), record)
            != game.render_svg(position, replace(options, numbers=False), record))


class _TreeBuilder:
    """Places each replayed step under the node it was played from."""

    def __init__(self, game: AnyGame, record: Record, source: str, text: str | None,
                 options: RenderOptions, numbers: bool) -> None:
        self.game, self.record, self.source, self.text = game, record, source, text
        variants = VARIANTS if numbers else VARIANTS[:2]
        self.options = [replace(options, flip=options.flip != flip,
                                numbers=options.numbers != numbered)
                        for flip, numbered in variants]
        self.text_options = options
        self.view = GameView(source, game, record, variants=len(variants))
        #: Per line of play: its last node so far.
        self.last: dict[Sequence[int], int] = {}
        #: The drawings (per variant, and the text diagram) of the nodes a line may still be
        #: continued or branched from: the last two of each line still being replayed.
        self.held: dict[int, tuple[Any, ...]] = {}
        self.forget_at = 512
        #: The points each node's position has dimmed (SGF's ``DD`` lasts until changed), for
        #: a game that draws markup.
        self.dims: dict[int, tuple[str, ...]] = {}
        #: A node (``None``: the start) and what marks its position besides the record's own.
        self.marked: tuple[Node[Any] | None, Marker] | None = None

    def add_start(self, position: Any) -> None:
        node = PositionNode(parent=-1, choice=0, depth=0, status=self._status(position),
                            side=self.game.to_move(position) or "")
        self._add(node, position, self._with_marks(None, self.game.markup_at(self.record, [],
                                                                               None), position))
        self.last[()] = 0

    def add_step(self, step: Step, mark: int = 0) -> None:
        parent, choice = self._parent(step.path)
        moved = move_json(self.game, step, self.source, self.text)
        node = PositionNode(
            parent=parent, choice=choice, depth=self.view.nodes[parent].depth + 1,
            number=step.number, notation=moved["notation"], comments=moved["comments"],
            words=[w for w in map(self.game.event_text, step.events) if w],
            diagnostics=moved["warnings"], status=self._status(step.position),
            side=self.game.to_move(step.position) or "", path=step.path, mark=mark,
            annotation=move_mark(step.node), assessment=position_words(step.node))
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
        before = self.view.nodes[parent]
        depth = before.depth + 1
        node = PositionNode(parent=parent, choice=choice, depth=depth, number=error.move_number,
                            notation=self._failed_move(path, depth), diagnostics=[problem],
                            status=before.status, side=before.side, fault=True, path=path,
                            edits=tuple(array("I") for _ in self.options))
        index = len(self.view.nodes)
        self.view.nodes.append(node)
        before.children.append(index)
        self.held[index] = self.held[parent]
        self.dims[index] = self.dims.get(parent, ())
        self.view.problems.append(problem)
        self.last[path] = index
        if not path:
            self.view.final = index

    def _parent(self, path: Sequence[int]) -> tuple[int, int]:
        """The node a line's next entry is played from, and the variation it starts (0: none).

        The tree is replayed depth first: a variation starts right after the move it replaces
        was played on its parent line, so it branches from that move's parent."""
        if path in self.last:
            return self.last[path], 0
        nodes, depth = self.view.nodes, path[-2] - 1
        at = self.last[_stem(path)]
        while nodes[at].depth > depth:
            at = nodes[at].parent
        return at, path[-1]

    def _markup(self, step: Step, parent: int) -> Markup | None:
        """What the record marks on a step's position: its node's markup, with the points
        dimmed as they stand after the parent's."""
        if not self.game.draws_markup:
            return self._with_marks(step.node, None, step.position)
        properties = step.node.properties if step.node.has_properties() else {}
        return self._with_marks(step.node, markup_of(properties,
                                                     dims(properties, self.dims.get(parent, ()))),
                                step.position)

    def _with_marks(self, node: Node[Any] | None, markup: Markup | None,
                    position: Any) -> Markup | None:
        """``markup`` with the marks :attr:`marked` draws on ``node``'s position, if any."""
        if self.marked is None or self.marked[0] is not node:
            return markup
        marks = self.marked[1](self.game, position)
        if marks is None:
            return markup
        if markup is None:
            return marks
        return replace(markup, squares=(*markup.squares, *marks.squares))

    def _add(self, node: PositionNode, position: Any, markup: Markup | None = None) -> int:
        index = len(self.view.nodes)
        self.dims[index] = markup.dimmed if markup is not None else ()
        drawings = self._draw(position, self.options, markup)
        diagram = self.game.render_text(position, self.text_options).rstrip("\n").split("\n")
        before: tuple[Any, ...] = (self.held[node.parent] if node.parent >= 0
                                   else (*(array("I") for _ in drawings), []))
        node.edits = tuple(array("I", difference(old, new))
                           for old, new in zip(before, drawings))
        node.text_edits = text_changes(before[-1], diagram)
        if node.parent >= 0:
            for extras in self.game.frames(position):
                frame = self._draw(position, [replace(o, extras={**o.extras, **extras})
                                              for o in self.options[:2]], markup)
                node.frames.append((array("I", difference(drawings[0], frame[0])),
                                    array("I", difference(drawings[1], frame[1]))))
            self.view.nodes[node.parent].children.append(index)
        self.view.nodes.append(node)
        self.held[index] = (*drawings, diagram)
        self.last[node.path] = index
        if len(self.held) > self.forget_at:
            self._forget()
        return index

    def _forget(self) -> None:
        """Drop the drawings no line can still start from: all but the last two nodes of each
        line on the way to the line being replayed (the tree is replayed depth first)."""
        nodes, current = self.view.nodes, self.view.nodes[-1].path
        keep: set[int] = set()
        while True:  # the line's own path, then the path of each line it branches from
            last = self.last.get(current)
            if last is not None:
                keep.update((last, nodes[last].parent))
            if not current:
                break
            current = _stem(current)
        self.held = {index: drawn for index, drawn in self.held.items() if index in keep}
        # Lines nested deeply keep two each: forgetting again only when as many more are held
        # keeps the forgetting linear in the moves, however deep.
        self.forget_at = max(512, 2 * len(self.held))

    def _draw(self, position: Any, options: Sequence[RenderOptions],
              markup: Markup | None = None) -> list[array[int]]:
        """A position drawn with each of ``options`` (and what the record marks on it), as
        line numbers of the table."""
        table, record = self.view.table, self.record
        marked = (markup,) if markup else ()  # a game that draws no markup takes three
        drawn = [array("I", table.encode(self.game.render_svg(position, o, record, *marked)))
                 for o in options]
        if table.drawn > MAX_DRAWN:
            raise LimitError(f"a page of the viewer draws at most {MAX_DRAWN:,} characters of "
                             "SVG, the positions of a file together, and this record's go past "
                             f"that at its position {len(self.view.nodes):,}; draw a line of it "
                             "(--variation), or split the file", rule="viewer-drawings")
        return drawn

    def _status(self, position: Any) -> str:
        outcome = self.game.outcome(position)
        if outcome is not None:
            return "game over: " + outcome.describe()
        side = self.game.to_move(position)
        return f"{side} to move" if side else ""

    def _failed_move(self, path: Sequence[int], depth: int) -> str:
        """The notation of the entry that broke a rule (none for a result that disagrees)."""
        try:
            line: list[Node[Any]] = self.record.line(path)
        except ValueError:
            return ""
        return self.game.move_text(line[depth - 1].move) if depth <= len(line) else ""


def _stem(path: Sequence[int]) -> Sequence[int]:
    """The path of the line a variation's line branches from (its path but the last pair),
    without putting a deep path's numbers together."""
    return path.stem if isinstance(path, VariationPath) else tuple(path[:-2])


def text_changes(before: Sequence[str], after: Sequence[str]) -> list[list[Any]]:
    """What turns the rows of one text diagram into another's: ``[row, column, text]`` (the
    characters from ``column`` on replaced, as many as ``text`` has), ``[row, text]`` (the
    row replaced or added), ``[rows]`` (the diagram cut to so many rows)."""
    changes: list[list[Any]] = []
    for row, new in enumerate(after):
        old = before[row] if row < len(before) else None
        if old == new:
            continue
        if old is None or len(old) != len(new):
            changes.append([row, new])
            continue
        changes.extend([row, start, new[start:end]] for start, end in _runs(old, new))
    if len(before) > len(after):
        changes.append([len(after)])
    return changes


#: The unchanged characters that part two runs of changes of a row: a change written costs
#: about as many characters as its place (``[3,14,"X"],``), fewer kept ones join the runs.
RUN_GAP = 10


def _runs(old: str, new: str) -> Iterator[tuple[int, int]]:
    """The runs of changed characters of a row (as ``start, end``), runs parted by fewer
    than :data:`RUN_GAP` unchanged characters joined (a set-up's stones across a row)."""
    changed = [i for i, (a, b) in enumerate(zip(old, new)) if a != b]
    start = end = changed[0]
    for index in changed[1:]:
        if index - end > RUN_GAP:
            yield start, end + 1
            start = index
        end = index
    yield start, end + 1


def text_applied(rows: Sequence[str], changes: Sequence[list[Any]]) -> list[str]:
    """The inverse of :func:`text_changes` (the script does the same)."""
    out = list(rows)
    for change in changes:
        if len(change) == 1:
            del out[change[0]:]
        elif len(change) == 2:
            row, text = change
            out[row:row + 1] = [text] if row < len(out) else []
            if row >= len(out):
                out.append(text)
        else:
            row, column, text = change
            out[row] = out[row][:column] + text + out[row][column + len(text):]
    return out
