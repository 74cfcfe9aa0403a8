"""A line of play's drawings turned into pixels, each only where it differs from the one before.

resvg draws a whole 19x19 board in about 100 ms, most of it the board's unchanged lines,
stones and the coordinates' text: a GIF of a 389-move game spent 34 of its 37 s of CPU there.
Between two positions a few elements of the drawing change (a stone, the last move's mark, a
capture, a line of the legend), so each drawing after the first is compared with the one
before element by element, and only the boxes of pixels the changed elements cover are drawn
again, each by resvg itself from the drawing seen through a window around that box (without
the elements the window does not meet).  Where a window's edge cuts a shape resvg draws it
a little differently from the whole picture: so a window is :data:`MARGIN` larger than its
box, and grows until it cuts no shape but a rectangle, a circle or a line along an axis
(which resvg cuts within a few levels; a slanted line cut shifts along its length).  A frame
so drawn differs from the whole picture by at most a few levels of 255 on a few anti-aliased
pixels (``tests/render/test_render_frames.py`` holds it to 16, below what the GIF's palette
of 255 colours rounds by).

This knows nothing of any game: it reads the SVG text kifu's drawing writes
(:func:`kifu.draw.svg.to_string`: an element a line, groups open and closed on lines of their
own, the glyphs' outlines in one ``<defs>``).  A drawing it cannot read so (another
structure, a root without a plain scale, definitions that change) is drawn whole.
"""
from __future__ import annotations

import io
import math
import re
import struct
from collections.abc import Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any

#: A leaf's pixels are found in a drawing of it alone this many times smaller (a pixel of
#: it covering this many of the picture's on a side), twice: as it is, and every shape of it
#: thickened by a stroke :data:`THICKER` of the picture's pixels wide.  resvg's anti-aliasing
#: samples four rows a pixel: a line thinner than a quarter of the smaller drawing's pixel
#: could fall between them and show nowhere, a thickened one cannot; a shape whose own
#: stroke is wider than the thickening's shows as it is.
FIND_SCALE = 8
THICKER = 4
#: What thickens every shape of a drawing (a style sheet, over the drawing's own attributes).
_THICKENED = ("* {{ stroke: #000 !important; stroke-width: {width!r} !important; "
              "stroke-opacity: 1 !important; stroke-dasharray: none !important; "
              "opacity: 1 !important; fill-opacity: 1 !important }}")
#: How much larger than a box the window it is drawn through is: resvg draws a shape that a
#: picture's edge cuts a little off near that edge (a circle's edge up to 214 of 255 off on
#: its first two pixels, a few levels on the next six).
MARGIN = 8
#: Past this share of the picture's pixels changed, a frame is drawn whole.
MOST_CHANGED = 0.5

_ROOT_VIEW_BOX = re.compile(r'\sviewBox="\s*([-0-9.eE]+)[\s,]+([-0-9.eE]+)[\s,]+([0-9.eE]+)'
                            r'[\s,]+([0-9.eE]+)\s*"')
_ROOT_LENGTH = {name: re.compile(rf'\s{name}="\s*([0-9.eE]+)\s*(?:px)?\s*"')
                for name in ("width", "height")}
#: An element on a line of its own: empty, or holding text alone.
_LEAF = re.compile(r"<([a-zA-Z][\w.-]*)\b[^<>]*(?:/>|>[^<>]*</\1>)")
#: The elements that draw and need nothing beyond themselves and their ``<use>``'s outlines.
_DRAWN = frozenset({"circle", "ellipse", "line", "path", "polygon", "polyline", "rect",
                    "text", "use", "title", "desc"})
_GROUP = re.compile(r"<g\b[^<>]*[^/<>]>|<g>")
_EMPTY_GROUP = re.compile(r"<g\b[^<>]*/>")
#: A glyph's outline in the ``<defs>`` of kifu's drawings.
_OUTLINE = re.compile(r'<path\b[^<>]*\bid="([^"]+)"[^<>]*/>')

Box = tuple[int, int, int, int]
#: A box drawn again: where it goes in the picture, the PNG of a window around it, and where
#: it stands in that PNG.
Patch = tuple[Box, bytes, Box]
#: A leaf element: the groups it stands in, then its own line (stripped of indentation).
Key = tuple[tuple[str, ...], str]


@dataclass
class Shot:
    """One drawing's pixels: the whole picture as PNG (``whole``), or the boxes drawn again
    over the drawing before (``patches``)."""

    size: tuple[int, int]
    whole: bytes | None = None
    patches: list[Patch] = field(default_factory=list)

    def apply(self, image: Any, picture: Any) -> Any:
        """The picture of this drawing, as Pillow's RGB image: ``picture``, the one of the
        drawing before, changed in place (``image`` is Pillow's ``Image`` module)."""
        if self.whole is not None:
            picture = image.open(io.BytesIO(self.whole)).convert("RGB")
        for box, drawn, inner in self.patches:
            picture.paste(image.open(io.BytesIO(drawn)).convert("RGB").crop(inner), box[:2])
        return picture


@dataclass
class _Read:
    """A drawing as this module reads it."""

    lines: list[str]
    root: str
    #: The user units of a pixel, and the viewBox's top left corner.
    scale: float
    origin: tuple[float, float]
    #: Its pixels' width and height, once drawn (as resvg rounds them).
    size: tuple[int, int]
    outlines: dict[str, str]
    #: The leaves' line numbers and keys, in the order they are drawn.
    at: list[int]
    keys: list[Key]


def _read(svg: str) -> _Read | None:
    """The drawing's root, outlines and leaves; ``None`` where it is not written as
    :func:`kifu.draw.svg.to_string` writes (then it is drawn whole)."""
    lines = svg.split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    if len(lines) < 2 or lines[-1].strip() != "</svg>":
        return None
    root = lines[0]
    box = _ROOT_VIEW_BOX.search(root)
    lengths = [_ROOT_LENGTH[name].search(root) for name in ("width", "height")]
    if (not root.startswith("<svg ") or not root.endswith(">") or root.endswith("/>")
            or box is None or None in lengths or "preserveAspectRatio" in root):
        return None
    x, y, width, height = (float(value) for value in box.groups())
    pixel_width, pixel_height = (float(found.group(1)) for found in lengths if found)
    if min(width, height, pixel_width, pixel_height) <= 0:
        return None
    scale = width / pixel_width
    if not math.isclose(scale, height / pixel_height, rel_tol=1e-9):
        return None  # not one scale: resvg centres the drawing
    outlines: dict[str, str] = {}
    groups: list[str] = []
    at: list[int] = []
    keys: list[Key] = []
    in_defs = False
    for number in range(1, len(lines) - 1):
        line = lines[number].strip()
        if in_defs:
            if line == "</defs>":
                in_defs = False
                continue
            outline = _OUTLINE.fullmatch(line)
            if outline is None:
                return None
            outlines[outline.group(1)] = line
        elif line == "<defs>":
            in_defs = True
        elif _GROUP.fullmatch(line):
            groups.append(line)
        elif _EMPTY_GROUP.fullmatch(line):
            continue  # draws nothing: it stays in every document, as groups do
        elif line == "</g>":
            if not groups:
                return None
            groups.pop()
        else:
            leaf = _LEAF.fullmatch(line)
            if leaf is None or leaf.group(1) not in _DRAWN:
                return None
            at.append(number)
            keys.append((tuple(groups), line))
    if groups or in_defs:
        return None
    return _Read(lines, root, scale, (x, y), (0, 0), outlines, at, keys)


class FrameDrawer:
    """Draws a line of play's drawings one after another (see the module's docstring);
    ``whole`` draws every one whole, as kifu did before (the benchmark's yardstick)."""

    def __init__(self, drawer: Any, whole: bool = False) -> None:
        self.drawer = drawer
        self.whole = whole
        self.before: _Read | None = None
        #: The pixels each ``<text>`` leaf covers (``None``: none), found once: the text of
        #: a drawing costs resvg most, and a window leaves out the text it does not meet.
        self.covered: dict[Key, Box | None] = {}
        self.outlines: dict[str, str] = {}

    def draw(self, svg: str) -> Shot:
        """The drawing's pixels."""
        before = self.before
        self.before = read = None if self.whole else _read(svg)
        if read is None or before is None or not self._comparable(before, read):
            return self._whole(svg, read)
        size = read.size = before.size
        matcher = SequenceMatcher(None, before.keys, read.keys, autojunk=False)
        removed: list[int] = []
        added: list[int] = []
        for tag, start, end, new_start, new_end in matcher.get_opcodes():
            if tag != "equal":
                removed.extend(range(start, end))
                added.extend(range(new_start, new_end))
        if not removed and not added:
            return Shot(size)
        covered = [self._covers(before, index) for index in removed]
        covered += [self._covers(read, index) for index in added]
        boxes = _merged([box for box in covered if box is not None])
        if sum((right - left) * (bottom - top) for left, top, right, bottom in boxes) \
                > MOST_CHANGED * size[0] * size[1]:
            return self._whole(svg, read)
        patches = [self._window(read, box) for box in boxes]
        if None in patches:
            return self._whole(svg, read)
        return Shot(size, patches=[patch for patch in patches if patch is not None])

    def _comparable(self, before: _Read, read: _Read) -> bool:
        """Whether a drawing can be drawn over the one before: the same root, and outlines
        that mean what they meant (an id never takes another shape)."""
        if before.root != read.root:
            self.covered.clear()  # a leaf's pixels are those of one root's scale
            return False
        for name, outline in read.outlines.items():
            if self.outlines.setdefault(name, outline) != outline:
                self.covered.clear()
                self.outlines = dict(read.outlines)
                return False
        return True

    def _whole(self, svg: str, read: _Read | None) -> Shot:
        """The drawing drawn whole, its size as resvg gives it (its PNG's header)."""
        drawn = self._png(svg, background="#ffffff")
        width, height = struct.unpack(">II", drawn[16:24])  # PNG's IHDR
        size = (int(width), int(height))
        if read is not None:
            read.size = size
        return Shot(size, whole=drawn)

    def _png(self, svg: str, **options: Any) -> bytes:
        return bytes(self.drawer.svg_to_bytes(svg_string=svg, **options))

    def _document(self, read: _Read, kept: Sequence[int] | set[int], root: str | None = None
                  ) -> str:
        """The drawing with only the leaves on the lines ``kept`` (every group, empty or
        not, and the outlines stay: they draw nothing by themselves)."""
        leaves = set(read.at)
        return "\n".join([root or read.root,
                          *(line for number, line in enumerate(read.lines[1:-1], 1)
                            if number not in leaves or number in kept),
                          read.lines[-1]])

    def _covers(self, read: _Read, index: int) -> Box | None:
        """The pixels a leaf covers (``None``: none), found once, from the leaf drawn alone:
        :data:`FIND_SCALE` times smaller as it is and thickened, or, where a transform
        turns or scales it (and its thickening with it), at the picture's size; a box a
        pixel larger than the pixels those drawings show (anti-aliasing's reach)."""
        key = read.keys[index]
        if key in self.covered:
            return self.covered[key]
        document = self._document(read, {read.at[index]})
        if _turned(key):
            found = _found(self._png(document))
            step = 1
        else:
            zoom = 1 / FIND_SCALE
            thick = _THICKENED.format(width=THICKER * read.scale)
            found = _joined(_found(self._png(document, zoom=zoom)),
                            _found(self._png(document, zoom=zoom, style_sheet=thick)))
            step = FIND_SCALE
        box = None
        if found is not None:
            width, height = read.size
            box = (max(0, found[0] * step - 1), max(0, found[1] * step - 1),
                   min(width, found[2] * step + 1), min(height, found[3] * step + 1))
        self.covered[key] = box
        return box

    def _window(self, read: _Read, box: Box) -> Patch | None:
        """The pixels of ``box`` as resvg draws the whole drawing: the drawing seen through
        a window :data:`MARGIN` larger on every side (within the picture), without the
        leaves it does not meet, and grown until it cuts no leaf but those resvg cuts
        exactly (:func:`_cuttable`); ``None`` where it grows past :data:`MOST_CHANGED` of the
        picture."""
        width, height = read.size
        seen = (max(0, box[0] - MARGIN), max(0, box[1] - MARGIN),
                min(width, box[2] + MARGIN), min(height, box[3] + MARGIN))
        while True:
            kept = []
            grown = seen
            for index, number in enumerate(read.at):
                covered = self._covers(read, index)
                if covered is None or not _meet(covered, seen):
                    continue
                kept.append(number)
                if not _cuttable(read.keys[index]):
                    grown = _union(grown, covered)
            if grown == seen:
                break
            seen = grown
            if (seen[2] - seen[0]) * (seen[3] - seen[1]) > MOST_CHANGED * width * height:
                return None
        left, top, right, bottom = seen
        x = read.origin[0] + left * read.scale
        y = read.origin[1] + top * read.scale
        view = (f' viewBox="{x!r} {y!r} {(right - left) * read.scale!r} '
                f'{(bottom - top) * read.scale!r}"')
        root = _ROOT_VIEW_BOX.sub(lambda _: view, read.root, count=1)
        root = _ROOT_LENGTH["width"].sub(f' width="{right - left}"', root, count=1)
        root = _ROOT_LENGTH["height"].sub(f' height="{bottom - top}"', root, count=1)
        drawn = self._png(self._document(read, set(kept), root), background="#ffffff")
        return box, drawn, (box[0] - left, box[1] - top, box[2] - left, box[3] - top)


def _turned(key: Key) -> bool:
    """Whether a transform turns or scales a leaf (its own or its groups')."""
    groups, line = key
    return "transform=" in line or any("transform=" in group for group in groups)


def _found(drawn: bytes) -> Box | None:
    """The box of the pixels a PNG draws anything on."""
    box: Box | None = _image().open(io.BytesIO(drawn)).convert("RGBA").getchannel("A").getbbox()
    return box


def _joined(one: Box | None, other: Box | None) -> Box | None:
    return other if one is None else one if other is None else _union(one, other)


def _cuttable(key: Key) -> bool:
    """Whether resvg draws a leaf that a window's edge cuts as it draws it whole, but for a
    few levels of anti-aliasing: a rectangle, a circle, a line along an axis, none turned by
    a transform.  It draws any other shape so cut (a slanted line, a curve of text)
    shifted by up to a pixel along the cut shape, far from the edge."""
    line = key[1]
    if _turned(key):
        return False
    tag = line[1:].split(" ", 1)[0]
    if tag in ("rect", "circle"):
        return True
    if tag != "line":
        return False
    ends = {name: value for name, value in _ATTRIBUTE.findall(line)}
    return ends.get("x1") == ends.get("x2") or ends.get("y1") == ends.get("y2")


_ATTRIBUTE = re.compile(r'\s([xy][12])="([^"]*)"')


def _union(one: Box, other: Box) -> Box:
    return (min(one[0], other[0]), min(one[1], other[1]), max(one[2], other[2]),
            max(one[3], other[3]))


def _image() -> Any:
    from PIL import Image  # the images extra: kifu.render.images checked it is installed

    return Image


def _meet(one: Box, other: Box) -> bool:
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]


def _merged(boxes: list[Box]) -> list[Box]:
    """The boxes to draw again: ``boxes`` with those that meet joined into one (a stone and
    the legend below the board stay two small boxes, not one large one)."""
    merged: list[Box] = []
    for box in boxes:
        while (meeting := next((other for other in merged if _meet(other, box)), None)):
            merged.remove(meeting)
            box = _union(box, meeting)
        merged.append(box)
    return merged
