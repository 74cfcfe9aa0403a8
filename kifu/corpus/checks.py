"""Telling a damaged index from a right one.

SQLite keeps no checksum of its pages: a byte changed in a record's row, by a disk error, a
copy cut short or a hand, reads back as another value, and a search would answer with it.  So
the index keeps its own:

- **a checksum in every row a record owns** (its ``file``, ``game`` and ``trail`` rows, and the
  ``symmetry`` and ``occupancy`` rows it shares with others): BLAKE2b of the row's values
  (:func:`checksum`), checked when the row is read;
- **tallies** of the rows a question reads whole or looks up by a key other than the
  record's: how many rows, and the sums of their checksums' halves.  For the ``file`` and
  ``game`` tables and each grid's ``occupancy`` rows (the table ``tally``, a few rows read
  whole), so that a row lost, or one whose filtered column no longer matches, cannot leave a
  record out of an answer in silence (nor a file's row lost have an update index the file
  again beside its old records); and for the ``position`` rows, whose hashes fall in 65,536
  buckets (their top 16 bits), a tally each of ``hash XOR place`` (:data:`POSITION_TALLY`;
  the table ``bucket``, by the bucket's number): a lookup reads its bucket's rows (a few
  hundred in an index of twenty million positions), checks their order and sums them.  The tallies are
  found by row number or read whole, never through an index of their own: a page of one
  tree swapped with a page of another then reads as the damage it is (SQLite tells a table's
  pages from an index's), and a bucket's rows and its tally cannot both go missing
  unnoticed;
- **a copy of each record's searched values** (``keys``, :func:`kifu.corpus.store.keys`): a
  question that selects among every record (a filter, a pattern, the duplicates) compares
  every row's values with their copy, in SQLite (a few microseconds a row, where its checksum
  in Python would take several times that), so that a row it leaves out is left out for
  what it holds; the rows it selects are read, and checked whole;
- **every value checked as it is decoded** (the decoders below): its type, the JSON of its
  lines, sides and symmetry, the lengths of its blobs, its compressed log (and how far it may
  grow), so that a damaged value, or one a hostile file holds under a checksum it made
  itself, is an error rather than Python's exception.

Anything that does not hold raises :class:`Damage`, which the reader turns into a
``CorpusError`` that names the index, the record and the way to rebuild it.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import struct
import zlib
from array import array
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from kifu.base.native import compiled

#: The most points a grid of an index may have (a point of a pattern's events is 12 bits).
MAX_GRID_POINTS = 4096
#: The most images a game's symmetry may have (see :data:`kifu.corpus.store.IMAGE_BITS`).
MAX_IMAGES = 32
#: A position's bucket is its hash's top 16 bits (``hash >> BUCKET_SHIFT``).
BUCKET_SHIFT = 48
#: The most a record's compressed log of changes may grow to, decompressed.
MAX_LOG = 128 << 20


#: The compiled module that does the index's per-record packing where it was built
#: (``kifu/corpus/packing.c``): :func:`checksum`'s serializing, :func:`kifu.corpus.occupancy.
#: firsts` and :func:`~kifu.corpus.occupancy.gathered`, :func:`kifu.corpus.continuations.
#: placed`, and a first run's positions sorted and counted (:mod:`kifu.corpus.build`).
PACKING = "kifu.corpus._packing"
#: What it does, as ``kifu --version`` says beside its name (``index packing``).
PACKING_WORK = "what the index keeps of each record, sorted, counted and checksummed"


class Damage(Exception):
    """A value of the index that is not one kifu wrote: ``what``, and the record it belongs
    to (its id) where known."""

    def __init__(self, what: str, game: int | None = None) -> None:
        super().__init__(what)
        self.what, self.game = what, game


def checksum(table: str, *values: object) -> int:
    """The checksum of a row of ``table``, a signed 64-bit integer: BLAKE2b (personalised
    with the table's name, so that a row of one table read as another's does not match) of
    its values as SQLite gives them back, each marked with its kind (an integer, a float, a
    text, a blob, ``None``; a text as its UTF-8 bytes and a float as its hexadecimal form, so
    that the same row has the same checksum under any Python).  Made for every row read and
    written, so made in one call to C where the packing was built (:data:`PACKING`: its
    BLAKE2b gives hashlib's digest), else serialized in one pass and hashed by hashlib."""
    global _checksum
    if _checksum is None:
        module = compiled(PACKING)
        _checksum = _python_checksum if module is None else module.checksum
    return _checksum(table, values)


def _python_checksum(table: str, values: tuple[object, ...]) -> int:
    """:func:`checksum` in Python (the reference)."""
    digest = hashlib.blake2b(serialized(values), digest_size=8, person=table.encode("ascii"))
    return int.from_bytes(digest.digest(), "little", signed=True)


#: What :func:`checksum` is made by, chosen at its first call (looking the core up costs more
#: than the work, and both ways give the same number).
_checksum: Callable[[str, tuple[object, ...]], int] | None = None


def serialized(values: tuple[object, ...]) -> bytes:
    """What :func:`checksum` hashes of a row's values, in Python (the reference)."""
    parts: list[bytes] = []
    add = parts.append
    for value in values:  # in the order of how often a row holds each kind
        if value is None:
            add(b"n")
        elif isinstance(value, str):
            data = value.encode("utf-8", "surrogatepass")
            add(b"t%d:" % len(data))
            add(data)
        elif isinstance(value, int):
            add(b"i%d;" % value)
        elif isinstance(value, bytes):
            add(b"b%d:" % len(value))
            add(value)
        elif isinstance(value, float):
            add(b"f%s;" % value.hex().encode("ascii"))
        else:
            raise TypeError(f"no checksum of a {type(value).__name__}")
    return b"".join(parts)


#: SQL: the tally of a set of rows with a ``checksum`` column (how many, the sums of the
#: checksums' low and high 32 bits: no sum can overflow).
ROW_TALLY = ("count(*), coalesce(sum(checksum & 4294967295), 0), "
             "coalesce(sum(checksum >> 32), 0)")
_MIX = "((hash | place) - (hash & place))"  # hash XOR place, in SQL
#: SQL: the tally of a set of ``position`` rows: how many, and the sums of the low and high 32
#: bits of each one's ``hash XOR place`` (a row's hash or place changed, or two places
#: swapped, changes them).
POSITION_TALLY = (f"count(*), coalesce(sum({_MIX} & 4294967295), 0), "
                  f"coalesce(sum({_MIX} >> 32), 0)")


def bucket_of(value: int) -> int:
    """The bucket of a position's hash."""
    return value >> BUCKET_SHIFT


def bucket_range(bucket: int) -> tuple[int, int]:
    """The first and last hash of a bucket."""
    return bucket << BUCKET_SHIFT, (bucket << BUCKET_SHIFT) + (1 << BUCKET_SHIFT) - 1


def position_tallies(rows: Iterable[tuple[int, int]]) -> dict[int, list[int]]:
    """The tally of each bucket of ``(hash, place)`` rows, as :data:`POSITION_TALLY` sums it."""
    found: dict[int, list[int]] = {}
    for value, place in rows:
        mix = value ^ place
        tally = found.get(value >> BUCKET_SHIFT)
        if tally is None:
            tally = found[value >> BUCKET_SHIFT] = [0, 0, 0]
        tally[0] += 1
        tally[1] += mix & 0xFFFFFFFF
        tally[2] += mix >> 32
    return found


def row_tally(checksums: Iterable[int]) -> list[int]:
    """The tally of rows with these checksums, as :data:`ROW_TALLY` sums it."""
    found = [0, 0, 0]
    for value in checksums:
        found[0] += 1
        found[1] += value & 0xFFFFFFFF
        found[2] += value >> 32
    return found


# -- values, checked as they are decoded ------------------------------------------------------

def expect(value: Any, kind: type | tuple[type, ...], what: str, game: int | None = None,
           *, none: bool = False) -> Any:
    """``value`` if it is of ``kind`` (or ``None`` where ``none``), else :class:`Damage`."""
    if (value is None and none) or (isinstance(value, kind) and not isinstance(value, bool)):
        return value
    raise Damage(f"its {what} is {type(value).__name__}, not what kifu writes", game)


def whole(value: Any, what: str, game: int | None = None, *, low: int = 0,
          none: bool = False) -> Any:
    """An integer from ``low`` (or ``None`` where ``none``), else :class:`Damage`."""
    expect(value, int, what, game, none=none)
    if value is not None and value < low:
        raise Damage(f"its {what} is {value}", game)
    return value


def json_of(text: Any, what: str, game: int | None = None) -> Any:
    """A JSON text decoded."""
    expect(text, str, what, game)
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise Damage(f"its {what} is no JSON kifu wrote", game) from None


def texts_of(text: Any, what: str, game: int | None = None) -> list[str]:
    """A JSON list of texts decoded (a record's sides)."""
    found = json_of(text, what, game)
    if not isinstance(found, list) or not all(isinstance(item, str) for item in found):
        raise Damage(f"its {what} are not a list of names", game)
    return found


def headers_of(text: Any, game: int | None = None) -> dict[str, str]:
    """A record's headers (a JSON object of texts) decoded."""
    found = json_of(text, "headers", game)
    if not isinstance(found, dict) or not all(isinstance(value, str)
                                              for value in found.values()):
        raise Damage("its headers are not names and texts", game)
    return found


def hashes_of(data: Any, count: int, game: int | None = None) -> array[int]:
    """A blob of ``count`` hashes (signed 64-bit, of the byte order the index's ``meta``
    names: an index from another is refused)."""
    expect(data, bytes, "hashes", game)
    if len(data) != 8 * count:
        raise Damage(f"it keeps {len(data)} bytes of hashes for {count:,} positions", game)
    found = array("q")
    found.frombytes(data)
    return found


def images_of(data: Any, count: int, images: int, game: int | None = None) -> bytes:
    """A blob of ``count`` images, each below ``images``."""
    expect(data, bytes, "images", game)
    if len(data) != count or (data and max(data) >= images):
        raise Damage(f"its images do not fit its {count:,} positions under {images} "
                     "symmetries", game)
    return bytes(data)


def lines_of(text: Any, count: int, game: int | None = None) -> list[list[Any]]:
    """A record's lines of play (see :class:`kifu.corpus.indexing.IndexedRecord`): each
    ``[path, depth, count, number, events]``, their counts adding up to ``count``."""
    found = json_of(text, "lines", game)
    if not isinstance(found, list):
        raise Damage("its lines are not a list", game)
    total = 0
    for line in found:
        if not (isinstance(line, list) and len(line) == 5 and isinstance(line[0], str)
                and all(type(item) is int and item >= 0 for item in line[1:4])
                and isinstance(line[4], list) and all(type(item) is int for item in line[4])):
            raise Damage("one of its lines is not what kifu writes", game)
        if line[0] and not all(part.isdigit() and part.isascii()
                               for part in line[0].split(".")):
            raise Damage(f"a line's variation path {line[0][:40]!r} is no path", game)
        total += line[2]
    if total != count:
        raise Damage(f"its lines hold {total:,} positions, not {count:,}", game)
    return found


def symmetry_of(text: Any, game: int | None = None) -> tuple[tuple[str, ...], tuple[bool, ...],
                                                             tuple[tuple[int, ...], ...]]:
    """A symmetry's names, swaps and composition, as the index keeps them (JSON): at most
    :data:`MAX_IMAGES` transformations, composing into one another, each with an inverse."""
    found = json_of(text, "symmetry", game)
    try:
        names, swaps, compose = found["names"], found["swaps"], found["compose"]
        size = len(names)
        valid = (1 <= size <= MAX_IMAGES and all(isinstance(name, str) for name in names)
                 and len(swaps) == size and all(isinstance(swap, bool) for swap in swaps)
                 and len(compose) == size
                 and all(isinstance(row, list) and len(row) == size and 0 in row
                         and all(type(item) is int and 0 <= item < size for item in row)
                         for row in compose))
    except (TypeError, KeyError):
        valid = False
    if not valid:
        raise Damage("its symmetry is not one kifu writes", game)
    return tuple(names), tuple(swaps), tuple(tuple(row) for row in compose)


def grid_of(name: Any, game: int | None = None) -> tuple[int, int]:
    """A grid's width and height (``19x19``)."""
    expect(name, str, "grid", game)
    width, cross, height = name.partition("x")
    if not (cross and width.isdigit() and height.isdigit() and width.isascii()
            and height.isascii() and len(width) < 5 and len(height) < 5):
        raise Damage(f"its grid {name[:20]!r} is no grid", game)
    columns, rows = int(width), int(height)
    if not (columns and rows and columns * rows <= MAX_GRID_POINTS):
        raise Damage(f"its grid {name} is no grid kifu indexes", game)
    return columns, rows


#: The window and memory zlib compresses the index's blobs with (2**12 bytes back, level 4 of
#: 9 for its tables): a record's log and a span's bitmap are a few hundred bytes to a few KiB,
#: and zlib's default window and tables (32 KiB back, 256 KiB in all) cost seven times as long
#: to set up as compressing such a blob takes, for the same bytes out within a percent.  Any
#: zlib stream reads back the same (:func:`log_data`, :mod:`kifu.corpus.occupancy`).
_WINDOW_BITS, _MEMORY_LEVEL = 12, 4


def compressed(data: bytes, level: int, strategy: int = zlib.Z_DEFAULT_STRATEGY) -> bytes:
    """``data`` compressed with zlib at ``level`` (1 fastest, 9 smallest) and ``strategy``
    (``zlib.Z_RLE``: runs of a byte alone), in a window as large as the index's blobs need
    (:data:`_WINDOW_BITS`)."""
    packer = zlib.compressobj(level, zlib.DEFLATED, _WINDOW_BITS, _MEMORY_LEVEL, strategy)
    return packer.compress(data) + packer.flush()


def log_data(packed: Any, points: int, nodes: int, game: int | None = None) -> bytes:
    """A grid record's log, point by point, decompressed (at most as long as such a log of
    ``points`` points and ``nodes`` positions may be) and checked as far as its lengths go:
    what :class:`Changes` decodes, and a pattern search's compiled check reads (which checks
    its header and counts itself, and leaves what it finds wrong to :class:`Changes` to say)."""
    expect(packed, bytes, "log", game)
    most = min(MAX_LOG, 8 + 4 * points + nodes + 4 * points * max(nodes, 1))
    unpack = zlib.decompressobj()
    try:
        data = unpack.decompress(packed, most + 1)
    except zlib.error:
        raise Damage("its log of changes does not decompress", game) from None
    if len(data) > most or unpack.unconsumed_tail or not unpack.eof:
        raise Damage("its log of changes is not what kifu writes", game)
    return data


class Changes:
    """A grid record's log, point by point (see :func:`kifu.corpus.indexing.histories`),
    decoded and checked against the record: its points (the grid's) and its nodes (its
    positions)."""

    __slots__ = ("nodes", "sides", "flat", "offsets")

    def __init__(self, packed: Any, points: int, nodes: int, game: int | None = None,
                 data: bytes | None = None) -> None:
        if data is None:
            data = log_data(packed, points, nodes, game)
        if len(data) < 8 or struct.unpack_from("<II", data) != (points, nodes):
            raise Damage("its log of changes is not of its grid and positions", game)
        rest = len(data) - 8 - 4 * points - nodes
        if rest < 0 or rest % 4:
            raise Damage("its log of changes is not what kifu writes", game)
        counts = array("I")
        counts.frombytes(data[8:8 + 4 * points])
        if sum(counts) != rest // 4:
            raise Damage("its log of changes is not what kifu writes", game)
        self.nodes = nodes
        self.sides = data[8 + 4 * points:8 + 4 * points + nodes]
        self.flat = array("I")
        self.flat.frombytes(memoryview(data)[8 + 4 * points + nodes:])
        self.offsets: Sequence[int] = list(itertools.accumulate(counts, initial=0))
