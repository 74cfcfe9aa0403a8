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
