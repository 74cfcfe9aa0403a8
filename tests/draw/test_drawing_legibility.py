"""Drawings a phone can read, whose coordinates no stone covers (issue 30, items 1 and 2).

Measured on the SVG itself: each glyph kifu draws beyond Latin is a ``<use>`` of an outline
defined in the drawing, so its ink's box follows from the outline's path (read here with
fontTools, not with kifu's own measures) and the transforms around it; Latin text (a grid's
coordinates) is drawn in the reader's fonts, so its box is taken from kifu's outlines of it,
made wider than any usual font draws it.  A drawing shown 360 pixels wide (a phone's
screen) must have every such glyph at least ``SMALLEST`` pixels to the em, and the labels of a
grid's coordinates must not meet a stone, whatever the board's size and which way round.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import pytest
from fontTools.pens.boundsPen import BoundsPen
from fontTools.svgLib.path import parse_path

from kifu.builtin.freego.render import diagram
from kifu.builtin.freego.render.svg import render_svg
from kifu.draw import glyphs
from kifu.plugin import RenderOptions
from tests import examples

SVG = "{http://www.w3.org/2000/svg}"
#: A phone's drawing is this wide (CSS pixels); kifu's glyphs are at least this big on it.
PHONE, SMALLEST = 360.0, 8.0
#: Gungi's pieces: the top of a square at least this big (the pieces beneath, SMALLEST + 1).
PIECE = 14.0

Box = tuple[float, float, float, float]


@cache
def ink(path: str) -> Box | None:
    pen = BoundsPen(None)
    parse_path(path, pen)
    return pen.bounds


def _transform(text: str) -> tuple[float, float, float]:
    """(dx, dy, scale) of ``translate(x y) scale(s)``."""
    found = re.fullmatch(r"translate\(([-\d.]+) ([-\d.]+)\) scale\(([-\d.e]+)\)", text)
    assert found, text
    x, y, s = map(float, found.groups())
    return x, y, s


def glyph_boxes(root: ET.Element, scope: ET.Element | None = None
                ) -> list[tuple[str, str, float, Box]]:
    """Every text drawn in outlines: (its text, its classes and its groups', its em in user
    units, its ink's box).  Only translations and scales are used (a turned Gungi piece is
    turned about its own centre, which leaves its box where it was)."""
    defs = {p.get("id"): p.get("d") for p in root.iter(f"{SVG}path") if p.get("id")}
    parents = {child: parent for parent in root.iter() for child in parent}

    def classes(element: ET.Element | None) -> str:
        names = []
        while element is not None:
            names.append(element.get("class") or "")
            element = parents.get(element)
        return " ".join(name for name in names if name)

    out = []
    for element in (root if scope is None else scope).iter():
        text = element.get("data-text")
        if text is None:
            continue
        dx, dy, scale = _transform(element.get("transform", ""))
        uses = [element] if element.tag == f"{SVG}use" else list(element.iter(f"{SVG}use"))
        boxes = []
        for use in uses:
            found = ink(defs[use.get("href")[1:]])
            if found is None:
                continue
            offset = float(use.get("x", 0)) if use is not element else 0.0
            x0, y0, x1, y1 = found
            boxes.append((dx + (x0 + offset) * scale, dy + y0 * scale,
                          dx + (x1 + offset) * scale, dy + y1 * scale))
        if boxes:
            box = (min(b[0] for b in boxes), min(b[1] for b in boxes),
                   max(b[2] for b in boxes), max(b[3] for b in boxes))
            out.append((text, classes(element), scale * 1000, box))
    return out


#: How much wider than Noto Sans CJK's a reader's font may draw Latin text (DejaVu Sans draws
#: digits some 15% wider).
WIDER = 0.2


def text_boxes(root: ET.Element) -> list[tuple[str, str, float, Box]]:
    """Every ``<text>`` (Latin, in the reader's fonts): its text, its classes and its groups',
    its size, and a box its ink stays within in any usual font: the box of kifu's own
    outlines of it, ``WIDER`` wider on each side."""
    parents = {child: parent for parent in root.iter() for child in parent}
    out = []
    for element in root.iter(f"{SVG}text"):
        said = "".join(element.itertext())
        chain, at = [], element
        while at is not None:
            chain.append(at)
            at = parents.get(at)
        size = float(next(e.get("font-size") for e in chain if e.get("font-size")))
        anchor = next((e.get("text-anchor") for e in chain if e.get("text-anchor")), "start")
        baseline = "central" if element.get("dominant-baseline") == "central" else "alphabetic"
        x0, y0, x1, y1 = glyphs.box(said, float(element.get("x")), float(element.get("y")),
                                    size, anchor, baseline) if glyphs.covers(said) else (0, 0, 0, 0)
        grow = (x1 - x0) * WIDER
        classes = " ".join(e.get("class") for e in chain if e.get("class"))
        out.append((said, classes, size, (x0 - grow, y0, x1 + grow, y1)))
    return out


def view_width(root: ET.Element) -> float:
    return float(root.get("viewBox").split()[2])


def meets(box: Box, cx: float, cy: float, r: float) -> bool:
    x = min(max(cx, box[0]), box[2])
    y = min(max(cy, box[1]), box[3])
    return (x - cx) ** 2 + (y - cy) ** 2 < r * r


def full_board(columns: int, rows: int) -> str:
    """A diagram with a stone on every point."""
    return "\n".join(" ".join("XO"[(c + r) % 2] for c in range(columns)) for r in range(rows))


@pytest.mark.parametrize("size", [(5, 5), (9, 9), (13, 13), (19, 19), (25, 25), (30, 7)])
@pytest.mark.parametrize("flip", [False, True])
def test_no_stone_covers_a_coordinate_on_any_grid(size, flip):
    position = diagram.position(full_board(*size))
    root = ET.fromstring(render_svg(position, RenderOptions(flip=flip, numbers=False)))
    stones = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r")))
              for g in root.iter(f"{SVG}g") if g.get("class") == "stones"
              for c in g.iter(f"{SVG}circle")]
    assert len(stones) == size[0] * size[1]
    labels = [(text, box) for text, cls, _, box in glyph_boxes(root) + text_boxes(root)
              if "coordinates" in cls]
    assert len(labels) == 2 * (size[0] + size[1])
    for text, box in labels:
        assert not any(meets(box, *stone) for stone in stones), (text, box)
    # and no two labels meet
    for index, (_, a) in enumerate(labels):
        for _, b in labels[index + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_no_stone_covers_a_coordinate_on_a_renju_board(kifu_cli, tmp_path):
    record = tmp_path / "edges.renju"
    record.write_text("Game: renju\n\n1. h8 2. a1 3. o1 4. a15 5. o15 6. e1 7. a5 8. g15 9. o9 "
                      "10. h1 11. j1 12. a12\n", encoding="utf-8")
    root = ET.fromstring(kifu_cli("render", record, "--numbers").stdout)
    stones = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r")))
              for g in root.iter(f"{SVG}g") if g.get("class") == "stones"
              for c in g.iter(f"{SVG}circle")]
    labels = [box for _, cls, _, box in glyph_boxes(root) + text_boxes(root)
              if "coordinates" in cls]
    assert len(stones) == 12 and len(labels) == 60
    assert not any(meets(box, *stone) for box in labels for stone in stones)


def drawings() -> list[tuple[str, Path, tuple[str, ...]]]:
    out = []
    for game in examples.GAMES:
        for path in examples.legal(game):
            out.append((game, path, ()))
        out.append((game, examples.legal(game)[0], ("--numbers",)))
    return out


@pytest.mark.parametrize("game,path,options", drawings(),
                         ids=lambda v: v.name if isinstance(v, Path) else " ".join(v))
def test_every_glyph_is_legible_on_a_phone(kifu_cli, game, path, options):
    root = ET.fromstring(kifu_cli("render", path, *options).stdout)
    pixels = PHONE / view_width(root)
    sizes = [(text, cls, em * pixels) for text, cls, em, _ in
             glyph_boxes(root) + text_boxes(root)]
    assert sizes
    small = [(text, cls, round(size, 1)) for text, cls, size in sizes if size < SMALLEST]
    assert not small


def test_gungi_pieces_are_legible_on_a_phone(kifu_cli):
    root = ET.fromstring(kifu_cli("render", examples.EXAMPLES / "gungi" / "effects-study.gungi",
                                  "--move", "0").stdout)
    pixels = PHONE / view_width(root)
    tiers = []
    for stack in root.iter(f"{SVG}g"):
        if stack.get("class") != "stack":
            continue
        pieces = [g for g in stack if (g.get("class") or "").startswith("piece")]
        sizes = [em * pixels for piece in pieces for _, _, em, _ in glyph_boxes(root, piece)]
        # one face, the top piece's (drawn last, over the edges of those beneath), large
        assert len(sizes) == 1 and sizes[0] >= PIECE
        tiers.append(len(pieces))
        if len(pieces) > 1:  # every tier named, in the stack's title
            title = stack.find(f"{SVG}title").text
            assert title.endswith(f"({len(pieces)} tiers, bottom first)")
            assert len(title.split(" (")[0].split()) == len(pieces)
    assert 3 in tiers  # a stack of three: every tier shown
