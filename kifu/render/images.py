"""Pictures for forums and chats: a drawing as PNG, a line of play as an animated GIF.

Both are kifu's own SVG (:mod:`kifu.draw.svg`) turned into pixels by resvg (the Rust SVG
renderer, through the ``resvg-py`` wheel), and the GIF's frames put together by Pillow.  Both
come with the ``images`` extra (``pip install '.[images]'`` in kifu's checkout); without it,
asking for a picture is an :class:`~kifu.base.errors.OptionError` that says so.  resvg draws what browsers
draw of kifu's SVG (``<use>`` of the glyphs' outlines, transforms, opacity) and needs no
system library; CairoSVG needs Cairo installed apart from pip, and Pillow alone draws no SVG.
Since kifu's own glyphs are outlines, a picture looks the same on any machine; text from the
record (players' names) is drawn in the fonts the machine has.
"""
from __future__ import annotations

import importlib
import io
import math
import re
import struct
from collections.abc import Iterable, Iterator
from typing import Any

from kifu.base.errors import OptionError
from kifu.base.extras import install_hint

#: How to get what pictures need.
INSTALL = install_hint("images")
#: The last position of a GIF shows this many delays.
LAST_HOLD = 4
#: Frames of a GIF at most: a position a frame, so a whole game of any real length fits.
MAX_FRAMES = 2_000
#: The pixels of one picture at most: a 6,000-pixel-wide board (a PNG of them costs about 9
#: bytes a pixel while it is drawn, 330 MB).
MAX_PIXELS = 36_000_000
#: The pixels of a GIF's frame at most (its frames are put together at about 17 bytes a pixel:
#: a frame of 36 million took 590 MB), and of its frames together, which bounds the time it
#: takes (resvg's drawing nearly all of it, 10 to 20 s for 100 million on one core): the 390
#: positions of a 19x19 game at the default size are 171 million.
MAX_FRAME_PIXELS = 12_500_000
MAX_GIF_PIXELS = 180_000_000
#: The palette's index a frame's unchanged pixels take (the palette has 255 colours).
_UNCHANGED = 255
#: The root element of an SVG document, and what of it gives the picture's size: its width
#: and height in pixels, else its viewBox (as resvg takes them).
_ROOT = re.compile(r"<svg\b[^>]*>")
_LENGTH = {name: re.compile(rf'\s{name}\s*=\s*["\']\s*([0-9.]+)\s*(?:px)?\s*["\']')
           for name in ("width", "height")}
_VIEW_BOX = re.compile(r'\sviewBox\s*=\s*["\']\s*[-0-9.eE]+[\s,]+[-0-9.eE]+[\s,]+([0-9.eE]+)'
                       r'[\s,]+([0-9.eE]+)')


def _extra(module: str, pictures: str) -> Any:
    """A module of the images extra; an ``OptionError`` saying how to install it if missing."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise OptionError(f"{pictures} pictures need kifu's images extra: {INSTALL}",
                          option="--format") from None


def pixels(svg: str) -> tuple[int, int]:
    """The width and height in pixels a picture of ``svg`` has (as resvg rounds them); an
    ``OptionError`` for one of more than :data:`MAX_PIXELS`, naming the ``--size`` that fits."""
    width, height = _size(svg)
    if width * height > MAX_PIXELS:
        fits = math.floor(width * math.sqrt(MAX_PIXELS / (width * height)))
        raise OptionError(f"a picture of {width:,}x{height:,} pixels is larger than the "
                          f"{MAX_PIXELS:,} pixels kifu draws; give --size {fits:,} or less",
                          option="--size")
    return width, height


def _size(svg: str) -> tuple[int, int]:
    """The picture's size in whole pixels (resvg's default, 100 by 100, where the SVG gives
    none)."""
    root = _ROOT.search(svg[:8192])
    tag = root.group() if root else ""
    box = _VIEW_BOX.search(tag)
    sizes = []
    for index, name in enumerate(("width", "height")):
        found = _LENGTH[name].search(tag)
        value = found.group(1) if found else box.group(index + 1) if box else "100"
        try:
            sizes.append(max(1, math.ceil(float(value))))
        except (ValueError, OverflowError):
            sizes.append(MAX_PIXELS + 1)  # no size a picture can have: refused
    return sizes[0], sizes[1]


def png(svg: str) -> bytes:
    """The drawing as PNG, as wide as the SVG says (``--size``), on white; at most
    :data:`MAX_PIXELS` pixels (see :func:`pixels`)."""
    drawer = _extra("resvg_py", "PNG and GIF")
    pixels(svg)
    return bytes(drawer.svg_to_bytes(svg_string=svg, background="#ffffff"))


def gif(drawings: Iterable[str], delay: int, positions: int | None = None, *,
        whole: bool = False) -> bytes:
    """An animated GIF of ``drawings`` (SVG), each shown ``delay`` milliseconds and the last
    ``LAST_HOLD`` times as long; frames of different sizes are set on a white canvas as large
    as the largest, top left.

    Each drawing after the first is drawn only where it differs from the one before
    (:mod:`kifu.render.frames`; ``whole`` draws each whole, the way kifu did before, which the
    benchmark measures against).  The frames are kept as those boxes' PNG until the palette is
    made, then each is put together, turned into the palette's colours and written, as the box
    that changed since the frame before: the memory of a few frames, however many there are
    (Pillow's own writer holds every frame).  At most :data:`MAX_FRAMES` frames of
    :data:`MAX_FRAME_PIXELS` pixels, and :data:`MAX_GIF_PIXELS` pixels in all: ``positions``,
    the number of drawings to come where it is known, refuses a GIF too large from its first
    frame on, before the others are drawn."""
    from kifu.render.frames import FrameDrawer

    image = _extra("PIL.Image", "GIF")
    drawer = FrameDrawer(_extra("resvg_py", "PNG and GIF"), whole=whole)
    shots = []
    drawn = 0
    for index, svg in enumerate(drawings):
        if index >= MAX_FRAMES:
            raise OptionError(f"a GIF holds at most {MAX_FRAMES:,} positions; give --move "
                              "to end it sooner", option="--move")
        width, height = pixels(svg)
        if width * height > MAX_FRAME_PIXELS:
            fits = math.floor(width * math.sqrt(MAX_FRAME_PIXELS / (width * height)))
            raise OptionError(f"a GIF's frame of {width:,}x{height:,} pixels is larger than "
                              f"the {MAX_FRAME_PIXELS:,} pixels kifu draws in one; give "
                              f"--size {fits:,} or less", option="--size")
        drawn += width * height
        expected = drawn + width * height * max(0, (positions or 0) - index - 1)
        if expected > MAX_GIF_PIXELS:
            count = max(index + 1, positions or 0)
            fits = math.floor(width * math.sqrt(MAX_GIF_PIXELS / expected))
            raise OptionError(f"a GIF of {count:,} positions of {width:,}x{height:,} pixels "
                              f"is more than the {MAX_GIF_PIXELS:,} pixels kifu draws in one; "
                              f"give --size {fits:,} or less, or --move to end it sooner",
                              option="--size")
        shots.append(drawer.draw(svg))
    if not shots:
        raise OptionError("there is no position to animate", option="--move")
    canvas = (max(shot.size[0] for shot in shots), max(shot.size[1] for shot in shots))

    def frames() -> Iterator[Any]:
        """Each frame's pixels on the canvas, in turn (the same image, changed in place,
        where the frame fills the canvas)."""
        current: Any = None
        for shot in shots:
            current = shot.apply(image, current)
            if current.size == canvas:
                yield current
            else:
                sized = image.new("RGB", canvas, "#ffffff")
                sized.paste(current, (0, 0))
                yield sized

    chosen = set(_sampled(len(shots), canvas[0] * canvas[1]))
    palette = _palette(image, [frame.copy() for index, frame in enumerate(frames())
                               if index in chosen], canvas)
    out = io.BytesIO()
    _GifWriter(out, palette, canvas, delay).write(
        frame.quantize(palette=palette, dither=0) for frame in frames())
    return out.getvalue()


#: The pixels of the frames a GIF's palette is made from, side by side, at most.
SAMPLE_PIXELS = 12_000_000


def _sampled(count: int, frame_pixels: int) -> list[int]:
    """The frames the palette is made from: eight spread over the line and the last, so that
    a colour seen briefly (the last move's mark) has its own; fewer where frames are so
    large that nine would pass :data:`SAMPLE_PIXELS` (the last always among them)."""
    most = max(1, min(9, SAMPLE_PIXELS // max(1, frame_pixels)))
    chosen = list(range(0, count, max(1, count // 8)))[:8]
    spread = sorted({*chosen, count - 1})
    return spread[-most:] if len(spread) > most else spread


def _palette(image: Any, frames: list[Any], canvas: tuple[int, int]) -> Any:
    """One palette for every frame, from ``frames`` side by side."""
    sample = image.new("RGB", (canvas[0] * len(frames), canvas[1]))
    for index, one in enumerate(frames):
        sample.paste(one, (canvas[0] * index, 0))
    return sample.quantize(colors=255, method=image.Quantize.MEDIANCUT, dither=0)


class _GifWriter:
    """An animated GIF written a frame at a time (GIF89a, looping, one palette): each frame
    after the first as the box that changed, drawn over the one before (disposal 1), the
    pixels in the box that did not change transparent (runs of one index compress best); a
    frame that changes nothing lengthens the one before.  A frame is written once the next
    is seen, since its delay is in its own header."""

    def __init__(self, out: io.BytesIO, palette: Any, canvas: tuple[int, int],
                 delay: int) -> None:
        self.out, self.palette, self.canvas, self.delay = out, palette, canvas, delay

    def header(self) -> bytes:
        colours = bytes(self.palette.getpalette()[:768]).ljust(768, b"\0")
        width, height = self.canvas
        return (b"GIF89a" + struct.pack("<HH", width, height) + bytes([0xF7, 0, 0]) + colours
                + b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00")  # loop for ever

    def write(self, frames: Iterable[Any]) -> None:
        gif_plugin = importlib.import_module("PIL.GifImagePlugin")
        chops = importlib.import_module("PIL.ImageChops")
        self.out.write(self.header())
        previous: Any = None
        pending: tuple[Any, tuple[int, int], bool] | None = None
        duration = 0
        for current in frames:
            if previous is None:
                changed, box = None, (0, 0, *self.canvas)
            else:  # one palette: the frames' indices, compared as numbers (0 where unchanged)
                changed = chops.subtract_modulo(current, previous)
                box = changed.getbbox()
            previous = current
            if box is None:  # nothing changed: the frame before shows longer
                duration += self.delay
                continue
            if pending is not None:
                self._frame(gif_plugin, *pending, duration)
            picture = current.crop(box)
            if changed is not None:
                unchanged = changed.crop(box).point([255, *(0,) * 255], "1")
                picture.paste(_UNCHANGED, mask=unchanged)
            pending, duration = (picture, box[:2], changed is not None), self.delay
        assert pending is not None
        self._frame(gif_plugin, *pending, duration + self.delay * (LAST_HOLD - 1))
        self.out.write(b";")

    def _frame(self, gif_plugin: Any, picture: Any, offset: tuple[int, int],
               see_through: bool, duration: int) -> None:
        info: dict[str, Any] = {"duration": duration, "disposal": 1}
        if see_through:
            info["transparency"] = _UNCHANGED
        for piece in gif_plugin.getdata(picture, offset=offset, **info):
            self.out.write(piece)
