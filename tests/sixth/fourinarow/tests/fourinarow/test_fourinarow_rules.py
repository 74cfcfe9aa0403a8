"""Four in a Row's rules, each with the positions drawn as the text diagram draws them (row 6
at the top), and each decision of ``kifu/builtin/fourinarow/DECISIONS.md``."""
from __future__ import annotations

from pathlib import Path

import pytest

import kifu
from kifu.builtin.fourinarow.moves import COLUMNS, WIDTH
from kifu.builtin.fourinarow.position import EMPTY, RED, YELLOW, Position, board_problem

GAME = kifu.game("fourinarow")


def board(diagram: str, to_move: str = "red") -> Position:
    """A position from a diagram of six rows of seven cells: ``R``, ``Y`` or ``.``."""
    rows = [line.split() for line in diagram.strip().splitlines()]
    assert len(rows) == 6 and all(len(row) == WIDTH for row in rows)
    cells = [{".": EMPTY, "R": RED, "Y": YELLOW}[code] for row in reversed(rows) for code in row]
    side = RED if to_move == "red" else YELLOW
    assert board_problem(cells, side) is None, "a position play cannot reach"
    return Position(cells, side)


def drawn(position: Position) -> str:
    """The position as the text diagram draws it, without coordinates."""
    return kifu.text(position, GAME, coords=False)


def play(position: Position, *columns: str) -> Position:
    for column in columns:
        position = GAME.play(position, GAME.parse_move(column, position))
    return position


def test_red_starts_and_the_turns_alternate() -> None:
    after = play(GAME.start(), "d", "d", "e")
    assert drawn(after) == (". . . . . . .\n" * 4 + ". . . Y . . .\n. . . R R . .\n")
    assert GAME.to_move(GAME.start()) == "red" and GAME.to_move(after) == "yellow"


@pytest.mark.parametrize(("diagram", "column", "line"), [
    (""". . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        Y Y Y R R R .""", "g", "d1 e1 f1 g1"),
    (""". . . . . . .
        . . . . . . .
        . . R . . . .
        . . R . . . .
        . . R Y . . .
        . Y Y Y R . .""", "c", "c2 c3 c4 c5"),
    (""". . . . . . .
        . . . . . . .
        . . . R Y . .
        . . R R R . .
        . R Y R Y . .
        Y Y R Y Y . .""", "e", "b2 c3 d4 e5"),
    (""". . . . . . .
        . . . . . . .
        R Y . . . . .
        Y R Y . . . .
        R Y R . . . .
        Y R Y . . . R""", "d", "a4 b3 c2 d1"),
], ids=["row", "column", "diagonal", "other-diagonal"])
def test_four_in_a_row_wins_in_every_direction(diagram: str, column: str, line: str) -> None:
    position = board(diagram)
    after = play(position, column)
    assert GAME.outcome(after) == kifu.Outcome("red", f"four in a row: {line}", "four")
    assert GAME.legal_moves(after) == [] and GAME.to_move(after) is None


def test_a_line_of_five_wins_and_is_named_whole() -> None:
    position = board(""". . . . . . .
                        . . . . . . .
                        . . . . . . .
                        . . . . . . .
                        Y Y . Y Y . .
                        R R . R R . .""")
    after = play(position, "c")
    assert GAME.outcome(after).reason == "four in a row: a1 b1 c1 d1 e1"
    record = kifu.Record.new("fourinarow", setup={"red": ["a1", "b1", "d1", "e1"],
                                                  "yellow": ["a2", "b2", "d2", "e2"]})
    record.play("c")
    four = [event for step in record.replay() for event in step.events if event["type"] == "four"]
    assert four == [{"type": "four", "side": "red", "cells": ["a1", "b1", "c1", "d1", "e1"]}]


def test_a_full_column_is_refused() -> None:
    position = play(GAME.start(), *"dddddd")
    assert GAME.legal_moves(position) == [GAME.parse_move(c, position) for c in "abcefg"]
    with pytest.raises(kifu.IllegalMoveError, match="column d is full") as refused:
        play(position, "d")
    assert refused.value.rule == "full-column"


def test_a_full_board_without_a_line_is_a_draw() -> None:
    record = kifu.read("examples/fourinarow/drawn-game.fourinarow")
    steps = list(record.replay())
    assert len(steps) == 42 and steps[-1].events[-1] == {"type": "full"}
    assert record.outcome() == kifu.Outcome(None, "the board is full", "full-board")
    assert record.outcome().is_draw and record.check() == []


def test_lenient_mends_nothing() -> None:
    text = "Game: fourinarow\n\n1. d 2. d 3. d 4. d 5. d 6. d 7. d\n"
    assert kifu.parse(text).check(lenient=True) == kifu.parse(text).check()
    [fault] = kifu.parse(text).check(lenient=True)
    assert (fault.rule, fault.move) == ("full-column", 7)


@pytest.mark.parametrize(("red", "yellow", "rule"), [
    ("d1 e3", "e1", "floating"),
    ("d1 e1", "", "disc-count"),
    ("", "d1", "disc-count"),
    ("a1 b1 c1 d1", "a2 b2 c2 d2", "four-in-setup"),
    ("a1 a1", "b1 c1", "cell-twice"),
])
def test_set_up_rules(red: str, yellow: str, rule: str) -> None:
    text = f"Game: fourinarow\nSetup-Red: {red}\nSetup-Yellow: {yellow}\n"
    [fault] = kifu.parse(text).check()
    assert (fault.code, fault.rule) == ("setup", rule)
    with pytest.raises(kifu.HeaderError, match="'d7' is no cell of the board") as refused:
        kifu.parse("Game: fourinarow\nSetup-Red: d7\n")
    assert (refused.value.rule, refused.value.span) == ("cell", (2, 12, 2, 14))
    made = kifu.parse("Game: fourinarow\nSetup-Red: d1 d3\nSetup-Yellow: d2\n")
    assert GAME.to_move(made.position()) == "yellow"
    assert kifu.parse("Game: fourinarow\nSetup-Red:\nSetup-Yellow:\n").setup is None


def test_results_of_unfinished_games_agree() -> None:
    for said in ("red", "Yellow wins by resignation", "draw", "?"):
        assert kifu.parse(f"Game: fourinarow\nResult: {said}\n\n1. d 2. d\n").check() == []
    wrong = kifu.parse("Game: fourinarow\nResult: 黄胜\n\n1. a 2. b 3. a 4. b 5. a 6. b 7. a\n")
    assert [d.rule for d in wrong.check()] in (["result"], ["result-unread"])


def test_flip_mirrors_the_columns() -> None:
    position = play(GAME.start(), "a", "b")
    assert kifu.text(position, GAME, flip=True).splitlines()[0].split() == list(COLUMNS[::-1])
    assert kifu.text(position, GAME, flip=True, coords=False).splitlines()[-1] == \
        ". . . . . Y R"


def test_a_mirrored_game_is_found(tmp_path) -> None:
    (tmp_path / "left.fourinarow").write_text("Game: fourinarow\n\n1. a 2. b 3. a\n",
                                              encoding="utf-8")
    index = kifu.Corpus(tmp_path / "corpus.db")
    index.index([tmp_path])
    mirrored = play(GAME.start(), "g", "f", "g")
    assert [Path(hit.record.path).name for hit in index.search(mirrored)] == ["left.fourinarow"]
