"""The command line on Gungi records: validate, convert, render (SVG and text), show."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from kifu.builtin.gungi import GAME
from kifu.draw import glyphs
from kifu.plugin import jsonform

ROOT = Path(__file__).resolve().parents[2]
STUDY = ROOT / "examples" / "gungi" / "effects-study.gungi"
SAMPLE = ROOT / "examples" / "gungi" / "nishitsuji-sample.gungi"
SHORT = ROOT / "examples" / "gungi" / "short-game.gungi"
NS = {"svg": "http://www.w3.org/2000/svg"}


def test_games_lists_gungi_with_its_dialects(kifu_cli) -> None:
    out = kifu_cli("games").stdout
    block = out.split("\n\n")[[b.split()[0] for b in out.split("\n\n")].index("gungi")]
    assert ".gungi" in block and "kanji, ascii" in block and "stacks=yes|no" in block


def test_convert_to_json_and_back(kifu_cli, tmp_path: Path) -> None:
    target = tmp_path / "study.json"
    kifu_cli("convert", STUDY, "--to", "json", "-o", target)
    data = json.loads(target.read_text(encoding="utf-8"))
    first = data["moves"][0]["move"]
    assert first["resolved"] == {"kind": "move", "from": [5, 9, 2], "to": [5, 3, 1],
                                 "captured": "槍", "captured_side": 1, "bonus": "砲"}
    assert data["setup"]["board"]["7-8"] == [["black", "謀"], ["black", "と"], ["black", "忍"]]
    back = kifu_cli("convert", target, "--to", "native").stdout
    assert back.startswith("Game: gungi\n")  # the text kifu writes names its game
    assert GAME.parse(back.partition("\n")[2]) == GAME.parse(STUDY.read_text(encoding="utf-8"))


def test_convert_to_the_ascii_dialect_and_back(kifu_cli, tmp_path: Path) -> None:
    ascii_text = kifu_cli("convert", SHORT, "--dialect", "ascii").stdout
    assert "B 1-6-1-hyou" in ascii_text and "[setup done]" in ascii_text
    again = tmp_path / "short.gungi"
    again.write_text(ascii_text, encoding="utf-8")
    native = kifu_cli("convert", again).stdout
    assert native.startswith("Game: gungi\n")  # the text kifu writes names its game
    assert GAME.parse(native.partition("\n")[2]) == GAME.parse(SHORT.read_text(encoding="utf-8"))
    assert jsonform.loads(jsonform.dumps(GAME.parse(native))) == GAME.parse(native)


def test_render_svg_shows_every_tier_turns_white_and_marks_the_last_move(kifu_cli) -> None:
    svg = kifu_cli("render", STUDY, "--move", "0").stdout
    root = ET.fromstring(svg)
    stacks = {g.get("data-square"): g for g in root.iter("{http://www.w3.org/2000/svg}g")
              if g.get("class") == "stack"}
    assert len(stacks["7-8"].findall("svg:g", NS)) == 3
    white = [g for g in root.iter("{http://www.w3.org/2000/svg}g")
             if g.get("class") == "piece white"]
    assert white and all(g.get("transform", "").startswith("rotate(180") for g in white)
    labels = [glyphs.text_of(e) for e in root.iter()]
    assert "９" in labels and "一" in labels and "▲持駒 なし" in labels
    last = kifu_cli("render", STUDY, "--move", "1").stdout
    assert 'class="last-move"' in last
    tops = kifu_cli("render", STUDY, "--move", "0", "-O", "stacks=no").stdout
    root = ET.fromstring(tops)
    stacks = {g.get("data-square"): g for g in root.iter("{http://www.w3.org/2000/svg}g")
              if g.get("class") == "stack"}
    assert len(stacks["7-8"].findall("svg:g", NS)) == 1


def test_render_escapes_what_the_record_says(kifu_cli, tmp_path: Path) -> None:
    text = STUDY.read_text(encoding="utf-8").replace(
        "Event: kifu examples: every effect in one study", "Event: <script>&</script>")
    path = tmp_path / "evil.gungi"
    path.write_text(text, encoding="utf-8")
    svg = kifu_cli("render", path).stdout
    assert "<script>" not in svg and "&lt;script&gt;" in svg


def test_render_text_shows_stacks_and_hands(kifu_cli) -> None:
    text = kifu_cli("render", STUDY, "--move", "1", "--format", "text").stdout
    assert "| 謀 と 忍" in text
    assert "先手の持駒：侍" in text        # the 槍 taken, turned over
    assert "last ply: 5―3―1" in text


def test_show_prints_the_outcome_and_hands(kifu_cli) -> None:
    out = kifu_cli("show", STUDY).stdout
    assert "black wins (resignation (投了))" in out
    assert "black's hand" in out


def test_show_json_has_events_per_move(kifu_cli) -> None:
    data = json.loads(kifu_cli("show", STUDY, "--format", "json", "--variations").stdout)
    main = data["lines"][0]["moves"]
    assert [m["notation"] for m in main][:2] == ["▲5―3―1―兵", "▽8―3―1―雛"]
    assert [e["type"] for e in main[1]["events"]] == ["move", "check"]
    assert [e["type"] for e in main[8]["events"]] == ["move", "capture", "betrayal"]
    assert data["outcome"] == {"winner": "black", "reason": "resignation (投了)"}
    assert len(data["lines"]) == 2


def test_validate_lenient_sample(kifu_cli) -> None:
    kifu_cli("validate", "--lenient", "-q", SAMPLE)


def test_convert_writes_origin_brackets_exactly_where_needed(kifu_cli, tmp_path: Path) -> None:
    """From JSON too: a bracket that repeats the one legal reading goes, a needed one stays."""
    record = GAME.parse(SAMPLE.read_text(encoding="utf-8"))
    data = jsonform.to_json(record)
    plies = [item["move"] for item in data["moves"] if item["move"]["type"] == "ply"]
    assert plies[3]["resolved"]["needs_origin"] is True          # ▽6―5―1―忍[5―3―2]
    assert "needs_origin" not in plies[0]["resolved"]
    plies[0]["origin"] = [1, 7, 1]                                # ▲1―6―1―兵[1―7―1]
    target = tmp_path / "sample.json"
    target.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    native = kifu_cli("convert", target, "--to", "native").stdout
    written = SAMPLE.read_text(encoding="utf-8").replace("▽5―2―1―雛、", "▽同―雛、")  # §十八's 同
    assert native == "Game: gungi\n\n" + written  # the text kifu writes names its game
