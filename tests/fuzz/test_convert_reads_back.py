"""Whatever ``kifu convert`` writes, kifu reads back (issue 17.9): every record of every game, in
its notation (every dialect), as JSON and in every interchange format the game has.

A written record must read back without an error, and as the same record: the same headers,
set-up, comments and tree of moves, up to what a notation cannot say (how blanks and line ends
run in values and comments, a comment's closing bracket inside it, written full-width) and moves
that a dialect writes another way but that replay alike.  A format that cannot hold a record
(SGF of a map board) says so with a ``KifuError`` instead of writing it.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kifu.base.errors import KifuError
from kifu.reading.source import decode
from kifu.run.load import parse_text
from tests.fuzz import corpus, pipeline


def _readable(name: str, data: bytes):
    try:
        return parse_text(decode(data, name).text, name)
    except KifuError:
        return None


@pytest.mark.parametrize("seed", corpus.seeds(), ids=lambda seed: f"{seed.game}/{seed.name}")
def test_every_example_converts_to_every_format_and_back(seed):
    readable = _readable(seed.name, seed.data)
    if readable is None:
        pytest.skip("an example that is broken on purpose before it is a record")
    pipeline.round_trips(*readable)


@pytest.mark.parametrize("game", corpus.GAMES)
@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_any_record_kifu_reads_converts_and_reads_back(game, data):
    name, content = data.draw(st.composite(lambda draw: corpus.any_input(
        corpus.DrawChooser(draw), game))(), label="input")
    readable = _readable(name, content)
    if readable is not None:
        pipeline.round_trips(*readable)


def test_the_issues_free_form_go_example_no_longer_writes_unreadable_json():
    """``E5 "t":`` on grid:9 was read (and reported illegal at move 4 on replay), but its JSON
    could not be read back: a word that can name no cell is now refused where it is read,
    by the notation as by JSON."""
    text = 'Game: freego\nBoard: grid:9\n\nE5 D4 F6 "t":\n'
    with pytest.raises(KifuError) as caught:
        parse_text(text, "x.freego")
    assert caught.value.code == "syntax" and caught.value.span.column == 10
