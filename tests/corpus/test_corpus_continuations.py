"""The explorer's table (``explored`` and ``continuation``, :mod:`kifu.corpus.continuations`)
against the reference it stands for: the same answers as the trails of every record give
(:func:`kifu.corpus.stats.explore` and :func:`kifu.corpus.explorer.latest` with
``table=False``), for every position the table holds, in the examples' index and in generated
corpora, after a first run and after updates that add, change and remove records; a damaged
row is said, never answered from."""
from __future__ import annotations

import heapq
import json
import os
import random
import shutil
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kifu
from kifu.corpus import continuations, explorer, search, stats
from kifu.corpus.checks import checksum
from kifu.corpus.reader import Filters, Reader
from kifu.plugin import driver
from tests.serve.conftest import opening_games

ROOT = Path(__file__).resolve().parents[2]


def positions(paths: list[Path]) -> dict[int, tuple[kifu.Game, object]]:
    """Every position of every line of the records, by its hash in the index."""
    found: dict[int, tuple[kifu.Game, object]] = {}
    for path in paths:
        try:
            records = list(kifu.read_all(str(path)))
        except kifu.KifuError:
            continue
        for record in records:
            game = record.game
            try:
                every = [game.plugin.start(record.data)]
            except kifu.KifuError:
                continue
            # Each position copied as it is met (a replay may play on in the same one).
            every += [game.plugin.copy(step.position)
                      for step in driver.replay_tree(game.plugin, record.data)
                      if not isinstance(step, kifu.KifuError)]
            for position in every:
                found.setdefault(search.key_of(game.plugin, position).hash, (game, position))
    return found


def record_files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if path.is_file())


def answers(index: Path, known: dict[int, tuple[kifu.Game, object]], *, table: bool
            ) -> dict[int, object]:
    """Each position's explorer answer (the moves, the records' names listed by date and by
    strength), of the positions the index's table holds that a replay of the records
    reaches (a game whose index visits positions between its moves, as Rengi's chains, holds
    more)."""
    found: dict[int, object] = {}
    with Reader.opened(str(index)) as reader:
        held = [value for (value,) in reader.execute("SELECT hash FROM explored")]
        for value in held:
            if value not in known:
                continue
            game, position = known[value]
            key = search.key_of(game.plugin, position)
            explored = stats.explore(reader, key, position, Filters(), table=table)
            listed = [[(hit.record.name, hit.place, hit.transform) for hit in explorer.latest(
                reader, key, Filters(), count, by, table=table)]
                for by in explorer.ORDERS for count in (1, 5, continuations.LISTED)]
            found[value] = (explored, listed)
    return found


def same_as_the_trails(index: Path, known: dict[int, tuple[kifu.Game, object]]) -> None:
    from_table = answers(index, known, table=True)
    assert from_table == answers(index, known, table=False)
    with sqlite3.connect(index) as db:
        (held,) = db.execute("SELECT count(*) FROM explored").fetchone()
    assert len(from_table) >= 0.8 * held > 0


def every_shared_position_has_rows(index: Path) -> None:
    with sqlite3.connect(index) as db:
        missing = db.execute(
            f"SELECT hash FROM position GROUP BY hash HAVING count(*) >= {continuations.SHARED}"
            " EXCEPT SELECT hash FROM explored").fetchall()
    assert missing == []


def test_the_examples_index_answers_from_its_table_as_from_the_trails(tmp_path):
    index = tmp_path / "corpus.db"
    folders = [ROOT / "examples", ROOT / "docs" / "records" / "search"]
    kifu.Corpus(index).index([str(folder) for folder in folders])
    every_shared_position_has_rows(index)
    files = [path for folder in folders for path in record_files(folder)]
    same_as_the_trails(index, positions(files))


def test_a_records_following_nodes_are_those_its_trail_names_one_by_one(tmp_path):
    index = tmp_path / "corpus.db"
    kifu.Corpus(index).index([str(ROOT / "examples")])
    with Reader.opened(str(index)) as reader:
        ids = [row[0] for row in reader.execute("SELECT game FROM trail")]
        branching = 0
        for _, trail in reader.each_trail(ids):
            following = continuations.successors(trail.lines)
            assert following == [trail.children(node) for node in range(len(trail.hashes))]
            branching += len(trail.lines) > 1
    assert branching  # records with variations were among them


def generated(folder: Path, count: int, seed: int) -> list[Path]:
    from tests.corpus.corpora import write

    return write(folder, opening_games(count, seed))


@pytest.mark.parametrize("seed", [1, 2])
def test_a_generated_corpus_answers_from_its_table_as_from_the_trails(tmp_path, seed):
    files = generated(tmp_path / "records", 40, seed)
    index = tmp_path / "corpus.db"
    kifu.Corpus(index).index(str(tmp_path / "records"))
    every_shared_position_has_rows(index)
    same_as_the_trails(index, positions(files))


def test_an_update_keeps_the_table_as_a_run_from_scratch_makes_it(tmp_path, monkeypatch):
    # Lists of three records: a record forgotten from a full list has it counted anew.
    monkeypatch.setattr(continuations, "LISTED", 3)
    folder = tmp_path / "records"
    files = generated(folder, 40, 3)
    index = tmp_path / "corpus.db"
    kifu.Corpus(index).index(str(folder))
    with Reader.opened(str(index)) as reader:  # the example of the first continuations
        first = reader.records([1])[1].name
    os.unlink(first)
    for path in files[5:10]:  # removed
        path.unlink()
    for number, (_, text) in enumerate(opening_games(5, 99)):  # changed
        files[10 + number].write_text(text, encoding="utf-8")
        stamp = files[10 + number].stat()
        os.utime(files[10 + number], ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 10**9))
    for name, text in opening_games(6, 98)[1:]:  # added
        (folder / f"new-{name}").write_text(text, encoding="utf-8")
    kifu.Corpus(index).index(str(folder))
    scratch = tmp_path / "scratch.db"
    kifu.Corpus(scratch).index(str(folder))
    known = positions(record_files(folder))
    same_as_the_trails(index, known)
    every_shared_position_has_rows(index)
    # The same counts as a run from scratch (which numbers the records otherwise: the
    # examples, the first by number, and the order of records of one date may differ).
    updated, made = answers(index, known, table=True), answers(scratch, known, table=True)
    assert set(made) <= set(updated)  # beyond: positions fewer records reach now
    assert {value: counts(updated[value]) for value in made} == {
        value: counts(answer) for value, answer in made.items()}


def counts(answer: object) -> object:
    explored, _ = answer  # type: ignore[misc]
    return (explored.games, explored.wins, sorted(
        (c.move, c.games, tuple(sorted(c.wins.items()))) for c in explored.continuations))


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), removed=st.integers(0, 4), changed=st.integers(0, 4),
       added=st.integers(0, 4))
def test_any_update_answers_from_the_table_as_from_the_trails(tmp_path_factory, seed, removed,
                                                              changed, added):
    # Records forgotten (among them the first, whose record is the example of continuations
    # from the start, now and then), changed and added, in any mix.
    folder = tmp_path_factory.mktemp("update")
    files = generated(folder / "records", 16, seed)
    index = folder / "corpus.db"
    kifu.Corpus(index).index(str(folder / "records"))
    rng = random.Random(seed)
    shuffled = rng.sample(files, len(files))
    for path in shuffled[:removed]:
        path.unlink()
    for number, path in enumerate(shuffled[removed:removed + changed]):
        path.write_text(opening_games(1, seed + number + 1)[0][1], encoding="utf-8")
        stamp = path.stat()
        os.utime(path, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 10**9))
    for name, text in opening_games(added, seed + 100):
        (folder / "records" / f"new-{name}").write_text(text, encoding="utf-8")
    kifu.Corpus(index).index(str(folder / "records"))
    every_shared_position_has_rows(index)
    same_as_the_trails(index, positions(record_files(folder / "records")))


def go_games(folder: Path, seed: int) -> list[Path]:
    """Go games on a 9x9 board with captures, openings shared and varied, each also turned
    and with the colours swapped (positions reached in another orientation than the one
    asked about, and symmetric ones: the empty board, a stone on a diagonal), a few records
    with a pass (a move that puts no stone down)."""
    from tests.corpus.corpora import random_game, sgf, transformed, write

    rng = random.Random(seed)
    texts = []
    for number in range(6):
        moves = random_game("freego", 9, 40, rng)
        for turn in range(0, 8, 3):
            texts.append((f"g{number}-{turn}.sgf", sgf(transformed(moves, turn, 9), 9,
                                                       swap=bool(turn % 2))))
        varied = list(moves[:rng.randrange(2, 8)])
        texts.append((f"g{number}-varied.sgf", sgf([*varied, *random_game("freego", 9, 1, rng)],
                                                   9)))
        texts.append((f"g{number}-pass.sgf", sgf([*moves[:3], None, *moves[3:6]], 9)))
    return write(folder, texts)


def test_the_moves_played_next_are_named_from_the_points_the_index_keeps(tmp_path, monkeypatch):
    # Every position of the records, whether the table holds it or its few records' trails
    # answer: the same moves as playing every legal move names (the reference), and no move
    # played beyond the few on the points a continuation's stone goes to, where each has one.
    files = go_games(tmp_path / "records", 3)
    index = tmp_path / "corpus.db"
    kifu.Corpus(index).index(str(tmp_path / "records"))
    with sqlite3.connect(index) as db:
        (rows, placed), = db.execute("SELECT count(*), count(point) FROM continuation")
    assert rows > placed > 0.8 * rows  # the passes and the records' last moves have none
    known = positions(files)
    played_every_move = []
    full = stats._played

    def counted(game, position, moves, wanted):  # type: ignore[no-untyped-def]
        played_every_move.append(wanted)
        return full(game, position, moves, wanted)

    with Reader.opened(str(index)) as reader:
        held = {value for (value,) in reader.execute("SELECT hash FROM explored")}
        for value, (game, position) in known.items():
            key = search.key_of(game.plugin, position)
            played_every_move.clear()
            monkeypatch.setattr(stats, "_played", counted)
            fast = stats.explore(reader, key, position, Filters())
            named_by_points = not played_every_move
            monkeypatch.setattr(stats, "_played", full)
            assert fast == stats.explore(reader, key, position, Filters(), table=False)
            if fast.continuations and not any(c.move == "pass" for c in fast.continuations):
                assert named_by_points, (value in held, fast)
    assert len(held & set(known)) > 20 and len(set(known) - held) > 20


def test_records_sort_by_the_weaker_players_strength_of_those_given():
    from kifu.corpus.indexing import player_strength, strength

    assert [player_strength(text) for text in ("3k", "1 kyu", "1d", "7 dan", "9p", "1826",
                                               "初段", "5段", "", "strong")] == [
        1800.0, 2000.0, 2100.0, 2700.0, 2970.0, 1826.0, None, 2500.0, None, None]
    assert strength({"Black-Rank": "9p", "White-Rank": "2d"}) == 2200.0
    assert strength({"White-Rank": "1p"}) == 2730.0
    assert strength({"First-player-Elo": "1826", "Second-player-Elo": "2010"}) == 1826.0
    assert strength({"Black": "9p"}) is None


def test_the_indexs_columns_find_headers_as_a_record_finds_them():
    # the names folded once for all the columns looked up: the name as written first, else
    # the first of any case (Record.header)
    from kifu.base.record import Record
    from kifu.corpus.indexing import COLUMNS, IndexedRecord, _columns, _header
    from kifu.plugin import registry

    headers = {"BLACK": "b1", "black": "b2", "Rules": "", "RULES": "r", "Event": "e",
               "ÉVÉNEMENT": "x", "Straße": "s"}
    record = Record("renju", headers=headers)
    for key in ("Black", "black", "BLACK", "Rules", "rules", "Event", "événement", "strasse",
                "STRASSE", "Date", ""):
        assert _header(headers)(key) == record.header(key), key
    # and the columns, each the first of its names with a value, looked up so
    columns = {"black": "b1", "white": None, "event": "e", "date": None, "result": None,
               "rule": None}  # "Rules" as written is empty: "RULES" is never looked at
    entry = IndexedRecord(1, "one", "renju")
    _columns(registry.get("renju"), record, {}, lambda: None, entry)
    assert {name: entry.columns[name] for name in columns} == columns
    assert columns == {column: next((value for name in names if (value := record.header(name))),
                                    None) for column, names in COLUMNS.items()}


def test_the_strongest_records_are_listed_first(tmp_path):
    folder = tmp_path / "records"
    texts = opening_games(12, 5)
    ranks = ["1k", "9p", None, "3d", "20k", "5d", "1p", None, "2k", "7d", "4p", "6k"]
    for (name, text), rank in zip(texts, ranks, strict=True):
        extra = f"Black-Rank: {rank}\nWhite-Rank: 9p\n" if rank else ""
        (folder).mkdir(exist_ok=True)
        (folder / name).write_text(text.replace("Game: renju\n", f"Game: renju\n{extra}"),
                                   encoding="utf-8")
    index = tmp_path / "corpus.db"
    kifu.Corpus(index).index(str(folder))
    step = kifu.Corpus(index).explore(game="renju", recent=12, by="strength")
    shown = [hit.record.strength for hit in step.recent]
    assert shown[:10] == sorted(shown[:10], reverse=True) and shown[0] == 2970.0
    assert shown[10:] == [None, None]


def damaged(index: Path, tmp_path: Path, sql: str) -> Path:
    copy = tmp_path / "damaged.db"
    shutil.copy(index, copy)
    with sqlite3.connect(copy) as db:
        db.execute(sql)
    return copy


@pytest.mark.parametrize("sql", [
    "UPDATE continuation SET games = games + 1 WHERE (hash, next) IN (SELECT hash, next FROM "
    "continuation ORDER BY games DESC LIMIT 1)",
    "DELETE FROM continuation WHERE (hash, next) IN (SELECT hash, next FROM continuation "
    "ORDER BY games DESC LIMIT 1)",
    "UPDATE explored SET wins = '{\"black\": 60}'",
    "UPDATE explored SET latest = '[[1, null, null]]'",
    "UPDATE continuation SET point = (point + 1) % 225 WHERE (hash, next) IN (SELECT hash, "
    "next FROM continuation WHERE point IS NOT NULL ORDER BY games DESC LIMIT 1)",
])
def test_a_damaged_row_of_the_table_is_said_never_answered_from(openings_index, tmp_path, sql):
    copy = damaged(openings_index, tmp_path, sql)
    with pytest.raises(kifu.CorpusError, match="rebuild=True") as said:
        kifu.Corpus(copy).explore(game="renju")
    assert "damaged" in said.value.message
    # An update that changes what the start's rows count reads them, and is refused.
    changed = sorted((openings_index.parent / "records").iterdir())[-1]
    stamp = changed.stat()
    os.utime(changed, ns=(stamp.st_atime_ns, stamp.st_mtime_ns + 10**9))
    with pytest.raises(kifu.CorpusError, match="damaged"):
        kifu.Corpus(copy).index(str(openings_index.parent / "records"))


def test_a_row_of_the_table_missing_leaves_the_trails_to_answer(openings_index, tmp_path):
    copy = damaged(openings_index, tmp_path, "DELETE FROM explored")
    assert kifu.Corpus(copy).explore(game="renju") == \
        kifu.Corpus(openings_index).explore(game="renju")


@pytest.mark.parametrize("schema", ["5", "6"])  # before the table; before its points
def test_an_index_of_a_schema_before_the_table_is_refused_with_the_way_to_rebuild_it(
        openings_index, tmp_path, schema):
    copy = damaged(openings_index, tmp_path,
                   f"UPDATE meta SET value = '{schema}' WHERE name = 'schema'")
    with pytest.raises(kifu.CorpusError, match=rf"schema {schema}\).*rebuild=True"):
        kifu.Corpus(copy).explore(game="renju")


@pytest.fixture(scope="module")
def openings_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("openings")
    generated(folder / "records", 30, 7)
    index = folder / "corpus.db"
    kifu.Corpus(index).index(str(folder / "records"))
    return index



def test_a_continuation_checksum_written_at_once_is_the_rows() -> None:
    """The checksum a step makes of each continuation row, its bytes written at once for the
    kinds of values kifu writes, is the one every row's is (any other kind: the same)."""
    kinds = [0, 7, -(2**63), 2**63 - 1, None, "", '{"black": 3}', "黒\udcff", 1.5, b"x", True]
    rows = [[value, 2, 3, '{"white": 1}', 4, 5] for value in kinds]
    rows += [[1, 2, 3, wins, 4, point] for wins in kinds for point in kinds]
    for row in rows:
        assert continuations._continuation_checksum([*row, 0]) == checksum("continuation", *row), row
    # a step's rows checked at once (in C where the packing was built): the same numbers
    every = [(*row, 0) for row in rows]
    assert continuations._continuation_checksums(every) == [
        checksum("continuation", *row[:-1]) for row in every]


def test_records_checked_are_kept_for_other_questions_the_last_used_at_most(openings_index):
    from kifu.corpus.reader import Checked

    kept = Checked(limit=3)
    with Reader.opened(str(openings_index)) as reader:
        ids = [row[0] for row in reader.execute("SELECT id FROM game ORDER BY id LIMIT 5")]
        alone = reader.trails(ids)
    with Reader.opened(str(openings_index)) as reader:
        reader.checked = kept
        assert reader.trails(ids) == alone
        assert [kept.row(record) is not None for record in ids] == [False, False, True, True,
                                                                   True]
        reader.next_question()  # another question reads them from what was kept
        reader.db.close()
        assert {record: trail for record, trail in reader.each_trail(ids[2:])} == {
            record: alone[record] for record in ids[2:]}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(-3, 3), st.integers(0, 6)), max_size=12),
       st.lists(st.tuples(st.integers(-3, 3), st.integers(0, 6)), max_size=40))
def test_records_read_back_and_counted_merge_as_heapq_merges_them(brought, arrived):
    """The records an update reads back and those it counted as they came, merged by
    position and record as ``heapq.merge`` merges them (those read back first on a tie)."""
    def played(keys, side):
        return [(value, continuations.Played(record, side, (), (), None, None, ()))
                for value, record in sorted(keys)]

    ours = list(continuations._merged(iter(played(brought, "back")), played(arrived, "came")))
    theirs = list(heapq.merge(played(brought, "back"), played(arrived, "came"),
                              key=lambda pair: (pair[0], pair[1].record)))
    assert ours == theirs


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**31), st.none() | st.text(), st.none() | st.floats() | st.integers(-9999, 9999))
def test_a_listed_record_is_written_as_json_dumps_writes_it(number, date, strength):
    """An explorer's row lists each record as ``json.dumps`` would write it (dates in any
    script, strengths of any value a header gives)."""
    entry = (number, date, strength)
    assert continuations.listed_text(entry) == json.dumps(entry)
