"""The command line on Free-form Go: validate, convert, render, show, and ``kifu board``."""
from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from kifu.draw import glyphs

EXAMPLES = Path(__file__).parents[2] / "examples"
FOLDER = EXAMPLES / "freego"
SVG = "{http://www.w3.org/2000/svg}"


def test_validate_the_examples_folder(kifu_cli):
    result = kifu_cli("validate", "-q", "-j", "1", FOLDER)
    assert result.stdout == ""


def test_validate_reports_a_superko_violation(kifu_cli):
    result = kifu_cli("validate", "-q", EXAMPLES / "invalid" / "freego" / "superko.freego",
                      exit_code=1)
    assert "error[illegal-move]: move 10: D5 recreates" in result.stdout
    assert "[rule: superko]" in result.stdout


def test_validate_reports_a_ko_retaken_at_once_under_japanese_rules(kifu_cli):
    path = EXAMPLES / "invalid" / "freego" / "ko-retaken-at-once.sgf"
    result = kifu_cli("validate", "-q", path, exit_code=1)
    assert "error[illegal-move]: move 2: D5 retakes the ko at once" in result.stdout


def test_convert_to_sgf_and_back(kifu_cli, tmp_path):
    out = tmp_path / "nine.sgf"
    kifu_cli("convert", FOLDER / "nine.freego", "--to", "sgf", "-o", out)
    text = out.read_text(encoding="utf-8")
    assert text.startswith("(;FF[4]GM[1]CA[UTF-8]AP[kifu:0.1.0]SZ[9]") and "KM[6.5]" in text
    back = kifu_cli("convert", out).stdout
    assert "Result: white+31.5" in back and back.rstrip().endswith("pass pass")
    kifu_cli("validate", "-q", out)


def test_convert_a_map_record_to_sgf_is_refused(kifu_cli):
    result = kifu_cli("convert", FOLDER / "japan-opening.freego", "--to", "sgf", exit_code=2)
    assert "rectangular grids" in result.stderr


def test_convert_numbered_dialect_and_json(kifu_cli):
    numbered = kifu_cli("convert", FOLDER / "china-opening.freego", "-d", "numbered").stdout
    assert "1. 四川省 2. 河北省 3. 湖南省" in numbered
    data = json.loads(kifu_cli("convert", FOLDER / "problem.freego", "--to", "json").stdout)
    assert data["setup"] == {"stones": [["A3", "B3", "C3", "D3", "E3", "E2", "E1"],
                                        ["A2", "B2", "C2", "D2", "D1"]],
                             "to_move": 1, "prisoners": None}
    assert data["moves"][0]["move"] == {"type": "place", "cell": "B1"}


def test_render_grid_svg(kifu_cli):
    svg = kifu_cli("render", FOLDER / "nine.freego", "--move", "20").stdout
    root = ET.fromstring(svg)
    stones = root.findall(f".//{SVG}g[@class='stones']/{SVG}circle")
    assert len(stones) == 11  # 20 stones played, 9 captured in the kos on the right
    assert root.findall(f".//{SVG}circle[@class='last-move']")
    legend = "".join(root.itertext())
    assert "prisoners" in legend and "score" not in legend  # a game in play is not counted
    asked = ET.fromstring(kifu_cli("render", FOLDER / "nine.freego", "--move", "20", "-O",
                                   "count=yes").stdout)
    assert "score as if the game" in "".join(asked.itertext())  # wrapped to the board
    ended = ET.fromstring(kifu_cli("render", FOLDER / "nine.freego").stdout)
    assert "score" in "".join(ended.itertext())


def test_render_map_svg_from_points_and_from_outlines(kifu_cli):
    japan = ET.fromstring(kifu_cli("render", FOLDER / "japan-opening.freego").stdout)
    assert len(japan.findall(f".//{SVG}g[@class='adjacency']/{SVG}line")) == 87
    assert "長野" in [glyphs.text_of(e) for e in japan.iter()]
    scribble = ET.fromstring(kifu_cli("render", FOLDER / "four-players.freego", "--move", "30",
                                      "-O", "names=id").stdout)
    assert len(scribble.findall(f".//{SVG}polygon[@class='cell']")) == 25
    assert not scribble.findall(f".//{SVG}g[@class='adjacency']")


def test_render_text_grid_and_map(kifu_cli):
    grid = kifu_cli("render", FOLDER / "nine.freego", "--format", "text", "--move", "3").stdout
    assert grid.splitlines()[1] == "9 . . . . . . . . X 9"
    assert "x" in grid.splitlines()[3]  # the last move, J7, in lower case
    listing = kifu_cli("render", FOLDER / "usa-election.freego", "-f", "text").stdout
    assert any(line.startswith("KS") and line.endswith("X red") for line in listing.splitlines())
    assert "red to play" in listing


def test_show_prints_the_score_table_and_winner(kifu_cli):
    out = kifu_cli("show", FOLDER / "nine.freego").stdout
    assert "score: white" in out and "territory 19 + prisoners 26 + komi 6.5 = 51.5" in out
    assert "white+31.5" in out


def test_show_json_has_events_per_move(kifu_cli):
    data = json.loads(kifu_cli("show", FOLDER / "problem.freego", "--format", "json",
                               "--variations").stdout)
    assert [len(line["moves"]) for line in data["lines"]] == [3, 2, 2]
    assert data["final"]["prisoners"]["black"] == 6


def test_render_a_record_without_moves_shows_its_setup(kifu_cli, tmp_path):
    path = tmp_path / "setup.freego"
    path.write_text("Board: grid:5\nSetup-1: C3\nSetup-2: D4 B2\n", encoding="utf-8")
    text = kifu_cli("render", path, "-f", "text").stdout
    assert text.splitlines()[2] == "4 . . . O . 4"
    assert text.splitlines()[3] == "3 . . X . . 3"


def test_record_text_is_escaped_in_svg(kifu_cli, tmp_path):
    path = tmp_path / "evil.freego"
    path.write_text('Board: grid:5\nPlayers: <script>alert(1)</script>, "&"\nEvent: ]]><x>\n\n'
                    "C3\n", encoding="utf-8")
    svg = kifu_cli("render", path).stdout
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    ET.fromstring(svg)


# -- kifu board -----------------------------------------------------------------------------

def test_board_check_a_good_file(kifu_cli):
    result = kifu_cli("board", "check", FOLDER / "scribble.toml")
    assert "ok, 25 playable cells of 25, 44 adjacent pairs (listed)" in result.stdout


def test_board_check_a_builtin_board(kifu_cli):
    assert "45 playable cells of 47" in kifu_cli("board", "check", "japan").stdout


def test_board_check_reports_errors_with_line_and_caret(kifu_cli):
    result = kifu_cli("board", "check", EXAMPLES / "invalid" / "freego" / "asymmetric-board.toml",
                      exit_code=1)
    lines = result.stderr.splitlines()
    assert lines[0].endswith("asymmetric-board.toml:5:18: error[board]: adjacency is not "
                             "symmetric: 'a' lists 'c', but 'c' (line 10) does not list 'a' "
                             "[rule: asymmetric-adjacency]")
    assert lines[1].endswith('| adjacent = ["b", "c"]') and lines[2].endswith("^^^")


def test_board_check_missing_file_is_a_usage_error(kifu_cli, tmp_path):
    kifu_cli("board", "check", tmp_path / "nothing.toml", exit_code=2)


def test_board_derive_writes_adjacency_into_the_file(kifu_cli, tmp_path):
    board = tmp_path / "scribble.toml"
    text = (FOLDER / "scribble.toml").read_text(encoding="utf-8")
    board.write_text("\n".join(row for row in text.split("\n") if not row.startswith("adjacent")),
                     encoding="utf-8")
    assert "derived from outlines" in kifu_cli("board", "check", board).stdout
    result = kifu_cli("board", "derive", board)
    assert "44 adjacent pairs derived from 25 outlines" in result.stdout
    assert board.read_text(encoding="utf-8") == text  # exactly what the example file holds


def test_board_derive_to_standard_output(kifu_cli, tmp_path):
    board = tmp_path / "b.toml"
    shutil.copy(FOLDER / "scribble.toml", board)
    result = kifu_cli("board", "derive", board, "-o", "-")
    assert result.stdout == board.read_text(encoding="utf-8")


def test_board_derive_needs_outlines(kifu_cli):
    result = kifu_cli("board", "derive", EXAMPLES / "invalid" / "freego" / "asymmetric-board.toml",
                      exit_code=1)
    assert "has no usable polygon" in result.stderr


@pytest.mark.parametrize("name", ["japan", "china", "usa", "hex:N"])
def test_board_list(kifu_cli, name):
    assert name in kifu_cli("board", "list").stdout
