"""A game's editor layout (``kifu.plugin.EditorLayout``): a position key described as data,
read and written as ``kifu serve``'s page reads and writes it, and refused at once where the
game describes it wrong (a game's author learns it when the game loads, not from a page)."""
from __future__ import annotations

import pytest

from kifu.plugin import EditorLayout, EditorPiece

STONES = (EditorPiece("x", "black"), EditorPiece("o", "white"))
GO = EditorLayout(boards=(0,), side_field=1, side_codes={"b": "black", "w": "white"},
                  pieces=STONES, points=True)
STACKS = EditorLayout(boards=(0,), side_field=2, hands=1, side_codes={"b": "black", "w": "white"},
                      pieces=(EditorPiece("K", "black", "K"), EditorPiece("vK", "white", "K"),
                              EditorPiece("P", "black", "P"), EditorPiece("vP", "white", "P")),
                      tiers=3, stack="()", note="<>")


def test_a_key_is_read_point_by_point_and_written_back():
    setup = GO.read("3/1x1/o1o w end:black")
    assert setup is not None
    assert setup.boards == [[[[], [], []], [[], ["x"], []], [["o"], [], ["o"]]]]
    setup.boards[0][0][2] = ["x"]
    assert GO.write(setup) == "2x/1x1/o1o w end:black"  # the fields it does not name kept


def test_stacks_notes_and_hands_are_read_as_the_key_writes_them():
    setup = STACKS.read("(PvP<1>K)2/3/vK2 P<2>vP/- b phase:x")
    assert setup is not None
    assert setup.boards[0][0][0] == ["P", "vP<1>", "K"]  # the longest code first, its note kept
    assert setup.hands == [["P<2>", "vP"], []]
    assert STACKS.write(setup) == "(PvP<1>K)2/3/vK2 P<2>vP/- b phase:x"


def test_a_piece_no_palette_puts_stands_for_itself():
    # Free-form Go's unplayable cells, a third seat's stones: kept as written, and the game
    # that reads the key says whether it is one
    setup = GO.read("3/1-1/a2 b")
    assert setup is not None and setup.boards[0][1][1] == ["-"] and setup.boards[0][2][0] == ["a"]
    assert GO.write(setup) == "3/1-1/a2 b"


@pytest.mark.parametrize(("layout", "key"), [
    (GO, "x"), (GO, "9" * 12 + " b"), (STACKS, "3/1)1 -/- b"), (STACKS, "(PP/3 -/- b"),
    (STACKS, "P<1/3 -/- b"), (STACKS, "3/3 -/K<1 b"), (STACKS, "3 -/-"),
])
def test_a_key_the_layout_does_not_describe_is_left_to_its_text(layout, key):
    # too few fields, a run no board has, a bracket out of place, a stack or a note never
    # closed: the page edits such a key as text
    assert layout.read(key) is None


def test_a_layout_is_for_the_keys_that_start_with_its_prefix():
    grids = EditorLayout(boards=(1,), side_field=2, side_codes={"x": "black", "o": "white"},
                         pieces=STONES, key_prefix="grid:")
    assert grids.fits("grid:3 3/3/3 x") and grids.read("grid:3 3/3/3 x") is not None
    assert not grids.fits("japan -45- x") and grids.read("japan -45- x") is None


@pytest.mark.parametrize(("made", "said"), [
    (lambda: EditorPiece("1x"), "starts with a digit"),
    (lambda: EditorPiece("x y"), "holds a space"),
    (lambda: EditorPiece("x", "black", colour="red"), "#rrggbb"),
    (lambda: EditorLayout((0,), 0, {"b": "black"}, STONES), "each once"),
    (lambda: EditorLayout((0,), 1, {"b": "black"}, STONES), "the side's field does not name"),
    (lambda: EditorLayout((0,), 1, {"b": "black", "w": "white"}, STONES, tiers=3),
     "brackets they are written in"),
    (lambda: EditorLayout((0,), 1, {"b": "black", "w": "white"}, STONES * 2), "code of its own"),
    (lambda: EditorLayout((0,), 1, {"b": "black", "w": "white"}, STONES,
                          board_sides=("black", "red")), "board_sides"),
])
def test_a_layout_described_wrong_is_refused_when_it_is_made(made, said):
    with pytest.raises(ValueError, match=said):
        made()
