"""The fuzz harness, sized for CI: mutated and generated records of every game and format go
through everything the library does with a record, and kifu answers each with a result or a
``KifuError``, never another exception, a record it cannot read back, or unsafe SVG.  The long
run is ``python -m tests.fuzz --minutes 30``."""
from __future__ import annotations

import resource

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz import corpus, pipeline


@st.composite
def inputs(draw: st.DrawFn, game: str) -> tuple[str, bytes]:
    return corpus.any_input(corpus.DrawChooser(draw), game)


@pytest.mark.parametrize("game", corpus.GAMES)
@settings(max_examples=500, deadline=None)
@given(data=st.data())
def test_every_input_gets_an_answer(game, data):
    name, content = data.draw(inputs(game), label="input")
    pipeline.exercise(name, content)


def test_memory_stays_bounded_through_the_fuzzing():
    """The inputs above are at most a quarter of a megabyte; whatever they hold, the process
    never needs more than a few hundred megabytes for them (peak resident size so far)."""
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    assert peak_mb < 1024


def test_every_seed_is_an_answer_too():
    """The seeds themselves (every example, and the legal ones as JSON and SGF) go through."""
    outcomes = [pipeline.exercise(seed.name, seed.data) for seed in corpus.seeds()]
    assert {o.game for o in outcomes} == set(corpus.GAMES)
    assert sum(o.result == "ok" for o in outcomes) >= 30
