"""Set-up positions and variations (issue 7): problems start from a set position, broken set-ups
are refused where they are written, and variations survive every format."""
from __future__ import annotations

import pytest

from kifu.base.errors import IllegalMoveError, SetupError
from kifu.builtin.freego import GAME, sgf
from kifu.builtin.freego.render import diagram
from kifu.plugin import driver, jsonform

PROBLEM = """\
Game: freego
Board: grid:5
Players: black, white
Setup-1: A3 B3 C3 C2 C1
Setup-2: A2 B2 B1
To-Move: black
Prisoners: 2, 1

{Black to capture}
A1 {atari} (pass A1) pass
"""


def start(text: str):
    return GAME.start(GAME.parse(text))


def test_a_problem_starts_from_its_set_position():
    pos = start(PROBLEM)
    assert diagram.draw(pos) == diagram.draw(diagram.position("""
        . . . . .
        . . . . .
        X X X . .
        O O X . .
        . O X . .
    """))
    assert pos.to_move == 0 and pos.prisoners == [2, 1]


def test_the_problem_replays_and_its_prisoners_count():
    record = GAME.parse(PROBLEM)
    steps = list(driver.replay(GAME, record))
    assert [e["cells"] for e in steps[0].events if e["type"] == "capture"] == [["B1", "A2", "B2"]]
    assert steps[-1].position.prisoners == [5, 1]


def test_superko_counts_from_the_set_position():
    pos = start("Board: grid:4\nSetup-1: B4 A3 B2\nSetup-2: C4 B3 D3 C2\nTo-Move: black\n")
    GAME.play(pos, GAME.parse("C3").moves[0].move)  # black takes the ko at B3
    with pytest.raises(IllegalMoveError) as caught:
        GAME.play(pos, GAME.parse("B3").moves[0].move)
    assert caught.value.rule == "superko" and "at the start" in caught.value.message


@pytest.mark.parametrize("headers, rule, line, column", [
    ("Setup-1: A1 B2\nSetup-2: A2 B1\n", "no-liberty", 2, 10),
    ("Setup-1: C3 Z9\n", "unknown-cell", 2, 13),
    ("Setup-1: C3\nSetup-2: D4 C3\n", "setup", 3, 13),
    ("Setup-3: C3\n", "setup", 2, 10),
    ("Setup-1: C3\nPrisoners: 1, 2, 3\n", "setup", 3, 1),
    ("To-Move: 3\n", "setup", 2, 1),
])
def test_a_broken_setup_is_refused_where_it_is_written(headers, rule, line, column):
    record = GAME.parse("Board: grid:5\n" + headers)
    with pytest.raises(SetupError) as caught:
        GAME.start(record)
    assert caught.value.rule == rule
    assert (caught.value.span.line, caught.value.span.column) == (line, column)


def test_check_reports_a_broken_setup_as_the_records_one_problem():
    problems, played = driver.check(GAME, GAME.parse("Board: grid:5\nSetup-1: A1 B2\nSetup-2: A2 B1\n"
                                             "\nC3 D4"))
    assert [(p.code, p.rule) for p in problems] == [("setup", "no-liberty")] and played == 0


def test_a_setup_on_a_map_by_labels():
    pos = start("Board: japan\nPlayers: orange, green\nSetup-1: 長野 新潟県\nSetup-2: gifu\n")
    names = {pos.board.cells[i].id for i in pos.stones_of(0)}
    assert names == {"nagano", "niigata"}


NESTED = """\
Game: freego
Board: grid:9
Players: black, white
Setup-1: C3
To-Move: white

E5 {centre} D4 (C5 {alternative} E4 (F4 G4) (pass E3 (D3) D6)) F6 pass
"""


def test_nested_variations_round_trip_byte_for_byte():
    assert GAME.write(GAME.parse(NESTED)) == NESTED
    record = GAME.parse(NESTED)
    assert jsonform.loads(jsonform.dumps(record)) == record
    assert sgf.read(sgf.write(record)) == record


def test_every_line_of_the_nested_record_replays():
    record = GAME.parse(NESTED)
    lines = {}
    for item in driver.replay_tree(GAME, record):
        assert not isinstance(item, Exception)
        lines.setdefault(item.path, []).append(GAME.move_text(item.node.move))
    assert lines[()] == ["E5", "D4", "F6", "pass"]
    assert lines[(2, 1)] == ["C5", "E4"]
    assert lines[(2, 1, 3, 1)] == ["F4", "G4"]
    assert lines[(2, 1, 3, 2)] == ["pass", "E3", "D6"]
    assert lines[(2, 1, 3, 2, 4, 1)] == ["D3"]


def test_a_diagnostic_inside_a_variation_names_its_path():
    record = GAME.parse("Board: grid:9\n\nE5 D4 (E5 C3) F6\n")
    problems, _ = driver.check(GAME, record)
    assert [(p.rule, p.move_number, p.variation) for p in problems] == [
        ("occupied", 2, (2, 1))]
    assert problems[0].describe().startswith("move 2 in variation 2.1:")
