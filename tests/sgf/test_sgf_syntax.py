"""The SGF syntax layer: trees against an independent scanner, spans, writing, and every repair
the reader makes, each graded as SGFC grades it, one named case a class."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kifu.base.errors import LimitError, NotationError
from kifu.run.validate import Options, check_text
from kifu.sgf import charset
from kifu.sgf import syntax as sgf
from tests.sgf import oracle

values = st.text(st.sampled_from(list("ab]\\[ \n:xé山")), max_size=6).map(sgf.escape)
props = st.lists(st.one_of(
    st.tuples(st.sampled_from(["B", "W", "C", "GN"]), st.lists(values, min_size=1, max_size=1)),
    st.tuples(st.sampled_from(["AB", "LB", "XX"]), st.lists(values, min_size=1, max_size=3))),
    max_size=3, unique_by=lambda p: p[0] if p[0] not in "BW" else "move")
blank = st.sampled_from(["", " ", "\n", "  \n ", "\t"])


@st.composite
def sgf_texts(draw, depth: int = 3) -> str:
    nodes = draw(st.lists(props, min_size=1, max_size=3))
    out = "(" + draw(blank)
    for node in nodes:
        out += ";" + "".join(draw(blank) + ident + "".join(f"[{v}]" for v in vals)
                             for ident, vals in node) + draw(blank)
    if depth:
        for _ in range(draw(st.integers(0, 2))):
            out += draw(sgf_texts(depth - 1))
    return out + ")" + draw(blank)


def shape(node: sgf.SgfNode) -> oracle.Tree:
    return (node.properties, node.start, node.end, [shape(c) for c in node.children])


@given(st.lists(sgf_texts(), min_size=1, max_size=2).map("".join))
def test_reader_builds_the_same_trees_as_an_independent_scanner(text):
    collection = sgf.read(text)
    assert [shape(g.root) for g in collection.games] == oracle.parse(text)
    assert all(not g.findings for g in collection.games)


@given(sgf_texts())
def test_written_trees_read_back_the_same(text):
    roots = sgf.parse(text)
    assert sgf.parse(sgf.serialize(roots)) == roots


@given(st.text(st.sampled_from(list("ab]\\[:\n山 "))))
def test_escaped_text_reads_back_as_itself(value):
    [root] = sgf.parse(f"(;C[{sgf.escape(value)}])")
    assert root.text("C") == value


def test_spans_count_lines_and_characters():
    text = "(;GM[1]\n  C[山田]\n;B[pd]  ;W[dp]C[a\nb])"
    collection = sgf.read(text)
    root = collection.games[0].root
    black = root.children[0]
    white = black.children[0]
    assert collection.span(black) == (3, 1, 3, 7)
    assert collection.span(white) == (3, 9, 4, 3)
    assert collection.value_span(root, "C") == (2, 4, 2, 8)
    assert collection.value_span(white, "C") == (3, 16, 4, 3)


def test_soft_line_breaks_vanish_and_escapes_are_kept_raw():
    [root] = sgf.parse("(;C[one\\\ntwo \\] three])")
    assert root.properties["C"] == ["one\\\ntwo \\] three"]  # raw, as written
    assert root.text("C") == "onetwo ] three"


# -- repairs and their grades, one named case a class -----------------------------------------

def findings(text: str, lenient: bool = False) -> list[tuple[str, str, str]]:
    collection = sgf.read(text, lenient=lenient)
    return [(f.severity, f.grade, f.rule) for g in collection.games for f in g.findings]


@pytest.mark.parametrize("name, text, expected", [
    ("text_before_the_game", "GNU Go licence (c) FSF\n(;GM[1];B[aa])",
     [("note", "pedantic", "text-outside-game")]),
    ("text_after_the_game", "(;GM[1];B[aa])\n\x1a--\n", [("note", "pedantic", "text-outside-game")]),
    ("property_twice_in_a_node", "(;GM[1]AB[aa]AB[bb])", [("note", "pedantic", "duplicate-property")]),
    ("comment_twice_in_a_node", "(;C[a]C[b])", [("note", "pedantic", "duplicate-property")]),
    ("value_twice_in_a_node", "(;GM[1]GM[1])", [("note", "pedantic", "duplicate-property")]),
    ("another_value_of_a_property_of_one", "(;GM[1]PB[Ann]PB[Bob])",
     [("warning", "repaired", "conflicting-property")]),
    ("black_and_white_in_one_node", "(;GM[1];B[aa]W[bb])", [("warning", "repaired", "two-moves")]),
    ("ff3_lower_case_identifier", "(;GM[1]AddBlack[aa])", [("note", "pedantic", "lower-case-identifier")]),
    ("missing_semicolon", "(GM[1];B[aa])", [("warning", "repaired", "missing-semicolon")]),
    ("missing_opening_parenthesis", ";GM[1]FF[4]SZ[19]AP[foxwq];B[pd];W[dd])",
     [("warning", "repaired", "missing-parenthesis")]),
    ("missing_both_parentheses", "\n;GM[1];B[aa](;W[bb])(;W[cc])",
     [("warning", "repaired", "missing-parenthesis"), ("error", "critical", "truncated")]),
    ("empty_game_tree", "(;GM[1];B[aa]())", [("warning", "repaired", "empty-tree")]),
    ("node_after_a_variation", "(;GM[1];B[aa](;W[bb]);W[cc])",
     [("error", "critical", "node-after-variation")]),
    ("junk_inside_a_tree", "(;GM[1];B[aa] !? ;W[bb])", [("error", "critical", "junk")]),
    ("stray_closing_bracket", "(;GM[1];B[aa]];W[bb])", [("warning", "repaired", "stray-bracket")]),
    ("stray_bracket_after_the_game", "(;GM[1];B[aa])]", [("note", "pedantic", "text-outside-game")]),
    ("value_never_closed", "(;GM[1];C[the file ends", [("error", "critical", "truncated"),
                                                       ("error", "critical", "truncated")]),
    ("tree_never_closed", "(;GM[1];B[aa];W[bb]", [("error", "critical", "truncated")]),
])
def test_each_repair_is_graded(name, text, expected):
    assert findings(text) == expected


def test_lenient_reading_makes_critical_findings_warnings():
    assert findings("(;GM[1];B[aa];W[bb]", lenient=True) == [("warning", "critical", "truncated")]


def test_repairs_are_what_every_reader_reads():
    [root] = sgf.parse("(;GM[1]AB[aa]AB[bb]C[x]C[y];B[aa]W[bb])")
    assert root.properties == {"GM": ["1"], "AB": ["aa", "bb"], "C": ["x\n\ny"]}
    black = root.children[0]
    assert black.properties == {"B": ["aa"]} and black.children[0].properties == {"W": ["bb"]}
    [game] = sgf.read("(;GM[1];B[aa](;W[bb]);W[cc])", lenient=True).games
    root = game.root
    assert [child.properties for child in root.children[0].children] == [{"W": ["bb"]},
                                                                         {"W": ["cc"]}]


def test_a_game_without_its_opening_parenthesis_keeps_its_variations():
    # Fox writes some files from the root's ";" on: the main line is not taken for text before
    # a game that starts at the first variation
    [game] = sgf.read(";GM[1];B[aa](;W[bb])(;W[cc]))").games
    assert game.root.properties == {"GM": ["1"]}
    [black] = game.root.children
    assert [child.properties for child in black.children] == [{"W": ["bb"]}, {"W": ["cc"]}]


def test_a_truncated_file_keeps_what_it_holds():
    [game] = sgf.read("(;GM[1];B[aa];C[half a comm").games
    assert game.root.children[0].children[0].properties == {"C": ["half a comm"]}


def test_nothing_to_read_is_fatal():
    with pytest.raises(NotationError, match="no SGF game tree") as caught:
        sgf.read("just some text (with parentheses; and semicolons)")
    assert caught.value.grade == "fatal"


def test_a_collection_reads_every_game_with_its_own_findings():
    collection = sgf.read("(;GM[1];B[aa])\n(;GM[1]C[x]C[y])\n(;GM[1];W[bb])")
    assert len(collection.games) == 3
    assert [len(g.findings) for g in collection.games] == [0, 1, 0]
    assert collection.games[1].findings[0].span.line == 2


def test_games_are_read_one_at_a_time_up_to_the_limits(monkeypatch):
    monkeypatch.setattr(sgf, "MAX_GAMES", 3)
    collection, games = sgf.read_each("(;GM[1]C[one])(;GM[1])\n(;GM[1])(;GM[1]C[four])")
    first = next(games)
    assert first.root.properties["C"] == ["one"] and collection.games == []
    assert [game.root.start for game in [next(games), next(games)]] == [15, 24]
    with pytest.raises(LimitError, match="more than 3 games") as caught:
        next(games)
    assert (caught.value.grade, caught.value.span.line) == ("fatal", 2)


def test_a_limit_reached_inside_a_collection_is_reported_with_the_games_before_it(monkeypatch):
    monkeypatch.setattr(sgf, "MAX_NODES", 4)
    reports = check_text("(;GM[1];B[aa])\n(;GM[1];B[aa];W[bb])", "c.sgf", Options())
    assert [r.path for r in reports] == ["c.sgf#1", "c.sgf#2"]
    assert reports[0].diagnostics == []
    [limit] = reports[1].diagnostics
    assert (limit.rule, limit.grade, limit.line) == ("node-limit", "fatal", 2)


def test_nesting_of_any_depth_costs_no_recursion():
    depth = 5000
    text = "(;GM[1]" + "(;B[aa]" * depth + ")" * depth + ")"
    [root] = sgf.parse(text)
    assert len(root.main_line()) == depth + 1
    assert sgf.parse(sgf.serialize([root])) == [root]


def test_the_charset_is_read_with_the_real_tokenizer():
    # a "(" in a header and a "CA[" inside a comment do not mislead it
    data = b"(c) 2024 (;C[see CA[latin1\\] ]FF[4]CA[GB2312]PB[x];B[aa])"
    assert charset.declared_charset(data) == ("GB2312", data.index(b"CA[GB"))
    assert charset.declared_charset(b"(;GM[1];CA[UTF-8])") is None  # not in the root


def test_a_collection_kifu_writes_stops_before_it_holds_more_than_kifu_reads():
    """Games written into one SGF file: all of them while the file stays within what kifu's
    reader reads; a ConversionError as soon as it would hold more nodes (or games, or values),
    so that kifu never writes a collection it could not read back."""
    from kifu.base.errors import ConversionError
    from kifu.sgf.properties import MAX_GAMES, MAX_NODES
    from kifu.sgf.write import collection

    game = ["(;GM[1]SZ[9]\n", ";B[aa];W[bb]", ")\n"]
    assert "".join(collection([game, game])) == "".join(game * 2)
    moves = ";B[aa]" * 1000
    with pytest.raises(ConversionError, match=f"more than {MAX_NODES:,} nodes"):
        for _ in collection(["(;GM[1]", moves, ")"] for _ in range(MAX_NODES // 1000 + 1)):
            pass
    with pytest.raises(ConversionError, match=f"more than {MAX_GAMES:,} games"):
        for _ in collection(["(;GM[1])"] for _ in range(MAX_GAMES + 1)):
            pass
