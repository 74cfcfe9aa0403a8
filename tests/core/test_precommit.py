"""The pre-commit hook other repositories use: it matches every suffix kifu reads, and it works
as ``docs/ci.md`` says, run by pre-commit itself (``pre-commit try-repo``) on a copy of this checkout."""
from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
import yaml

from kifu.commands.cli import EXIT_INVALID, EXIT_OK, main
from kifu.plugin import registry
from tests.core.checkout import copy_checkout

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples"
[HOOK] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))


def test_hook_files_are_exactly_the_suffixes_kifu_reads():
    pattern = re.compile(HOOK["files"])
    listed = re.search(r"\\\.\(([^)]*)\)\$", HOOK["files"])
    assert listed, HOOK["files"]
    assert {"." + s for s in listed.group(1).split("|")} == registry.suffixes()
    for suffix in registry.suffixes():
        assert pattern.search(f"records/game{suffix}"), suffix
        assert pattern.search(f"records/GAME{suffix.upper()}"), suffix
    assert not pattern.search("README.md") and not pattern.search("game.renju.bak")


def test_hook_entry_is_a_valid_kifu_command(kifu_cli):
    program, command, *options = shlex.split(HOOK["entry"])
    assert program == "kifu" and command in main.list_commands(click.Context(main))
    kifu_cli(command, *options, EXAMPLES / "renju" / "four-three-win.renju")


def git(*args: str | Path, cwd: Path) -> None:
    done = subprocess.run(["git", "-c", "user.name=kifu tests", "-c", "user.email=tests@kifu",
                           "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false",
                           *map(str, args)], cwd=cwd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def snapshot(into: Path) -> Path:
    """This checkout as it stands (uncommitted edits included) as a one-commit repository, as
    pre-commit clones a hook repository by its URL and revision."""
    copy_checkout(into)
    git("init", "-q", cwd=into)
    git("add", "-A", cwd=into)
    git("commit", "-q", "-m", "snapshot", cwd=into)
    return into


@pytest.mark.skipif(shutil.which("git") is None, reason="pre-commit needs git, which is not "
                    "installed here")
def test_the_hook_runs_under_pre_commit(tmp_path):
    hook_repo = snapshot(tmp_path / "kifu")
    records = tmp_path / "records"
    (records / "games").mkdir(parents=True)
    shutil.copy(EXAMPLES / "renju" / "four-three-win.renju", records / "games" / "good.renju")
    shutil.copy(EXAMPLES / "rengoma" / "win-down.rengoma", records / "games" / "GOOD.RENGOMA")
    (records / "package.json").write_text('{"name": "a web site"}\n')
    (records / "notes.txt").write_text("1. h8 h8 - not a record, not checked\n")
    git("init", "-q", cwd=records)
    git("add", "-A", cwd=records)
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "PRE_COMMIT_COLOR": "never"}

    def try_repo() -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(hook_repo),
                               "kifu-validate", "--all-files"], cwd=records, env=env,
                              capture_output=True, text=True, timeout=600)

    passed = try_repo()
    assert passed.returncode == EXIT_OK, passed.stdout + passed.stderr
    assert "kifu validate" in passed.stdout and "Passed" in passed.stdout

    shutil.copy(EXAMPLES / "invalid" / "renju" / "occupied-point.renju", records / "bad.renju")
    git("add", "-A", cwd=records)
    failed = try_repo()
    assert failed.returncode == EXIT_INVALID, failed.stdout + failed.stderr
    assert "bad.renju:6:4: error[illegal-move]" in failed.stdout
    assert "package.json" not in failed.stdout and "good" not in failed.stdout
