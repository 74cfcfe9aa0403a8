"""``--scheduler``: the same run on a Dask distributed cluster (a real LocalCluster of two worker
processes) gives the same output and exit status as a local run."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from kifu.commands.cli import EXIT_INVALID, EXIT_USAGE, main
from kifu.run import dask_backend

distributed = pytest.importorskip("distributed", reason="dask[distributed] is in the test extra")

ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def scheduler(dask_scheduler):
    return dask_scheduler


def kifu(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_a_cluster_run_matches_a_local_run(scheduler, monkeypatch):
    monkeypatch.chdir(ROOT)
    for fmt in ("json", "text"):
        local = kifu("validate", "-f", fmt, "-j", "1", "examples")
        remote = kifu("validate", "-f", fmt, "--scheduler", scheduler, "examples")
        assert remote == local
        assert local[0] == EXIT_INVALID
    codes = {json.loads(line)["code"] for line in local_json(ROOT)}
    assert {"illegal-move", "syntax", "board", "encoding"} <= codes


def local_json(root: Path) -> list[str]:
    return kifu("validate", "-q", "-f", "json", "-j", "1", str(root / "examples"))[1].splitlines()


def test_a_batch_runs_on_the_cluster_too(scheduler, monkeypatch, tmp_path):
    monkeypatch.chdir(ROOT)
    status, _, _ = kifu("render", "-q", "-f", "text", "--scheduler", scheduler,
                        "--output-dir", str(tmp_path / "out"), "examples/renju")
    assert status == 0
    drawn = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert drawn == sorted(p.stem + ".txt" for p in (ROOT / "examples" / "renju").glob("*.renju"))


def test_an_unreachable_scheduler_is_a_usage_error(monkeypatch):
    monkeypatch.setattr(dask_backend, "CONNECT_TIMEOUT", 2)
    status, out, err = kifu("validate", "--scheduler", "tcp://127.0.0.1:9", str(ROOT / "examples"))
    assert status == EXIT_USAGE and "cannot reach the Dask scheduler" in err
