"""What a corpus index counts as one position, and how a game hashes its positions for it.

A corpus index (:mod:`kifu.corpus`) keys every position it meets by a *canonical hash*: one
64-bit number for the position and every position the game's symmetries make of it, so that a
search finds a game whichever corner it was played in.  Which transformations count is each
game's decision (its ``DECISIONS.md`` says why): a game describes them as a :class:`Symmetry`
(the transformations by name, with how they compose) and hashes its positions with a
:class:`Tracker`, made for each record from its start position and shown each position of
every line in turn.

A tracker notes, for each position, the canonical hash and *which* transformation gave it (the
index of the smallest of the hashes of the position's images), so that two occurrences of one
position say how one is turned into the other (:meth:`Symmetry.between`).  Games whose board
is a grid of points with stones of two colours (Go, Renju) also keep a log of what changed
from one position to the next (:class:`Grid`), from which patterns are searched.

Three trackers are offered for a game to choose from: :class:`KeyTracker` (the position's key,
no symmetry: the default), :class:`VariantTracker` (the keys of every image, written by the
game) and :class:`LaneTracker` (Zobrist hashing of every image at once, kept up to date move by
move, for grid games whose replay must not slow down).
"""
from __future__ import annotations

import functools
import hashlib
import random
import sys
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kifu.base.record import Record
    from kifu.plugin.values import Outcome

#: The most points a grid may have for its changes to be logged (a point and its content share
#: 15 bits of a log entry).
MAX_GRID_POINTS = 1 << 13
#: A log entry with this bit set starts a position: ``MARK | RESET? | to-move``.
MARK = 0x8000
#: Set in a position's mark when its changes are the whole board (a line that does not follow
#: the position logged before it: a variation's first position).
RESET = 0x4000
#: The contents of a point in a log and a pattern: empty, the first colour, the second, any
#: other (a third seat's stone, a wall).
EMPTY, FIRST, SECOND, OTHER = 0, 1, 2, 3

_MASK = (1 << 64) - 1


def signed(value: int) -> int:
    """A 64-bit unsigned number as SQLite stores integers (signed)."""
    return value - (1 << 64) if value >> 63 else value


@dataclass(frozen=True)
class Symmetry:
    """The transformations under which positions of a game count as one.

    ``names[i]`` says what transformation ``i`` does (``0`` is always the identity);
    ``swaps[i]`` whether it exchanges the colours (and the side to move);
    ``compose[a][b]`` is the transformation ``a`` after ``b``.
    """

    names: tuple[str, ...] = ("identity",)
    swaps: tuple[bool, ...] = (False,)
    compose: tuple[tuple[int, ...], ...] = ((0,),)
    #: The points each transformation maps each point to, for grid games (``None`` otherwise).
    permutations: tuple[tuple[int, ...], ...] | None = None

    def __len__(self) -> int:
        return len(self.names)

    @functools.cached_property
    def inverse(self) -> tuple[int, ...]:
        return tuple(next(b for b in range(len(self)) if self.compose[a][b] == 0)
                     for a in range(len(self)))

    def between(self, first: int, second: int) -> int:
        """How a position found as image ``second`` of the canonical position is made from one
        found as image ``first``: ``inverse[second]`` after ``first``."""
        return self.compose[self.inverse[second]][first]

    def describe(self) -> str:
        """In words, for people: ``8 board symmetries, colours swapped``."""
        colours = any(self.swaps)
        board = len(self) // (2 if colours else 1)
        if board == 1:
            return "the colours swapped" if colours else "no symmetry"
        return f"{board} board symmetries" + (", colours swapped" if colours else "")


#: The one symmetry every game has.
IDENTITY = Symmetry()


@dataclass(frozen=True)
class Grid:
    """A board of ``width`` x ``height`` points (point ``row * width + column``, row 0 at the
    bottom) whose positions hold stones of two colours: what patterns are searched on."""

    width: int
    height: int

    @property
    def name(self) -> str:
        return f"{self.width}x{self.height}"

    @staticmethod
    def parse(name: str) -> Grid:
        width, _, height = name.partition("x")
        return Grid(int(width), int(height))


# -- the symmetries of a grid -----------------------------------------------------------------

#: The transformations of a square grid: what each does to a point (column, row) of an N x N
#: grid (``n`` is N - 1), by name.
_SQUARE: tuple[tuple[str, Callable[[int, int, int], tuple[int, int]]], ...] = (
    ("identity", lambda c, r, n: (c, r)),
    ("turned 90°", lambda c, r, n: (n - r, c)),
    ("turned 180°", lambda c, r, n: (n - c, n - r)),
    ("turned 270°", lambda c, r, n: (r, n - c)),
    ("mirrored left to right", lambda c, r, n: (n - c, r)),
    ("mirrored top to bottom", lambda c, r, n: (c, n - r)),
    ("mirrored in the diagonal through the first point", lambda c, r, n: (r, c)),
    ("mirrored in the other diagonal", lambda c, r, n: (n - r, n - c)),
)


@functools.cache
def grid_symmetry(width: int, height: int, colours: bool = False) -> Symmetry:
    """The symmetries of a ``width`` x ``height`` grid: 8 for a square one, 4 for another
    (turned 180°, mirrored either way); with ``colours``, each also with the colours swapped."""
    chosen = _SQUARE if width == height else (_SQUARE[0], _SQUARE[2], _SQUARE[4], _SQUARE[5])

    def mapping(move: Callable[[int, int, int], tuple[int, int]]) -> tuple[int, ...]:
        found = []
        for point in range(width * height):
            row, column = divmod(point, width)
            c, r = (move(column, row, width - 1) if width == height
                    else _rectangle(move, column, row, width - 1, height - 1))
            found.append(r * width + c)
        return tuple(found)

    return make_symmetry([(name, mapping(move)) for name, move in chosen], colours)


@functools.cache
def colour_symmetry(points: int) -> Symmetry:
    """No transformation of the board, but the colours may swap (a map's Go)."""
    return make_symmetry([("identity", tuple(range(points)))], True)


def make_symmetry(board: Sequence[tuple[str, tuple[int, ...]]], colours: bool) -> Symmetry:
    """A symmetry from the board's transformations (a name and where each point goes, the
    identity first), each also with the colours swapped if ``colours``."""
    perms = [perm for _, perm in board]
    names = [name for name, _ in board]
    swaps = [False] * len(perms)
    if colours:
        perms = perms + perms
        names = names + [f"{name}, colours swapped" if name != "identity" else "colours swapped"
                         for name in names]
        swaps = swaps + [True] * len(board)
    index: dict[tuple[tuple[int, ...], bool], int] = {}
    for i, key in enumerate(zip(perms, swaps)):
        index.setdefault(key, i)  # a grid too small to tell two apart: the first stands
    compose = tuple(tuple(index[(tuple(perms[a][p] for p in perms[b]), swaps[a] != swaps[b])]
                          for b in range(len(perms))) for a in range(len(perms)))
    return Symmetry(tuple(names), tuple(swaps), compose, tuple(perms))


def _rectangle(move: Callable[[int, int, int], tuple[int, int]], column: int, row: int,
               last_column: int, last_row: int) -> tuple[int, int]:
    c, _ = move(column, row, last_column)
    _, r = move(column, row, last_row)
    return c, r


# -- trackers -------------------------------------------------------------------------------

class Tracker:
    """Hashes the positions of one record as a replay meets them (:meth:`visit`, once per
    position, in the order of the walk), into ``hashes`` (canonical, signed 64-bit) and
    ``images`` (which transformation of :attr:`symmetry` gave each); a tracker with a
    :attr:`grid` also logs each position's changes into ``log``.

    ``visits`` counts the positions visited; :meth:`finish` makes ``hashes`` and ``images``
    whole once they all were.  A log is 16-bit entries: for each position, ``MARK`` (with
    ``RESET`` when it gives the whole board) and the side to move (``FIRST``, ``SECOND``,
    ``EMPTY`` once the game has ended), then one entry ``point << 2 | content`` for each point
    that changed.  A grid's symmetry is :func:`grid_symmetry` of its width and height (what
    patterns are searched under).
    """

    symmetry: Symmetry = IDENTITY
    grid: Grid | None = None

    def __init__(self) -> None:
        self.hashes = array("q")
        self.images = bytearray()
        self.log = array("H")
        self.visits = 0

    #: Whether it logs each position's changes (a grid's): :meth:`unlogged` says not.
    keeps_log = True

    def visit(self, position: Any) -> None:
        raise NotImplementedError

    def visit_from(self, parent: Any, position: Any) -> None:
        """:meth:`visit` of ``position``, made from ``parent`` by one move: a tracker may work
        its hash out from its parent's (an explorer hashes every move of a position)."""
        self.visit(position)

    def unlogged(self) -> None:
        """No log kept from now on, where the tracker can leave it out (a caller that reads
        the hashes alone)."""
        self.keeps_log = False

    def finish(self) -> None:
        """Make ``hashes`` and ``images`` whole: a tracker may work out its positions' hashes
        in a batch once every position was visited (call it before reading them).  It may be
        called at any time to work out those visited so far (a long walk calls it now and then,
        so that no batch grows with the record)."""


def text_hash(text: str) -> int:
    """A signed 64-bit hash of a text (the same in every process, unlike ``hash``)."""
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8", "surrogatepass"),
                                          digest_size=8).digest(), "little", signed=True)


class KeyTracker(Tracker):
    """No symmetry: each position is hashed by its key (``key(position)``, a game's
    :meth:`~kifu.plugin.GamePlugin.position_key`)."""

    def __init__(self, key: Callable[[Any], str]) -> None:
        super().__init__()
        self.key = key

    def visit(self, position: Any) -> None:
        self.hashes.append(text_hash(self.key(position)))
        self.images.append(0)
        self.visits += 1


class VariantTracker(Tracker):
    """Each position is hashed as the smallest of the hashes of its images, which
    ``variants(position)`` writes as texts, one per transformation of ``symmetry`` in order:
    for games whose positions are few and small (a 9x9 board with hands, a 6x6 one)."""

    def __init__(self, symmetry: Symmetry, variants: Callable[[Any], Sequence[str]]) -> None:
        super().__init__()
        self.symmetry = symmetry
        self.variants = variants

    def visit(self, position: Any) -> None:
        hashes = [text_hash(text) for text in self.variants(position)]
        smallest = min(hashes, key=lambda h: h & _MASK)
        self.hashes.append(smallest)
        self.images.append(hashes.index(smallest))
        self.visits += 1


_made: dict[tuple[int, int, str], Lanes] = {}


def lanes(symmetry: Symmetry, points: int, contents: int, salt: str) -> Lanes:
    """The :class:`Lanes` of a board, made once per process for each ``salt`` (which must
    name the board and its symmetry: the symmetry is not hashed, for speed)."""
    key = (points, contents, salt)
    made = _made.get(key)
    if made is None:
        made = _made[key] = Lanes(symmetry, points, contents, salt)
    return made


class Lanes:
    """Zobrist tables for every image of a grid position at once: a position's hash under
    transformation ``i`` is the 64 bits ``i`` ("lane" ``i``) of one integer, so that a stone put
    down or taken off updates every image with one exclusive or.

    ``stone(content, point)`` is what a stone of ``content`` (1, 2, ...: the colours) on
    ``point`` adds; ``turn(side)`` what the side to move adds (0 for none, once the game has
    ended).  The tables are drawn from a generator seeded by ``salt``, so that the same board
    of the same game hashes alike in every process, and boards or games do not collide.
    """

    def __init__(self, symmetry: Symmetry, points: int, contents: int, salt: str) -> None:
        permutations = symmetry.permutations or ((tuple(range(points)),))
        rng = random.Random(f"kifu-index-{salt}")
        keys = [[rng.getrandbits(64) for _ in range(points)] for _ in range(contents + 1)]
        turns = [rng.getrandbits(64) for _ in range(contents + 1)]
        base = rng.getrandbits(64)
        swaps = symmetry.swaps
        self.count = len(symmetry)

        def swapped(content: int, swap: bool) -> int:
            return (3 - content) if swap and content in (FIRST, SECOND) else content

        self.stones: list[list[int]] = [[0] * points for _ in range(contents + 1)]
        for content in range(1, contents + 1):
            row = self.stones[content]
            for point in range(points):
                value = 0
                for lane, perm in enumerate(permutations[: self.count]):
                    value |= keys[swapped(content, swaps[lane])][perm[point]] << (64 * lane)
                row[point] = value
        self.turns = [sum(turns[swapped(side, swaps[lane])] << (64 * lane)
                          for lane in range(self.count)) for side in range(contents + 1)]
        self.base = sum(base << (64 * lane) for lane in range(self.count))
        self.width = 8 * self.count
        self._table: tuple[int, bytes] | None = None

    def table(self) -> tuple[int, bytes]:
        """The lanes as a compiled core reads them (``kifu/plugin/lanes.h``): their count, and
        each colour's stones point by point, then each side to move, then the empty board,
        each as its lanes (64-bit numbers in the machine's order).  Two colours; made once."""
        if self._table is None:
            points = len(self.stones[1])
            values = [self.stones[colour][point] for colour in (1, 2) for point in range(points)]
            values += [*self.turns[:3], self.base]
            table = array("Q")
            table.frombytes(b"".join(value.to_bytes(self.width, "little") for value in values))
            if sys.byteorder == "big":
                table.byteswap()
            self._table = (self.count, table.tobytes())
        return self._table


#: The positions whose lanes :meth:`LaneTracker.finish` reads as numbers at once.
_BATCH = 1 << 14


class LaneTracker(Tracker):
    """A tracker on :class:`Lanes`: a game keeps ``self.value`` (the lanes of the stones on the
    board) up to date through :meth:`put`, :meth:`take` and :meth:`restart`, and calls
    :meth:`note` with the side to move once a position's changes are in."""

    def __init__(self, symmetry: Symmetry, grid: Grid | None, lanes: Lanes) -> None:
        super().__init__()
        self.symmetry, self.grid, self.lanes = symmetry, grid, lanes
        self.value = lanes.base
        self._table = lanes.stones
        self._turns = lanes.turns
        self._width = lanes.width
        self._pending: list[int] = []
        self._logging = grid is not None and grid.width * grid.height <= MAX_GRID_POINTS

    def unlogged(self) -> None:
        super().unlogged()
        self._logging = False

    def restart(self, stones: Iterable[tuple[int, int]], side: int) -> None:
        """The whole board anew: ``(point, content)`` for each point that holds a stone
        (content 1, 2...; the other points are empty)."""
        value = self.lanes.base
        table = self._table
        log = self.log if self._logging else None
        if log is not None:
            log.append(MARK | RESET | min(side, OTHER))
        for point, content in stones:
            value ^= table[content][point]
            if log is not None:
                log.append(point << 2 | min(content, OTHER))
        self.value = value

    def begin(self, side: int) -> None:
        """A position follows the one before it: its changes come next (:meth:`put`,
        :meth:`take`)."""
        if self._logging:
            self.log.append(MARK | min(side, OTHER))

    def put(self, point: int, content: int) -> None:
        self.value ^= self._table[content][point]
        if self._logging:
            self.log.append(point << 2 | min(content, OTHER))

    def take(self, point: int, content: int) -> None:
        self.value ^= self._table[content][point]
        if self._logging:
            self.log.append(point << 2)

    def note(self, side: int) -> None:
        """The position is complete, with ``side`` to move: its lanes are kept, and its
        canonical hash and image worked out with the others' by :meth:`finish` (a batch costs
        less than one at a time)."""
        self._pending.append(self.value ^ self._turns[side])
        self.visits += 1

    def finish(self) -> None:
        pending = self._pending
        if not pending:
            return
        # Every lane of every position read as unsigned 64-bit numbers in one go, grouped a
        # position's lanes at a time, the smallest of each group found: loops that run in C,
        # not a step of Python per lane (the smallest as an unsigned number is the canonical
        # hash; its bits are the signed number SQLite keeps).
        width, count = self._width, self.lanes.count
        for start in range(0, len(pending), _BATCH):  # a batch's lanes as numbers: a few MiB
            values = array("Q")
            values.frombytes(b"".join([value.to_bytes(width, "little")
                                       for value in pending[start:start + _BATCH]]))
            groups = list(zip(*[iter(values)] * count))
            smallest = array("Q", map(min, groups))
            self.hashes.frombytes(smallest.tobytes())
            self.images.extend(map(tuple.index, groups, smallest))
        pending.clear()


@dataclass
class Traced:
    """A record as a compiled core hands it to a corpus index (:attr:`kifu.plugin.Format.trace`):
    what a :class:`Tracker` would have made of its positions, the record's one line of play
    (no variation) replayed to its end with nothing to report, so that the index does no
    work of its own per position.

    ``record`` holds the record's headers (read from its head: no moves); ``moves`` counts
    the main line's moves; ``hashes`` and ``images`` are each position's canonical hash
    (signed 64-bit, native byte order) and image, the start first, as a tracker makes them
    under ``symmetry``; a grid game gives its ``grid``, with ``changes``, its log of changes
    turned point by point as :func:`kifu.corpus.indexing.histories` packs it before
    compressing (from which the index works out when each point first held each colour);
    ``facts`` are what :meth:`~kifu.plugin.GamePlugin.facts` says
    of the last position and ``outcome`` what :meth:`~kifu.plugin.GamePlugin.outcome` says of
    it.
    """

    record: Record
    moves: int
    symmetry: Symmetry
    hashes: bytes
    images: bytes
    grid: Grid | None = None
    changes: bytes = b""
    facts: dict[str, str] = field(default_factory=dict)
    outcome: Outcome | None = None
    #: The depths of the main line's nodes that take no move number (a swap of colours).
    events: list[int] = field(default_factory=list)
