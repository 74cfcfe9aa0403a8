"""``--format-in FORMAT`` names the input format for every command that reads records, run as
real processes (standard input through a pipe, as a shell gives it)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from kifu.commands.cli import EXIT_INVALID, EXIT_OK, EXIT_USAGE

ROOT = Path(__file__).parents[2]
GO_SGF = ROOT / "examples" / "freego" / "fox-style.sgf"
RENJU = ROOT / "examples" / "renju" / "double-three.renju"


def kifu(*args: object, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([sys.executable, "-m", "kifu", *map(str, args)], input=stdin,
                          capture_output=True, timeout=120)
    return subprocess.CompletedProcess(done.args, done.returncode,
                                       done.stdout.decode("utf-8", "replace"),
                                       done.stderr.decode("utf-8", "replace"))


def test_validate_reads_standard_input_in_the_format_named() -> None:
    done = kifu("validate", "-v", "-q", "--format-in", "sgf", "-g", "freego", "-",
                stdin=GO_SGF.read_bytes())
    assert done.returncode == EXIT_OK, done.stderr
    assert "-: ok (freego, 54 moves)" in done.stdout


@pytest.mark.parametrize("command", [["validate", "-q"], ["show"], ["render", "-f", "text"],
                                     ["convert", "--to", "json"]])
def test_every_reader_takes_format_in(command: list[str], tmp_path: Path) -> None:
    odd = tmp_path / "game.txt"  # a suffix that tells nothing
    odd.write_bytes(GO_SGF.read_bytes())
    done = kifu(*command, "--format-in", "sgf", odd)
    assert done.returncode == EXIT_OK, done.stderr
    refused = kifu(*command, "--format-in", "SGF", "-g", "gungi", odd)
    assert refused.returncode == EXIT_USAGE
    assert "Invalid value for '--format-in': gungi has no format 'sgf'" in refused.stderr


def test_an_unknown_format_is_a_usage_error_naming_the_formats() -> None:
    done = kifu("validate", "--format-in", "chess", RENJU)
    assert done.returncode == EXIT_USAGE
    assert "no game kifu knows has a format 'chess'; the formats are native, json, sgf" in (
        done.stderr)


def test_a_record_not_in_the_format_named_is_a_located_error() -> None:
    done = kifu("validate", "-q", "--format-in", "sgf", RENJU)
    assert done.returncode == EXIT_INVALID
    assert f"{RENJU}:1:1: error[syntax" in done.stdout and "Traceback" not in done.stderr
    shown = kifu("show", "--format-in", "psq", RENJU)
    assert shown.returncode == EXIT_INVALID
    assert "a psq file opens with" in shown.stderr and "Traceback" not in shown.stderr


def test_binary_junk_named_as_a_format_of_bytes_is_an_error_not_a_traceback() -> None:
    done = kifu("validate", "-q", "--format-in", "renlib", "-", stdin=b"\x00\xff" * 500)
    assert done.returncode == EXIT_INVALID, done.stderr
    assert "not a RenLib library" in done.stdout and "Traceback" not in done.stderr


def test_batch_outputs_take_format_in(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "go.sgf").write_bytes(GO_SGF.read_bytes())
    out = tmp_path / "out"
    done = kifu("convert", "-q", "--format-in", "sgf", "--to", "json", "--output-dir", out,
                folder)
    assert done.returncode == EXIT_OK, done.stderr
    assert (out / "go.json").is_file()
    pages = tmp_path / "pages"
    done = kifu("render", "-q", "-f", "html", "--format-in", "sgf", "--output-dir", pages,
                folder)
    assert done.returncode == EXIT_OK, done.stderr
    assert (pages / "go.html").is_file()
