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
def plain_browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """Chromium that knows DejaVu and no other font."""
    from playwright.sync_api import sync_playwright

    if not (DEJAVU / "DejaVuSans.ttf").exists():
        pytest.fail("the glyph tests need DejaVu (Debian: apt-get install fonts-dejavu-core)")
    folder = tmp_path_factory.mktemp("fonts")
    conf = folder / "fonts.conf"
    conf.write_text(f'<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
                    f"<fontconfig><dir>{DEJAVU}</dir><cachedir>{folder / 'cache'}</cachedir>"
                    "</fontconfig>\n", encoding="utf-8")
    env = {**os.environ, "FONTCONFIG_FILE": str(conf)}
    with sync_playwright() as playwright:
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
    assert set(missing) <= record_text(record), missing
    page.close()
