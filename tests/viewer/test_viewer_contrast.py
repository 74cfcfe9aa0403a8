"""The colours inside the drawings (issue 41): in headless Chromium, a record of each game drawn
by the viewer in the light theme, the dark one (the reader's preference, which dims the
board) and in print, every stone, line, mark, label, coordinate and piece against what it is
drawn on, as the browser computes their colours (``contrast.js``): 3:1 for graphics and large
text (WCAG 1.4.11), 4.5:1 for small text.  One page serves the module."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from kifu.commands.cli import main
from tests.examples import EXAMPLES
from tests.viewer.conftest import LOCAL_SCHEMES

pytestmark = pytest.mark.browser

CONTRAST = (Path(__file__).parent / "contrast.js").read_text(encoding="utf-8")

#: A Go position with every kind of mark SGF has, on stones and on empty points, and two
#: next moves (the viewer's letters on the board).
MARKED_GO = ("(;GM[1]FF[4]SZ[9]AB[cc][dd]AW[ee][fc]TR[cc][gg]SQ[ee][cg]CR[dd][gc]MA[fc][cf]"
             "LB[dc:A][ge:12]C[marks](;B[gd];W[hd])(;B[hh]))")

#: One record of each game, at a position that shows its marks (the last move's, a stack's
#: height, a chain, a win), and the hash that opens it.
RECORDS = {
    "renju": (EXAMPLES / "renju" / "yamaguchi-opening.renju", ""),
    "gungi": (EXAMPLES / "gungi" / "short-game.gungi", ""),
    "rengi": (EXAMPLES / "rengi" / "problem-four-chain.rengi", ""),
    "rengoma": (EXAMPLES / "rengoma" / "study-chip-finish.rengoma", ""),
    "freego": (Path("marked.sgf"), "#move=0"),
}

#: The three ways a board is seen: the viewport, the colour scheme asked for, the media.
#: Printing lays the page out on A4 (at 96 dots an inch), whatever the screen's theme.
MODES = {
    "light": ({"width": 1280, "height": 800}, "light", "screen"),
    "dark": ({"width": 1280, "height": 800}, "dark", "screen"),
    "print": ({"width": 794, "height": 1123}, "dark", "print"),
}


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("contrast")
    (folder / "marked.sgf").write_text(MARKED_GO, encoding="utf-8")
    written = {}
    for game, (record, _) in RECORDS.items():
        source = record if record.is_absolute() else folder / record
        out = written[game] = folder / f"{game}.html"
        done = CliRunner().invoke(main, ["render", str(source), "-f", "html", "--no-problem",
                                         "-o", str(out)])
        assert done.exit_code == 0, done.output
    return written


@pytest.fixture(scope="module")
def tab(browser: Any) -> Any:
    context = browser.new_context()
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(
        LOCAL_SCHEMES) else route.abort())
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page
    context.close()
    assert errors == []


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("game", RECORDS)
def test_what_a_drawing_shows_stands_out_from_what_it_is_drawn_on(tab, pages, game, mode):
    viewport, scheme, media = MODES[mode]
    tab.set_viewport_size(viewport)
    tab.emulate_media(color_scheme=scheme, media=media)
    tab.goto("about:blank")  # the same page again is loaded again, not only scrolled
    tab.goto(pages[game].as_uri() + RECORDS[game][1])
    tab.wait_for_selector(".kifu-viewer.kv-js")
    checked = tab.evaluate(CONTRAST)
    kinds = {found["what"].split(".")[0].split(" ")[0] for found in checked}
    assert len(checked) > 20 and kinds & {"line", "path"} and kinds & {"text", "use"}, kinds
    if mode == "dark":  # the board dimmed, as the test reckons with
        assert "brightness" in tab.evaluate("getComputedStyle(document.querySelector("
                                            "'.kv-board svg')).filter")
    failing = [f"{found['what']}: {found['fg']} on {found['bg']}, {found['ratio']}:1 "
               f"(needs {found['need']}:1)" for found in checked
               if found["ratio"] < found["need"]]
    assert failing == []
