"""Finding a record's game: --game, JSON, the Game: header, the suffix, interchange formats."""
from __future__ import annotations

import pytest

from kifu.base.errors import UnknownGameError
from kifu.plugin import registry


def test_every_game_package_loads():
    assert registry.broken() == {}
    assert "renju" in registry.games()


def test_game_header_wins_over_the_suffix():
    game, fmt = registry.detect("Game: renju\nh8\n", "record.txt")
    assert (game.name, fmt) == ("renju", registry.NATIVE)


def test_suffix_when_there_is_no_header():
    assert registry.detect("h8 i9\n", "a.RENJU")[0].name == "renju"


def test_sgf_is_claimed_by_its_game_number():
    game, fmt = registry.detect("(;GM[4]SZ[15];B[hh])", "a.sgf")
    assert (game.name, fmt) == ("renju", "sgf")


def test_json_names_its_game():
    game, fmt = registry.detect('{"format": "kifu-record", "game": "renju"}', "x.json")
    assert (game.name, fmt) == ("renju", registry.JSON)


def test_explicit_game_and_aliases():
    assert registry.detect("h8", "x.txt", "連珠")[0].name == "renju"
    assert registry.get("RENJU").name == "renju"


def test_unknown_game_is_explained():
    with pytest.raises(UnknownGameError, match="Game:' header, a known suffix"):
        registry.detect("h8 i9", "x.txt")
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        registry.detect("Game: chess\n", "x.txt")
