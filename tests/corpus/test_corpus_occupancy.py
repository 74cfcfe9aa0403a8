"""The sieve of a pattern search (:mod:`kifu.corpus.occupancy`): what the index keeps of when
each point first held each colour and was filled for good, read back as a plain reading of
each record's changes says; a pattern found exactly as a replay finds it over long games with
captures (a point filled, taken and empty again), where the first stones come in every span of
nodes; and records whose corner filled in another order than the pattern's left to no check.
"""
from __future__ import annotations

import random
import sqlite3
import struct
import time
import zlib
from pathlib import Path

import pytest

import kifu
from kifu.corpus import occupancy, patterns
from kifu.corpus.checks import Changes, Damage, checksum, compressed, log_data
from kifu.corpus.reader import Filters, Reader
from kifu.plugin.symmetry import Grid
from tests.corpus.corpora import TURNS, every_position, random_game, sgf, stones_of, write
from tests.corpus.test_corpus_property import pattern_holds, pattern_text


def long_games(folder: Path, count: int, seed: int) -> list[Path]:
    """Random 9x9 games long enough to capture, and to reach the later spans of nodes."""
    rng = random.Random(seed)
    return write(folder, [(f"g{number}.sgf", sgf(random_game("freego", 9, rng.randint(20, 160),
                                                               rng), 9))
                          for number in range(count)])


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Path], Path]:
    folder = tmp_path_factory.mktemp("occupancy")
    paths = long_games(folder / "records", 24, 40)
    index = folder / "corpus.db"
    kifu.Corpus(index).index([folder / "records"])
    return paths, index


def plain_firsts(changes: Changes, points: int) -> set[tuple[int, int, int]]:
    """``(point, kind, node)``: each point's first node of each colour, and its first filled
    node where it was never emptied after, read change by change."""
    found = set()
    for point in range(points):
        seen: dict[int, int] = {}
        filled = None
        emptied = False
        for change in changes.flat[changes.offsets[point]:changes.offsets[point + 1]]:
            node, content = change >> 2, change & 3
            if content == 0:
                emptied = True
            else:
                seen.setdefault(content, node)
                filled = node if filled is None else filled
        found.update((point, kind, node) for kind, node in seen.items())
        if filled is not None and not emptied:
            found.add((point, occupancy.FILLED, filled))
    return found


def test_the_index_keeps_when_each_point_first_held_each_colour(corpus):
    paths, index = corpus
    with Reader.opened(str(index)) as reader:
        ids = [row[0] for row in reader.execute("SELECT id FROM game ORDER BY id")]
        records = reader.records(ids)
        expected: set[tuple[int, int, int, int]] = set()
        for game, _, changes in reader.changes(ids, records):
            expected.update((game, point, kind, occupancy.span_of(node))
                            for point, kind, node in plain_firsts(changes, 81))
        rows = reader.occupancy("freego 9x9", {(point, kind) for point in range(81)
                                               for kind in (1, 2, 3)})
    kept = set()
    for (point, kind), bitmaps in rows.items():
        union = 0
        for span in range(occupancy.SPANS):
            bits = bitmaps.span(span)
            union |= bits
            kept.update((game, point, kind, span) for game in ids if bits >> game & 1)
        assert union == bitmaps.union
    assert kept == expected
    assert any(kind == occupancy.FILLED for _, _, kind, _ in expected)
    # Captures happened: some point held a stone and is not filled for good.
    assert {(g, p) for g, p, k, _ in expected if k != occupancy.FILLED} != \
        {(g, p) for g, p, k, _ in expected if k == occupancy.FILLED}
    assert len({span for *_, span in expected}) >= 10  # most spans of nodes are used


@pytest.fixture(params=[0, patterns._FEW], ids=["spans read", "few records checked"])
def few(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> int:
    """Both ways the sieve takes a placement: its points' spans read for every record its
    stones leave (as over a large index), or those records checked without them."""
    monkeypatch.setattr(patterns, "_FEW", request.param)
    return int(request.param)


@pytest.mark.parametrize("seed", range(12))
def test_a_corner_pattern_over_long_games_is_found_as_a_replay_finds_it(corpus, seed, few):
    paths, index = corpus
    rng = random.Random(seed)
    while True:  # a corner of a position of a record, with a stone in it
        record = kifu.read(str(rng.choice(paths)))
        stones = stones_of(record.game, record.position(rng.randint(0, len(record.moves))))
        turn = TURNS[rng.randrange(len(TURNS))]
        turned = (frozenset(turn(c, r, 8) for c, r in stones[0]),
                  frozenset(turn(c, r, 8) for c, r in stones[1]), stones[2], stones[3])
        to_move = rng.choice([None, "black", "white"])
        text, asked = pattern_text(turned, rng.randint(3, 6), rng.randint(3, 6), rng, to_move)
        if any(content in "XO" for content in asked.values()):
            break
    expected = {name for name, seen in every_position(paths).items()
                if any(pattern_holds(held, asked, 9, True, to_move) for held in seen)}
    found = {Path(hit.record.path).name for hit in kifu.Corpus(index).search(pattern=text)}
    assert found == expected


def test_an_empty_point_taken_back_is_not_filled_for_good(tmp_path, monkeypatch):
    """A corner point filled, then captured: the pattern with it empty after still holds, and
    is found; a record whose corner point was filled for good a span of nodes before the
    pattern's stones came is left to no check."""
    records = tmp_path / "records"
    # White's corner stone taken by black's two: the corner empty again between them.
    taken = "(;GM[1]FF[4]SZ[9];B[ba];W[aa];B[ab])"
    # Black's corner stone first, the two others after the eighth move, far from it.
    kept = "(;GM[1]FF[4]SZ[9];B[aa];W[ee];B[ii];W[ai];B[ia];W[ce];B[ec];W[gg];B[ba];W[gc];B[ab])"
    write(records, [("taken.sgf", taken), ("kept.sgf", kept)])
    index = tmp_path / "corpus.db"
    kifu.Corpus(index).index([records])
    pattern = "Game: freego\nAnchor: corner\n\n. . .\nX . .\n. X .\n"
    found = {Path(hit.record.path).name for hit in kifu.Corpus(index).search(pattern=pattern)}
    assert found == {"taken.sgf"}
    laid = patterns.placements(patterns.read_pattern(pattern), Grid(9, 9), True)
    monkeypatch.setattr(patterns, "_FEW", 0)  # the spans read, however few the records
    with Reader.opened(str(index)) as reader:
        ids = [row[0] for row in reader.execute("SELECT id FROM game")]
        named = {Path(stored.path).name: game for game, stored in reader.records(ids).items()}
        candidates = patterns._sieve(reader, "freego 9x9", laid, ids)
        assert candidates is not None
        stones = reader.occupancy("freego 9x9", {need for placement in laid
                                                 for need in placement.needs if need[1]})
    assert set(candidates) == {named["taken.sgf"]}
    # Both records hold the pattern's stones some time (what the sieve kept before it knew
    # when): kept.sgf's corner point was filled for good in the first span of nodes, before
    # they came.
    def ever(need: tuple[int, int], game: int) -> bool:
        return need in stones and bool(stones[need].union >> game & 1)

    assert all(any(all(ever(need, game) for need in placement.needs if need[1])
                   for placement in laid) for game in named.values())


def test_a_row_of_spans_that_is_no_bitmap_is_told(corpus, tmp_path):
    """A row's blob rewritten under a checksum of its own (and its tally mended) is refused
    as it is decoded."""
    _, index = corpus
    copy = tmp_path / "damaged.db"
    copy.write_bytes(index.read_bytes())
    with sqlite3.connect(copy) as db:
        grid, point, content, games, old = db.execute(
            "SELECT grid, point, content, games, checksum FROM occupancy LIMIT 1").fetchone()
        bad = games[:-3] + b"\xff\xff\xff"
        new = checksum("occupancy", grid, point, content, bad)
        db.execute("UPDATE occupancy SET games = ?, checksum = ? WHERE grid = ? AND point = ? "
                   "AND content = ?", (bad, new, grid, point, content))
        db.execute("UPDATE tally SET low = low - ? + ?, high = high - ? + ? WHERE name = ?",
                   (old & 0xFFFFFFFF, new & 0xFFFFFFFF, old >> 32, new >> 32,
                    f"occupancy {grid}"))
    with Reader.opened(str(copy)) as reader, pytest.raises(kifu.CorpusError, match="damaged"):
        for bitmaps in reader.occupancy(grid, {(point, content)}).values():
            for span in range(occupancy.SPANS):
                bitmaps.span(span)


def test_a_row_read_with_no_bytes_to_keep_gives_the_same_bitmaps():
    """Spans decoded again each time once the question's budget is spent read as those kept."""
    rng = random.Random(5)
    spans = [rng.getrandbits(rng.choice([0, 9, 4000])) for _ in range(occupancy.SPANS)]
    data = occupancy.encode(spans)
    kept, spent = occupancy.Bitmaps(data), occupancy.Bitmaps(data, occupancy.Budget(0))
    for _ in range(2):
        assert [kept.span(i) for i in range(occupancy.SPANS)] == spans
        assert [spent.span(i) for i in range(occupancy.SPANS)] == spans
    union = 0
    for bits in spans:
        union |= bits
    assert kept.union == spent.union == union


def test_blobs_compressed_in_any_window_read_the_same():
    """The index's blobs are compressed in a small window (:func:`kifu.corpus.checks.
    compressed`); an index whose bitmaps and logs were written in zlib's default window (as
    kifu wrote them before) reads the same."""
    rng = random.Random(7)
    spans = [rng.getrandbits(rng.choice([0, 9, 4000, 40000])) for _ in range(occupancy.SPANS)]
    union = 0
    for bits in spans:
        union |= bits
    chunks = [zlib.compress(bits.to_bytes((bits.bit_length() + 7) // 8, "little"), 6)
              if bits else b"" for bits in (*spans, union)]
    default = struct.pack(f"<{occupancy.SPANS + 1}I", *map(len, chunks)) + b"".join(chunks)
    for data in (default, occupancy.encode(spans)):
        bitmaps = occupancy.Bitmaps(data)
        assert [bitmaps.span(i) for i in range(occupancy.SPANS)] == spans
        assert bitmaps.union == union
    points, nodes = 361, 300
    log = struct.pack("<II", points, nodes) + bytes(rng.randrange(4) for _ in range(4000))
    assert log_data(zlib.compress(log), points, nodes) == log
    assert log_data(compressed(log, 1), points, nodes) == log
    assert len(compressed(log, 1)) <= len(zlib.compress(log, 1)) * 1.05


def test_a_sieve_past_its_time_stops_and_says_so(corpus):
    """The time limit holds while the sieve works (a pattern anywhere on a large index has
    thousands of ways to lie), not only while records are checked."""
    _, index = corpus
    pattern = patterns.read_pattern("Game: freego\n\nX .\n. O\n")
    with Reader.opened(str(index)) as reader, pytest.raises(patterns.SearchStopped) as stopped:
        patterns.search_pattern(reader, pattern, Filters(), time.monotonic() - 1)
    assert "while it sieved" in stopped.value.message
    assert stopped.value.found == [] and stopped.value.checked == 0


def test_the_compiled_check_of_a_log_answers_as_python_does(corpus):
    """The compiled cores' check of a record's log against a pattern's placements (Go's and
    Renju's share it: kifu/plugin/lanes.h) finds the node and placement Python's
    :func:`~kifu.corpus.patterns.first_match` finds, for every record and placements of
    every kind (stones, empty points, a side to move); a log it cannot read is Python's to
    say what is wrong with."""
    compiled = [kifu.game(name).plugin.pattern_matcher() for name in ("freego", "renju")]
    if None in compiled:
        pytest.skip("the compiled core was not built (or KIFU_PURE_PYTHON is set)")
    paths, index = corpus
    rng = random.Random(7)
    grid = Grid(9, 9)
    with Reader.opened(str(index)) as reader:
        ids = [row[0] for row in reader.execute("SELECT id FROM game ORDER BY id")]
        logs = list(reader.logs(ids, "freego 9x9", 1, 81))
    assert len(logs) == len(paths)
    compared = found = 0
    for _ in range(16):
        text = "\n".join(" ".join(rng.choice("XO..*") for _ in range(rng.randint(1, 4)))
                         for _ in range(rng.randint(1, 3)))
        width = len(text.splitlines()[0].split())
        text = "\n".join(line for line in text.splitlines() if len(line.split()) == width)
        if not any(mark in text for mark in "XO"):
            continue
        side = rng.choice(["", "To-move: black\n", "To-move: white\n"])
        laid = patterns.placements(patterns.read_pattern(f"Game: freego\n{side}\n{text}\n"),
                                   grid, True)
        checks = [patterns._Check(laid, 81, matcher) for matcher in (None, *compiled)]
        for record, nodes, data in logs:
            chosen = sorted(rng.sample(range(len(laid)), min(len(laid), rng.randint(1, 12))))
            answers = {check.first(record, nodes, data, chosen) for check in checks}
            assert len(answers) == 1, (text, record, chosen)
            compared += 1
            found += answers != {None}
    assert compared > 200 and 0 < found < compared
    record, nodes, data = logs[0]
    assert isinstance(compiled[0](data[:-4], 81, nodes, checks[0].packed, b"\0\0\0\0"), str)
    with pytest.raises(Damage, match="is not what kifu writes"):
        checks[0].first(record, nodes, data[:-4], [0])


CORNER = "Game: freego\nAnchor: corner\n\n. . . . .\n. . . . .\n. . X . .\n. . . . .\n. . . . .\n"


def test_without_filters_only_the_records_the_sieve_leaves_are_read_and_each_is_checked(
        corpus, tmp_path, monkeypatch):
    """A pattern without header filters reads no record's row but those its sieve leaves
    (the rest are left out by the index's checked bitmaps): a record's searched values
    changed is told where the search reads them, and leaves the answer as it was where it
    does not; a record taken out by an update (its bits stay in the bitmaps) is left out;
    a row lost shows in their tally."""
    paths, index = corpus
    monkeypatch.setattr(patterns, "_FEW", 0)  # the spans read, as over a large index
    found = {hit.record.id for hit in kifu.Corpus(index).search(pattern=CORNER)}
    laid = patterns.placements(patterns.read_pattern(CORNER), Grid(9, 9), True)
    with Reader.opened(str(index)) as reader:
        ids = [row[0] for row in reader.execute("SELECT id FROM game ORDER BY id")]
        sieved = patterns._sieve(reader, "freego 9x9", laid, None)
    assert sieved is not None and set(found) <= set(sieved)
    # a record the sieve leaves out (and not the grid's first, read for its symmetry)
    other = next(game for game in reversed(ids) if game not in sieved)
    for record, said in ((min(found), "damaged"), (other, None)):
        copy = tmp_path / f"forged-{record}.db"
        copy.write_bytes(index.read_bytes())
        with sqlite3.connect(copy) as db:
            db.execute("UPDATE game SET swaps = 0 WHERE id = ?", (record,))
        if said is None:
            assert {hit.record.id for hit in kifu.Corpus(copy).search(pattern=CORNER)} == found
        else:
            with pytest.raises(kifu.CorpusError, match=said):
                kifu.Corpus(copy).search(pattern=CORNER)
    gone = tmp_path / "gone.db"
    gone.write_bytes(index.read_bytes())
    with sqlite3.connect(gone) as db:  # as an update takes a record out: its bits stay
        [check] = db.execute("SELECT checksum FROM game WHERE id = ?", (min(found),)).fetchone()
        db.execute("DELETE FROM game WHERE id = ?", (min(found),))
        db.execute("UPDATE tally SET rows = rows - 1, low = low - ?, high = high - ? WHERE "
                   "name = 'game'", (check & 0xFFFFFFFF, check >> 32))
    assert {hit.record.id for hit in kifu.Corpus(gone).search(pattern=CORNER)} == \
        found - {min(found)}
    with sqlite3.connect(gone) as db:
        db.execute("DELETE FROM game WHERE id = (SELECT max(id) FROM game)")
    with pytest.raises(kifu.CorpusError, match="tally"):
        kifu.Corpus(gone).search(pattern=CORNER)
