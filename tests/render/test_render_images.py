"""``kifu render --format png|gif`` (issue 30, item 7): the SVG drawing as a PNG picture, a
line of play as an animated GIF with a settable delay; without the images extra, a message
that says how to install it and a usage exit status, never a traceback."""
from __future__ import annotations

import io
import sys

import pytest
import resvg_py
from PIL import Image

from kifu.commands.cli import EXIT_OK, EXIT_USAGE
from kifu.plugin import driver
from kifu.run.load import load
from tests import examples, measured

RENJU = examples.EXAMPLES / "renju" / "yamaguchi-opening.renju"
GUNGI = examples.EXAMPLES / "gungi" / "short-game.gungi"


def test_png_is_the_svg_drawn(kifu_cli, tmp_path):
    kifu_cli("render", GUNGI, "--move", "5", "-o", tmp_path / "board.png")
    svg = kifu_cli("render", GUNGI, "--move", "5").stdout
    data = (tmp_path / "board.png").read_bytes()
    assert data == bytes(resvg_py.svg_to_bytes(svg_string=svg, background="#ffffff"))
    picture = Image.open(io.BytesIO(data))
    width = float(svg.split('width="', 1)[1].split('"', 1)[0])
    assert picture.format == "PNG" and abs(picture.width - width) <= 1


def test_png_goes_to_standard_output_and_takes_the_size(kifu_cli):
    data = kifu_cli("render", RENJU, "-f", "png", "--size", "300").stdout_bytes
    picture = Image.open(io.BytesIO(data))
    assert picture.format == "PNG" and picture.width == 300


def frames(path) -> list[int]:
    """Each frame's duration."""
    picture = Image.open(path)
    durations = []
    for index in range(picture.n_frames):
        picture.seek(index)
        durations.append(picture.info["duration"])
    return durations


def test_gif_animates_the_line_up_to_the_move_with_the_delay(kifu_cli, tmp_path):
    kifu_cli("render", RENJU, "--move", "5", "--delay", "250", "-o", tmp_path / "game.gif")
    loaded = load(str(RENJU))
    steps = 0
    for step in driver.replay(loaded.game, loaded.record):  # moves, and events (a swap) between them
        steps += 1
        if step.number == 5:
            break
    shown = frames(tmp_path / "game.gif")
    # the start and each step; the last shown four times as long (Pillow merges a frame
    # that repeats the one before, as an event that changes no stone does, into one)
    assert sum(shown) == 250 * steps + 1000 and shown[-1] == 1000
    assert all(duration % 250 == 0 for duration in shown) and len(shown) >= 5
    kifu_cli("render", RENJU, "-f", "gif", "-o", tmp_path / "whole.gif")
    assert len(frames(tmp_path / "whole.gif")) > len(shown)


def test_gif_follows_a_variation(kifu_cli, tmp_path):
    record = examples.EXAMPLES / "freego" / "problem.freego"
    kifu_cli("render", record, "--variation", "2.1", "-o", tmp_path / "line.gif")
    kifu_cli("render", record, "-o", tmp_path / "main.gif")
    with Image.open(tmp_path / "line.gif") as line, Image.open(tmp_path / "main.gif") as main:
        line.seek(line.n_frames - 1)
        main.seek(main.n_frames - 1)
        assert line.convert("RGB").tobytes() != main.convert("RGB").tobytes()


def test_a_delay_out_of_range_is_a_usage_error(kifu_cli, tmp_path):
    said = kifu_cli("render", RENJU, "-o", tmp_path / "x.gif", "--delay", "5",
                    exit_code=EXIT_USAGE).stderr
    assert "--delay" in said


def test_pictures_of_a_folder(kifu_cli, tmp_path):
    kifu_cli("render", "-f", "png", "--output-dir", tmp_path / "out",
             examples.EXAMPLES / "rengoma")
    written = sorted((tmp_path / "out").glob("*.png"))
    assert written and all(p.read_bytes().startswith(b"\x89PNG") for p in written)


@pytest.mark.parametrize("fmt", ["png", "gif"])
def test_without_the_images_extra_the_message_says_how_to_install_it(kifu_cli, tmp_path,
                                                                      monkeypatch, fmt):
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # as if it were not installed
    monkeypatch.setitem(sys.modules, "PIL", None)
    result = kifu_cli("render", RENJU, "-f", fmt, "-o", tmp_path / f"x.{fmt}",
                      exit_code=EXIT_USAGE)
    assert "pip install '.[images]' in kifu's checkout" in result.stderr
    assert "Traceback" not in result.stderr and not (tmp_path / f"x.{fmt}").exists()


# -- bounds (issue 38) -----------------------------------------------------------------------

def test_a_picture_of_more_pixels_than_the_bound_is_refused_with_the_size_that_fits(kifu_cli,
                                                                                   tmp_path):
    """``-f png --size 20000`` of a five-move record took 3.3 GB (a user's command, a process
    of its own)."""
    said = measured.kifu("render", RENJU, "-f", "png", "--size", "20000", "-o",
                         tmp_path / "big.png")
    assert said.status == EXIT_USAGE and said.within_bounds()
    assert "a picture of 20,000x21,712 pixels is larger than the 36,000,000 pixels kifu draws" \
        in said.stderr
    assert not (tmp_path / "big.png").exists()
    fits = said.stderr.split("give --size ", 1)[1].split(" ", 1)[0].replace(",", "")
    picture = Image.open(io.BytesIO(kifu_cli("render", RENJU, "-f", "png", "--size",
                                             fits).stdout_bytes))
    assert picture.width == int(fits) and picture.width * picture.height <= 36_000_000


def test_a_gif_of_more_pixels_than_the_bound_is_refused_from_its_first_frame(kifu_cli,
                                                                            tmp_path):
    """``-f gif --size 20000`` ended in Pillow's DecompressionBombError after 3.3 GB; a GIF too
    large in all is refused before its second frame is drawn."""
    said = measured.kifu("render", RENJU, "-f", "gif", "--size", "20000", "-o",
                         tmp_path / "a.gif")
    assert said.status == EXIT_USAGE and said.within_bounds()
    assert "larger than the 36,000,000 pixels" in said.stderr
    nineteen = examples.EXAMPLES / "freego" / "nineteen.sgf"
    said = kifu_cli("render", nineteen, "-f", "gif", "--size", "1500", "-o", tmp_path / "b.gif",
                    exit_code=EXIT_USAGE)
    assert ("a GIF of 390 positions of 1,500x1,682 pixels is more than the 180,000,000 pixels "
            "kifu draws in one; give --size 641 or less") in said.stderr
    assert not (tmp_path / "a.gif").exists() and not (tmp_path / "b.gif").exists()


def test_a_gif_written_a_frame_at_a_time_shows_each_position_as_drawn(kifu_cli, tmp_path):
    """Frames are written as the box that changed, the unchanged pixels in it transparent:
    each frame shown is still the PNG of its position, in the GIF's palette."""
    kifu_cli("render", RENJU, "--move", "4", "--size", "200", "-o", tmp_path / "four.gif")
    with Image.open(tmp_path / "four.gif") as animation:
        shown = []
        for index in range(animation.n_frames):
            animation.seek(index)
            shown.append(animation.convert("RGB"))
    for move, frame in zip(range(5), shown):
        data = kifu_cli("render", RENJU, "--move", str(move), "--size", "200", "-f",
                        "png").stdout_bytes
        drawn = Image.open(io.BytesIO(data)).convert("RGB")
        assert frame.size == drawn.size
        # the palette's 255 colours: each pixel within a few steps of its colour
        difference = [abs(a - b) for a, b in zip(frame.tobytes(), drawn.tobytes())]
        assert sum(difference) / len(difference) < 2.0 and max(difference) < 64


def test_a_gif_of_frames_past_the_frame_bound_is_refused_and_one_at_it_is_drawn(tmp_path):
    """A GIF of four frames of 33 million pixels (``--size 5500``) took 2.6 GB: its frames are
    put together at about 17 bytes a pixel, and nine of them side by side made its palette."""
    refused = measured.kifu("render", RENJU, "-f", "gif", "--size", "5500", "--move", "3",
                            "-o", tmp_path / "big.gif")
    assert refused.status == EXIT_USAGE and refused.within_bounds()
    assert ("a GIF's frame of 5,500x5,971 pixels is larger than the 12,500,000 pixels kifu "
            "draws in one; give --size 3,393 or less") in refused.stderr
    assert not (tmp_path / "big.gif").exists()
    drawn = measured.kifu("render", RENJU, "-f", "gif", "--size", "3393", "--move", "3",
                          "-o", tmp_path / "fits.gif")
    assert drawn.status == EXIT_OK and drawn.within_bounds(), drawn
    with Image.open(tmp_path / "fits.gif") as animation:
        assert animation.width == 3393 and animation.width * animation.height <= 12_500_000


#: An animated GIF of ``sys.argv[1]`` frames of 600x600 pixels, each a stone elsewhere.
MANY_FRAMES = """
from kifu.render import images
count = int(sys.argv[1])
frames = (f'<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">'
          f'<rect width="600" height="600" fill="#dcb35c"/><circle cx="{40 + n * 7 % 520}" '
          f'cy="{40 + n * 13 % 520}" r="30" fill="#{n * 37 % 256:02x}2040"/></svg>'
          for n in range(count))
print(len(images.gif(frames, 100, count)))
"""


def test_a_gif_of_hundreds_of_positions_holds_a_few_frames_at_once():
    """The GIF of ``examples/freego/nineteen.sgf`` (389 moves) took 1 GB: Pillow's writer held
    every frame.  Frames are kept as PNG until the palette is made, then written one at a time:
    160 frames of 360,000 pixels (160 MB as Pillow held them) take the memory of a few."""
    run = measured.python(MANY_FRAMES, 160)
    assert run.status == 0, run.stderr
    assert int(run.stdout) > 0 and run.peak_mb < 120 and run.within_bounds(), run
