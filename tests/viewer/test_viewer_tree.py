"""The game tree beside the move list (issue 41), in headless Chromium at a desktop's and a
phone's width: the record's tree drawn (the main line along, each variation on a row of its own),
the current node ringed and kept in sight, a click or the keyboard to jump, a name for screen
readers, and room enough for a long game and a problem's many branches."""
from __future__ import annotations

import pytest

from tests.viewer.test_viewer_browser import GAMES, RECORDS, axe_violations, params, view
from tests.viewer.test_viewer_places import page_of

pytestmark = pytest.mark.browser

WIDTHS = [pytest.param(1280, id="desktop"), pytest.param(390, id="phone")]

#: Where the ring of the current node is, relative to the tree's drawing (its centre).
RING = """() => { const r = document.querySelector('.kv-tree .kv-t-now');
    return [+r.getAttribute('cx'), +r.getAttribute('cy')]; }"""


def ring_in_sight(page) -> bool:
    return page.evaluate("""() => {
        const r = document.querySelector('.kv-tree .kv-t-now').getBoundingClientRect();
        const b = document.querySelector('.kv-tree').getBoundingClientRect();
        return r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1
            && r.bottom <= b.bottom + 1; }""")


def click_tree_at(page, x: float, y: float) -> None:
    """A click on the point (x, y) of the tree's drawing."""
    page.evaluate("""([x, y]) => {
        const box = document.querySelector('.kv-tree');
        box.scrollLeft = x - box.clientWidth / 2; box.scrollTop = y - box.clientHeight / 2; }""",
                  [x, y])
    page.locator(".kv-tree").scroll_into_view_if_needed()
    box = page.locator(".kv-tree svg").bounding_box()
    page.mouse.click(box["x"] + x, box["y"] + y)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_tree_draws_the_branches_and_jumps_where_clicked_or_keyed(open_page, tmp_path,
                                                                       width):
    text = "(;GM[1]SZ[9];B[ee](;W[cc];B[dd];W[gg])(;W[gg];B[cc](;W[dd])(;W[cd]))(;W[cg]))\n"
    page = open_page(page_of("branches.sgf", tmp_path, text), "#move=0", width=width,
                     height=800, phone=width < 500).page
    tree = page.locator(".kv-tree")
    assert tree.get_attribute("role") == "region" and tree.get_attribute("aria-label") == \
        "Game tree"
    assert page.get_attribute(".kv-tree svg", "role") == "img"
    assert page.get_attribute(".kv-tree svg", "aria-label").startswith(
        "Game tree: 10 positions, 4 lines")
    start = page.evaluate(RING)
    # the node two moves down the first variation (2. G3 3. C7): a row below, two columns on
    step = 14
    click_tree_at(page, start[0] + 3 * step, start[1] + step)
    page.wait_for_function("location.hash.includes('variation=2.1')")
    assert page.evaluate("location.hash") == "#move=3&variation=2.1"
    assert page.evaluate(RING) == [start[0] + 3 * step, start[1] + step]
    assert "in a variation" in page.get_attribute(".kv-tree svg", "aria-label")
    # from the keyboard: Tab reaches the tree; up and down go to the neighbouring line
    tree.focus()
    page.keyboard.press("ArrowUp")
    assert page.evaluate("location.hash") == "#move=3"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")  # from 4. D6, the variation's own next move, to 4. C6
    assert page.evaluate("location.hash") == "#move=4&variation=2.1.4.1"
    assert ring_in_sight(page)
    assert axe_violations(page) == []


@pytest.mark.parametrize("width", WIDTHS)
def test_a_long_game_is_one_compact_row_that_follows_the_current_move(open_page, tmp_path,
                                                                       width):
    moves = "".join(f";{'BW'[i % 2]}[{chr(97 + i % 19)}{chr(97 + i // 19)}]" for i in range(300))
    page = open_page(page_of("long.sgf", tmp_path, f"(;GM[1]FF[4]SZ[19]{moves})\n"), "#move=0",
                     width=width, phone=width < 500).page
    assert page.locator(".kv-tree").bounding_box()["height"] <= 48
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.locator(".kv-board").click(position={"x": 5, "y": 5})
    for key in ("End", "Home", "PageDown", "PageDown"):
        page.keyboard.press(key)
        assert ring_in_sight(page), key
    page.keyboard.press("j")
    page.keyboard.type("160")
    page.keyboard.press("Enter")
    assert ring_in_sight(page)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_problem_of_many_branches_keeps_its_tree_small(open_page, tmp_path, width):
    """Forty wrong answers and a right one, each answered: a row each, in a box that scrolls,
    and the ring still found after the solution is shown and the last branch picked."""
    points = [f"{chr(97 + c)}{chr(97 + r)}" for r in range(5) for c in range(9)][:41]
    branches = "".join(f"(;B[{p}]{'C[Correct]' if k == 40 else 'C[Wrong]'};W[ii])"
                       for k, p in enumerate(points))
    text = f"(;GM[1]FF[4]SZ[9]C[Black to play]AW[ee]{branches})\n"
    page = open_page(page_of("many.sgf", tmp_path, text), width=width,
                     phone=width < 500).page
    assert not page.is_visible(".kv-tree")  # nothing of the solution while solving
    page.click("button[data-act=solution]")
    assert page.is_visible(".kv-tree")
    assert page.locator(".kv-tree").bounding_box()["height"] <= 160
    page.click(".kv-branches button >> nth=-1")
    assert ring_in_sight(page)
    assert page.evaluate(RING)[1] == 8 + 40 * 14


@pytest.mark.parametrize("game", GAMES)
def test_every_games_tree_is_drawn_and_entered(open_page, tmp_path, game):
    """The tree knows nothing of a game: each game's record with variations has its whole
    tree drawn, and a click on a variation's first dot enters that variation."""
    record = RECORDS[game]
    shown = view(record)
    page = open_page(page_of(record, tmp_path)).page
    if shown.problem:
        page.click("button[data-act=solution]")
    lines = 1 + sum(1 for node in shown.nodes if node.choice)
    assert page.get_attribute(".kv-tree svg", "aria-label").startswith(
        f"Game tree: {len(shown.nodes):,} positions, {lines} lines")
    # the first variation of the main line's deepest branching: placed first, on the row below
    deepest = max((node for node in shown.nodes
                   if node.choice == 1 and not shown.nodes[node.parent].path),
                  key=lambda node: node.depth)
    click_tree_at(page, 8 + 14 * deepest.depth, 8 + 14)
    assert params(page.evaluate("location.hash")).get("variation") == ".".join(
        map(str, deepest.path))
