"""Issue 41: a Gungi stack's pieces beneath its top are drawn as edges, the whole stack only in
the legend and the title.  In kifu's viewer a stack tapped on the board (or its button beside
the board, by keyboard too) shows every piece of it in the page's text, bottom first: readable
on a phone, a region screen readers name, closed by Escape; the tap shows rather than steps."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import kifu
from kifu.commands.cli import main
from tests.examples import EXAMPLES
from tests.viewer.test_viewer_browser import axe_violations

pytestmark = pytest.mark.browser


def stacks_of(record: Path, move: int) -> dict[str, list[str]]:
    """Each stack of two or more pieces at ``move``, by its square's name: its pieces bottom
    first, each its side's mark and its face."""
    from kifu.builtin.gungi.geometry import SQUARES, name
    from kifu.builtin.gungi.pieces import MARKS

    position = kifu.read(record).position(move)
    return {name(sq): [MARKS[p.owner] + p.face for p in position.board[sq]]
            for sq in SQUARES if len(position.board[sq]) > 1}


@pytest.mark.parametrize("width", [390, 1280])
def test_a_stack_tapped_shows_every_piece_bottom_first(open_page, tmp_path, width):
    record = EXAMPLES / "gungi" / "effects-study.gungi"
    out = tmp_path / "study.html"
    CliRunner().invoke(main, ["render", str(record), "-f", "html", "--no-problem", "-o", str(out)])
    phone = width < 500
    page = open_page(out, "#move=0", width=width, height=844 if phone else 800, phone=phone).page
    expected = stacks_of(record, 0)
    assert expected
    buttons = page.locator(".kv-stacks button[data-stack]")
    assert buttons.count() == len(expected)
    node = page.get_attribute(".kifu-viewer [data-node]", "data-node")
    square, pieces = next(iter(expected.items()))
    stack = page.locator(f".kv-board svg [data-place='{square}']")
    if phone:
        stack.tap()
    else:
        stack.click()
    panel = page.locator(".kv-parts")
    panel.wait_for()
    assert page.get_attribute(".kifu-viewer [data-node]", "data-node") == node  # no step
    assert panel.get_attribute("role") == "region"
    assert panel.get_attribute("aria-label") == f"{square}, bottom first"
    assert page.locator(".kv-parts li").all_inner_texts() == pieces
    sizes = page.eval_on_selector_all(".kv-parts li", "els => els.map(e => "
                                      "parseFloat(getComputedStyle(e).fontSize))")
    assert min(sizes) >= 18  # a face as large as the drawing's top piece on a phone
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert axe_violations(page) == []
    # Escape closes it, the focus on the stack's button; the keyboard opens another
    page.keyboard.press("Escape")
    panel.wait_for(state="detached")
    last = buttons.nth(len(expected) - 1)
    last.focus()
    page.keyboard.press("Enter")
    panel.wait_for()
    assert last.get_attribute("aria-expanded") == "true"
    assert page.locator(".kv-parts li").all_inner_texts() == list(expected.values())[-1]
    assert page.evaluate("document.activeElement.className") == "kv-parts-close"
    page.keyboard.press("Enter")  # Close
    panel.wait_for(state="detached")
    assert last.get_attribute("aria-expanded") == "false"
