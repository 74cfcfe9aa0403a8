"""Writing outputs: never onto an input, never half a file; batches into --output-dir keep each
record's path, and a record's relative board file is still found from where it is written."""
from __future__ import annotations

import json
import os
import resource
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kifu.commands.cli import EXIT_INVALID, EXIT_OK, EXIT_USAGE
from kifu.render import formats
from kifu.run.outputs import write_atomic
from tests.examples import GAMES
from tests.summary import summary_rows

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples"
WIN = EXAMPLES / "renju" / "four-three-win.renju"


@pytest.mark.parametrize("command", [["render"], ["render", "-f", "text"], ["convert"],
                                     ["convert", "--to", "sgf"]])
def test_output_onto_the_input_is_refused(kifu_cli, tmp_path, command):
    record = tmp_path / "x.renju"
    shutil.copy(WIN, record)
    link = tmp_path / "same.renju"
    link.symlink_to(record)
    for target in (record, link):
        result = kifu_cli(*command, "-o", target, record, exit_code=EXIT_USAGE)
        assert "refusing to write onto the input" in result.stderr
    assert record.read_bytes() == WIN.read_bytes()


def test_a_failed_write_leaves_the_old_file_whole(tmp_path):
    old = tmp_path / "game.json"
    old.write_text("the old file\n")

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (200, 200))

    done = subprocess.run([sys.executable, "-m", "kifu", "convert", "--to", "json", str(WIN),
                           "-o", str(old)], capture_output=True, text=True, timeout=120,
                          preexec_fn=small_files)
    assert done.returncode == EXIT_USAGE, done.stderr
    assert "error[output]: cannot write" in done.stderr
    assert old.read_text() == "the old file\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def test_atomic_writes_keep_permissions_and_make_folders(tmp_path):
    target = tmp_path / "new" / "deeper" / "x.svg"
    write_atomic(str(target), "<svg/>")
    assert target.read_text() == "<svg/>"
    target.chmod(0o640)
    write_atomic(str(target), "<svg></svg>")
    assert target.read_text() == "<svg></svg>" and target.stat().st_mode & 0o777 == 0o640


def test_batches_keep_relative_paths_and_names(kifu_cli, tmp_path):
    out = tmp_path / "out"
    kifu_cli("render", "-q", "--output-dir", out, EXAMPLES / "renju", WIN,
             EXAMPLES / "rengoma" / "study-chip-finish.rengoma")
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    expected = sorted({p.stem + ".svg" for p in (EXAMPLES / "renju").glob("*.renju")}
                      | {"study-chip-finish.svg"})
    assert written == expected  # four-three-win named twice: written once, reported once
    for svg in out.glob("*.svg"):
        ET.parse(svg)
    tree = tmp_path / "tree"
    kifu_cli("convert", "-q", "--to", "json", "--output-dir", tree, EXAMPLES, exit_code=EXIT_INVALID)
    assert (tree / "renju" / "four-three-win.json").is_file()
    assert (tree / "invalid" / "renju" / "occupied-point.json").is_file()
    back = json.loads((tree / "gungi" / "nishitsuji-sample.json").read_text(encoding="utf-8"))
    assert back["game"] == "gungi"


def test_a_batch_leaves_other_programs_json_alone(kifu_cli, tmp_path):
    (tmp_path / "in").mkdir()
    shutil.copy(WIN, tmp_path / "in" / "x.renju")
    (tmp_path / "in" / "package.json").write_text('{"name": "web-site"}')
    result = kifu_cli("render", "--output-dir", tmp_path / "out", tmp_path / "in")
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["x.svg"]
    row = summary_rows(result.stderr)["renju"]
    assert (row["files"], row["written"]) == (1, 1)
    assert result.stderr.splitlines()[-1] == ("(1 more file of other programs left alone: "
                                              f"{tmp_path / 'in' / 'package.json'})")


def test_two_inputs_for_one_output_the_second_is_reported(kifu_cli, tmp_path):
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        shutil.copy(WIN, tmp_path / folder / "same.renju")
    result = kifu_cli("convert", "--to", "json", "--output-dir", tmp_path / "out",
                      tmp_path / "a" / "same.renju", tmp_path / "b" / "same.renju",
                      exit_code=EXIT_USAGE)
    assert f"{tmp_path / 'b' / 'same.renju'}: error[output]: not written" in result.stderr
    assert (tmp_path / "out" / "same.json").is_file()


def test_an_output_folder_inside_the_input_is_not_read_back(kifu_cli, tmp_path):
    shutil.copy(WIN, tmp_path / "x.renju")
    for _ in range(2):  # the second run must not pick up the first run's output
        result = kifu_cli("convert", "--to", "json", "--output-dir", tmp_path / "json", tmp_path)
        row = summary_rows(result.stderr)["renju"]
        assert (row["files"], row["written"]) == (1, 1)
    in_place = kifu_cli("convert", "--output-dir", tmp_path, tmp_path, exit_code=EXIT_USAGE)
    assert "refusing to write onto the input" in in_place.stderr


def test_one_failing_file_never_ends_a_batch(kifu_cli, tmp_path):
    out = tmp_path / "out"
    result = kifu_cli("render", "-f", "text", "--output-dir", out, "-j", "2",
                      EXAMPLES / "invalid", exit_code=EXIT_INVALID)
    drawn = {p.name for p in out.rglob("*.txt")}
    assert "occupied-point.txt" not in drawn and "result-mismatch.txt" in drawn
    assert "occupied-point.renju:6:4: error[illegal-move]" in result.stderr
    # the head and its rule, a row per game (each has broken examples) and the total
    table = result.stderr.splitlines()[-(len(GAMES) + 3):]
    assert table[0].split() == ["game", "files", "records", "written", "failed", "errors",
                                "warnings"]
    assert table[-1].split()[:2] == ["total", str(sum(1 for _ in (EXAMPLES / "invalid").rglob("*.*")
                                                      if _.suffix != ".toml"))]


def test_a_relative_board_file_is_rewritten_for_where_the_record_goes(kifu_cli, tmp_path):
    scribble = EXAMPLES / "freego" / "four-players.freego"
    records = tmp_path / "records"
    (records / "boards").mkdir(parents=True)
    shutil.copy(EXAMPLES / "freego" / "scribble.toml", records / "boards" / "scribble.toml")
    text = scribble.read_text(encoding="utf-8").replace("Board: scribble.toml",
                                                        "Board: boards/scribble.toml")
    (records / "game.freego").write_text(text, encoding="utf-8")
    moved = tmp_path / "moved.freego"  # one folder up: the path grows
    kifu_cli("convert", records / "game.freego", "-o", moved)
    assert "Board: records/boards/scribble.toml" in moved.read_text(encoding="utf-8")
    kifu_cli("validate", "-q", moved)
    far = tmp_path / "far" / "away" / "game.freego"  # elsewhere: kept, with a warning
    result = kifu_cli("convert", records / "game.freego", "-o", far)
    assert f"warning[output]: Board: 'boards/scribble.toml' is not in or below the folder the " \
           f"output is written to; copy it there, or give --boards {records}" in result.stderr
    assert "Board: boards/scribble.toml" in far.read_text(encoding="utf-8")
    kifu_cli("validate", "-q", far, exit_code=EXIT_INVALID)  # not found beside it
    kifu_cli("validate", "-q", "--boards", records, far)  # where the warning says
    same = tmp_path / "records" / "copy.freego"  # the same folder: nothing to rewrite
    kifu_cli("convert", records / "game.freego", "-o", same)
    assert "Board: boards/scribble.toml" in same.read_text(encoding="utf-8")
    builtin = kifu_cli("convert", EXAMPLES / "freego" / "japan-opening.freego", "-o",
                       tmp_path / "j.freego")
    assert builtin.stderr == "" and "Board: japan" in (tmp_path / "j.freego").read_text("utf-8")


def test_a_render_format_can_add_pages_after_a_batch(kifu_cli, tmp_path, monkeypatch):
    calls = []

    class Index:
        def __init__(self, folder: Path) -> None:
            self.folder, self.written = folder, []

        def add(self, w) -> None:  # each input's result, as it comes
            self.written.append((w.source, w.output, [r.legal for r in w.reports]))

        def finish(self) -> Path:
            calls.append((self.folder, self.written))
            page = self.folder / "index.txt"
            page.write_text("\n".join(output or "-" for _, output, _ in self.written))
            return page

    svg = formats.RENDER_FORMATS["svg"]
    monkeypatch.setitem(formats.RENDER_FORMATS, "svg",
                        formats.RenderFormat(svg.name, svg.suffix, svg.draw, index=Index))
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(WIN, folder / "a.renju")
    shutil.copy(EXAMPLES / "invalid" / "renju" / "occupied-point.renju", folder / "b.renju")
    kifu_cli("render", "--output-dir", tmp_path / "out", folder, exit_code=EXIT_INVALID)
    [(where, written)] = calls
    assert where == tmp_path / "out"
    assert written == [(str(folder / "a.renju"), str(tmp_path / "out" / "a.svg"), [True]),
                       (str(folder / "b.renju"), None, [False])]
    assert (tmp_path / "out" / "index.txt").read_text().splitlines()[1] == "-"


def test_text_output_shows_what_a_record_holds_as_escapes(kifu_cli, tmp_path):
    evil = tmp_path / "evil.freego"
    evil.write_text("Game: freego\nBoard: grid:5\nPlayers: \x1b]0;pwned\x07black, white\u202e\n\n"
                    "C3 B2\n", encoding="utf-8")
    for command in (["render", "-f", "text"], ["show"], ["show", "-f", "json"]):
        out = kifu_cli(*command, evil).stdout
        assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out, command
    assert "\\x1b]0;pwned\\x07black" in kifu_cli("render", "-f", "text", evil).stdout
    assert json.loads(kifu_cli("show", "-f", "json", evil).stdout)["headers"][2][1].startswith(
        "\x1b]0;pwned")  # JSON keeps the text, as escapes


def test_terminal_output_is_escaped_only_on_a_terminal(tmp_path):
    record = tmp_path / "r.renju"
    record.write_text("Game: renju\nBlack: A\x1b[31mB\n\n1. h8\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "kifu", "convert", str(record)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == EXIT_OK and "A\x1b[31mB" in done.stdout  # a pipe gets the record


def test_a_read_only_file_is_not_replaced_by_a_rename(tmp_path, monkeypatch):
    """A file its owner made read-only was replaced all the same (its folder was writable,
    and a rename needs no more); it is refused, as ``> FILE`` refuses it.  (Root may write
    any file: the check asks the system, here made to answer as for another user.)"""
    from kifu.base.errors import OutputError
    from kifu.run import outputs

    target = tmp_path / "kept.txt"
    target.write_text("mine\n")
    target.chmod(0o444)
    real_access = os.access
    monkeypatch.setattr(outputs.os, "access", lambda path, mode, **kw: False
                        if mode == os.W_OK and Path(path) == target else real_access(path, mode))
    for in_place in (True, False):
        with pytest.raises(OutputError, match="read-only"):
            outputs.write_atomic(str(target), "new\n", in_place=in_place)
    assert target.read_text() == "mine\n"
    outputs.write_atomic(str(tmp_path / "new.txt"), "new\n")  # a new file is written


@pytest.mark.parametrize("refused", ["chmod", "fsync"])
def test_a_file_system_without_permissions_or_fsync_is_written_all_the_same(tmp_path,
                                                                             monkeypatch,
                                                                             refused):
    """FAT (a USB stick) refuses ``chmod`` with EPERM, some FUSE and network file systems
    ``fsync`` with EINVAL: every output there failed, the record's own folder included."""
    import errno

    from kifu.run import outputs

    def refuse(*args: object) -> None:
        raise OSError(errno.EPERM if refused == "chmod" else errno.EINVAL, "not here")

    monkeypatch.setattr(outputs.os, refused, refuse)
    target = tmp_path / "out.txt"
    outputs.write_atomic(str(target), "written\n")
    assert target.read_text() == "written\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]
