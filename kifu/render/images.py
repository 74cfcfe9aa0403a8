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
from collections.abc import Iterable
from typing import Any

from kifu.base.errors import OptionError
from kifu.base.extras import install_hint

#: How to get what pictures need.
INSTALL = install_hint("images")
#: The last position of a GIF shows this many delays.
LAST_HOLD = 4
#: Frames of a GIF at most: a position a frame, so a whole game of any real length fits.
MAX_FRAMES = 2_000


def _extra(module: str, pictures: str) -> Any:
    """A module of the images extra; an ``OptionError`` saying how to install it if missing."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise OptionError(f"{pictures} pictures need kifu's images extra: {INSTALL}",
                          option="--format") from None


def png(svg: str) -> bytes:
    """The drawing as PNG, as wide as the SVG says (``--size``), on white."""
    drawer = _extra("resvg_py", "PNG and GIF")
    return bytes(drawer.svg_to_bytes(svg_string=svg, background="#ffffff"))


def gif(drawings: Iterable[str], delay: int) -> bytes:
    """An animated GIF of ``drawings`` (SVG), each shown ``delay`` milliseconds and the last
    ``LAST_HOLD`` times as long; frames of different sizes are set on a white canvas as large
    as the largest, top left."""
    image = _extra("PIL.Image", "GIF")
    frames = []
    for index, svg in enumerate(drawings):
        if index >= MAX_FRAMES:
            raise OptionError(f"a GIF holds at most {MAX_FRAMES:,} positions; give --move "
                              "to end it sooner", option="--move")
        frames.append(image.open(io.BytesIO(png(svg))).convert("RGB"))
    if not frames:
        raise OptionError("there is no position to animate", option="--move")
    width = max(frame.width for frame in frames)
    height = max(frame.height for frame in frames)
    sized = []
    for frame in frames:
        if frame.size != (width, height):
            canvas = image.new("RGB", (width, height), "#ffffff")
            canvas.paste(frame, (0, 0))
            frame = canvas
        sized.append(frame)
    # One palette for every frame (made from a few of them side by side, so that a colour
    # seen briefly, the last move's mark, has its own): each frame after the first is then
    # stored as the box that changed.
    chosen = sized[::max(1, len(sized) // 8)][:8] + sized[-1:]
    sample = image.new("RGB", (width * len(chosen), height))
    for index, frame in enumerate(chosen):
        sample.paste(frame, (width * index, 0))
    shared = sample.quantize(colors=255, method=image.Quantize.MEDIANCUT, dither=0)
    indexed = [frame.quantize(palette=shared, dither=0) for frame in sized]
    durations = [delay] * (len(indexed) - 1) + [delay * LAST_HOLD]
    out = io.BytesIO()
    indexed[0].save(out, format="GIF", save_all=True, append_images=indexed[1:],
                    duration=durations, loop=0, optimize=True, disposal=1)
    return out.getvalue()
