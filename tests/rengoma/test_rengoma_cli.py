"""The kifu command line on Rengoma records."""
from __future__ import annotations

import json
from pathlib import Path

from kifu.builtin.rengoma import GAME
from kifu.plugin import jsonform

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "rengoma"
STUDY = EXAMPLES / "study-chip-finish.rengoma"
TEAM = EXAMPLES / "team-game.rengoma"


def test_games_lists_rengoma(kifu_cli):
    blocks = [b for b in kifu_cli("games").stdout.split("\n\n") if b.startswith("rengoma")]
    assert blocks and ".rengoma" in blocks[0] and "numbered, plain" in blocks[0]


def test_validate_the_examples(kifu_cli):
    kifu_cli("validate", "-q", EXAMPLES)


def test_validate_the_broken_records(kifu_cli):
    result = kifu_cli("validate", "-q", ROOT / "examples" / "invalid" / "rengoma", exit_code=1)
    assert "blocked-move.rengoma:7:31: error[illegal-move]: move 4: C c5-c2" in result.stdout


def test_validate_from_standard_input_by_the_game_header(kifu_cli):
    kifu_cli("validate", "-q", "-", input=TEAM.read_text(encoding="utf-8"))


def test_convert_to_json_and_back(kifu_cli, tmp_path):
    out = tmp_path / "study.json"
    kifu_cli("convert", STUDY, "--to", "json", "-o", out)
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["setup"]["to_move"] == "black"
    back = kifu_cli("convert", out, "--to", "native").stdout
    assert GAME.parse(back) == GAME.parse(STUDY.read_text(encoding="utf-8"))
    assert jsonform.loads(out.read_text(encoding="utf-8")) == GAME.parse(back)


def test_convert_to_the_plain_dialect(kifu_cli):
    text = kifu_cli("convert", TEAM, "--dialect", "plain").stdout
    assert "\nB a5 {" in text and "1." not in text.split("\n\n", 1)[1]


def test_render_text_after_a_turn(kifu_cli):
    text = kifu_cli("render", TEAM, "--move", "13", "--format", "text").stdout
    assert text.endswith("turn 14: black (Ana) to play\n")
    assert "[R4]" in text  # where Dai's extra move went


def test_render_a_set_up_before_any_move(kifu_cli):
    text = kifu_cli("render", STUDY, "--move", "0", "--format", "text", "-O", "stacks").stdout
    assert "turn 1: black to play" in text
    assert "stacks, bottom to top: a1 B2, b1 B3" in text


def test_render_svg(kifu_cli, tmp_path):
    out = tmp_path / "team.svg"
    kifu_cli("render", TEAM, "-o", out, "--size", "400")
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and 'class="win-line"' in svg


def test_render_refuses_an_unknown_option(kifu_cli):
    result = kifu_cli("render", TEAM, "-O", "forbidden", exit_code=2)
    assert "rengoma has no drawing option 'forbidden'" in result.stderr


def test_show_summarises_the_game(kifu_cli):
    text = kifu_cli("show", TEAM).stdout
    assert "red wins (four in a row d3 d4 d5 d6)" in text
    assert "4, in two teams" in text


def _moves(document: dict) -> list[dict]:
    """The main line's moves, in the replay document's current layout."""
    if "moves" in document:
        return document["moves"]
    return next(line["moves"] for line in document["lines"] if not line["path"])


def test_show_json_gives_the_events_of_every_turn(kifu_cli):
    document = json.loads(kifu_cli("show", "--format", "json", STUDY).stdout)
    assert document["start"]["to_move"] == "black"
    assert document["start"]["chips"] == {"black": 1, "red": 0, "stock": 1}
    [turn] = _moves(document)
    assert turn["notation"] == "C d4-d2 *C d2-d1"
    assert [e["type"] for e in turn["events"]] == ["move", "chip-spent", "move", "win"]
    first, _, second, win = turn["events"]
    assert first["stacked_on"] == {"colour": "red", "strength": 1}
    assert second["revealed"] == {"colour": "red", "strength": 1}
    assert second["stacked_on"] == {"colour": "red", "strength": 3} and second["height"] == 2
    assert win["squares"] == ["a1", "b1", "c1", "d1"]
    assert document["outcome"] == {"winner": "black", "reason": "four in a row a1 b1 c1 d1"}


def test_show_reports_an_illegal_record(kifu_cli):
    result = kifu_cli("show", ROOT / "examples" / "invalid" / "rengoma" / "no-chip.rengoma",
                      exit_code=1)
    assert "[rule: chip]" in result.stderr


def test_records_in_the_wild_shift_jis_crlf_and_wide_forms(kifu_cli, tmp_path):
    text = ("Game: rengoma\r\nBlack: ハプスブルク家\r\nRed: ブルボン家\r\n"
            "Stock-black: 3 1 4 2 1 2 3 4 1 2 3 4\r\nStock-red: 2 2 1 3 4 1 3 4 1 2 3 4\r\n\r\n"
            "１． Ａ ｃ３ {赤の先手} ２． Ｂ ｄ４ ３． Ｃ ｃ３ーｃ６\r\n")
    path = tmp_path / "sjis.rengoma"
    path.write_bytes(text.encode("cp932"))
    kifu_cli("validate", "-q", path)
    shown = kifu_cli("convert", path).stdout
    assert shown.endswith("\n1. A c3 {赤の先手}\n2. B d4  3. C c3-c6\n")
