"""What a player trips on in the viewer (issue 41's defects), in headless Chromium: a problem's
move is tried where the move was played and nowhere else, the current move and the current game
stay in sight in their lists, and the facts under the title wrap on a phone."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from kifu.commands.cli import main
from tests.examples import EXAMPLES

pytestmark = pytest.mark.browser



def page_of(record: Path | str, folder: Path, text: str | None = None) -> Path:
    """``record`` (a path, or a name for ``text``) rendered as a viewer page in ``folder``."""
    if text is not None:
        source = folder / str(record)
        source.write_text(text, encoding="utf-8")
        record = source
    out = folder / (Path(record).name + ".html")
    done = CliRunner().invoke(main, ["render", str(record), "-f", "html", "-o", str(out)])
    assert done.exit_code in (0, 1), done.output
    return out


def in_sight(page, entry: str, box: str) -> bool:
    """Whether the element ``entry`` is drawn inside the scrolled box ``box``."""
    return page.evaluate("""([entry, box]) => {
        const e = document.querySelector(entry).getBoundingClientRect();
        const b = document.querySelector(box).getBoundingClientRect();
        return e.top >= b.top - 1 && e.bottom <= b.bottom + 1;
    }""", [entry, box])


def test_a_rengi_problem_takes_a_click_only_where_the_move_lands(open_page, tmp_path):
    """The solution fires a chain that empties the field, so nearly everything drawn changes;
    only a click on a cell where its pieces landed is that move (the colours' order is the
    record's two answers, offered to choose)."""
    watched = open_page(page_of(EXAMPLES / "rengi" / "problem-four-chain.rengi", tmp_path))
    page = watched.page
    page.click("button[data-act=solution]")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.querySelectorAll('.kv-board .last-move').length > 0")
    landed = page.evaluate("""() => Array.from(document.querySelectorAll('.kv-board .last-move'))
        .map(e => { const r = e.getBoundingClientRect();
                    return [r.left + r.width / 2, r.top + r.height / 2]; })""")
    board = page.locator(".kv-board svg").bounding_box()
    caption = page.locator(".kv-board svg .caption").bounding_box()
    elsewhere = [(board["x"] + board["width"] * fx, board["y"] + board["height"] * fy)
                 for fx, fy in ((0.1, 0.5), (0.3, 0.8), (0.7, 0.5), (0.9, 0.9), (0.5, 0.05))]
    elsewhere.append((caption["x"] + 5, caption["y"] + caption["height"] / 2))
    for x, y in elsewhere:
        page.goto(page.url.split("#")[0])
        page.wait_for_selector(".kifu-viewer.kv-js")
        page.mouse.click(x, y)
        assert page.inner_text(".kv-verdict-live").startswith("Not in the record"), (x, y)
    for x, y in landed:
        page.goto(page.url.split("#")[0])
        page.wait_for_selector(".kifu-viewer.kv-js")
        page.mouse.click(x, y)
        assert page.inner_text(".kv-choose") == "Which move? +21cb+21bc"
        page.click(".kv-choose button >> text=+21cb")
        assert page.inner_text(".kv-verdict-live").startswith("Right: 1. +21cb")


def test_stepping_through_a_long_record_keeps_the_current_move_in_the_list(open_page, tmp_path):
    moves = "".join(f";{'BW'[i % 2]}[{chr(97 + i % 19)}{chr(97 + i // 19)}]" for i in range(300))
    watched = open_page(page_of("long.sgf", tmp_path, f"(;GM[1]FF[4]SZ[19]{moves})\n"),
                        height=700)
    page = watched.page
    page.locator(".kv-board").click()
    out_of_sight = 0
    for _ in range(150):
        page.keyboard.press("ArrowRight")
        out_of_sight += not in_sight(page, ".kv-moves a.kv-current", ".kv-moves")
    assert out_of_sight == 0
    page.keyboard.press("End")
    assert in_sight(page, ".kv-moves a.kv-current", ".kv-moves")


def test_the_collection_picker_keeps_the_game_chosen_in_sight(open_page, tmp_path):
    games = "".join(f"(;GM[1]FF[4]SZ[9]EV[game {n}];B[ee];W[cc])\n" for n in range(1, 801))
    page_file = page_of("many.sgf", tmp_path, games)
    current = ".kv-games a[aria-current=true]"
    watched = open_page(page_file, "#game=700")
    page = watched.page
    assert page.inner_text(".kv-pick-now") == "Game 700 of 800"
    assert in_sight(page, current, ".kv-games")
    page.keyboard.press("]")
    assert page.inner_text(".kv-pick-now") == "Game 701 of 800"
    assert in_sight(page, current, ".kv-games")
    watched = open_page(page_file)
    page = watched.page
    page.locator(".kv-games a[data-game='499']").scroll_into_view_if_needed()
    page.click(".kv-games a[data-game='499']")
    page.locator(".kv-board").click()
    page.keyboard.press("]")
    assert page.inner_text(".kv-pick-now") == "Game 501 of 800"
    assert in_sight(page, current, ".kv-games")


@pytest.mark.parametrize("record", ["renju/double-four.renju", "freego/four-players.freego",
                                    "rengi/haku-game.rengi", "freego/nineteen.sgf"])
def test_the_outcome_wraps_on_a_phone(open_page, tmp_path, record):
    watched = open_page(page_of(EXAMPLES / record, tmp_path), width=400, height=800,
                        phone=True)
    page = watched.page
    page.keyboard.press("End")
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    assert page.locator(".kv-outcome").bounding_box()["width"] <= 400
