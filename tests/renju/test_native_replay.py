"""One truth for the library: ``kifu.parse(text).replay()`` of a Renju record Renju's compiled
core replays (``Format.replay``: ``renju.c``'s ``replay_notation`` and ``replay_psq``, and
``native/steps.py``) gives the steps pure Python gives (``KIFU_PURE_PYTHON=1``): the same
numbers, moves, notation, comments and events, and positions equal to Python's, hashing
alike, field by field, that play on as Python's do; over the examples, the archives' quirks,
random records of every rule set and random psq files, mutated ones, and (with
``KIFU_CORPUS``) every Renju file of the corpus.  The sanitizer build of ``test_native.py``
runs ``replay_notation`` and ``replay_psq`` on its hostile inputs too."""
from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from typing import Any

import pytest

import kifu
from kifu.base import native as cores
from kifu.base.errors import KifuError
from kifu.builtin.renju import native
from kifu.builtin.renju.position import Position
from kifu.run.load import read_file
from tests import realfiles
from tests.cores import pure_python, replays_alike
from tests.renju import native_inputs

pytestmark = pytest.mark.skipif(
    cores.compiled(native.MODULE) is None,
    reason="no compiled core runs: not built (no C compiler), or KIFU_PURE_PYTHON is set")

#: A position's fields, compared one by one.
FIELDS = tuple(field.name for field in dataclasses.fields(Position))


def _fields(game: str, mine: Any, pure: Any, whole: bool) -> None:
    if game == "renju":
        assert type(mine) is Position
        assert [getattr(mine, name) for name in FIELDS] == [getattr(pure, name) for name in FIELDS]


def agree(text: str, name: str | None = None, every: int = 1) -> bool:
    """:func:`tests.cores.replays_alike` of a Renju record or psq file (named by its form)."""
    if name is None:
        name = "game.psq" if text.lstrip().startswith("Piskvorky") else "game.renju"
    return replays_alike(text, name, every, _fields)


def test_a_clean_game_is_replayed_by_the_core_with_pythons_steps():
    text = ("Game: renju\nBlack: b\nWhite: w\nRule: renju\nResult: black\n\n"
            "1. h8 {start} 2. h9 3. i9 4. h10 5. j10 6. h11 7. k11 8. h12 9. l12 {five}\n")
    assert agree(text)
    record = kifu.parse(text)
    assert record._compiled is not None
    steps = list(record.replay())
    assert steps[-1].events == [{"type": "end", "winner": "black", "reason": "five at l12"}]
    assert steps[0].comments == ["start"]


@pytest.mark.parametrize("text", [
    "Game: renju\nRule: renju\n\nh8 swap h9 i9 pass g8 pass pass\n",
    "Game: renju\nRule: freestyle\nSize: 9\n\ne5 e6 d5 d6 c5 c6 b5 c6\n",
    "Game: renju\nOpening-stones: h8 h9 i9\nTo-move: white\n\nj8 j9\n",
    # the rules named after a comment, and after a blank line: black's overline wins
    "Game: renju\n{a note}\nRule: freestyle\n\nc8 a1 d8 a3 e8 a5 g8 a7 h8 a9 f8\n",
    "Game: renju\n\nRule: freestyle\n\nc8 a1 d8 a3 e8 a5 g8 a7 h8 a9 f8\n",
])
def test_swaps_passes_boards_and_set_ups_replay_alike(text):
    agree(text)


def test_the_ends_of_a_game_give_pythons_events():
    # black's forbidden shapes (white wins), white's overline where it wins, a four-three:
    # each the last step's events and the position's outcome
    for path in ("double-three", "white-overline", "double-four", "forced-overline",
                 "four-three-win"):
        text = (native_inputs.ROOT / "examples" / "renju" / f"{path}.renju").read_text("utf-8")
        assert agree(text), path


def test_a_position_of_the_core_plays_on_as_pythons_does():
    text = "Game: renju\nRule: renju\n\nh8 h9 j8 g9 j10 j9 k8\n"
    record = kifu.parse(text)
    with pure_python():
        python = kifu.parse(text)
    assert record._compiled is not None
    game = record.game
    for mine, pure in zip(record.replay(), python.replay()):
        moves = game.legal_moves(mine.position)
        assert moves == game.legal_moves(pure.position)
        after = game.play(mine.position, moves[len(moves) // 2])
        assert after == game.play(pure.position, moves[len(moves) // 2])
        assert game.position_json(mine.position) == game.position_json(pure.position)
        assert kifu.text(mine.position, game) == kifu.text(pure.position, game)
        assert pickle.loads(pickle.dumps(mine.position)) == pure.position
        assert copy.deepcopy(mine.position) == pure.position


def test_a_position_handed_out_is_the_callers_own():
    text = "Game: renju\n\nh8 h9 j8\n"
    record = kifu.parse(text)
    with pure_python():
        python = [step.position for step in kifu.parse(text).replay()]
    for step in record.replay():  # the caller changes each position it is given
        step.position.cells[step.position.board.index(0, 0)] = 2
        step.position.numbers.clear()
    assert [step.position for step in record.replay()] == python
    assert record.position(2) == python[1] and record.position(0).stones == 0


def test_a_file_read_is_replayed_by_the_core_as_a_text_parsed_is(tmp_path):
    (tmp_path / "game.renju").write_text("Game: renju\n\nh8 h9 j8 g9\n", encoding="utf-8")
    (tmp_path / "game.psq").write_text("Piskvorky 15x15, 0:0, 0\n8,8,0\n9,9,0\n7,9,0\n",
                                       encoding="utf-8")
    for name in ("game.renju", "game.psq"):
        record = kifu.read(tmp_path / name)
        with pure_python():
            python = kifu.read(tmp_path / name)
        assert record._compiled is not None, name
        assert [(s.move, s.events, s.position, s.comments) for s in record.replay()] == \
            [(s.move, s.events, s.position, s.comments) for s in python.replay()]


def test_the_examples_and_the_quirks_replay_alike():
    served = [agree(text) for text in native_inputs.seeds()]
    assert sum(served) > 5, sum(served)


def test_random_records_replay_alike():
    rng = random.Random(39)
    served = [agree(native_inputs.random_record(rng), every=5) for _ in range(120)]
    served += [agree(native_inputs.random_psq(rng), every=5) for _ in range(60)]
    assert sum(served) > 30 and not all(served), sum(served)


def test_mutated_records_replay_alike():
    rng = random.Random(40)
    seeds = native_inputs.seeds()
    for _ in range(60):
        agree(native_inputs.mutated(rng, rng.choice(seeds)), every=11)


@realfiles.needs("renju")
def test_every_real_file_replays_alike():
    served = 0
    for path in sorted(realfiles.folder("renju").rglob("*")):  # type: ignore[union-attr]
        if not path.is_file() or path.suffix not in (".psq", ".renju"):
            continue
        try:
            source = read_file(str(path))
        except KifuError:
            continue
        served += agree(source.text, str(path), every=0)
    assert served > 300, served
