"""What a newcomer tripped on, each fixed: ``kifu show`` of an illegal record shows the record
up to the fault, ``render -o`` takes its format from the file's suffix (and refuses one that
disagrees), outcomes and counts read as English."""
from __future__ import annotations

import pytest

import kifu
from kifu.commands.cli import EXIT_INVALID, EXIT_USAGE

ILLEGAL = "examples/invalid/renju/occupied-point.renju"
WIN = "examples/renju/four-three-win.renju"


def test_show_of_an_illegal_record_shows_headers_and_the_position_before_the_fault(kifu_cli):
    result = kifu_cli("show", ILLEGAL, exit_code=EXIT_INVALID)
    assert "Black         Ana" in result.stdout and "moves played  5" in result.stdout
    assert "illegal       move 6: h8 is already occupied" in result.stdout
    assert " 8 . . . . . . . X" in result.stdout  # the board before move 6
    assert "error[illegal-move]: move 6" in result.stderr


@pytest.mark.parametrize(("name", "starts"), [("b.txt", "   a b c"), ("b.svg", "<svg"),
                                              ("b.html", "<!DOCTYPE html>")])
def test_render_takes_the_format_from_the_output_suffix(kifu_cli, tmp_path, name, starts):
    kifu_cli("render", WIN, "-o", tmp_path / name)
    assert (tmp_path / name).read_text(encoding="utf-8").startswith(starts)


@pytest.mark.parametrize(("args", "said"), [
    (["-o", "b.jpg"], "not JPG"), (["-f", "text", "-o", "x.svg"], "names an SVG file"),
    (["-f", "svg", "-o", "x.html"], "names an HTML file"),
    (["-f", "svg", "-o", "x.png"], "names a PNG file")])
def test_render_refuses_an_output_suffix_that_disagrees(kifu_cli, tmp_path, args, said):
    args = [str(tmp_path / a) if a.startswith(("b.", "x.")) else a for a in args]
    assert said in kifu_cli("render", WIN, *args, exit_code=EXIT_USAGE).stderr
    assert list(tmp_path.iterdir()) == []


def test_an_outcome_of_an_ordinal_side_reads_as_english():
    assert kifu.Outcome("second", "a chain").describe() == "the second player wins (a chain)"
    assert kifu.Outcome("black", "five").describe() == "black wins (five)"


def test_a_move_twice_in_a_row_names_the_move(kifu_cli, tmp_path):
    path = tmp_path / "twice.sgf"
    path.write_text("(;GM[1]FF[4]SZ[9];B[cc];B[dd];W[ee])", encoding="utf-8")
    out = kifu_cli("validate", path).output
    assert "black moves twice in a row at move 3" in out  # move 2: the pass read in
