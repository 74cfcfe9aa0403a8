"""A record's stated result is read strictly, into the same data an outcome is, in every game:
a typo is an error whether or not the game has ended; the same result in other words agrees;
the library gives the winner, the kind of end and the score."""
from __future__ import annotations

import pytest

import kifu
from kifu.base.errors import ResultError
from kifu.plugin.results import read_result
from tests.examples import GAMES, legal

SIDES = ("black", "white")


@pytest.mark.parametrize(("written", "winner", "kind", "score"), [
    ("black", "black", "unknown", None), ("Black wins", "black", "unknown", None),
    ("WHITE won", "white", "unknown", None), ("draw", None, "agreement", None),
    ("0", None, "agreement", None), ("B+R", "black", "resignation", None),
    ("W+Resign", "white", "resignation", None), ("b+t", "black", "time", None),
    ("W+F", "white", "forfeit", None), ("B+3.5", "black", "score", 3.5),
    ("white+12", "white", "score", 12.0), ("B+", "black", "unknown", None)])
def test_the_spellings_every_game_reads(written, winner, kind, score):
    read = read_result(written, SIDES)
    assert (read.winner, read.kind, read.score) == (winner, kind, score)


@pytest.mark.parametrize("written", ["?", "void", "Unknown", "*", "  "])
def test_an_unknown_result_is_no_outcome(written):
    assert read_result(written, SIDES) is None


@pytest.mark.parametrize("written", ["wite", "blak+3", "B+X", "black+white", "rde", "1-2"])
def test_a_typo_is_no_result(written):
    with pytest.raises(ResultError, match="is no result kifu reads"):
        read_result(written, SIDES)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_reports_an_unreadable_result_of_an_unfinished_game(game, tmp_path):
    record = legal(game)[0].read_text(encoding="utf-8")
    if "Result:" in record:
        record = "\n".join(line for line in record.splitlines()
                           if not line.startswith("Result:"))
    head, _, rest = record.partition("\n")
    path = tmp_path / legal(game)[0].name
    path.write_text(f"{head}\nResult: wite\n{rest}\n", encoding="utf-8")
    problems = [d for d in kifu.read(str(path)).check() if d.rule == "result"]
    assert len(problems) == 1 and "'wite' is no result kifu reads" in problems[0].message
    assert problems[0].line == 2


def test_the_same_result_in_other_words_agrees_with_the_moves():
    five = "h8 a1 i8 a2 j8 a3 k8 a4 l8"
    for said in ("black", "Black wins", "1-0", "B+", "黒勝ち"):
        assert kifu.parse(f"Game: renju\nResult: {said}\n\n{five}\n").check() == []
    wrong = kifu.parse(f"Game: renju\nResult: white\n\n{five}\n").check()
    assert [d.rule for d in wrong] == ["result"]
    assert "says the result is 'white', but the moves give black wins" in wrong[0].message


def test_outcomes_are_data_with_a_kind_and_a_score():
    five = kifu.parse("Game: renju\n\nh8 a1 i8 a2 j8 a3 k8 a4 l8\n")
    assert (five.outcome().winner, five.outcome().kind) == ("black", "five")
    resigned = kifu.parse("Game: renju\nResult: W+R\n\nh8\n")
    assert resigned.outcome().kind == "resignation" and resigned.outcome().winner == "white"
    counted = kifu.parse("Game: freego\nBoard: grid:5\nPlayers: orange, teal\n"
                         "Result: orange+3\n\nc3 pass pass\n")
    ended = counted.outcome()
    assert ended.kind == "score" and ended.winner == "orange" and ended.score == 24.0
    assert counted.result().score == 3.0 and counted.result().winner == "orange"
