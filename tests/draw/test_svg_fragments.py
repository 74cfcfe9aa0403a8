"""Parts of an SVG document written once and put in many documents (``kifu.draw.svg``): the
text is the one ElementTree writes for the whole document, escaping included."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from kifu.draw.svg import _serialized, document, element, fragments, slot, to_string

#: An element as (tag, text, children); texts go through ElementTree, markup and all.
Tree = tuple[str, str | None, list]
words = st.text(st.characters(codec="utf-8"), max_size=12)
trees = st.recursive(
    st.tuples(st.sampled_from(["circle", "text", "line"]), st.one_of(st.none(), words),
              st.just([])),
    lambda inner: st.tuples(st.just("g"), st.none(), st.lists(inner, max_size=4)),
    max_leaves=12)


def build(parent: ET.Element, tree: Tree) -> None:
    tag, text, children = tree
    made = element(parent, tag, text, class_=text)
    for child in children:
        build(made, child)


@given(st.lists(trees, max_size=5), st.lists(trees, max_size=5), words)
def test_fragments_in_a_slot_are_the_text_of_the_whole_document(before, kept, title):
    whole = document(10, 10, title)
    group = element(whole, "g", class_="kept")
    for tree in before + kept:
        build(group, tree)
    element(whole, "rect")

    scratch = ET.Element("g")
    for tree in kept:
        build(scratch, tree)
    written = fragments(scratch, 2)
    for _ in range(2):  # the same fragments serve any number of documents
        parted = document(10, 10, title)
        group = element(parted, "g", class_="kept")
        for tree in before:
            build(group, tree)
        slot(group, written, 2)
        element(parted, "rect")
        assert to_string(parted) == to_string(whole)


def test_a_record_cannot_open_a_slot():
    root = document(10, 10, "<kifu-slot />")
    element(root, "text", "<kifu-slot />", class_="<kifu-slot />")
    slot(root, ['<circle r="1" />'], 1)
    drawn = to_string(root)
    assert drawn.count('<circle r="1" />') == 1 and drawn.count("&lt;kifu-slot /&gt;") == 3


@given(st.lists(trees, max_size=6), words, words)
def test_a_document_is_written_as_elementtree_writes_it(trees_in, title, tail):
    """``to_string`` writes kifu's documents itself, in a third of ElementTree's time (the
    viewer's page of a library of 39,884 positions writes 79,768 of them): every text and
    attribute, escaped, indented and with tails, comes out as ``ET.tostring`` gives it."""
    root = document(10, 10, title)
    for tree in trees_in:
        build(root, tree)
    element(root, "text", tail, x=1.5, class_=tail).tail = tail
    ET.indent(root, space=" ")
    assert _serialized(root) == ET.tostring(root, encoding="unicode")
