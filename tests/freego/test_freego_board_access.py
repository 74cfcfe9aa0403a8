"""A record's `Board:` reaches only the built-in boards and board files in the record's own folder
(or below), or in a folder the user names with --boards: never /etc/passwd, ../x.toml, a link
out of the folder.  Messages about such a file name its line and rule but quote nothing of it."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from kifu.base.errors import KifuError
from kifu.base.record import ReadOptions
from kifu.builtin.freego import GAME
from kifu.plugin import driver
from kifu.reading.source import MAX_BYTES
from kifu.run.load import load
from tests.conftest import EXAMPLES

SCRIBBLE = EXAMPLES / "freego" / "scribble.toml"
MOVES = "\n\nash\n"  # scribble.toml has a cell 'ash'


def record_in(folder: Path, board: str, name: str = "game.freego") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(f"Game: freego\nBoard: {board}{MOVES}", encoding="utf-8")
    return path


def problem(path: Path, options: ReadOptions | None = None) -> KifuError | None:
    loaded = load(str(path), options=options)
    problems, _ = driver.check(GAME, loaded.record)
    return problems[0] if problems else None


def test_a_board_file_beside_the_record_or_below_it_is_read(tmp_path):
    shutil.copy(SCRIBBLE, tmp_path / "scribble.toml")
    (tmp_path / "maps").mkdir()
    shutil.copy(SCRIBBLE, tmp_path / "maps" / "s.toml")
    assert problem(record_in(tmp_path, "scribble.toml")) is None
    assert problem(record_in(tmp_path, "maps/s.toml", "deeper.freego")) is None
    assert problem(record_in(tmp_path, "maps/../scribble.toml", "dots.freego")) is None


@pytest.mark.parametrize("board", ["/etc/passwd", "/proc/self/environ", "//etc/passwd"])
def test_absolute_paths_are_refused(tmp_path, board):
    found = problem(record_in(tmp_path, board))
    assert found is not None and found.rule == "reference-outside"
    assert "absolute" in found.message and "root:" not in found.describe()


def test_a_path_up_out_of_the_folder_is_refused_even_when_the_file_exists(tmp_path):
    shutil.copy(SCRIBBLE, tmp_path / "x.toml")
    found = problem(record_in(tmp_path / "records", "../x.toml"))
    assert found is not None and found.rule == "reference-outside"
    assert found.span is not None and found.span.line == 2  # on the Board: header


def test_a_link_leading_out_of_the_folder_is_refused(tmp_path):
    shutil.copy(SCRIBBLE, tmp_path / "outside.toml")
    folder = tmp_path / "records"
    folder.mkdir()
    (folder / "board.toml").symlink_to(tmp_path / "outside.toml")
    (folder / "secret.toml").symlink_to("/etc/passwd")
    for board in ("board.toml", "secret.toml"):
        found = problem(record_in(folder, board))
        assert found is not None and found.rule == "reference-outside", board
        assert "root:" not in found.describe()


def test_a_link_that_stays_inside_the_folder_is_followed(tmp_path):
    shutil.copy(SCRIBBLE, tmp_path / "real.toml")
    (tmp_path / "alias.toml").symlink_to(tmp_path / "real.toml")
    assert problem(record_in(tmp_path, "alias.toml")) is None


def test_boards_dir_widens_the_folders_a_record_may_read(tmp_path):
    shared = tmp_path / "library"
    shared.mkdir()
    shutil.copy(SCRIBBLE, shared / "common.toml")
    path = record_in(tmp_path / "records", "common.toml")
    assert problem(path).rule == "board"  # not found beside the record
    assert problem(path, ReadOptions((str(shared),))) is None
    escaping = record_in(tmp_path / "records", "../library/common.toml", "up.freego")
    assert problem(escaping, ReadOptions((str(shared),))).rule == "reference-outside"


def test_messages_about_a_referred_board_never_quote_it(tmp_path):
    (tmp_path / "leaky.toml").write_text('api_key = "hunter2"\n[cells.s3cret]\nadjacent = '
                                         '["nowhere"]\n', encoding="utf-8")
    found = problem(record_in(tmp_path, "leaky.toml"))
    assert found.rule == "board-key" and "line 1" in found.message
    assert "api_key" not in found.describe() and "s3cret" not in found.describe()


def test_board_files_have_the_records_size_limit(tmp_path):
    big = tmp_path / "big.toml"
    with big.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)
    found = problem(record_in(tmp_path, "big.toml"))
    assert found.rule == "reference-size"


def test_a_pipe_or_a_folder_is_not_a_board_file(tmp_path):
    os.mkfifo(tmp_path / "pipe.toml")  # reading it would block forever
    (tmp_path / "folder.toml").mkdir()
    for board in ("pipe.toml", "folder.toml"):
        assert problem(record_in(tmp_path, board)).rule == "reference-name"


def test_a_board_name_too_long_for_the_file_system_is_a_clean_error(tmp_path):
    found = problem(record_in(tmp_path, "b" * 300))
    assert found.code in ("board", "reference")


def test_the_command_line_option_and_standard_input(tmp_path, kifu_cli):
    shared = tmp_path / "library"
    shared.mkdir()
    shutil.copy(SCRIBBLE, shared / "common.toml")
    text = f"Game: freego\nBoard: common.toml{MOVES}"
    result = kifu_cli("validate", "-q", "-", input=text, exit_code=1)
    assert "no folder" in result.output and "--boards" in result.output
    kifu_cli("validate", "-q", "--boards", shared, "-", input=text)
    path = record_in(tmp_path / "records", "common.toml")
    kifu_cli("render", "--format", "text", path, exit_code=1)
    for command in (("render", "--format", "text"), ("show",), ("convert", "--to", "json")):
        kifu_cli(*command, "--boards", shared, path)


def test_a_position_on_a_board_file_reads_back_from_its_key_in_any_folder(tmp_path):
    """Issue 36: a position on a board file has a key that reads back anywhere: in another
    process, in a folder with no board file, or with another file of that name, the key
    holds the board itself (the file, compressed), not only its name."""
    import subprocess
    import sys

    import kifu

    record = kifu.read(str(EXAMPLES / "freego" / "four-players.freego"))
    go = record.game
    position = record.position(6)
    key = go.position_key(position)
    assert key.startswith("scribble.toml@") and " " not in key.partition(" ")[0]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "scribble.toml").write_text('name = "another"\n', encoding="utf-8")  # no board
    script = ("import sys, kifu; go = kifu.game('freego'); p = go.position_from_key("
              "sys.stdin.read()); print(go.position_key(p) == sys.argv[1], "
              "len(go.legal_moves(p)), go.to_move(p))")
    done = subprocess.run([sys.executable, "-c", script, key], input=key, cwd=elsewhere,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", str(len(go.legal_moves(position))),
                                   go.to_move(position)]
    with pytest.raises(kifu.NotationError) as broken:
        go.position_from_key(key.replace("@eN", "@xx", 1))
    assert broken.value.rule == "position-key"
    assert "holds a board file" in broken.value.message
