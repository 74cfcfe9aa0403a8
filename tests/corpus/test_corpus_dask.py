"""``kifu index --scheduler``: the files read on a real Dask LocalCluster (two worker processes,
started in another folder), each worker's shard merged into one index: the same index as a run
in one process, and with ``--jobs 2``."""
from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from kifu.commands.cli import main
from tests.corpus.corpora import random_game, renju, sgf, write

pytest.importorskip("distributed", reason="dask[distributed] is in the test extra")

ROOT = Path(__file__).parents[2]


def kifu(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def contents(path: Path) -> list[tuple[object, ...]]:
    """Everything an index holds but where it was made: its records and their positions."""
    connection = sqlite3.connect(path)
    try:
        records = connection.execute(
            "SELECT g.id, g.name, g.game, g.headers, g.moves, g.legal, g.problem, g.digest, "
            "t.hashes, t.images, t.lines, t.log FROM game g LEFT JOIN trail t ON t.game = g.id "
            "ORDER BY g.id").fetchall()
        positions = connection.execute("SELECT * FROM position ORDER BY hash, place"
                                       ).fetchall()
        occupancy = connection.execute("SELECT * FROM occupancy ORDER BY grid, point, content"
                                       ).fetchall()
    finally:
        connection.close()
    return [*records, *positions, *occupancy]


def test_a_cluster_index_is_the_index_of_one_process(dask_scheduler, tmp_path, monkeypatch):
    scheduler = dask_scheduler
    rng = random.Random(12)
    write(tmp_path / "records", [
        *((f"go{n}.sgf", sgf(random_game("freego", 9, 30, rng), 9)) for n in range(12)),
        *((f"r{n}.renju", renju(random_game("renju", 15, 12, rng))) for n in range(6)),
    ])
    monkeypatch.chdir(tmp_path)
    examples = str(ROOT / "examples")
    assert kifu("index", "records", examples, "-o", "one.db", "-j", "1", "-q")[0] == 0
    status, _, err = kifu("index", "records", examples, "-o", "cluster.db", "--scheduler",
                          scheduler)
    assert status == 0, err
    assert "cluster.db: " in err and "files read" in err
    assert kifu("index", "records", examples, "-o", "two.db", "-j", "2", "-q")[0] == 0
    one = contents(tmp_path / "one.db")
    assert len(one) > 1000
    assert contents(tmp_path / "cluster.db") == one
    assert contents(tmp_path / "two.db") == one
    asked = ["search", "-p", "records/go3.sgf@12", "-f", "json"]
    assert kifu(asked[0], "cluster.db", *asked[1:]) == kifu(asked[0], "one.db", *asked[1:])
