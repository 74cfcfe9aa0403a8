"""The pages' languages: the viewer's four (English, Japanese, Chinese, Korean), every text of
the pages a key of one table a language with the same keys in each; a page written in the
language asked for (``?lang=``, else the browser's), its ``lang`` said; and what the games write
on the page (a move's kind, a button's name) in each language from the game's own words, so
that the Japanese page shows no English move kind."""
from __future__ import annotations

import re
import warnings
from html.parser import HTMLParser
from pathlib import Path

import pytest

import kifu
from kifu.plugin import registry
from kifu.render.viewer.htmlpage import words as viewer_words
from kifu.serve import boards, pages
from tests.examples import GAMES
from tests.plugin.test_plugin_clicks import positions

pytest.importorskip("starlette")
with warnings.catch_warnings():  # starlette asks for httpx2, not yet on every index
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from kifu.serve import create_app, words

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "kifu" / "serve" / "static"
#: A place to fill in the pages' words (``{games}``).
PLACE = re.compile(r"\{\w+\}")


class Texts(HTMLParser):
    """The ``lang`` of a page's root, and each element's ``data-text`` key with its text."""

    def __init__(self) -> None:
        super().__init__()
        self.lang: str | None = None
        self.texts: list[tuple[str, str]] = []
        self._open: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "html":
            self.lang = found.get("lang")
        if tag not in ("meta", "link", "input", "img", "br"):
            self._open.append(found.get("data-text"))
            if found.get("data-text"):
                self.texts.append((str(found["data-text"]), ""))

    def handle_endtag(self, tag: str) -> None:
        if self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        if self._open and self._open[-1]:
            key, text = self.texts[-1]
            self.texts[-1] = (key, text + data)


def read(page: str) -> Texts:
    found = Texts()
    found.feed(page)
    return found


def test_every_key_is_said_in_every_language_of_the_viewer():
    """One table a language, the viewer's languages; the same keys in each, the same places
    to fill; every key the page, the viewer's panel and the script say is among them."""
    tables = words.interface()
    assert list(tables) == list(words.languages()) == list(viewer_words()["names"])
    for language, table in tables.items():
        assert set(table) == set(tables["en"]), language
        for key, said in table.items():
            assert said.strip(), (language, key)
            assert sorted(PLACE.findall(said)) == sorted(PLACE.findall(tables["en"][key])), (
                language, key)
    script = (STATIC / "explorer.js").read_text(encoding="utf-8")
    page = (STATIC / "explorer.html").read_text(encoding="utf-8") + pages.FOLLOW
    used = set(re.findall(r'\bsay\("(\w+)"', script)) | set(re.findall(r'data-text="(\w+)"', page))
    used |= set(re.findall(r'\btell\([^,]+, "(\w+)"', script))
    assert used <= set(tables["en"]), used - set(tables["en"])
    # the page's own files say no words but by their keys: the script holds no table
    assert not re.search(r'data-text="\w+"[^>]*>[^<]', page)
    assert "TEXTS" not in script


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    index = tmp_path_factory.mktemp("words") / "corpus.db"
    kifu.Corpus(str(index)).index([str(ROOT / "docs" / "records" / "search")])
    return TestClient(create_app(str(index)))


@pytest.mark.parametrize("language", ["en", "ja", "zh", "ko"])
def test_the_page_is_written_in_the_language_asked_its_lang_said(client, language):
    answer = client.get("/", params={"lang": language}, headers={"Accept-Language": "fr"})
    found = read(answer.text)
    assert found.lang == language
    table = words.interface()[language]
    assert found.texts and all(text == table[key] for key, text in found.texts)
    chosen = re.search(r'<select id="ke-lang">(.*?)</select>', answer.text).group(1)
    assert re.findall(r'<option value="(\w+)" lang="\1"', chosen) == list(words.languages())
    assert f'value="{language}" lang="{language}" selected>' in chosen
    assert answer.headers["vary"] == "Accept-Language"


@pytest.mark.parametrize(("accepted", "language"), [
    ("ja-JP,ja;q=0.9,en;q=0.8", "ja"), ("fr, en;q=0.2, ko;q=0.7", "ko"), ("zh-Hans-CN", "zh"),
    ("fr-FR, de", "en"), ("", "en"), ("ja;q=x, en", "en")])
def test_without_lang_the_page_speaks_the_browsers_first_language_it_knows(client, accepted,
                                                                          language):
    answer = client.get("/", params={"lang": "xx"}, headers={"Accept-Language": accepted})
    assert read(answer.text).lang == language
    assert f'<title data-text="title">{words.interface()[language]["title"]}</title>' in answer.text


def test_the_viewers_page_carries_the_words_for_the_explorer_beside_it(client):
    """The viewer picks its language; the panel beside it, written in English as the page is
    before its script runs, carries every language's words to follow it."""
    hit = client.get("/api/search", params={"game": "freego"}).json()["records"][0]
    page = client.get(hit["viewer"]).text
    found = read(page)
    keys = set(re.findall(r'data-text="(\w+)"', pages.FOLLOW))
    panel = [(key, text) for key, text in found.texts if key in keys]
    assert {key for key, _ in panel} == keys
    assert all(text == words.interface()["en"][key] for key, text in panel)
    assert 'id="ke-words"' in page and found.lang == "en"


def test_a_games_words_fill_its_patterns_said_again_or_kept():
    table = {"{0} drops a {1!}": "{0}が{1}を打つ", "black": "先手", "{0} left, {1} right":
             "左に{0}、右に{1}", "blue": "青", "red": "赤"}
    assert words.said("black drops a 兵", table) == "先手が兵を打つ"
    assert words.said("blue left, red right", table) == "左に青、右に赤"
    assert words.said("white drops a 兵", table) == "whiteが兵を打つ"  # no word: as written
    assert words.said("capture", table) is None


@pytest.mark.parametrize("game", GAMES)
def test_every_move_kind_and_button_is_said_in_each_language_of_the_game(game):
    """/api/moves' kinds and buttons, over positions of the game's examples, each in every
    language the game's words give (as the page shows them): for Gungi and Rengi in the rules'
    own terms, no English left on the Japanese page."""
    plugin = registry.get(game)
    said = 0
    for position in positions(game)[:12]:
        listed = boards.moves(plugin, position)
        shown = {each["kind"] for each in listed["moves"] if each["kind"]}
        shown |= {place[3:].replace("-", " ") for each in listed["moves"]
                  for place in [*(each["places"] or ()), each["more"]] if place.startswith("do:")}
        for language in ("ja", "zh", "ko"):
            assert shown <= set(listed["words"][language]), (language, shown)
            if game in ("gungi", "rengi") and language == "ja":
                assert not [text for text in listed["words"]["ja"].values()
                            if re.search("[A-Za-z]", text)]
        said += len(shown)
    assert said or game == "freego"  # a Go point is one click: no kind to tell apart
