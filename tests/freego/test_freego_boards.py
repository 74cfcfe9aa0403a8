"""Boards: the built-in maps (checked against facts of geography), grids, hexagons, and board
files with adjacency listed or derived from outlines."""
from __future__ import annotations

import math
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kifu.builtin.freego.boards import builtin, geometry, grids
from kifu.builtin.freego.boards import files as boardfile

MAPS = ("japan", "china", "usa")


def neighbours(board_name: str, cell: str) -> set[str]:
    board = builtin.builtin(board_name)
    index = board.find(cell)
    return {board.cells[n].id for n in board.neighbours[index]}


@pytest.mark.parametrize("name", MAPS)
def test_builtin_maps_are_symmetric_and_clean(name):
    board = builtin.builtin(name)
    for a, links in enumerate(board.links):
        assert a not in links
        for b in links:
            assert a in board.links[b], (board.cells[a].id, board.cells[b].id)
    text = (resources.files("kifu.builtin.freego") / "boards" / f"{name}.toml").read_text(
        encoding="utf-8")
    checked = boardfile.check_text(text, name)
    assert checked.board is not None and not checked.errors


def test_japan_has_the_45_prefectures_of_the_source():
    board = builtin.builtin("japan")
    assert len(board.playable) == 45
    unplayable = {c.id for c in board.cells if not c.playable}
    assert unplayable == {"hokkaido", "okinawa"}  # 北海道、沖縄は石を置けません
    assert all(c.at is not None for c in board.cells)


def test_japan_known_borders():
    assert len(neighbours("japan", "長野")) == 8  # Japan's most bordered prefecture
    assert neighbours("japan", "nagano") == {"niigata", "gunma", "saitama", "yamanashi",
                                             "shizuoka", "aichi", "gifu", "toyama"}
    assert neighbours("japan", "saitama") == {"ibaraki", "tochigi", "gunma", "nagano",
                                              "yamanashi", "tokyo", "chiba"}
    assert neighbours("japan", "nagasaki") == {"saga"}
    assert neighbours("japan", "aomori") == {"iwate", "akita"}
    assert "fukuoka" not in neighbours("japan", "yamaguchi")  # the Kanmon Strait is sea
    assert neighbours("japan", "kagawa") >= {"okayama"}  # Ishima island's land border


def test_japan_prefectures_answer_to_their_japanese_names():
    board = builtin.builtin("japan")
    assert board.find("長野") == board.find("長野県") == board.find("Nagano")
    assert board.find("東京都") == board.find("tokyo")


def test_china_provincial_divisions():
    board = builtin.builtin("china")
    assert len(board) == 34 and len(board.playable) == 32
    assert len(neighbours("china", "内モンゴル自治区")) == 8
    assert len(neighbours("china", "陝西省")) == 8
    assert neighbours("china", "天津市") == {"beijing", "hebei"}  # 北京市を埋めて天津市を取る
    assert board.find("四川省") == board.find("四川") == board.find("sichuan")
    assert not board.cells[board.find("hainan")].playable


def test_usa_states_and_electoral_votes():
    board = builtin.builtin("usa")
    assert len(board) == 49  # 48 contiguous states and DC
    assert sum(c.value for c in board.cells) == 538 - 3 - 4  # without Alaska and Hawaii
    assert board.cells[board.find("カリフォルニア州")].value == 55
    assert len(neighbours("usa", "Missouri")) == 8
    assert len(neighbours("usa", "Tennessee")) == 8
    assert neighbours("usa", "DC") == {"MD", "VA"}
    assert neighbours("usa", "ME") == {"NH"}


def test_usa_four_corners_touch_at_a_point_only():
    assert "NM" not in neighbours("usa", "UT")
    assert "CO" not in neighbours("usa", "AZ")
    assert "UT" in neighbours("usa", "CO") and "AZ" in neighbours("usa", "NM")


def test_usa_source_moves_are_names():
    board = builtin.builtin("usa")
    assert board.find("カンザス州") == board.find("KS")
    assert board.find("ペンシルバニア州") == board.find("ペンシルベニア州") == board.find("PA")


def test_grid_cells_use_go_coordinates():
    board = grids.grid_board(19, 19)
    assert board.cells[0].id == "A1" and board.cells[8].id == "J1"  # no I
    assert board.cells[360].id == "T19"
    assert board.find("d4") == 3 * 19 + 3
    assert len(board.neighbours[0]) == 2 and len(board.neighbours[20]) == 4
    wide = grids.grid_board(30, 2)
    assert wide.cells[25].id == "AA1" and wide.cells[29].id == "AE1"


def test_rule_made_board_names():
    assert builtin.builtin("grid:9").grid == (9, 9)
    assert builtin.builtin("GRID:13x9").grid == (13, 9)
    assert len(builtin.builtin("hex")) == 91
    assert len(builtin.builtin("hex:3")) == 19
    assert builtin.builtin("nowhere") is None


def test_hexagon_adjacency_is_what_its_outlines_say():
    board = grids.hex_board(4)
    derived = geometry.adjacent_pairs([c.polygon for c in board.cells])
    assert sorted(derived) == sorted(board.edges())
    assert max(len(n) for n in board.neighbours) == 6
    assert min(len(n) for n in board.neighbours) == 3  # the six corners


# -- geometry -------------------------------------------------------------------------------

def square(x: float, y: float, size: float = 1.0) -> list[tuple[float, float]]:
    return [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]


def test_outlines_sharing_an_edge_are_adjacent_and_corners_are_not():
    # A 2x2 block of squares: side neighbours touch, diagonal ones meet at the centre only.
    polygons = [square(0, 0), square(1, 0), square(0, 1), square(1, 1)]
    assert sorted(geometry.adjacent_pairs(polygons)) == [(0, 1), (0, 2), (1, 3), (2, 3)]


def test_a_t_junction_counts_as_a_shared_border():
    # One long cell under two short ones: its top edge has no vertex in the middle.
    long_cell = [(0, 0), (2, 0), (2, 1), (0, 1)]
    polygons = [long_cell, square(0, 1), square(1, 1)]
    assert sorted(geometry.adjacent_pairs(polygons)) == [(0, 1), (0, 2), (1, 2)]


def test_nearly_matching_vertices_snap_together():
    wobbly = [(1.0004, 0.0), (2.0, 0.0), (2.0, 1.0), (0.9997, 1.0003)]
    assert geometry.adjacent_pairs([square(0, 0), wobbly], tolerance=0.001) == [(0, 1)]
    assert geometry.adjacent_pairs([square(0, 0), square(1.1, 0)]) == []


def test_shared_length_of_collinear_segments():
    assert math.isclose(geometry.shared_length(((0, 0), (4, 0)), ((1, 0), (3, 0)), 1e-9), 2.0)
    assert geometry.shared_length(((0, 0), (1, 0)), ((1, 0), (2, 0)), 1e-9) == 0.0
    assert geometry.shared_length(((0, 0), (1, 0)), ((0, 1), (1, 1)), 1e-9) == 0.0


# -- board files ----------------------------------------------------------------------------

def errors_of(text: str) -> list[tuple[str, int | None, str]]:
    checked = boardfile.check_text(text)
    return [(p.rule or "", p.span.line if p.span else None, p.severity)
            for p in checked.problems]


def test_asymmetric_adjacency_is_an_error_at_the_entry():
    text = '[cells.a]\nadjacent = ["b"]\n\n[cells.b]\nadjacent = []\n'
    checked = boardfile.check_text(text)
    assert checked.board is None
    problem = checked.errors[0]
    assert problem.rule == "asymmetric-adjacency"
    assert (problem.span.line, problem.span.column) == (2, 13)
    assert "'b' (line 4) does not list 'a'" in problem.message


def test_unknown_neighbour_and_self_loop_are_errors():
    text = '[cells.a]\nadjacent = ["a", "zz"]\n'
    assert errors_of(text) == [("self-adjacent", 2, "error"), ("unknown-cell", 2, "error"),
                               ("isolated-cell", 1, "warning")]


def test_isolated_cells_are_only_a_warning():
    checked = boardfile.check_text('[cells.a]\nadjacent = []\n[cells.b]\nadjacent = []\n')
    assert checked.board is not None
    assert [p.rule for p in checked.problems] == ["isolated-cell", "isolated-cell"]


def test_bad_keys_and_values_are_located():
    text = ('name = "x"\ncolour = 1\n[cells.a]\nvalue = "one"\nadjacency = ["b"]\n'
            '[cells.b]\nlabel = "a"\n')
    found = errors_of(text)
    assert ("board-key", 2, "error") in found
    assert ("cell-key", 4, "error") in found
    assert ("cell-key", 5, "error") in found
    assert ("duplicate-name", 6, "error") in found


def test_toml_syntax_errors_carry_their_line():
    checked = boardfile.check_text('[cells.a]\nadjacent = ["b"\n')
    assert checked.errors[0].rule == "toml" and checked.errors[0].span.line is not None


def test_quoted_and_inline_cells_are_located():
    text = ('[cells]\nx = { adjacent = ["長野"] }\n\n[cells."長野"]\nadjacent = ["x", "y"]\n')
    checked = boardfile.check_text(text)
    problem = checked.errors[0]
    assert problem.rule == "unknown-cell" and (problem.span.line, problem.span.column) == (5, 18)


def test_adjacency_is_derived_when_no_cell_lists_it():
    text = "".join(f"[cells.c{i}]\npolygon = {[list(p) for p in square(i, 0)]}\n"
                   for i in range(3))
    checked = boardfile.check_text(text)
    assert checked.derived and checked.board is not None
    assert checked.board.edges() == [(0, 1), (1, 2)]


def test_deriving_needs_every_outline():
    text = "[cells.a]\npolygon = [[0, 0], [1, 0], [1, 1]]\n[cells.b]\nlabel = \"B\"\n"
    assert errors_of(text)[0][:2] == ("no-adjacency", 3)


def test_derive_text_writes_adjacency_and_keeps_the_rest():
    text = ("# my board\nname = \"strip\"\n\n"
            + "".join(f"[cells.c{i}]  # cell {i}\nvalue = 2\npolygon = "
                      f"{[list(p) for p in square(i, 0)]}\n\n" for i in range(3))
            + "")
    new_text, pairs = boardfile.derive_text(text)
    assert pairs == 2 and "# my board" in new_text and "# cell 1" in new_text
    checked = boardfile.check_text(new_text)
    assert not checked.derived and checked.board.edges() == [(0, 1), (1, 2)]
    again, _ = boardfile.derive_text(new_text)  # re-deriving replaces the lists in place
    assert again == new_text


def test_a_stale_adjacency_list_draws_a_warning():
    lists = {0: '["c1"]', 1: '["c0"]', 2: "[]"}
    text = "".join(f"[cells.c{i}]\npolygon = {[list(p) for p in square(i, 0)]}\n"
                   f"adjacent = {lists[i]}\n" for i in range(3))
    checked = boardfile.check_text(text)
    assert checked.board is not None
    assert [(p.rule, p.severity) for p in checked.problems] == [
        ("outline-mismatch", "warning"), ("isolated-cell", "warning")]
    assert "'c1' and 'c2' share a border" in checked.problems[0].message


@given(st.integers(2, 5), st.integers(2, 5), st.randoms(use_true_random=False))
def test_a_wobbly_quad_mesh_derives_side_neighbours_only(columns, rows, rng):
    # Every inner vertex is shared by four cells; only cells sharing a side may be adjacent.
    points = {(i, j): (i + rng.uniform(-0.3, 0.3) * (0 < i < columns),
                       j + rng.uniform(-0.3, 0.3) * (0 < j < rows))
              for i in range(columns + 1) for j in range(rows + 1)}
    quads = [[points[i, j], points[i + 1, j], points[i + 1, j + 1], points[i, j + 1]]
             for j in range(rows) for i in range(columns)]
    expected = sorted(grids.grid_board(columns, rows).edges())
    assert sorted(geometry.adjacent_pairs(quads)) == expected


def test_derive_replaces_a_list_over_several_lines():
    text = ('[cells.a]\npolygon = [[0, 0], [1, 0], [1, 1], [0, 1]]\nadjacent = [\n  "x",\n'
            '  "y",\n]  # stale\n# a note\n\n[cells.b]\npolygon = [[1, 0], [2, 0], [2, 1], [1, 1]]'
            '\n')
    new_text, pairs = boardfile.derive_text(text)
    assert pairs == 1
    assert new_text.split("\n")[2] == 'adjacent = ["b"]' and "# a note" in new_text
    assert 'polygon = [[1, 0], [2, 0], [2, 1], [1, 1]]\nadjacent = ["a"]' in new_text
