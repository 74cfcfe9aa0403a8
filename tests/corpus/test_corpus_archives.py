"""The archives Renju players keep, in an index: a RenLib library (its whole tree) and a
renju.net database (each game a record) are read as ``kifu validate`` reads them, as bytes up to
their own formats' limits (``kifu index`` once refused every library as binary data and every
database over 16 MiB); and a collection's records are indexed one at a time as the writer takes
them, never all held at once."""
from __future__ import annotations

import pickle
import shutil
from pathlib import Path

import kifu
from kifu.corpus.indexing import index_file

DATA = Path(__file__).parents[1] / "renju" / "data"
LIBRARIES = ["comment_title_and_body.lib", "marks_and_start.lib", "gbk_comments.lib"]


def test_libraries_and_databases_are_indexed_record_by_record(tmp_path):
    folder = tmp_path / "archives"
    folder.mkdir()
    for name in LIBRARIES:
        shutil.copy(DATA / "lib" / name, folder / name)
    shutil.copy(DATA / "rif" / "small_database.rif", folder / "small_database.rif")
    corpus = kifu.Corpus(tmp_path / "corpus.db")
    built = corpus.index([folder])
    assert built.unreadable == []
    expected = {path.name: list(kifu.read_all(str(path))) for path in sorted(folder.iterdir())}
    assert built.records == sum(len(records) for records in expected.values())
    for name, records in expected.items():
        for record in records:
            if not record.moves:
                continue
            last = record.position(len(record.moves))
            found = {(Path(hit.record.path).name, hit.record.number) for hit in
                     corpus.search(last)}
            assert (name, record.index + 1) in found, (name, record.index)


def test_a_collection_s_records_are_read_as_they_are_asked_for():
    done = index_file(str(DATA / "rif" / "small_database.rif"))
    assert not isinstance(done.records, list)  # nothing read yet
    first = next(iter(done.records))
    assert first.number == 1 and first.legal
    # sent to another process: read whole first, what the writer takes of each record sent
    sent = pickle.loads(pickle.dumps(index_file(str(DATA / "rif" / "small_database.rif"))))
    assert sent.sent is not None and len(sent.sent) == 3 and sent.records == []
    assert list(sent.written()) == \
        list(index_file(str(DATA / "rif" / "small_database.rif")).written())


def test_a_problem_found_while_the_records_are_read_is_the_file_s(tmp_path):
    """A collection that goes wrong part way: its problem is known once its records were read
    (those read before it are indexed), and the index names the file with it."""
    text = (DATA / "rif" / "small_database.rif").read_bytes()
    broken = tmp_path / "records" / "broken.rif"
    broken.parent.mkdir()
    broken.write_bytes(text[:text.index(b"</game>", text.index(b"</game>") + 1)])
    done = index_file(str(broken))
    assert done.problem is None
    list(done.records)
    assert done.problem is not None and "broken.rif" not in done.problem
    built = kifu.Corpus(tmp_path / "corpus.db").index([tmp_path / "records"])
    assert [(Path(path).name, problem) for path, problem in built.unreadable] == [
        ("broken.rif", done.problem)]
