"""The SGF syntax layer against an independent scanner, on generated SGF text."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kifu import sgf as core_sgf
from kifu.errors import NotationError
from tests.core import sgf_oracle

values = st.text(st.sampled_from(list("ab]\\[ \n:xé")), max_size=6).map(core_sgf.escape)
props = st.lists(st.tuples(st.sampled_from(["B", "W", "C", "AB", "GN", "AddBlack"]),
                           st.lists(values, min_size=1, max_size=2)),
                 max_size=3, unique_by=lambda p: "".join(c for c in p[0] if c.isupper()))
blank = st.sampled_from(["", " ", "\n", "  \n "])


@st.composite
def sgf_texts(draw, depth: int = 2) -> str:
    nodes = draw(st.lists(props, min_size=1, max_size=3))
    out = "(" + draw(blank)
    for node in nodes:
        out += ";" + "".join(draw(blank) + ident + "".join(f"[{v}]" for v in vals)
                             for ident, vals in node) + draw(blank)
    if depth:
        for _ in range(draw(st.integers(0, 2))):
            out += draw(sgf_texts(depth - 1))
    return out + ")" + draw(blank)


def trees(nodes):
    return [(n.properties, n.span, n.value_spans, trees(n.children)) for n in nodes]


@given(sgf_texts())
def test_parser_builds_the_same_trees_as_an_independent_scanner(text):
    assert trees(core_sgf.parse(text)) == trees(sgf_oracle._scan(text))


@given(sgf_texts())
def test_values_round_trip_through_serialize(text):
    roots = core_sgf.parse(text)
    again = core_sgf.parse(core_sgf.serialize(roots))
    strip = lambda nodes: [(n.properties, strip(n.children)) for n in nodes]  # noqa: E731
    assert strip(again) == strip(roots)


@pytest.mark.parametrize("text, message, column", [
    ("(;B[aa]", "ends too early", 8),
    ("x(;B[aa])", "unexpected character 'x'", 1),
    ("(;B[aa]B[bb])", "property B appears twice in one node", 8),
    ("(;B)", "unexpected character 'B'", 3),
    ("()", "unexpected '\\)'", 2),
])
def test_syntax_errors_are_located(text, message, column):
    with pytest.raises(NotationError, match=message) as info:
        core_sgf.parse(text)
    assert info.value.span.column == column


@given(st.lists(st.tuples(st.sampled_from("BW"), st.sampled_from(["aa", "ss", "", "tt", "jj"])),
                min_size=1, max_size=12), st.sampled_from(["", "\n", " ", " \n  "]))
def test_plain_games_read_alike_the_short_way(moves, gap):
    text = "(;GM[1]SZ[19]C[root ;B[xx\\] ]\n" + gap.join(f";{c}[{p}]" for c, p in moves) + ")\n"
    root, plain = core_sgf.split_plain(text)
    full = core_sgf.parse(text)[0]
    assert root.properties == full.properties and root.span == full.span
    nodes = full.main_line()[1:]
    assert plain == [(next(iter(n.properties)), n.properties[next(iter(n.properties))][0], n.span)
                     for n in nodes]


@pytest.mark.parametrize("text", [
    "(;GM[1];B[aa](;W[bb])(;W[cc]))",   # variations
    "(;GM[1];B[aa]C[hm];W[bb])",        # a comment on a move
    "(;GM[1];B[aa];AB[cc];W[bb])",       # set-up in the middle
    "(;GM[1])",                          # no moves at all
])
def test_other_shapes_are_left_to_the_general_parser(text):
    assert core_sgf.split_plain(text) is None
