"""The pre-commit hook other repositories use: it runs kifu on every suffix kifu reads."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

from kifu import registry
from kifu.cli import main

HOOKS = Path(__file__).parents[2] / ".pre-commit-hooks.yaml"


def hook_field(name: str) -> str:
    match = re.search(rf"^\s*{name}:\s*(.+)$", HOOKS.read_text(encoding="utf-8"), re.MULTILINE)
    assert match, f"no {name} in the hook"
    return match.group(1).strip()


def test_hook_matches_every_suffix_kifu_reads():
    pattern = re.compile(hook_field("files"))
    for suffix in registry.suffixes() - {".json"}:
        assert pattern.search(f"records/game{suffix}"), suffix
    assert not pattern.search("README.md")


def test_hook_entry_is_a_valid_kifu_command(kifu_cli):
    program, command, *options = shlex.split(hook_field("entry"))
    assert program == "kifu" and command in main.commands
    example = Path(__file__).parents[2] / "examples" / "renju" / "four-three-win.renju"
    kifu_cli(command, *options, example)
