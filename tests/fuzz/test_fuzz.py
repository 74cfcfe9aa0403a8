"""The fuzz harness, sized for CI: mutated and generated records of every game and format go
through everything the library does with a record, and kifu answers each with a result or a
``KifuError``, never another exception, a record it cannot read back, or unsafe SVG.  The long
run is ``python -m tests.fuzz --minutes 30``."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz import corpus, pipeline
from tests.fuzz.memory import PEAK_MB, peak_kb, reset_peak


@st.composite
def inputs(draw: st.DrawFn, game: str) -> tuple[str, bytes]:
    return corpus.any_input(corpus.DrawChooser(draw), game)


@pytest.mark.parametrize("game", corpus.GAMES)
@settings(max_examples=500, deadline=None)
@given(data=st.data())
def test_every_input_gets_an_answer(game, data):
    name, content = data.draw(inputs(game), label="input")
    pipeline.exercise(name, content)


@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="Linux only")
def test_memory_stays_bounded_through_the_fuzzing():
    """Whatever an input holds (inputs here are at most a quarter of a megabyte, grown by
    repeating and nesting), the process's peak resident memory over a hundred of them per game
    stays within a few hundred megabytes."""
    reset_peak()
    chooser = corpus.RandomChooser(random.Random(17))
    for game in corpus.GAMES:
        for _ in range(100):
            pipeline.exercise(*corpus.any_input(chooser, game))
    assert peak_kb() / 1024 < PEAK_MB


def test_every_seed_is_an_answer_too():
    """The seeds themselves (every example, and the legal ones as JSON and SGF) go through."""
    outcomes = [pipeline.exercise(seed.name, seed.data) for seed in corpus.seeds()]
    assert {o.game for o in outcomes} == set(corpus.GAMES)
    assert sum(o.result == "ok" for o in outcomes) >= 30
