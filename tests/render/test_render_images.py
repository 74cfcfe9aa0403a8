"""``kifu render --format png|gif`` (issue 30, item 7): the SVG drawing as a PNG picture, a
line of play as an animated GIF with a settable delay; without the images extra, a message
that says how to install it and a usage exit status, never a traceback."""
from __future__ import annotations

import io
import sys

import pytest
import resvg_py
from PIL import Image

from kifu.commands.cli import EXIT_USAGE
from kifu.plugin import driver
from kifu.run.load import load
from tests import examples

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
