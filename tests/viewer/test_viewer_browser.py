"""The viewer in a real browser (headless Chromium): one record of every game, stepped with keys,
buttons and autoplay, opened from links, its variations entered from the tree and the move list;
two fragments on one page; illegal records; a phone's screen; no script, print, dark.

Whatever the viewer shows is compared with what ``kifu render --move N --variation P`` draws for
the position the page's URL names.
"""
from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import unquote

import pytest
from click.testing import CliRunner

from kifu.commands.cli import main
from kifu.plugin import RenderOptions, driver
from kifu.render.viewer import build_view, fragment
from kifu.run.load import load
from tests import examples
from tests.examples import one_per_game

pytestmark = pytest.mark.browser

EXAMPLES = examples.EXAMPLES
#: One record of each game, each with variations.
RECORDS = one_per_game({
    "renju": EXAMPLES / "renju" / "yamaguchi-opening.renju",
    "gungi": EXAMPLES / "gungi" / "short-game.gungi",
    "rengi": EXAMPLES / "rengi" / "problem-four-chain.rengi",
    "rengoma": EXAMPLES / "rengoma" / "study-chip-finish.rengoma",
    "freego": EXAMPLES / "freego" / "problem.freego",
})
#: One illegal record of each game: a move breaks a rule in the middle of the game.
ILLEGAL = one_per_game({
    "renju": EXAMPLES / "invalid" / "renju" / "occupied-point.renju",
    "gungi": EXAMPLES / "invalid" / "gungi" / "into-check.gungi",
    "rengi": EXAMPLES / "invalid" / "rengi" / "wrong-side.rengi",
    "rengoma": EXAMPLES / "invalid" / "rengoma" / "blocked-move.rengoma",
    "freego": EXAMPLES / "invalid" / "freego" / "superko.freego",
})
GAMES = list(RECORDS)

#: The board as its own SVG document: the outlines it draws, which the page defines once for
#: all its drawings (``.kv-glyphs``), defined in it again, after its title, as ``kifu render``
#: defines them.
BOARD_SVG = """root => {
  const svg = root.querySelector('article .kv-board svg').cloneNode(true);
  svg.removeAttribute('role');
  svg.removeAttribute('aria-label');
  const drawn = svg.getAttribute('data-kv-drawn');  // a problem's board, cropped by the viewer
  if (drawn) {
    drawn.split('|').forEach((value, k) => svg.setAttribute(['viewBox', 'width', 'height'][k], value));
    svg.removeAttribute('data-kv-drawn');
  }
  svg.querySelectorAll('.kv-next').forEach(n => n.remove());  // the viewer's letters of next moves
  const used = new Set([...svg.querySelectorAll('use')].map(u => u.getAttribute('href').slice(1)));
  const block = root.querySelector('.kv-glyphs');
  if (used.size) {
    const defs = document.createElementNS('http://www.w3.org/2000/svg', 'defs');
    for (const path of block.querySelectorAll('path[id]'))
      if (used.has(path.id)) defs.appendChild(path.cloneNode(true));
    const title = svg.querySelector('title');
    svg.insertBefore(defs, title ? title.nextSibling : svg.firstChild);
  }
  return new XMLSerializer().serializeToString(svg);
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The pages the tests open, written once: each record's page and a page of fragments."""
    folder = tmp_path_factory.mktemp("viewer")
    runner = CliRunner()
    for name, record in [*RECORDS.items(), *((f"bad-{g}", p) for g, p in ILLEGAL.items())]:
        result = runner.invoke(main, ["render", str(record), "-f", "html", "--no-problem", "-o",
                                      str(folder / f"{name}.html")])
        assert result.exit_code in (0, 1), result.stderr
    blocks = [fragment([view(RECORDS[game])], key) for game, key in
              (("renju", "yamaguchi-opening"), ("gungi", "short-game"))]
    (folder / "fragments.html").write_text(
        "<!DOCTYPE html><html><head><meta charset=utf-8><title>Two games</title></head><body>"
        f"<h1>A blog post</h1><p>First game:</p>{blocks[0]}<p>Second game:</p>{blocks[1]}"
        "<p>The end.</p></body></html>", encoding="utf-8")
    return folder


@functools.cache
def view(record: Path):
    loaded = load(str(record))
    return build_view(loaded.game, loaded.record, str(record), loaded.source.text,
                      RenderOptions())


@functools.cache
def drawn(record: Path, move: str | None, variation: str | None) -> str:
    """What ``kifu render`` draws for a move of a line."""
    args = ["render", str(record)]
    if move is not None:
        args += ["--move", move]
    if variation:
        args += ["--variation", variation]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.stderr
    return result.stdout


def entry_drawn(record: Path, entry: int, variation: str | None) -> str:
    """The drawing after an entry that has no move number (a set-up placement, a marker)."""
    loaded = load(str(record))
    game, rec = loaded.game, loaded.record
    path = tuple(int(p) for p in variation.split(".")) if variation else ()
    if entry == 0:
        return game.render_svg(game.start(rec), RenderOptions(), rec)
    for index, step in enumerate(driver.replay(game, rec, path=path), start=1):
        if index == entry:  # drawn now: the replay goes on changing the same position
            return game.render_svg(step.position, RenderOptions(), rec)
    raise AssertionError(f"the line has no entry {entry}")


def canonical(svg: str) -> str:
    """The drawing as canonical XML; the blanks that only lay elements out (ElementTree's
    indentation) left out, as the page's shared glyph definitions come without them."""
    return ET.canonicalize(xml_data=svg, strip_text=True)


def params(hash_: str, key: str = "") -> dict[str, str]:
    prefix = f"{key}." if key else ""
    pairs = (part.split("=", 1) for part in unquote(hash_.lstrip("#")).split("&") if "=" in part)
    return {k[len(prefix):]: v for k, v in pairs if k.startswith(prefix)}


def board(page, root: str = ".kifu-viewer") -> str:
    return canonical(page.eval_on_selector(root, BOARD_SVG))


def expected(record: Path, where: dict[str, str]) -> str:
    if "move" in where:
        return canonical(drawn(record, where["move"], where.get("variation")))
    # an entry without a number: the drawing after it (a fault shows the position before it)
    return canonical(entry_drawn(record, int(where["entry"]), where.get("variation")))


def check_board(watched, record: Path) -> dict[str, str]:
    """The board shows what ``kifu render`` draws for the position in the URL (once the steps
    of a move, a chain link by link, have been shown)."""
    watched.page.wait_for_function("!document.querySelector('article[data-frame]')")
    where = params(watched.page.evaluate("location.hash"))
    assert board(watched.page) == expected(record, where), where
    return where


def focus(page, root: str = ".kifu-viewer") -> None:
    page.focus(root)


# -- opening, stepping, autoplay -------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_page_opens_at_the_end_with_a_described_board(open_page, site, game):
    watched = open_page(site / f"{game}.html")
    page = watched.page
    assert board(page) == canonical(drawn(RECORDS[game], None, None))
    label = page.get_attribute("article .kv-board svg", "aria-label")
    title = view(RECORDS[game]).game.title
    assert label.startswith(title) and "after" in label
    assert " to move" in label or "game over" in label
    assert page.is_visible(".kv-bar") and page.is_visible(".kv-note")
    assert page.eval_on_selector(".kv-moves a.kv-current", "a => +a.dataset.i") == view(
        RECORDS[game]).final
    # the text of the position, for screen readers (and for pasting into a forum)
    page.click(".kv-text summary")
    assert page.inner_text(".kv-text pre").strip() == drawn_text(RECORDS[game]).strip()


@functools.cache
def drawn_text(record: Path) -> str:
    result = CliRunner().invoke(main, ["render", str(record), "-f", "text"])
    assert result.exit_code == 0, result.stderr
    return "\n".join(line.rstrip() for line in result.stdout.splitlines())


@pytest.mark.parametrize("game", GAMES)
def test_keys_step_through_the_record(open_page, site, game):
    watched = open_page(site / f"{game}.html")
    page, record = watched.page, RECORDS[game]
    entries = page.evaluate("history.length")
    page.keyboard.press("Home")  # no click first: the page answers keys as it opens
    assert check_board(watched, record) == {"move": "0"}
    seen = {board(page)}
    for key in ["ArrowRight", "ArrowRight", "PageDown", "ArrowLeft", "PageUp", "End",
                "ArrowLeft"]:
        page.keyboard.press(key)
        check_board(watched, record)
        seen.add(board(page))
    assert len(seen) >= min(3, view(record).nodes[view(record).final].depth + 1)
    live = page.text_content(".kifu-viewer .kv-now")
    assert live and live != page.evaluate("document.title")
    assert page.evaluate("history.length") == entries  # each step replaced the entry


@pytest.mark.parametrize("game", GAMES)
def test_buttons_step_through_the_record(open_page, site, game):
    watched = open_page(site / f"{game}.html")
    page, record = watched.page, RECORDS[game]
    seen = set()
    for action in ["first", "next", "next", "fwd10", "back10", "last", "prev", "first"]:
        page.click(f"button[data-act={action}]")
        where = check_board(watched, record)
        seen.add(tuple(where.items()))
        if action == "first":
            assert where == {"move": "0"}
    assert len(seen) >= min(3, view(record).nodes[view(record).final].depth + 1)


@pytest.mark.parametrize("game", GAMES)
def test_autoplay_is_visible_and_steps_on_its_own(open_page, site, game):
    watched = open_page(site / f"{game}.html")
    page, record = watched.page, RECORDS[game]
    page.click("button[data-act=first]")
    page.select_option(".kv-speed select", "250")
    play = page.locator("button.kv-play")
    assert play.is_visible() and "Play" in play.inner_text()
    play.click()
    assert play.get_attribute("aria-pressed") == "true" and "Pause" in play.inner_text()
    page.wait_for_function("location.hash !== '#move=0'")
    if play.get_attribute("aria-pressed") == "true":  # not yet at the end of a short line
        play.click()
    assert play.get_attribute("aria-pressed") == "false"
    check_board(watched, record)
    # near the end it plays the last moves and stops by itself
    page.click("button[data-act=last]")
    end = page.evaluate("location.hash")
    page.click("button[data-act=prev]")
    play.click()
    page.wait_for_function("document.querySelector('button.kv-play')"
                           ".getAttribute('aria-pressed') === 'false'")
    assert page.evaluate("location.hash") == end
    check_board(watched, record)


def test_a_chain_is_shown_link_by_link(open_page, site):
    record = EXAMPLES / "rengi" / "seven-chain.rengi"
    v = view(record)
    fired = next(i for i, n in enumerate(v.nodes) if n.frames)
    number = str(v.nodes[fired].number)
    before = str(v.nodes[v.nodes[fired].parent].number)
    page_path = site / "seven-chain.html"
    CliRunner().invoke(main, ["render", str(record), "-f", "html", "-o", str(page_path)])
    watched = open_page(page_path, f"#move={before}")
    page = watched.page
    focus(page)
    page.keyboard.press("ArrowRight")
    seen = []
    for k in range(len(v.nodes[fired].frames)):
        page.wait_for_function(f"document.querySelector('article').dataset.frame === '{k}'")
        seen.append(board(page))
        assert seen[-1] == canonical(drawn_with(record, number, f"frame={k}"))
    assert check_board(watched, record) == {"move": number}
    page.click(".kv-note button[data-act=frames]")
    assert page.get_attribute("article", "data-frame") == "0"


def drawn_with(record: Path, move: str, option: str) -> str:
    result = CliRunner().invoke(main, ["render", str(record), "--move", move, "-O", option])
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_a_held_button_repeats(open_page, site):
    watched = open_page(site / "gungi.html")
    page = watched.page
    page.click("button[data-act=first]")
    button = page.locator("button[data-act=next]").bounding_box()
    page.mouse.move(button["x"] + 5, button["y"] + 5)
    page.mouse.down()
    page.wait_for_timeout(1200)
    page.mouse.up()
    reached = int(params(page.evaluate("location.hash")).get("entry", 0) or 0)
    assert reached > 3
    check_board(watched, RECORDS["gungi"])


# -- links and variations --------------------------------------------------------------------

def first_variation(game: str) -> tuple[str, str, int]:
    """A numbered move inside the record's first variation: (move, path, node)."""
    v = view(RECORDS[game])
    node = next(i for i, n in enumerate(v.nodes) if n.choice and n.number is not None)
    return str(v.nodes[node].number), ".".join(map(str, v.nodes[node].path)), node


@pytest.mark.parametrize("game", GAMES)
def test_a_link_opens_a_position_inside_a_variation(open_page, site, game):
    move, path, node = first_variation(game)
    watched = open_page(site / f"{game}.html", f"#move={move}&variation={path}")
    page, record = watched.page, RECORDS[game]
    assert board(page) == canonical(drawn(record, move, path))
    current = page.locator(".kv-moves a.kv-current")
    assert current.get_attribute("data-i") == str(node)
    assert current.evaluate("a => !!a.closest('.kv-var')")  # indented under its move
    # End follows the line shown; M goes back to the main line
    page.keyboard.press("End")
    assert "variation" in check_board(watched, record)
    page.keyboard.press("Home")
    page.keyboard.press("End")
    assert "variation" in check_board(watched, record)
    page.keyboard.press("m")
    assert "variation" not in check_board(watched, record)


@pytest.mark.parametrize("game", GAMES)
def test_variations_are_entered_from_the_move_list_and_the_branch_buttons(open_page, site,
                                                                         game):
    watched = open_page(site / f"{game}.html")
    page, record = watched.page, RECORDS[game]
    v = view(record)
    starts = [i for i, n in enumerate(v.nodes) if n.choice]
    page.click(f".kv-moves .kv-var a.kv-m[data-i='{starts[0]}']")
    where = check_board(watched, record)
    assert "variation" in where
    # named by its first move, not by its path
    said = page.inner_text(".kv-branches .kv-inline")
    assert v.nodes[starts[0]].notation in said and where["variation"] not in said
    # and left again, back to where it branches
    page.click(".kv-branches button[data-leave]")
    where = check_board(watched, record)
    assert "variation" not in where
    # up and down choose the branch the next step takes
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    assert "variation" in check_board(watched, record)
    page.click(f".kv-moves .kv-var a.kv-m[data-i='{starts[-1]}']")
    where = check_board(watched, record)
    assert where.get("variation") == ".".join(map(str, v.nodes[starts[-1]].path))


def test_a_collection_has_a_picker_beside_the_board(open_page, tmp_path):
    text = ("(;GM[1]SZ[9]PB[Ann]PW[Bo]EV[first];B[ee];W[cc])\n"
            "(;GM[1]SZ[9]PB[Cy]PW[Di]EV[second];B[dd];W[ff];B[gg])\n"
            "(;GM[1]SZ[9]EV[third];B[dd];W[dd])\n")
    (tmp_path / "three.sgf").write_text(text, encoding="utf-8")
    CliRunner().invoke(main, ["render", str(tmp_path / "three.sgf"), "-f", "html", "-o",
                              str(tmp_path / "three.html")])
    watched = open_page(tmp_path / "three.html")
    page = watched.page
    assert page.locator("article.kv-game").count() == 1
    picker, board_box = page.locator(".kv-picker").bounding_box(), page.locator(
        ".kv-board").bounding_box()
    assert picker["x"] + picker["width"] <= board_box["x"] and picker["y"] < 200
    page.click(".kv-games a[data-game='1']")
    assert params(page.evaluate("location.hash"))["game"] == "2"
    assert "second" in page.inner_text(".kv-head")
    assert page.inner_text(".kv-pick-now") == "Game 2 of 3"
    # the text of the position, its whole rows from the page's shared table (issue 41)
    page.click(".kv-text summary")
    said = CliRunner().invoke(main, ["render", str(tmp_path / "three.sgf"), "--game-index", "2",
                                     "-f", "text"])
    assert page.inner_text(".kv-text pre").strip() == said.output.strip()
    page.keyboard.press("Home")
    assert params(page.evaluate("location.hash")) == {"game": "2", "move": "0"}
    page.keyboard.press("]")
    assert params(page.evaluate("location.hash"))["game"] == "3"
    assert page.locator(".kv-moves .kv-err").count() == 1 and "\u2717" in page.inner_text(
        ".kv-games li:nth-child(3)")
    page.click(".kv-pick-bar button[data-act=ngame]")
    assert "first" in page.inner_text(".kv-head")


def test_a_game_that_cannot_be_read_shows_its_diagnostic_and_no_other_games_moves(open_page,
                                                                                 tmp_path):
    """Issue 38: Up or Down on such a game threw an uncaught TypeError, and the note panel
    kept the move of the game shown before it."""
    text = ("(;GM[1]SZ[9]EV[first];B[ee]C[the first game's move];W[cc])\n"
            "(;GM[1]SZ[9]EV[second];B[ee]W[zz]B[;;)\n")
    (tmp_path / "second_unreadable.sgf").write_text(text, encoding="utf-8")
    CliRunner().invoke(main, ["render", str(tmp_path / "second_unreadable.sgf"), "-f", "html",
                              "-o", str(tmp_path / "page.html")])
    watched = open_page(tmp_path / "page.html", "#move=1")
    page = watched.page
    assert "the first game's move" in page.inner_text(".kv-note")
    page.keyboard.press("]")
    assert page.inner_text(".kv-pick-now") == "Game 2 of 2"
    assert "never closed" in page.inner_text(".kv-failed")
    for key in ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageDown"):
        page.keyboard.press(key)
    assert not page.locator(".kv-note").is_visible()
    assert not page.locator(".kv-board").is_visible()
    assert params(page.evaluate("location.hash")) == {"game": "2"}
    page.keyboard.press("[")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    assert "the first game's move" in page.inner_text(".kv-note")
    assert page.locator(".kv-board").is_visible()


# -- fragments -------------------------------------------------------------------------------

def test_two_fragments_on_one_page_do_not_interfere(open_page, site):
    watched = open_page(site / "fragments.html")
    page = watched.page
    viewers = page.locator("section.kifu-viewer")
    assert page.locator("section.kifu-viewer.kv-js").count() == 2
    # no ids but those of the drawings' glyphs (kifu.draw.glyphs), the same in every drawing
    assert page.evaluate("document.querySelectorAll('section.kifu-viewer [id]:not(path[id^=kg-])')"
                         ".length") == 0

    def boards() -> list[str]:
        return page.eval_on_selector_all("section.kifu-viewer", f"roots => roots.map({BOARD_SVG})")

    before = boards()
    page.keyboard.press("Home")  # a fragment answers keys only while it has the focus
    assert boards() == before
    viewers.nth(0).locator(".kv-note").focus()
    page.keyboard.press("Home")
    after = boards()
    assert after[0] != before[0] and after[1] == before[1]
    viewers.nth(1).locator("button[data-act=first]").click()
    page.keyboard.press("ArrowRight")
    later = boards()
    assert later[0] == after[0] and later[1] != after[1]
    assert canonical(later[0]) == canonical(drawn(RECORDS["renju"], "0", None))
    assert page.evaluate("location.hash") == ""  # fragments leave the host page's URL alone


def test_a_fragment_opens_at_its_own_link(open_page, site):
    watched = open_page(site / "fragments.html", "#short-game.move=3")
    boards = watched.page.eval_on_selector_all("section.kifu-viewer",
                                               f"roots => roots.map({BOARD_SVG})")
    assert canonical(boards[1]) == canonical(drawn(RECORDS["gungi"], "3", None))
    assert canonical(boards[0]) == canonical(drawn(RECORDS["renju"], None, None))


# -- illegal records -------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_record_opens_at_its_diagnostic(open_page, site, game):
    watched = open_page(site / f"bad-{game}.html")
    page, record = watched.page, ILLEGAL[game]
    v = view(record)
    fault = v.nodes[v.final]
    problem = fault.diagnostics[0]
    note = page.inner_text(".kv-note")
    assert f"{record}:{problem['line']}:{problem['column']}" in note
    assert f"[rule: {problem['rule']}]" in note and "error[illegal-move]" in note
    assert page.locator(".kv-moves .kv-err a.kv-current").count() == 1
    assert page.inner_text(".kv-note mark") != ""
    # the board is the last position the record reaches
    assert board(page) == canonical(entry_drawn(record, fault.depth - 1, None))
    assert "Not legal" in page.inner_text(".kv-verdict")


# -- screens, print, no script, accessibility ------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_a_phone_keeps_board_moves_and_comments_at_hand(open_page, site, game):
    watched = open_page(site / f"{game}.html", width=390, height=844, phone=True)
    page, record = watched.page, RECORDS[game]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box = page.locator(".kv-board svg").bounding_box()
    assert box["width"] <= 390 and box["x"] >= 0
    page.click("button[data-act=first]")
    # tap zones: the right third of the board steps forward, the left third back
    page.touchscreen.tap(box["x"] + box["width"] * 0.9, box["y"] + box["height"] / 2)
    forward = check_board(watched, record)
    assert forward != {"move": "0"}
    page.touchscreen.tap(box["x"] + box["width"] * 0.1, box["y"] + box["height"] / 2)
    assert check_board(watched, record) == {"move": "0"}
    for part in (".kv-bar", ".kv-note", ".kv-moves"):
        page.locator(part).scroll_into_view_if_needed()
        assert page.locator(part).is_visible()
    bar = page.locator(".kv-bar").bounding_box()
    assert bar["y"] + bar["height"] <= 844 + 1


def test_stacked_gungi_pieces_read_on_a_phone(open_page, tmp_path):
    """Issue 41: at 390 pixels the faces of the pieces beneath a stack's top were 5 to 10
    pixels high.  Every face on the board is now at least 12 pixels across as the browser
    draws it (the top's large, those beneath shown as edges), each stack's height in a badge, its
    pieces in its title and in the legend, bottom first."""
    out = tmp_path / "study.html"
    CliRunner().invoke(main, ["render", str(EXAMPLES / "gungi" / "effects-study.gungi"), "-f",
                              "html", "--no-problem", "-o", str(out)])
    page = open_page(out, "#move=0", width=390, height=844, phone=True).page
    faces = page.eval_on_selector_all(
        ".kv-board svg .pieces [data-text]",
        "els => els.map(e => { var box = e.getBoundingClientRect();"
        " return [e.dataset.text, Math.max(box.width, box.height)]; })")
    # each face's ink, its larger side (へ is wide and low)
    assert faces and min(size for _, size in faces) >= 12, sorted(faces, key=lambda f: f[1])[:3]
    stacks = page.eval_on_selector_all(
        ".kv-board svg .stack[data-height='3'], .kv-board svg .stack[data-height='2']",
        "els => els.map(e => [e.dataset.height, e.querySelector('text.tiers')?.textContent,"
        " e.querySelector('title')?.textContent])")
    assert stacks and all(badge == height and title.count("\u25b2") + title.count("\u25bd")
                          == int(height) for height, badge, title in stacks)
    legend = page.eval_on_selector_all(".kv-board svg .stacks", "els => els.map(e => "
                                       "e.dataset.text || e.textContent).join(' ')")
    assert legend.startswith("stacks, bottom first:")


def test_a_long_path_or_title_does_not_widen_a_phone_page(open_page, tmp_path):
    """The page names its record by the path it was given, which can be long and unbroken."""
    deep = tmp_path / "collections_2026" / "tournaments" / "yamaguchi_openings"
    deep.mkdir(parents=True)
    record = deep / "the_yamaguchi_opening_demonstration_game.renju"  # no break in 40 letters
    record.write_text(RECORDS["renju"].read_text(encoding="utf-8"), encoding="utf-8")
    page_file = tmp_path / "long.html"
    result = CliRunner().invoke(main, ["render", str(record), "-f", "html", "-o", str(page_file)])
    assert result.exit_code == 0, result.stderr
    page = open_page(page_file, width=390, height=844, phone=True).page
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("width, height", [(1280, 900), (390, 844)])
def test_gungis_list_of_set_up_backs_wraps_inside_the_move_list(open_page, tmp_path, width,
                                                                 height):
    """Issue 29.9: the back-face list is one entry of 70 characters without a space; it ran
    out of the move list."""
    page_file = tmp_path / "short.html"
    result = CliRunner().invoke(main, ["render", str(EXAMPLES / "gungi" / "short-game.gungi"),
                                       "-f", "html", "-o", str(page_file)])
    assert result.exit_code == 0, result.stderr
    page = open_page(page_file, width=width, height=height, phone=width < 500).page
    moves = page.locator(".kv-moves")
    assert page.locator(".kv-moves a.kv-long").count() == 1
    assert moves.evaluate("e => e.scrollWidth <= e.clientWidth")
    right = moves.bounding_box()["x"] + moves.bounding_box()["width"]
    backs = page.locator(".kv-moves a.kv-long").bounding_box()
    assert backs["x"] + backs["width"] <= right


def test_a_phone_held_sideways_shows_board_and_moves_side_by_side(open_page, site):
    watched = open_page(site / "gungi.html", width=844, height=390, phone=True)
    page = watched.page
    board_box = page.locator(".kv-board svg").bounding_box()
    moves_box = page.locator(".kv-moves").bounding_box()
    assert board_box["x"] + board_box["width"] <= moves_box["x"]
    assert board_box["height"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 844


def test_without_script_the_page_shows_the_final_position_and_the_moves(open_page, site):
    watched = open_page(site / "renju.html", script=False)
    page = watched.page
    assert board(page) == canonical(drawn(RECORDS["renju"], None, None))
    assert not page.is_visible(".kv-bar")
    moves = page.inner_text(".kv-moves")
    assert "1.\u00a0h8" in moves and "(" in moves and page.is_visible(".kv-moves .kv-current")


def test_print_shows_the_board_and_the_moves_only(open_page, site):
    watched = open_page(site / "gungi.html")
    page = watched.page
    page.emulate_media(media="print")
    assert not page.is_visible(".kv-bar") and not page.is_visible(".kv-take")
    assert page.is_visible(".kv-board svg") and page.is_visible(".kv-moves")
    assert page.eval_on_selector(".kv-moves", "m => getComputedStyle(m).overflow") == "visible"


def shade(page, selector: str, prop: str = "backgroundColor") -> int:
    value = page.eval_on_selector(selector, f"s => getComputedStyle(s).{prop}")
    return sum(int(c) for c in value[value.index("(") + 1:-1].split(",")[:3])


def test_dark_and_light_follow_the_users_preference_and_the_dark_button(open_page, site):
    light = open_page(site / "renju.html").page
    dark = open_page(site / "renju.html", dark=True).page
    assert shade(light, "main.kifu-viewer") > 600 and shade(dark, "main.kifu-viewer") < 150
    assert dark.eval_on_selector(".kv-board svg", "s => getComputedStyle(s).filter") != "none"
    light.click("button[data-act=dark]")
    assert shade(light, "main.kifu-viewer") < 150
    assert light.get_attribute("button[data-act=dark]", "aria-pressed") == "true"
    light.keyboard.press("d")
    assert shade(light, "main.kifu-viewer") > 600


def test_the_keyboard_alone_operates_the_viewer_with_visible_focus(open_page, site):
    watched = open_page(site / "renju.html")
    page = watched.page
    for _ in range(5):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.act") == "first":
            break
    assert page.evaluate("document.activeElement.dataset.act") == "first"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", "")
    page.keyboard.press("Enter")
    assert params(page.evaluate("location.hash")) == {"move": "0"}
    page.keyboard.press("ArrowRight")
    assert page.text_content(".kv-now").startswith("move 1")
    label = page.get_attribute(".kv-board svg", "aria-label")
    assert "after move 1" in label and "white to move" in label
    # the move list is reached by Tab: its current move takes the focus
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.kv-moves a.kv-m')"):
            break
    assert page.evaluate("document.activeElement.getAttribute('aria-current')") == "step"


def test_a_hostile_record_stays_text(open_page, tmp_path):
    hostile = "</script><img src=x onerror=alert(1)>\u202eevil"
    record = tmp_path / "hostile.renju"
    record.write_text(f"Game: renju\nEvent: {hostile}\nBlack: {hostile}\n\n1. h8 {{{hostile}}}"
                      " 2. i9\n", encoding="utf-8")
    out = tmp_path / "hostile.html"
    CliRunner().invoke(main, ["render", str(record), "-f", "html", "-o", str(out)])
    watched = open_page(out)
    page = watched.page
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    assert page.inner_text(".kv-h1") == hostile
    assert page.title() == hostile.replace("\u202e", "") + " \u2013 kifu"
    page.click(".kv-moves a.kv-m[data-i='1']")
    assert hostile in page.inner_text(".kv-note")


# -- problems ----------------------------------------------------------------------------------

def point_on_board(page, column: str, row: str) -> tuple[float, float]:
    """Where a grid's point is on the screen, from the coordinates the board is labelled with."""
    return page.evaluate("""([c, r]) => {
      const labels = [...document.querySelectorAll('.kv-board svg .coordinates text')];
      const x = labels.find(e => e.textContent === c).getBoundingClientRect();
      const y = labels.find(e => e.textContent === r).getBoundingClientRect();
      return [x.x + x.width / 2, y.y + y.height / 2];
    }""", [column, row])


def test_a_problem_opens_on_its_task_and_judges_the_moves_tried(open_page, tmp_path):
    record = EXAMPLES / "freego" / "problem.freego"
    out = tmp_path / "problem.html"
    CliRunner().invoke(main, ["render", str(record), "-f", "html", "-o", str(out)])
    watched = open_page(out)
    page = watched.page
    assert board(page) == canonical(drawn(record, "0", None))
    # cropped to the corner its stones stand in: the lowest five lines (three and two more)
    crop = view(record).crop[0]
    assert page.get_attribute(".kv-board svg", "viewBox") == " ".join(f"{v:g}" for v in crop)
    assert crop[0] == 0 and crop[1] > 0 and 0.45 < crop[3] / crop[2] < 0.6
    assert page.inner_text(".kv-to-play") == "Black to play"
    assert not page.is_visible(".kv-moves") and "vital point" not in page.inner_text("main")
    page.mouse.click(*point_on_board(page, "G", "4"))
    assert page.inner_text(".kv-verdict-live").startswith("Not in the record")
    assert params(page.evaluate("location.hash")) == {"move": "0"}
    page.mouse.click(*point_on_board(page, "A", "1"))  # the record's wrong answer
    assert page.inner_text(".kv-verdict-live").startswith("Wrong")
    page.wait_for_function("document.querySelector('.kv-verdict-live').textContent"
                           ".includes('Reply')")
    page.click("button[data-act=restart]")
    page.mouse.click(*point_on_board(page, "B", "1"))
    assert page.inner_text(".kv-verdict-live").startswith("Right")
    page.wait_for_function("location.hash === '#move=2'")  # the reply is played
    page.fill("input[data-try]", "A1")  # typed as the game writes it
    page.click("button[data-act=try]")
    assert page.inner_text(".kv-verdict-live").startswith("Right") and "Solved" in \
        page.inner_text(".kv-verdict-live")
    assert check_board(watched, record) == {"move": "3"}
    page.click("button[data-act=solution]")
    assert page.is_visible(".kv-moves") and "B1" in page.inner_text(".kv-moves")


SHAPES = """() => {
  const box = document.querySelector('.kv-board svg').getBoundingClientRect();
  return [...document.querySelectorAll('.kv-board svg *')]
    .filter(e => !['g', 'title'].includes(e.tagName))
    .map(e => { const r = e.getBoundingClientRect();
                return [e.outerHTML, (r.x + r.width / 2 - box.x) / box.width,
                        (r.y + r.height / 2 - box.y) / box.height, r.width]; });
}"""


@pytest.mark.parametrize("game", GAMES)
def test_every_games_moves_can_be_tried_on_the_board(open_page, site, tmp_path, game):
    """A click on what a move changes (the stone placed, the piece moved, the cells it
    filled) tries it; with no marks in the record, its main line is the answer."""
    record = RECORDS[game]
    shown = open_page(site / f"{game}.html", "#entry=0").page
    before = {html for html, *_ in shown.evaluate(SHAPES)}
    shown.keyboard.press("ArrowRight")
    new = [(x, y) for html, x, y, width in shown.evaluate(SHAPES)
           if html not in before and width > 4]
    assert new, game
    out = tmp_path / f"{game}-problem.html"
    CliRunner().invoke(main, ["render", str(record), "-f", "html", "--problem", "-o", str(out)])
    page = open_page(out).page
    # the whole board in view (a drawing taller than the screen's rest, Gungi's, goes below it)
    page.evaluate("window.scrollTo(0, document.querySelector('.kv-board').offsetTop)")
    box = page.locator(".kv-board svg").bounding_box()
    # a problem's board may be cropped (Go's and Renju's to the stones' part): the shapes'
    # places in the drawing's own units, then where the cropped drawing shows them
    whole = shown.evaluate("document.querySelector('.kv-board svg').getAttribute('viewBox')")
    part = page.evaluate("document.querySelector('.kv-board svg').getAttribute('viewBox')")
    wx, wy, ww, wh = map(float, whole.split())
    px, py, pw, ph = map(float, part.split())
    said = ""
    for x, y in new:
        page.mouse.click(box["x"] + (wx + x * ww - px) / pw * box["width"],
                         box["y"] + (wy + y * wh - py) / ph * box["height"])
        if page.locator(".kv-choose").count():
            page.click(".kv-choose button >> nth=0")
        said = page.inner_text(".kv-verdict-live")
        if said.startswith(("Right", "Wrong")):
            break
    assert said.startswith("Right"), said


# -- taking something away ---------------------------------------------------------------------

def test_the_record_and_the_position_can_be_downloaded(open_page, site):
    watched = open_page(site / "renju.html")
    page = watched.page
    page.click(".kv-take summary")
    with page.expect_download() as got:
        page.click(".kv-files button[data-file='0']")
    assert got.value.suggested_filename == "renju.html".replace(".html", ".renju") or \
        got.value.suggested_filename.endswith(".renju")
    assert Path(got.value.path()).read_text(encoding="utf-8") == RECORDS["renju"].read_text(
        encoding="utf-8")
    labels = page.inner_text(".kv-files")
    assert "SGF" in labels and "JSON" in labels
    with page.expect_download() as got:
        page.click(".kv-take button[data-act=svg]")
    assert canonical(Path(got.value.path()).read_text(encoding="utf-8")) == canonical(
        drawn(RECORDS["renju"], None, None))
    with page.expect_download() as got:
        page.click(".kv-take button[data-act=png]")
    assert got.value.suggested_filename.endswith(".png")
    assert Path(got.value.path()).read_bytes().startswith(b"\x89PNG")


def test_a_downloaded_position_defines_the_glyphs_the_page_shares(open_page, site):
    """The page defines kifu's glyph outlines once for all its drawings; the SVG downloaded
    of a Gungi position is still the drawing kifu render writes, its outlines in it."""
    page = open_page(site / "gungi.html").page
    page.click(".kv-take summary")
    with page.expect_download() as got:
        page.click(".kv-take button[data-act=svg]")
    written = Path(got.value.path()).read_text(encoding="utf-8")
    assert "<defs>" in written
    assert canonical(written) == canonical(drawn(RECORDS["gungi"], None, None))


def test_numbers_on_the_stones_in_the_page_and_in_print(open_page, site, tmp_path):
    """A page written with --numbers opens numbered and carries the drawings without them."""
    record = RECORDS["renju"]
    out = tmp_path / "numbered.html"
    CliRunner().invoke(main, ["render", str(record), "-f", "html", "--numbers", "-o", str(out)])
    page = open_page(out).page
    assert board(page) == canonical(drawn_with_flags(record, "--numbers"))
    assert page.get_attribute("button[data-act=numbers]", "aria-pressed") == "true"
    page.keyboard.press("n")
    assert board(page) == canonical(drawn_with_flags(record))
    page.keyboard.press("n")
    page.click("button[data-act=flip]")
    assert board(page) == canonical(drawn_with_flags(record, "--numbers", "--flip"))
    page.emulate_media(media="print")
    assert page.is_visible(".kv-board svg") and not page.is_visible(".kv-bar")
    plain = open_page(site / "renju.html").page
    assert not plain.is_visible("button[data-act=numbers]")  # not asked for: not carried


def drawn_with_flags(record: Path, *flags: str) -> str:
    result = CliRunner().invoke(main, ["render", str(record), *flags])
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_the_jump_box_and_the_mouse_wheel_step_through_the_record(open_page, site):
    watched = open_page(site / "renju.html")
    page, record = watched.page, RECORDS["renju"]
    page.keyboard.press("j")
    page.keyboard.type("7")
    page.keyboard.press("Enter")
    assert check_board(watched, record) == {"move": "7"}
    box = page.locator(".kv-board svg").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, 120)  # a notch is a move, however many pixels it says
    page.wait_for_function("location.hash === '#move=8'")
    page.mouse.wheel(0, -40)
    page.wait_for_function("location.hash === '#move=7'")
    check_board(watched, record)


def test_back_leaves_the_page(open_page, site, tmp_path):
    start = tmp_path / "start.html"
    start.write_text("<!DOCTYPE html><title>before</title><p>before", encoding="utf-8")
    page = open_page(site / "renju.html").page
    page.goto(start.as_uri())
    page.goto((site / "renju.html").as_uri())
    page.wait_for_selector("main.kv-js")
    for key in ("Home", "ArrowRight", "ArrowRight", "End"):
        page.keyboard.press(key)
    page.go_back()
    assert page.title() == "before"


# -- accessibility -------------------------------------------------------------------------------

def axe_violations(page) -> list[str]:
    """axe-core's serious and critical violations on the page (axe-core from the
    axe-playwright-python package, injected into the page)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [f"{v['id']}: {v['help']} ({len(v['nodes'])})"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("which", ["renju", "gungi", "bad-rengoma", "problem", "collection",
                                   "dark"])
def test_axe_finds_no_serious_or_critical_violation(open_page, site, tmp_path, which):
    if which == "problem":
        out = tmp_path / "p.html"
        CliRunner().invoke(main, ["render", str(EXAMPLES / "freego" / "problem.freego"), "-f",
                                  "html", "-o", str(out)])
    elif which == "collection":
        out = tmp_path / "c.html"
        source = tmp_path / "c.sgf"
        source.write_text("(;GM[1]SZ[9]EV[one];B[ee](;W[cc])(;W[gg]))(;GM[1]SZ[9]EV[two];B[dd])",
                          encoding="utf-8")
        CliRunner().invoke(main, ["render", str(source), "-f", "html", "-o", str(out)])
    else:
        out = site / f"{'renju' if which == 'dark' else which}.html"
    watched = open_page(out, dark=which == "dark")
    page = watched.page
    for part in (".kv-take summary", ".kv-text summary", ".kv-all summary"):
        if page.is_visible(part):
            page.click(part)
    assert axe_violations(page) == []
