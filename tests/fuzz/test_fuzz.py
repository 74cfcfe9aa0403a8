"""The fuzz harness, sized for CI: mutated and generated records of every game and format go
through everything the library does with a record, and kifu answers each with a result or a
``KifuError``, never another exception, a record it cannot read back, or unsafe SVG; and
through what surrounds kifu's work (:mod:`tests.fuzz.shapes`): output targets, folders that
overlap, threads and signals; and into a corpus index that is then damaged and asked every
question (:mod:`tests.fuzz.damage`).  The long run is ``python -m tests.fuzz --minutes 30``."""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz import corpus, damage, pipeline, shapes
from tests.fuzz.memory import PEAK_MB, peak_kb, reset_peak, resident_kb


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
    stays within a few hundred megabytes above what the process held before them (in a whole
    test run, the tests before this one leave the process larger: that is not the fuzzing's)."""
    reset_peak()
    before = resident_kb()
    chooser = corpus.RandomChooser(random.Random(17))
    for game in corpus.GAMES:
        for _ in range(100):
            pipeline.exercise(*corpus.any_input(chooser, game))
    assert (peak_kb() - before) / 1024 < PEAK_MB


def test_every_seed_is_an_answer_too():
    """The seeds themselves (every example, the legal ones as JSON and SGF, and the records of
    Renju's archives the tests hold) go through; those of the archives that are no record (a
    chess PGN, another program's XML) are told to be none."""
    outcomes = [pipeline.exercise(seed.name, seed.data) for seed in corpus.seeds()]
    assert {o.game for o in outcomes if o.game is not None} == set(corpus.GAMES)
    assert {o.result for o in outcomes if o.game is None} == {"kifu:unknown-game"}
    assert sum(o.result == "ok" for o in outcomes) >= 30


# -- what surrounds the work: outputs, folders, threads, signals (tests/fuzz/shapes.py) ------

@pytest.mark.parametrize("shape", ["targets", "threads"])
@pytest.mark.parametrize("game", corpus.GAMES)
@settings(max_examples=35, deadline=None)
@given(data=st.data())
def test_every_input_written_to_any_target_and_read_from_threads_keeps_its_promises(
        shape, game, data):
    """targets: a new file, an old one, a link to a file, a pipe, a link to kifu's own standard
    output and (as root) a device of our own, each written every way the input can be written,
    some refused half-way, get the whole text or nothing and stay what they were; threads:
    four threads at once read and write the input as one does."""
    name, content = data.draw(inputs(game), label="input")
    shapes.exercise(shape, name, content, corpus.DrawChooser(data.draw))


@pytest.mark.parametrize("game", corpus.GAMES)
@settings(max_examples=4, deadline=None)
@given(data=st.data())
def test_batches_into_folders_that_overlap_their_inputs_never_change_an_input(game, data):
    """--output-dir equal to, above and below the folder read, a record of another game of the
    same stem beside the input, every run twice."""
    name, content = data.draw(inputs(game), label="input")
    shapes.folders(name, content, corpus.DrawChooser(data.draw))


@pytest.mark.parametrize("seed", range(3))
def test_a_batch_stopped_by_a_signal_ends_cleanly_whatever_it_holds(seed):
    chooser = corpus.RandomChooser(random.Random(seed))
    outcome = shapes.signals(*corpus.any_input(chooser, corpus.GAMES[seed]), chooser)
    assert outcome.result.startswith("signal:")


# -- a damaged index (tests/fuzz/damage.py) --------------------------------------------------

@pytest.mark.parametrize("kind", damage.DAMAGES)
@settings(max_examples=5, deadline=None)
@given(data=st.data())
def test_a_damaged_index_answers_as_it_did_or_says_it_is_damaged(kind, data):
    """The input indexed among records of every game, the index damaged (bytes flipped past
    the first page, cut short, pages swapped, rows edited with SQL, or edited and every
    checksum made anew) and every question of the library and the command line asked: each
    answers as it did, or with a ``CorpusError`` naming the index and the way to rebuild
    it."""
    game = data.draw(st.sampled_from(corpus.GAMES), label="game")
    name, content = data.draw(inputs(game), label="input")
    outcome = damage.damaged_index(name, content, corpus.DrawChooser(data.draw), kind=kind)
    assert outcome.result.startswith(f"index:{kind}:")
