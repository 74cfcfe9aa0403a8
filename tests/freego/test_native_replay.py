"""One truth for the library: ``kifu.parse(text).replay()`` of a Go record Go's compiled core
replays (``Format.replay``: ``gosgf.c``'s ``replay`` and ``native/steps.py``) gives the steps
pure Python gives (``KIFU_PURE_PYTHON=1``): the same numbers, moves, notation, comments and
events, and positions equal to Python's, hashing alike, field by field once read, that play
on as Python's do; over the examples, the quirks' records, random games of every rule set and
(with ``KIFU_CORPUS``) every SGF file of the corpus.  The sanitizer build of
``test_native.py`` runs ``replay`` and ``rows`` on its hostile inputs too."""
from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

import kifu
from kifu.base import native as cores
from kifu.base.errors import KifuError
from kifu.builtin.freego import native
from kifu.builtin.freego.native import steps as compiled_steps
from kifu.builtin.freego.position import Position, Seen
from kifu.run.load import read_file
from tests import realfiles
from tests.cores import pure_python, replays_alike
from tests.freego import native_inputs
from tests.freego.test_native import _corpus_files

pytestmark = pytest.mark.skipif(
    cores.compiled(native.MODULE) is None,
    reason="no compiled core runs: not built (no C compiler), or KIFU_PURE_PYTHON is set")

#: What a position holds, compared field by field (``seen`` as the positions it holds).
FIELDS = ("cells", "to_move", "prisoners", "hash", "before_last", "placed", "ply",
          "numbers", "last", "passed", "outcome", "scores", "start_to_move", "ended", "seats",
          "rules", "board")


def _seen(seen: Seen) -> dict[int, int]:
    merged: dict[int, int] = {}
    for layer in (*seen.layers, seen.own):
        merged.update(layer)
    return merged


def _journal(pos: Position) -> list[Any]:
    """The journal of placements, last first (a chain of pairs as deep as the game is long)."""
    placements, journal = [], pos.journal
    while journal is not None:
        placements.append(journal[0])
        journal = journal[1]
    return placements


def _fields(pos: Position, whole: bool = True) -> tuple[Any, ...]:
    """The fields of ``pos``: all, or (not ``whole``) those a compiled core's position makes
    from the core's own data, not from Python's replay (``steps.FROM_PYTHON``)."""
    if not whole:
        return tuple(getattr(pos, name) for name in FIELDS
                     if name not in compiled_steps.FROM_PYTHON)
    return (*(getattr(pos, name) for name in FIELDS), _seen(pos.seen), _journal(pos))


def agree(text: str, name: str = "game.sgf", every: int = 1) -> bool:
    """:func:`tests.cores.replays_alike`, Go's positions compared field by field."""
    def fields(game: str, mine: Any, pure: Any, whole: bool) -> None:
        if game == "freego":  # (a text of GM[1] may be Renju's)
            assert _fields(mine, whole) == _fields(pure, whole), text[:200]

    return replays_alike(text, name, every, fields)


def test_a_clean_game_is_replayed_by_the_core_with_pythons_steps():
    text = ("(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7]C[start]\n;B[cc];W[dc];B[cd]C[a comment]"
            ";W[dd];B[ed];W[ce];B[de];W[bd];B[ee];W[be];B[cf];W[];B[])")
    assert agree(text)
    steps = list(kifu.parse(text).replay())
    assert isinstance(steps[-1].position, compiled_steps.Stepped)
    assert steps[2].comments == ["a comment"]


def test_captures_ko_and_suicide_give_pythons_events_and_positions():
    # a ko taken (ko-at in the key), two groups taken by one stone, a suicide of a group
    games = ["(;SZ[5]RU[Japanese]AB[ba][ab][bc]AW[ca][db][cc];W[bb];B[cb];W[ee];B[aa])",
             "(;SZ[5]RU[Chinese]AB[ba][ab][cb][bc]AW[ca][da][db][cc][dc];W[bb];B[aa];W[ee])",
             "(;SZ[5]RU[AGA]AW[aa][ca]AB[ab][cb][da];B[ba];W[ee])",
             "(;SZ[4]RU[NZ]AW[ab][bb]AB[ac][bc][ba][cb];W[aa];B[dd])"]
    served = [agree(text) for text in games]
    assert all(served), served
    keys = [step.position.value_key() for step in kifu.parse(games[0]).replay()]
    assert "ko-at:" in keys[1] and "ko-at:" not in keys[2]
    events = [step.events[1:] for step in kifu.parse(games[2]).replay()]
    assert [event["cells"] for event in events[0]] == [["A5"], ["C5"]]
    events = [step.events[1:] for step in kifu.parse(games[3]).replay()]
    assert events[0] == [{"type": "suicide", "player": "white", "cells": ["A3", "B3", "A4"]}]


def test_a_position_of_the_core_plays_on_as_pythons_does():
    text = "(;GM[1]SZ[9]RU[AGA];B[ee];W[ec];B[ce];W[cc];B[gg];W[gc])"
    record = kifu.parse(text)
    with pure_python():
        python = kifu.parse(text)
    game = record.game
    for mine, pure in zip(record.replay(), python.replay()):
        moves = game.legal_moves(mine.position)
        assert moves == game.legal_moves(pure.position)
        after = game.play(mine.position, moves[len(moves) // 2])
        assert type(after) is Position and after == game.play(pure.position,
                                                             moves[len(moves) // 2])
        assert game.position_json(mine.position) == game.position_json(pure.position)
        assert kifu.text(mine.position, game) == kifu.text(pure.position, game)
        assert pickle.loads(pickle.dumps(mine.position)) == pure.position
        assert copy.deepcopy(mine.position) == pure.position


def test_a_file_read_is_replayed_by_the_core_as_a_text_parsed_is(tmp_path):
    text = "(;GM[1]SZ[9]RU[Japanese]KM[6.5];B[ee];W[cc];B[gc];W[cg]C[x])"
    (tmp_path / "game.sgf").write_text(text, encoding="utf-8")
    record = kifu.read(tmp_path / "game.sgf")
    with pure_python():
        python = kifu.read(tmp_path / "game.sgf")
    assert record._compiled is not None and (record.name, record.path) == (python.name,
                                                                           python.path)
    assert [(s.move, s.events, s.position, s.comments) for s in record.replay()] == \
        [(s.move, s.events, s.position, s.comments) for s in python.replay()]


def test_a_record_read_or_changed_is_replayed_in_python_from_then_on():
    text = "(;SZ[9];B[ee];W[cc])"
    record = kifu.parse(text)
    record.nodes.pop()  # the record as its reader changed it
    assert [step.number for step in record.replay()] == [1]
    assert record.move_count == 1


def test_the_examples_and_the_quirks_replay_alike():
    served = [agree(text, f"seed{i}.sgf") for i, text in enumerate(native_inputs.seeds())]
    assert any(served), "the compiled core replayed none of the bundled records"


def test_random_games_replay_alike():
    rng = random.Random(39)
    served = [agree(native_inputs.random_game(rng), every=7) for _ in range(150)]
    assert sum(served) > 20 and not all(served), sum(served)


def test_mutated_records_replay_alike():
    rng = random.Random(40)
    seeds = native_inputs.seeds()
    for _ in range(60):
        agree(native_inputs.mutated(rng, rng.choice(seeds)), every=11)


@realfiles.needs("sgf-real")
def test_every_real_file_replays_alike():
    served = 0
    for path in _corpus_files():
        try:
            source = read_file(str(path))
        except KifuError:
            continue
        served += agree(source.text, str(path), every=0)
    assert served > 1000, served
