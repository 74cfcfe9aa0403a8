"""The explorer in real headless Chromium, served by ``kifu serve`` as a process on a free port:
three moves clicked, the counts the page shows checked against a replay of every record, a
game opened in kifu's viewer at the matching move, a hostile player's name shown as text, the
page asking nothing of any other address and breaking none of its own content security policy,
and axe-core finding no serious violation."""
from __future__ import annotations

import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kifu.plugin import registry
from tests.corpus.corpora import renju, write
from tests.examples import GAMES
from tests.serve.conftest import kifu_index
from tests.serve.test_serve_api import images, oracle
from tests.viewer.conftest import CHROMIUM_ARGS, chromium_path
from tests.viewer.test_viewer_browser import axe_violations

pytestmark = pytest.mark.browser

HOSTILE = '<img src=x onerror="document.title=1">&amp;</script>'


def start(index: Path) -> tuple[subprocess.Popen[str], str]:
    process = subprocess.Popen([sys.executable, "-m", "kifu", "serve", str(index), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r"at (http://\S+/)", line)
    assert found, line
    return process, found.group(1)


def stop(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGINT)
    process.communicate(timeout=30)


@pytest.fixture(scope="module")
def served(openings: tuple[Path, list[Path]]) -> Iterator[str]:
    process, address = start(openings[0])
    yield address
    stop(process)


@pytest.fixture
def page(served: str) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        opened = context.new_page()
        errors: list[str] = []
        foreign: list[str] = []
        opened.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        opened.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))
        # only the servers of these tests, on the loopback
        opened.on("request", lambda r: None if r.url.startswith(("http://127.0.0.1:", "data:"))
                  else foreign.append(r.url))
        yield opened
        browser.close()
        assert errors == [] and foreign == [], (errors, foreign)


def shown_moves(page: Any) -> dict[frozenset[Any], int]:
    rows = page.locator("#ke-moves tr").all()
    return {images(row.locator("button").get_attribute("data-key")):
            int(row.locator(".ke-count").inner_text()) for row in rows}


def test_three_moves_clicked_show_the_counts_the_records_hold(page, served, openings):
    page.goto(served)
    page.wait_for_selector("body.ke-ready #ke-moves button")
    line = []
    for _ in range(3):
        button = page.locator("#ke-moves button").first
        line.append(button.inner_text())
        button.click()
        page.wait_for_function("text => document.getElementById('ke-line').textContent"
                               ".endsWith(text)", arg=" ".join(line))
        page.wait_for_selector("#ke-moves button")
        key = page.get_attribute("#ke-explorer", "data-key")
        reaching, following = oracle(openings[1], key)
        assert shown_moves(page) == dict(following)
        assert str(reaching) in page.inner_text("#ke-summary")
    page.keyboard.press("Backspace")
    page.wait_for_function("text => document.getElementById('ke-line').textContent"
                           ".endsWith(text)", arg=" ".join(line[:2]))
    page.keyboard.press("1")
    page.wait_for_function("text => document.getElementById('ke-line').textContent"
                           ".endsWith(text)", arg=" ".join(line))
    # a game that reaches the position opens in kifu's viewer at the matching move
    link = page.locator("#ke-recent a").first
    target = link.get_attribute("href")
    node = int(target.rpartition("node=")[2])
    link.click()
    page.wait_for_selector(".kifu-viewer.kv-js")
    assert node == 3
    assert page.eval_on_selector(".kv-moves a.kv-current", "a => a.textContent").strip().endswith(
        line[2]) or page.eval_on_selector(".kv-moves a.kv-current", "a => +a.dataset.i") == node


def test_the_page_is_in_japanese_and_sorts_and_pages_the_games(page, served):
    page.goto(served)
    page.wait_for_selector("body.ke-ready #ke-list tr")
    page.select_option("#ke-lang", "ja")
    assert page.inner_text("#ke-explorer-h") == "定跡エクスプローラー"
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert "60 局" in page.inner_text("#ke-count")
    page.click("[data-sort=date]")
    page.wait_for_function("() => document.querySelector('#ke-list tr td:nth-child(4)')"
                           ".textContent.startsWith('2010')")
    page.click("#ke-next")
    page.wait_for_function("() => document.getElementById('ke-count').textContent"
                           ".includes('2 / 3')")


@pytest.mark.parametrize("width", [1280, 360])
def test_axe_finds_no_serious_violation(page, served, width):
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(served)
    page.wait_for_selector("body.ke-ready #ke-moves button")
    page.wait_for_selector("#ke-list tr")
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_hostile_player_name_is_shown_as_text(page, tmp_path):
    folder = tmp_path / "records"
    write(folder, [("hostile.renju", renju([(7, 7), (7, 8)], {"Black": HOSTILE,
                                                                "Date": "2020-01-01"}))])
    process, address = start(kifu_index([folder], tmp_path / "corpus.db"))
    try:
        page.goto(address)
        page.wait_for_selector("body.ke-ready #ke-list tr")
        assert page.inner_text("#ke-list tr td:nth-child(2)") == HOSTILE
        assert page.locator("#ke-recent a").first.inner_text().startswith(HOSTILE)
        assert page.title() != "1" and page.locator("img[src=x]").count() == 0
        page.locator("#ke-list a").first.click()
        page.wait_for_selector(".kifu-viewer.kv-js")
        assert page.title() != "1" and page.locator("img[src=x]").count() == 0
    finally:
        stop(process)


def in_search(page: Any, params: dict[str, str]) -> dict[str, Any]:
    """The API's answer to a search, asked from the page (the page's own server)."""
    return page.evaluate("async (p) => (await fetch('/api/search?' + new URLSearchParams(p)))"
                         ".json()", params)


def line_ends(page: Any, text: str) -> None:
    page.wait_for_function("t => document.getElementById('ke-line').textContent.endsWith(t)",
                           arg=text)


def point(page: Any, host: str, column: int, row: int) -> Any:
    return page.locator(f"{host} button[data-column='{column}'][data-row='{row}']")


def test_a_move_no_record_played_leaves_the_book_and_an_illegal_click_says_why(page, served):
    page.goto(served)
    page.wait_for_selector("body.ke-ready #ke-grid button.ke-pt")
    point(page, "#ke-grid", 7, 7).click()  # h8: every record's first move
    page.wait_for_function("() => document.getElementById('ke-line').textContent.endsWith('h8')")
    page.wait_for_selector("#ke-grid button[aria-label^='j9']")
    point(page, "#ke-grid", 7, 7).click()  # h8 again: taken
    page.wait_for_function("() => document.getElementById('ke-said').textContent"
                           ".includes('already occupied')")
    point(page, "#ke-grid", 0, 0).click()  # a15: no record plays it
    page.wait_for_function("() => document.getElementById('ke-line').textContent"
                           ".endsWith('h8 a15')")
    assert page.inner_text("#ke-summary").startswith("0 games")
    assert page.inner_text("#ke-moves") == "No game continues from here."
    # the board shows the position once its moves are known (a second question)
    page.wait_for_function("() => document.querySelectorAll('#ke-grid .ke-seat-1, #ke-grid "
                           ".ke-seat-2').length === 2")
    page.click("#ke-back")
    page.wait_for_function("() => document.getElementById('ke-line').textContent.endsWith('h8')")
    assert page.locator("#ke-moves button").count() > 0
    page.fill("#ke-play input", "k12")  # typed, as every game's moves may be
    page.click("#ke-play button")
    page.wait_for_function("() => document.getElementById('ke-line').textContent"
                           ".endsWith('h8 k12')")
    # the moves no point plays by a button each, in the page's language: a swap of colours
    # (no rule named: kifu's permissive opening allows one after each of the first five
    # stones), once after a stone
    page.select_option("#ke-lang", "ja")
    page.wait_for_selector("#ke-actions button[data-place='do:pass']:text-is('パス')")
    page.select_option("#ke-lang", "en")
    page.click("#ke-actions button[data-place='do:swap']")
    line_ends(page, "h8 k12 swap")
    page.wait_for_selector("#ke-actions button[data-place='do:swap']", state="detached")
    assert page.locator("#ke-actions button").all_inner_texts() == ["pass"]
    for column, row, line, stones in ((6, 6, "swap g9", 3), (9, 9, "g9 j6", 4)):
        point(page, "#ke-grid", column, row).click()
        line_ends(page, line)
        page.wait_for_function("n => document.querySelectorAll('#ke-grid .ke-seat-1, #ke-grid "
                               ".ke-seat-2').length === n", arg=stones)
    # four stones: black offers fifth moves, the points clicked after the button; one taken,
    # which the referee refuses, then given back and another clicked
    page.click("#ke-actions button[data-place='do:offer-fifth-moves']")
    for column, row in ((5, 5), (6, 6)):
        point(page, "#ke-grid", column, row).click()
    page.wait_for_function("() => document.getElementById('ke-choices').textContent"
                           ".startsWith('offer fifth moves: f10 g9')")
    assert page.locator("#ke-grid .ke-chosen").count() == 2
    assert axe_violations(page) == []
    page.click("#ke-actions button[data-place='do:offer-fifth-moves']")  # sent
    page.wait_for_function("() => document.getElementById('ke-said').textContent"
                           ".endsWith('offered point g9 is occupied')")
    point(page, "#ke-grid", 6, 6).click()
    point(page, "#ke-grid", 12, 3).click()
    page.locator("#ke-choices button", has_text="Play").click()
    line_ends(page, "j6 offer[f10 m12]")


@pytest.mark.parametrize("width", [1280, 390])
def test_a_drawn_pattern_finds_its_games_and_one_opens_marked_with_the_explorer_following(
        page, served, width):
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(served)
    page.wait_for_selector("body.ke-ready #ke-editor button.ke-pt")
    page.check("input[name=ke-mode][value=pattern]")
    page.select_option("#ke-anchor", "anywhere")
    page.fill("#ke-width", "2")
    page.fill("#ke-height", "2")
    page.wait_for_function("() => document.querySelectorAll('#ke-editor button.ke-pt').length"
                           " === 4")
    point(page, "#ke-editor", 0, 1).click()  # black at the bottom-left
    page.locator("#ke-palette button").nth(1).click()  # white
    point(page, "#ke-editor", 1, 0).click()  # white at the top-right
    page.locator("#ke-palette button").nth(3).click()  # any
    point(page, "#ke-editor", 0, 0).click()
    page.click("#ke-search-board")
    page.wait_for_selector("#ke-asked:not([hidden]) svg")
    text = "Game: renju\nAnchor: anywhere\n\n*O\nX.\n"
    expected = in_search(page, {"game": "renju", "pattern": text, "per_page": "20"})
    page.wait_for_function("n => document.getElementById('ke-count').textContent"
                           ".startsWith(n + ' games')", arg=expected["total"])
    assert expected["total"] > 0
    names = page.locator("#ke-list tr td:first-child a").all_inner_texts()
    assert names == [hit["name"] for hit in expected["records"]]
    thumbs = page.locator("#ke-list img")
    assert thumbs.count() == len(expected["records"])
    assert thumbs.first.get_attribute("loading") == "lazy"
    assert "pattern=" in thumbs.first.get_attribute("src")
    assert axe_violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # the first hit opens in kifu's viewer at its matching move, the explorer beside it
    hit = expected["records"][0]
    page.locator("#ke-list tr td:first-child a").first.click()
    page.wait_for_selector(".kifu-viewer.kv-js")
    assert page.get_attribute(".kifu-viewer [data-node]", "data-node") is not None
    page.wait_for_selector(".ke-follow[data-node]")
    summary = page.inner_text("#ke-summary")
    assert re.match(r"\d+ games reach this position", summary)
    shown = page.get_attribute(".ke-follow", "data-node")
    page.keyboard.press("ArrowRight")  # the viewer steps on: the explorer follows
    page.wait_for_function("n => document.querySelector('.ke-follow').dataset.node !== n",
                           arg=shown)
    assert int(page.get_attribute(".ke-follow", "data-node")) == int(shown) + 1
    assert hit["move"] >= 1
    assert axe_violations(page) == []


def test_a_position_set_up_by_clicks_is_searched_in_japanese(page, served, openings):
    page.goto(served)
    page.wait_for_selector("body.ke-ready #ke-editor button.ke-pt")
    page.select_option("#ke-lang", "ja")
    assert page.locator("#ke-side option").all_inner_texts() == ["黒", "白"]
    page.click("#ke-clear")
    point(page, "#ke-editor", 7, 7).click()  # black on h8
    page.locator("#ke-palette button").nth(1).click()
    point(page, "#ke-editor", 7, 6).click()  # white on h9
    page.select_option("#ke-side", "b")
    page.wait_for_function("() => !document.getElementById('ke-preview').hidden")
    key = page.input_value("#ke-key")
    assert key == "15/15/15/15/15/15/7o7/7x7/15/15/15/15/15/15/15 b"
    page.click("#ke-search-board")
    expected = in_search(page, {"game": "renju", "position": key})
    page.wait_for_function("n => document.getElementById('ke-count').textContent"
                           ".startsWith(n + ' 局')", arg=expected["total"])
    assert expected["total"] == oracle(openings[1], key)[0] > 0
    assert page.inner_text("#ke-summary").endswith("手番: 黒。")
    link = page.locator("#ke-list tr td:first-child a").first.get_attribute("href")
    assert link.endswith("&marked=1")


def test_gungi_is_set_up_with_its_stacks_and_hands(page, examples_index):
    process, address = start(examples_index)
    try:
        page.goto(address + "?game=gungi")
        page.wait_for_selector("body.ke-ready #ke-editor button.ke-pt")
        page.fill("#ke-key", "v帥8/9/9/9/9/9/9/9/8帥 -/- b")
        page.dispatch_event("#ke-key", "change")
        page.wait_for_selector("#ke-editor button[aria-label^='9,9']")
        page.locator("#ke-palette button[title='Black 侍']").click()
        for _ in range(4):  # three tiers at most
            point(page, "#ke-editor", 4, 4).click()
        page.locator("#ke-palette button[title='White 忍']").click()
        point(page, "#ke-editor", 4, 4).click()  # the fourth is refused: still three
        page.locator("#ke-palette button[title='Black 槍']").click()
        page.locator("#ke-hands button", has_text="Black").click()
        page.wait_for_function("() => !document.getElementById('ke-preview').hidden")
        assert page.input_value("#ke-key") == "v帥8/9/9/9/4(侍侍侍)4/9/9/9/8帥 槍/- b"
        label = point(page, "#ke-editor", 4, 4).get_attribute("aria-label")
        assert label == "5,5: Black 侍, Black 侍, Black 侍 (3 high)"
        page.select_option("#ke-lang", "ja")
        assert page.locator("#ke-side option").all_inner_texts() == ["先手", "後手"]
        page.click("#ke-search-board")
        page.wait_for_function("() => document.getElementById('ke-count').textContent"
                               ".startsWith('0 局')")
    finally:
        stop(process)


@pytest.fixture(scope="module")
def every_game(examples_index: Path) -> Iterator[str]:
    process, address = start(examples_index)
    yield address
    stop(process)


def said(piece: Any, names: dict[str, str]) -> str:
    """A piece of the palette as the page says it: its side's name, and its label."""
    return " ".join(filter(None, (names.get(piece.side or "", ""), piece.label)))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_is_set_up_by_the_layout_it_gives(page, every_game, game):
    plugin = registry.get(game)
    layout, names = plugin.editor_layout(), plugin.names_of_sides()
    page.goto(every_game + "?game=" + game)
    page.wait_for_selector("body.ke-ready #ke-key")
    start_key = page.input_value("#ke-key")
    setup = None if layout is None else layout.read(start_key)
    if setup is None:  # a game (or a board) without a layout: its key is edited as text
        assert page.locator("#ke-palette button").count() == 0
        assert "set up by its key alone" in page.inner_text("#ke-editor")
        return
    titles = page.locator("#ke-palette button").evaluate_all("all => all.map(b => b.title)")
    cleared = "take off the top" if layout.tiers > 1 else "empty"
    assert titles == [said(piece, names["en"]) for piece in layout.pieces] + [cleared]
    codes = list(layout.side_codes)
    assert page.locator("#ke-side option").evaluate_all("all => all.map(o => o.value)") == codes
    assert page.locator("#ke-side option").all_inner_texts() == [
        names["en"][side] for side in layout.side_codes.values()]
    # the last piece put on the first board's top-left point: the key the layout writes
    last = layout.pieces[-1]
    page.locator("#ke-palette button").nth(len(layout.pieces) - 1).click()
    point(page, "#ke-editor", 0, 0).first.click()
    stack = setup.boards[0][0][0]  # as a click puts it: on top, or in place of what was there
    setup.boards[0][0][0] = ([*stack, last.code] if len(stack) < layout.tiers else stack) \
        if layout.tiers > 1 else [last.code]
    page.wait_for_function("k => document.getElementById('ke-key').value === k",
                           arg=layout.write(setup))
    label = point(page, "#ke-editor", 0, 0).first.get_attribute("aria-label")
    assert label.startswith("1,1: ") and said(last, names["en"]) in label
    page.select_option("#ke-lang", "ja")
    japanese = {**names["en"], **names.get("ja", {})}
    assert page.locator("#ke-side option").all_inner_texts() == [
        japanese[side] for side in layout.side_codes.values()]


def test_the_games_shown_are_the_latest_or_the_strongest_as_chosen(page, served):
    import json
    from urllib.request import urlopen

    page.goto(served)
    page.wait_for_selector("body.ke-ready #ke-moves button")
    key = page.get_attribute("#ke-explorer", "data-key")
    game = page.eval_on_selector("#ke-game", "select => select.value")

    def listed() -> list[str]:
        return [link.get_attribute("href") for link in page.locator("#ke-recent a").all()]

    def answered(by: str) -> list[str]:
        query = f"api/explore?game={game}&sort={by}&position={key.replace(' ', '%20')}"
        with urlopen(served + query) as answer:
            return [hit["viewer"] for hit in json.load(answer)["recent"]]

    assert listed() == answered("date")
    page.select_option("#ke-by", "strength")
    page.wait_for_function("() => document.getElementById('ke-recent-h').textContent"
                           " === 'Strongest games'")
    page.wait_for_function("want => [...document.querySelectorAll('#ke-recent a')]"
                           ".map(a => a.getAttribute('href')).join() === want",
                           arg=",".join(answered("strength")))
