"""Inputs for the index's compiled packing (``kifu/corpus/packing.c``) and its Python twins to
answer alike, and the same answers asked of both: records' changes point by point (the
examples' own, as the index keeps them, and random ones), boards' permutations, occupancy
entries, positions' rows and a first run's positions for the explorer's table, and rows'
values for checksums; and the inputs no caller of kifu's makes (empty, counts past the data,
bad bytes, other types, numbers out of range), which the packing must refuse with an
exception.  Shared by ``test_corpus_packing.py`` and the sanitizer build's worker,
``packing_worker.py``, which runs the same checks with the sanitized module in kifu's place."""
from __future__ import annotations

import itertools
import random
import struct
import zlib
from array import array
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

from kifu.corpus import build, checks, continuations, indexing, occupancy, store
from kifu.corpus.continuations import LAST, Held, Next, Row, Writer
from tests.cores import pure_python

ROOT = Path(__file__).resolve().parents[2]
#: A record's changes as the index keeps them, with its points and the board's symmetry
#: (an object with ``permutations``, as :func:`continuations.board_symmetry` gives) and
#: the canonical image of each node.
Changes = tuple[bytes, int, Any, bytes]


def example_changes() -> list[Changes]:
    """The changes of every example of a game on a grid that the index keeps a log of."""
    found = []
    for path in sorted((ROOT / "examples").rglob("*")):
        if path.suffix not in (".sgf", ".renju", ".psq"):
            continue
        for record in indexing.index_file(str(path)).records:
            if record.log is None or record.grid is None:
                continue
            columns, rows = checks.grid_of(record.grid)
            names = checks.symmetry_of(record.symmetry)[0]
            board = continuations.board_symmetry(record.grid, names)
            found.append((zlib.decompress(record.log), columns * rows, board, record.images))
    return found


def random_changes(rng: random.Random) -> Changes:
    """A random record's changes point by point, as :func:`indexing.histories` lays them out
    (each point's changes in node order, each a change of content), some nodes past the
    spans' last start; a random board symmetry of a few images, and each node's image."""
    points = rng.choice((1, 4, 25, 81, 361))
    nodes = rng.choice((0, 1, 2, 5, 40, 400))
    counts, flat = array("I", bytes(4 * points)), array("I")
    for point in range(points):
        if not nodes or rng.random() < 0.5:
            continue
        times = sorted(rng.sample(range(nodes), min(nodes, rng.choice((1, 1, 2, 3, 6)))))
        content = 0
        for node in times:
            content = rng.choice([kind for kind in (0, 1, 2) if kind != content])
            flat.append(node << 2 | content)
            counts[point] += 1
    sides = bytes(rng.randrange(3) for _ in range(nodes))
    changes = struct.pack("<II", points, nodes) + counts.tobytes() + sides + flat.tobytes()
    permutations = []
    for _ in range(rng.choice((1, 2, 4, 8))):
        order = list(range(points))
        rng.shuffle(order)
        permutations.append(tuple(order))
    board = SimpleNamespace(permutations=permutations) if rng.random() < 0.9 else None
    images = bytes(rng.randrange(len(permutations)) for _ in range(nodes))
    return changes, points, board, images


def occupancy_entries(rng: random.Random) -> tuple[array[int], array[int]]:
    """Entries of :func:`occupancy.firsts` and the ids of their records, side by side, the
    ids in order (as the writer gathers them) or not."""
    count = rng.choice((0, 1, 10, 500))
    entries = array("I", (rng.randrange(rng.choice((4, 4096, 1 << 32))) for _ in range(count)))
    ids = array("I", (rng.randrange(rng.choice((1, 900, 1 << 13))) for _ in range(count)))
    if rng.random() < 0.5:
        ids = array("I", sorted(ids))
    return entries, ids


def positions(rng: random.Random) -> tuple[array[int], array[int]]:
    """Positions' rows (hashes and places, signed 64-bit), the places in order or not, hashes
    repeated and at the ends of their range."""
    count = rng.choice((0, 1, 7, 600))
    pool = [rng.getrandbits(64) - (1 << 63) for _ in range(max(1, count // 4))] + \
        [-(1 << 63), (1 << 63) - 1, -1, 0]
    hashes = array("q", (rng.choice(pool) for _ in range(count)))
    if rng.random() < 0.5:
        places = array("q", range(0, 37 * count, 37))
    else:
        places = array("q", (rng.getrandbits(64) - (1 << 63) for _ in range(count)))
    return hashes, places


#: The rows from which the compiled ``arrange`` sorts by a hash's top byte first, then each
#: run of one by the rest (``TOP_FIRST`` in packing.c: the positions of some 1,300 Go games).
TOP_FIRST = 1 << 18


def arranged_at_scale(packing: ModuleType, seed: int) -> None:
    """A large first run's positions (past :data:`TOP_FIRST` rows; places in order, as a first
    run's come; hashes repeated, at the ends of their range and sharing a top byte),
    arranged by ``packing`` as Python sorts them."""
    rng = random.Random(seed)
    count = TOP_FIRST + rng.randrange(1000)
    pool = [rng.getrandbits(64) - (1 << 63) for _ in range(500)] + \
        [-(1 << 63), (1 << 63) - 1, -1, 0, 0x7F00_0000_0000_0001, 0x7F00_0000_0000_0000]
    hashes = array("q", (rng.choice(pool) if rng.random() < 0.3 else
                         rng.getrandbits(64) - (1 << 63) for _ in range(count)))
    places = array("q", range(0, 5 * count, 5))
    order, arranged = packing.arrange(hashes.tobytes(), places.tobytes())
    pairs = sorted(zip(hashes, places))
    assert array("q", arranged).tolist() == [value for pair in pairs for value in pair]
    assert [(hashes[at], places[at]) for at in array("I", order)] == pairs


#: A row of a sorted run as Python packs it: hash, place and next hash (signed 64-bit), the
#: point (signed 16-bit), six zero bytes.
RUN_ROW = struct.Struct("=qqqh6x")


def batches_held(rng: random.Random) -> list[Held]:
    """A first run's positions past what it holds: a few batches of held positions (hashes
    repeated within and across them, at the ends of their range; places in order, each
    batch's after the one before's; points of moves and of nodes nothing follows)."""
    pool = [rng.getrandbits(64) - (1 << 63) for _ in range(rng.choice((1, 5, 60)))] + \
        [-(1 << 63), (1 << 63) - 1, -1, 0]
    held, place = [], 0
    for _ in range(rng.choice((1, 2, 3, 7))):
        count = rng.choice((1, 2, 9, 300))
        hashes = array("q", (rng.choice(pool) for _ in range(count)))
        places = array("q", range(place, place + 32 * count, 32))
        place += 32 * count + rng.choice((0, 32, 1 << 32))
        points = array("h", (rng.choice((LAST, -1, 0, 360, 32767, -32768))
                             for _ in range(count)))
        held.append(Held(hashes, places, points))
    return held


def run_rows(held: Held) -> list[tuple[int, int, int, int]]:
    """Python's rows of a held batch written out as a run: each position's hash, place, the
    hash held after it (0 after the last) and its point, by hash, then place."""
    hashes, places, points = held
    after = [*hashes[1:], 0]
    return sorted(zip(hashes, places, after, points))


def merged_in_batches(packing: ModuleType, runs: list[bytes], limit: int) -> list[bytes]:
    """Every row of ``runs`` merged by ``packing``, ``limit`` rows at least at a time."""
    cursors = array("q", bytes(8 * len(runs)))
    found = []
    while batch := packing.merge(runs, cursors, limit):
        found.append(batch)
        assert len(found) <= sum(len(run) for run in runs) // RUN_ROW.size
    assert list(cursors) == [len(run) // RUN_ROW.size for run in runs]
    return found


def runs_agree(packing: ModuleType, rng: random.Random) -> None:
    """Batches held written out as sorted runs (``arrange`` and ``run``) as Python sorts and
    lays them out, and merged (``merge``) as Python sorts every row: a batch of at least
    the limit's rows (the last may have fewer), never cutting a position."""
    held = batches_held(rng)
    runs = []
    for batch in held:
        order, arranged = packing.arrange(batch.hashes, batch.places)
        run = packing.run(arranged, order, batch.hashes, batch.points)
        assert run == b"".join(RUN_ROW.pack(*row) for row in run_rows(batch))
        runs.append(run)
    limit = rng.choice((1, 2, 7, 1000))
    merged = merged_in_batches(packing, runs, limit)
    rows = [RUN_ROW.unpack_from(batch, at) for batch in merged
            for at in range(0, len(batch), RUN_ROW.size)]
    assert rows == sorted(row for batch in held for row in run_rows(batch))
    for before, after in itertools.pairwise(merged):
        assert len(before) >= limit * RUN_ROW.size
        assert RUN_ROW.unpack_from(before, len(before) - RUN_ROW.size)[0] != \
            RUN_ROW.unpack_from(after, 0)[0]


def first_run(rng: random.Random) -> tuple[Writer, Held, array[int]]:
    """A first run's positions held in memory (records of a few nodes over a small pool of
    positions, so that many are shared), each record counted as it came (the writer's
    arrivals), and where the rows of the positions several hold stand, in their order."""
    writer = Writer(None)  # type: ignore[arg-type]  # (counting needs no connection)
    hashes, places, points = array("q"), array("q"), array("h")
    pool = [rng.getrandbits(63) for _ in range(rng.choice((1, 3, 12)))]
    first = rng.choice((1, 2, 1000))
    for record in range(first, first + rng.choice((1, 2, 6, 40))):
        if rng.random() < 0.1:
            continue  # (a record of no positions: a gap in the ids)
        symmetry = rng.choice((1, 2, 8))
        swaps = tuple(rng.random() < 0.5 for _ in range(symmetry))
        winner = rng.choice((None, "black", "white", "draw", "Sente"))
        date = rng.choice((None, "2020-01-02", "1999", "2020-01-02"))
        strength = rng.choice((None, 1.5, 2400.0, 1.5))
        writer.arrivals[record] = (winner, ("black", "white"), swaps, date, strength)
        length = rng.randint(1, 9)
        for node in range(length):
            hashes.append(rng.choice(pool))
            places.append(store.place(record, node, rng.randrange(symmetry)))
            points.append(LAST if node == length - 1 else rng.choice((-1, 0, 5, 80, 360)))
    counts: dict[int, int] = {}
    for value in hashes:
        counts[value] = counts.get(value, 0) + 1
    shared = array("I", sorted((at for at in range(len(hashes))
                                if counts[hashes[at]] >= continuations.SHARED),
                               key=lambda at: (hashes[at], places[at])))
    return writer, Held(hashes, places, points), shared


def explored_in_c(packing: ModuleType, writer: Writer, held: Held,
                  shared: array[int]) -> list[Row]:
    """The explorer's rows of the shared positions as the packing's ``explore`` counts them,
    its arrays made as the index's writer makes them: each record's winner as a code (as an
    image that does not and that does swap the colours names it), which images swap, and its
    ranks by date and by strength."""
    arrivals = writer.arrivals
    if not shared or not arrivals:
        return []
    first = min(arrivals)
    size = max(arrivals) - first + 1
    codes: dict[str, int] = {}
    plain, swapped = array("i", bytes(4 * size)), array("i", bytes(4 * size))
    swaps = array("I", bytes(4 * size))
    listed = {}
    for record, (winner, sides, swap, date, strength) in arrivals.items():
        plain[record - first] = codes.setdefault(continuations.turned(winner, sides, False),
                                                 len(codes))
        swapped[record - first] = codes.setdefault(continuations.turned(winner, sides, True),
                                                   len(codes))
        swaps[record - first] = sum(1 << image for image, flips in enumerate(swap) if flips)
        listed[record] = (record, date, strength)
    ranks = [array("I", bytes(4 * size)), array("I", bytes(4 * size))]
    for rank, key in zip(ranks, (continuations._latest, continuations._strongest)):
        for place, entry in enumerate(sorted(listed.values(), key=key)):
            rank[entry[0] - first] = place
    names = list(codes)

    def won(counts: tuple[tuple[int, int], ...]) -> Counter[str]:
        return Counter({names[code]: count for code, count in counts})

    return [Row(value, games, won(wins), list(arrivals[record][1]),
                [listed[entry] for entry in latest], [listed[entry] for entry in strongest],
                {after: Next(played, won(by), example, None if point < 0 else point)
                 for after, played, by, example, point in nexts})
            for value, games, wins, record, latest, strongest, nexts in packing.explore(
                held.hashes, held.places, held.points, shared, first, plain, swapped, swaps,
                ranks[0], ranks[1], continuations.LISTED, LAST, store.GAME_SHIFT,
                store.MAX_IMAGES)]


def explored_in_python(writer: Writer, held: Held, shared: array[int]) -> list[Row]:
    """The explorer's rows of the shared positions as pure Python counts them, record by
    record (:meth:`Writer._held`, the reference the packing's ``explore`` is held to)."""
    rows: list[Row] = []
    for value, played in writer._held(held, shared):
        if not rows or rows[-1].hash != value:
            rows.append(Row(value))
        continuations._add(rows[-1], played)
    for row in rows:
        continuations._settle(row)
    return rows


def row_values(rng: random.Random) -> tuple[object, ...]:
    """A row's values of every kind a checksum takes."""
    kinds: list[Callable[[], object]] = [
        lambda: None, lambda: rng.choice(("", "a", "é\ud800x", "黑", "x" * 300)),
        lambda: rng.choice((0, -1, 2**63 - 1, -2**63, 2**64 + 5, -2**70, True)),
        lambda: rng.randbytes(rng.choice((0, 1, 40))),
        lambda: rng.choice((1.5, -0.0, float("inf"), float("nan"), 1e300, 5e-324))]
    return tuple(rng.choice(kinds)() for _ in range(rng.choice((0, 1, 5, 12))))


def agree(packing: ModuleType, seed: int, changes: list[Changes]) -> None:
    """Ask each of the packing's entry points (``packing``, the compiled module, standing in
    for kifu's) and its Python twin the same questions, drawn from ``seed`` (and one of
    ``changes`` besides random ones): the same answers."""
    rng = random.Random(seed)
    records = [random_changes(rng)] + ([rng.choice(changes)] if changes else [])
    for data, points, board, images in records:
        assert packing.firsts(data, points, occupancy._SPAN_OF, occupancy.SPANS - 1) == \
            occupancy._firsts(data, points)
        assert packing.placed(data, points, continuations._permutations(board), images) == \
            continuations._placed(data, points, board, images)
    entries, ids = occupancy_entries(rng)
    with pure_python():
        bitmaps = occupancy.gathered(entries, ids)
    assert packing.gathered(entries.tobytes(), ids.tobytes()) == bitmaps
    hashes, places = positions(rng)
    order, arranged = packing.arrange(hashes.tobytes(), places.tobytes())
    pairs = sorted(zip(hashes, places))
    assert array("q", arranged).tolist() == [value for pair in pairs for value in pair]
    assert [(hashes[at], places[at]) for at in array("I", order)] == pairs
    assert {bucket: list(tally) for bucket, *tally in packing.tallies(
        arranged, checks.BUCKET_SHIFT)} == checks.position_tallies(pairs)
    least = rng.choice((0, 1, 2, 3))
    counts: dict[int, int] = {}
    for value, _ in pairs:
        counts[value] = counts.get(value, 0) + 1
    assert [(hashes[at], places[at]) for at in array("I", packing.shared(
        arranged, order, least))] == [pair for pair in pairs if counts[pair[0]] >= least]
    runs_agree(packing, rng)
    writer, held, shared = first_run(rng)
    listed = continuations.LISTED
    # (lists cut short too: past their length, a position's records are kept as they come)
    continuations.LISTED = rng.choice((1, 3, listed))
    try:
        assert explored_in_c(packing, writer, held, shared) == \
            explored_in_python(writer, held, shared)
    finally:
        continuations.LISTED = listed
    game_id = rng.randrange(1 << 24)
    images = bytes(rng.randrange(store.MAX_IMAGES) for _ in range(rng.choice((0, 1, 40, 300))))
    assert packing.places(store.place(game_id, 0, 0), 1 << store.IMAGE_BITS, images) == \
        array("q", build._places(game_id, images, len(images))).tobytes()
    values = row_values(rng)
    assert packing.serialized(values) == checks.serialized(values)
    assert packing.checksum("game", values) == checks._python_checksum("game", values)


def hostile(packing: ModuleType) -> Iterator[tuple[str, Callable[[], object]]]:
    """Calls of every entry point with what kifu never passes it (the names say what): each
    must raise an exception (the worker counts on no call passing)."""
    changes = struct.pack("<II", 2, 1) + struct.pack("<II", 1, 0) + b"\x00" + \
        struct.pack("<I", 1 << 2 | 1)
    spans, last = occupancy._SPAN_OF, occupancy.SPANS - 1
    two_nodes = struct.pack("<II", 2, 2) + struct.pack("<II", 1, 1) + b"\x00\x00" + \
        struct.pack("<II", 0 << 2 | 1, 1 << 2 | 2)  # (point 1 filled at node 1: a move)
    huge = (1 << 62, 1 << 61, (1 << 63) - 1, 1 << 30, -1, -(1 << 62))
    for points in huge:
        yield f"firsts of {points} points", lambda p=points: packing.firsts(changes, p, spans, last)
        yield f"placed of {points} points", lambda p=points: packing.placed(changes, p, b"", b"")
    for bad in (b"", b"\x00" * 7, changes[:-1], changes + b"\x00", changes[:8],
                struct.pack("<II", 2, 1 << 31) + changes[8:],
                struct.pack("<II", 2, 1) + struct.pack("<II", 0xFFFFFFFF, 1) + changes[16:],
                struct.pack("<II", 2, 1) + struct.pack("<II", 1 << 31, 1 << 31) + changes[16:]):
        yield f"firsts of {bad[:20]!r}", lambda b=bad: packing.firsts(b, 2, spans, last)
        yield f"placed of {bad[:20]!r}", lambda b=bad: packing.placed(b, 2, b"\x00" * 8, b"\x00")
    for wrong in ("text", 3, None, [1, 2]):
        yield f"firsts of a {type(wrong).__name__}", \
            lambda w=wrong: packing.firsts(w, 2, spans, last)
        yield f"placed by a {type(wrong).__name__}", \
            lambda w=wrong: packing.placed(two_nodes, 2, w if w is not None else 5, b"\x00\x00")
        yield f"gathered of a {type(wrong).__name__}", lambda w=wrong: packing.gathered(w, w)
        yield f"arrange of a {type(wrong).__name__}", lambda w=wrong: packing.arrange(w, b"")
        yield f"tallies of a {type(wrong).__name__}", lambda w=wrong: packing.tallies(w, 4)
        yield f"shared of a {type(wrong).__name__}", lambda w=wrong: packing.shared(w, b"", 2)
        yield f"serialized of a {type(wrong).__name__}", lambda w=wrong: packing.serialized(w)
    yield "placed of images past the permutations", \
        lambda: packing.placed(two_nodes, 2, b"\x00\x00\x01\x00", b"\x07\x00")
    yield "placed of no image", lambda: packing.placed(two_nodes, 2, b"\x00\x00\x01\x00", b"")
    for first, step in ((0, 0), (0, -32), (-1, 32), ((1 << 63) - 1, 32), (1 << 62, 1 << 61)):
        yield f"places from {first} by {step}", \
            lambda f=first, s=step: packing.places(f, s, b"\x00" * 8)
    for wrong in ("text", None, [1, 2]):
        yield f"places of a {type(wrong).__name__}", lambda w=wrong: packing.places(0, 32, w)
    yield "gathered of other lengths", lambda: packing.gathered(b"\x00" * 8, b"\x00" * 4)
    yield "gathered of a part of an id", lambda: packing.gathered(b"\x00" * 6, b"\x00" * 6)
    yield "arrange of other lengths", lambda: packing.arrange(b"\x00" * 16, b"\x00" * 8)
    yield "arrange of a part of a row", lambda: packing.arrange(b"\x00" * 12, b"\x00" * 12)
    for shift in (0, 64, -1, 1 << 40):
        yield f"tallies by {shift}", lambda s=shift: packing.tallies(b"\x00" * 32, s)
    yield "tallies of a part of a row", lambda: packing.tallies(b"\x00" * 20, 4)
    yield "shared of other lengths", lambda: packing.shared(b"\x00" * 32, b"\x00" * 4, 2)
    yield "serialized of a list in a tuple", lambda: packing.serialized(([1],))
    yield "serialized of a complex", lambda: packing.serialized((1j,))
    yield "checksum of a table's name past 16 bytes", lambda: packing.checksum("t" * 17, ())
    yield "checksum of a complex", lambda: packing.checksum("game", (1j,))
    yield from _hostile_runs(packing)
    yield from _hostile_explore(packing)
    yield from _hostile_rows(packing)


def _hostile_runs(packing: ModuleType) -> Iterator[tuple[str, Callable[[], object]]]:
    """Calls of ``run`` and ``merge`` off kifu's: lengths that do not agree, rows from past
    what is held, runs out of order or sharing a row, cursors out of range, no limit."""
    row = array("q", [5, 64]).tobytes()
    yield "run of a row from past the positions held", lambda: packing.run(
        row, array("I", [1]).tobytes(), array("q", [5]), array("h", [0]))
    yield "run of rows without their order", lambda: packing.run(row, b"", array("q", [5]),
                                                                  array("h", [0]))
    yield "run of points of other lengths", lambda: packing.run(
        row, array("I", [0]).tobytes(), array("q", [5]), array("h", [0, 0]))
    for wrong in ("text", 3, None):
        yield f"run of a {type(wrong).__name__}", lambda w=wrong: packing.run(w, w, w, w)
        yield f"merge of a {type(wrong).__name__}", \
            lambda w=wrong: packing.merge([w], array("q", [0]), 1)
    one, two = RUN_ROW.pack(5, 64, 0, 0), RUN_ROW.pack(7, 32, 0, 0)
    yield "merge of a run out of order", \
        lambda: packing.merge([two + one], array("q", [0]), 5)
    yield "merge of runs sharing a row", \
        lambda: packing.merge([one, one + two], array("q", [0, 0]), 5)
    yield "merge of a part of a row", lambda: packing.merge([one[:-1]], array("q", [0]), 1)
    for cursor in (-1, 2, 1 << 62, -(1 << 63)):
        yield f"merge from row {cursor}", \
            lambda c=cursor: packing.merge([one], array("q", [c]), 1)
    yield "merge of a cursor short", lambda: packing.merge([one, two], array("q", [0]), 1)
    yield "merge of cursors it may not move", lambda: packing.merge([one], bytes(8), 1)
    for limit in (0, -1, 1 << 70):
        yield f"merge of {limit} rows", \
            lambda n=limit: packing.merge([one], array("q", [0]), n)
    yield "merge of runs not in a sequence", lambda: packing.merge(5, array("q", [0]), 1)


def _hostile_rows(packing: ModuleType) -> Iterator[tuple[str, Callable[[], object]]]:
    """Calls of ``rows`` (the explorer's rows written from ``explore``'s counts) off kifu's:
    codes, records and listed records out of range, counts of other shapes."""
    names, order = ('"black"', '"white"'), array("I", [0, 1]).tobytes()
    texts = (('["b"]', '["w"]'), ('[10, null, null]', '[11, "x", 2.0]'), 10)
    packing.rows([(5, 2, ((0, 1), (1, 1)), 10, (10, 11), (11,), ((7, 2, ((1, 2),), 10, 3),))],
                 names, order, *texts)  # (one kifu could make)
    for bad in [(5, 2, ((9, 1),), 10, (), (), ()), (5, 2, ((0, 1),), 99, (), (), ()),
                (5, 2, ((0, 1),), -2**63, (), (), ()), (5, 2, ((0, 1),), 10, (2**63 - 1,), (), ()),
                (5, 2, ((0, 1),), 10, (), (), ((1,),)), (5,), "x", (5, 2, ("ab",), 10, (), (), ()),
                (5, 2, ((0, 1),), 10, (), (), ("x",))]:
        yield f"rows of {bad!r}", lambda b=bad: packing.rows([b], names, order, *texts)
    yield "rows ranked past the names", lambda: packing.rows([], names, b"\x05\0\0\0\0\0\0\0", *texts)


def _hostile_explore(packing: ModuleType) -> Iterator[tuple[str, Callable[[], object]]]:
    """Calls of ``explore`` off kifu's: lengths that disagree, rows and records out of range,
    record ids and numbers at the ends of their range, arrays out of alignment."""
    hashes, places = array("q", [5, 5, 6]), array("q", [1 << 32, 2 << 32, 2 << 32 | 1 << 5])
    points, shared = array("h", [3, LAST, LAST]), array("I", [0, 1])
    codes, bits = array("i", [0, 1]), array("I", [0, 1])
    good = [hashes, places, points, shared, 1, codes, codes, bits, bits, bits, 3, LAST, 32, 32]

    def call(**changed: Any) -> Callable[[], object]:
        names = ("hashes", "places", "points", "shared", "first", "plain", "swapped", "swaps",
                 "latest", "strongest", "listed", "last", "shift", "images")
        args = [changed.get(name, value) for name, value in zip(names, good)]
        return lambda: packing.explore(*args)

    def misaligned(numbers: array[int]) -> memoryview:
        return memoryview(bytearray(1) + numbers.tobytes())[1:]

    packing.explore(*good)  # (the call the others change: one kifu could make)
    yield "explore of fewer places", call(places=array("q", [1 << 32]))
    yield "explore of fewer points", call(points=array("h", [3]))
    yield "explore of a row past the rows", call(shared=array("I", [0, 3]))
    yield "explore of a row at the end of its range", call(shared=array("I", [0xFFFFFFFF]))
    yield "explore of fewer ranks", call(latest=array("I", [0]))
    yield "explore of records before the first", call(first=2)
    yield "explore of records after the last", call(first=-5)
    yield "explore of the least record id", call(first=-(1 << 63))
    yield "explore of a record id below 0", call(places=array("q", [-1, -1, -1]))
    yield "explore of the largest record id", call(first=(1 << 63) - 1)
    yield "explore of a negative count listed", call(listed=-1)
    for shift in (0, 63, -1):
        yield f"explore by {shift}", call(shift=shift)
    for images in (0, 33, -1):
        yield f"explore of {images} images", call(images=images)
    for name, numbers in (("hashes", hashes), ("places", places), ("points", points),
                          ("shared", shared), ("plain", codes), ("swaps", bits)):
        yield f"explore of {name} out of alignment", call(**{name: misaligned(numbers)})
    yield "explore of a text", call(hashes="text")
