"""Playing a move by clicks on the explorer's board in real headless Chromium, for the games
whose boards are no grid of points (Gungi, Rengi, Rengoma, Free-form Go on a map): each as its
players move, the moves the same clicks play offered by what each does, an illegal click
answered with the referee's reason, at a phone's width and a desktop's, axe-core finding no
serious violation in the new states.  One browser and one page for the module."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

import kifu
from kifu.plugin import registry
from kifu.plugin.clicks import fitting
from tests.serve.test_serve_browser import point, start, stop
from tests.viewer.conftest import CHROMIUM_ARGS, chromium_path
from tests.viewer.test_viewer_browser import axe_violations

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(scope="module")
def address(examples_index: Path) -> Iterator[str]:
    process, found = start(examples_index)
    yield found
    stop(process)


@pytest.fixture(scope="module")
def shared() -> Iterator[tuple[Any, list[str]]]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        opened = browser.new_context().new_page()
        errors: list[str] = []
        opened.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        opened.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
        yield opened, errors
        browser.close()


@pytest.fixture
def page(shared: tuple[Any, list[str]]) -> Iterator[Any]:
    opened, errors = shared
    yield opened
    assert errors == []


def open_at(page: Any, address: str, game: str, record: str, move: int, width: int,
            **asked: str) -> tuple[Any, Any, list[tuple[str, Any]]]:
    """The explorer opened (by a link, with ``asked`` besides: its ``lang``) at move ``move``
    of an example record; the game, the position, and its legal moves with their clicks."""
    plugin = registry.get(game)
    position = kifu.read(EXAMPLES / game / record).position(move)
    key = plugin.position_key(position)
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(address + "?" + urlencode({"game": game, "position": key, **asked}))
    page.wait_for_selector("body.ke-ready #ke-choices[hidden]", state="attached")
    listed = [(plugin.move_notation(move, position), plugin.move_clicks(move, position))
              for move in plugin.legal_moves(position)]
    return plugin, position, listed


def line_ends(page: Any, text: str) -> None:
    page.wait_for_function("t => document.getElementById('ke-line').textContent.endsWith(t)",
                           arg=text)


def fits_page(page: Any, width: int) -> None:
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def click(page: Any, place: str) -> None:
    board, _, rest = place.partition(":")
    column, row = rest.split(",")
    point(page, f"#ke-clickable > div:nth-child({int(board) + 1})", column, row).click()


def test_gungi_a_piece_then_its_square_the_ways_offered_and_an_illegal_one_said(page, address):
    _, position, listed = open_at(page, address, "gungi", "effects-study.gungi", 0, 390)
    page.wait_for_selector("#ke-clickable button.ke-pt")
    # a piece whose move to one square the rules allow two ways (a re-placement's or not)
    ways = fitting(listed, ("0:8,2", "0:7,2"))
    assert len(ways) == 2
    click(page, "0:8,2")
    targets = {clicks.places[1] for _, clicks in listed
               if clicks and clicks.places[0] == "0:8,2" and len(clicks.places) == 2}
    page.wait_for_selector("#ke-clickable .ke-chosen")
    assert page.locator("#ke-clickable .ke-target").count() == len(targets) >= 1
    click(page, "0:7,2")
    page.wait_for_selector("#ke-choices:not([hidden]) button")
    offered = page.locator("#ke-choices button:not(.ke-cancel)").all_inner_texts()
    assert [text.rpartition(" \u2013 ")[2] for text in offered] == ways
    assert offered[0].startswith("capture ")  # its kind, then the note of its way
    fits_page(page, 390)
    page.locator("#ke-choices button", has_text=ways[1]).click()
    line_ends(page, ways[1])
    assert page.is_hidden("#ke-choices")
    # back, and a piece clicked onto a square it cannot reach: the referee says why
    page.click("#ke-back")
    page.wait_for_selector("#ke-clickable button.ke-pt")
    click(page, "0:8,2")
    page.wait_for_selector("#ke-clickable .ke-chosen")
    click(page, "0:0,8")
    page.wait_for_function("() => document.getElementById('ke-said').textContent"
                           ".includes('cannot be played here')")
    assert page.locator("#ke-clickable .ke-chosen").count() == 0


def test_rengi_the_pair_by_the_columns_of_its_stones_and_the_other_field_refused(page, address):
    # in Japanese: the pairs offered by where their colours go, in the rules' colours
    _, _, listed = open_at(page, address, "rengi", "kou-game.rengi", 2, 1280, lang="ja")
    page.wait_for_selector("#ke-clickable button.ke-pt")
    assert page.locator("#ke-clickable > div").count() == 2  # both fields
    click(page, "0:3,5")  # column 4, then the bottom of column 3: any point of a column is it
    page.wait_for_selector("#ke-clickable .ke-chosen")
    # the other stone in the same column, or in either column beside it
    assert page.locator("#ke-clickable > div:first-child .ke-target").count() == 13 * 3 - 1
    click(page, "0:2,12")
    page.wait_for_selector("#ke-choices:not([hidden]) button")
    offered = page.locator("#ke-choices button:not(.ke-cancel)").all_inner_texts()
    assert [text.rpartition(" \u2013 ")[2] for text in offered] == fitting(
        listed, ("0:3,5", "0:2,12")) == ["+34ab", "+34ba"]
    assert [text.partition(" \u2013 ")[0] for text in offered] == ["左に青、右に赤", "左に赤、右に青"]
    assert page.evaluate("document.documentElement.lang") == "ja"
    fits_page(page, 1280)
    page.keyboard.press("Escape")  # changed one's mind
    page.wait_for_selector("#ke-choices[hidden]", state="attached")
    click(page, "0:2,0")  # column 3 twice: upright
    click(page, "0:2,0")
    assert page.locator("#ke-clickable .ke-chosen").count() == 0  # the same place again: undone
    click(page, "0:2,0")
    click(page, "0:2,3")
    page.locator("#ke-choices button", has_text="+33ba").click()
    line_ends(page, "+33ba")
    # the second player's turn now: a click on the first player's field is theirs no more
    page.wait_for_selector("#ke-clickable button.ke-pt")
    click(page, "0:0,0")
    page.wait_for_function("() => document.getElementById('ke-said').textContent"
                           ".includes('cannot be played here')")


def test_rengoma_a_square_and_its_action_or_a_piece_slid(page, address):
    _, position, listed = open_at(page, address, "rengoma", "win-down.rengoma", 3, 390)
    page.wait_for_selector("#ke-clickable button.ke-pt")
    empty = next(clicks.places[0] for text, clicks in listed if text.startswith("B "))
    click(page, empty)
    page.wait_for_selector("#ke-choices:not([hidden]) button")
    offered = page.locator("#ke-choices button:not(.ke-cancel)").all_inner_texts()
    assert [text.rpartition(" \u2013 ")[2] for text in offered] == fitting(listed, (empty,))
    assert [text.partition(" ")[0] for text in offered] == ["A", "B"]
    fits_page(page, 390)
    page.locator("#ke-choices button", has_text="B (").click()
    b_move = fitting(listed, (empty,))[1]
    line_ends(page, b_move)
    page.click("#ke-back")
    page.wait_for_selector("#ke-clickable button.ke-pt")
    slide = next((text, clicks) for text, clicks in listed if text.startswith("C "))
    click(page, slide[1].places[0])
    page.wait_for_selector("#ke-clickable .ke-chosen")
    click(page, slide[1].places[1])
    line_ends(page, slide[0])
    # black holds a chip: its slide may end the turn or go on with an extra action, whose
    # clicks follow; one the rules refuse is said in the referee's words
    open_at(page, address, "rengoma", "study-chip-finish.rengoma", 0, 390)
    page.wait_for_selector("#ke-clickable button.ke-pt")
    click(page, "0:3,2")  # d4's black 4
    page.wait_for_selector("#ke-clickable .ke-chosen")
    click(page, "0:3,4")  # onto d2's red 1
    page.wait_for_selector("#ke-choices:not([hidden]) button")
    assert page.locator("#ke-choices button:not(.ke-cancel)").all_inner_texts() == [
        "C (moving a piece) \u2013 C d4-d2", "C d4-d2, then extra action"]
    page.locator("#ke-choices button", has_text="then extra action").click()
    page.wait_for_function("() => document.getElementById('ke-choices').textContent"
                           ".startsWith('C d4-d2, then:')")
    fits_page(page, 390)
    click(page, "0:0,0")
    click(page, "0:4,4")  # a6's black 1 to e2's red 4: no rook's move
    page.wait_for_function("() => document.getElementById('ke-said').textContent.endsWith("
                           "'along a row or a column to another square')")
    click(page, "0:3,4")
    click(page, "0:3,5")  # then onto d1's red 3: a1 b1 c1 d1, black's four
    line_ends(page, "C d4-d2 *C d2-d1")


def test_a_map_cell_is_clicked_and_a_taken_one_says_why(page, address):
    plugin, position, listed = open_at(page, address, "freego", "japan-opening.freego", 2, 1280)
    page.wait_for_selector("#ke-map:not([hidden]) button.ke-cell")
    assert page.is_hidden("#ke-board")
    names = page.locator("#ke-map button").evaluate_all("all => all.map(b => b.ariaLabel)")
    assert names == [cell.id for cell in position.board.cells]
    fits_page(page, 1280)
    page.locator("#ke-map button").first.focus()  # the keyboard goes from cell to cell
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.ariaLabel") == names[1]
    # the button over a cell is where the picture draws it: its middle inside the cell's stone
    box = page.locator("#ke-map button[aria-label='aomori']").bounding_box()
    picture = page.locator("#ke-map img").bounding_box()
    drawn = plugin.drawn_places(position)["cell:1"]
    assert abs(box["x"] + box["width"] / 2 - picture["x"] - drawn[0] * picture["width"]) < 2
    assert abs(box["y"] + box["height"] / 2 - picture["y"] - drawn[1] * picture["height"]) < 2
    page.click("#ke-map button[aria-label='aomori']")
    line_ends(page, "aomori")
    page.wait_for_selector("#ke-map:not([hidden]) button.ke-cell")
    page.click("#ke-map button[aria-label='aomori']")  # taken now
    page.wait_for_function("() => document.getElementById('ke-said').textContent"
                           ".includes('aomori cannot be played here')")


@pytest.mark.parametrize(("game", "record", "move", "width"), [
    ("gungi", "short-game.gungi", 5, 390), ("rengi", "kou-game.rengi", 4, 1280),
    ("rengoma", "win-down.rengoma", 3, 390)])
def test_a_hit_opened_from_the_page_marks_the_pieces_it_matched(page, address, game, record,
                                                                 move, width):
    plugin, position, _ = open_at(page, address, game, record, move, width)
    layout = plugin.editor_layout()
    setup = layout.read(plugin.position_key(position))
    occupied = sum(bool(pieces) for board in setup.boards for row in board for pieces in row)
    page.click("#ke-take")
    page.click("#ke-search-board")
    page.wait_for_selector("#ke-list tr td:first-child a[href$='&marked=1']")
    page.locator("#ke-list tr td:first-child a").first.click()
    page.wait_for_selector(".kifu-viewer.kv-js")
    # the position opened is the one searched, every piece of it framed
    page.wait_for_selector(".kifu-viewer svg g.matched rect")
    assert page.locator(".kifu-viewer svg g.matched rect").count() == occupied > 0
    fits_page(page, width)
    page.keyboard.press("ArrowRight")  # the next position was not searched: no frame
    page.wait_for_function("() => !document.querySelector('.kifu-viewer svg g.matched')")
