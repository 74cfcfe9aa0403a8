"""The game-neutral record: equality without spans, lines through variations, the walk."""
from __future__ import annotations

import pytest

from kifu.base.record import Node, Record, Span


def line(*moves: str) -> list[Node]:
    return [Node(m) for m in moves]


def tree() -> Record:
    main = line("a", "b", "c", "d")
    main[1].variations.append(line("b1", "c1"))
    main[1].variations[0][1].variations.append(line("c2"))
    main[3].variations.append(line("d1"))
    return Record("test", {"Black": "x"}, moves=main)


def test_spans_take_no_part_in_equality():
    assert Node("a", span=Span(1, 1, 1, 2)) == Node("a", span=Span(9, 9, 9, 9))


def test_header_lookup_ignores_case():
    assert tree().header("BLACK") == "x"
    assert tree().header("White") is None


def test_line_follows_a_variation_path():
    record = tree()
    assert [n.move for n in record.line(())] == ["a", "b", "c", "d"]
    assert [n.move for n in record.line((2, 1))] == ["a", "b1", "c1"]
    assert [n.move for n in record.line((2, 1, 3, 1))] == ["a", "b1", "c2"]
    assert [n.move for n in record.line((4, 1))] == ["a", "b", "c", "d1"]


@pytest.mark.parametrize("path, message", [((9, 1), "no entry 9"), ((2, 2), "no variation 2"),
                                           ((2,), "pairs")])
def test_bad_paths_are_value_errors(path, message):
    with pytest.raises(ValueError, match=message):
        tree().line(path)


def test_walk_visits_every_line_with_its_branch_point():
    walked = [(path, branch, [n.move for n in nodes]) for path, branch, nodes in tree().walk()]
    assert walked == [
        ((), 0, ["a", "b", "c", "d"]),
        ((2, 1), 1, ["b1", "c1"]),
        ((4, 1), 3, ["d1"]),
        ((2, 1, 3, 1), 2, ["c2"]),
    ]
