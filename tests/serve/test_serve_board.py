"""What the page's board asks of the API: the legal moves of a position and where each is put
down, a move played or why the rules refuse it, a record's position drawn at its node with the
stones a pattern matched marked (kept by the browser until the index changes), an explorer step
from where a viewer stands in a record, and the viewer of a hit with its matched stones marked
and the explorer beside it."""
from __future__ import annotations

import os
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

import kifu
from kifu.corpus.patterns import read_pattern
from kifu.plugin.clicks import mark_point
from kifu.serve import boards
from tests.examples import GAMES, legal

pytest.importorskip("starlette")
with warnings.catch_warnings():  # starlette asks for httpx2, not yet on every index
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from kifu.serve import create_app

ROOT = Path(__file__).resolve().parents[2]
SEARCH = ROOT / "docs" / "records" / "search"
THREE_THREE = (SEARCH / "three-three.pattern").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def go_index(tmp_path_factory: pytest.TempPathFactory) -> Path:
    index = tmp_path_factory.mktemp("go") / "corpus.db"
    kifu.Corpus(str(index)).index([str(SEARCH)])
    return index


@pytest.fixture(scope="module")
def client(openings: tuple[Path, list[Path]]) -> TestClient:
    return TestClient(create_app(str(openings[0])))


@pytest.fixture(scope="module")
def go(go_index: Path) -> TestClient:
    return TestClient(create_app(str(go_index)))


def test_every_legal_move_is_named_where_it_puts_its_stone(client):
    key = client.get("/api/play", params={"game": "renju", "move": "h8"}).json()["key"]
    data = client.get("/api/moves", params={"game": "renju", "position": key}).json()
    assert data["grid"]["width"] == data["grid"]["height"] == 15
    # h8 holds black: row 8 from the bottom is row 7 from the top, column h the 8th
    assert data["grid"]["cells"][7 * 15 + 7] == 1 and sum(data["grid"]["cells"]) == 1
    where = {each["move"]: tuple(each["point"]) for each in data["moves"] if each["point"]}
    assert where["a1"] == (0, 14) and where["o15"] == (14, 0) and "h8" not in where
    # the occupied point is named too (by its column's and row's names), so a click on it
    # can be played and refused in the rules' own words
    assert data["names"][7 * 15 + 7] == "h8"
    # then the swap the opening allows after the first stone (no rule named: kifu's
    # permissive opening), by a button, though it is no ply
    assert [each["move"] for each in data["moves"]][len(RENJU_MOVES(key)):] == ["swap"]
    assert data["moves"][-1]["places"] == ["do:swap"]


def RENJU_MOVES(key: str) -> list[object]:  # noqa: N802 (the rules' own list, for comparison)
    game = kifu.game("renju").plugin
    return game.legal_moves(game.position_from_key(key))


def test_a_move_is_played_or_refused_in_the_rules_words(client):
    played = client.get("/api/play", params={"game": "renju", "position": "h8", "move": "j9"})
    assert played.status_code == 200
    data = played.json()
    assert data["legal"] and data["move"] == "j9" and data["to_move"] == "black"
    step = client.get("/api/explore", params={"game": "renju", "position": data["key"]}).json()
    assert step["games"] == 0 and step["moves"] == []  # out of the book, and still a step
    refused = client.get("/api/play", params={"game": "renju", "position": "h8", "move": "h8"})
    assert refused.status_code == 200
    assert refused.json() == {"game": "renju", "move": "h8", "legal": False,
                              "why": "h8 cannot be played here: h8 is already occupied by a "
                                     "black stone"}
    nonsense = client.get("/api/play", params={"game": "renju", "move": "zz99"}).json()
    assert not nonsense["legal"] and "zz99" in nonsense["why"]
    assert client.get("/api/play", params={"game": "renju"}).json()["error"] == (
        "name the move (move=...) or the places clicked (clicks=...)")


def test_a_move_is_played_by_the_places_clicked_or_refused_in_the_rules_words(examples_index):
    client = TestClient(create_app(str(examples_index)))
    position = kifu.read(ROOT / "examples" / "gungi" / "effects-study.gungi").position(0)
    asked = {"game": "gungi", "position": kifu.game("gungi").position_key(position)}
    listed = client.get("/api/moves", params=asked).json()["moves"]
    assert all(move["places"] for move in listed)  # a piece of the board or of a hand, a square

    def clicked(places: str) -> dict[str, object]:
        answer = client.get("/api/play", params={**asked, "clicks": places})
        assert answer.status_code == 200
        return dict(answer.json())

    alone = next(move for move in listed
                 if sum(m["places"] == move["places"] for m in listed) == 1)
    played = clicked(" ".join(alone["places"]))
    assert played["legal"] and played["move"] == alone["move"]
    assert clicked("0:8,2 0:7,2") == {"game": "gungi", "move": "0:8,2 0:7,2", "legal": False,
                                      "why": "2 moves are played by these clicks: name one"}
    far = clicked("0:8,2 0:0,8")  # a piece onto a square it cannot reach: the referee's words
    assert not far["legal"] and far["why"] == (
        "▲9―9―1―へ[1―3―1] cannot be played here: no ▲へ can move to 9―9")
    assert clicked("0:4,8")["why"] == "no move is played by clicking 0:4,8"


def test_a_pass_a_swap_an_offer_and_a_turns_extra_actions_are_clicked_too(examples_index):
    """Renju's pass and swap by a button each, its offer of fifth moves by its button then the
    points offered; a Rengoma turn going on with an extra action paid with a chip, by its
    button then the action's clicks: each played, or refused in the referee's words."""
    client = TestClient(create_app(str(examples_index)))
    renju = kifu.game("renju").plugin
    record = kifu.read(ROOT / "examples" / "renju" / "yamaguchi-opening.renju")

    def moves(game: str, position: str, **more: str) -> dict[str, Any]:
        return dict(client.get("/api/moves", params={"game": game, "position": position,
                                                      **more}).json())

    def clicked(game: str, position: str, places: str) -> dict[str, Any]:
        return dict(client.get("/api/play", params={"game": game, "position": position,
                                                     "clicks": places}).json())

    three = renju.position_key(record.position(3))  # the swap the Yamaguchi rule allows
    buttons = {each["move"]: each["places"] for each in moves("renju", three)["moves"]
               if each["places"][0].startswith("do:")}
    assert buttons == {"pass": ["do:pass"], "swap": ["do:swap"]}
    assert clicked("renju", three, "do:swap")["legal"]
    four = renju.position_key(record.position(4))
    listed = moves("renju", four)
    offer = next(each for each in listed["moves"] if each["gathers"])
    assert offer["places"] == ["do:offer-fifth-moves"] and offer["kind"] == "offer fifth moves"
    assert listed["words"]["ja"]["offer fifth moves"] == "五手目を提示"
    played = clicked("renju", four, "do:offer-fifth-moves 0:6,7 0:7,9")
    assert played["legal"] and played["move"] == "offer[g8 h6]"
    assert clicked("renju", four, "do:offer-fifth-moves 0:6,7 0:8,7") == {
        "game": "renju", "move": "offer[g8 i8]", "legal": False,
        "why": "offer[g8 i8] cannot be played here: offered point i8 is occupied"}
    assert clicked("renju", three, "do:pass")["legal"]

    rengoma = kifu.game("rengoma").plugin
    study = rengoma.position_key(
        kifu.read(ROOT / "examples" / "rengoma" / "study-chip-finish.rengoma").position(0))
    first = next(each for each in moves("rengoma", study)["moves"] if each["move"] == "C d4-d2")
    assert first["places"] == ["0:3,2", "0:3,4"] and first["more"] == "do:extra-action"
    going = moves("rengoma", study, move="C d4-d2")
    win = next(each for each in going["moves"] if each["move"] == "C d4-d2 *C d2-d1")
    assert win["places"] == ["0:3,2", "0:3,4", "do:extra-action", "0:3,4", "0:3,5"]
    assert win["more"] == ""  # black held one chip: no second extra action
    assert going["words"]["ko"]["extra action"] == "칩으로 추가 행동"
    assert clicked("rengoma", study, " ".join(win["places"]))["to_move"] is None  # four: won
    assert clicked("rengoma", study, "0:3,2 0:3,4 do:extra-action 0:0,0 0:5,5")["why"] == (
        "C d4-d2 *C a6-f1 cannot be played here: extra action *C a6-f1: a piece moves like a "
        "rook, along a row or a column to another square")
    assert client.get("/api/moves", params={"game": "rengoma", "position": study,
                                            "move": "zz"}).status_code == 400


def test_a_key_that_is_no_position_says_what_is_wrong_with_it(examples_index):
    client = TestClient(create_app(str(examples_index)))
    answer = client.get("/api/moves", params={"game": "gungi",
                                              "position": "v帥8/9/9/9/4(大)4/9/9/9/帥8 -/- b"})
    assert answer.status_code == 400
    assert "'大' is no Gungi piece" in answer.json()["error"]
    stacked = client.get("/api/moves", params={"game": "gungi",
                                               "position": "v帥8/9/9/9/4(侍侍v忍)4/9/9/9/帥8 槍/- b"})
    assert stacked.status_code == 200 and stacked.json()["grid"] is None
    assert stacked.json()["moves"]


def test_the_stones_a_pattern_matched_are_marked_where_the_record_has_them(go):
    hits = go.get("/api/search", params={"pattern": THREE_THREE}).json()["records"]
    found = {hit["name"].rpartition("/")[2]: hit for hit in hits}
    # kato-lee.sgf plays C3 first (identity); mori-sato.sgf the same turned 90 degrees
    game = kifu.game("freego").plugin
    pattern = read_pattern(THREE_THREE)
    for name, expected in (("kato-lee.sgf", ("cg",)), ("mori-sato.sgf", ("gg",))):
        hit = found[name]
        record = kifu.read(str(SEARCH / name))
        position = record.position(hit["move"])
        assert boards.matched(game, position, pattern).squares == expected  # type: ignore[union-attr]
    plain = go.get("/api/board", params={"record": found["kato-lee.sgf"]["id"], "node": 1})
    marked = go.get("/api/board", params={"record": found["kato-lee.sgf"]["id"], "node": 1,
                                          "pattern": THREE_THREE})
    assert marked.text.count("<rect") == plain.text.count("<rect") + 1


def test_a_drawing_is_kept_by_the_browser_until_the_index_changes(go, go_index):
    params = {"record": 1, "node": 2, "size": 120}
    first = go.get("/api/board", params=params)
    tag = first.headers["etag"]
    assert first.headers["cache-control"] == "private, no-cache"
    again = go.get("/api/board", params=params, headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.text == ""
    other = go.get("/api/board", params={**params, "node": 3}, headers={"If-None-Match": tag})
    assert other.status_code == 200
    stat = go_index.stat()
    os.utime(go_index, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert go.get("/api/board", params=params, headers={"If-None-Match": tag}).status_code == 200


def test_the_explorer_steps_from_where_a_viewer_stands_in_a_record(go):
    hit = go.get("/api/search", params={"player": "kato", "date": "2024-05"}).json()["records"][0]
    record = kifu.read(str(SEARCH / "kato-lee.sgf"))
    for move in (0, 3, 10):
        key = kifu.game("freego").plugin.position_key(record.position(move))
        by_record = go.get("/api/explore", params={"game": "freego", "record": hit["id"],
                                                   "move": move}).json()
        by_key = go.get("/api/explore", params={"game": "freego", "position": key}).json()
        assert by_record == by_key
    wrong = go.get("/api/explore", params={"game": "renju", "record": hit["id"], "move": 1})
    assert wrong.status_code == 400 and "is a Free-form Go" in wrong.json()["error"]
    bad = go.get("/api/explore", params={"game": "freego", "record": hit["id"], "move": 1,
                                         "variation": "x"})
    assert bad.status_code == 400 and "variation is a path" in bad.json()["error"]


def test_the_viewer_of_a_hit_marks_it_and_carries_the_explorer_following_the_game(go):
    hit = go.get("/api/search", params={"pattern": THREE_THREE, "player": "kato",
                                        "date": "2024-05"}).json()["records"][0]
    plain = go.get(hit["viewer"])
    marked = go.get(hit["viewer"], params={"pattern": THREE_THREE})
    assert marked.status_code == 200 and 'id="ke-follow-data"' in marked.text
    assert '<script src="/static/explorer.js" defer></script>' in marked.text
    assert marked.text != plain.text  # the square drawn on the matched stone
    policy = marked.headers["content-security-policy"]
    assert "unsafe-inline" not in policy and "script-src 'self'" in policy


@pytest.mark.parametrize("game", GAMES)
def test_every_piece_of_a_position_found_is_marked_where_the_game_draws_it(game):
    from kifu.plugin import RenderOptions, registry

    plugin = registry.get(game)
    for path in legal(game)[:2]:
        position = kifu.read(path).position(min(4, len(kifu.read(path).moves)))
        marks = boards.matched(plugin, position, None)
        layout = plugin.editor_layout()
        setup = layout.read(plugin.position_key(position)) if layout else None
        if boards.laid(plugin, position) is not None:  # a grid: squares as SGF points
            assert marks is None or all(len(point) == 2 for point in marks.squares)
            continue
        if not plugin.draws_matches or setup is None:
            assert marks is None
            continue
        occupied = [(n, column, row) for n, rows in enumerate(setup.boards)
                    for row, points in enumerate(rows) for column, held in enumerate(points)
                    if held]
        assert marks is not None and [mark_point(name) for name in marks.squares] == occupied
        drawn = plugin.render_svg(position, RenderOptions(), None, marks)
        assert drawn.count('<g class="matched"') >= 1
        assert sum(group.count("<rect") for group in re.findall(
            r'<g class="matched".*?</g>', drawn, re.DOTALL)) == len(occupied)
        assert plugin.render_svg(position, RenderOptions(markup=False), None, marks) == (
            plugin.render_svg(position, RenderOptions()))
