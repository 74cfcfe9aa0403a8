"""The README's examples are what kifu really prints: every ``console`` block is run, command by
command (the lines after ``$ ``), and its output compared with the lines shown.  A line ``...``
stands for any number of lines left out; the lines shown must come in order."""
from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kifu.cli import main

ROOT = Path(__file__).parents[2]
README = ROOT / "README.md"
BLOCK = re.compile(r"^```console\n(.*?)^```", re.MULTILINE | re.DOTALL)
ELIDED = "..."


def commands() -> list[tuple[str, list[str]]]:
    """Each ``$ kifu ...`` command of the README with the output lines shown under it."""
    found = []
    for block in BLOCK.findall(README.read_text(encoding="utf-8")):
        for chunk in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            command, *output = chunk.rstrip("\n").split("\n")
            found.append((command, output))
    return found


def matches(shown: list[str], printed: list[str]) -> bool:
    """Whether ``printed`` is ``shown`` with each ``...`` standing for any run of lines."""
    if not shown:
        return not printed
    if shown[0] == ELIDED:
        return any(matches(shown[1:], printed[start:]) for start in range(len(printed) + 1))
    return bool(printed) and printed[0] == shown[0] and matches(shown[1:], printed[1:])


def test_the_readme_has_examples_to_check():
    assert len(commands()) >= 10


def test_eliding_matches_lines_in_order():
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["...", "c", "..."], ["a", "c", "e"])
    assert not matches(["a", "...", "b"], ["b", "a"])
    assert not matches(["a"], ["a", "b"])


@pytest.mark.parametrize("command, shown", commands(), ids=[c for c, _ in commands()])
def test_console_example(command, shown, tmp_path, monkeypatch):
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)  # commands that write files write them here
    program, *args = shlex.split(command, comments=True)
    assert program == "kifu", command
    result = CliRunner().invoke(main, args, prog_name="kifu", catch_exceptions=False,
                                terminal_width=200)
    printed = [line.rstrip() for line in result.output.splitlines()]
    shown = [line.rstrip() for line in shown]
    assert matches(shown, printed), "\n".join(["README shows:", *shown, "kifu prints:", *printed])
