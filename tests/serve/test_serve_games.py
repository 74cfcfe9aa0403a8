"""Every game in ``kifu serve``'s page from what the game says of itself, the games taken from
the built-in cards (so that a sixth game is covered too: ``tests/house/test_sixth_game.py``
runs this module on its toy): the page's files name no game, ``/api/games`` gives each game's
sides, their names and its editor layout, and a position of each game's examples is set up
piece by piece as the page's clicks set it up (the layout's own reading, in Python), written
as the game writes its key, and found."""
from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import Any

import pytest

import kifu
from kifu.base.cards import BUILT_IN
from kifu.plugin import EditorLayout, registry
from kifu.plugin.editor import Setup
from kifu.serve.pages import FILES
from tests.examples import EXAMPLES, GAMES, legal
from tests.serve.conftest import kifu_index

pytest.importorskip("starlette")
with warnings.catch_warnings():  # starlette asks for httpx2, not yet on every index
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from kifu.serve import create_app, words

STATIC = Path(__file__).resolve().parents[2] / "kifu" / "serve" / "static"


def names_of(card: Any) -> set[str]:
    """What names a game: its name, its aliases, and its title's words in Latin letters."""
    latin = re.match(r"[ -~]+", card.title)
    title = latin.group().split("(")[0].strip() if latin else ""
    return {card.name, *card.aliases, *([title] if title else [])}


@pytest.mark.parametrize("game", GAMES)
def test_the_pages_files_name_no_game(game):
    card = next(card for card in BUILT_IN if card.name == game)
    for name in FILES:
        text = (STATIC / name).read_text(encoding="utf-8")
        for said in names_of(card):
            found = re.search(rf"(?<![\w-]){re.escape(said)}(?![\w-])", text, re.IGNORECASE)
            assert found is None, f"{name} names {game} ({said!r}) at {found.start()}"


@pytest.fixture(scope="module", params=GAMES)
def served(request: pytest.FixtureRequest,
           tmp_path_factory: pytest.TempPathFactory) -> tuple[str, TestClient]:
    """A game and the page's API over an index of its examples."""
    game = request.param
    index = kifu_index([EXAMPLES / game], tmp_path_factory.mktemp(game) / "corpus.db")
    return game, TestClient(create_app(str(index)))


def described(client: TestClient, game: str) -> dict[str, Any]:
    found: dict[str, Any] = next(entry for entry in client.get("/api/games").json()["games"]
                                 if entry["name"] == game)
    return found


def test_the_api_gives_what_the_game_says_of_itself(served):
    game, client = served
    plugin = registry.get(game)
    entry = described(client, game)
    sides = list(plugin.result_sides() or ())
    assert entry["sides"] == sides
    # the game's own names, else the viewer's words for its sides, in every language the
    # pages speak
    own = plugin.names_of_sides()
    assert set(entry["side_names"]) == set(words.languages())
    for language, names in own.items():
        assert entry["side_names"][language] == names
    assert entry["side_names"] == words.side_names(own)
    assert set(entry["side_names"]["en"]) >= set(sides)  # English always names every side
    for names in entry["side_names"].values():
        assert set(names) <= set(sides) and all(names.values())
    layout = plugin.editor_layout()
    assert entry["editor"] == (None if layout is None else layout.to_json())
    if layout is not None:  # each side it names is one of the game's
        assert set(layout.side_codes.values()) <= set(sides)
        assert {p.side for p in layout.pieces} - {None} <= set(sides)
        assert set(layout.board_sides) <= set(sides)


def clicked(layout: EditorLayout, setup: Setup) -> Setup:
    """``setup``'s boards and hands put together anew from empty, a piece at a time, as the
    page's clicks put them (a stack bottom to top; a hand's piece by its label); a piece's
    note (Gungi's hidden faces) is no click's: it is kept as typed in the key."""
    codes = {piece.code: piece for piece in layout.pieces}
    made = Setup(list(setup.fields), [[[[] for _ in row] for row in board]
                                      for board in setup.boards],
                 None if setup.hands is None else [[] for _ in setup.hands])
    for board, rows in zip(made.boards, setup.boards):
        for row, points in enumerate(rows):
            for column, pieces in enumerate(points):
                for written in pieces:
                    code = unnoted(layout, written)
                    assert code in codes, f"the palette puts no {code!r}"
                    assert len(board[row][column]) < layout.tiers
                    board[row][column].append(code + written[len(code):])
    labels = {piece.label or piece.code for piece in layout.pieces}
    for hand, pieces in zip(made.hands or [], setup.hands or []):
        for piece in pieces:
            assert unnoted(layout, piece) in labels, f"the palette puts no {piece!r} in a hand"
            hand.append(piece)
    return made


def unnoted(layout: EditorLayout, written: str) -> str:
    """A piece as a key writes it, without its note."""
    return written.split(layout.note[0])[0] if layout.note else written


def main_line_keys(game: str) -> list[tuple[Path, str]]:
    """Each position key of the main lines of the game's examples, with its record."""
    plugin = registry.get(game)
    found = []
    for path in legal(game):
        record = kifu.read(str(path))
        for move in range(len(record.moves) + 1):
            try:
                found.append((path, plugin.position_key(record.position(move))))
            except kifu.KifuError:
                break
    return found


def test_every_position_of_the_examples_is_set_up_piece_by_piece_and_found(served):
    game, client = served
    plugin = registry.get(game)
    layout = plugin.editor_layout()
    keys = main_line_keys(game)
    assert keys
    if layout is None:  # its key is edited as text: the start's is read and searched
        path, key = keys[0]
        assert client.get("/api/moves", params={"game": game, "position": key}).status_code == 200
        hits = client.get("/api/search", params={"game": game, "position": key}).json()
        assert path.name in {Path(hit["name"]).name for hit in hits["records"]}
        return
    fitting = [(path, key) for path, key in keys if layout.fits(key)]
    assert fitting, f"no key of {game}'s examples is one its layout is for"
    read = []
    for path, key in fitting:  # the editor reads every key it is for, and writes it back
        setup = layout.read(key)
        assert setup is not None, key
        assert layout.write(setup) == key
        assert layout.write(clicked(layout, setup)) == key  # the palette puts all it holds
        read.append((path, key, setup))
    path, key, setup = read[-1]  # the last, with most play, set up by clicks and searched
    assert any(point for board in setup.boards for row in board for point in row)
    again = layout.write(clicked(layout, setup))
    assert client.get("/api/moves", params={"game": game, "position": again}).status_code == 200
    hits = client.get("/api/search", params={"game": game, "position": again,
                                             "per_page": "200"}).json()
    assert path.name in {Path(hit["name"]).name for hit in hits["records"]}


def test_any_piece_the_palette_puts_is_read_or_refused_by_the_game(served):
    game, client = served
    layout = registry.get(game).editor_layout()
    start = described(client, game)["starts"][0]["key"]
    setup = layout.read(start) if layout is not None else None
    if setup is None:  # the key as text: one the game cannot read is said, never a crash
        answer = client.get("/api/moves", params={"game": game, "position": start + "/x"})
        assert answer.status_code == 400 and "bad position" in answer.json()["error"]
        return
    for piece in layout.pieces:
        board = [[list(point) for point in row] for row in setup.boards[0]]
        board[0][0] = [piece.code]
        key = layout.write(Setup(setup.fields, [board, *setup.boards[1:]], setup.hands))
        answer = client.get("/api/moves", params={"game": game, "position": key})
        assert answer.status_code in (200, 400), (key, answer.text)
        if answer.status_code == 400:
            assert answer.json()["error"].startswith("bad position: ")
        else:
            assert answer.json()["key"]
