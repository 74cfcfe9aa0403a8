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

from tests.corpus.corpora import renju, write
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
        key = page.evaluate("new URLSearchParams(document.getElementById('ke-board').src"
                            ".split('?')[1]).get('position')")
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
