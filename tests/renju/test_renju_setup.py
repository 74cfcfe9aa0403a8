"""Renju problems and studies: set-up positions, nested variations, the move-by-move replay."""
from __future__ import annotations

from pathlib import Path

import pytest

from kifu.base.errors import HeaderError, NotationError, SetupError
from kifu.builtin.renju import GAME, sgf
from kifu.builtin.renju.moves import Point
from kifu.builtin.renju.position import BLACK, WHITE
from kifu.plugin import driver, jsonform
from kifu.run.replayjson import replay_json

PROBLEM = Path(__file__).parents[2] / "examples" / "renju" / "problem-four-three.renju"


def test_problem_starts_from_its_set_up_and_replays_every_line():
    record = GAME.parse(PROBLEM.read_text(encoding="utf-8"))
    start = GAME.start(record)
    assert start.colour_at(Point.parse("h8")) == BLACK
    assert start.colour_at(Point.parse("d7")) == WHITE
    assert start.stones == 10 and start.to_move == BLACK
    problems, moves = driver.check(GAME, record)
    assert problems == [] and moves == 5


def test_problem_round_trips_byte_for_byte_and_through_json_and_sgf():
    text = PROBLEM.read_text(encoding="utf-8")
    record = GAME.parse(text)
    assert GAME.write(record) == text
    assert jsonform.loads(jsonform.dumps(record)) == record
    through_sgf = sgf.read(sgf.write(record))
    assert through_sgf.setup == record.setup and through_sgf.moves == record.moves
    assert through_sgf.headers == record.headers  # SGF keeps the headers, if not their order


def test_replay_json_tells_each_move_of_every_line():
    document = replay_json(GAME, GAME.parse(PROBLEM.read_text(encoding="utf-8")), variations=True)
    assert document["start"]["stones"]["black"] == ["e7", "f7", "g7", "h8", "h9"]
    lines = {tuple(line["path"]): line for line in document["lines"]}
    assert [m["notation"] for m in lines[()]["moves"]] == ["h7", "i7", "h10", "h11", "h6"]
    assert [m["notation"] for m in lines[(2, 1)]["moves"]] == ["h10", "i7"]
    assert lines[(2, 1)]["moves"][-1]["events"] == [
        {"type": "end", "winner": "black", "reason": "five at i7"}]
    assert [m["number"] for m in lines[(4, 1)]["moves"]] == [4, 5]
    assert document["outcome"] == {"winner": "black", "reason": "five at h6"}


def test_render_of_a_set_up_without_moves_shows_the_set_up(kifu_cli, tmp_path):
    path = tmp_path / "p.renju"
    path.write_text("Game: renju\nSetup-Black: h8\nSetup-White: i9\nTo-Move: black\n")
    out = kifu_cli("render", path, "-f", "text").stdout
    assert " 9 . . . . . . . . O" in out and " 8 . . . . . . . X" in out
    assert out.endswith("black to play\n")


@pytest.mark.parametrize("text, error, message, column", [
    ("Setup-Black: h8 h9 h10 h11 h12\n", SetupError, "black already has 5 in a row", 14),
    ("Setup-Black: h8 i9\nSetup-White: i9\n", SetupError, "given a stone twice", 14),  # line 3
    ("Setup-Black: h8 p16\n", SetupError, "p16 is off the board", 17),
    ("Setup-Black: h8 x\n", HeaderError, "'x' is not a point", 17),
    ("Setup-Black: h8\nTo-Move: red\n", HeaderError, "black or white", 1),
])
def test_impossible_set_ups_are_located_errors(text, error, message, column):
    with pytest.raises(error, match=message) as info:
        GAME.start(GAME.parse("Game: renju\n" + text))
    assert info.value.span.column == column


def test_set_up_stones_in_check_are_reported_by_validate(kifu_cli, tmp_path):
    path = tmp_path / "five.renju"
    path.write_text("Game: renju\nSetup-White: a1 b2 c3 d4 e5 f6\n")
    out = kifu_cli("validate", "-q", path, exit_code=1).stdout
    assert "five.renju:2:14: error[setup]: white already has 6 in a row" in out


def test_sgf_set_up_with_side_to_move():
    record = sgf.read("(;GM[4]AB[hh][ii]AW[ig]PL[W];W[jj];B[kk])")
    assert record.setup.to_move == "white"
    assert [str(p) for p in record.setup.black] == ["h8", "i7"]
    with pytest.raises(NotationError, match="black moves where white is to move"):
        sgf.read("(;GM[4]AB[hh]PL[W];B[jj])")
    with pytest.raises(NotationError, match="root node only"):
        sgf.read("(;GM[4];B[hh];AB[ii]W[jj])")
