"""A GIF's frames drawn only where they change (issue 41): a 389-move Go game took 35 s of CPU,
nearly all of it resvg drawing each whole board.  Each frame after the first is drawn again
only in the boxes its changed elements cover, through a window of the drawing
(:mod:`kifu.render.frames`): the pictures stay resvg's, within a few levels of anti-aliasing
of the whole picture, and resvg draws a fraction of the pixels."""
from __future__ import annotations

import io

import pytest
import resvg_py
from PIL import Image, ImageChops

from kifu.render.formats import Drawing, line_drawings
from kifu.render.frames import FrameDrawer
from kifu.run.load import load
from tests import examples

#: How far a frame drawn in windows may be from the whole picture, in levels of 255 on any
#: channel of any pixel: anti-aliasing where a window's edge cuts a circle or a line, at most
#: 14 in the examples; the GIF's palette of 255 colours rounds by more.
WITHIN = 16


class Counted:
    """resvg, counting the pixels of the pictures it draws."""

    def __init__(self) -> None:
        self.pixels = 0

    def svg_to_bytes(self, **options: object) -> bytes:
        drawn = bytes(resvg_py.svg_to_bytes(**options))
        picture = Image.open(io.BytesIO(drawn))
        self.pixels += picture.width * picture.height
        return drawn


def pictures(drawings: list[str], whole: bool) -> tuple[list[Image.Image], Counted]:
    counted = Counted()
    drawer = FrameDrawer(counted, whole=whole)
    shown, picture = [], None
    for svg in drawings:
        picture = drawer.draw(svg).apply(Image, picture)
        shown.append(picture.copy())
    return shown, counted


def longest(game: str) -> list[str]:
    """The first positions of the game's longest example, drawn as a GIF draws them."""
    record = max(examples.legal(game), key=lambda path: path.stat().st_size)
    drawings, _ = line_drawings(load(str(record)), Drawing())
    return [svg for _, svg in zip(range(8), drawings)]


@pytest.mark.parametrize("game", examples.GAMES)
def test_frames_drawn_in_windows_are_the_whole_pictures(game):
    drawings = longest(game)
    patched, _ = pictures(drawings, whole=False)
    whole, _ = pictures(drawings, whole=True)
    for index, (one, other) in enumerate(zip(patched, whole)):
        assert one.size == other.size
        difference = max(high for _, high in ImageChops.difference(one, other).getextrema())
        assert difference <= WITHIN, (game, index, difference)


def test_a_long_game_is_drawn_a_fraction_of_its_pixels():
    """The first 80 positions of ``examples/freego/nineteen.sgf``: the whole pictures' pixels
    would be 80 boards; the windows draw about a third of them, and every frame after the
    first is drawn over the one before."""
    record = load(str(examples.EXAMPLES / "freego" / "nineteen.sgf"))
    drawings = [svg for _, svg in zip(range(80), line_drawings(record, Drawing())[0])]
    counted = Counted()
    drawer = FrameDrawer(counted)
    shots = [drawer.draw(svg) for svg in drawings]
    width, height = shots[0].size
    assert all(shot.whole is None for shot in shots[2:])
    assert counted.pixels < len(drawings) * width * height * 0.4
