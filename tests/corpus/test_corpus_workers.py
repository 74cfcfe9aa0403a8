"""Files read in worker processes (``kifu index --jobs``) give the index one process gives;
a large file (a collection, a database) that a worker reads is sent back as found, to be read
where the index is written, its records written as they come rather than all sent at once."""
from __future__ import annotations

import os
import pickle
import shutil
from pathlib import Path

import pytest

from kifu.corpus import build, indexing
from kifu.reading.walk import Found
from kifu.run import runner
from tests.corpus.corpora import index_rows

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: The time every copied file is given (nanoseconds): each row's checksum covers it.
_TIME = 1_700_000_000_000_000_000
#: A size some of the examples pass (a few KiB), standing for :data:`indexing.LOCAL_SIZE`.
_LARGE = 2000


def test_a_large_file_goes_back_unread_and_a_small_one_with_its_records(monkeypatch):
    monkeypatch.setattr(indexing, "LOCAL_SIZE", _LARGE)
    large = str(EXAMPLES / "gungi" / "nishitsuji-sample.gungi")  # 4 KiB, read in Python
    small = str(EXAMPLES / "renju" / "double-three.renju")
    assert os.path.getsize(large) > _LARGE > os.path.getsize(small)
    sent = pickle.loads(pickle.dumps(indexing.index_file(large)))
    assert sent.here and list(sent.records) == [] and sent.problem is None
    assert sent.size == os.path.getsize(large)
    kept = pickle.loads(pickle.dumps(indexing.index_file(small)))
    assert not kept.here and list(kept.written()) == \
        list(indexing.index_file(small).written()) and len(kept.sent or ()) == 1
    # where it arrives, the large one is read: its records as one process reads them
    found = Found(large, "nishitsuji-sample.gungi")
    here = indexing.IndexTask().here(found, sent)
    assert not here.here
    assert list(here.written()) == list(indexing.index_file(large).written())


@pytest.mark.skipif(not hasattr(os, "fork"), reason="the workers are forked here, a size set "
                    "for the test theirs too")
def test_an_index_written_from_workers_is_the_one_process_writes_large_files_and_all(
        tmp_path, monkeypatch):
    folder = tmp_path / "records"
    shutil.copytree(EXAMPLES, folder)
    for path in folder.rglob("*"):
        os.utime(path, ns=(_TIME, _TIME))
    build.build(str(tmp_path / "one.db"), [str(folder)], jobs=1)
    monkeypatch.setattr(indexing, "LOCAL_SIZE", _LARGE)  # (the workers are forked: theirs too)
    monkeypatch.setattr(runner, "cores", lambda: 2)  # whatever this machine has
    came_back: list[str] = []
    here = indexing.IndexTask.here

    def noted(task, found, indexed):  # type: ignore[no-untyped-def]
        if indexed.here:
            came_back.append(found.path)
        return here(task, found, indexed)

    monkeypatch.setattr(indexing.IndexTask, "here", noted)
    build.build(str(tmp_path / "workers.db"), [str(folder)], jobs=2)
    assert came_back and all(os.path.getsize(path) > _LARGE for path in came_back)
    assert index_rows(tmp_path / "workers.db") == index_rows(tmp_path / "one.db")
