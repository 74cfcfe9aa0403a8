"""Converting a file of several games (a renju.net database, a PlayOK PGN file, an SGF
collection), as real processes: into SGF it goes whole, a game after another, one file or one
file per input of a batch, each game read back as it was read; into a format of one game, a
batch writes a folder of a file per game, and a single conversion says how to convert one game
or all of them."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import kifu as library
from kifu.commands.cli import EXIT_INVALID, EXIT_OK, EXIT_USAGE

ROOT = Path(__file__).parents[2]
DATABASE = ROOT / "tests" / "renju" / "data" / "rif" / "small_database.rif"
BAD_DATABASE = ROOT / "tests" / "renju" / "data" / "rif" / "bad_move.rif"
PGN = ROOT / "tests" / "renju" / "data" / "pgn" / "several_games.pgn"
GO_COLLECTION = "(;GM[1]SZ[9]PB[Ann];B[cc])(;GM[1]SZ[9]PB[Bo];B[dd];W[ee])\n"


def kifu(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "kifu", *map(str, args)], capture_output=True,
                          text=True, timeout=120)


def _games(path: Path | str) -> list[tuple[str, list[str]]]:
    """Each game of a file: its players and its main line, as text."""
    return [(f"{one.header('black')}-{one.header('white')}", [str(m) for m in one.moves])
            for one in library.read_all(path)]


def test_a_database_goes_into_sgf_whole_each_game_as_it_was(tmp_path: Path) -> None:
    out = tmp_path / "all.sgf"
    done = kifu("convert", DATABASE, "--to", "sgf", "-o", out)
    assert done.returncode == EXIT_OK, done.stderr
    assert _games(out) == _games(DATABASE) and len(_games(out)) == 3
    assert "RIF-Id: 7001" in out.read_text(encoding="utf-8")  # the ids kept, as headers
    assert kifu("validate", out).returncode == EXIT_OK


def test_a_pgn_file_of_several_games_goes_into_sgf_whole(tmp_path: Path) -> None:
    done = kifu("convert", PGN, "--to", "sgf")
    assert done.returncode == EXIT_OK, done.stderr
    (tmp_path / "games.sgf").write_text(done.stdout, encoding="utf-8")
    assert _games(tmp_path / "games.sgf") == _games(PGN)


def test_a_file_of_several_games_into_a_format_of_one_says_how_to_convert_them() -> None:
    done = kifu("convert", DATABASE, "--to", "json")
    assert done.returncode == EXIT_USAGE and done.stdout == ""
    assert "holds 3 games, and a json file holds one" in done.stderr
    assert "--game-index N, or all of them --to sgf" in done.stderr
    picked = kifu("convert", DATABASE, "--to", "json", "--game-index", "2")
    assert picked.returncode == EXIT_OK and '"format": "kifu-record"' in picked.stdout


def test_a_batch_writes_each_file_of_several_games_whole_and_again_alike(
        tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "two.sgf").write_text(GO_COLLECTION, encoding="utf-8")
    (inputs / "db.rif").write_bytes(DATABASE.read_bytes())
    for _ in range(2):  # into a folder of its own outputs again: the same
        done = kifu("convert", "--to", "sgf", "--output-dir", tmp_path / "out", inputs)
        assert done.returncode == EXIT_OK, done.stderr
        assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["db.sgf", "two.sgf"]
    assert _games(tmp_path / "out" / "db.sgf") == _games(DATABASE)
    assert (tmp_path / "out" / "two.sgf").read_text(encoding="utf-8").count("(;") == 2


def test_a_batch_writes_a_file_per_game_into_a_format_of_one_game(tmp_path: Path) -> None:
    """A folder named as the file's output, less its suffix, with a file per game named by its
    id in the database (or its number); again into its own folder, the same; a game that
    cannot be read is reported by its name, and the others are written all the same."""
    inputs = tmp_path / "in"
    inputs.mkdir()
    (inputs / "two.sgf").write_text(GO_COLLECTION, encoding="utf-8")
    (inputs / "db.rif").write_bytes(DATABASE.read_bytes())
    (inputs / "bad.rif").write_bytes(BAD_DATABASE.read_bytes())
    for _ in range(2):
        done = kifu("convert", "--to", "json", "--output-dir", inputs, inputs)
        assert done.returncode == EXIT_INVALID, done.stderr
        assert "bad.rif#7001:33:29: error[syntax]: z99 is off the 15x15 board" in done.stderr
        written = sorted(p.relative_to(inputs).as_posix() for p in inputs.rglob("*.json"))
        assert written == ["bad/7002.json", "bad/7003.json", "db/7001.json", "db/7002.json",
                           "db/7003.json", "two/1.json", "two/2.json"]
    assert [one.headers["RIF-Id"] for one in library.read_all(inputs / "db")] == [
        "7001", "7002", "7003"]
    assert _games(inputs / "db") == _games(DATABASE)


def test_two_games_of_one_id_are_both_written(tmp_path: Path) -> None:
    """A database whose games share an id (two files merged): each game its own file, the
    second named by its number after the id, never one written over the other."""
    text = DATABASE.read_text(encoding="utf-8").replace('id="7002"', 'id="7001"')
    (tmp_path / "merged.rif").write_text(text, encoding="utf-8")
    done = kifu("convert", "--to", "json", "--output-dir", tmp_path / "out",
                tmp_path / "merged.rif")
    assert done.returncode == EXIT_OK, done.stderr
    written = sorted(p.name for p in (tmp_path / "out" / "merged").iterdir())
    assert written == ["7001-2.json", "7001.json", "7003.json"]
    assert _games(tmp_path / "out" / "merged") == [_games(DATABASE)[i] for i in (1, 0, 2)]
