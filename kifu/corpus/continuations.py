"""The opening explorer's table: for each position several records reach, what an explorer's
step shows of it, kept by ``kifu index`` so that a step reads a few rows rather than the
trails of every record that reaches the position.

Two tables (:mod:`kifu.corpus.store`):

- ``explored``, a row for each position (its canonical hash) that at least :data:`SHARED`
  position rows name: the records that reach it, how they ended (by winner, each winner named
  as a side of the position's canonical image: a record that reached it with the colours
  swapped counts its black's win as white's), the sides of its game, the
  :data:`LISTED` latest records that reach it and the :data:`LISTED` strongest, and the
  tally of its ``continuation`` rows (how many, the sums of their checksums' halves);
- ``continuation``, a row for each position that follows it in some record (the next node
  of a line, or the first of a variation from there): the records that play it, how they
  ended (named as above), the first of them by number (the example ``kifu stats`` shows),
  and for a grid game the point its move puts a stone on as the example plays it, turned to
  the position's canonical image (:func:`canonical_point`; ``NULL`` for a move that puts no
  one stone down: a pass, a set-up): an explorer names the move from it
  (:func:`kifu.corpus.stats.points`) instead of playing every legal move.

A record counts once for each position it reaches and once for each position that follows it
there, its winner turned as where it first reaches the position, as
:func:`kifu.corpus.stats.explore` counts them from the trails (which stays the reference: the
two give the same answers).  A position fewer records reach has no row: the explorer reads
their trails, which costs little for so few.

Every row is checked as it is read (:meth:`kifu.corpus.reader.Reader.explored`): its checksum,
and the rows of its continuations against its tally.  A row missing altogether leaves the
explorer to read the trails, which answer the same.

``kifu index`` writes the rows of the positions its new records reach (:class:`Writer`): a
position that had rows gains the new records' counts; one that had none and that several
records now reach is counted from all of them; a record forgotten (its file changed or gone)
takes its counts off, and a position whose example, or one of whose full lists, it was is
counted anew from the records left.  A new record of one line is counted from what the writer
keeps of its positions as it comes in (each node's hash and place, the next node's hash and
the point its move fills, worked out where the record was read: :func:`placed`); only the
records of several lines, and on an update those already in the index, have their trails
read back.
"""
from __future__ import annotations

import hashlib
import heapq
import itertools
import json
import math
import sqlite3
import struct
from array import array
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from kifu.base.native import compiled
from kifu.corpus import checks, store
from kifu.corpus.checks import Changes, Damage, checksum, expect, grid_of, whole
from kifu.plugin.symmetry import Symmetry, grid_symmetry

#: What the writer keeps of a record counted as it came in (:meth:`Writer.arrived`): its
#: winner, sides, which images swap the colours, date and strength.
Arrival = tuple[str | None, tuple[str, ...], tuple[bool, ...], str | None, float | None]

#: How many position rows a position needs to have rows of its own.
SHARED = 2
#: The most records an ``explored`` row lists of each kind (latest, strongest): what an
#: explorer shows at most (``recent``).
LISTED = 100

#: A listed record: its number, date and strength.
Listed = tuple[int, "str | None", "float | None"]


def listed_text(entry: Listed) -> str:
    """``json.dumps(entry)``, as an explorer's row lists it, written here: ``json.dumps``
    sets up an encoder at each call, as much again as a record costs a first run's explorer
    in Python."""
    number, date, strength = entry
    return (f"[{number}, {'null' if date is None else _json_string(date)}, "
            f"{'null' if strength is None else _json_number(strength)}]")


#: A string as ``json.dumps`` writes it (ASCII, escaped).
_json_string = json.encoder.encode_basestring_ascii


def _json_number(number: float) -> str:
    """A number as ``json.dumps`` writes it (``NaN`` and ``Infinity`` as JavaScript's)."""
    if number != number:
        return "NaN"
    if number in (math.inf, -math.inf):
        return "Infinity" if number > 0 else "-Infinity"
    return repr(number)


def by_date(entry: Listed) -> tuple[Any, ...]:
    """The latest first (undated last), then the last indexed."""
    return (entry[1] is None, descending(entry[1] or ""), -entry[0])


def by_strength(entry: Listed) -> tuple[Any, ...]:
    """The strongest first (of no known strength last), then the latest."""
    return (entry[2] is None, -(entry[2] or 0.0), *by_date(entry))


def _latest(entry: Listed) -> tuple[Any, ...]:
    """:func:`by_date`'s order reversed, cheaper: ``heapq.nlargest`` by it is ``heapq.
    nsmallest`` by that (a text's order reversed is its characters' codes negated)."""
    return (entry[1] is not None, entry[1] or "", entry[0])


def _strongest(entry: Listed) -> tuple[Any, ...]:
    """:func:`by_strength`'s order reversed, as :func:`_latest` is :func:`by_date`'s."""
    return (entry[2] is not None, entry[2] or 0.0, entry[1] is not None, entry[1] or "",
            entry[0])


def descending(text: str) -> tuple[int, ...]:
    """A text's order reversed, as a sort key."""
    return tuple(-ord(character) for character in text) + (1,)


def turned(winner: str | None, sides: Sequence[str], swapped: bool) -> str:
    """A record's winner as a side of a position found as an image that does (``swapped``)
    or does not swap the colours: ``unknown`` if not known, ``draw``, a side."""
    if winner is None:
        return "unknown"
    if swapped and len(sides) >= 2 and winner in sides[:2]:
        return sides[1] if winner == sides[0] else sides[0]
    return str(winner)


def successors(lines: Sequence[Sequence[Any]]) -> list[list[int]]:
    """Each node's following nodes, as :meth:`kifu.corpus.reader.Trail.children` gives them
    one node at a time: the next of its line, then the first of each variation that
    replaces the entry after it, in the order of the lines."""
    layout: dict[tuple[int, ...], tuple[int, int, int]] = {}
    total = 0
    for path, depth, count, _, _ in lines:
        layout[tuple(int(p) for p in path.split(".")) if path else ()] = (total, depth, count)
        total += count
    found: list[list[int]] = [[] for _ in range(total)]
    owners: dict[int, tuple[int, ...]] = {}
    for path, (first, _, count) in layout.items():
        for node in range(first, first + count):
            owners.setdefault(node, path)
            if node + 1 < first + count:
                found[node].append(node + 1)
    for path, (first, _, _) in layout.items():
        if len(path) < 2:
            continue
        at = path[-2] - 1
        owner = path[:-2]
        while owner and (owner not in layout or layout[owner][1] > at):
            owner = owner[:-2]
        if owner not in layout:
            continue
        start, depth, count = layout[owner]
        node = start + at - depth
        if start <= node < start + count and owners.get(node) == owner:
            found[node].append(first)
    return found


def reached(hashes: Sequence[int], images: bytes, following: list[list[int]] | None,
            wanted: Iterable[int] | None = None
            ) -> dict[int, tuple[int, list[int], list[tuple[int, int]]]]:
    """For each position a record reaches (of ``wanted``, if given): the image it is first
    found as, the positions that follow it anywhere in the record, each once
    (``following``: each node's following nodes, :func:`successors`; ``None`` for a record
    of one line, each node followed by the next), and where each is first played (the node
    reaching the position, the node following it)."""
    last = len(hashes) - 1
    keep = None if wanted is None else set(wanted)
    found: dict[int, tuple[int, list[int], list[tuple[int, int]]]] = {}
    for node, value in enumerate(hashes):
        if keep is not None and value not in keep:
            continue
        entry = found.get(value)
        if entry is None:
            entry = found[value] = (images[node], [], [])
        for child in (following[node] if following is not None else
                      (node + 1,) if node < last else ()):
            after = hashes[child]
            if after not in entry[1]:
                entry[1].append(after)
                entry[2].append((node, child))
    return found


def put_point(changes: Changes, node: int, child: int) -> int | None:
    """The point the node ``child`` of a grid record puts a stone on, the node ``node``
    before it (its log, :class:`~kifu.corpus.checks.Changes`): the one point empty at
    ``node`` that holds a stone at ``child`` (``None`` unless there is exactly one)."""
    flat, offsets = changes.flat, changes.offsets
    before, after = (node + 1) << 2, (child + 1) << 2
    found = None
    for point in range(len(offsets) - 1):
        low, high = offsets[point], offsets[point + 1]
        if low == high:
            continue
        now = bisect_left(flat, after, low, high) - 1
        if now < low or not flat[now] & 3:
            continue  # empty at ``child``
        was = bisect_left(flat, before, low, high) - 1
        if was < low or not flat[was] & 3:
            if found is not None:
                return None
            found = point
    return found


def placed(changes: bytes | memoryview, points: int, board: Symmetry | None,
           images: bytes) -> bytes:
    """For each node of a grid record of one line, the point the next node's move puts its
    stone on, as :func:`put_point` and :func:`canonical_point` name it (turned to the node's
    position's canonical image, ``board`` the record's symmetry: :func:`board_symmetry`),
    -1 where there is none (the last node, a pass, a set-up of several stones, a record of
    no known board); signed 16-bit, native byte order.  Worked out from the record's
    changes point by point (:func:`kifu.corpus.indexing.histories`, uncompressed) in one
    pass, where the index's writer would look up each point of each node: a point that is
    empty at a node and holds a stone at the next changed to a stone at the next from being
    empty (each point changes at most once a node)."""
    module = compiled(checks.PACKING)
    if module is not None:
        found: bytes = module.placed(changes, points, _permutations(board), images)
        return found
    return _placed(changes, points, board, images)


#: Boards' permutations as the compiled :func:`placed` reads them, by identity (the boards
#: are :func:`grid_symmetry`'s, made once each).
_packed: dict[int, tuple[Symmetry, bytes]] = {}


def _permutations(board: Symmetry | None) -> bytes | None:
    """A board's permutations as the compiled :func:`placed` reads them: each image's points
    (signed 16-bit, native byte order), image after image."""
    if board is None or board.permutations is None:
        return None
    known = _packed.get(id(board))
    if known is None or known[0] is not board:
        if len(_packed) > 64:
            _packed.clear()
        packed = array("h", itertools.chain.from_iterable(board.permutations)).tobytes()
        known = _packed[id(board)] = (board, packed)
    return known[1]


def _placed(changes: bytes | memoryview, points: int, board: Symmetry | None,
            images: bytes) -> bytes:
    """:func:`placed` in Python (the reference)."""
    nodes: int = struct.unpack_from("<II", changes)[1]
    found = array("h", [-1]) * nodes
    if board is None or board.permutations is None or nodes < 2:
        return found.tobytes()
    counts = array("I")
    counts.frombytes(changes[8:8 + 4 * points])
    flat = array("I")
    flat.frombytes(changes[8 + 4 * points + nodes:])
    # Each node's point newly filled: -1 none yet, -2 more than one.
    filled = array("h", [-1]) * (nodes + 1)
    at = 0
    for point, count in enumerate(counts):
        if not count:
            continue
        before = 0
        for change in flat[at:at + count]:
            if change & 3 and not before & 3:
                node = change >> 2
                filled[node] = point if filled[node] == -1 else -2
            before = change
        at += count
    permutations = board.permutations
    for node in range(nodes - 1):
        point = filled[node + 1]
        if point >= 0:
            found[node] = permutations[images[node]][point]
    return found.tobytes()


def board_symmetry(grid: Any, names: Sequence[str], game: int | None = None
                   ) -> Symmetry | None:
    """The symmetry whose images a grid record's trail names (its ``grid`` and the names of
    its symmetry's transformations, as its row keeps them), with where each transformation
    takes each point: a grid's is :func:`~kifu.plugin.symmetry.grid_symmetry` (as patterns
    are searched under it); ``None`` for a record of no grid, or of another symmetry."""
    if grid is None:
        return None
    columns, rows = grid_of(grid, game)
    for colours in (False, True):
        found = grid_symmetry(columns, rows, colours)
        if found.names == tuple(names):
            return found
    return None


def canonical_point(symmetry: Symmetry, image: int, point: int) -> int:
    """A grid record's ``point``, in a position the record reaches as ``image``, as it
    stands in the position's canonical image (what the tracker hashed it as)."""
    assert symmetry.permutations is not None
    return symmetry.permutations[image][point]


def on_screen(symmetry: Symmetry, image: int, canonical: int) -> int | None:
    """A point of a position's canonical image as it stands in the position found as
    ``image`` (the inverse of :func:`canonical_point`); ``None`` off the grid."""
    inverse = screen_points(symmetry, image)
    return inverse[canonical] if inverse is not None and 0 <= canonical < len(inverse) else None


def screen_points(symmetry: Symmetry, image: int) -> tuple[int, ...] | None:
    """Each point of a position's canonical image as it stands in the position found as
    ``image`` (:func:`on_screen` of every point, worked out once a symmetry and image);
    ``None`` for an image the symmetry has not, or a symmetry of no grid."""
    permutations = symmetry.permutations
    if permutations is None or not 0 <= image < len(permutations):
        return None
    kept = _screens.get(id(permutations))
    if kept is None or kept[0] is not permutations:
        kept = _screens[id(permutations)] = (permutations, {})
    found = kept[1].get(image)
    if found is None:
        permutation = permutations[image]
        inverse = [0] * len(permutation)
        for point in reversed(range(len(permutation))):  # the first point, as index() finds
            inverse[permutation[point]] = point
        found = kept[1][image] = tuple(inverse)
    return found


def orbits(permutations: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """Each point's images under a grid's symmetry (its ``permutations``), each once: the
    points a move on it may make the same position from (worked out once a symmetry)."""
    kept = _orbits.get(id(permutations))
    if kept is None or kept[0] is not permutations:
        found = [tuple(sorted({permutation[point] for permutation in permutations}))
                 for point in range(len(permutations[0]) if permutations else 0)]
        kept = _orbits[id(permutations)] = (permutations, found)
    return kept[1]


#: :func:`orbits` by the permutations they were worked out from (kept with them, so that
#: their id names them).
_orbits: dict[int, tuple[Any, list[tuple[int, ...]]]] = {}
#: :func:`screen_points` by the permutations of a grid's symmetry (kept with them, so that
#: their id names them) and image.
_screens: dict[int, tuple[Any, dict[int, tuple[int, ...]]]] = {}


@dataclass
class Next:
    """A ``continuation`` row: the records that play the position, their winners, the first
    of them, and the point its move puts a stone on as the first plays it (canonical)."""

    games: int
    wins: Counter[str]
    example: int
    point: int | None = None


@dataclass
class Row:
    """An ``explored`` row and its ``continuation`` rows, decoded."""

    hash: int
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    sides: list[str] = field(default_factory=list)
    latest: list[Listed] = field(default_factory=list)
    strongest: list[Listed] = field(default_factory=list)
    nexts: dict[int, Next] = field(default_factory=dict)
    #: Records added, not yet in the lists (:func:`_settle`).
    pending: list[Listed] = field(default_factory=list)

    def listed(self, by: str) -> list[Listed]:
        return self.strongest if by == "strength" else self.latest

    def complete(self, by: str, count: int) -> bool:
        """Whether its list ``by`` holds the first ``count`` records (or all of them)."""
        return count <= len(self.listed(by)) or len(self.listed(by)) == self.games


def _wins(value: Any, what: str, shared: bool = False) -> Counter[str]:
    """A text of winners decoded and checked: with ``shared``, the one ``Counter`` of each
    text :func:`_wins` keeps (never to be changed: a reader's rows), else a copy."""
    kept = _wins_read.get(value) if type(value) is str else None
    if kept is not None:
        return kept if shared else Counter(kept)
    found = checks.json_of(value, what)
    if not isinstance(found, dict) or not all(
            isinstance(name, str) and type(count) is int and count > 0
            for name, count in found.items()):
        raise Damage(f"the {what} of the explorer's table are not what kifu writes")
    if len(_wins_read) < _WINS_KEPT:
        kept = _wins_read[value] = Counter(found)
        return kept if shared else Counter(kept)
    return Counter(found)


#: The texts of winners :func:`_wins` read, decoded and checked: a few hundred tell most rows'
#: (one record's win, two...), and a step reads hundreds of rows.
_wins_read: dict[str, Counter[str]] = {}
_WINS_KEPT = 4096


def _listed(value: Any) -> list[Listed]:
    found = checks.json_of(value, "list of records")
    if not isinstance(found, list) or len(found) > LISTED or not all(
            isinstance(entry, list) and len(entry) == 3 and type(entry[0]) is int
            and entry[0] > 0 and (entry[1] is None or isinstance(entry[1], str))
            and (entry[2] is None or type(entry[2]) is float) for entry in found):
        raise Damage("a list of records of the explorer's table is not what kifu writes")
    return [(entry[0], entry[1], entry[2]) for entry in found]


def _continuation_checksum(row: Sequence[Any]) -> int:
    """:func:`~kifu.corpus.checks.checksum` of a ``continuation`` row (its checksum last), its
    bytes written at once where its values are of the kinds kifu writes (a step reads
    hundreds of rows)."""
    value, after, games, wins, example, point = row[:6]
    if type(value) is int and type(after) is int and type(games) is int and \
            type(wins) is str and type(example) is int:
        text = wins.encode("utf-8", "surrogatepass")
        if point is None:
            data = b"i%d;i%d;i%d;t%d:%bi%d;n" % (value, after, games, len(text), text, example)
        elif type(point) is int:
            data = b"i%d;i%d;i%d;t%d:%bi%d;i%d;" % (value, after, games, len(text), text,
                                                    example, point)
        else:
            return checksum("continuation", *row[:-1])
        return int.from_bytes(hashlib.blake2b(data, digest_size=8,
                                              person=b"continuation").digest(),
                              "little", signed=True)
    return checksum("continuation", *row[:-1])


def _continuation_checksums(rows: list[Any]) -> list[int]:
    """:func:`_continuation_checksum` of each row, in one call to C where the packing was
    built (the same numbers: :func:`~kifu.corpus.checks.checksum`'s)."""
    module = compiled(checks.PACKING)
    if module is not None and type(rows) is list and all(type(row) is tuple for row in rows):
        found: list[int] = module.checksums("continuation", rows)
        return found
    return [_continuation_checksum(row) for row in rows]


def decode(explored: Sequence[Any], rows: Iterable[Sequence[Any]], *,
           shared: bool = False) -> Row:
    """An ``explored`` row and the ``continuation`` rows found with its hash (each with its
    checksum last), checked: each row against its checksum, the continuations against the
    tally the explored row keeps of them (a row lost, or moved, shows there), each value as
    it is decoded.  With ``shared``, rows of the same winners share their ``Counter`` (a
    reader's rows, which no one changes: a step reads hundreds, of a few kinds of winners)."""
    value = explored[0]
    if checksum("explored", *explored[:-1]) != explored[-1]:
        raise Damage("a row of the explorer's table does not match its checksum")
    rows = list(rows)
    sums = []
    nexts: dict[int, Next] = {}
    for row, check in zip(rows, _continuation_checksums(rows), strict=True):
        if check != row[-1] or row[0] != value:
            raise Damage("a continuation of the explorer's table does not match its checksum")
        after, games, wins, example, point = row[1:6]
        if not (type(after) is int and type(games) is int and games >= 1 and
                type(example) is int and example >= 1 and
                (point is None or type(point) is int and point >= 0)):
            after = expect(after, int, "continuation")
            games = whole(games, "count of records", low=1)
            example = whole(example, "example", low=1)
            point = whole(point, "point", none=True)
        nexts[after] = Next(games, _wins(wins, "winners", shared), example, point)
        sums.append(row[-1])
    if checks.row_tally(sums) != list(explored[6:9]):
        raise Damage("the continuations of a position in the explorer's table do not match "
                     "their tally: one is missing, or was changed")
    found = Row(value, whole(explored[1], "count of records", low=1),
                _wins(explored[2], "winners"), checks.texts_of(explored[3], "sides"),
                _listed(explored[4]), _listed(explored[5]), nexts)
    for entry in found.latest + found.strongest:
        if entry[0] <= 0:
            raise Damage("a list of records of the explorer's table is not what kifu writes")
    return found


#: The columns read of a position's rows.
_EXPLORED = f"{', '.join(store.EXPLORED_COLUMNS)}, checksum"
_CONTINUATION = f"{', '.join(store.CONTINUATION_COLUMNS)}, checksum"


def read(db: sqlite3.Connection, value: int, *, shared: bool = False) -> Row | None:
    """The rows of the position ``value``, checked (:func:`decode`, ``shared`` as it takes
    it); ``None`` where it has none."""
    explored = db.execute(f"SELECT {_EXPLORED} FROM explored WHERE hash = ?",
                          (value,)).fetchall()
    if not explored:
        return None
    rows = db.execute(f"SELECT {_CONTINUATION} FROM continuation WHERE hash = ? ORDER BY next",
                      (value,)).fetchall()
    return decode(explored[0], rows, shared=shared)


# -- writing -------------------------------------------------------------------------------

class Played(NamedTuple):
    """What a record brings to the rows of a position it reaches: its number, its winner as
    a side of the position's canonical image, the positions that follow it there, its date,
    strength and sides.  (A tuple: one is made for each position a record brings, tens of
    thousands a run.)"""

    record: int
    winner: str
    nexts: tuple[int, ...]
    #: Where each of ``nexts`` puts its stone (:func:`canonical_point`; -1: nowhere known).
    points: tuple[int, ...]
    date: str | None
    strength: float | None
    sides: tuple[str, ...]

    def listed(self) -> Listed:
        return (self.record, self.date, self.strength)


#: The point staged for a node that nothing follows (a record's last, or each node of a
#: record whose trail is read back).
LAST = -2


def run_column(rows: memoryview, at: int) -> array[int]:
    """The ``at``-th number of each row of sorted runs' rows (the packing's ``run`` and
    ``merge``: four a row, read as signed 64-bit, ``rows``: hash, place, next hash, point)."""
    column = array("q")
    column.frombytes(rows[at::4].tobytes())
    return column


class Held(NamedTuple):
    """A first run's new positions, held in memory record after record, node after node
    (:class:`kifu.corpus.build._Writer`): each one's hash and place, and the point the move
    to the next node puts a stone on (:func:`placed`; :data:`LAST`: none follows)."""

    hashes: array[int]
    places: array[int]
    points: array[int]


class Writer:
    """The explorer's rows kept up to date by a run of ``kifu index`` (its connection ``db``):
    the records it forgets are told with :meth:`forget` as they go, and :meth:`finish`, once
    every position row is in place and the new records' are still staged (the temporary
    table ``staged``), writes the rows of every position they change."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        #: The records forgotten, by the position with rows they reached.
        self.removed: dict[int, list[Played]] = {}
        #: The positions counted anew, from every record (one they held was forgotten), and
        #: those whose rows were written.
        self.anew: set[int] = set()
        self.written: set[int] = set()
        self._symmetries: dict[int, tuple[tuple[str, ...], tuple[bool, ...]]] = {}
        #: The records added this run that are counted from what the index's writer stages
        #: of them (:meth:`arrived`), by id: their winner, sides, which images swap the
        #: colours, date and strength.  The others added are counted from their trails.
        self.arrivals: dict[int, Arrival] = {}
        self._swaps: dict[str, tuple[bool, ...]] = {}
        #: How many records added this run are counted from their trails.
        self.read_back = 0
        #: The rows :meth:`_write` makes, written many a statement (:meth:`_flush`): the
        #: positions whose old rows go, then the new rows.
        self._gone: list[tuple[int]] = []
        self._continuations: list[tuple[Any, ...]] = []
        self._explored: list[tuple[Any, ...]] = []
        #: The winners' texts of rows written, by their counts, and the sides' texts.
        self._wins_text: dict[tuple[tuple[str, int], ...], str] = {}
        self._sides: dict[tuple[str, ...], str] = {}

    def symmetry(self, symmetry: int | None) -> tuple[tuple[str, ...], tuple[bool, ...]]:
        """The names of the transformations of the symmetry ``symmetry`` (a record's) and
        which of them swap the colours, its row checked."""
        if symmetry is None:
            return ("identity",), (False,)
        known = self._symmetries.get(symmetry)
        if known is None:
            row = self.db.execute("SELECT data, checksum FROM symmetry WHERE id = ?",
                                  (symmetry,)).fetchone()
            if row is None or checksum("symmetry", symmetry, row[0]) != row[1]:
                raise Damage("the row of a record's symmetry is missing or does not match its "
                             "checksum")
            names, swaps, _ = checks.symmetry_of(row[0])
            known = self._symmetries[symmetry] = (tuple(names), tuple(swaps))
        return known

    def arrived(self, record: int, winner: str | None, sides: Sequence[str], symmetry: str,
                date: str | None, strength: float | None) -> None:
        """A record added whose positions are staged with what follows each (the table
        ``staged``: each node's hash and place, the next node's hash and the point its move
        puts a stone on, :func:`placed`), its values as its ``game`` row holds them: it is
        counted from those rows, its trail never read back."""
        swaps = self._swaps.get(symmetry)
        if swaps is None:
            swaps = self._swaps[symmetry] = checks.symmetry_of(symmetry, record)[1]
        self.arrivals[record] = (winner, tuple(sides), swaps, date, strength)

    def played(self, record: int, hashes: Sequence[int], images: bytes, lines: Any,
               game: Sequence[Any], wanted: Iterable[int] | None,
               log: Any = None) -> dict[int, Played]:
        """What the record ``record`` (its trail's values and its checked ``game`` row, of
        :data:`kifu.corpus.store.GAME_COLUMNS`) brings to each position of ``wanted``; with
        its trail's ``log`` (a grid record's), where each move it plays from there puts its
        stone."""
        values = dict(zip(store.GAME_COLUMNS, game, strict=True))
        sides = tuple(checks.texts_of(values["sides"], "sides", record))
        names, swaps = self.symmetry(values["symmetry"])
        winner = values["winner"]
        lines = checks.lines_of(lines, len(hashes), record)
        following = successors(lines) if len(lines) > 1 else None
        board = None
        changes = None
        # A record of one line: the point each node's next move puts its stone on, for
        # every node at once (:func:`placed`, in C where the packing runs), rather than
        # looked for point by point at each node asked for (:func:`put_point`).
        next_points: array[int] | None = None
        if log is not None:
            board = board_symmetry(values["grid"], names, record)
            if board is not None:
                columns, rows = grid_of(values["grid"], record)
                data = checks.log_data(log, columns * rows, len(hashes), record)
                changes = Changes(log, columns * rows, len(hashes), record, data)
                if following is None:
                    next_points = array("h")
                    next_points.frombytes(placed(data, columns * rows, board, images))
        found = {}
        for value, (image, nexts, places) in reached(hashes, images, following,
                                                     wanted).items():
            if image >= len(swaps):
                raise Damage("its images do not fit its symmetry", record)
            points = []
            for node, child in places:
                if next_points is not None:
                    points.append(next_points[node])
                    continue
                point = None if changes is None else put_point(changes, node, child)
                points.append(-1 if point is None or board is None else
                              canonical_point(board, images[node], point))
            found[value] = Played(record, turned(winner, sides, swaps[image]), tuple(nexts),
                                  tuple(points), values["date"], values["strength"], sides)
        return found

    def forget(self, record: int, hashes: Sequence[int], images: bytes, lines: Any,
               game: Sequence[Any]) -> None:
        """A record about to be taken out of the index: what it brought to the positions
        with rows it reaches, taken off at :meth:`finish`."""
        distinct = sorted(set(hashes))
        with_rows: set[int] = set()
        for first in range(0, len(distinct), 500):
            chunk = distinct[first:first + 500]
            with_rows.update(row[0] for row in self.db.execute(
                f"SELECT hash FROM explored WHERE hash IN ({','.join('?' * len(chunk))})",
                chunk))
        if with_rows:
            for value, played in self.played(record, hashes, images, lines, game,
                                             with_rows).items():
                self.removed.setdefault(value, []).append(played)

    def finish(self, first_build: bool, held: Held | None = None,
               shared: array[int] | None = None,
               counted: Iterable[tuple[list[Any], list[Any]]] | None = None) -> None:
        """Write the rows of every position the run changes (see the module's text);
        ``first_build``: the index had no position before the run (no rows to replace).
        The new records' positions are staged (the table ``staged``), or on a first run
        ``held`` in memory, ``shared`` where each of the positions that several rows hold
        stands in it, in the positions' order (:func:`kifu.corpus.build`'s ``arrange``);
        then, where every record was counted as it came, ``counted`` are their rows if
        they were made already (:meth:`counted`, in another process)."""
        db = self.db
        rows: dict[int, Row] = {}  # the positions whose rows are kept and changed
        anew = self.anew
        for value, removed in self.removed.items():
            had = read(db, value)
            if had is None:
                raise Damage("a position's row of the explorer's table went missing")
            gone = {played.record for played in removed}
            if any(nxt.example in gone for nxt in had.nexts.values()) or any(
                    len(listed) >= LISTED and gone & {entry[0] for entry in listed}
                    for listed in (had.latest, had.strongest)):
                anew.add(value)
            else:
                rows[value] = had
        db.execute("CREATE TEMP TABLE fresh (hash INTEGER PRIMARY KEY)")
        db.execute("CREATE TEMP TABLE grown (hash INTEGER PRIMARY KEY)")
        # What each record brings to each position: gathered by record (each record's trail
        # read once), then read back by position, one position's rows made at a time.
        db.execute("CREATE TEMP TABLE brought (hash INTEGER, record INTEGER, winner TEXT, "
                   "nexts BLOB, points BLOB, date TEXT, strength REAL, sides TEXT)")
        db.executemany("INSERT INTO fresh VALUES (?)", ((value,) for value in sorted(anew)))
        if held is not None and shared is not None:
            if self.read_back:  # the positions the records read back may bring to
                hashes = held.hashes
                db.executemany("INSERT OR IGNORE INTO fresh VALUES (?)",
                               ((hashes[at],) for at in shared))
        elif first_build and counted is None:
            db.execute(f"INSERT OR IGNORE INTO fresh SELECT hash FROM position GROUP BY hash "
                       f"HAVING count(*) >= {SHARED}")
        else:
            # The new positions looked up in hash order, so that the explorer's and the
            # positions' trees are read page after page (in the staged rows' order, at
            # random, they took most of an update's time).
            db.execute("INSERT OR IGNORE INTO fresh SELECT s.hash FROM (SELECT hash FROM staged "
                       "GROUP BY hash ORDER BY hash) s WHERE NOT EXISTS (SELECT 1 FROM explored "
                       "e WHERE e.hash = s.hash) AND (SELECT count(*) FROM position p WHERE "
                       f"p.hash = s.hash) >= {SHARED}")
            db.execute("INSERT OR IGNORE INTO grown SELECT DISTINCT s.hash FROM staged s JOIN "
                       "explored e ON e.hash = s.hash WHERE s.hash NOT IN (SELECT hash FROM "
                       "fresh)")
            if self.counts_arrivals_in_c():
                self._unseen_counted()
        if self.counts_arrivals_in_c() and (
                held is not None and shared is not None or counted is not None):
            # every record counted as it came, and counted in C: from the rows held, else
            # (a first run past what it holds) from its sorted runs merged, the rows given
            if counted is None:
                assert held is not None and shared is not None
                counted = self.counted(held, shared)
            for continued, explored in counted:
                self._continuations, self._explored = continued, explored
                self._flush()
            for name in ("fresh", "grown", "brought"):
                db.execute(f"DROP TABLE {name}")
            return
        if self.read_back or not first_build:  # else every record is of the arrivals
            self._bring()
        row: Row | None = None
        # Each position's records in order (the first names its sides): those read back
        # from their trails and those counted from their staged rows, merged.
        arrived = self._staged() if held is None or shared is None else \
            self._held(held, shared)
        for value, played in _merged(self._brought(), arrived):
            if row is None or row.hash != value:
                if row is not None:
                    self._done(row, first_build)
                row = rows.pop(value, None)
                if row is None and value not in anew and not first_build:
                    row = read(db, value)  # one that grows (none: one counted anew)
                row = row or Row(value)
            _add(row, played)
        if row is not None:
            self._done(row, first_build)
        for row in rows.values():  # forgotten records alone
            self._done(row, first_build)
        for value in anew - self.written:  # every record of it forgotten
            self._write(Row(value), replace=True)
        self._flush()
        for name in ("fresh", "grown", "brought"):
            db.execute(f"DROP TABLE {name}")

    def _brought(self) -> Iterator[tuple[int, Played]]:
        """What the records read back from their trails bring (the table ``brought``), by
        position and record."""
        sides_read: dict[str, tuple[str, ...]] = {}  # each record's sides, read once
        for value, record, winner, nexts, points, date, strength, sides in self.db.execute(
                "SELECT * FROM brought ORDER BY hash, record"):
            following, where = array("q"), array("q")
            following.frombytes(nexts)
            where.frombytes(points)
            read_sides = sides_read.get(sides)
            if read_sides is None:
                read_sides = sides_read[sides] = tuple(json.loads(sides))
            yield value, Played(record, winner, tuple(following), tuple(where), date, strength,
                                read_sides)

    def _staged(self) -> Iterator[tuple[int, Played]]:
        """What the records counted as they came in (:meth:`arrived`) bring to the positions
        counted anew and to those that grow, by position and record, from their staged rows
        in node order: as :func:`reached` finds them in a trail of one line (the image of
        the first node reaching the position, the positions following it each once)."""
        if self.arrivals:  # (no record came in counted: the rows may not be staged at all)
            yield from _brought(self.arrivals, self.db.execute(
                "SELECT hash, place, next, point FROM staged WHERE hash IN (SELECT hash FROM "
                "fresh UNION ALL SELECT hash FROM grown) ORDER BY hash, place"))

    def _held(self, held: Held, shared: Sequence[int]) -> Iterator[tuple[int, Played]]:
        """:meth:`_staged` of the positions a first run holds in memory, from where each row
        of the positions several rows hold stands in them (``shared``, in the positions'
        order)."""
        hashes, places, following = held.hashes, held.places, held.points
        return _brought(self.arrivals, (
            (hashes[at], places[at], hashes[at + 1] if following[at] != LAST else 0,
             following[at]) for at in shared))

    def counted(self, held: Held, shared: array[int]
                ) -> Iterator[tuple[list[Any], list[Any]]]:
        """The rows of each position several rows hold on a first run whose records all
        came in counted (:meth:`arrived`), counted and made at once in C (a first run
        holds its positions only where the packing was built): what :func:`_add` makes of
        each record in turn from :meth:`_held`'s rows, and :meth:`_write` of each position's
        counts, which stay the reference; a few thousand rows at a time (the continuations'
        and the positions'), made without the index (a process forked for it can make
        them while the index's writer writes the positions: :mod:`kifu.run.aside`)."""
        if not shared or not self.arrivals:  # no position several rows hold, or none at all
            return
        yield from self._counted_in_c(self._records_for_c(), held, shared)

    def counts_arrivals_in_c(self) -> bool:
        """Whether every record added came in counted (:meth:`arrived`: none is read back
        from its trail) and the packing runs to count them in C."""
        return not self.read_back and bool(self.arrivals) and \
            compiled(checks.PACKING) is not None

    def _records_for_c(self) -> _RecordsForC:
        """What the packing's ``explore`` and ``rows`` take of the records counted as they
        came (:meth:`arrived`), made once for all the positions they count in."""
        arrivals = self.arrivals
        first = min(arrivals)
        size = max(arrivals) - first + 1
        # Each record's winner (a code: its place in ``names``) as an image that does not
        # and that does swap the colours names it, which images do, and its ranks by date
        # and by strength (the keys are of one order: the top of a position's records by
        # rank are those ``heapq.nlargest`` gives by key); and the JSON texts of its sides
        # and of its entry in a position's lists, which C joins into a row's.
        codes: dict[str, int] = {}
        plain, swapped = array("i", bytes(4 * size)), array("i", bytes(4 * size))
        swaps = array("I", bytes(4 * size))
        listed: dict[int, Listed] = {}
        sides_texts, listed_texts = [""] * size, [""] * size
        # (what a record's winner, sides and symmetry give it, worked out once for each of
        # the few there are: in the order records come, so that the codes are the same)
        kinds: dict[tuple[Any, ...], tuple[int, int, int, str]] = {}
        for record, (winner, sides, swap, date, strength) in arrivals.items():
            at = record - first
            kind = kinds.get((winner, sides, swap))
            if kind is None:
                kind = kinds[winner, sides, swap] = (
                    codes.setdefault(turned(winner, sides, False), len(codes)),
                    codes.setdefault(turned(winner, sides, True), len(codes)),
                    sum(1 << image for image, flips in enumerate(swap) if flips),
                    self._sides_text(sides))
            plain[at], swapped[at], swaps[at], sides_texts[at] = kind
            entry = listed[record] = (record, date, strength)
            listed_texts[at] = listed_text(entry)
        ranks = []
        for key in (_latest, _strongest):
            rank = array("I", bytes(4 * size))
            for place, entry in enumerate(sorted(listed.values(), key=key)):
                rank[entry[0] - first] = place
            ranks.append(rank)
        names = list(codes)
        order = array("I", bytes(4 * len(names)))
        for place, code in enumerate(sorted(range(len(names)), key=names.__getitem__)):
            order[code] = place
        return _RecordsForC(first, (plain, swapped, swaps, ranks[0], ranks[1]),
                            (tuple(json.dumps(name) for name in names), order,
                             tuple(sides_texts), tuple(listed_texts), first))

    def _counted_in_c(self, records: _RecordsForC, held: Held, shared: array[int]
                      ) -> Iterator[tuple[list[Any], list[Any]]]:
        """:meth:`counted` of the positions at ``shared`` in ``held``, whole positions."""
        packing = compiled(checks.PACKING)
        assert packing is not None
        counted = packing.explore(held.hashes, held.places, held.points, shared, records.first,
                                  *records.arrays, LISTED, LAST, store.GAME_SHIFT,
                                  store.MAX_IMAGES)
        for at in range(0, len(counted), _WRITTEN_ROWS):
            yield packing.rows(counted[at:at + _WRITTEN_ROWS], *records.texts)

    def counted_merged(self, batches: Iterable[bytes]) -> Iterator[tuple[list[Any], list[Any]]]:
        """:meth:`counted` of a first run past what it holds in memory, whose records all
        came in counted: its sorted runs merged (``batches`` of whole positions, the rows of
        the packing's ``merge``: each one's hash, place, next hash and point), the rows of
        the positions several rows hold in each held as ``held`` would hold them, each
        followed by the position after it (so that C counts them as it counts a first run's
        held rows, and memory stays bounded)."""
        packing = compiled(checks.PACKING)
        if not self.arrivals or packing is None:
            return
        records = self._records_for_c()
        for batch in batches:
            rows = memoryview(batch).cast("q")
            count = len(rows) // 4
            pairs = Held(array("q", bytes(16 * count)), array("q", bytes(16 * count)),
                         array("h", [LAST]) * (2 * count))
            pairs.hashes[0::2] = run_column(rows, 0)
            pairs.hashes[1::2] = run_column(rows, 2)
            pairs.places[0::2] = run_column(rows, 1)
            pairs.points[0::2] = array("h", memoryview(batch).cast("h")[12::16].tobytes())
            yield from self._counted_pairs(records, pairs)

    def _unseen_counted(self) -> None:
        """An update's positions that no record reached before it (none of their rows is an
        older record's: the new records' ids come after every other) and that several reach
        now, counted in C from their staged rows as a first run's are, their rows written
        and the positions taken out of ``fresh``: what is left of it (positions older
        records reach too, read back from their trails) and ``grown`` stay Python's."""
        db = self.db
        first = store.place(min(self.arrivals), 0, 0)
        db.execute("CREATE TEMP TABLE unseen (hash INTEGER PRIMARY KEY)")
        db.execute("INSERT INTO unseen SELECT f.hash FROM fresh f WHERE NOT EXISTS (SELECT 1 "
                   "FROM explored e WHERE e.hash = f.hash) AND NOT EXISTS (SELECT 1 FROM "
                   "position p WHERE p.hash = f.hash AND p.place < ?)", (first,))
        db.execute("DELETE FROM fresh WHERE hash IN (SELECT hash FROM unseen)")
        for continued, explored in self._counted_staged("unseen"):
            self._continuations, self._explored = continued, explored
            self._flush()
        db.execute("DROP TABLE unseen")

    def _counted_staged(self, positions: str) -> Iterator[tuple[list[Any], list[Any]]]:
        """:meth:`counted` of the positions of the table ``positions`` from their staged
        rows, read in their order, a batch of whole positions at a time, each row as
        ``held`` would hold it followed by the position after it (so that C counts them as
        it counts a first run's held rows, and memory stays bounded)."""
        records = self._records_for_c()
        batch = Held(array("q"), array("q"), array("h"))
        value = None
        for found, place, after, point in self.db.execute(
                "SELECT hash, place, next, point FROM staged WHERE hash IN (SELECT hash FROM "
                f"{positions}) ORDER BY hash, place"):
            if found != value and len(batch.hashes) >= 2 * COUNTED_ROWS:
                yield from self._counted_pairs(records, batch)
                batch = Held(array("q"), array("q"), array("h"))
            value = found
            batch.hashes.append(found)
            batch.hashes.append(after)
            batch.places.append(place)
            batch.places.append(0)
            batch.points.append(point)
            batch.points.append(LAST)
        if batch.hashes:
            yield from self._counted_pairs(records, batch)

    def _counted_pairs(self, records: _RecordsForC, batch: Held
                       ) -> Iterator[tuple[list[Any], list[Any]]]:
        """:meth:`_counted_in_c` of the positions several rows hold among rows held in pairs
        (a row, then the position after it), each position in one batch."""
        packing = compiled(checks.PACKING)
        assert packing is not None
        order = array("I", range(0, len(batch.hashes), 2))
        # (each pair's first number is its row's hash: as ``shared`` reads rows)
        shared = array("I")
        shared.frombytes(packing.shared(batch.hashes, order, SHARED))
        if shared:
            yield from self._counted_in_c(records, batch, shared)

    def _sides_text(self, sides: Sequence[str]) -> str:
        """The JSON text of a record's sides (most records' are alike)."""
        key = tuple(sides)
        text = self._sides.get(key)
        if text is None:
            if len(self._sides) > 4096:
                self._sides.clear()
            text = self._sides[key] = json.dumps(list(key))
        return text

    def _done(self, row: Row, first_build: bool) -> None:
        """A position's rows as the records added and forgotten leave them, written (a
        position counted anew counts the records left alone)."""
        if row.hash not in self.anew:
            for played in self.removed.get(row.hash, ()):
                _take(row, played)
        _settle(row)
        self.written.add(row.hash)
        self._write(row, replace=not first_build)

    def _bring(self) -> None:
        """What the records bring to the positions counted anew (``fresh``: every record
        that reaches them) and to those that grow (``grown``: the new records, ``staged``),
        into the table ``brought``."""
        # Each position of ``fresh`` and ``grown`` looked up (CROSS JOIN keeps them the outer
        # tables: SQLite, which knows nothing of a temporary table's size, would rather scan
        # every position of the index, however few were asked for).
        occurrences = self.db.execute(
            f"SELECT p.place >> {store.GAME_SHIFT} AS record, p.hash FROM fresh f CROSS JOIN "
            f"position p ON p.hash = f.hash UNION SELECT s.place >> {store.GAME_SHIFT}, s.hash "
            "FROM grown g CROSS JOIN staged s ON s.hash = g.hash ORDER BY record")
        wanted: dict[int, set[int]] = {}
        arrivals = self.arrivals
        for record, value in occurrences:
            if record in arrivals:  # counted from its staged rows
                continue
            if len(wanted) >= 500 and record not in wanted:
                self._each(wanted)
                wanted = {}
            wanted.setdefault(record, set()).add(value)
        if wanted:
            self._each(wanted)

    def _each(self, wanted: dict[int, set[int]]) -> None:
        """What each record of ``wanted`` brings to the positions wanted of it, its trail and
        its row read and checked."""
        ids = sorted(wanted)
        marks = ",".join("?" * len(ids))
        games = {row[0]: row for row in self.db.execute(
            f"SELECT {', '.join(store.GAME_COLUMNS)}, checksum FROM game WHERE id IN ({marks})",
            ids)}
        trails = {row[0]: row for row in self.db.execute(
            f"SELECT game, hashes, images, lines, log, checksum FROM trail WHERE game IN "
            f"({marks})", ids)}
        brought = []
        sides_text: dict[tuple[str, ...], str] = {}
        for record in ids:
            game, trail = games.get(record), trails.get(record)
            if game is None or trail is None:
                raise Damage("a position's row names a record that has no row or no trail")
            if checksum("game", *game[:-1]) != game[-1] or \
                    checksum("trail", *trail[:5]) != trail[5]:
                raise Damage("the row of a record does not match its checksum", record)
            positions = whole(game[store.GAME_COLUMNS.index("positions")], "positions", record)
            hashes = checks.hashes_of(trail[1], positions, record)
            images = checks.images_of(trail[2], positions, checks.MAX_IMAGES, record)
            for value, played in self.played(record, hashes, images, trail[3], game[:-1],
                                             wanted[record], trail[4]).items():
                sides = sides_text.get(played.sides)
                if sides is None:
                    sides = sides_text[played.sides] = json.dumps(played.sides)
                brought.append((value, record, played.winner,
                                array("q", played.nexts).tobytes(),
                                array("q", played.points).tobytes(), played.date,
                                played.strength, sides))
        self.db.executemany("INSERT INTO brought VALUES (?, ?, ?, ?, ?, ?, ?, ?)", brought)

    def _write(self, row: Row, replace: bool) -> None:
        """A position's rows, written with others' (each position is written once a run)."""
        if replace:
            self._gone.append((row.hash,))
        if row.games > 0:
            sums = []
            for after in sorted(row.nexts):
                nxt = row.nexts[after]
                values = (row.hash, after, nxt.games, self._wins(nxt.wins), nxt.example,
                          nxt.point)
                check = checksum("continuation", *values)
                self._continuations.append((*values, check))
                sums.append(check)
            tally = checks.row_tally(sums)
            sides = self._sides_text(row.sides)
            explored = (row.hash, row.games, self._wins(row.wins), sides,
                        json.dumps(row.latest), json.dumps(row.strongest), *tally)
            self._explored.append((*explored, checksum("explored", *explored)))
        if len(self._continuations) + len(self._explored) >= _WRITTEN_ROWS:
            self._flush()

    def _wins(self, wins: Counter[str]) -> str:
        """The text of a row's winners (:func:`_json`), made once for each count of winners
        (most rows' are alike)."""
        key = tuple(sorted(wins.items()))
        text = self._wins_text.get(key)
        if text is None:
            if len(self._wins_text) > 4096:
                self._wins_text.clear()
            text = self._wins_text[key] = _json(wins)
        return text

    def _flush(self) -> None:
        """The rows :meth:`_write` made, into the tables."""
        db = self.db
        db.executemany("DELETE FROM explored WHERE hash = ?", self._gone)
        db.executemany("DELETE FROM continuation WHERE hash = ?", self._gone)
        db.executemany("INSERT INTO continuation VALUES (?, ?, ?, ?, ?, ?, ?)", self._continuations)
        db.executemany("INSERT INTO explored VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       self._explored)
        self._gone, self._continuations, self._explored = [], [], []


#: The rows :class:`Writer` holds before it writes them (a few MiB).
_WRITTEN_ROWS = 20_000
#: The rows of positions counted in C at a time (whole positions: a batch is cut only where
#: a position ends), some 50 MiB with what C makes of them.
COUNTED_ROWS = 1 << 20


class _RecordsForC(NamedTuple):
    """What the packing's ``explore`` (``arrays``) and ``rows`` (``texts``) take of the
    records counted as they came, the first of whose ids is ``first``."""

    first: int
    arrays: tuple[array[int], ...]
    texts: tuple[Any, ...]


def _json(wins: Counter[str]) -> str:
    return json.dumps({name: count for name, count in sorted(wins.items()) if count > 0})


def _brought(arrivals: dict[int, Arrival],
             rows: Iterable[tuple[int, int, int, int]]) -> Iterator[tuple[int, Played]]:
    """What each record counted as it came in brings to a position, by position and record,
    from ``rows`` of (the position's hash, its place, the hash of the position after it, the
    point the next move fills or ``LAST``) in the order of hash and place: the image of the
    first node reaching the position, the positions following it each once."""
    if not arrivals:
        return
    current, meta = -1, None
    value, image = 0, 0
    nexts: list[int] = []
    points: list[int] = []
    for found, place, after, point in rows:
        record = place >> store.GAME_SHIFT
        if record != current or found != value:
            if meta is not None:
                yield value, _arrival(current, meta, image, nexts, points)
            meta = arrivals.get(record)
            current, value, image = record, found, place & (store.MAX_IMAGES - 1)
            nexts, points = [], []
        if point != LAST and after not in nexts:
            nexts.append(after)
            points.append(point)
    if meta is not None:
        yield value, _arrival(current, meta, image, nexts, points)


def _merged(brought: Iterator[tuple[int, Played]], arrived: Iterable[tuple[int, Played]]
            ) -> Iterator[tuple[int, Played]]:
    """What records bring to positions, by position and record: ``brought`` (those read back,
    usually few) and ``arrived`` (those counted as they came), each in that order, merged as
    ``heapq.merge`` would (``brought`` first where both bring the same), each of
    ``arrived`` compared with the next of ``brought`` alone."""
    waiting = next(brought, None)
    for pair in arrived:
        while waiting is not None and (waiting[0] < pair[0] or (
                waiting[0] == pair[0] and waiting[1].record <= pair[1].record)):
            yield waiting
            waiting = next(brought, None)
        yield pair
    if waiting is not None:
        yield waiting
        yield from brought


def _arrival(record: int, meta: Arrival, image: int, nexts: list[int], points: list[int]) -> Played:
    """What a record counted as it came in brings to a position (:meth:`Writer._staged`)."""
    winner, sides, swaps, date, strength = meta
    return Played(record, turned(winner, sides, swaps[image]), tuple(nexts), tuple(points),
                  date, strength, sides)


def _add(row: Row, played: Played) -> None:
    """A record counted in a position's rows."""
    if not row.games and not row.sides:
        row.sides = list(played.sides)
    row.games += 1
    row.wins[played.winner] += 1
    row.pending.append(played.listed())
    if len(row.pending) > 4 * LISTED:
        _settle(row)
    for after, point in zip(played.nexts, played.points, strict=True):
        nxt = row.nexts.get(after)
        if nxt is None:
            row.nexts[after] = Next(1, Counter({played.winner: 1}), played.record,
                                    None if point < 0 else point)
        else:
            nxt.games += 1
            nxt.wins[played.winner] += 1
            if played.record < nxt.example:  # the point is the example's
                nxt.example, nxt.point = played.record, None if point < 0 else point


def _settle(row: Row) -> None:
    """The records added to a position's rows put in its lists."""
    if row.pending:
        row.latest = heapq.nlargest(LISTED, [*row.latest, *row.pending], key=_latest)
        row.strongest = heapq.nlargest(LISTED, [*row.strongest, *row.pending],
                                       key=_strongest)
        row.pending = []


def _take(row: Row, played: Played) -> None:
    """A record's count taken off a position's rows (one that is neither the example of a
    continuation nor in a full list: see :meth:`Writer.finish`)."""
    row.games -= 1
    _less(row.wins, played.winner)
    row.latest = [entry for entry in row.latest if entry[0] != played.record]
    row.strongest = [entry for entry in row.strongest if entry[0] != played.record]
    for after in played.nexts:
        nxt = row.nexts.get(after)
        if nxt is None:
            raise Damage("the explorer's table does not hold a continuation a record plays")
        nxt.games -= 1
        _less(nxt.wins, played.winner)
        if nxt.games <= 0:
            del row.nexts[after]


def _less(wins: Counter[str], winner: str) -> None:
    if wins[winner] <= 0:
        raise Damage("the explorer's table does not count a record it holds")
    wins[winner] -= 1
    if not wins[winner]:
        del wins[winner]


def first_place(hashes: Sequence[int], images: bytes, value: int) -> tuple[int, int] | None:
    """The first node of a record whose position is ``value``, and its image."""
    try:
        node = hashes.index(value)  # in C for a trail's array (an explorer lists ten a step)
    except ValueError:
        return None
    return node, images[node]

