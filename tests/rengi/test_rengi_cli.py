"""The command line on Rengi records: validate, convert through every dialect and JSON,
render SVG and text (a move, a chain step by step), show as a table and as a JSON replay."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from kifu.draw import glyphs
from kifu.plugin import driver
from tests.examples import EXAMPLES
from tests.rengi.fields import GAME

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def seven(examples):
    return examples / "rengi" / "seven-chain.rengi"


@pytest.fixture
def kou(examples):
    return examples / "rengi" / "kou-game.rengi"


def test_games_lists_rengi(kifu_cli):
    out = kifu_cli("games").stdout
    assert "rengi" in out and ".rengi" in out and "kanji" in out and "frame" in out


def test_validate_examples(kifu_cli, examples):
    result = kifu_cli("validate", examples / "rengi", "-q")
    assert result.stdout == ""


def test_validate_invalid_example_reports_location(kifu_cli, examples):
    result = kifu_cli("validate", examples / "invalid" / "rengi" / "wrong-side.rengi", "-q",
                      exit_code=1)
    assert "wrong-side.rengi:6:29: error[illegal-move]: move 6: it is the first player's move" \
        in result.stdout


@pytest.mark.parametrize("dialect", ["letters", "upper", "lower", "kanji", "symbols"])
def test_convert_dialects_read_back_the_same(kifu_cli, kou, dialect):
    text = kifu_cli("convert", kou, "--dialect", dialect).stdout
    assert GAME.parse(text) == GAME.parse(kou.read_text(encoding="utf-8"))


def test_convert_between_colour_and_open_forms(kifu_cli, kou):
    from kifu.builtin.rengi.moves import Place, Turn

    colours = kifu_cli("convert", kou, "--dialect", "colours").stdout
    assert not any(isinstance(n.move, Turn) for n in GAME.parse(colours).moves)
    back = kifu_cli("convert", "-", "--game", "rengi", "--dialect", "open", input=colours).stdout
    assert not any(isinstance(n.move, Place) for n in GAME.parse(back).moves)
    for text in (colours, back):  # every form replays to the same end
        steps = list(driver.replay(GAME, GAME.parse(text)))
        assert steps[-1].position.outcome.describe() == \
            "the first player wins (the second player's column 3 row 12 is filled)"


def test_open_form_needs_a_list(kifu_cli, seven):
    result = kifu_cli("convert", seven, "--dialect", "open", exit_code=2)
    assert "the open form needs a tsumo list or a seed" in result.stderr


def test_convert_to_json_and_back(kifu_cli, seven):
    data = kifu_cli("convert", seven, "--to", "json").stdout
    assert json.loads(data)["game"] == "rengi"
    native = kifu_cli("convert", "-", "--to", "native", input=data).stdout
    assert GAME.parse(native) == GAME.parse(seven.read_text(encoding="utf-8"))


def test_render_svg_draws_both_fields_with_shapes(kifu_cli, seven):
    svg = kifu_cli("render", seven, "--move", "37").stdout
    root = ET.fromstring(svg)
    fields = root.findall(f".//{SVG}g[@class='field']")
    assert len(fields) == 2
    shapes = {e.get("class") for e in root.iter() if e.get("class") in (
        "circle", "square", "triangle", "diamond", "hexagon")}
    assert shapes == {"circle", "square", "triangle", "diamond", "hexagon"}
    assert root.findall(f".//{SVG}rect[@class='row-13']")
    texts = " ".join(t for t in map(glyphs.text_of, root.iter()) if t)
    assert "warning 30 rows" in texts and "first: Aoi" in texts


def test_render_a_chain_step_by_step(kifu_cli, seven):
    frames = []
    for step in range(8):
        svg = kifu_cli("render", seven, "--move", "29", "-O", f"frame={step}").stdout
        root = ET.fromstring(svg)
        texts = " ".join(t for t in map(glyphs.text_of, root.iter()) if t)
        assert f"step {step} of first's 7-chain" in texts
        assert "7-chain (stones per link: 4, 4, 4, 4, 4, 4, 4)" in texts
        outlined = [e for e in root.iter() if e.get("stroke") == "#c00"]
        frames.append(len(outlined))
    assert frames == [4] * 7 + [0]
    result = kifu_cli("render", seven, "--move", "29", "-O", "frame=8", exit_code=2)
    assert "-O frame takes 0 to 7 for this 7-chain, not '8'" in result.stderr


def test_render_text_shows_both_fields_as_letters(kifu_cli, seven):
    text = kifu_cli("render", seven, "--move", "28", "--format", "text").stdout
    lines = text.splitlines()
    assert lines[0].split() == ["first", "second"]
    assert lines[2] == "13 . b . . . .    13 . . . . . ."
    assert lines[-1] == "turn 29: the first player to move"


def test_record_text_never_reaches_svg_unescaped(kifu_cli, tmp_path):
    path = tmp_path / "evil.rengi"
    path.write_text("Game: rengi\nFirst: <script>alert(1)</script>\nEvent: a&b\n\n+3a\n",
                    encoding="utf-8")
    svg = kifu_cli("render", path).stdout
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    ET.fromstring(svg)


def test_show_table(kifu_cli, seven):
    out = kifu_cli("show", seven, "--move", "37").stdout
    assert "白連棋 HakuRengi" in out and "warning 30 rows" in out


def test_show_json_replay_has_events_per_move(kifu_cli, seven):
    document = json.loads(kifu_cli("show", seven, "--format", "json").stdout)
    moves = document["lines"][0]["moves"]
    assert moves[28]["notation"] == "+33ca"
    assert [e["type"] for e in moves[28]["events"]] == ["place", "chain"]
    garbage = [e for m in moves for e in m["events"] if e["type"] == "garbage"]
    assert [(e["side"], e["sent"]) for e in garbage] == [("first", 210)]
    assert document["final"]["sides"]["second"]["field"][1] == "jjbjjj"
    assert document["outcome"]["winner"] == "first"


def test_the_warning_icons_stand_after_their_words(kifu_cli):
    """"warning 2 rows" is wider than the field's first 62%: the hexagons start after it (they
    overlapped the word "rows"), and stay over their own field."""
    from kifu.plugin import text_width

    record = EXAMPLES / "rengi" / "problem-four-chain.rengi"
    root = ET.fromstring(kifu_cli("render", record, "--move", "0").stdout)
    words = [w for w in root.iter() if w.get("class") == "warning"]
    icons = [g for g in root.iter(f"{SVG}g") if g.get("class") == "warning-icons"]
    fields = [g for g in root.iter(f"{SVG}g") if g.get("class") == "field"]
    assert len(words) == len(icons) == len(fields) == 2
    for word, group, field in zip(words, icons, fields):
        text, start = "".join(word.itertext()), float(word.get("x"))
        xs = [float(point.split(",")[0]) for shape in group
              for point in shape.get("points", "").split()]
        frame = next(field.iter(f"{SVG}rect"))
        right = float(frame.get("x")) + float(frame.get("width"))
        if xs:
            assert min(xs) >= start + text_width(text, 13), text
            assert max(xs) <= right + 0.5
    assert any(len(group) for group in icons)
