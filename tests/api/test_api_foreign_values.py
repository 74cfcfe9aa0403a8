"""A position of another game handed to a game of the library is refused with a ``KifuError``
that names what it is, for every pair of games and every call that takes a position (before,
some raised AttributeError or IndexError deep in a referee and ``outcome`` said ``None``)."""
from __future__ import annotations

import itertools
import math
import re

import pytest

import kifu
from tests.examples import GAMES, legal


def _position(name: str):
    """A real position of ``name``: the last of its first bundled example."""
    return kifu.read(str(legal(name)[0])).position()


CALLS = {
    "legal_moves": lambda game, pos: game.legal_moves(pos),
    "to_move": lambda game, pos: game.to_move(pos),
    "outcome": lambda game, pos: game.outcome(pos),
    "position_json": lambda game, pos: game.position_json(pos),
    "parse_move": lambda game, pos: game.parse_move("pass", pos),
    "svg": lambda game, pos: kifu.svg(pos, game),
    "png": lambda game, pos: kifu.png(pos, game),
    "text": lambda game, pos: kifu.text(pos, game),
}


@pytest.mark.parametrize(("mine", "theirs"), list(itertools.permutations(GAMES, 2)))
def test_a_position_of_another_game_is_a_kifu_error_naming_its_type(mine, theirs):
    game, position = kifu.game(mine), _position(theirs)
    said = re.escape(f"is not a {game.title} position (it is a kifu.builtin.{theirs}.")
    for name, call in CALLS.items():
        with pytest.raises(kifu.KifuError, match=said):
            call(game, position)
            pytest.fail(f"{name} took a {theirs} position")
    move = game.legal_moves(_position(mine))
    if move:
        with pytest.raises(kifu.KifuError, match="position"):
            game.play(position, move[0])


@pytest.mark.parametrize("size", [-5, 0, 49, 20_001, 10**400, math.nan, 1.5, True, "200"])
def test_a_drawing_size_outside_its_range_is_an_option_error(size):
    game = kifu.game("renju")
    with pytest.raises(kifu.OptionError, match="from 50 to 20000"):
        kifu.svg(game.start(), game, size=size)
    assert kifu.svg(game.start(), game, size=50).startswith("<svg")


@pytest.mark.parametrize(("call", "parameter"), [
    (lambda record: record.position("x"), "n"),
    (lambda record: record.position(True), "n"),
    (lambda record: record.position(2.5), "n"),
    (lambda record: record.line(3), "variation"),
    (lambda record: record.line([1.5]), "variation"),
    (lambda record: record.replay(variation=object()), "variation"),
    (lambda record: record.add_variation(None, []), "entry"),
    (lambda record: record.game.start(3), "headers"),
])
def test_a_value_of_the_wrong_python_type_is_an_option_error_naming_its_parameter(call,
                                                                                parameter):
    """A string for a move number, a number for a variation, headers that are no mapping: an
    ``OptionError`` naming the parameter and its kind, not a TypeError or AttributeError from
    inside kifu."""
    record = kifu.read(legal("renju")[0])
    with pytest.raises(kifu.OptionError) as raised:
        result = call(record)
        list(result) if not isinstance(result, (str, list)) else result
    assert raised.value.option == parameter and parameter in str(raised.value)
