"""What a newcomer tripped on, each fixed: ``kifu show`` of an illegal record shows the record
up to the fault, ``render -o`` takes its format from the file's suffix (and refuses one that
disagrees), outcomes and counts read as English."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
import yaml

import kifu
from kifu.base.extras import install_hint
from kifu.commands.cli import EXIT_INVALID, EXIT_USAGE

ILLEGAL = "examples/invalid/renju/occupied-point.renju"
WIN = "examples/renju/four-three-win.renju"


def test_show_of_an_illegal_record_shows_headers_and_the_position_before_the_fault(kifu_cli):
    result = kifu_cli("show", ILLEGAL, exit_code=EXIT_INVALID)
    assert "Black         Ana" in result.stdout and "moves played  5" in result.stdout
    assert "illegal       move 6: h8 is already occupied" in result.stdout
    assert " 8 . . . . . . . X" in result.stdout  # the board before move 6
    assert "error[illegal-move]: move 6" in result.stderr


@pytest.mark.parametrize(("name", "starts"), [("b.txt", "   a b c"), ("b.svg", "<svg"),
                                              ("b.html", "<!DOCTYPE html>")])
def test_render_takes_the_format_from_the_output_suffix(kifu_cli, tmp_path, name, starts):
    kifu_cli("render", WIN, "-o", tmp_path / name)
    assert (tmp_path / name).read_text(encoding="utf-8").startswith(starts)


@pytest.mark.parametrize(("args", "said"), [
    (["-o", "b.jpg"], "not JPG"), (["-f", "text", "-o", "x.svg"], "names an SVG file"),
    (["-f", "svg", "-o", "x.html"], "names an HTML file"),
    (["-f", "svg", "-o", "x.png"], "names a PNG file")])
def test_render_refuses_an_output_suffix_that_disagrees(kifu_cli, tmp_path, args, said):
    args = [str(tmp_path / a) if a.startswith(("b.", "x.")) else a for a in args]
    assert said in kifu_cli("render", WIN, *args, exit_code=EXIT_USAGE).stderr
    assert list(tmp_path.iterdir()) == []


def test_an_outcome_of_an_ordinal_side_reads_as_english():
    assert kifu.Outcome("second", "a chain").describe() == "the second player wins (a chain)"
    assert kifu.Outcome("black", "five").describe() == "black wins (five)"


def test_a_move_twice_in_a_row_names_the_move(kifu_cli, tmp_path):
    path = tmp_path / "twice.sgf"
    path.write_text("(;GM[1]FF[4]SZ[9];B[cc];B[dd];W[ee])", encoding="utf-8")
    out = kifu_cli("validate", path).output
    assert "black moves twice in a row at move 3" in out  # move 2: the pass read in


def test_game_wins_over_a_game_header_but_never_silently(kifu_cli, tmp_path):
    """--game names the game first; a Game: header naming another game it overrides is a
    warning on that header, and a record told by its header alone has none."""
    record = tmp_path / "g.freego"
    record.write_text("Game: freego\n\nD4 E5\n", encoding="utf-8")
    overridden = kifu_cli("validate", "--game", "renju", record)
    assert "g.freego:1:1: warning[header]: the record's Game: header names freego; it is read " \
           "as renju, the game asked for [rule: game]" in overridden.stdout
    assert "warning[" not in kifu_cli("validate", record).stdout
    assert "warning[" not in kifu_cli("validate", "--game", "freego", record).stdout


@pytest.mark.parametrize(("name", "text", "said"), [
    # a letter for a digit: the point it most likely is
    ("a.renju", "Game: renju\n\nh8 h1O\n", "; did you mean h10?"),
    # Gungi's ASCII dialect is answered in its own words, with the nearest piece name
    ("b.gungi", "Black: a\n\n[setup]\nB 1-7-1-gaa\n",
     "expected 'x' or a piece name such as hyou; did you mean ga?"),
    # a map's cell misspelt, and a grid's cell that looks like none
    ("c.freego", "Game: freego\nBoard: japan\n\nnagano tokio\n", "; did you mean tokyo?"),
    ("d.freego", "Game: freego\n\nD4 forje\n", "; its cells are named like A1 or T19"),
])
def test_a_word_that_is_no_move_says_what_was_meant_in_the_dialect_written(
        kifu_cli, tmp_path, name, text, said):
    record = tmp_path / name
    record.write_text(text, encoding="utf-8")
    result = kifu_cli("validate", record, exit_code=EXIT_INVALID)
    assert said in result.stdout


# -- issue 36: docs/ci.md and the hints that install an extra ---------------------------------

ROOT = Path(__file__).parents[2]


def yaml_blocks(page: str) -> list[str]:
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    return re.findall(r"```yaml\n(.*?)```", text, re.S)


def test_the_code_scanning_job_may_upload_its_sarif_with_the_current_upload_action():
    """A job that uploads SARIF needs ``security-events: write`` (a job naming ``permissions``
    gets nothing else, so ``contents: read`` for its checkout), and upload-sarif@v3 is
    retired: the page's job, as YAML, holds both."""
    [block] = [b for b in yaml_blocks("ci.md") if "upload-sarif" in b]
    [job] = yaml.safe_load(block).values()
    assert job["permissions"] == {"contents": "read", "security-events": "write"}
    uploads = [step["uses"] for step in job["steps"] if "upload-sarif" in step.get("uses", "")]
    assert uploads == ["github/codeql-action/upload-sarif@v4"]


def test_the_page_lists_the_suffixes_the_hook_matches():
    [hook] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    matched = set(re.search(r"\(([a-z|]+)\)\$", hook["files"]).group(1).split("|"))
    page = (ROOT / "docs" / "ci.md").read_text(encoding="utf-8")
    said = page[page.index("whose suffix kifu reads"):page.index("any case")]
    assert set(re.findall(r"`\.([a-z]+)`", said)) == matched


def test_every_hint_to_install_an_extra_says_what_works_from_a_checkout():
    """kifu is not on the package index: ``pip install 'kifu[images]'`` installs nothing of
    it.  Every page and module that tells how to install an extra says what works, from
    kifu's checkout, and each extra it names is one ``pyproject.toml`` defines."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "project"]["optional-dependencies"]
    files = [*ROOT.glob("*.md"), *(ROOT / "docs").rglob("*.md"), *(ROOT / "kifu").rglob("*.py")]
    for path in files:
        text = path.read_text(encoding="utf-8")
        for extra in re.findall(r"pip install '\.\[(\w+)\]'", text):
            assert extra in extras, (path, extra)
        for found in re.finditer(r"pip install .kifu\[", text):
            near = text[max(found.start() - 300, 0):found.end() + 300]
            assert "package index" in near, (path, near)
    hint = install_hint("images")
    assert hint.startswith("pip install '.[images]' in kifu's checkout")
