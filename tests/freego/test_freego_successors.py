"""The positions an explorer's step names the moves by (``GamePlugin.successors``): where Go's
compiled core puts the stones down at once (``index.successors``, ``successors`` in
``gosgf.c``), each legal move's position has the hash and the key that playing the move on a
copy and hashing it gives (the reference, pure Python): captures, a suicide the rules allow,
a ko just taken, prisoners, the rules' fields of the key, and the first move of several that
make one position up to symmetry.  The legal moves themselves, the core's captures and
suicides (``legal_cells``) with Python's ko and superko, are those Python lists."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from kifu.base import native as cores
from kifu.base.record import Record
from kifu.builtin.freego import index, native
from kifu.plugin import AnyGame, registry
from tests.cores import pure_python

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    cores.compiled(native.MODULE) is None,
    reason="no compiled core runs: not built (no C compiler), or KIFU_PURE_PYTHON is set")


def both_ways(game: AnyGame, position: Any, wanted: set[int] | None = None,
              keys: list[str] | None = None) -> int:
    """The positions of every legal move of ``position``, by the compiled core and in pure
    Python: the same (their keys into ``keys``); how many the core worked out itself."""
    moves = game.legal_moves(position)
    quick = index.successors(position, moves)
    assert quick is not None
    compiled = game.successors(position, moves, wanted)
    with pure_python():
        assert game.legal_moves(position) == moves  # the core's captures and suicides
        assert index.successors(position, moves) is None
        python = game.successors(position, moves, wanted)
    assert compiled == python, game.position_key(position)
    if keys is not None:
        keys.extend(key for _, key in compiled.values())
    return sum(entry is not None for entry in quick)


def test_every_position_of_a_game_of_kos_and_captures_names_its_moves_as_playing_them() -> None:
    game = registry.get("freego")
    record = game.parse((ROOT / "examples" / "freego" / "nine.freego").read_text("utf-8"))
    position = game.start(record)
    worked_out = 0
    keys: list[str] = []
    for node in record.moves:
        if game.outcome(position) is None:
            worked_out += both_ways(game, position, keys=keys)
        game.play(position, node.move)
    assert worked_out > 2000  # every stone put down by the core (the passes by Python)
    assert any(" ko-at:" in key for key in keys) and any(" prisoners:" in key for key in keys)


@pytest.mark.parametrize("ko", ["situational", "basic"])
def test_a_crowded_board_where_suicide_is_allowed_and_prisoners_were_taken(ko: str) -> None:
    game = registry.get("freego")
    rng = random.Random(41)
    position = game.start(Record("freego", headers={
        "Board": "grid:7x5", "Suicide": "allowed", "Komi": "0.5", "Ko": ko}))
    suicides = 0
    for _ in range(60):
        moves = [move for move in game.legal_moves(position) if str(move) != "pass"]
        if not moves:
            break
        both_ways(game, position, wanted=None)
        move = rng.choice(moves)
        before = sum(cell == position.to_move + 1 for cell in position.cells)
        seat = position.to_move
        game.play(position, move)
        suicides += sum(cell == seat + 1 for cell in position.cells) <= before
    assert suicides and any(position.prisoners)
    assert "suicide:allowed" in game.position_key(position)


def test_only_the_positions_wanted_are_named() -> None:
    game = registry.get("freego")
    position = game.start(Record("freego"))
    game.play(position, game.parse_move("D4", position))
    moves = game.legal_moves(position)
    every = game.successors(position, moves)
    assert len(every) < len(moves) - 1  # the corners' moves make one position up to symmetry
    wanted = set(list(every)[:3])
    assert game.successors(position, moves, wanted) == {value: every[value] for value in wanted}
    both_ways(game, position, wanted)


def test_the_legal_moves_of_a_map_are_pythons() -> None:
    # A map of cells of any number of neighbours, played on until stones are taken: the core
    # lists the moves there too (its successors are Python's, off a grid).
    game = registry.get("freego")
    rng = random.Random(40)
    position = game.start(Record("freego", headers={"Board": "japan", "Suicide": "allowed"}))
    for _ in range(120):
        moves = game.legal_moves(position)
        assert index.successors(position, moves) is None
        with pure_python():
            assert game.legal_moves(position) == moves
        game.play(position, rng.choice(moves[:-1]))
    assert any(position.prisoners)
