"""Headers that set the rules (komi, players, scoring) and the ``Result:`` a record states."""
from __future__ import annotations

import pytest

from kifu.base.errors import HeaderError
from kifu.builtin.freego import GAME
from kifu.builtin.freego.moves import Pass
from kifu.builtin.freego.render import diagram
from kifu.builtin.freego.rules import play, scoring
from kifu.builtin.freego.setup import parameters


def rules(headers: str):
    return parameters.rules_of(GAME.parse(headers + "\n"))


def test_komi_forms():
    assert rules("Komi: 6.5").komi == (0, 6.5)  # Go's single komi is the second player's
    assert rules("Players: a, b, c\nKomi: 0, 3, 6.5").komi == (0, 3, 6.5)
    assert rules("Players: a, b, c\nKomi: 0 ３ ６．５").komi == (0, 3, 6.5)  # full-width
    assert rules("Players: a, b, c").komi == (0, 0, 0)


@pytest.mark.parametrize("headers, rule", [
    ("Players: a, b, c\nKomi: 6.5", "komi"),
    ("Komi: six", "komi"),
    ("Players: solo", "seats"),
    ("Players: a, A", "seats"),
    ("Players: a+b, c", "seats"),
    ("Players: 1, 2", "seats"),
    ("Scoring: chinese", "scoring"),
    ("Suicide: maybe", "suicide"),
    ("Board: atlantis", "board"),
])
def test_bad_headers_are_located(headers, rule):
    with pytest.raises(HeaderError if rule != "board" else Exception) as caught:
        rules(headers)
    assert caught.value.rule == rule
    assert caught.value.span.line == headers.count("\n") + 1


def test_defaults():
    found = rules("")
    assert (found.board.name, found.seats, found.komi, found.scoring, found.suicide) == (
        "grid:19", ("black", "white"), (0, 0), "territory", False)


def finished(komi=(0, 0.5)):
    pos = diagram.position("""
        . X O .
        . X O .
    """, komi=komi)
    play(pos, Pass())
    play(pos, Pass())
    return pos  # black 2, white 2.5


def said(text: str):
    """A result as a record of two seats states it."""
    return GAME.parse_result(text)


@pytest.mark.parametrize("stated", ["white+0.5", "White+0.5", "white + 0.5", "white", "W+0.5",
                                    "white+R", "W+Resign", "white+T", "?", "void", "white+x",
                                    "白胜1/4子", "白半目勝ち", "백 반집승", "White wins by 0.5"])
def test_results_that_agree(stated):
    assert scoring.result_matches(said(stated), finished()) is None


@pytest.mark.parametrize("stated", ["black+0.5", "white+1.5", "draw", "B+R", "黑中盘胜",
                                    "白胜1子", "黒半目勝ち"])
def test_results_that_disagree(stated):
    assert scoring.result_matches(said(stated), finished()) == (
        "white+0.5 (territory scoring: black 2, white 2.5)")


def test_a_draw():
    pos = finished(komi=(0, 0))
    for stated in ("draw", "jigo", "0", "持碁", "和棋", "무승부"):
        assert scoring.result_matches(said(stated), pos) is None
    assert scoring.result_matches(said("black+0"), pos) is not None
