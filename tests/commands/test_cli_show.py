"""``kifu show``: text and JSON agree on what --move and --variation select, refuse what they
cannot honour, and exit 1 for an illegal record."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from kifu.commands.cli import EXIT_INVALID, EXIT_OK, EXIT_USAGE

ROOT = Path(__file__).parents[2]
WIN = ROOT / "examples" / "renju" / "four-three-win.renju"
YAMAGUCHI = ROOT / "examples" / "renju" / "yamaguchi-opening.renju"  # entry 7 has a variation
OCCUPIED = ROOT / "examples" / "invalid" / "renju" / "occupied-point.renju"


def show_json(kifu_cli, *args, exit_code=EXIT_OK) -> dict:
    return json.loads(kifu_cli("show", "-f", "json", *args, exit_code=exit_code).stdout)


def test_json_stops_at_the_move_asked_for(kifu_cli):
    whole = show_json(kifu_cli, WIN)
    three = show_json(kifu_cli, WIN, "--move", "3")
    assert [m["notation"] for m in three["lines"][0]["moves"]] == ["h8", "i9", "g7"]
    assert three["outcome"] is None and whole["outcome"]["winner"] == "black"
    assert three["final"] != whole["final"]
    start = show_json(kifu_cli, WIN, "--move", "0")
    assert start["lines"][0]["moves"] == [] and start["final"] == start["start"]


def test_json_follows_the_variation_asked_for(kifu_cli):
    data = show_json(kifu_cli, YAMAGUCHI, "--variation", "7.1")
    [line] = data["lines"]
    assert line["path"] == [7, 1]
    assert [m["notation"] for m in line["moves"]][-2:] == ["h6", "j9"]
    short = show_json(kifu_cli, YAMAGUCHI, "-V", "7.1", "-m", "5")
    assert [m["notation"] for m in short["lines"][0]["moves"]][-1] == "h6"


def test_text_and_json_show_the_same_position(kifu_cli):
    text = kifu_cli("show", YAMAGUCHI, "-V", "7.1", "-m", "6").stdout
    data = show_json(kifu_cli, YAMAGUCHI, "-V", "7.1", "-m", "6")
    assert "last move     j9" in text
    assert data["lines"][0]["moves"][-1]["notation"] == "j9"


@pytest.mark.parametrize("args, message", [
    (["--move", "1000"], "Invalid value for '--move': the line has 15 moves; there is no move 1000"),
    (["--variation", "7.2"], "Invalid value for '--variation': there is no entry 7"),
])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_options_the_record_cannot_honour_are_usage_errors(kifu_cli, args, message, fmt):
    if args[0] == "--variation":
        message = "Invalid value for '--variation': entry 7 has no variation 2 (it has 0)"
    result = kifu_cli("show", "-f", fmt, *args, WIN, exit_code=EXIT_USAGE)
    assert message in result.stderr and "error[conversion]" not in result.stderr
    assert result.stdout == ""


def test_variation_messages_speak_of_entries(kifu_cli):
    result = kifu_cli("render", "-V", "99.1", YAMAGUCHI, exit_code=EXIT_USAGE)
    assert "there is no entry 99 in this line" in result.stderr and "move 99" not in result.stderr
    assert "entry 7 has no variation 2 (it has 1)" in kifu_cli(
        "show", "-V", "7.2", YAMAGUCHI, exit_code=EXIT_USAGE).stderr


def test_variations_needs_json_and_replays_every_line(kifu_cli):
    assert "--variations needs --format json" in kifu_cli(
        "show", "--variations", YAMAGUCHI, exit_code=EXIT_USAGE).stderr
    for extra in (["-m", "3"], ["-V", "7.1"]):
        kifu_cli("show", "-f", "json", "--variations", *extra, YAMAGUCHI, exit_code=EXIT_USAGE)
    data = show_json(kifu_cli, "--variations", YAMAGUCHI)
    assert [line["path"] for line in data["lines"]] == [[], [7, 1]]


def test_an_illegal_record_exits_1_in_every_form(kifu_cli):
    data = show_json(kifu_cli, OCCUPIED, exit_code=EXIT_INVALID)
    assert data["error"]["code"] == "illegal-move" and data["error"]["move"] == 6
    assert len(data["lines"][0]["moves"]) == 5
    kifu_cli("show", OCCUPIED, exit_code=EXIT_INVALID)
    early = show_json(kifu_cli, OCCUPIED, "--move", "4")  # the line is legal up to move 4
    assert early["error"] is None
