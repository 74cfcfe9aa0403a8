"""The command line, through click's test runner (and once as a real process)."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kifu.commands.cli import EXIT_INVALID, EXIT_OK, EXIT_USAGE
from kifu.draw import glyphs

ROOT = Path(__file__).parents[2]
RENJU = ROOT / "examples" / "renju"
INVALID = ROOT / "examples" / "invalid" / "renju"
WIN = RENJU / "four-three-win.renju"


def test_validate_legal_records_exits_0_with_a_summary(kifu_cli):
    result = kifu_cli("validate", RENJU, exit_code=EXIT_OK)
    # The Shift_JIS record's encoding is a guess from its text, which kifu says.
    assert [line for line in result.stdout.splitlines() if line.startswith(str(RENJU))] == [
        f"{RENJU / 'shift-jis-record.renju'}:2:8: warning[encoding]: the text is not UTF-8: read "
        "as Shift_JIS (CP932), a guess from the text; name the encoding (CA[] in SGF, or "
        "--encoding) if it is wrong [rule: encoding-guessed]"]
    assert "renju" in result.stderr and "legal" in result.stderr


def test_validate_illegal_records_exits_1_with_located_errors(kifu_cli):
    result = kifu_cli("validate", "-q", INVALID / "occupied-point.renju", exit_code=EXIT_INVALID)
    assert result.stdout.splitlines() == [
        f"{INVALID / 'occupied-point.renju'}:6:4: error[illegal-move]: move 6: h8 is already "
        "occupied by a black stone [rule: occupied]",
        "    6 | 6. h8 {white plays on black's centre stone}",
        "      |    ^^",
    ]
    assert result.stderr == ""


def test_validate_missing_path_is_a_usage_error(kifu_cli, tmp_path):
    result = kifu_cli("validate", tmp_path / "missing.renju", exit_code=EXIT_USAGE)
    assert "no such file or folder" in result.stderr


def test_validate_reads_standard_input(kifu_cli):
    kifu_cli("validate", "-q", "-", input="Game: renju\n1. h8 2. i9\n")
    result = kifu_cli("validate", "-q", "--game", "renju", "-", input="h8 h8\n",
                      exit_code=EXIT_INVALID)
    assert result.stdout.startswith("-:1:4: error[illegal-move]")


def test_validate_without_a_game_is_explained(kifu_cli):
    result = kifu_cli("validate", "-q", "-", input="h8 i9\n", exit_code=EXIT_USAGE)
    assert "error[unknown-game]" in result.stdout and "--game" in result.stdout


def test_validate_unknown_game_option(kifu_cli):
    result = kifu_cli("validate", "--game", "chess", RENJU, exit_code=EXIT_USAGE)
    assert "unknown game 'chess'" in result.stderr


@pytest.mark.parametrize("fmt", ["json", "github", "junit"])
def test_validate_formats(kifu_cli, fmt):
    result = kifu_cli("validate", "-q", "-f", fmt, INVALID, exit_code=EXIT_INVALID)
    out = result.stdout
    if fmt == "json":
        objects = [json.loads(line) for line in out.splitlines()]
        assert {o["code"] for o in objects} >= {"syntax", "illegal-move", "encoding"}
    elif fmt == "github":
        # every problem an error; the Shift_JIS record's guessed encoding a warning
        assert all(line.startswith(("::error file=", "::warning file=")) for line in out.splitlines())
        assert sum(line.startswith("::warning file=") for line in out.splitlines()) == 1
    else:
        suite = ET.fromstring(out.split("\n", 1)[1])
        assert int(suite.get("failures")) == len(list(INVALID.iterdir()))


def test_parallel_output_is_in_the_same_stable_order(kifu_cli, tmp_path):
    for index in range(12):
        for path in list(RENJU.iterdir()) + list(INVALID.iterdir()):
            shutil.copy(path, tmp_path / f"{index:02d}-{path.name}")
    serial = kifu_cli("validate", "-q", "-j", "1", tmp_path, exit_code=EXIT_INVALID).stdout
    parallel = kifu_cli("validate", "-q", "-j", "2", tmp_path, exit_code=EXIT_INVALID).stdout
    assert serial == parallel
    assert serial.count("error[") == 12 * len(list(INVALID.iterdir()))


def test_folders_are_searched_by_suffix(kifu_cli, tmp_path):
    (tmp_path / "deep" / "er").mkdir(parents=True)
    shutil.copy(WIN, tmp_path / "deep" / "er" / "game.renju")
    (tmp_path / "notes.txt").write_text("not a record")
    result = kifu_cli("validate", tmp_path)
    assert "1 " in result.stderr.splitlines()[-1]


def test_convert_to_every_format_and_back(kifu_cli, tmp_path):
    as_json = kifu_cli("convert", WIN, "--to", "json").stdout
    assert json.loads(as_json)["game"] == "renju"
    as_sgf = kifu_cli("convert", WIN, "--to", "sgf", "-o", tmp_path / "game.sgf").stdout
    assert as_sgf == "" and (tmp_path / "game.sgf").read_text().startswith("(;FF[4]GM[4]")
    (tmp_path / "game.json").write_text(as_json, encoding="utf-8")
    native = kifu_cli("convert", tmp_path / "game.json").stdout
    assert native == kifu_cli("convert", tmp_path / "game.sgf").stdout.replace("Result: black",
                                                                                "Result: black")
    plain = kifu_cli("convert", WIN, "--dialect", "plain").stdout
    assert "1." not in plain and "h8 i9 g7" in plain


def test_convert_rejects_unknown_targets_and_dialects(kifu_cli):
    assert "has no format 'pdf'" in kifu_cli("convert", WIN, "--to", "pdf",
                                             exit_code=EXIT_USAGE).stderr
    assert "has no dialect 'klingon'" in kifu_cli("convert", WIN, "-d", "klingon",
                                                  exit_code=EXIT_USAGE).stderr


def test_convert_of_a_broken_record_quotes_the_line(kifu_cli):
    result = kifu_cli("convert", INVALID / "syntax-error.renju", exit_code=EXIT_INVALID)
    assert "error[syntax]" in result.stderr and "8. jj" in result.stderr


def test_render_svg_is_self_contained_and_escapes_record_text(kifu_cli, tmp_path):
    evil = tmp_path / "evil.renju"
    evil.write_text('Game: renju\nBlack: <script>alert("x")</script>\nWhite: A & B\n\n'
                    "1. h8 2. i9 3. j10\n", encoding="utf-8")
    svg = kifu_cli("render", evil, "--numbers", "--size", "400").stdout
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "A &amp; B" in svg
    root = ET.fromstring(svg)
    assert root.get("viewBox") and root.get("width") == "400"
    hrefs = [e.get("href") for e in root.iter() if e.get("href") is not None]
    assert all(href.startswith("#kg-") for href in hrefs)  # its own glyphs only
    assert "http" not in svg.replace("http://www.w3.org/2000/svg", "")
    texts = [glyphs.text_of(e) for e in root.iter()]
    assert "3" in texts  # move numbers


def test_render_text_at_a_move_with_options(kifu_cli):
    out = kifu_cli("render", WIN, "-f", "text", "--move", "3").stdout
    assert out.count("X") == 1 and out.count("O") == 1 and out.count("x") == 1
    flipped = kifu_cli("render", WIN, "-f", "text", "--move", "3", "--flip").stdout
    assert flipped.splitlines()[0].split() == list("onmlkjihgfedcba")
    bare = kifu_cli("render", WIN, "-f", "text", "--no-coords").stdout
    assert "a b c" not in bare
    start = kifu_cli("render", WIN, "-f", "text", "--move", "0").stdout
    assert "X" not in start and "O" not in start


def test_render_marks_forbidden_points(kifu_cli, tmp_path):
    record = tmp_path / "f.renju"
    record.write_text("Game: renju\nh9 a1 h10 c1 f8 e1 g8 g1\n")
    out = kifu_cli("render", record, "-f", "text", "-O", "forbidden").stdout
    assert out.count("*") >= 1
    svg = kifu_cli("render", record, "-O", "forbidden").stdout
    assert 'class="forbidden"' in svg
    assert "no drawing option 'stars'" in kifu_cli("render", record, "-O", "stars",
                                                   exit_code=EXIT_USAGE).stderr


def test_render_beyond_the_last_move_is_a_usage_error(kifu_cli):
    assert "has 15 moves; there is no move 99" in kifu_cli(
        "render", WIN, "--move", "99", exit_code=EXIT_USAGE).stderr


def test_show_prints_headers_outcome_and_diagram(kifu_cli):
    out = kifu_cli("show", WIN).stdout
    assert "Aoki Haruto" in out and "black wins (five at h6)" in out
    assert "moves played  15" in out and "   a b c d e f g h i j k l m n o" in out


def test_show_json_replays_every_move(kifu_cli):
    data = json.loads(kifu_cli("show", WIN, "-f", "json").stdout)
    moves = data["lines"][0]["moves"]
    assert len(moves) == 15 and moves[0]["notation"] == "h8"
    assert data["outcome"] == {"winner": "black", "reason": "five at h6"}
    assert moves[-1]["events"][-1]["type"] == "end"


def test_games_lists_every_game(kifu_cli):
    out = kifu_cli("games").stdout
    assert "renju" in out and ".renju" in out and "sgf" in out


def test_installed_command_runs_as_a_real_process():
    kifu = shutil.which("kifu")
    command = [kifu] if kifu else [sys.executable, "-m", "kifu"]
    done = subprocess.run([*command, "validate", "-q", str(INVALID / "occupied-point.renju")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == EXIT_INVALID
    assert "error[illegal-move]" in done.stdout
    module = subprocess.run([sys.executable, "-m", "kifu", "validate", "-q", str(WIN)],
                            capture_output=True, text=True, timeout=120)
    assert module.returncode == EXIT_OK, module.stderr


def test_convert_applies_several_dialects_in_turn(kifu_cli):
    rengi = ROOT / "examples" / "rengi" / "kou-game.rengi"
    # "colours" replays the open-list moves to name their colours; "kanji" then writes those.
    both = kifu_cli("convert", rengi, "--dialect", "colours,kanji").stdout.splitlines()
    colours = kifu_cli("convert", rengi, "--dialect", "colours").stdout.splitlines()
    moves = both.index("") + 2
    assert both[moves].startswith("+5青 -34赤緑")
    assert colours[moves].startswith("+5a -34bc")


def test_exit_codes_tell_bad_records_from_unusable_files(kifu_cli, tmp_path):
    junk = tmp_path / "junk.renju"
    junk.write_bytes(b"\x00\x01binary")
    assert "error[input]: binary data" in kifu_cli("convert", junk, exit_code=EXIT_INVALID).stderr
    assert "error[input]" in kifu_cli("validate", "-q", junk, exit_code=EXIT_INVALID).stdout
    unreadable = tmp_path / "missing.renju"
    assert "error[io]" in kifu_cli("render", unreadable, exit_code=EXIT_USAGE).stderr
