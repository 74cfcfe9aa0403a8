"""Moves and positions as values, in every game.

A move has one value however it is written: a move parsed from any spelling the notation
allows equals the move ``legal_moves`` lists, and hashes alike; a record's replay gives the
same values.  A position is a value: equal positions hash alike, its ``repr`` is short, and
``position_from_key(position_key(p)) == p`` on random positions of random games.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kifu
from kifu.base.record import is_event
from kifu.plugin import GamePlugin
from tests.api.random_play import positions
from tests.examples import GAMES, legal

#: How many of a position's listed moves are written in every spelling.
SPELLED = 12


# -- the spellings of a listed move, per game ---------------------------------------------------

def renju_spellings(game: kifu.Game, position: Any, move: Any) -> list[str]:
    text = game.notation(move, position)
    return [text.upper(), f" {text} "]


def freego_spellings(game: kifu.Game, position: Any, move: Any) -> list[str]:
    from kifu.builtin.freego.moves import Place

    seat = f"@{position.to_move + 1}"
    if not isinstance(move, Place):
        return ["PASS", "パス", "pass" + seat]
    cell = position.board.cells[position.board.find(move.cell)]
    names = [name for name in cell.names() if position.board.find(name) == position.board.find(
        move.cell)]
    found = [*names, *(name.upper() for name in names), *(name + seat for name in names)]
    return [name for name in found if position.board.find(name.partition("@")[0]) is not None]


def rengi_spellings(game: kifu.Game, position: Any, move: Any) -> list[str]:
    from kifu.builtin.rengi.moves import Place, Single

    text = game.notation(move, position)
    found = [text[1:]]  # the side left out
    side = position.current
    piece = position.dealer.piece(side, position.sides[side].placed)
    if isinstance(move, Place) and piece is not None and len(piece) == 2:
        axis, child = piece
        (left, right), colours = move.columns, move.colours
        sign = text[0]
        if left == right:  # a vertical pair, lower stone first
            found.append(f"{sign}{left}{'U' if colours == (axis, child) else 'D'}")
        else:  # a horizontal pair, also written right to left
            found.append(f"{sign}{left}R" if colours == (axis, child) else f"{sign}{right}L")
            found.append(f"{sign}{right}{left}{'abcd'[colours[1]]}{'abcd'[colours[0]]}")
    if isinstance(move, Single) and piece is not None:
        found.append(f"{text[0]}{move.column}")  # the colour left to the tsumo list
    return found


def rengoma_spellings(game: kifu.Game, position: Any, move: Any) -> list[str]:
    from kifu.builtin.rengoma.moves import Place
    from kifu.builtin.rengoma.position import other

    (action,) = move.actions
    text = game.notation(move, position)
    found = [text.upper().replace("A ", "A ").replace("B ", "B "), f"{text[0]} {text[2:].upper()}"]
    if isinstance(action, Place):
        colour = other(position.to_move) if action.enemy else position.to_move
        found.append(f"{text}={position.field[colour]}")
    return found


def gungi_spellings(game: kifu.Game, position: Any, move: Any) -> list[str]:
    from kifu.builtin.gungi.geometry import square
    from kifu.builtin.gungi.moves import Placement, Ply

    text = game.notation(move, position)
    if isinstance(move, Placement) or not isinstance(move, Ply):
        return []
    found = []
    if move.file is not None and position.last_square == square(move.file, move.rank):
        assert "同" in text  # as the rules write the square just played (§十八)
        found.append(str(move))  # and with the square written out: the same move
    if move.origin is None and not move.drop and move.strike is None and move.swap is None:
        played = game.plugin.role("rules").play(position.copy(), move, False)[1]
        origin = played.resolved.origin
        if origin is not None:
            mark = text.index("[") if "[" in text else len(text)
            found.append(f"{text[:mark]}[{origin}]{text[mark:]}")
    return found


SPELLINGS: dict[str, Callable[[kifu.Game, Any, Any], list[str]]] = {
    "renju": renju_spellings, "freego": freego_spellings, "rengi": rengi_spellings,
    "rengoma": rengoma_spellings, "gungi": gungi_spellings}


def every_spelling(game: kifu.Game, position: Any, move: Any) -> list[str]:
    """The texts of ``move`` at ``position``: its notation in every dialect, and the other
    spellings the game's notation allows."""
    texts = [game.notation(move, position)]
    texts += [game.notation(move, position, dialect) for dialect in game.dialects]
    texts += SPELLINGS.get(game.name, lambda *_: [])(game, position, move)
    return list(dict.fromkeys(texts))


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_a_move_in_any_spelling_is_the_listed_move(name: str, data: st.DataObject) -> None:
    game = kifu.game(name)
    position = data.draw(positions(name, moves=4))
    listed = game.legal_moves(position)
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    for move in rng.sample(listed, min(SPELLED, len(listed))):
        assert game.canonical(position, move) == move
        assert game.is_legal(position, move)
        for text in every_spelling(game, position, move):
            parsed = game.parse_move(text, position)
            assert parsed == move, f"{text!r} reads as {parsed!r}, listed {move!r}"
            assert hash(parsed) == hash(move)
            assert game.is_legal(position, parsed)


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_a_position_reads_back_from_its_key(name: str, data: st.DataObject) -> None:
    game = kifu.game(name)
    position = data.draw(positions(name))
    key = game.position_key(position)
    again = game.position_from_key(key)  # in any folder: a board file's board is in the key
    assert key == key.strip() and "\n" not in key and "  " not in key
    assert again == position and hash(again) == hash(position)
    assert game.position_key(again) == key
    assert game.to_move(again) == game.to_move(position)
    assert game.outcome(again) == game.outcome(position)
    assert {again, position} == {position}
    assert len(repr(position)) < 160 and repr(position).startswith(f"<{name} position")


@pytest.mark.parametrize("name", GAMES)
@given(data=st.data())
def test_equal_positions_list_equal_moves(name: str, data: st.DataObject) -> None:
    """Issue 36: moves are values, so a position and the position read back from its key,
    which is equal to it, list equal moves, in the same order, hashing alike: what a key
    leaves out (the ply just played, which Gungi's 同 names) changes how a move is written,
    never which move it is."""
    game = kifu.game(name)
    position = data.draw(positions(name))
    again = game.position_from_key(game.position_key(position))
    assert again == position
    listed, relisted = game.legal_moves(position), game.legal_moves(again)
    assert listed == relisted
    assert [hash(move) for move in listed] == [hash(move) for move in relisted]


@pytest.mark.parametrize("name", GAMES)
def test_a_replay_gives_the_listed_moves(name: str) -> None:
    """Every move of the examples' replays is the value ``legal_moves`` lists (where it lists
    the move at all: Renju's forbidden moves and Rengoma's extra actions are not listed, and
    a ply the record writes wrong stays as written)."""
    game = kifu.game(name)
    compared = 0
    for path in legal(name):
        record = kifu.read(str(path))
        if any(d.severity == "error" for d in record.check()):
            continue
        before = record.position(0)
        for step in record.replay():
            listed = game.legal_moves(before)
            if step.move in listed:
                assert hash(listed[listed.index(step.move)]) == hash(step.move)
                compared += 1
            elif game.is_legal(before, step.move):  # a move the game's list leaves out
                assert type(game.plugin).is_legal is not GamePlugin.is_legal
            before = step.position
    assert compared >= 20


# -- examples of the issue ------------------------------------------------------------------

def test_go_points_and_map_cells_are_one_move_in_any_spelling() -> None:
    go = kifu.game("freego")
    start = go.start({"Board": "grid:9"})
    assert go.parse_move("D4", start) == go.parse_move("d4", start)
    assert {go.parse_move("D4", start), go.parse_move("d4", start)} == {go.parse_move("d4", start)}
    japan = go.start({"Board": "japan"})
    nagano = {go.parse_move(text, japan) for text in ("長野", "Nagano", "nagano", "長野@1")}
    assert len(nagano) == 1 and nagano <= set(go.legal_moves(japan))
    china = go.start({"Board": "china"})
    assert go.parse_move("四川省", china) in go.legal_moves(china)


def test_rengi_open_and_colourless_forms_are_the_listed_pair() -> None:
    record = kifu.read("examples/rengi/kou-game.rengi")
    rengi = record.game
    written = [str(move) for move in record.moves[:3]]
    steps = list(record.replay())[:3]
    assert [str(step.move) for step in steps] != written  # +5, +3R ... written openly
    before = record.position(0)
    for step in steps:
        assert step.move in rengi.legal_moves(before)
        before = step.position


def test_gungi_same_square_plies_are_the_listed_ply() -> None:
    """A ply on the square just played is the listed ply, with its square; the notation
    writes it 同 as the rules do (§十八), and 同 reads as that ply (issue 36)."""
    from kifu.builtin.gungi.geometry import square
    from kifu.builtin.gungi.moves import Ply

    record = kifu.read("examples/gungi/short-game.gungi")
    gungi = record.game
    before = record.position(0)
    same = 0
    for step in record.replay():
        move = step.move
        if isinstance(move, Ply) and before.last_square == square(move.file, move.rank):
            written = gungi.notation(move, before)
            assert "同" in written and "同" not in step.notation
            assert gungi.parse_move(written, before) == gungi.parse_move(step.notation,
                                                                         before) == move
            same += 1
        if not is_event(move):
            assert move in gungi.legal_moves(before)
        before = step.position
    assert same > 0


def test_is_legal_follows_the_list() -> None:
    renju = kifu.game("renju")
    record = kifu.read("examples/renju/double-three.renju")
    position = record.position(22)
    assert renju.is_legal(position, renju.parse_move("F7", position))
    assert not renju.is_legal(position, renju.parse_move("f6", position))  # forbidden: it loses
    assert not renju.is_legal(position, renju.parse_move("h8", position))  # occupied
    rengoma = kifu.read("examples/rengoma/team-game.rengoma")
    turn = rengoma.moves[2]
    assert len(turn.actions) > 1  # extra actions paid with chips: played, never listed
    assert rengoma.game.is_legal(rengoma.position(2), turn)
    with pytest.raises(kifu.KifuError, match="not a Renju"):
        renju.is_legal(position, "f7")


@pytest.mark.parametrize("name", GAMES)
def test_to_move_is_none_once_the_game_has_ended(name: str) -> None:
    game = kifu.game(name)
    ended = [position for path in legal(name)
             if game.outcome(position := kifu.read(str(path)).position(lenient=True)) is not None]
    assert ended
    for position in ended:
        assert game.to_move(position) is None
        assert game.position_json(position).get("to_move") is None


@pytest.mark.parametrize("name", GAMES)
def test_a_key_that_is_no_key_is_a_notation_error(name: str) -> None:
    game = kifu.game(name)
    key = game.position_key(game.start(START_HEADERS.get(name)))
    for broken in ("", "x", key + " nonsense:1", key + "  ", key + " end:-,?,?", "?" + key,
                   key.split(" ")[0]):
        with pytest.raises(kifu.NotationError, match="position key"):
            game.position_from_key(broken)
    with pytest.raises(kifu.KifuError):
        game.position_from_key(42)  # type: ignore[arg-type]


#: Header lines a game needs for its start position.
START_HEADERS = {"rengoma": {"Stock-black": "1 1 1 2 2 2 3 3 3 4 4 4",
                             "Stock-red": "4 4 4 3 3 3 2 2 2 1 1 1"}}


def test_positions_are_values_with_a_short_repr() -> None:
    renju = kifu.game("renju")
    record = kifu.read("examples/renju/double-three.renju")
    one, two = record.position(5), record.position(5)
    assert one == two and one is not two and len({one, two}) == 1
    assert one != record.position(6)
    assert repr(one) == "<renju position: 5 stones, white to move>"
    assert renju.position_key(one) == "15/15/15/15/15/15/15/7x7/7xo6/7o7/6x8/15/15/15/15 w"
    assert renju.position_from_key(renju.position_key(one)) == one
