"""The game-neutral record: headers, an optional start position, and a tree of moves.

A :class:`Record` holds what a notation says, nothing more: each game's parser fills it and each
game's referee replays it.  Moves are the game's own small immutable values; the record only
arranges them into a main line with variations and keeps their comments and source spans.

Spans are kept for error messages but never take part in equality, so that
``parse(write(record)) == record`` holds although the written text is laid out anew.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Generic, NamedTuple, Protocol, TypeVar, overload

from kifu.base.value import dataclass, field


class Span(NamedTuple):
    """Where something stands in the source: 1-based lines and character columns, end exclusive.

    A named tuple rather than a dataclass: parsers make one per move, and tuples are cheap.
    """

    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def point(cls, line: int, column: int, width: int = 1) -> Span:
        return cls(line, column, line, column + width)


def variation_path(text: str) -> tuple[int, ...]:
    """A variation path as people write it, ``12.2`` or ``12.2.15.1`` (see :meth:`Record.line`);
    ``ValueError`` for anything else."""
    try:
        path = tuple(int(part) for part in text.split("."))
    except ValueError:
        path = ()
    if not path or len(path) % 2 or min(path) < 1:
        raise ValueError("a variation is ENTRY.NUMBER, nested as ENTRY.NUMBER.ENTRY.NUMBER "
                         "(e.g. 12.2: the second variation of the 12th entry)")
    return path


# CPython's tuple hash for 64-bit hashes (``Objects/tupleobject.c``).
_XXPRIME_1, _XXPRIME_2, _XXPRIME_5 = (11400714785074694791, 14029467366897019727,
                                      2870177450012600261)
_MASK = (1 << 64) - 1


class VariationPath(Sequence[int]):
    """A variation path (see :meth:`Record.line`) held as the path of the line it branches
    from and its own last pair, read as the tuple of numbers it stands for (and equal to that
    tuple).  Variations may nest as deep as a record has moves, and a tuple for each line of
    such a tree would cost the square of its depth in time and memory; this costs the same
    for every line, and the numbers are put together only when asked for (a report, say)."""

    __slots__ = ("_parent", "_pair", "_length", "_hashed")

    def __init__(self, parent: VariationPath | None = None, pair: tuple[int, ...] = ()) -> None:
        self._parent = parent
        self._pair = pair
        self._length: int = len(pair) + (parent._length if parent is not None else 0)
        # The tuple hash of the numbers so far (CPython's xxHash, before the length is mixed
        # in), so that a path hashes as its tuple does without putting its numbers together.
        hashed = parent._hashed if parent is not None else _XXPRIME_5
        for number in pair:
            hashed = (hashed + hash(number) * _XXPRIME_2) & _MASK
            hashed = (((hashed << 31) | (hashed >> 33)) & _MASK) * _XXPRIME_1 & _MASK
        self._hashed: int = hashed

    @property
    def stem(self) -> Sequence[int]:
        """The path without its last pair: the line this one branches from."""
        if self._parent is not None and len(self._pair) == 2:
            return self._parent
        return self.numbers()[:-2]

    def numbers(self) -> tuple[int, ...]:
        """The path as a tuple of numbers (made anew each time: a deep one is long)."""
        if self._parent is None:
            return self._pair
        pairs = []
        link: VariationPath | None = self
        while link is not None:
            pairs.append(link._pair)
            link = link._parent
        return tuple(number for pair in reversed(pairs) for number in pair)

    def __len__(self) -> int:
        return self._length

    def __bool__(self) -> bool:
        return self._length > 0

    def __iter__(self) -> Iterator[int]:
        return iter(self.numbers())

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[int, ...]: ...

    def __getitem__(self, index: int | slice) -> int | tuple[int, ...]:
        if isinstance(index, int) and -len(self._pair) <= index < 0:  # the last pair's
            return self._pair[index]
        return self.numbers()[index]

    def __add__(self, more: Sequence[int]) -> VariationPath:
        """The path of a variation of this line: ``more`` is its (entry, number)."""
        return VariationPath(self, tuple(more)) if more else self

    def __radd__(self, before: Sequence[int]) -> tuple[int, ...]:
        return tuple(before) + self.numbers()

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, VariationPath):
            one: VariationPath | None = self
            another: VariationPath | None = other
            while one is not another:  # the common stem, if any, compared once
                if one is None or another is None or one._length != another._length:
                    return False
                if len(one._pair) != len(another._pair):
                    return self.numbers() == other.numbers()
                if one._pair != another._pair:
                    return False
                one, another = one._parent, another._parent
            return True
        if isinstance(other, tuple):
            return self._length == len(other) and self.numbers() == other
        return NotImplemented

    def __hash__(self) -> int:
        hashed = (self._hashed + (self._length ^ (_XXPRIME_5 ^ 3527539))) & _MASK
        if hashed == _MASK:
            return 1546275796
        return hashed - (1 << 64) if hashed >> 63 else hashed

    def __repr__(self) -> str:
        return repr(self.numbers())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its numbers (a chain of links would be pickled by recursion)."""
        return (VariationPath, (None, self.numbers()))


#: The path of the main line.
MAIN_LINE = VariationPath()


def is_event(move: Any) -> bool:
    """True for entries of a move list that are not plies (a Renju ``swap``, say).

    Games mark such move classes with a class attribute ``is_event = True``; they take no move
    number, so numbering in messages matches the numbers players write.  An event class that
    may also stand after the game has ended (a closing marker such as Gungi's ``[終局]``) sets
    ``after_end = True`` as well.
    """
    return bool(getattr(move, "is_event", False))


class Located(Protocol):
    """What can say where a stretch of a text stands (:class:`kifu.sgf.syntax.Locator`)."""

    def span(self, start: int, end: int) -> Span: ...


#: The move type of a game (a node's ``move``).
M = TypeVar("M")


class Node(Generic[M]):
    """One entry of a line of play: a move, the comments after it, and its alternatives.

    ``variations`` are lines that replace *this* move: each is replayed from the position before
    it, as in PGN's ``( ... )``.  ``span`` says where the node was read; a reader may give
    instead the offsets it read the node from and what turns offsets into a span
    (``place``), and the span is then worked out only when asked for: most never are, and a
    record may hold many thousands of nodes (slots, for the same reason).  Spans take no part
    in equality.

    ``properties`` are what a format says of the position after this move beyond comments,
    each by a name (as headers are): a title, labels on points, a bookmark (RenLib's, say).
    The rules never read them; a format that cannot write them says so when it converts.
    """

    __slots__ = ("move", "comments", "variations", "_span", "_place", "_properties")

    def __init__(self, move: M, comments: list[str] | None = None,
                 variations: list[list[Node[M]]] | None = None, span: Span | None = None,
                 place: tuple[Located, int, int] | None = None,
                 properties: dict[str, str] | None = None) -> None:
        self.move = move
        self.comments = [] if comments is None else comments
        self.variations: list[list[Node[M]]] = [] if variations is None else variations
        self._span = span
        self._place = place
        self._properties = properties or None

    @property
    def properties(self) -> dict[str, str]:
        """The node's properties by name (made when first asked for: most nodes have none)."""
        if self._properties is None:
            self._properties = {}
        return self._properties

    @properties.setter
    def properties(self, properties: dict[str, str]) -> None:
        self._properties = properties or None

    def has_properties(self) -> bool:
        return bool(self._properties)

    @property
    def span(self) -> Span | None:
        if self._span is None and self._place is not None:
            located, start, end = self._place
            self._span = located.span(start, end)
        return self._span

    @span.setter
    def span(self, span: Span | None) -> None:
        self._span, self._place = span, None

    def copy(self, variations: list[list[Node[M]]]) -> Node[M]:
        """The same node with a copy of its comments and properties and the ``variations``
        given."""
        return Node(self.move, list(self.comments), variations, self._span, self._place,
                    dict(self._properties) if self._properties else None)

    def __eq__(self, other: object) -> bool:
        """Same moves, comments and properties, and the same variations, compared by an
        explicit stack (variations may nest as deep as a record has moves)."""
        if not isinstance(other, Node):
            return NotImplemented
        pending: list[tuple[Node[Any], Node[Any]]] = [(self, other)]
        while pending:
            one, another = pending.pop()
            if not (one.move == another.move and one.comments == another.comments
                    and (one._properties or {}) == (another._properties or {})
                    and len(one.variations) == len(another.variations)):
                return False
            for line, other_line in zip(one.variations, another.variations):
                if len(line) != len(other_line):
                    return False
                pending.extend(zip(line, other_line))
        return True

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass it was

    def __repr__(self) -> str:
        """``Node(move=..., comments=..., variations=[[Node(...), ...], ...], span=...)``,
        the variations written in :func:`in_writing_order`."""
        pieces = [self._repr_head()]
        for kind, node, index, _, _ in in_writing_order(self):
            if kind == NODE:
                pieces.append((", " if index else "") + node._repr_head())
            elif kind == VARIATION:
                pieces.append(", [" if index else "[")
            elif kind == LINE_END:
                pieces.append("]")
            else:
                pieces.append(f"], span={node.span!r})")
        return "".join(pieces)

    def _repr_head(self) -> str:
        """The node's ``repr`` up to its variations, which it opens."""
        properties = f", properties={self._properties!r}" if self._properties else ""
        return (f"Node(move={self.move!r}, comments={self.comments!r}{properties}, "
                "variations=[")


#: What :func:`in_writing_order` meets: a node of a line, a variation of a node opening, a
#: line (a variation, or the line the walk began with) closing, a node whose variations are all
#: written.
NODE, VARIATION, LINE_END, NODE_END = "node", "variation", "line-end", "node-end"


#: One place of :func:`in_writing_order` (a plain tuple: a walk makes one a node or more):
#: its kind; the node (of a line, or whose variation opens or whose variations end;
#: :data:`NO_NODE` at a line's end); the node's place in its line, or the variation's number;
#: the node's line or the variation (empty at a node's end); how many variations are open (0
#: in the line the walk began with).
Place = tuple[str, "Node[Any]", int, "list[Node[Any]]", int]


_NO_LINE: list[Node[Any]] = []  # a node's end has no line of its own (never filled)
#: The node of a line's end, which has none.
NO_NODE: Node[Any] = Node(None)


def in_writing_order(start: Node[Any] | list[Node[Any]]) -> Iterator[Place]:
    """Every place of a tree in the order a text writes it, from a line (its nodes, each then
    its variations, and the line's end) or from a node (its variations, then its end), by an
    explicit stack: variations may nest as deep as a record has moves, and every writer walks
    them so (the notations, JSON, ``repr``)."""
    # Each frame: a line and the next of its nodes, or a node and the next of its variations.
    frames: list[list[Any]] = [[start, 0]]
    depth = 0  # the variations open: the line frames on the stack but the first
    while frames:
        frame = frames[-1]
        if isinstance(frame[0], Node):
            node, choice = frame
            if choice == len(node.variations):
                frames.pop()
                yield NODE_END, node, choice, _NO_LINE, depth
                continue
            frame[1] += 1
            yield VARIATION, node, choice, node.variations[choice], depth
            frames.append([node.variations[choice], 0])
            depth += 1
            continue
        line, index = frame
        if index == len(line):
            frames.pop()
            yield LINE_END, NO_NODE, index, line, depth
            depth -= 1 if frames else 0
            continue
        frame[1] += 1
        node = line[index]
        yield NODE, node, index, line, depth
        if node.variations:
            frames.append([node, 0])
        else:  # the common case, without a frame of its own
            yield NODE_END, node, 0, _NO_LINE, depth


@dataclass(frozen=True)
class ReadOptions:
    """How a record is to be read beyond its text, whatever its game: ``folders`` (besides the
    record's own) whose files it may refer to (see :mod:`kifu.reading.access`).  The core sets them on
    ``Record.read_options`` after parsing; a game that reads referred files takes them there."""

    folders: tuple[str, ...] = ()


@dataclass
class Record:
    """A game record: ordered headers, an optional set-up, comments before play, the moves."""

    game: str
    headers: dict[str, str] = field(default_factory=dict)
    setup: Any = None
    comments: list[str] = field(default_factory=list)
    moves: list[Node[Any]] = field(default_factory=list)
    source: str | None = field(default=None, compare=False)
    header_spans: dict[str, Span] = field(default_factory=dict, compare=False)
    read_options: ReadOptions = field(default_factory=ReadOptions, compare=False, repr=False)
    #: Spans a reader leaves to be worked out when one is asked for (most never are): each a
    #: function that gives the header's span.  :meth:`header_span` reads them too.
    header_places: dict[str, Callable[[], Span]] = field(default_factory=dict, compare=False,
                                                          repr=False)
    #: What the record's format says of the whole game beyond headers, set-up and comments
    #: that kifu has no other place for (an SGF root's ``ST``, a program's own properties), by
    #: name, as :attr:`Node.properties` are for one position.
    properties: dict[str, str] = field(default_factory=dict)
    #: Whether the record's format plays every move of a variation as written, legal or not
    #: (SGF: FF[4] executes any move, "it doesn't matter if the move itself is illegal"): an
    #: illegal move in a variation is then reported as a warning and its line read no further,
    #: and the main line alone decides whether the record is legal.
    variations_as_played: bool = field(default=False, compare=False, repr=False)

    def header(self, key: str, default: str | None = None) -> str | None:
        """A header's value, looked up without regard to case."""
        value = self.headers.get(key)  # written as asked: the usual case, one lookup
        if value is not None:
            return value
        wanted = key.casefold()
        for name, value in self.headers.items():
            if name.casefold() == wanted:
                return value
        return default

    def header_span(self, key: str) -> Span | None:
        """Where a header stands, looked up without regard to case."""
        while self.header_places:  # worked out now that one is asked for
            name, place = self.header_places.popitem()
            self.header_spans.setdefault(name, place())
        span = self.header_spans.get(key)
        if span is not None:
            return span
        wanted = key.casefold()
        for name, span in self.header_spans.items():
            if name.casefold() == wanted:
                return span
        return None

    @property
    def result(self) -> str | None:
        return self.header("Result")

    def line(self, path: Sequence[int]) -> list[Node[Any]]:
        """The nodes of the line a variation path selects.

        A path is pairs flattened: ``(i, v, j, w, ...)`` takes the ``v``-th variation (1-based) of
        the ``i``-th entry (1-based, counted from the start of the game) of the main line, then the
        ``w``-th variation of the ``j``-th entry of that line, and so on.  The result is the whole
        line from the start of the game.
        """
        if len(path) % 2:
            raise ValueError("a variation path is pairs of (entry index, variation number)")
        line = list(self.moves)
        for index, choice in zip(path[::2], path[1::2]):
            if not 1 <= index <= len(line):
                raise ValueError(f"there is no entry {index} in this line (it has {len(line)})")
            node = line[index - 1]
            if not 1 <= choice <= len(node.variations):
                raise ValueError(f"entry {index} has no variation {choice} (it has "
                                 f"{len(node.variations)})")
            line = line[: index - 1] + node.variations[choice - 1]
        return line

    def copy(self) -> Record:
        """A copy whose tree of nodes (and their comment lists and properties) can be changed
        without changing this record, its own properties kept; moves and the set-up, immutable
        values, are shared.  No recursion, so a
        tree nested to the limit copies as any other (``copy.deepcopy`` would not)."""
        moves: list[Node[Any]] = []
        pending = [(self.moves, moves)]
        while pending:
            source, target = pending.pop()
            for node in source:
                variations: list[list[Node[Any]]] = [[] for _ in node.variations]
                target.append(node.copy(variations))
                pending.extend(zip(node.variations, variations))
        return Record(self.game, dict(self.headers), self.setup, list(self.comments), moves,
                      self.source, dict(self.header_spans), self.read_options,
                      dict(self.header_places), dict(self.properties))

    def walk(self) -> Iterator[tuple[VariationPath, int, list[Node[Any]]]]:
        """Every line of the tree: (path, index where it branches off, its own nodes).

        The main line comes first with path ``()`` (each path a :class:`VariationPath`, equal
        to the tuple of its numbers); a variation's nodes start at position
        ``branch`` of the line it belongs to (0-based), replacing the node there.
        """
        queue: deque[tuple[VariationPath, int, list[Node[Any]]]] = deque(
            [(MAIN_LINE, 0, self.moves)])
        while queue:
            path, branch, nodes = queue.popleft()
            yield path, branch, nodes
            for offset, node in enumerate(nodes):
                for number, variation in enumerate(node.variations, start=1):
                    queue.append((path + (branch + offset + 1, number), branch + offset, variation))
