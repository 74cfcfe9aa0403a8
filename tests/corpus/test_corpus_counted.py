"""The index's writer counts the explorer's table as records come in (each node's next hash
and the point its move fills, worked out by the workers: :func:`kifu.corpus.continuations.
placed`), holds a first run's positions in memory and sorts them in C: the index it makes is
the one it makes reading every record's trail back at the end and staging every position in
SQLite, row for row, ids included, on a first run and on a run that updates it (files
changed, gone and new); and the compiled packing gives what its Python reference gives."""
from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import zlib
from array import array
from pathlib import Path
from typing import Any

import pytest

from kifu.base.errors import CorpusError
from kifu.base.native import built, compiled
from kifu.corpus import build, checks, continuations, indexing, occupancy
from kifu.run import aside
from tests.cores import pure_python
from tests.corpus.corpora import index_rows, random_game, sgf, transformed, write

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: The time every file is given (nanoseconds), and a changed one's.
_TIME, _CHANGED = 1_700_000_000_000_000_000, 1_700_000_100_000_000_000


def go_games(folder: Path, seed: int, varied: bool) -> list[Path]:
    """9x9 Go games sharing openings, turned and with the colours swapped, with captures,
    a pass, and where ``varied`` one with variations (its trail read back)."""
    rng = random.Random(seed)
    texts = []
    for number in range(3):
        moves = random_game("freego", 9, 50, rng)
        for turn in (0, 3, 5):
            texts.append((f"g{number}-{turn}.sgf",
                          sgf(transformed(moves, turn, 9), 9, swap=bool(turn % 2))))
        texts.append((f"g{number}-pass.sgf", sgf([*moves[:4], None, *moves[4:9]], 9)))
    if varied:
        text = sgf(random_game("freego", 9, 6, rng), 9)
        texts.append(("varied.sgf", text[:-1] + "(;B[aa])(;B[bb];W[cc]))"))
    return write(folder, texts)


#: The Renju examples with variations, whose trails are read back.
VARIED = ("problem-four-three.renju", "yamaguchi-opening.renju")


def index_twice(folder: Path, index: Path, jobs: int = 1, varied: bool = True
                ) -> tuple[list[str], list[str]]:
    """The rows of the index of the Renju examples and generated Go games after a first run
    (of records of one line), and after a run that updates it, adding records with
    variations (unless not ``varied``: records of one line, among them a copy of a Renju
    example, whose positions were each reached once), the copy removed after, each run with
    ``jobs`` processes."""
    shutil.copytree(EXAMPLES / "renju", folder / "renju",
                    ignore=lambda _, names: [name for name in names if name in VARIED])
    go_games(folder / "go", 7, varied=False)
    for path in folder.rglob("*"):
        os.utime(path, ns=(_TIME, _TIME))
    build.build(str(index), [str(folder)], jobs=jobs)
    first = index_rows(index)
    for path in sorted((folder / "go").glob("g0-*.sgf")):
        path.unlink()
    changed = folder / "go" / "g1-3.sgf"
    changed.write_text(changed.read_text(encoding="utf-8").replace(";B[", ";B[aa];W[", 1),
                       encoding="utf-8")
    go_games(folder / "new", 8, varied=varied)
    for name in VARIED if varied else ("four-three-win.renju",):
        shutil.copy(EXAMPLES / "renju" / name, folder / "new" / name)
    for path in [changed, *(folder / "new").rglob("*")]:
        os.utime(path, ns=(_CHANGED, _CHANGED))
    build.build(str(index), [str(folder)], jobs=jobs)
    shutil.rmtree(folder)
    return first, index_rows(index)


@pytest.fixture(scope="module")
def from_trails(tmp_path_factory: pytest.TempPathFactory
                ) -> tuple[Path, tuple[list[str], list[str]]]:
    """:func:`index_twice` as the writer made it before it counted records as they came:
    every position staged, every record's trail read back; and the folder to index again
    (a file's path is in its row)."""
    kept = build._Writer.add_record

    def read_back(self, file_id, record):  # type: ignore[no-untyped-def]
        kept(self, file_id, record._replace(placed=None))

    folder = tmp_path_factory.mktemp("trails")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(continuations, "LISTED", 3)  # lists of records cut short
        patch.setattr(build, "HELD", 1)
        patch.setattr(build._Writer, "add_record", read_back)
        return folder, index_twice(folder / "records", folder / "trails.db")


@pytest.fixture(scope="module")
def one_line_from_trails(tmp_path_factory: pytest.TempPathFactory
                         ) -> tuple[Path, tuple[list[str], list[str]]]:
    """:func:`from_trails` of an update that adds records of one line alone."""
    kept = build._Writer.add_record

    def read_back(self, file_id, record):  # type: ignore[no-untyped-def]
        kept(self, file_id, record._replace(placed=None))

    folder = tmp_path_factory.mktemp("one-line-trails")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(continuations, "LISTED", 3)
        patch.setattr(build, "HELD", 1)
        patch.setattr(build._Writer, "add_record", read_back)
        return folder, index_twice(folder / "records", folder / "trails.db", varied=False)


@pytest.mark.parametrize("way", ["compiled", "counted a few rows at a time", "pure"])
def test_an_update_of_records_of_one_line_gives_the_index_their_trails_give(
        tmp_path, monkeypatch, one_line_from_trails, way):
    """An update that adds records of one line alone counts the positions no record reached
    before in C, from their staged rows, and the others (reached by older records too, or
    with rows already) in Python; the index is the one the records' trails give."""
    folder, reference = one_line_from_trails
    monkeypatch.setattr(continuations, "LISTED", 3)
    unseen: list[int] = []
    kept = continuations.Writer._counted_staged

    def counted_staged(self, positions):  # type: ignore[no-untyped-def]
        for continued, explored in kept(self, positions):
            unseen.extend(row[0] for row in explored)
            yield continued, explored

    monkeypatch.setattr(continuations.Writer, "_counted_staged", counted_staged)
    if way == "counted a few rows at a time":  # (a batch ends where a position does)
        monkeypatch.setattr(continuations, "COUNTED_ROWS", 2)
    pure = way == "pure"
    with pure_python() if pure else contextlib.nullcontext():
        counted = index_twice(folder / "records", tmp_path / "counted.db", varied=False)
    assert counted == reference
    if not pure and compiled(checks.PACKING) is not None:
        assert len(unseen) > 20  # (the new Go games' shared positions)
        update = "\n".join(counted[1])
        assert all(f'INSERT INTO "explored" VALUES({value},' in update for value in unseen)
    else:
        assert not unseen


@pytest.mark.parametrize("way", ["held", "held, some read back", "runs",
                                 "runs merged a few rows at a time", "runs, some read back",
                                 "runs, aside", "pure", "aside"])
def test_records_counted_as_they_come_give_the_index_their_trails_give(
        tmp_path, monkeypatch, from_trails, way):
    folder, reference = from_trails
    monkeypatch.setattr(continuations, "LISTED", 3)
    if way.startswith("runs"):  # a first run past what it holds, its batches sorted runs
        monkeypatch.setattr(build, "HELD", 1)
        monkeypatch.setattr(build, "BATCH", 5)  # (many runs)
    if way == "runs merged a few rows at a time":  # (a batch ends where a position does)
        monkeypatch.setattr(build, "_COUNTED_ROWS", 2)
        monkeypatch.setattr(build, "_PUT_ROWS", 1)
    if way in ("held, some read back", "runs, some read back"):  # those with a pass (once
        # some runs are written: past the first game's)
        kept = build._Writer.add_record
        first = "pass" if way.startswith("held") else "g1-pass"

        def some_read_back(self, file_id, record):  # type: ignore[no-untyped-def]
            read_back = "pass" in record.name and first <= Path(record.name).name
            kept(self, file_id, record._replace(placed=None if read_back else record.placed))

        monkeypatch.setattr(build._Writer, "add_record", some_read_back)
    ends: list[str] = []  # how each run put its positions in the index

    def told(name: str, kept: Any) -> Any:
        def end(self: build._Writer) -> None:
            ends.append(name)
            kept(self)
        return end

    for name in ("arranged", "merged_in", "poured", "sorted_in"):
        monkeypatch.setattr(build._Writer, name, told(name, getattr(build._Writer, name)))
    if way == "pure":
        with pure_python():
            counted = index_twice(folder / "records", tmp_path / "counted.db")
    elif way in ("aside", "runs, aside"):  # the end of a run with --jobs: its rows made
        # in processes forked
        forked: list[bool] = []

        class Counted(aside.Aside):  # type: ignore[type-arg]
            def __init__(self, *given, **named):  # type: ignore[no-untyped-def]
                super().__init__(*given, **named)
                forked.append(self.child is not None)

        monkeypatch.setattr(build, "cores", lambda: 2)  # whatever this machine has
        monkeypatch.setattr(build, "Aside", Counted)
        # (threads other tests leave idle take no lock the children need)
        monkeypatch.setattr(aside.threading, "active_count", lambda: 1)
        counted = index_twice(folder / "records", tmp_path / "counted.db", jobs=2)
        # the first run's occupancy rows and, where the packing runs, its explorer's rows;
        # the update's occupancy rows
        assert forked.count(True) == (3 if compiled(checks.PACKING) is not None else 2)
    else:
        counted = index_twice(folder / "records", tmp_path / "counted.db")
    assert counted == reference
    if compiled(checks.PACKING) is not None and way != "pure":  # (the update's: its runs
        # poured into the staged rows the explorer reads)
        first = {"runs, some read back": ["poured", "sorted_in"]}.get(
            way, ["merged_in" if way.startswith("runs") else "arranged"])
        assert ends == [*first, "poured", "sorted_in"]
    assert any(line.startswith('INSERT INTO "continuation"') for line in counted[0])
    assert any(line.startswith('INSERT INTO "continuation"') for line in counted[1])


def go_changes(folder: Path, seed: int) -> list[tuple[bytes, bytes, int, str, tuple[str, ...]]]:
    """Long random Go records on three boards, as the index keeps them: each one's changes
    point by point, images, points, grid and the names of its symmetry's images."""
    rng = random.Random(seed)
    found = []
    for path in write(folder, [(f"{size}.sgf", sgf(random_game("freego", size, 150, rng), size))
                               for size in (9, 13, 19)]):
        record, = indexing.index_file(str(path)).records
        assert record.log is not None and record.grid is not None
        columns, rows = checks.grid_of(record.grid)
        found.append((zlib.decompress(record.log), record.images, columns * rows, record.grid,
                      checks.symmetry_of(record.symmetry)[0]))
    return found


@pytest.mark.parametrize("pure", [False, True])
def test_each_nodes_next_point_at_once_is_the_one_found_node_by_node(tmp_path, pure):
    """:func:`continuations.placed` (a record of one line read back from its trail, or
    counted as it comes) names the point each move puts its stone on as
    :func:`continuations.put_point` finds it at one node, turned to the node's canonical
    image: long random Go records with captures on three boards."""
    for changes, images, points, grid, names in go_changes(tmp_path, 11):
        board = continuations.board_symmetry(grid, names)
        assert board is not None
        with pure_python() if pure else contextlib.nullcontext():
            at_once = array("h", continuations.placed(changes, points, board, images))
        log = checks.Changes(None, points, len(images), data=changes)
        one_by_one = []
        for node in range(len(images)):
            point = continuations.put_point(log, node, node + 1) \
                if node + 1 < len(images) else None
            one_by_one.append(-1 if point is None else
                              continuations.canonical_point(board, images[node], point))
        assert list(at_once) == one_by_one
        assert sum(point >= 0 for point in one_by_one) > 100


@pytest.mark.skipif(built(checks.PACKING) is None, reason="the packing was not built")
def test_the_compiled_packing_gives_what_python_gives(tmp_path):
    rng = random.Random(3)
    for changes, images, points, grid, names in go_changes(tmp_path, 5):
        board = continuations.board_symmetry(grid, names)
        assert board is not None
        compiled = (occupancy.firsts(changes, points),
                    continuations.placed(changes, points, board, images))
        with pure_python():
            assert (occupancy.firsts(changes, points),
                    continuations.placed(changes, points, board, images)) == compiled
        assert sum(value >= 0 for value in array("h", compiled[1])) > 100
    entries = array("I", (rng.randrange(4096) for _ in range(3000)))
    for ids in (array("I", sorted(rng.randrange(900) for _ in range(3000))),
                array("I", (rng.randrange(900) for _ in range(3000)))):  # in order, or not
        compiled_bits = occupancy.gathered(entries, ids)
        with pure_python():
            assert occupancy.gathered(entries, ids) == compiled_bits
    packing = built(checks.PACKING)
    assert packing is not None
    for places in (array("q", range(0, 96000, 32)), array("q", rng.sample(range(10**6), 3000))):
        hashes = array("q", (rng.choice((rng.getrandbits(64) - (1 << 63), -5, 7, 1 << 62))
                             for _ in range(3000)))
        order, arranged = packing.arrange(hashes.tobytes(), places.tobytes())
        pairs = sorted(zip(hashes, places))
        assert array("q", arranged).tolist() == [v for pair in pairs for v in pair]
        assert [(hashes[at], places[at]) for at in array("I", order)] == pairs
        tallied = {bucket: list(tally) for bucket, *tally in packing.tallies(
            arranged, checks.BUCKET_SHIFT)}
        assert tallied == checks.position_tallies(pairs)
        counts: dict[int, int] = {}
        for value, _ in pairs:
            counts[value] = counts.get(value, 0) + 1
        assert [(hashes[at], places[at]) for at in array("I", packing.shared(
            arranged, order, 2))] == [pair for pair in pairs if counts[pair[0]] > 1]




@pytest.mark.skipif(built(checks.PACKING) is None, reason="the packing was not built")
def test_a_rows_values_are_serialized_for_its_checksum_as_python_does():
    class Text(str):
        pass

    packing = built(checks.PACKING)
    assert packing is not None
    values = (None, "a", "é\ud800x", "", Text("zz"), 0, -1, 2**63 - 1, -2**63, 2**64 + 5,
              -2**70, True, False, b"", b"\x00\xff", 1.5, -0.0, float("inf"), 1e300)
    for value in values:
        assert packing.serialized((value,)) == checks.serialized((value,))
    assert packing.serialized(values) == checks.serialized(values)
    for value in (bytearray(b"x"), [1], 1j):
        for serialized in (packing.serialized, checks.serialized):
            with pytest.raises(TypeError, match=f"no checksum of a {type(value).__name__}"):
                serialized((value,))
        with pytest.raises(TypeError, match=f"no checksum of a {type(value).__name__}"):
            packing.checksum("game", (value,))


@pytest.mark.skipif(built(checks.PACKING) is None, reason="the packing was not built")
def test_a_rows_checksum_made_in_c_is_hashlibs():
    # BLAKE2b's blocks are 128 bytes: rows of every length about one, two and three blocks
    packing = built(checks.PACKING)
    assert packing is not None
    rng = random.Random(4)
    for length in [*range(0, 400), 5000]:
        values = (rng.randbytes(length), rng.randrange(-2**63, 2**63), "é", None, 0.5)[
            :1 + length % 5]
        for table in ("game", "continuation", "t" * 16, ""):
            assert packing.checksum(table, values) == checks._python_checksum(table, values)
    with pytest.raises(ValueError, match="at most 16 bytes"):
        packing.checksum("t" * 17, ())


@pytest.mark.skipif(built(checks.PACKING) is None, reason="the packing was not built")
def test_the_explorers_rows_in_c_are_json_as_python_writes_it():
    # each winner in the order of the names, the records' texts joined as json.dumps joins a
    # list, a continuation's point None where it fills none (what packing_inputs.hostile
    # changes, for the calls rows() refuses)
    packing = built(checks.PACKING)
    assert packing is not None
    names, order = ('"black"', '"white"'), array("I", [0, 1]).tobytes()
    texts = (('["b"]', '["w"]'), ('[10, null, null]', '[11, "x", 2.0]'), 10)
    good = (5, 2, ((1, 1), (0, 1)), 10, (10, 11), (11,), ((7, 2, ((1, 2),), 10, -1),))
    (continuation,), (explored,) = packing.rows([good], names, order, *texts)
    assert explored[:6] == (5, 2, '{"black": 1, "white": 1}', '["b"]',
                            '[[10, null, null], [11, "x", 2.0]]', '[[11, "x", 2.0]]')
    assert continuation[:6] == (5, 7, 2, '{"white": 2}', 10, None)
    assert list(explored[6:9]) == checks.row_tally([continuation[6]])
    assert continuation[6] == checks.checksum("continuation", *continuation[:6])
    assert explored[9] == checks.checksum("explored", *explored[:9])


def test_a_records_one_line_and_its_sides_are_the_json_python_writes():
    # written without json.dumps where a record's line and sides are common (made for every
    # record): the same text as json_text writes, any count of nodes and events, any sides
    for nodes, events in ((0, []), (1, [0]), (201, [5, 9]), (1 << 20, list(range(40)))):
        assert indexing._one_line(nodes, events) == json.dumps([["", 0, nodes, 0, events]])
    for sides in (["black", "white"], ["黒", "白"], ["a\ud800"], [], ["black", "white"]):
        assert indexing._sides_text(sides) == indexing.json_text(sides)


@pytest.mark.skipif(compiled(checks.PACKING) is None,
                    reason="the packing was not built, or pure Python is asked for (no runs)")
def test_a_temporary_folder_too_full_for_the_runs_is_named_and_the_index_left_as_it_was(
        tmp_path, monkeypatch):
    """A first run past what it holds writes its sorted runs to the temporary folder: one
    with no room (its write fails as a full disk's does) is named in the error, with the way
    out, and the index that stood is left as it was, no temporary file beside it."""
    shutil.copytree(EXAMPLES / "renju", tmp_path / "records",  # (records of one line)
                    ignore=lambda _, names: [name for name in names if name in VARIED])
    index = tmp_path / "kept.db"
    build.build(str(index), [str(tmp_path / "records")])
    before = index.read_bytes()

    def full(self: Any, run: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(build, "HELD", 1)
    monkeypatch.setattr(build._Runs, "add", full)
    with pytest.raises(CorpusError, match=r"kept\.db: the index could not be written: its "
                                          r"positions, sorted in batches, could not be written "
                                          r"to the temporary folder .* \(No space left on "
                                          r"device\); name a folder with more room in TMPDIR"):
        build.build(str(index), [str(tmp_path / "records")], rebuild=True)
    assert index.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["kept.db", "records"]
