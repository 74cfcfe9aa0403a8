"""The viewer in the reader's language (issue 41), in headless Chromium at a desktop's and a
phone's width: Japanese, Chinese or Korean chosen from the browser's languages, switchable in
the page and kept, every string of the interface translated, the record's own text untouched
and marked as of its own language, the page's ``lang`` the interface's."""
from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from kifu.commands.cli import main
from tests.examples import EXAMPLES
from tests.viewer.test_viewer_browser import axe_violations
from tests.viewer.test_viewer_places import page_of
from tests.viewer.test_viewer_problems import COLLECTION

pytestmark = pytest.mark.browser

#: What the interface says in words (its texts, and its controls' names and tips), leaving
#: out the record's own text, the moves' notation, the drawings, kifu's diagnostics and the
#: game's own words for what a move did (see docs/cli.md, "Languages").
INTERFACE = """() => {
  const root = document.querySelector('.kifu-viewer');
  const record = 'bdi, .kv-c, svg, .kv-diag, pre, noscript, script, style, .kv-lang, .kv-words';
  const said = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if (!n.parentElement.closest(record) && n.data.trim()) said.push(n.data.trim());
  for (const el of root.querySelectorAll('[title], [aria-label]'))
    if (!el.closest('svg')) said.push(el.getAttribute('title') || '', el.getAttribute('aria-label') || '');
  return said.filter(Boolean);
}"""

#: English words the interface keeps in every language: keys' names, file formats, a game's
#: name as kifu writes it, the names of the languages on offer.
KEPT = {"Home", "End", "Page", "Up", "Down", "SVG", "PNG", "SGF", "JSON", "Renju", "Free", "Go",
        "form", "English"}


def english_left(page) -> list[str]:
    return [text for text in page.evaluate(INTERFACE)
            if set(re.findall(r"[A-Za-z]{2,}", text)) - KEPT]


@pytest.mark.parametrize("locale, width, said", [
    ("ja-JP", 1280, {"first": "最初の局面（Home）", "verdict": "正しい棋譜：17手",
                     "status": "3手目 (i8) · 白番"}),
    ("ko-KR", 390, {"first": "처음 국면 (Home)", "verdict": "올바른 기보: 17수",
                    "status": "3수 (i8) · 백 차례"}),
])
def test_a_game_speaks_the_browsers_language_and_switches(browser, tmp_path, locale, width,
                                                          said):
    record = EXAMPLES / "renju" / "yamaguchi-opening.renju"
    page_file = page_of(record, tmp_path)
    context = browser.new_context(locale=locale, viewport={"width": width, "height": 800},
                                  is_mobile=width < 500, has_touch=width < 500)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(page_file.as_uri() + "#move=3")
        page.wait_for_selector(".kifu-viewer.kv-js")
        code = locale[:2]
        assert page.evaluate("document.documentElement.lang") == code
        assert page.input_value("select.kv-lang") == code
        assert page.get_attribute("button[data-act=first]", "title") == said["first"]
        assert page.inner_text(".kv-verdict") == said["verdict"]
        assert page.inner_text(".kv-note-head") == said["status"]
        assert english_left(page) == []
        # the record's own text as written, of no language the page claims
        assert page.inner_text(".kv-players") == "Goto Yui \u2013 Hayashi Sora"
        assert page.get_attribute(".kv-players bdi", "lang") == ""
        assert "white prefers the other diagonal" in page.inner_text(".kv-moves")
        assert axe_violations(page) == []
        # back to English, as the page is written, and kept for the next visit
        page.select_option("select.kv-lang", "en")
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.get_attribute("button[data-act=first]", "title") == "First position (Home)"
        assert page.inner_text(".kv-verdict") == "Legal record: 17 moves"
        assert page.inner_text(".kv-note-head") == "Move 3 (i8) \u00b7 white to move"
        page.select_option("select.kv-lang", "zh")
        page.reload()
        page.wait_for_selector(".kifu-viewer.kv-js")
        assert page.evaluate("document.documentElement.lang") == "zh"
        assert page.inner_text(".kv-note-head") == "第3手 (i8) · 轮到白"
        assert errors == []
    finally:
        context.close()


def test_a_problem_collection_speaks_chinese(browser, tmp_path):
    """The task, the tries, the hint and the progress in the picker, on a phone."""
    page_file = page_of("problems.sgf", tmp_path, COLLECTION)
    context = browser.new_context(locale="zh-CN", viewport={"width": 390, "height": 800},
                                  is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(page_file.as_uri())
        page.wait_for_selector(".kifu-viewer.kv-js")
        assert page.inner_text(".kv-to-play") == "黑先"
        assert page.inner_text(".kv-tally") == "共3题：正解0，失败0"
        assert page.inner_text(".kv-pick-now") == "第1局（共3局）"
        page.keyboard.press("h")
        assert page.inner_text(".kv-verdict-live") == "提示：正解在圆圈里。"
        page.click("button[data-act=solution]")
        assert page.inner_text(".kv-tally") == "共3题：正解0，失败1"
        assert page.text_content(".kv-games a >> nth=0") == "\u2717失败: 第1局: Black to play"
        assert english_left(page) == []
        assert axe_violations(page) == []
    finally:
        context.close()


def test_a_games_own_names_of_its_sides_come_first(browser, tmp_path):
    """Gungi's sides are 先手 and 後手 in Japanese (the game says so: ``side_names``), not the
    black and white of Go's table."""
    page_file = page_of(EXAMPLES / "gungi" / "short-game.gungi", tmp_path)
    context = browser.new_context(locale="ja-JP")
    try:
        page = context.new_page()
        page.goto(page_file.as_uri() + "#move=3")
        page.wait_for_selector(".kifu-viewer.kv-js")
        assert page.inner_text(".kv-note-head").endswith(" · 後手番")
    finally:
        context.close()


#: What each game writes for people, as the page says it in each language (the game's own
#: words.json and the interface's table), at the end of an example of each.
GAMES_SAY = {
    "ja": {"renju": ("終局：黒の勝ち（h6で五連）", "黒：white · 白：Brandt Lena"),
           "gungi": ("終局：先手の勝ち（投了）", "後手が投了"),
           "rengi": ("終局：先手の勝ち（後手の3列12段目が埋まった）", "後手におじゃま石30個が降る（5段）"),
           "rengoma": ("終局：黒の勝ち（a1 b1 c1 d1で四つ並び）", "黒がチップを使う（残り0）")},
    "zh": {"renju": ("终局：黑胜（h6成五）", "黑方：white · 白方：Brandt Lena"),
           "gungi": ("终局：黑胜（认输（投了））", "白认输（投了）"),
           "rengi": ("终局：先手胜（后手的第3列第12行被填满）", "30颗干扰子落到后手（5行）"),
           "rengoma": ("终局：黑胜（a1 b1 c1 d1四子连线）", "黑使用一枚筹码（剩0）")},
    "ko": {"renju": ("종국: 흑 승 (h6에서 오목)", "흑: white · 백: Brandt Lena"),
           "gungi": ("종국: 흑 승 (기권 (投了))", "백 기권 (投了)"),
           "rengi": ("종국: 선수 승 (후수의 3열 12행이 찼음)", "후수에 방해석 30개가 떨어짐 (5줄)"),
           "rengoma": ("종국: 흑 승 (a1 b1 c1 d1 네 개 연속)", "흑 칩 사용 (남은 칩 0)")},
}

#: A stack's pieces, bottom first, shown when it is tapped (Rengoma's d1 at the end of its
#: example), in the game's own words.
STACK_SAYS = {"ja": {"rengoma": ["赤の3", "黒の4"]}, "zh": {"rengoma": ["红3", "黑4"]},
              "ko": {"rengoma": ["빨강 3", "흑 4"]}}

#: Whether every character of an element's text is drawn with some width (the reader's
#: fonts, where kifu's glyph font has none of it: a box at worst, never nothing).
ALL_DRAWN = """(el) => {
  const range = document.createRange();
  const text = [...el.childNodes].flatMap(function walk(n) {
    return n.nodeType === 3 ? [n] : [...n.childNodes].flatMap(walk); });
  return text.every((node) => [...node.data].every((c, i) => {
    if (!c.trim()) return true;
    range.setStart(node, i); range.setEnd(node, i + 1);
    return range.getBoundingClientRect().width > 0; }));
}"""


#: What a game wrote for people that no table says in the reader's language (the viewer marks
#: it lang="en"): its drawing's captions and titles, what a move did; the record's own text
#: (a ``<bdi>``, an event's name drawn after a " - ") is no phrase of the game.
GAME_ENGLISH = r"""() => [...document.querySelectorAll('.kv-board svg [lang=en], .kv-words [lang=en]')]
  .filter((el) => !el.closest('bdi') && !/^\s*- /.test(el.textContent))
  .map((el) => el.textContent)"""


#: Games whose drawing writes the record's own event and players as plain captions (no
#: ``<bdi>`` to tell them from the game's phrases), left out of the check above.
DRAWS_ITS_HEADERS = {"gungi"}


def english_of_game(page) -> list[str]:
    return page.evaluate(GAME_ENGLISH)


@pytest.mark.parametrize("language", GAMES_SAY)
def test_a_games_own_words_speak_the_readers_language(browser, tmp_path, language):
    """How a game ended, what a move did and the drawing's captions, in the game's own
    words (issue 41), the record's own text (a player named "white") kept as written."""
    renamed = (EXAMPLES / "renju" / "four-three-win.renju").read_text(encoding="utf-8")
    records = {"renju": ("named.renju", re.sub(r"(?m)^Black: .*$", "Black: white", renamed)),
               "gungi": (EXAMPLES / "gungi" / "short-game.gungi", None),
               "rengi": (EXAMPLES / "rengi" / "seven-chain.rengi", None),
               "rengoma": (EXAMPLES / "rengoma" / "study-chip-finish.rengoma", None),
               "freego": (EXAMPLES / "freego" / "nine.freego", None)}
    context = browser.new_context(locale={"ja": "ja-JP", "zh": "zh-CN", "ko": "ko-KR"}[language])
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        for game, (record, text) in records.items():
            if text is not None:
                record = tmp_path / record
                record.write_text(text, encoding="utf-8")
            out = tmp_path / f"{game}.html"
            CliRunner().invoke(main, ["render", str(record), "-f", "html", "--no-problem",
                                      "-o", str(out)])
            page.goto(out.as_uri())
            page.wait_for_selector(".kifu-viewer.kv-js")
            head = page.locator(".kv-note-head")
            if game in GAMES_SAY[language]:
                ended, said = GAMES_SAY[language][game]
                assert head.inner_text().endswith(" \u00b7 " + ended), game
                shown = [*page.locator(".kv-words li").all_inner_texts(),
                         *page.locator(".kv-board svg text").all_text_contents()]
                assert said in shown, (game, shown)
                assert head.evaluate(ALL_DRAWN)
            if game not in DRAWS_ITS_HEADERS:
                assert english_of_game(page) == [], game
            if game in STACK_SAYS[language]:  # a stack tapped: its pieces in the game's words
                page.click(".kv-board svg [data-place='d1']")
                assert page.locator(".kv-parts li").all_inner_texts() == STACK_SAYS[language][game]
                page.keyboard.press("Escape")
            # and at every move of the record, from the first position on
            page.keyboard.press("Home")
            before, now = None, head.inner_text()
            while now != before and game not in DRAWS_ITS_HEADERS:
                assert english_of_game(page) == [], (game, now)
                page.keyboard.press("ArrowRight")
                before, now = now, head.inner_text()
        assert errors == []
    finally:
        context.close()
