"""The rules of Free-form Go, one test per rule, positions drawn as diagrams (X, O, A, V seats)."""
from __future__ import annotations

import pytest

from kifu.base.errors import IllegalMoveError
from kifu.builtin.freego.moves import Pass, Place
from kifu.builtin.freego.render import diagram
from kifu.builtin.freego.rules import play, scoring


def moves(pos, *names: str):
    """Play moves (``pass`` passes) and return the events of the last one."""
    events = []
    for name in names:
        events = play(pos, Pass() if name == "pass" else Place(name)).events
    return events


def captured(events) -> set[str]:
    return {cell for e in events if e["type"] == "capture" for cell in e["cells"]}


def refused(pos, name: str, rule: str) -> IllegalMoveError:
    before = list(pos.cells), pos.to_move, pos.hash, list(pos.prisoners)
    with pytest.raises(IllegalMoveError) as caught:
        play(pos, Place(name))
    assert caught.value.rule == rule
    # A refused move leaves the position exactly as it was.
    assert (list(pos.cells), pos.to_move, pos.hash, list(pos.prisoners)) == before
    return caught.value


def test_capture_removes_a_group_without_liberties_and_counts_prisoners():
    pos = diagram.position("""
        . X O O .
        X O O X .
        . X X . .
        . . . . .
    """)
    events = moves(pos, "E4")  # black fills the last liberty of the four white stones
    assert captured(events) == {"B3", "C3", "C4", "D4"}
    assert diagram.draw(pos) == diagram.draw(diagram.position("""
        . X . . X
        X . . X .
        . X X . .
        . . . . .
    """))
    assert pos.prisoners == [4, 0]


def test_capture_of_several_groups_at_once():
    pos = diagram.position("""
        O X . X O
        . O X O .
        . . . . .
    """)
    pos.to_move = 1
    events = moves(pos, "C3")  # white's stone takes the last liberty of both black stones
    assert captured(events) == {"B3", "D3"}
    assert pos.prisoners == [0, 2]


def test_captures_come_before_the_suicide_check():
    # C2 has no empty neighbour, but it captures B2 and so gains a liberty: legal.
    pos = diagram.position("""
        . X O .
        X O . O
        . X O .
    """)
    events = moves(pos, "C2")
    assert captured(events) == {"B2"}


def test_every_other_players_group_is_captured_and_credited_to_the_mover():
    pos = diagram.position("""
        X O . A X
    """, seats=("orange", "green", "yellow"))
    events = moves(pos, "C1")  # orange fills the last liberty of green's and yellow's stones
    assert captured(events) == {"B1", "D1"}
    assert {e["captured"] for e in events if e["type"] == "capture"} == {"green", "yellow"}
    assert pos.prisoners == [2, 0, 0]
    assert pos.to_move == 1


def test_groups_of_two_players_that_touch_are_captured_together():
    # Orange's B1 takes the last liberty of yellow's A1 and of green's A2-B2 at once: removing
    # one of them first would give the other a liberty, but captures are simultaneous.
    pos = diagram.position("""
        X X .
        O O X
        A . X
    """, seats=("orange", "green", "yellow"))
    events = moves(pos, "B1")
    assert captured(events) == {"A1", "A2", "B2"}
    assert pos.prisoners == [3, 0, 0]


def test_legal_moves_of_three_and_four_players_all_play():
    """The reproducing record of issue 27 (hex:3, three players), then random games of three
    and four players on every kind of board: every move ``legal_moves`` lists plays."""
    import random

    import kifu

    go = kifu.game("freego")
    record = kifu.parse("Game: freego\nBoard: hex:3\nPlayers: a, b, c\n\ne2 c4 b2 d1 b3 b4 c3 "
                        "c1 e1 a1 e3 c5 d3 pass d4 d2 a2 c2 a3 a2 b1 pass pass c1 b3 pass pass a1\n")
    starts = [record.position()]
    for board in ("grid:5", "hex:3", "china", "usa"):
        for players in ("a, b, c", "a, b, c, d"):
            starts.append(go.start({"Board": board, "Players": players}))
    rng = random.Random(27)
    for position in starts:
        for _ in range(120):
            listed = go.legal_moves(position)
            if not listed:
                break
            for move in listed:
                go.play(position, move)  # raises if the referee refuses a listed move
            position = go.play(position, rng.choice(listed[:-1] or listed))


def test_suicide_is_forbidden_by_default():
    pos = diagram.position("""
        . X .
        X . X
        . X .
    """)
    pos.to_move = 1
    error = refused(pos, "B2", "suicide")
    assert "no liberty" in error.message


def test_suicide_of_a_group_is_forbidden_too():
    pos = diagram.position("""
        . O X
        O O X
        X X .
    """)
    pos.to_move = 1
    error = refused(pos, "A3", "suicide")
    assert "group of 4 stones" in error.message


def test_suicide_allowed_removes_the_movers_group_and_nobody_gains_prisoners():
    pos = diagram.position("""
        . O X
        O O X
        X X .
    """, suicide=True)
    pos.to_move = 1
    events = moves(pos, "A3")
    assert [sorted(e["cells"]) for e in events if e["type"] == "suicide"] == [["A2", "A3", "B2", "B3"]]
    assert diagram.draw(pos) == diagram.draw(diagram.position("""
        . . X
        . . X
        X X .
    """))
    assert pos.prisoners == [0, 0]


def test_single_stone_suicide_repeats_the_position_so_superko_forbids_it():
    pos = diagram.position("""
        . X .
        X . X
        . X .
    """, suicide=True)
    pos.to_move = 1
    refused(pos, "B2", "superko")


def test_simple_ko_cannot_be_retaken_at_once():
    pos = diagram.position("""
        . X O .
        X O . O
        . X O .
    """)
    moves(pos, "C2")  # black takes the ko
    error = refused(pos, "B2", "superko")
    assert "at the start" in error.message


def test_ko_may_be_retaken_after_a_move_elsewhere():
    pos = diagram.position("""
        . X O . .
        X O . O .
        . X O . .
        . . . . .
    """)
    moves(pos, "C3", "E1", "E4")  # black takes, white threatens, black answers elsewhere
    assert captured(moves(pos, "B3")) == {"C3"}


def test_positional_superko_catches_a_long_cycle_that_simple_ko_misses():
    # A six-move cycle found by search on a 4x3 board: after A1 A3 A2 B3 A3 B3, white's B2
    # would bring back this very position, though no stone is retaken at once.
    pos = diagram.position("""
        . O X X
        . X O .
        . O O X
    """)
    moves(pos, "A1", "A3", "A2", "B3", "A3", "B3")
    error = refused(pos, "B2", "superko")
    assert "at the start" in error.message


def test_superko_names_the_move_after_which_the_position_stood():
    pos = diagram.position("""
        . X O . .
        X O . O .
        . X O . .
        . . . . .
    """)
    moves(pos, "E4", "E1", "C3")  # two moves elsewhere, then black takes the ko
    error = refused(pos, "B3", "superko")
    assert "after move 2" in error.message


def test_occupied_cell_is_refused():
    pos = diagram.position("""
        X .
        . .
    """)
    assert "occupied by black" in refused(pos, "A2", "occupied").message


def test_unknown_cell_is_refused():
    pos = diagram.position("""
        . .
        . .
    """)
    with pytest.raises(IllegalMoveError) as caught:
        play(pos, Place("Z9"))
    assert caught.value.rule == "unknown-cell"


def test_cells_are_named_in_any_case():
    pos = diagram.position("""
        . .
        . .
    """)
    moves(pos, "b2")
    assert diagram.draw(pos) == ". X\n. ."


def test_game_ends_when_every_seat_has_passed_in_succession():
    pos = diagram.position("""
        . . .
        . . .
    """, seats=("orange", "green", "yellow"))
    moves(pos, "pass", "pass")
    assert pos.outcome is None
    moves(pos, "A1", "pass", "pass")  # a stone between the passes starts the count again
    assert pos.outcome is None
    events = moves(pos, "pass")
    assert pos.outcome is not None and events[-1]["type"] == "end"


def test_territory_scoring_counts_regions_prisoners_and_komi():
    pos = diagram.position("""
        . X O .
        . X O .
        . X O .
    """, komi=(0, 0.5))
    pos.prisoners = [2, 1]
    table = scoring.scores(pos)
    assert [s.total for s in table] == [3 + 2 + 0, 3 + 1 + 0.5]


def test_area_scoring_counts_stones_not_prisoners():
    pos = diagram.position("""
        . X O .
        . X O .
        . X O .
    """, komi=(0, 0.5), scoring="area")
    pos.prisoners = [2, 1]
    assert [s.total for s in scoring.scores(pos)] == [6, 6.5]


def test_map_scoring_counts_stones_regions_and_prisoners():
    pos = diagram.position("""
        . X O .
        . X O .
        . X O .
    """, komi=(0, 0.5), scoring="map")
    pos.prisoners = [2, 1]
    assert [s.total for s in scoring.scores(pos)] == [8, 7.5]


def test_a_region_touching_two_players_is_nobodys():
    pos = diagram.position("""
        X . O
        X . O
        X . O
    """)
    assert [s.territory for s in scoring.scores(pos)] == [0, 0]


def test_an_empty_board_is_nobodys_territory():
    pos = diagram.position("""
        . .
        . .
    """, komi=(0, 6.5))
    assert [s.total for s in scoring.scores(pos)] == [0, 6.5]


def test_a_tie_for_first_is_a_draw():
    pos = diagram.position("""
        X . O
    """)
    moves(pos, "pass", "pass")
    assert pos.outcome is not None and pos.outcome.winner is None
    assert scoring.result_text(pos) == "draw"


def test_out_of_turn_move_is_refused_unless_lenient():
    pos = diagram.position("""
        . . .
    """)
    with pytest.raises(IllegalMoveError) as caught:
        play(pos, Place("B1", seat=1))
    assert caught.value.rule == "turn-order"
    played = play(pos, Place("B1", seat=1), lenient=True)
    assert played.warnings and played.warnings[0].severity == "warning"
    assert pos.to_move == 0  # the seat after the one that moved


def _board_position(toml: str, **rules):
    from kifu.builtin.freego.boards import files as boardfile
    from kifu.builtin.freego.position import Position
    from kifu.builtin.freego.setup import Rules

    board = boardfile.check_text(toml).board
    return Position(Rules(board, ("black", "white"), (0.0, 0.0), **rules))


LINE_WITH_A_HOLE = """
[cells.a]
adjacent = ["b"]
[cells.b]
adjacent = ["a", "x"]
[cells.x]
playable = false
adjacent = ["b", "c"]
[cells.c]
adjacent = ["x"]
[cells.lone]
adjacent = []
"""


def test_an_unplayable_cell_is_no_liberty():
    pos = _board_position(LINE_WITH_A_HOLE)
    pos.to_move = 1
    moves(pos, "b")  # white's b has a (empty) and x (unplayable): one liberty
    assert captured(moves(pos, "a")) == {"b"}
    with pytest.raises(IllegalMoveError) as caught:
        play(pos, Place("x"))
    assert caught.value.rule == "unplayable"


def test_a_cell_without_neighbours_is_suicide():
    pos = _board_position(LINE_WITH_A_HOLE)
    assert "no liberty" in refused(pos, "lone", "suicide").message
    allowed = _board_position(LINE_WITH_A_HOLE, suicide=True)
    refused(allowed, "lone", "superko")


def test_unplayable_cells_belong_to_no_region():
    pos = _board_position(LINE_WITH_A_HOLE)
    moves(pos, "a")
    # b is black's (bordered by a only); c and lone touch no stone: nobody's.
    assert [s.territory for s in scoring.scores(pos)] == [1, 0]
