"""Every example in the README and the documentation is what kifu really does.

Two kinds of blocks are run, in every Markdown page (``README.md`` and ``docs/**/*.md``), each
in a fresh folder holding a copy of ``examples/`` and of ``docs/records/`` (records written for
the pages):

- ``console`` blocks: each command (a line after ``$ ``) is run and its output compared with the
  lines shown under it; the commands of a block run in order in one folder.  A line ``...``
  stands for any number of lines left out; the lines shown must come in order.  The commands
  are ``kifu ...`` (run in-process through click, standard error and standard output together,
  as a terminal shows them) and ``cat FILE...``; a command ending in ``; echo $?`` shows its
  exit status as the last line, as a shell would.
- ``pycon`` blocks: doctest examples (``>>>`` and its output).  The blocks of one page run in
  order in one namespace, so a page can build on what it showed before; a failure names the
  page's own line.
"""
from __future__ import annotations

import doctest
import re
import shlex
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from kifu.commands.cli import main

ROOT = Path(__file__).parents[2]
#: Records written for the pages (a rule's case, say), besides the repository's examples.
RECORDS = ROOT / "docs" / "records"
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)
ELIDED = "..."
ECHO_STATUS = "; echo $?"
#: Help is wrapped as on an 80-column terminal (where click leaves two columns free).
TERMINAL_WIDTH = 78


def pages() -> list[Path]:
    """The Markdown pages whose examples are checked."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def blocks(page: Path, language: str) -> list[tuple[int, str]]:
    """The fenced blocks of ``language`` in a page, each with the line its text starts on."""
    text = page.read_text(encoding="utf-8")
    return [(text.count("\n", 0, found.start(2)) + 1, found.group(2))
            for found in FENCE.finditer(text) if found.group(1) == language]


def console_blocks() -> list[tuple[str, int, list[tuple[int, str, list[str]]]]]:
    """Every ``console`` block: its page, its first line, and its commands, each with its own
    line and the output shown under it."""
    found = []
    for page in pages():
        for start, block in blocks(page, "console"):
            commands = []
            for number, text in enumerate(block.split("\n")):
                if text.startswith("$ "):
                    commands.append((start + number, text[2:], []))
                elif commands:
                    commands[-1][2].append(text)
            for _, _, output in commands:
                while output and not output[-1]:
                    output.pop()
            found.append((page.relative_to(ROOT).as_posix(), start, commands))
    return found


def matches(shown: list[str], printed: list[str]) -> bool:
    """Whether ``printed`` is ``shown`` with each ``...`` standing for any run of lines."""
    if not shown:
        return not printed
    if shown[0] == ELIDED:
        return any(matches(shown[1:], printed[start:]) for start in range(len(printed) + 1))
    return bool(printed) and printed[0] == shown[0] and matches(shown[1:], printed[1:])


def run(command: str) -> list[str]:
    """What ``command`` prints, line by line, in the current folder."""
    echo_status = command.endswith(ECHO_STATUS)
    if echo_status:
        command = command[: -len(ECHO_STATUS)]
    program, *args = shlex.split(command, comments=True)
    if program == "cat":
        text = "".join(Path(name).read_text(encoding="utf-8") for name in args)
        status = 0
    else:
        assert program == "kifu", f"examples run kifu or cat, not {program!r}"
        result = CliRunner().invoke(main, args, prog_name="kifu", catch_exceptions=False,
                                    terminal_width=TERMINAL_WIDTH)
        text, status = result.output, result.exit_code
    lines = [line.rstrip() for line in text.splitlines()]
    return lines + [str(status)] if echo_status else lines


@pytest.fixture
def in_examples_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh folder as the current folder, with a copy of the records the pages use at the
    paths they have in the repository (``examples/``, ``docs/records/``): commands that write
    files write them there."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    shutil.copytree(RECORDS, tmp_path / RECORDS.relative_to(ROOT))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_pages_have_examples_to_check():
    assert sum(len(commands) for _, _, commands in console_blocks()) >= 40
    assert sum(len(blocks(page, "pycon")) for page in pages()) >= 1


def test_every_record_written_for_the_pages_is_used_on_one():
    text = "\n".join(page.read_text(encoding="utf-8") for page in pages())
    unused = [path.relative_to(ROOT).as_posix() for path in RECORDS.rglob("*") if path.is_file()
              and path.relative_to(RECORDS).as_posix() not in text]
    assert not unused


def test_eliding_matches_lines_in_order():
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["...", "c", "..."], ["a", "c", "e"])
    assert not matches(["a", "...", "b"], ["b", "a"])
    assert not matches(["a"], ["a", "b"])


@pytest.mark.parametrize("page, line, commands", console_blocks(),
                         ids=[f"{page}:{line}" for page, line, _ in console_blocks()])
def test_console_example(page, line, commands, in_examples_copy):
    """The commands of one block, in order and in one folder (a command may read what an
    earlier one wrote)."""
    wrong = []
    for number, command, shown in commands:
        printed = run(command)
        shown = [text.rstrip() for text in shown]
        if not matches(shown, printed):
            wrong += [f"{page}:{number} shows for $ {command}", *shown, "kifu prints:", *printed]
    assert not wrong, "\n".join(wrong)


def python_pages() -> list[Path]:
    return [page for page in pages() if blocks(page, "pycon")]


def run_python_examples(page: Path, name: str) -> tuple[int, str]:
    """Run the ``pycon`` blocks of a page in order in one namespace: the number of failures
    and doctest's report, whose line numbers are the page's own."""
    lines = page.read_text(encoding="utf-8").split("\n")
    kept = [""] * len(lines)  # blank outside the blocks, so that doctest counts the page's lines
    for start, block in blocks(page, "pycon"):
        for offset, text in enumerate(block.rstrip("\n").split("\n")):
            kept[start - 1 + offset] = text
    test = doctest.DocTestParser().get_doctest("\n".join(kept), {"__name__": "__docs__"}, name,
                                               str(page), 0)
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test, out=report.append, clear_globs=True)
    return runner.failures, "".join(report)


@pytest.mark.parametrize("page", python_pages(),
                         ids=[p.relative_to(ROOT).as_posix() for p in python_pages()])
def test_python_examples(page, in_examples_copy):
    failures, report = run_python_examples(page, page.relative_to(ROOT).as_posix())
    assert failures == 0, report


def test_a_wrong_python_example_fails_on_its_own_line(tmp_path):
    page = tmp_path / "index.md"
    page.write_text("# A page\n\n```pycon\n>>> 1 + 1\n2\n```\n\ntext\n\n```pycon\n"
                    ">>> 2 + 2\n5\n```\n", encoding="utf-8")
    failures, report = run_python_examples(page, "index.md")
    assert failures == 1
    assert "line 11" in report and "Expected:\n    5\nGot:\n    4" in report
