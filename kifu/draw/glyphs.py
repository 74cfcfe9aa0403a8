"""Text kifu draws itself, as outlines: the same picture with or without the reader's fonts.

Piece names, ranks, map names, hand labels are kifu's own text, and a reader without a CJK
font saw an empty box for each CJK glyph.  So kifu draws its own text that holds a character
past Latin (:func:`beyond_latin`) from outlines it carries (``fonts/glyphs.txt``, taken from
Noto Sans CJK JP under the SIL Open Font License by ``tools/make_glyphs.py``; see
``fonts/OFL.txt``): each glyph a drawing uses is defined once in the drawing's ``<defs>``
(``<path id="kg-HEX">``, added by :func:`kifu.draw.svg.to_string`) and placed with
``<use>``; the text itself stays in a ``data-text`` attribute.  Latin text (coordinates, move
numbers, legends), which every font draws, text from a record (names, comments) and text with
a character kifu has no outline for are written as ``<text>``, in the reader's fonts; their
measures (:func:`advance`, :func:`box`) still place them.

:func:`kifu.draw.svg.text_line` places one line of text with :func:`placed`; :func:`box` says
where its ink goes, exactly, so that a test can check that no label is covered.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Literal

#: The ids of the glyphs' definitions: ``kg-`` and the code point in hex.
PREFIX = "kg-"
#: Where a glyph's use names its definition (as :func:`kifu.draw.svg.text_line` writes it).
USE = re.compile(r'<use href="#kg-([0-9a-f]+)"')
#: The outlines' em, and where the middle of the ideographic em box stands above the baseline.
EM = 1000.0
CENTRAL = 380.0

Anchor = Literal["start", "middle", "end"]
Baseline = Literal["central", "alphabetic"]


@dataclass(frozen=True)
class Glyph:
    advance: int
    #: The ink's box, (x min, y min, x max, y max), y downwards from the baseline.
    box: tuple[int, int, int, int]
    path: str


@cache
def _table() -> dict[str, Glyph]:
    text = resources.files(__package__).joinpath("fonts", "glyphs.txt").read_text(
        encoding="utf-8")
    table = {}
    for line in text.split("\n"):
        if not line or line.startswith("#"):
            continue
        code, advance, x0, y0, x1, y1, *path = line.split(" ")
        table[chr(int(code, 16))] = Glyph(int(advance), (int(x0), int(y0), int(x1), int(y1)),
                                          " ".join(path))
    return table


def covers(text: str) -> bool:
    """Whether kifu has an outline for every character of ``text``."""
    table = _table()
    return all(char in table for char in text)


def advance(text: str, size: float) -> float:
    """The width of ``text`` drawn at ``size`` (its characters' advances)."""
    table = _table()
    return sum(table[c].advance for c in text) * size / EM


def box(text: str, x: float, y: float, size: float, anchor: Anchor = "middle",
        baseline: Baseline = "central") -> tuple[float, float, float, float]:
    """Where the ink of ``text`` drawn by :func:`placed` goes: (x min, y min, x max, y max)."""
    table = _table()
    left, top = _origin(text, x, y, size, anchor, baseline)
    scale, pen = size / EM, 0.0
    boxes = []
    for char in text:
        g = table[char]
        if g.path:
            boxes.append((left + (pen + g.box[0]) * scale, top + g.box[1] * scale,
                          left + (pen + g.box[2]) * scale, top + g.box[3] * scale))
        pen += g.advance
    if not boxes:
        return (left, top, left, top)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def _origin(text: str, x: float, y: float, size: float, anchor: Anchor,
            baseline: Baseline) -> tuple[float, float]:
    """Where the first character's origin (its baseline's left end) goes."""
    width = advance(text, size)
    shift = {"start": 0.0, "middle": width / 2, "end": width}[anchor]
    return x - shift, y + (CENTRAL * size / EM if baseline == "central" else 0.0)


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def placed(text: str, x: float, y: float, size: float, anchor: Anchor = "middle",
           baseline: Baseline = "central") -> tuple[str, list[tuple[str, int]]]:
    """How outlines spell ``text`` at (``x``, ``y``) in ``size`` user units: the transform of
    the whole, and each inked glyph's id with its offset along the line (in 1/1000 em).
    ``anchor`` and ``baseline`` are those of SVG's ``text-anchor`` and ``dominant-baseline``."""
    left, top = _origin(text, x, y, size, anchor, baseline)
    place = f"translate({_num(left)} {_num(top)}) scale({size / EM:.5g})"
    table = _table()
    pen, uses = 0, []
    for char in text:
        found = table[char]
        if found.path:
            uses.append((f"{PREFIX}{ord(char):x}", pen))
        pen += found.advance
    return place, uses


def definitions(used: set[str]) -> ET.Element | None:
    """A ``<defs>`` with the glyphs whose ids' code points (hex) are ``used``."""
    if not used:
        return None
    defs = ET.Element("defs")
    table = _table()
    for code in sorted(used, key=lambda c: int(c, 16)):
        found = table.get(chr(int(code, 16)))
        if found is not None:
            ET.SubElement(defs, "path", {"id": f"{PREFIX}{code}", "d": found.path})
    return defs


def used_in(root: ET.Element, written: list[str]) -> set[str]:
    """The glyphs a document uses: its ``<use>`` elements and those of the text written
    beforehand that it holds (``written``)."""
    found = {use.get("href", "")[len(PREFIX) + 1:] for use in root.iter("use")
             if use.get("href", "").startswith("#" + PREFIX)}
    for text in written:
        if "<use " in text:
            found.update(USE.findall(text))
    return found


def text_of(element: ET.Element) -> str | None:
    """The text an element of a drawing shows: a ``<text>``'s, or what outlines drawn by
    :func:`draw` spell (``None`` for other elements)."""
    tag = element.tag.rsplit("}", 1)[-1]
    if tag == "text":
        return "".join(element.itertext())
    return element.get("data-text")


# -- a font for the page's own text -----------------------------------------------------------

#: The family of the font a viewer page carries for kifu's own text in HTML (the moves'
#: notation, the statuses, the events in words): the same outlines, as an OpenType font.
FAMILY = "kifu glyphs"


#: The first character a page's font holds: CJK (radicals, punctuation, kana, ideographs,
#: full-width forms) and beyond.  Latin, punctuation and symbols (▲ ▽ ― ×) are left to the
#: page's own fonts, which every reader has (DejaVu holds them all).
FONT_FROM = 0x2E80


def beyond_latin(text: str) -> bool:
    """Whether ``text`` holds a character past Latin, punctuation and common symbols (from
    :data:`FONT_FROM` on): a sentence of kifu's own (a status) is drawn as outlines only
    then, and otherwise as text, which every reader's fonts draw."""
    return any(ord(c) >= FONT_FROM for c in text)


def font_face(text: str) -> str:
    """A CSS ``@font-face`` rule of :data:`FAMILY`: a font (inline, as a ``data:`` URL) of
    kifu's outlines of the characters of ``text`` from :data:`FONT_FROM` on; empty when there
    are none."""
    wanted = "".join(sorted({c for c in text if ord(c) >= FONT_FROM and c in _table()}))
    if not wanted:
        return ""
    return (f'@font-face {{ font-family: "{FAMILY}"; '
            f'src: url(data:font/otf;base64,{_font(wanted)}) format("opentype"); }}')


#: The time a page's font says it was made (seconds since 1904, OpenType's epoch): fixed, so
#: that the same record makes the same page byte for byte on every run.
FONT_TIME = 3_786_912_000  # 2024-01-01


#: The advance of the font's missing glyph, the box a browser draws where no font of the page
#: has a character: the page's font stands first, so its missing glyph is the one drawn.
NOTDEF_ADVANCE = 600


def _missing_box() -> object:
    """The missing glyph as a hollow box (OpenType's recommended ``.notdef``): drawn empty, a
    record's text in a script no font of the reader has would vanish instead of showing one
    box for each character."""
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    pen = T2CharStringPen(NOTDEF_ADVANCE, None)
    for x0, y0, x1, y1, clockwise in ((100, -50, 500, 750, False), (150, 0, 450, 700, True)):
        corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        if clockwise:
            corners.reverse()
        pen.moveTo(corners[0])
        for corner in corners[1:]:
            pen.lineTo(corner)
        pen.closePath()
    return pen.getCharString()


@cache
def _font(chars: str) -> str:
    """An OpenType (CFF) font of the outlines of ``chars``, base64."""
    import base64
    import io

    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.svgLib.path import parse_path

    table = _table()
    names = [f"u{ord(c):04X}" for c in chars]
    builder = FontBuilder(int(EM), isTTF=False)
    builder.setupGlyphOrder([".notdef", *names])
    builder.setupCharacterMap({ord(c): name for c, name in zip(chars, names)})
    strings, metrics = {}, {".notdef": (NOTDEF_ADVANCE, 100)}
    strings[".notdef"] = _missing_box()
    for char, name in zip(chars, names):
        found = table[char]
        pen = T2CharStringPen(found.advance, None)
        parse_path(found.path, TransformPen(pen, (1, 0, 0, -1, 0, 0)))  # y upwards again
        strings[name] = pen.getCharString()
        metrics[name] = (found.advance, found.box[0])
    builder.setupCFF("KifuGlyphs-Regular", {"FullName": "kifu glyphs"}, strings, {})
    builder.setupHorizontalMetrics(metrics)
    builder.setupHorizontalHeader(ascent=880, descent=-120)
    builder.setupNameTable({"familyName": FAMILY, "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120)
    builder.setupPost()
    # The same page for the same record: fontTools stamps a new font with the time it was
    # made, which would make every run's pages differ.
    builder.font["head"].created = builder.font["head"].modified = FONT_TIME
    out = io.BytesIO()
    builder.save(out)
    return base64.b64encode(out.getvalue()).decode("ascii")
