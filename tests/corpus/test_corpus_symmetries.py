"""What each game counts as one position in a corpus index (each game's ``DECISIONS.md``,
"Searching a corpus"): a position and its images under the game's symmetries key alike, and
only those.  The images are made here from position keys, rewritten by this file's own code."""
from __future__ import annotations

import random
import re
from pathlib import Path

import kifu
from kifu.corpus.search import key_of
from kifu.plugin.keys import read_rows, rows_text
from kifu.plugin.symmetry import text_hash
from tests.corpus.corpora import TURNS, random_game, sgf, transformed

EXAMPLES = Path(__file__).parents[2] / "examples"


def key(position: object, game: str) -> int:
    return key_of(kifu.game(game).plugin, position).hash


def test_go_is_searched_under_the_board_symmetries_and_colours(tmp_path):
    moves = random_game("freego", 9, 25, random.Random(4))
    keys = set()
    for turn in range(len(TURNS)):
        for swap in (False, True):
            path = tmp_path / f"g{turn}{swap}.sgf"
            path.write_text(sgf(transformed(moves, turn, 9), 9, swap=swap), encoding="utf-8")
            keys.add(key(kifu.read(str(path)).position(), "freego"))
    assert len(keys) == 1
    go = kifu.game("freego").plugin
    (tmp_path / "square.sgf").write_text("(;GM[1]SZ[19])", encoding="utf-8")
    (tmp_path / "oblong.sgf").write_text("(;GM[1]SZ[9:13])", encoding="utf-8")
    square = go.start(kifu.read(str(tmp_path / "square.sgf")).data)
    oblong = go.start(kifu.read(str(tmp_path / "oblong.sgf")).data)
    japan = go.start(kifu.parse("Game: freego\nBoard: japan\n").data)
    three = go.start(kifu.parse("Game: freego\nBoard: grid:9\nPlayers: a, b, c\n").data)
    assert go.symmetry(square).describe() == "8 board symmetries, colours swapped"
    assert go.symmetry(oblong).describe() == "4 board symmetries, colours swapped"
    assert go.symmetry(japan).describe() == "the colours swapped"
    assert go.symmetry(three).describe() == "8 board symmetries"
    # Other boards, other positions, however alike their stones.
    assert len({key(p, "freego") for p in (square, oblong, japan, three)}) == 4


def renju_image(text: str, turn: int | None, swap: bool) -> str:
    """A Renju key turned (``TURNS[turn]``) and with its colours exchanged."""
    rows_part, side, *rest = text.split(" ")
    rows = read_rows(rows_part)
    size = len(rows)
    points = {(c, size - 1 - r): rows[r][c] for r in range(size) for c in range(size)}
    if turn is not None:
        points = {TURNS[turn](c, r, size - 1): code for (c, r), code in points.items()}
    if swap:
        points = {p: {"x": "o", "o": "x"}.get(code, code) for p, code in points.items()}
        side = {"b": "w", "w": "b"}[side]
    grid = [[points[(c, size - 1 - r)] for c in range(size)] for r in range(size)]
    return " ".join([rows_text(grid), side, *rest])


def test_renju_is_searched_under_the_board_symmetries_without_colours():
    record = kifu.read(str(EXAMPLES / "renju" / "double-three.renju"))
    renju = record.game.plugin
    position = record.position(9)
    text = renju.position_key(position)
    images = {key(renju.position_from_key(renju_image(text, turn, False)), "renju")
              for turn in range(len(TURNS))}
    assert images == {key(position, "renju")}
    swapped = renju.position_from_key(renju_image(text, None, True))
    assert key(swapped, "renju") != key(position, "renju")
    assert renju.symmetry(position).describe() == "8 board symmetries"


_GUNGI_SQUARE = re.compile(r"\d+|\([^)]*\)|v?[^\d(v<]?(?:<[^>]*>)?")


def gungi_mirror(text: str) -> str:
    """A Gungi key with each rank read from the other edge."""
    board, *rest = text.split(" ")
    ranks = []
    for rank in board.split("/"):
        squares: list[str] = []
        for token in _GUNGI_SQUARE.findall(rank):
            if token.isdigit():
                squares.extend([""] * int(token))
            elif token:
                squares.append(token)
        assert len(squares) == 9, rank
        ranks.append(squares[::-1])
    return " ".join([rows_text(ranks), *rest])


def test_gungi_is_searched_with_its_mirror_image():
    record = kifu.read(str(EXAMPLES / "gungi" / "nishitsuji-sample.gungi"))
    gungi = record.game.plugin
    for move in (40, 90):
        position = record.position(move)
        mirrored = gungi.position_from_key(gungi_mirror(gungi.position_key(position)))
        assert mirrored != position
        assert key(mirrored, "gungi") == key(position, "gungi")
        assert key(record.position(move - 1), "gungi") != key(position, "gungi")
    assert gungi.symmetry(position).names == ("identity", "mirrored left to right")


def test_rengi_positions_are_searched_as_they_are():
    record = kifu.read(str(EXAMPLES / "rengi" / "kou-game.rengi"))
    rengi = record.game.plugin
    position = record.position(20)
    assert rengi.symmetry(position).describe() == "no symmetry"
    assert key(position, "rengi") == text_hash(rengi.position_key(position))


def rengoma_image(text: str, turn: int, swap: bool) -> str:
    """A Rengoma key turned (``TURNS[turn]``, a square board) and with the colours swapped."""
    rows_part, seat, *fields = text.split(" ")
    rows = [re.findall(r"\d+|\[[^\]]*\]", row) for row in rows_part.split("/")]
    grid = []
    for row in rows:
        cells: list[str] = []
        for token in row:
            cells.extend([""] * int(token) if token.isdigit() else [token])
        grid.append(cells)
    size = len(grid)
    points = {TURNS[turn](c, size - 1 - r, size - 1): grid[r][c]
              for r in range(size) for c in range(size)}
    if swap:
        points = {p: code.translate(str.maketrans("BR", "RB")) for p, code in points.items()}
        seat = seat.translate(str.maketrans("br", "rb"))
        named = dict(field.split(":", 1) for field in fields)
        named["field"] = ",".join(reversed(named["field"].split(",")))
        named["stock"] = ",".join(reversed(named["stock"].split(",")))
        stock, black, red = named["chips"].split(",")
        named["chips"] = f"{stock},{red},{black}"
        fields = [f"{name}:{value}" for name, value in named.items()]
    turned = [[points[(c, size - 1 - r)] for c in range(size)] for r in range(size)]
    return " ".join([rows_text(turned), seat, *fields])


def test_rengoma_is_searched_under_the_board_symmetries_and_colours():
    record = kifu.read(str(EXAMPLES / "rengoma" / "study-chip-finish.rengoma"))
    rengoma = record.game.plugin
    position = record.position(0)
    text = rengoma.position_key(position)
    images = set()
    for turn in range(len(TURNS)):
        for swap in (False, True):
            image = rengoma.position_from_key(rengoma_image(text, turn, swap))
            images.add(key(image, "rengoma"))
            if turn or swap:
                assert image != position
    assert images == {key(position, "rengoma")}
    assert rengoma.symmetry(position).describe() == "8 board symmetries, colours swapped"
