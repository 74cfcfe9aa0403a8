"""The index's writer writes the rows of many records at a time (``kifu.corpus.build.BATCH``):
the index it makes is the one it makes writing them a record at a time, row for row, ids
included, on a first run and on a run that updates it (files changed, gone and new)."""
from __future__ import annotations

import re
import shutil
import sqlite3
from pathlib import Path

import pytest

from kifu.corpus import build

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: A file's row, whose time of change differs from one copy of the files to another.
_FILE_ROW = re.compile(r"^(INSERT INTO \"file\" VALUES\(\d+,'[^']*',\d+,)\d+")


def rows(index: Path, folder: Path) -> list[str]:
    with sqlite3.connect(index) as db:
        return [_FILE_ROW.sub(r"\1MTIME", line.replace(str(folder), "FOLDER"))
                for line in db.iterdump()]


def index_twice(folder: Path, index: Path) -> tuple[list[str], list[str]]:
    """The rows of the index of a copy of the examples after a first run, and after a run
    that updates it."""
    shutil.copytree(EXAMPLES, folder)
    build.build(str(index), [str(folder)], jobs=1)
    first = rows(index, folder)
    changed = folder / "renju" / "double-four.renju"
    changed.write_text(changed.read_text(encoding="utf-8") + "{a comment}\n", encoding="utf-8")
    (folder / "renju" / "double-three.renju").unlink()
    shutil.copy(folder / "renju" / "forced-overline.renju", folder / "renju" / "new.renju")
    build.build(str(index), [str(folder)], jobs=1)
    return first, rows(index, folder)


@pytest.mark.parametrize("batch", [3, build.BATCH])
def test_rows_written_in_batches_are_the_rows_written_one_by_one(tmp_path, monkeypatch, batch):
    monkeypatch.setattr(build, "BATCH", 1)
    one_by_one = index_twice(tmp_path / "one", tmp_path / "one.db")
    monkeypatch.setattr(build, "BATCH", batch)
    batched = index_twice(tmp_path / "batched", tmp_path / "batched.db")
    assert batched == one_by_one
    assert any(line.startswith("INSERT INTO \"position\"") for line in batched[1])
