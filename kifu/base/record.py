"""The game-neutral record: headers, an optional start position, and a tree of moves.

A :class:`Record` holds what a notation says, nothing more: each game's parser fills it and each
game's referee replays it.  Moves are the game's own small immutable values; the record only
arranges them into a main line with variations and keeps their comments and source spans.

Spans are kept for error messages but never take part in equality, so that
``parse(write(record)) == record`` holds although the written text is laid out anew.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, NamedTuple, Protocol, TypeVar


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
        if not isinstance(other, Node):
            return NotImplemented
        return (self.move == other.move and self.comments == other.comments
                and (self._properties or {}) == (other._properties or {})
                and self.variations == other.variations)

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass it was

    def __repr__(self) -> str:
        properties = f", properties={self._properties!r}" if self._properties else ""
        return (f"Node(move={self.move!r}, comments={self.comments!r}{properties}, "
                f"variations={self.variations!r}, span={self.span!r})")


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

    def line(self, path: tuple[int, ...]) -> list[Node[Any]]:
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
        """A copy whose tree of nodes (and their comment lists) can be changed without changing
        this record; moves and the set-up, immutable values, are shared.  No recursion, so a
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
                      dict(self.header_places))

    def walk(self) -> Iterator[tuple[tuple[int, ...], int, list[Node[Any]]]]:
        """Every line of the tree: (path, index where it branches off, its own nodes).

        The main line comes first with path ``()``; a variation's nodes start at position
        ``branch`` of the line it belongs to (0-based), replacing the node there.
        """
        queue: deque[tuple[tuple[int, ...], int, list[Node[Any]]]] = deque(
            [((), 0, self.moves)])
        while queue:
            path, branch, nodes = queue.popleft()
            yield path, branch, nodes
            for offset, node in enumerate(nodes):
                for number, variation in enumerate(node.variations, start=1):
                    queue.append((path + (branch + offset + 1, number), branch + offset, variation))


