"""Shared test set-up: the hypothesis profile and a CLI runner that checks exit codes."""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, settings

from kifu.commands.cli import main

# Sized so that the whole suite stays well inside CI's ten minutes on two cores, and the same
# examples every run (derandomized): CI answers for the change, not for the day's draw.  The
# "thorough" profile draws new examples each run; run it when hunting (docs/contributing.md).
settings.register_profile("ci", max_examples=60, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


@pytest.fixture
def examples() -> Path:
    return EXAMPLES


@pytest.fixture
def kifu_cli() -> Callable[..., Result]:
    """Run ``kifu ARGS...`` in-process and assert its exit code (default 0)."""
    runner = CliRunner()

    def run(*args: str, exit_code: int = 0, input: str | bytes | None = None) -> Result:
        result = runner.invoke(main, [str(a) for a in args], input=input, catch_exceptions=False)
        assert result.exit_code == exit_code, (
            f"exit {result.exit_code} != {exit_code}\nstdout:\n{result.stdout}\n"
            f"stderr:\n{result.stderr}")
        return result

    return run


@pytest.fixture(scope="module")
def dask_scheduler(tmp_path_factory):
    """The address of a real Dask LocalCluster of two worker processes, started in another
    folder than the one kifu is run from, as on a real cluster, so that relative paths must be
    resolved for them."""
    distributed = pytest.importorskip("distributed",
                                      reason="dask[distributed] is in the test extra")
    elsewhere = tmp_path_factory.mktemp("workers")
    here = os.getcwd()
    os.chdir(elsewhere)
    try:
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           dashboard_address=None)
    finally:
        os.chdir(here)
    with cluster:
        yield cluster.scheduler_address
