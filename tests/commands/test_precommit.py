"""The pre-commit hook other repositories use: it matches every suffix kifu reads, and it works
as ``docs/ci.md`` says: added to a configuration that holds another hook, both run by
pre-commit itself on a copy of this checkout."""
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
from tests.house.checkout import copy_checkout

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


def documented_entry(hook_repo: Path) -> str:
    """The item docs/ci.md adds to a repos: list, naming ``hook_repo`` at its one commit."""
    ci = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\nrepos:\n  # [^\n]*\n(  - repo: .*?)```", ci, re.DOTALL)
    assert block, "docs/ci.md shows no item to add to repos:"
    revision = subprocess.run(["git", "rev-parse", "HEAD"], cwd=hook_repo, capture_output=True,
                              text=True, check=True).stdout.strip()
    return re.sub(r"rev: \S+", f"rev: {revision}",
                  block.group(1).replace("https://github.com/OWNER/kifu", str(hook_repo)))


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
@pytest.mark.installs
def test_the_hook_runs_under_pre_commit(tmp_path):
    hook_repo = snapshot(tmp_path / "kifu")
    records = tmp_path / "records"
    (records / "games").mkdir(parents=True)
    shutil.copy(EXAMPLES / "renju" / "four-three-win.renju", records / "games" / "good.renju")
    shutil.copy(EXAMPLES / "rengoma" / "win-down.rengoma", records / "games" / "GOOD.RENGOMA")
    (records / "package.json").write_text('{"name": "a web site"}\n')
    (records / "notes.txt").write_text("1. h8 h8 - not a record, not checked\n")
    git("init", "-q", cwd=records)
    # The records' repository has a configuration with a hook of its own; kifu's is added to
    # its repos: list as docs/ci.md shows, and both must run.
    (records / ".pre-commit-config.yaml").write_text(
        "repos:\n  - repo: local\n    hooks:\n      - id: own-hook\n        name: own hook\n"
        "        entry: 'true'\n        language: system\n", encoding="utf-8")
    with (records / ".pre-commit-config.yaml").open("a", encoding="utf-8") as config:
        config.write(documented_entry(hook_repo))
    git("add", "-A", cwd=records)
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"), "PRE_COMMIT_COLOR": "never"}

    def pre_commit(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "pre_commit", *args], cwd=records, env=env,
                              capture_output=True, text=True, timeout=600)

    def run_all() -> subprocess.CompletedProcess[str]:
        return pre_commit("run", "--all-files")

    assert pre_commit("validate-config").returncode == EXIT_OK
    assert (records / ".pre-commit-config.yaml").read_text().count("repos:") == 1
    passed = run_all()
    assert passed.returncode == EXIT_OK, passed.stdout + passed.stderr
    assert "kifu validate" in passed.stdout and "Passed" in passed.stdout
    assert "own hook" in passed.stdout

    shutil.copy(EXAMPLES / "invalid" / "renju" / "occupied-point.renju", records / "bad.renju")
    git("add", "-A", cwd=records)
    failed = run_all()
    assert failed.returncode == EXIT_INVALID, failed.stdout + failed.stderr
    assert "bad.renju:6:4: error[illegal-move]" in failed.stdout
    assert "package.json" not in failed.stdout and "good" not in failed.stdout

    # The records' repository states its policy once, in its pyproject.toml (issue 36): the hook
    # runs from the repository's root, where kifu finds the [tool.kifu] table.
    (records / "pyproject.toml").write_text('[tool.kifu]\nignore = ["occupied"]\n',
                                            encoding="utf-8")
    git("add", "-A", cwd=records)
    steered = run_all()
    assert steered.returncode == EXIT_OK, steered.stdout + steered.stderr
    assert "occupied" not in steered.stdout
