"""Drawing Rengoma positions: the text diagram exactly, the SVG by what it must show."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from kifu.builtin.rengoma import GAME
from kifu.draw import glyphs
from kifu.plugin import RenderOptions
from tests.rengoma.rengoma_diagrams import record, replay

SVG = "{http://www.w3.org/2000/svg}"

BOARD = """
4 .  .     .  .
3 .  R1/B3 .  .
2 .  .     B2 .
1 R2 .     .  .
"""


def test_text_diagram_shows_tops_heights_stacks_marks_and_state():
    position = replay(record(BOARD, "1. A d4 *C c2-c3", chips="black 1, red 0"))
    assert GAME.render_text(position, RenderOptions()) == (
        "   a      b      c      d\n"
        "4  .      .      .     [B3]   4\n"
        "3  .      B3^2  [B2]    .     3\n"
        "2  .      .     (.)     .     2\n"
        "1  R2     .      .      .     1\n"
        "   a      b      c      d\n"
        "\n"
        "stacks, bottom to top: b3 R1 B3\n"
        "field: black 1 (0 in stock), red 3 (1 in stock)\n"
        "chips: black 0, red 0, stock 2\n"
        "turn 2: red to play\n")


def test_text_diagram_marks_the_winning_row_and_flips():
    position = replay(record("""
        4 .  .  .  .
        3 .  .  .  .
        2 B1 B2 B3 .
        1 .  .  .  .
    """, "1. A d2", field="B4 R4"))
    text = GAME.render_text(position, RenderOptions(flip=True, last_move=False))
    assert " B4*    B3*    B2*    B1*" in text
    assert text.splitlines()[0].split() == ["d", "c", "b", "a"]
    assert text.endswith("after turn 1: black wins (four in a row a2 b2 c2 d2)\n")


def _svg(position, rec=None, **options) -> ET.Element:
    return ET.fromstring(GAME.render_svg(position, RenderOptions(**options), rec))


def test_svg_draws_each_stack_with_its_pieces_beneath():
    root = _svg(replay(record(BOARD, "")))
    stacks = {g.get("data-square"): g for g in root.iter(f"{SVG}g") if g.get("class") == "stack"}
    assert set(stacks) == {"b3", "c2", "a1"}
    b3 = stacks["b3"]
    assert b3.get("data-height") == "2"
    assert b3.find(f"{SVG}title").text == "b3: red 1, black 3 (bottom to top)"
    beneath = [r for r in b3.iter(f"{SVG}rect") if r.get("class") == "beneath"]
    assert [r.get("fill") for r in beneath] == ["#c0392b"]
    texts = [t for t in map(glyphs.text_of, b3.iter()) if t is not None]
    assert texts == ["3", "×2", "1"]
    # a stack's pieces, bottom first, for kifu's viewer to show whole when it is tapped
    assert (b3.get("data-place"), b3.get("data-parts")) == (
        "b3", "red, strength 1|black, strength 3")
    assert stacks["c2"].get("data-parts") is None  # one piece: the drawing shows it whole


def test_svg_marks_the_last_turn_and_shows_field_and_chips():
    root = _svg(replay(record(BOARD, "1. A d4 *C c2-c3", chips="black 1, red 0")))
    marks = [r for r in root.iter(f"{SVG}rect") if r.get("class") in ("last-move", "last-origin")]
    assert [m.get("class") for m in marks] == ["last-move", "last-move", "last-origin"]
    assert [glyphs.text_of(t) for t in root.iter() if t.get("class") == "action-number"] == [
        "1", "2"]
    chips = [c.get("class") for c in root.iter(f"{SVG}circle") if "chip" in (c.get("class") or "")]
    assert chips == ["chip stock", "chip stock"]
    assert not any(c.get("class") == "field-empty" for c in root.iter(f"{SVG}circle"))


def test_svg_draws_an_empty_field_as_an_outline():
    position = replay(record(BOARD, ""))
    position.field[1] = 0  # as once black's stock is spent
    empty = [c for c in _svg(position).iter(f"{SVG}circle") if c.get("class") == "field-empty"]
    assert [c.get("stroke") for c in empty] == ["#1d1d1d"]


def test_svg_escapes_what_the_record_says():
    rec = record(BOARD, "", extra_headers='Black: <script>alert("x")</script>\nRed: R&D')
    svg = GAME.render_svg(GAME.start(rec), RenderOptions(), rec)
    assert "<script>" not in svg
    root = ET.fromstring(svg)
    assert root.find(f"{SVG}title").text == 'Rengoma: <script>alert("x")</script> (black) vs R&D (red)'


def test_svg_size_and_no_coordinates():
    root = _svg(replay(record(BOARD, "")), size=300, coords=False)
    assert root.get("width") == "300"
    assert not [g for g in root.iter(f"{SVG}g") if g.get("class") == "coordinates"]
