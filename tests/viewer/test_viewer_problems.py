"""Problems as players use them (issue 41), in headless Chromium at a desktop's and a phone's
width: the board cropped to the record's view (SGF's VW) or to the corner its stones stand in,
a hint that rings the right move's point and counts, and the progress through a collection
kept in the browser, shown in the picker, with the next unsolved problem one key away."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import kifu
from kifu.commands.cli import main
from kifu.plugin import jsonform
from tests.viewer.test_viewer_browser import axe_violations, point_on_board
from tests.viewer.test_viewer_places import page_of

pytestmark = pytest.mark.browser

WIDTHS = [pytest.param(1280, id="desktop"), pytest.param(390, id="phone")]

#: Three problems on 19x19: in the top right corner (no view given), in the top left corner
#: with a view of its 10x10 corner (VW), and one in the middle.
COLLECTION = "\n".join((
    "(;GM[1]FF[4]SZ[19]C[Black to play]AB[pc][qc][rc][oc]AW[qb][rb][pb][ob][nc][od][pd][qd]"
    "[rd][sd](;B[sb];W[sa];B[na]C[Correct])(;B[sa]C[Wrong];W[sb]))",
    "(;GM[1]FF[4]SZ[19]VW[aa:jj]C[White to live]AW[cc][dc][ec]AB[bd][cd][dd][ed][fc]"
    "(;W[bb]C[Correct])(;W[cb]C[Wrong];B[bb]))",
    "(;GM[1]FF[4]SZ[19]C[Black to play]AB[jj][kj]AW[ji][ki](;B[li]C[Correct])(;B[ii]C[Wrong]))",
)) + "\n"

#: The coordinates the reader sees: the labels drawn inside the board's box.
SEEN = """() => {
    const box = document.querySelector('.kv-board svg').getBoundingClientRect();
    const seen = [...document.querySelectorAll('.kv-board svg .coordinates text')]
      .filter(t => { const r = t.getBoundingClientRect();
                     return r.left >= box.left - 1 && r.right <= box.right + 1
                         && r.top >= box.top - 1 && r.bottom <= box.bottom + 1; })
      .map(t => t.textContent);
    const kept = [...new Set(seen)];
    return [...kept.filter(isNaN).sort(), ...kept.filter(t => !isNaN(t)).sort((a, b) => a - b)];
}"""


@pytest.mark.parametrize("width", WIDTHS)
def test_a_problem_shows_its_view_or_its_stones_corner(open_page, tmp_path, width):
    page_file = page_of("problems.sgf", tmp_path, COLLECTION)
    page = open_page(page_file, width=width, phone=width < 500).page
    # no view given: the stones' lines (O to T, 16 to 19) and two more, to the edges near them
    assert page.evaluate(SEEN) == ["M", "N", "O", "P", "Q", "R", "S", "T",
                                   "14", "15", "16", "17", "18", "19"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.keyboard.press("]")
    assert page.evaluate(SEEN) == ["A", "B", "C", "D", "E", "F", "G", "H", "J", "K",
                                   "10", "11", "12", "13", "14", "15", "16", "17", "18", "19"]
    page.keyboard.press("f")  # turned round, the same corner: now at the bottom right
    assert page.evaluate(SEEN) == ["A", "B", "C", "D", "E", "F", "G", "H", "J", "K",
                                   "10", "11", "12", "13", "14", "15", "16", "17", "18", "19"]
    page.keyboard.press("f")
    page.mouse.click(*point_on_board(page, "B", "18"))  # the answer, on the cropped board
    assert page.inner_text(".kv-verdict-live").startswith("Right")
    page.keyboard.press("]")
    assert page.evaluate(SEEN) == []  # in the middle: no edge, so no coordinates
    assert axe_violations(page) == []


@pytest.mark.parametrize("width", WIDTHS)
def test_progress_is_kept_shown_and_the_next_unsolved_is_a_key_away(open_page, tmp_path,
                                                                     width):
    page_file = page_of("problems.sgf", tmp_path, COLLECTION)
    page = open_page(page_file, width=width, phone=width < 500).page
    assert page.inner_text(".kv-tally") == "0 solved, 0 failed, of 3"
    # the first: a hint rings the point of the right move; solved with it, it counts so
    page.keyboard.press("h")
    ring = page.locator(".kv-board .kv-hint circle").bounding_box()
    x, y = point_on_board(page, "T", "18")
    assert abs(ring["x"] + ring["width"] / 2 - x) < 3 and abs(ring["y"] + ring["height"] / 2 - y) < 3
    page.mouse.click(x, y)
    page.wait_for_function("document.querySelector('.kv-verdict-live').textContent"
                           ".includes('Reply')")
    page.mouse.click(*point_on_board(page, "O", "19"))
    assert "Solved" in page.inner_text(".kv-verdict-live")
    # the second: a wrong try fails it, and a right one after it does not mend that
    page.keyboard.press("]")
    page.mouse.click(*point_on_board(page, "C", "18"))
    assert page.inner_text(".kv-verdict-live").startswith("Wrong")
    page.click("button[data-act=restart]")
    page.mouse.click(*point_on_board(page, "B", "18"))
    assert "Solved" in page.inner_text(".kv-verdict-live")
    # the third: solved without help
    page.keyboard.press("]")
    page.mouse.click(*point_on_board(page, "M", "11"))
    assert "Solved" in page.inner_text(".kv-verdict-live")
    assert page.inner_text(".kv-tally") == "2 solved, 1 failed, of 3"
    page.reload()  # kept by the browser, shown in the picker
    page.wait_for_selector(".kifu-viewer.kv-js")
    marks = page.evaluate("""() => [...document.querySelectorAll('.kv-games a')]
        .map(a => a.querySelector('.kv-state .kv-sr')?.textContent || '')""")
    assert marks == ["solved with a hint: ", "failed: ", "solved: "]
    assert page.inner_text(".kv-tally") == "2 solved, 1 failed, of 3"
    page.keyboard.press("u")  # the next not solved: the second, failed
    assert page.inner_text(".kv-pick-now") == "Game 2 of 3"
    page.click("button[data-act=solution]")
    page.keyboard.press("u")
    assert page.inner_text(".kv-pick-now") == "Game 2 of 3"  # the only one not solved
    assert axe_violations(page) == []


def test_a_problems_text_and_downloads_are_the_games_own(open_page, tmp_path):
    """A collection carries its set-ups' text diagrams as their stones and its downloads
    deflated (issue 41): what a reader gets of each problem is still what kifu writes, the
    text diagram of ``kifu render -f text`` at every move, and the problem's record as SGF
    and as JSON."""
    page_file = page_of("problems.sgf", tmp_path, COLLECTION)
    page = open_page(page_file).page
    for number, moves in ((1, 3), (2, 1), (3, 1)):
        page.click(f".kv-games a[data-game='{number - 1}']")
        page.click("button[data-act=solution]")  # the text and downloads are shown with it
        for part in (".kv-text", ".kv-take"):
            if not page.evaluate(f"document.querySelector('{part}').open"):
                page.click(f"{part} summary")
        for move in range(moves + 1):
            page.evaluate(f"location.hash = 'game={number}&move={move}'")
            page.wait_for_function(f"location.hash.includes('move={move}')")
            said = CliRunner().invoke(main, ["render", str(tmp_path / "problems.sgf"),
                                             "--game-index", str(number), "--move", str(move),
                                             "-f", "text"])
            assert page.inner_text(".kv-text pre").strip() == said.output.strip()
        record = jsonform.dumps(kifu.read(tmp_path / "problems.sgf", index=number - 1).data,
                                spans=False)
        for label in ("SGF", "JSON"):  # the SGF: the same record, as kifu writes SGF
            with page.expect_download() as got:
                page.get_by_role("button", name=f"Record as {label}", exact=True).click()
            got.value.save_as(tmp_path / f"got.{label.lower()}")
            assert jsonform.dumps(kifu.read(tmp_path / f"got.{label.lower()}").data,
                                  spans=False) == record
    with page.expect_download() as got:
        page.click(".kv-files button[data-file='0']")
    assert Path(got.value.path()).read_text(encoding="utf-8") == COLLECTION
