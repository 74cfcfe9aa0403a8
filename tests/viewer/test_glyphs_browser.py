"""kifu's own glyphs in a browser that has no CJK font (issue 30, item 1).

A headless Chromium whose font configuration holds DejaVu alone opens the SVG of ``kifu render``
and the viewer's page of records whose drawings and notation are full of CJK: no character of
kifu's own text may come out as an empty box (the font's .notdef glyph).  Each character is
drawn on a canvas in the font its element asks for and compared with a character no font has;
only characters of the record's own text (names, comments) may match, as they are left to the
reader's fonts.  The glyphs drawn as outlines must draw ink.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from kifu.commands.cli import main
from kifu.run.load import load
from tests import examples
from tests.viewer.conftest import CHROMIUM_ARGS, chromium_path

pytestmark = pytest.mark.browser

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
RECORDS = [examples.EXAMPLES / "gungi" / "short-game.gungi",
           examples.EXAMPLES / "freego" / "japan-opening.freego",
           examples.EXAMPLES / "freego" / "china-opening.freego",
           examples.EXAMPLES / "rengi" / "haku-game.rengi"]

#: The characters among ``chars`` that the element's font draws as the box of a missing glyph.
MISSING = """([element, chars]) => {
  const family = getComputedStyle(element).fontFamily;
  const canvas = document.createElementNS('http://www.w3.org/1999/xhtml', 'canvas');
  canvas.width = 48; canvas.height = 48;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  const ink = ch => {
    ctx.clearRect(0, 0, 48, 48);
    ctx.font = '32px ' + family;
    ctx.fillText(ch, 4, 36);
    return ctx.getImageData(0, 0, 48, 48).data.join();
  };
  const none = ink('\\uE000');
  return chars.filter(ch => ink(ch) === none);
}"""

#: Every element that shows text of its own, and that text.
TEXTS = """root => {
  const found = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode, parent = node.parentElement;
    if (!node.data.trim() || ['SCRIPT', 'STYLE', 'title'].includes(parent.tagName)) continue;
    if (parent.closest('[hidden]') || getComputedStyle(parent).display === 'none') continue;
    found.push([parent, node.data]);
  }
  return found;
}"""


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as running:
        yield running


@pytest.fixture(scope="module")
def plain_browser(playwright: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Chromium that knows DejaVu and no other font."""
    if not (DEJAVU / "DejaVuSans.ttf").exists():
        pytest.fail("the glyph tests need DejaVu (Debian: apt-get install fonts-dejavu-core)")
    folder = tmp_path_factory.mktemp("fonts")
    conf = folder / "fonts.conf"
    conf.write_text(f'<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
                    f"<fontconfig><dir>{DEJAVU}</dir><cachedir>{folder / 'cache'}</cachedir>"
                    "</fontconfig>\n", encoding="utf-8")
    env = {**os.environ, "FONTCONFIG_FILE": str(conf)}
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS,
                                         env=env)
    yield browser
    browser.close()


def record_text(record: Path) -> set[str]:
    """The characters of what the record itself says (headers, comments): the reader's fonts
    may lack them."""
    loaded = load(str(record))
    said = "".join(f"{k}{v}" for k, v in loaded.record.headers.items())
    said += "".join(loaded.record.comments)
    for _, _, nodes in loaded.record.walk():
        said += "".join(c for node in nodes for c in node.comments)
    return set(said)


def missing_glyphs(page: Any) -> dict[str, str]:
    """Each character some element shows as a missing glyph, with the text it stands in."""
    page.evaluate("document.fonts.ready")
    handle = page.evaluate_handle(TEXTS, page.locator("body, svg").first.element_handle())
    count = page.evaluate("found => found.length", handle)
    missing: dict[str, str] = {}
    for index in range(count):
        element = page.evaluate_handle("([found, i]) => found[i][0]", [handle, index])
        text = page.evaluate("([found, i]) => found[i][1]", [handle, index])
        chars = sorted({c for c in text if not c.isspace()})
        for char in page.evaluate(MISSING, [element, chars]):
            missing.setdefault(char, text)
    return missing


def test_the_browser_has_no_cjk_font(plain_browser, tmp_path):
    page_file = tmp_path / "plain.html"
    page_file.write_text("<!DOCTYPE html><meta charset=utf-8><p>兵 帥 長野 abc</p>",
                         encoding="utf-8")
    page = plain_browser.new_page()
    page.goto(page_file.as_uri())
    assert set(missing_glyphs(page)) == set("兵帥長野")  # what the tests below rule out
    page.close()


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.name)
def test_a_drawing_shows_no_empty_box_without_cjk_fonts(plain_browser, tmp_path, record):
    svg = tmp_path / "board.svg"
    result = CliRunner().invoke(main, ["render", str(record), "-o", str(svg)])
    assert result.exit_code == 0, result.stderr
    page = plain_browser.new_page()
    page.goto(svg.as_uri())
    missing = missing_glyphs(page)
    assert set(missing) <= record_text(record), missing
    # the outlines draw ink: every glyph placed has a box
    empty = page.evaluate("""() => [...document.querySelectorAll('use')]
        .filter(u => { const b = u.getBBox(); return !(b.width > 0 && b.height > 0); })
        .map(u => u.getAttribute('href'))""")
    assert page.evaluate("document.querySelectorAll('use').length") > 0
    assert set(empty) <= {"#kg-2d", "#kg-2015", "#kg-4e00"}, empty  # thin strokes: - ― 一
    page.close()


@pytest.mark.parametrize("record", RECORDS[:2], ids=lambda p: p.name)
def test_a_page_shows_no_empty_box_without_cjk_fonts(plain_browser, tmp_path, record):
    html = tmp_path / "page.html"
    result = CliRunner().invoke(main, ["render", str(record), "-f", "html", "-o", str(html)])
    assert result.exit_code == 0, result.stderr
    page = plain_browser.new_page()
    page.goto(html.as_uri())
    page.wait_for_selector(".kifu-viewer.kv-js")
    missing = missing_glyphs(page)
    # the language select names each language in itself, left to the reader's fonts: a
    # reader of the language has them (docs/cli.md, "Languages")
    assert set(missing) <= record_text(record) | set("日本語中文한국어"), missing
    page.close()


@pytest.fixture(scope="module")
def full_browser(playwright: Any) -> Iterator[Any]:
    """Chromium with the machine's own fonts (CJK fonts among them, where installed)."""
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    yield browser
    browser.close()


#: One record of each game, its drawing full of kifu's own glyphs where the game has them.
EACH_GAME = [examples.EXAMPLES / "renju" / "four-three-win.renju",
             examples.EXAMPLES / "gungi" / "short-game.gungi",
             examples.EXAMPLES / "rengi" / "haku-game.rengi",
             examples.EXAMPLES / "rengoma" / "team-game.rengoma",
             examples.EXAMPLES / "freego" / "japan-opening.freego"]


#: Hides the drawing's ``<text>``: what it leaves to the reader's fonts.
HIDE_TEXT = """() => {
  const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
  style.textContent = 'text { visibility: hidden }';
  document.documentElement.appendChild(style);
}"""


def shot(browser: Any, svg: Path) -> bytes:
    """A screenshot of the drawing with the text left to the reader's fonts hidden (Latin
    coordinates, the record's names), so that what remains is what kifu draws itself."""
    page = browser.new_page(viewport={"width": 900, "height": 1100})
    page.goto(svg.as_uri())
    page.evaluate(HIDE_TEXT)
    page.evaluate("document.fonts.ready")
    picture: bytes = page.screenshot()
    page.close()
    return picture


@pytest.mark.parametrize("record", EACH_GAME, ids=lambda p: p.parent.name)
def test_a_drawing_looks_the_same_with_and_without_cjk_fonts(plain_browser, full_browser,
                                                             tmp_path, record):
    """Issue 30.1's screenshot check: pixel for pixel, the pieces, names and labels kifu draws
    are the same in a browser that has CJK fonts and in one that has DejaVu alone."""
    from io import BytesIO

    from PIL import Image, ImageChops

    svg = tmp_path / "board.svg"
    result = CliRunner().invoke(main, ["render", str(record), "-o", str(svg)])
    assert result.exit_code == 0, result.stderr
    with_cjk = Image.open(BytesIO(shot(full_browser, svg))).convert("RGB")
    without = Image.open(BytesIO(shot(plain_browser, svg))).convert("RGB")
    assert ImageChops.difference(with_cjk, without).getbbox() is None
    assert len(with_cjk.getcolors(1 << 20) or ()) > 2  # and the drawing is no blank page
    if record.parent.name in ("gungi", "freego", "rengi"):  # CJK kifu draws: as outlines
        assert "<use" in svg.read_text(encoding="utf-8")


#: The characters among ``chars`` that the element's font draws as nothing at all.
INKLESS = """([element, chars]) => {
  const family = getComputedStyle(element).fontFamily;
  const canvas = document.createElementNS('http://www.w3.org/1999/xhtml', 'canvas');
  canvas.width = 48; canvas.height = 48;
  const ctx = canvas.getContext('2d', {willReadFrequently: true});
  ctx.font = '32px ' + family;
  const blank = ctx.getImageData(0, 0, 48, 48).data.join();
  return chars.filter(ch => {
    ctx.clearRect(0, 0, 48, 48);
    ctx.fillText(ch, 4, 36);
    return ctx.getImageData(0, 0, 48, 48).data.join() === blank;
  });
}"""


def test_a_records_own_text_never_vanishes_without_cjk_fonts(plain_browser, tmp_path):
    """The record's own text (a title, a player) is left to the reader's fonts; where they have
    no glyph for a character, the page shows a box for it, never nothing (kifu's page font
    stands first in the page's fonts, so its missing glyph is the one drawn)."""
    record = tmp_path / "titled.gungi"
    text = (examples.EXAMPLES / "gungi" / "short-game.gungi").read_text(encoding="utf-8")
    record.write_text(text.replace("Event: kifu examples: a short game, resigned",
                                   "Event: 日本地図で遊んでみた"), encoding="utf-8")
    html = tmp_path / "titled.html"
    result = CliRunner().invoke(main, ["render", str(record), "-f", "html", "-o", str(html)])
    assert result.exit_code == 0, result.stderr
    page = plain_browser.new_page()
    page.goto(html.as_uri())
    page.wait_for_selector(".kifu-viewer.kv-js")
    page.evaluate("document.fonts.ready")
    head = page.locator(".kv-head").element_handle()
    said = sorted(set("日本地図で遊んでみた西辻"))
    assert all(c in page.inner_text(".kv-head") for c in "西辻")
    assert page.evaluate(INKLESS, [head, said]) == []
    page.close()
