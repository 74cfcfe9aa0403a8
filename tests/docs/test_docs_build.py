"""The documentation site builds with warnings as errors (``mkdocs build --strict``: a broken
link, a missing page or anchor, a docstring the API reference cannot read), and what it takes
from kifu at build time is there: every command's option table and every JSON schema."""
from __future__ import annotations

import html
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest

from kifu.commands.cli import main

ROOT = Path(__file__).parents[2]


def _hooks():
    """The site's own hooks module, as the build loads it."""
    spec = importlib.util.spec_from_file_location("kifu_docs", ROOT / "docs/_hooks/kifu_docs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


kifu_docs = _hooks()


def every_command(group: click.Group = main, words: str = "") -> list[str]:
    """``validate``, ``board check`` ...: every command ``kifu`` has, by the words that run it."""
    found = []
    context = click.Context(group)
    for name in sorted(group.list_commands(context)):  # the games' commands load on demand
        command = group.get_command(context, name)
        named = f"{words} {name}".strip()
        if isinstance(command, click.Group):
            found.extend(every_command(command, named))
        else:
            found.append(named)
    return found


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("site")
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
                            "--site-dir", str(folder)], cwd=ROOT, capture_output=True,
                           text=True, timeout=600, check=False)
    assert built.returncode == 0, built.stdout + built.stderr
    return folder


def test_the_site_builds_strictly(site):
    assert (site / "index.html").is_file()
    assert (site / "reference" / "game" / "index.html").is_file()


def test_every_command_has_its_option_table_on_the_command_line_page():
    page = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    tables = re.findall(r"^<!-- kifu-options: (.+?) -->$", page, re.MULTILINE)
    assert sorted(tables) == every_command()


def test_the_tables_hold_every_option_as_help_words_it(site):
    page = (site / "cli" / "index.html").read_text(encoding="utf-8")
    for words in every_command():
        command, context = kifu_docs.command_named(words)
        for param in command.get_params(context):
            if not isinstance(param, click.Option):
                continue
            record = param.get_help_record(context)
            if record is not None:
                assert f"<code>{html.escape(record[0])}</code>" in page, (words, record)


def test_every_schema_is_in_the_site(site):
    for name, schema in kifu_docs.schemas().items():
        copied = site / kifu_docs.SCHEMA_FOLDER / name
        assert json.loads(copied.read_text(encoding="utf-8")) == schema
    assert {"record.schema.json", "replay.schema.json"} <= set(kifu_docs.schemas())


def test_the_site_loads_nothing_from_elsewhere(site):
    """Pages open offline: no script, style sheet or image from another host."""
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        outside = re.findall(r'<(?:script|link|img)\b[^>]*\b(?:src|href)="(?:https?:)?//[^"]+"',
                             text)
        assert not outside, (page, outside)


def test_an_unknown_command_in_a_marker_is_an_error():
    with pytest.raises(ValueError, match="no command 'nonsense'"):
        kifu_docs.options_table("nonsense")
