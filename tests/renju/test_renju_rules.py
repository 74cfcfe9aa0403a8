"""Renju's rules, one test per rule, each on a position drawn as a diagram.

``X`` black, ``O`` white, ``.`` empty, ``?`` the point black (or white) is about to play.
Diagrams show only the rows that matter; the rest of the board is empty.
"""
from __future__ import annotations

import pytest

from kifu.base.errors import GameOverError, IllegalMoveError
from kifu.builtin.renju import GAME
from kifu.builtin.renju.forbidden import black_verdict
from kifu.builtin.renju.moves import Offer, Pass, Place, Point, Swap
from kifu.builtin.renju.position import BLACK, WHITE, geometry
from kifu.builtin.renju.rules import play
from kifu.plugin import driver
from tests.renju import bruteforce
from tests.renju.diagrams import read, to_grid


def verdict(diagram: str) -> str | None:
    """What black playing at ``?`` amounts to: 'five', a forbidden shape, or None."""
    position, marks = read(diagram)
    at = geometry().index(*marks["?"])
    position.cells[at] = BLACK
    found = black_verdict(position.board, position.cells, at)
    # The brute-force referee, written from the definitions, must agree on every diagram.
    grid = to_grid(position)
    assert bruteforce.verdict(grid, marks["?"].column, marks["?"].row) == found
    return found


def test_exact_five_wins_for_black():
    assert verdict("""
 8 . . . . X X X X ? . . . . . .
""") == "five"


def test_six_in_a_row_is_a_forbidden_overline_for_black():
    assert verdict("""
 8 . . . X X X ? X X . . . . . .
""") == "overline"


def test_four_with_a_gap_is_not_a_five():
    assert verdict("""
 8 . . . X X . ? X . . . . . . .
""") is None


def test_two_open_threes_are_a_forbidden_double_three():
    assert verdict("""
10 . . . . . . . . . . . . . . .
 9 . . . . . . . X . . . . . . .
 8 . . . . . X X ? . . . . . . .
 7 . . . . . . . X . . . . . . .
 6 . . . . . . . . . . . . . . .
""") == "double-three"


def test_split_three_counts_as_a_three():
    # .X.X?. on the row and a vertical three: still 3-3.
    assert verdict("""
10 . . . . . . . . . . . . . . .
 9 . . . . . . . . X . . . . . .
 8 . . . . . X . X ? . . . . . .
 7 . . . . . . . . X . . . . . .
 6 . . . . . . . . . . . . . . .
""") == "double-three"


def test_three_closed_by_white_is_not_a_three():
    assert verdict("""
10 . . . . . . . . . . . . . . .
 9 . . . . . . . X . . . . . . .
 8 . . . . O X X ? . . . . . . .
 7 . . . . . . . X . . . . . . .
 6 . . . . . . . . . . . . . . .
""") is None


def test_three_against_the_edge_is_not_a_three():
    # Row 1 three a1 b1 c1 cannot become a straight four: the edge closes it.
    assert verdict("""
 4 . . . . . . . . . . . . . . .
 3 . . X . . . . . . . . . . . .
 2 . . X . . . . . . . . . . . .
 1 X X ? . . . . . . . . . . . .
""") is None


def test_two_fours_are_a_forbidden_double_four():
    assert verdict("""
 9 . . . . . . . X . . . . . . .
 8 . . . . O X X ? X . . . . . .
 7 . . . . . . . X . . . . . . .
 6 . . . . . . . X . . . . . . .
 5 . . . . . . . O . . . . . . .
""") == "double-four"


@pytest.mark.parametrize("row", [
    " 8 . X . X ? X . X . . . . . . .",   # X.X?X.X: two fours on one line
    " 8 . X X . X ? . X X . . . . . .",   # XX.X?.XX
    " 8 X X X . ? . X X X . . . . . .",   # XXX.?.XXX
])
def test_two_fours_on_one_line_are_a_double_four(row):
    assert verdict(row) == "double-four"


def test_straight_four_is_one_four():
    assert verdict("""
 8 . . . . . X X X ? . . . . . .
""") is None


def test_four_three_is_legal():
    assert verdict("""
10 . . . . . . . . . . . . . . .
 9 . . . . . . . X . . . . . . .
 8 . . . O X X X ? . . . . . . .
 7 . . . . . . . X . . . . . . .
 6 . . . . . . . . . . . . . . .
""") is None


def test_five_has_priority_over_a_double_four():
    assert verdict("""
 9 . . . . . . . X . . . . . . .
 8 . . . X X X X ? . . . . . . .
 7 . . . . . . . X . . . . . . .
 6 . . . . . . . X . . . . . . .
""") == "five"


def test_five_has_priority_over_an_overline_elsewhere():
    assert verdict("""
12 . . . . . . . X . . . . . . .
11 . . . . . . . X . . . . . . .
10 . . . . . . . X . . . . . . .
 9 . . . . . . . X . . . . . . .
 8 . . . X X X X ? . . . . . . .
 7 . . . . . . . X . . . . . . .
""") == "five"


# The false 3-3.  Black at h8 makes the row three f8-h8 and the column three h8-h10.  The
# column three could only become a straight four at h7 or h11, and both are forbidden for black
# (each would make two fours: h7 with the row i7-k7 and the diagonal e4-g6; h11 with the row
# g11-j11 and the diagonal i12-k14).  So the column is not a three and h8 is legal.
FALSE_DOUBLE_THREE = """
14 . . . . . . . . . . X . . . .
13 . . . . . . . . . X . . . . .
12 . . . . . . . . X . . . . . .
11 . . . . . . X . X X . . . . .
10 . . . . . . . X . . . . . . .
 9 . . . . . . . X . . . . . . .
 8 . . . . . X X ? . . . . . . .
 7 . . . . . . . . X X X . . . .
 6 . . . . . . X . . . . . . . .
 5 . . . . . X . . . . . . . . .
 4 . . . . X . . . . . . . . . .
"""


def test_false_double_three_is_legal_because_its_four_points_are_forbidden():
    assert verdict(FALSE_DOUBLE_THREE) is None


def test_same_shape_without_the_forbidden_points_is_a_double_three():
    assert verdict("""
10 . . . . . . . X . . . . . . .
 9 . . . . . . . X . . . . . . .
 8 . . . . . X X ? . . . . . . .
""") == "double-three"


def test_a_four_point_that_makes_five_is_legal_in_the_recursion():
    # As the false 3-3, but h11 now also completes the five h11-l11: a five is always legal,
    # so the column three is real again and h8 is a forbidden 3-3.
    assert verdict("""
14 . . . . . . . . . . X . . . .
13 . . . . . . . . . X . . . . .
12 . . . . . . . . X . . . . . .
11 . . . . . . . . X X X X . . .
10 . . . . . . . X . . . . . . .
 9 . . . . . . . X . . . . . . .
 8 . . . . . X X ? . . . . . . .
 7 . . . . . . . . X X X . . . .
 6 . . . . . . X . . . . . . . .
 5 . . . . . X . . . . . . . . .
 4 . . . . X . . . . . . . . . .
""") == "double-three"


def test_white_wins_with_an_overline():
    position, marks = read("""
 8 . . . O O O ? O O . . . . . .
""")
    position.to_move = WHITE
    play(position, Place(marks["?"]))
    assert position.outcome is not None and position.outcome.winner == "white"
    assert position.outcome.reason.startswith("overline")


def test_black_forbidden_move_loses_the_game():
    position, marks = read("""
 8 . . . X X X ? X X . . . . . .
""")
    played = play(position, Place(marks["?"]))
    assert position.outcome.winner == "white"
    assert "overline" in position.outcome.reason
    assert played.events[0] == {"type": "forbidden", "point": "g8", "shape": "overline"}


def test_white_makes_no_forbidden_moves():
    position, marks = read("""
10 . . . . . . . . . . . . . . .
 9 . . . . . . . O . . . . . . .
 8 . . . . . O O ? . . . . . . .
 7 . . . . . . . O . . . . . . .
""")
    position.to_move = WHITE
    play(position, Place(marks["?"]))
    assert position.outcome is None


def test_occupied_point_is_illegal():
    position, _ = read(" 8 . . . . . . . X . . . . . . .")
    with pytest.raises(IllegalMoveError, match="h8 is already occupied by a black stone") as info:
        play(position, Place(Point(7, 7)))
    assert info.value.rule == "occupied"


def test_point_off_the_board_is_illegal():
    with pytest.raises(IllegalMoveError, match="p16 is off the board") as info:
        play(read("")[0], Place(Point(15, 15)))
    assert info.value.rule == "off-board"


def test_two_passes_draw():
    record = GAME.parse("1. h8 2. pass 3. pass")
    steps = list(driver.replay(GAME, record))
    assert steps[-1].position.outcome.winner is None
    assert steps[-1].position.outcome.reason == "both players passed"


def test_move_after_the_end_is_an_error():
    record = GAME.parse("h8 a1 i8 a2 j8 a3 k8 a4 l8 m8")
    with pytest.raises(GameOverError, match="already over: black wins") as info:
        list(driver.replay(GAME, record))
    assert info.value.move_number == 10
    assert info.value.span.line == 1


def test_swap_only_in_the_opening():
    record = GAME.parse("h8 i9 j10 g9 h10 i10 swap")
    with pytest.raises(IllegalMoveError, match="only after one of the first 5 moves") as info:
        list(driver.replay(GAME, record))
    assert info.value.rule == "swap"


def test_fifth_move_must_be_one_of_the_offers():
    record = GAME.parse("h8 i9 i8 j10 offer[g8 h6] k11")
    with pytest.raises(IllegalMoveError, match="k11 was not offered") as info:
        list(driver.replay(GAME, record))
    assert info.value.move_number == 5


def test_symmetrical_offers_are_rejected():
    # h8 and i9 lie on one diagonal, so h10 and j8 are mirror images across it: the same
    # fifth move for the game, which the opening rules forbid offering twice.
    position, _ = read("""
 9 . . . . . . . . O . . . . . .
 8 . . . . . . . X . . . . . . .
""")
    position.stones = 4
    with pytest.raises(IllegalMoveError, match="symmetrical"):
        play(position, Offer((Point(7, 9), Point(9, 7))))


def test_offer_is_made_after_the_fourth_move_only():
    position = read("")[0]
    with pytest.raises(IllegalMoveError, match="after the fourth move"):
        play(position, Offer((Point(7, 7),)))


def test_swap_is_an_event_without_a_move_number():
    record = GAME.parse("1. h8 2. i9 3. j10 swap 4. g9")
    numbers = [step.number for step in driver.replay(GAME, record)]
    assert numbers == [1, 2, 3, None, 4]


def test_full_board_is_a_draw():
    position = read("")[0]
    cells = [(c, r) for r in range(15) for c in range(15)]
    # Fill the board in a pattern without five in a row for either colour: colour by
    # (column + 2*row) mod 4 < 2 never puts five of one colour on any line.
    for column, row in cells[:-1]:
        colour = BLACK if (column + 2 * row) % 4 < 2 else WHITE
        position.cells[geometry().index(column, row)] = colour
    position.stones = 224
    last = Point(*cells[-1])
    position.to_move = BLACK if (last.column + 2 * last.row) % 4 < 2 else WHITE
    play(position, Place(last))
    assert position.outcome is not None
    assert position.outcome.reason == "the board is full"


def test_pass_cannot_follow_an_offer():
    position = read("")[0]
    position.offer = (Point(7, 7),)
    with pytest.raises(IllegalMoveError, match="must play one of them"):
        play(position, Pass())


def test_swap_twice_after_one_move_is_an_error():
    position = read(" 8 . . . . . . . X . . . . . . .")[0]
    play(position, Swap())
    with pytest.raises(IllegalMoveError, match="already swapped"):
        play(position, Swap())
