"""One exit-status convention for every command (kifu.base.exitcodes): 0 all well; 1 a record that is
not legal or not usable; 2 usage errors, unreadable files (named or found in a folder), unknown
games, output problems and internal errors."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kifu.base.exitcodes import INVALID, OK, PIPE_CLOSED, USAGE, for_problem, worst
from kifu.base.native import PURE_PYTHON
from kifu.commands.cli import EXIT_INVALID, EXIT_OK, EXIT_USAGE
from kifu.plugin import registry

ROOT = Path(__file__).parents[2]
WIN = ROOT / "examples" / "renju" / "four-three-win.renju"
OCCUPIED = ROOT / "examples" / "invalid" / "renju" / "occupied-point.renju"


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    """One file of each kind, and a folder holding each beside a legal record."""
    made = {"good": tmp_path / "good.renju", "illegal": tmp_path / "illegal.renju",
            "binary": tmp_path / "binary.renju", "unreadable": tmp_path / "gone.renju",
            "unknown": tmp_path / "chess.renju"}
    shutil.copy(WIN, made["good"])
    shutil.copy(OCCUPIED, made["illegal"])
    made["binary"].write_bytes(b"\x00\x01\x02 binary")
    made["unreadable"].symlink_to(tmp_path / "nowhere.renju")  # a dangling link: unreadable
    made["unknown"].write_text("Game: chess\n1. e4 e5\n", encoding="utf-8")
    for kind in ("illegal", "binary", "unreadable", "unknown"):
        folder = tmp_path / f"folder-{kind}"
        folder.mkdir()
        shutil.copy(WIN, folder / "a-good.renju")
        target = folder / f"b-{kind}.renju"
        if kind == "unreadable":
            target.symlink_to(folder / "nowhere")  # dangling, but inside the folder
        else:
            shutil.copy(made[kind], target)
        made[f"folder-{kind}"] = folder
    return made


def test_the_convention_is_written_once():
    assert (EXIT_OK, EXIT_INVALID, EXIT_USAGE) == (OK, INVALID, USAGE) == (0, 1, 2)
    assert for_problem("illegal-move") == for_problem("syntax") == for_problem("input") == 1
    for code in ("io", "unknown-game", "output", "usage", "internal", "conversion"):
        assert for_problem(code) == 2
    assert for_problem("io", "warning") == 0
    assert worst([]) == 0 and worst([1, 0, 2, 1]) == 2


EXPECTED = {"good": OK, "illegal": INVALID, "binary": INVALID, "unreadable": USAGE,
            "unknown": USAGE}


@pytest.mark.parametrize("kind", EXPECTED)
@pytest.mark.parametrize("command", [
    ["validate", "-q"],
    ["convert", "--to", "json"],
    ["render", "-f", "text"],
    ["show"],
    ["show", "-f", "json"],
])
def test_every_command_gives_the_status_of_its_input(kifu_cli, files, command, kind):
    expected = EXPECTED[kind]
    if command[0] == "convert" and kind == "illegal":
        expected = OK  # converting does not replay: an illegal move is carried over as written
    kifu_cli(*command, files[kind], exit_code=expected)


@pytest.mark.parametrize("kind", ["illegal", "binary", "unreadable", "unknown"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_file_found_in_a_folder_gives_the_status_it_gives_named(kifu_cli, files, kind, jobs):
    folder = files[f"folder-{kind}"]
    result = kifu_cli("validate", "-j", jobs, folder, exit_code=EXPECTED[kind])
    assert "total" in result.stderr or "renju" in result.stderr  # the summary is printed
    assert result.stderr.count("\n") >= 3


@pytest.mark.parametrize("command", [["convert", "--to", "json"], ["render", "-f", "svg"]])
@pytest.mark.parametrize("kind", ["illegal", "binary", "unreadable", "unknown"])
def test_a_batch_gives_the_worst_status_and_still_writes_the_rest(kifu_cli, files, tmp_path,
                                                                  command, kind):
    expected = EXPECTED[kind]
    if command[0] == "convert" and kind == "illegal":
        expected = OK
    out = tmp_path / "out"
    kifu_cli(*command, "--output-dir", out, files[f"folder-{kind}"], exit_code=expected)
    assert len(list(out.iterdir())) >= 1  # the good record was written whatever its neighbour


def test_usage_errors_exit_2_on_every_command(kifu_cli, files, tmp_path):
    good = files["good"]
    kifu_cli("validate", "--format", "pdf", good, exit_code=USAGE)
    kifu_cli("validate", "--game", "chess", good, exit_code=USAGE)
    kifu_cli("validate", tmp_path / "missing.renju", exit_code=USAGE)
    kifu_cli("validate", "--shard", "3/2", good, exit_code=USAGE)
    kifu_cli("convert", "--to", "pdf", good, exit_code=USAGE)
    kifu_cli("convert", "--to", "json", "--dialect", "plain", good, exit_code=USAGE)
    kifu_cli("convert", good, good, exit_code=USAGE)  # two records need --output-dir
    kifu_cli("render", "--move", "99", good, exit_code=USAGE)
    kifu_cli("render", "-O", "stars", good, exit_code=USAGE)
    kifu_cli("render", "--variation", "1.1", good, exit_code=USAGE)
    kifu_cli("show", "--move", "99", good, exit_code=USAGE)
    kifu_cli("show", "-f", "json", "--move", "99", good, exit_code=USAGE)
    kifu_cli("show", "-f", "json", "--variation", "3.1", good, exit_code=USAGE)
    kifu_cli("show", "--variations", good, exit_code=USAGE)
    kifu_cli("games", "--bogus", exit_code=USAGE)


def test_output_problems_exit_2(kifu_cli, files, tmp_path):
    good = files["good"]
    blocker = tmp_path / "a-file"
    blocker.write_text("in the way")
    for command in (["convert", "--to", "json"], ["render"]):
        kifu_cli(*command, "-o", blocker / "out", good, exit_code=USAGE)
        kifu_cli(*command, "-o", good, good, exit_code=USAGE)
        kifu_cli(*command, "--output-dir", blocker, files["folder-illegal"], exit_code=USAGE)


def test_internal_errors_exit_2_with_a_request_to_report_them(kifu_cli, files, monkeypatch):
    monkeypatch.setenv(PURE_PYTHON, "1")  # the bug is Python's: the compiled core has none
    renju = registry.get("renju")

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    for method in ("start", "write", "render_text", "render_svg", "position_to_json"):
        monkeypatch.setattr(renju, method, broken)
    for command in (["validate", "-q"], ["convert"], ["render", "-f", "text"], ["render"],
                    ["show"], ["show", "-f", "json"]):
        result = kifu_cli(*command, files["good"], exit_code=USAGE)
        text = result.stdout + result.stderr
        assert "error[internal]" in text and "RuntimeError: a bug" in text, command
        assert "please report it" in text and "Traceback" not in text


def test_commands_a_game_brings_follow_the_convention_too(kifu_cli, tmp_path):
    boards = ROOT / "examples"
    kifu_cli("board", "check", boards / "freego" / "scribble.toml", exit_code=OK)
    kifu_cli("board", "check", boards / "invalid" / "freego" / "asymmetric-board.toml",
             exit_code=INVALID)
    kifu_cli("board", "check", tmp_path / "missing.toml", exit_code=USAGE)
    kifu_cli("board", "check", "--bogus", exit_code=USAGE)
    copy = tmp_path / "scribble.toml"
    shutil.copy(boards / "freego" / "scribble.toml", copy)
    blocker = tmp_path / "a-file"
    blocker.write_text("in the way")
    kifu_cli("board", "derive", copy, "-o", blocker / "out.toml", exit_code=USAGE)


@pytest.mark.parametrize("command", [["validate", "examples"],
                                     ["show", "--format", "json", "examples/renju/four-three-win.renju"]])
def test_a_closed_output_pipe_ends_quietly(command):
    """``kifu validate DIR | head``: once the reader has gone, kifu stops with the status a
    shell gives a command ended by SIGPIPE, and says nothing about an internal error."""
    root = Path(__file__).resolve().parents[2]
    argv = [sys.executable, "-m", "kifu", *command]
    process = subprocess.Popen(argv, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()  # the reader goes away before kifu writes a line
    error = process.stderr.read().decode()
    assert process.wait(timeout=120) == PIPE_CLOSED
    assert error == ""


@pytest.mark.parametrize("command", [["validate", "examples"], ["validate", "-f", "text", "examples"],
                                     ["show", "examples/renju/four-three-win.renju"]])
def test_a_closed_standard_output_is_refused_before_any_work(command):
    """``kifu validate DIR >&-``: what kifu would print is lost, so it says so and does
    nothing (status 2), in the plain reading of ``validate`` as in click's; a closed standard
    error is let be."""
    root = Path(__file__).resolve().parents[2]
    argv = [sys.executable, "-m", "kifu", *command]
    closed = subprocess.run(argv, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            preexec_fn=lambda: os.close(1), check=False)
    assert closed.returncode == USAGE
    assert closed.stderr.decode() == ("kifu: standard output is closed: kifu prints there; "
                                      "redirect it (>/dev/null to discard it)\n")
    quiet_errors = subprocess.run(argv, cwd=root, stdout=subprocess.PIPE,
                                  preexec_fn=lambda: os.close(2), check=False)
    assert quiet_errors.returncode in (OK, INVALID)
    assert quiet_errors.stdout
