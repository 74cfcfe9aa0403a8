"""The explorer's JSON API over real indexes made by ``kifu index``: the counts it shows checked
against a replay of every record (an oracle that compares positions by their stones, turned
in the test's own code), the search, the records, and every bad request answered with a clear
4xx message."""
from __future__ import annotations

import os
import sqlite3
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import kifu
from tests.corpus.corpora import Stones, orbit, stones_of

pytest.importorskip("starlette")
with warnings.catch_warnings():  # starlette asks for httpx2, not yet on every index
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from kifu.corpus import search
from kifu.serve import create_app

RENJU = kifu.game("renju")


@pytest.fixture(scope="module")
def client(openings: tuple[Path, list[Path]]) -> TestClient:
    return TestClient(create_app(str(openings[0])))


def main_lines(files: list[Path]) -> list[tuple[list[Stones], str | None]]:
    """Each record's positions along its main line (as stones) and its winner."""
    found = []
    for path in files:
        record = kifu.read(str(path))
        positions = [stones_of(RENJU, record.position(move)) for move in
                     range(len(record.moves) + 1)]
        result = record.headers.get("Result")
        found.append((positions, result))
    return found


def oracle(files: list[Path], key: str) -> tuple[int, Counter[frozenset[Stones]]]:
    """The records that reach the position ``key`` and, by what follows it (as the set of
    its images), how many records play there: every record replayed."""
    wanted = orbit(stones_of(RENJU, RENJU.plugin.position_from_key(key)), 15, False)
    reaching, following = 0, Counter[frozenset[Stones]]()
    for positions, _ in main_lines(files):
        places = [n for n, stones in enumerate(positions) if stones in wanted]
        if not places:
            continue
        reaching += 1
        nexts = {frozenset(orbit(positions[n + 1], 15, False)) for n in places
                 if n + 1 < len(positions)}
        following.update(nexts)
    return reaching, following


def images(key: str) -> frozenset[Stones]:
    return frozenset(orbit(stones_of(RENJU, RENJU.plugin.position_from_key(key)), 15, False))


def test_three_steps_from_the_start_show_the_counts_a_replay_of_every_record_finds(client, openings):
    files = openings[1]
    data = client.get("/api/explore", params={"game": "renju"}).json()
    with sqlite3.connect(openings[0]) as db:
        held = {value for (value,) in db.execute("SELECT hash FROM explored")}
    for _ in range(4):
        # Each step answered from the explorer's table (its position shared by records).
        assert search.key_of(RENJU.plugin, RENJU.plugin.position_from_key(
            data["key"])).hash in held or data["games"] < 2
        reaching, following = oracle(files, data["key"])
        assert data["games"] == reaching
        shown = {images(move["key"]): move["games"] for move in data["moves"]}
        assert shown == dict(following)
        assert sum(m["win"] + m["draw"] + m["loss"] for m in data["moves"]) <= reaching
        if not data["moves"]:
            break
        data = client.get("/api/explore", params={"game": "renju",
                                                  "position": data["moves"][0]["key"]}).json()


def test_every_position_four_moves_deep_shows_what_a_replay_finds(client, openings):
    # Breadth first from the start along the moves the explorer lists: every shared position
    # of the openings (the explorer's table) and the first ones fewer records reach.
    lines = main_lines(openings[1])
    keys, seen, compared = [None], set(), 0
    while keys:
        key = keys.pop(0)
        params = {"game": "renju", **({"position": key} if key else {})}
        data = client.get("/api/explore", params=params).json()
        if data["key"] in seen:
            continue
        seen.add(data["key"])
        stones = stones_of(RENJU, RENJU.plugin.position_from_key(data["key"]))
        wanted = orbit(stones, 15, False)
        reaching = [(positions, result) for positions, result in lines
                    if any(stones in wanted for stones in positions)]
        assert data["games"] == len(reaching)
        results = Counter(result for _, result in reaching)
        for side in ("black", "white", "draw"):
            assert data["wins"].get(side, 0) == results[side]
        compared += 1
        if len(stones[0]) + len(stones[1]) < 4:
            keys.extend(move["key"] for move in data["moves"] if move["key"])
    assert compared > 20


def test_the_results_are_counted_for_the_side_to_move(client, openings):
    data = client.get("/api/explore", params={"game": "renju", "position": "h8"}).json()
    assert data["to_move"] == "white"
    results = Counter(result for _, result in main_lines(openings[1]))
    assert data["games"] == len(openings[1])
    total = data["wins"]
    assert total.get("white", 0) == results["white"]
    assert total.get("black", 0) == results["black"]
    assert total.get("draw", 0) == results["draw"]
    assert sum(m["win"] for m in data["moves"]) == results["white"]
    assert sum(m["loss"] for m in data["moves"]) == results["black"]


def test_a_position_is_given_as_its_key_or_as_moves_from_the_start(client):
    by_moves = client.get("/api/explore", params={"game": "renju", "position": "h8 h9"}).json()
    by_key = client.get("/api/explore", params={"game": "renju",
                                                "position": by_moves["key"]}).json()
    assert by_moves == by_key
    assert by_key["games"] > 0


def test_moves_are_named_in_the_orientation_of_the_board_asked_about(client):
    # The same opening turned a quarter: the moves played next are named on this board.
    turned = client.get("/api/explore", params={"game": "renju", "position": "h8 i8"}).json()
    straight = client.get("/api/explore", params={"game": "renju", "position": "h8 h9"}).json()
    assert turned["games"] == straight["games"]
    assert {m["move"] for m in turned["moves"]} != {m["move"] for m in straight["moves"]}
    for move in turned["moves"]:
        after = RENJU.plugin.position_from_key(move["key"])
        before = RENJU.plugin.position_from_key(turned["key"])
        assert RENJU.plugin.position_key(
            RENJU.play(before, RENJU.parse_move(move["move"], before))) == move["key"]
        assert after is not None


def test_the_recent_records_are_the_latest_dated_that_reach_the_position(client):
    data = client.get("/api/explore", params={"game": "renju", "recent": "5"}).json()
    dates = [hit["date"] for hit in data["recent"]]
    assert len(dates) == 5 and dates == sorted(dates, reverse=True)


def test_the_strongest_records_come_first_and_say_how_strong(tmp_path):
    from tests.corpus.corpora import write
    from tests.serve.conftest import kifu_index, opening_games

    texts = []
    for number, (name, text) in enumerate(opening_games(8, 41)):
        ranks = f"Black-Rank: {number + 1}d\nWhite-Rank: {9 - number}k\n" if number % 4 else ""
        texts.append((name, text.replace("Game: renju\n", f"Game: renju\n{ranks}")))
    write(tmp_path / "records", texts)
    index = kifu_index([tmp_path / "records"], tmp_path / "corpus.db")
    strong = TestClient(create_app(str(index)))
    data = strong.get("/api/explore", params={"game": "renju", "sort": "strength",
                                              "recent": "8"}).json()
    shown = [hit["strength"] for hit in data["recent"]]
    # The weaker player's rank: 2k against 8d is 1900, 3k against 7d 1800...; none, last.
    assert shown == [1900.0, 1800.0, 1700.0, 1500.0, 1400.0, 1300.0, None, None]
    listed = strong.get("/api/search", params={"sort": "strength", "order": "desc"}).json()
    assert [hit["strength"] for hit in listed["records"]][:2] == [1900.0, 1800.0]


def test_games_lists_the_games_and_their_starts(client, openings):
    data = client.get("/api/games").json()
    layout = RENJU.plugin.editor_layout()
    assert layout is not None
    assert data == {"games": [{"name": "renju", "title": RENJU.title, "records": 60,
                               "starts": [{"key": RENJU.plugin.position_key(RENJU.start()),
                                           "records": 60}],
                               "sides": ["black", "white"],
                               "side_names": RENJU.plugin.names_of_sides(),
                               "editor": layout.to_json()}]}
    # what the page says of the sides and sets up by clicks, all from the game itself
    assert data["games"][0]["side_names"]["ja"] == {"black": "黒", "white": "白"}
    assert data["games"][0]["editor"]["side_codes"] == {"b": "black", "w": "white"}


def test_search_filters_sorts_and_pages(client):
    everything = client.get("/api/search", params={"per_page": "200"}).json()
    assert everything["total"] == 60 and everything["complete"]
    page = client.get("/api/search", params={"sort": "date", "order": "desc", "per_page": "7",
                                             "page": "2"}).json()
    dates = sorted((hit["date"] for hit in everything["records"]), reverse=True)
    assert [hit["date"] for hit in page["records"]] == dates[7:14]
    drawn = client.get("/api/search", params={"result": "draw"}).json()
    assert drawn["total"] == 15 and all(hit["result"] == "draw" for hit in drawn["records"])
    player = client.get("/api/search", params={"player": "b7"}).json()
    assert {hit["black"] for hit in player["records"]} == {"B7"}


def test_search_by_exact_position_and_pattern(client, openings):
    key = client.get("/api/explore", params={"game": "renju", "position": "h8 h9 j10"}).json()["key"]
    found = client.get("/api/search", params={"game": "renju", "position": key,
                                              "per_page": "200"}).json()
    assert found["total"] == oracle(openings[1], key)[0]
    pattern = "Game: renju\nAnchor: anywhere\n\nX\n"
    laid = client.get("/api/search", params={"pattern": pattern}).json()
    assert laid["total"] == 60 and laid["complete"]


def test_a_record_is_named_by_its_id_with_the_place_of_a_node(client):
    hit = client.get("/api/search", params={"per_page": "1"}).json()["records"][0]
    data = client.get(f"/api/record/{hit['id']}", params={"node": "2"}).json()
    assert data["place"] == {"node": 2, "depth": 2, "move": 2, "variation": ""}
    assert data["viewer"] == f"/record/{hit['id']}?node=2"


@pytest.mark.parametrize(("url", "status", "said"), [
    ("/api/explore?game=renju&position=zz", 400, "bad position"),
    ("/api/explore?game=chess", 404, "unknown game 'chess'"),
    ("/api/explore", 400, "name the game"),
    ("/api/explore?game=gungi", 404, "holds no Gungi"),
    ("/api/explore?game=renju&recent=x", 400, "recent is a whole number"),
    ("/api/explore?game=renju&sort=rank", 400, "sort is one of date, strength"),
    ("/api/search?sort=secret", 400, "sort is one of"),
    ("/api/search?pattern=Q", 400, "bad pattern"),
    ("/api/search?pattern=" + "X" * 30_000, 413, "pattern is too large"),
    ("/api/search?pattern=Game:%20renju%0A%0A" + ("." * 30 + "%0A") * 30, 400, "at most 400"),
    ("/api/record/999999", 404, "holds no record 999999"),
    ("/api/record/abc", 404, "no record's id"),
    ("/api/record/1?node=99999", 404, "has no node"),
    ("/static/../../etc/passwd", 404, "Not Found"),
    ("/static/conftest.py", 404, "no such file"),
    ("/static/..%2f..%2fpyproject.toml", 404, ""),
    ("/nothing", 404, "Not Found"),
])
def test_a_bad_request_gets_a_clear_message_never_a_traceback(client, url, status, said):
    answer = client.get(url)
    assert answer.status_code == status, answer.text
    data: dict[str, Any] = answer.json()
    assert said in data["error"]
    assert "Traceback" not in answer.text


def test_a_pattern_search_past_its_time_is_stopped_and_says_so(openings):
    stopped = TestClient(create_app(str(openings[0]), pattern_seconds=0.0))
    data = stopped.get("/api/search", params={"pattern": "Game: renju\n\nX\n"}).json()
    assert data["complete"] is False
    assert "stopped at its time limit" in data["stopped"]
    assert data["total"] < 60


def test_every_answer_carries_a_policy_that_allows_nothing_from_elsewhere(client):
    for url in ("/", "/api/games", "/api/explore?game=renju", "/api/record/abc",
                "/static/explorer.js"):
        headers = client.get(url).headers
        assert headers["content-security-policy"].startswith("default-src 'self'")
        assert headers["x-content-type-options"] == "nosniff"


def test_the_index_is_opened_read_only_and_never_written(openings, tmp_path):
    index = openings[0]
    before = index.read_bytes()
    client = TestClient(create_app(str(index)))
    client.get("/api/explore", params={"game": "renju"})
    client.get("/api/search", params={"player": "B1"})
    assert index.read_bytes() == before
    assert not list(index.parent.glob("corpus.db-*"))  # no journal, no WAL


@pytest.mark.parametrize("content", [b"", b"not a database at all", None])
def test_an_unusable_index_is_refused_as_kifu_search_refuses_it(tmp_path, content):
    path = tmp_path / "corpus.db"
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(kifu.CorpusError) as served:
        create_app(str(path))
    assert str(path) in served.value.message


def test_an_index_of_another_kind_of_sqlite_file_is_refused(tmp_path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE meta (name TEXT, value TEXT)")
    with pytest.raises(kifu.CorpusError, match="no kifu-corpus marker"):
        create_app(str(path))


@pytest.mark.parametrize("edit, url", [
    ("UPDATE game SET players = 'forged' WHERE id = (SELECT min(id) FROM game)",
     "/api/search?player=forged"),
    ("UPDATE game SET black = 'forged' WHERE id = (SELECT min(id) FROM game)", "/api/games"),
    # A step lists every Renju record (recent=100), and so reads each one's trail.
    ("UPDATE trail SET hashes = zeroblob(length(hashes)) WHERE game = (SELECT min(id) FROM "
     "game WHERE game = 'renju' AND positions > 1)", "/api/explore?game=renju&recent=100"),
    ("UPDATE continuation SET games = games + 1 WHERE (hash, next) IN (SELECT hash, next FROM "
     "continuation ORDER BY games DESC LIMIT 1)", "/api/explore?game=renju"),
])
def test_a_damaged_index_is_said_with_its_rebuild_never_answered_wrong(examples_index, tmp_path,
                                                                     edit, url):
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(examples_index.read_bytes())
    with sqlite3.connect(damaged) as db:  # a row edited without its checksum made anew
        db.execute(edit)
    answer = TestClient(create_app(str(damaged))).get(url)
    assert answer.status_code == 503
    assert "is damaged" in answer.json()["error"]
    assert f"rebuilding {damaged}" in answer.json()["error"]


def test_an_index_replaced_while_serving_is_read_anew(examples_index, openings, tmp_path):
    # Each thread keeps its connection between requests: one to a file since replaced (kifu
    # index writes a new file and moves it over the old) must not answer.
    served = tmp_path / "served.db"
    served.write_bytes(openings[0].read_bytes())
    client = TestClient(create_app(str(served)))
    before = client.get("/api/explore", params={"game": "renju"}).json()
    assert before["games"] == len(openings[1])
    fresh = tmp_path / "fresh.db"
    fresh.write_bytes(examples_index.read_bytes())
    stat = served.stat()
    os.utime(fresh, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    os.replace(fresh, served)
    games = {game["name"]: game for game in client.get("/api/games").json()["games"]}
    after = client.get("/api/explore", params={"game": "renju"}).json()
    assert after["games"] == games["renju"]["starts"][0]["records"] != before["games"]
    served.write_bytes(b"notes, not an index")
    os.utime(served, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))
    refused = client.get("/api/explore", params={"game": "renju", "position": "h8 h9"})
    assert refused.status_code == 503 and "rebuilding" in refused.json()["error"]


def test_the_examples_index_explores_every_game_from_its_start(examples_index):
    client = TestClient(create_app(str(examples_index)))
    for game in client.get("/api/games").json()["games"]:
        data = client.get("/api/explore", params={"game": game["name"]}).json()
        assert data["games"] == game["starts"][0]["records"]
        assert data["key"] == game["starts"][0]["key"]
        assert client.get("/api/board", params={"game": game["name"]}).text.startswith("<svg")


def test_every_answer_is_what_the_openapi_document_says(client):
    from jsonschema import Draft202012Validator

    document = client.get("/api/openapi.json").json()
    schemas = document["components"]["schemas"]

    def check(value: Any, name: str) -> None:
        schema = {"$ref": f"#/components/schemas/{name}", "components": {"schemas": schemas}}
        Draft202012Validator(schema).validate(value)

    check(client.get("/api/games").json(), "Games")
    check(client.get("/api/explore", params={"game": "renju", "position": "h8"}).json(),
          "Exploration")
    check(client.get("/api/search", params={"sort": "date"}).json(), "Search")
    check(client.get("/api/record/1").json(), "Record")
    check(client.get("/api/explore?game=chess").json(), "Error")
    check(client.get("/api/moves", params={"game": "renju", "position": "h8"}).json(), "Moves")
    check(client.get("/api/play", params={"game": "renju", "move": "h8"}).json(), "Played")
    check(client.get("/api/play", params={"game": "renju", "position": "h8", "move": "h8"})
          .json(), "Played")
    routes = {route.path for route in client.app.routes}  # type: ignore[attr-defined]
    assert set(document["paths"]) <= routes


def test_the_viewer_of_a_record_allows_its_own_inline_code_by_hash_alone(client):
    answer = client.get("/record/1", params={"node": "2"})
    assert answer.status_code == 200 and "kifu-viewer" in answer.text
    policy = answer.headers["content-security-policy"]
    assert "unsafe-inline" not in policy and "'sha256-" in policy
    assert policy.startswith("default-src 'self'")


def test_the_library_explores_as_the_api_does(openings, client):
    corpus = kifu.Corpus(openings[0])
    step = corpus.explore("h8 h9", game="renju")
    answer = client.get("/api/explore", params={"game": "renju", "position": "h8 h9"}).json()
    assert [(m.move, m.key, m.games, m.win, m.draw, m.loss) for m in step.moves] == [
        (m["move"], m["key"], m["games"], m["win"], m["draw"], m["loss"]) for m in answer["moves"]]
    assert [s.key for s in corpus.starts()] == [RENJU.plugin.position_key(RENJU.start())]
    with pytest.raises(kifu.CorpusError, match="holds no Gungi"):
        corpus.explore(game="gungi")


def listed_order(records: list[dict[str, Any]], column: str, descending: bool) -> list[int]:
    """The ids of ``records`` (every record found) as a list sorted by ``column`` shows them:
    those with a value sorted by it, ties by id, then those without one, in index order."""
    present = sorted((hit for hit in records if hit[column] is not None),
                     key=lambda hit: (hit[column], hit["id"]), reverse=descending)
    missing = sorted((hit for hit in records if hit[column] is None), key=lambda hit: hit["id"])
    return [hit["id"] for hit in present + missing]


SORTED_BY = ("id", "name", "date", "event", "black", "white", "result", "moves", "strength")


@pytest.mark.parametrize(("asked", "columns"), [
    ({}, SORTED_BY), ({"pattern": "Game: renju\nAnchor: anywhere\n\nX O\n"}, ("id", "moves"))],
    ids=["every record", "a pattern"])
def test_every_page_of_every_sort_is_its_slice_of_every_record_found_sorted(client, asked,
                                                                            columns):
    """Only a page's records are answered (read whole); the sort reads its column of every
    record found from their rows: the pages are slices of the whole list sorted as the
    records' answers say, and the count is every record found."""
    everything = client.get("/api/search", params={**asked, "per_page": "200"}).json()
    assert everything["complete"] and everything["total"] == len(everything["records"]) > 10
    by_id = {hit["id"]: hit for hit in everything["records"]}
    for column in columns:
        for order in ("asc", "desc"):
            expected = listed_order(everything["records"], column, order == "desc")
            pages = [client.get("/api/search", params={
                **asked, "sort": column, "order": order, "per_page": "7", "page": str(page)
            }).json() for page in (1, 2)]
            assert [page["total"] for page in pages] == [everything["total"]] * 2
            shown = [hit for page in pages for hit in page["records"]]
            assert [hit["id"] for hit in shown] == expected[:14], (column, order)
            assert all(hit == by_id[hit["id"]] for hit in shown)


def test_the_library_pages_as_the_api_does(openings, client):
    pattern = "Game: renju\nAnchor: anywhere\n\nX O\n"
    page = kifu.Corpus(openings[0]).search_page(pattern=pattern, sort="moves", order="desc",
                                                page=2, per_page=5)
    answer = client.get("/api/search", params={"pattern": pattern, "sort": "moves",
                                               "order": "desc", "page": "2",
                                               "per_page": "5"}).json()
    assert page.total == answer["total"] and page.stopped is None
    assert [(hit.record.id, hit.place.node, hit.transform) for hit in page.hits] == [
        (hit["id"], hit["node"], hit["transform"]) for hit in answer["records"]]
    assert [hit.record.id for hit in kifu.Corpus(openings[0]).search(pattern=pattern)] == sorted(
        hit["id"] for hit in client.get("/api/search", params={
            "pattern": pattern, "per_page": "200"}).json()["records"])
    with pytest.raises(kifu.OptionError, match="sort is one of id, name"):
        kifu.Corpus(openings[0]).search_page(sort="rank")


def test_an_index_replaced_by_one_of_the_same_time_lists_its_own_records(examples_index,
                                                                       openings, tmp_path):
    # The records' rows and trails a server checked are kept from one step to the next, for
    # the file they were read from: another file (another inode) given the same time of
    # change and answered from them would name the old file's records.
    served = tmp_path / "served.db"
    served.write_bytes(openings[0].read_bytes())
    client = TestClient(create_app(str(served)))
    asked = {"game": "renju", "recent": "100"}
    before = client.get("/api/explore", params=asked).json()["recent"]
    fresh = tmp_path / "fresh.db"
    fresh.write_bytes(examples_index.read_bytes())
    stat = served.stat()
    os.utime(fresh, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    os.replace(fresh, served)
    after = client.get("/api/explore", params=asked).json()["recent"]
    alone = TestClient(create_app(str(served))).get("/api/explore", params=asked).json()
    assert after == alone["recent"] != before


def test_answers_kept_by_their_question_are_bounded_and_forgotten_with_the_index(
        examples_index, tmp_path, monkeypatch):
    from kifu.serve import api as served_api

    served = tmp_path / "served.db"
    served.write_bytes(examples_index.read_bytes())
    app = create_app(str(served))
    client = TestClient(app)
    monkeypatch.setattr(served_api, "SENT_BYTES", 3000)
    answers = {}
    for game in ("renju", "freego", "gungi"):
        query = f"game={game}"
        answers[query] = client.get(f"/api/explore?{query}").content
        assert app.state.api.sent(query) == answers[query]
    kept = app.state.api._sent[1]
    assert sum(map(len, kept.values())) <= 3000 and list(kept) == list(answers)[-len(kept):]
    assert len(kept) < len(answers)  # the first forgotten
    os.utime(served, ns=(served.stat().st_atime_ns, served.stat().st_mtime_ns + 10**9))
    assert all(app.state.api.sent(query) is None for query in answers)
