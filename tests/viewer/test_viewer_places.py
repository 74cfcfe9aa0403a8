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


def test_one_wheel_notch_is_one_move(open_page, tmp_path):
    watched = open_page(page_of("six.sgf", tmp_path,
                                "(;GM[1]SZ[9];B[aa];W[bb];B[cc];W[dd];B[ee];W[ff])\n"), "#move=0")
    page = watched.page
    box = page.locator(".kv-board svg").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    for expected in ("1", "2", "3"):
        page.mouse.wheel(0, 100)  # one notch of a mouse, as Chromium reports it
        page.wait_for_function(f"location.hash.includes('move={expected}')")
    page.mouse.wheel(0, -100)
    page.wait_for_function("location.hash.includes('move=2')")


def test_main_line_is_offered_only_where_there_are_variations(open_page, tmp_path):
    plain = open_page(page_of("plain.sgf", tmp_path, "(;GM[1]SZ[9];B[ee];W[cc])\n")).page
    assert not plain.is_visible("button[data-act=main]")
    branched = open_page(page_of("branched.sgf", tmp_path,
                                 "(;GM[1]SZ[9];B[ee](;W[cc])(;W[gg]))\n")).page
    assert branched.is_visible("button[data-act=main]")


def test_the_root_comment_shows_at_the_start_and_comments_stand_upright(open_page, tmp_path):
    page = open_page(page_of("said.sgf", tmp_path,
                             "(;GM[1]SZ[9]C[黒先、生き];B[ee]C[正解];W[cc])\n"), "#move=0").page
    assert "黒先、生き" in page.inner_text(".kv-note")
    assert page.eval_on_selector(".kv-note .kv-c", "c => getComputedStyle(c).fontStyle") == "normal"


def test_nested_variations_keep_a_legible_size(open_page, tmp_path):
    def alternatives(depth: int) -> str:  # two moves at each depth, the second goes deeper
        if not depth:
            return ""
        column = "abcdefghi"[depth]
        return f"(;B[{column}a])(;B[{column}b];W[{column}c]{alternatives(depth - 1)})"

    page = open_page(page_of("nested.sgf", tmp_path,
                             f"(;GM[1]SZ[9];B[ee];W[cc]{alternatives(6)})\n")).page
    assert page.locator(".kv-moves .kv-vars .kv-vars .kv-vars .kv-vars .kv-vars").count()
    sizes = page.evaluate("""() => Array.from(document.querySelectorAll('.kv-moves a.kv-m'))
        .map(a => parseFloat(getComputedStyle(a).fontSize))""")
    body = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.kv-moves')).fontSize)")
    assert min(sizes) >= 0.9 * body


def test_the_records_annotations_show_beside_the_moves(open_page, tmp_path):
    """SGF's move annotations as a reader writes them (TE !, TE[2] !!, BM ?, DO ?!, IT !?) in
    the move list and the note, and what the record says of the position in words."""
    text = "(;GM[1]SZ[9];B[ee]TE[2];W[cc]BM[1]GB[2];B[dd]DO[];W[gg]IT[]UC[1];B[ff])\n"
    page = open_page(page_of("annotated.sgf", tmp_path, text), "#move=2").page
    moves = [a.inner_text() for a in page.locator(".kv-moves a.kv-m").all()]
    assert moves == ["1.\u00a0E5!!", "2.\u00a0C7?", "3.\u00a0D6?!", "4.\u00a0G3!?", "5.\u00a0F4"]
    assert "very good for black" in page.inner_text(".kv-moves")
    assert "unclear position" in page.inner_text(".kv-moves")
    note = page.inner_text(".kv-note")
    assert "Move 2 (C7)?" in note and "very good for black" in note
