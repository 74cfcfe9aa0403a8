"""The index's writer writes the rows of many records at a time (``kifu.corpus.build.BATCH``):
the index it makes is the one it makes writing them a record at a time, row for row, ids
included, on a first run and on a run that updates it (files changed, gone and new).  Both
runs index the same folder, its files' times set, as each row's checksum (and so the tallies)
covers its file's path and time."""
from __future__ import annotations

import gc
import os
import shutil
import threading
from pathlib import Path

import pytest

from kifu.corpus import build
from tests.corpus.corpora import index_rows

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: The time every copied file is given (nanoseconds), and a changed one.
_TIME, _CHANGED = 1_700_000_000_000_000_000, 1_700_000_100_000_000_000


def index_twice(folder: Path, index: Path) -> tuple[list[str], list[str]]:
    """The rows of the index of a copy of the examples after a first run, and after a run
    that updates it (the copy removed after)."""
    shutil.copytree(EXAMPLES, folder)
    for path in folder.rglob("*"):
        os.utime(path, ns=(_TIME, _TIME))
    build.build(str(index), [str(folder)], jobs=1)
    first = index_rows(index)
    changed = folder / "renju" / "double-four.renju"
    changed.write_text(changed.read_text(encoding="utf-8") + "{a comment}\n", encoding="utf-8")
    os.utime(changed, ns=(_CHANGED, _CHANGED))
    (folder / "renju" / "double-three.renju").unlink()
    shutil.copy(folder / "renju" / "forced-overline.renju", folder / "renju" / "new.renju")
    os.utime(folder / "renju" / "new.renju", ns=(_CHANGED, _CHANGED))
    build.build(str(index), [str(folder)], jobs=1)
    shutil.rmtree(folder)
    return first, index_rows(index)


@pytest.mark.parametrize("batch", [3, build.BATCH])
def test_rows_written_in_batches_are_the_rows_written_one_by_one(tmp_path, monkeypatch, batch):
    monkeypatch.setattr(build, "BATCH", 1)
    one_by_one = index_twice(tmp_path / "records", tmp_path / "one.db")
    monkeypatch.setattr(build, "BATCH", batch)
    batched = index_twice(tmp_path / "records", tmp_path / "batched.db")
    assert batched == one_by_one
    assert any(line.startswith("INSERT INTO \"position\"") for line in batched[1])


def test_indexes_written_in_threads_at_once_leave_the_collector_as_it_was(tmp_path):
    """The cycle collector runs less often while an index is written, and as before once
    every index a process writes at once (in threads: the library's users) is done."""
    before = gc.get_threshold()
    seen: list[tuple[int, ...]] = []

    def index(name: str) -> None:
        build.build(str(tmp_path / f"{name}.db"), [str(EXAMPLES / name)], jobs=1,
                    step=lambda: seen.append(gc.get_threshold()))

    threads = [threading.Thread(target=index, args=(name,)) for name in ("renju", "freego")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seldom = max(before[0], build._YOUNG_COLLECTED_AFTER)  # (never more often than before)
    assert seen and all(threshold == (seldom, *before[1:]) for threshold in seen)
    assert gc.get_threshold() == before
    assert all((tmp_path / f"{name}.db").exists() for name in ("renju", "freego"))
