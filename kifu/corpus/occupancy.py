"""When each point of a grid record first held each colour, and when it was filled for good:
what the index keeps of every grid record for a pattern search's sieve.

A pattern holds at a node only where each of its stones stands then and each of its empty
points is empty then.  A stone of colour ``c`` stands at ``p`` at node ``n`` only if ``p`` held
``c`` at some node up to ``n``; a point is empty at ``n`` only if it was first filled after ``n``,
or was emptied again some time after it was first filled (a capture).  So the index keeps, for
each grid, point and kind (:data:`FIRST` and :data:`SECOND`: the point first held that colour;
:data:`FILLED`: the point was first filled and never emptied after), the records in which that
happened, as one bitmap over record ids for each span of nodes (:data:`STARTS`), and their
union.  The sieve (:func:`kifu.corpus.patterns.search_pattern`) keeps a record for a placement
only where, in some span, every stone had come and no empty point had been filled for good
before it: a condition every record that holds the placement meets, which a record whose
corner filled up in another order than the pattern's fails, whatever stones came later.

A row's ``games`` blob: :data:`SPANS` + 1 bitmaps (each span's, then their union), each
compressed apart (zlib; an empty bitmap as no bytes), after their lengths (unsigned 32-bit,
little-endian).  A span's bitmap is read only when the sieve gets that far.
"""
from __future__ import annotations

import struct
import zlib
from array import array
from bisect import bisect_right
from collections.abc import Iterable, Sequence

from kifu.base.native import compiled
from kifu.corpus.checks import PACKING, Damage, compressed

#: The kinds of a row: the point first held a stone of the first colour, of the second, or
#: was filled (by either) never to be emptied again.
FIRST, SECOND, FILLED = 1, 2, 3
#: The first node of each span of nodes a first time is kept to (the last span runs on).
STARTS = (0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 128, 160, 200, 256, 320)
SPANS = len(STARTS)
#: The span of each node below the last span's start.
_SPAN_OF = bytes(bisect_right(STARTS, node) - 1 for node in range(STARTS[-1]))
#: The most bytes a bitmap may hold decompressed (a damaged or hostile index is refused
#: rather than decompressed without end): a bit for each of 2**31 record ids.
MAX_BITMAP = 1 << 28
_LENGTHS = struct.Struct(f"<{SPANS + 1}I")


def span_of(node: int) -> int:
    """The span of nodes ``node`` falls in."""
    return _SPAN_OF[node] if node < STARTS[-1] else SPANS - 1


def firsts(changes: bytes | memoryview, points: int) -> bytes:
    """What the index keeps of a grid record's points, from its changes point by point
    (uncompressed, see :func:`kifu.corpus.indexing.histories`): ``(point << 2 | kind) << 4 |
    span`` (unsigned 32-bit, in order) for each point and kind (:data:`FIRST`, :data:`SECOND`,
    :data:`FILLED`) that happened, ``span`` the span of the node it first happened at."""
    module = compiled(PACKING)
    if module is not None:
        found: bytes = module.firsts(changes, points, _SPAN_OF, SPANS - 1)
        return found
    return _firsts(changes, points)


def _firsts(changes: bytes | memoryview, points: int) -> bytes:
    """:func:`firsts` in Python (the reference)."""
    nodes = struct.unpack_from("<II", changes)[1]
    counts = array("I")
    counts.frombytes(changes[8:8 + 4 * points])
    flat = array("I")
    flat.frombytes(changes[8 + 4 * points + nodes:])
    found = array("I")
    add = found.append
    at = 0
    for point, count in enumerate(counts):
        if not count:
            continue
        first = flat[at]
        if count == 1:  # a stone placed and never taken (most points of a record)
            key = point << 6 | (first & 3) << 4
            span = span_of(first >> 2)
            entries = sorted((key | span, point << 6 | FILLED << 4 | span))
            add(entries[0])
            add(entries[1])
        else:
            seen: dict[int, int] = {}
            emptied = False
            for change in flat[at:at + count]:
                content = change & 3
                if content:
                    seen.setdefault(content, change >> 2)
                else:
                    emptied = True
            if not emptied:
                seen[FILLED] = first >> 2
            for kind in sorted(seen):
                add(point << 6 | kind << 4 | span_of(seen[kind]))
        at += count
    return found.tobytes()


def encode(spans: Sequence[int]) -> bytes:
    """A row's blob from its spans' bitmaps (as numbers, bit ``i`` for record ``i``); the
    union is added."""
    union = 0
    for bits in spans:
        union |= bits
    # Runs alone (zlib's Z_RLE): Renju's bitmaps, mostly runs of empty bytes, compress to 15%
    # fewer bytes in half the time of level 3 (the bitmaps of 10,000 games: 1.46 MB in 0.08 s
    # against 1.72 MB in 0.15 s); Go's, whose bits repeat further back, 55% more bytes in
    # 0.75 of the time (the index of 10,000 Go games 0.15% larger).
    chunks = [compressed(bits.to_bytes((bits.bit_length() + 7) // 8, "little"), 1, zlib.Z_RLE)
              if bits else b"" for bits in (*spans, union)]
    return _LENGTHS.pack(*map(len, chunks)) + b"".join(chunks)


class Budget:
    """How many bytes of decoded bitmaps the rows read for one question may keep (the rest
    are decoded each time they are asked for): a question that asks for a span again keeps
    it while the budget lasts (a pattern search's sieve asks for each once, and keeps none)."""

    __slots__ = ("left",)

    def __init__(self, left: int = 64 << 20) -> None:
        self.left = left


class Bitmaps:
    """A row's blob, read: its spans' bitmaps (:meth:`span`) and their union (:attr:`union`),
    each decompressed when first asked for (and kept while ``budget`` lasts) and checked (a
    damaged one raises :class:`Damage`)."""

    __slots__ = ("_data", "_offsets", "_spans", "_budget", "union")

    def __init__(self, data: bytes, budget: Budget | None = None) -> None:
        if len(data) < _LENGTHS.size:
            raise Damage("a row of a grid's stones is not what kifu writes")
        lengths = _LENGTHS.unpack_from(data)
        if _LENGTHS.size + sum(lengths) != len(data):
            raise Damage("a row of a grid's stones is not what kifu writes")
        self._data = data
        self._offsets = [_LENGTHS.size]
        for length in lengths:
            self._offsets.append(self._offsets[-1] + length)
        self._spans: list[int | None] = [None] * SPANS
        self._budget = budget if budget is not None else Budget()
        self.union = self._read(SPANS)

    def span(self, index: int) -> int:
        """The bitmap of span ``index``."""
        found = self._spans[index]
        if found is None:
            found = self._read(index)
            size = (found.bit_length() + 7) // 8
            if self._budget.left >= size:
                self._budget.left -= size
                self._spans[index] = found
        return found

    def _read(self, index: int) -> int:
        start, end = self._offsets[index], self._offsets[index + 1]
        if start == end:
            return 0
        unpack = zlib.decompressobj()
        try:
            data = unpack.decompress(self._data[start:end], MAX_BITMAP + 1)
        except zlib.error:
            raise Damage("a row of a grid's stones does not decompress") from None
        if len(data) > MAX_BITMAP or unpack.unconsumed_tail or not unpack.eof or \
                unpack.unused_data or not data or not data[-1]:
            raise Damage("a row of a grid's stones is not what kifu writes")
        return int.from_bytes(data, "little")


def gathered(entries: array[int], ids: array[int]) -> list[tuple[int, bytes]]:
    """The records of each entry of :func:`firsts` (``entries`` and the ids of the records
    they are of, side by side), as a bitmap (a bit for each id, little-endian), by entry."""
    module = compiled(PACKING)
    if module is not None:
        found: list[tuple[int, bytes]] = module.gathered(entries.tobytes(), ids.tobytes())
        return found
    lists: dict[int, list[int]] = {}
    for entry, game in zip(entries, ids):
        mine = lists.get(entry)
        if mine is None:
            mine = lists[entry] = []
        mine.append(game)
    made = []
    for entry in sorted(lists):
        games = lists[entry]
        bits = bytearray((max(games) >> 3) + 1)
        for game in games:
            bits[game >> 3] |= 1 << (game & 7)
        made.append((entry, bytes(bits)))
    return made


def merged(old: bytes | None, added: Iterable[tuple[int, int]]) -> bytes:
    """A row's blob with the records ``added`` (``(span, bitmap)``, a bitmap as a number:
    bit ``i`` for record ``i``) set in it, ``old`` (a row's blob, or ``None``) kept."""
    spans = [0] * SPANS
    if old is not None:
        read = Bitmaps(old)
        spans = [read.span(index) for index in range(SPANS)]
    for span, bits in added:
        spans[span] |= bits
    return encode(spans)
