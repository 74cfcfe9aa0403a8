"""Types for users of the library: ``mypy --strict`` on a program that uses kifu sees each
built-in game's own position, move, set-up and position JSON types, generic nodes and steps."""
from __future__ import annotations

import textwrap
import typing
from pathlib import Path

import pytest
from mypy import api as mypy

import kifu
from kifu.api import builtin_types
from tests.examples import GAMES

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = '''
from typing import assert_type

import kifu
from kifu.base.record import Node
from kifu.builtin.freego.moves import Move as GoMove
from kifu.builtin.freego.position import Position as GoPosition
from kifu.builtin.freego.rules.scoring import CountedPositionJSON
from kifu.builtin.gungi.position import Position as GungiPosition
from kifu.builtin.rengi.position import PositionJSON as RengiJSON
from kifu.builtin.renju.moves import Move
from kifu.builtin.renju.position import Position, PositionJSON
from kifu.builtin.renju.setup import Setup

renju = kifu.game("renju")
assert_type(renju, kifu.Game[Position, Move, Setup])
start = renju.start()
assert_type(start, Position)
assert_type(renju.legal_moves(start), list[Move])
assert_type(renju.parse_move("h8", start), Move)
assert_type(renju.position_json(start), PositionJSON)
assert_type(renju.position_key(start), str)
assert_type(renju.position_from_key("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 b"), Position)

record = kifu.Record.new("renju", {"Black": "Ann"})
assert_type(record.setup, Setup | None)
node = record.play("h8")
assert_type(node, Node[Move])
node.comments.append("the centre")
for step in record.replay():
    assert_type(step.move, Move)
    assert_type(step.position, Position)

go = kifu.game("囲碁自由形")
assert_type(go.start(), GoPosition)
assert_type(go.position_json(go.start()), CountedPositionJSON)
assert_type(kifu.game("gungi").start(), GungiPosition)
rengi = kifu.game("rengi")
assert_type(rengi.position_json(rengi.start()), RengiJSON)
assert_type(kifu.game("rengoma").name, str)
anything = kifu.game("some-game")
assert_type(anything.start(), Any)
'''


def test_mypy_strict_sees_each_games_own_types(tmp_path: Path) -> None:
    program = tmp_path / "use_kifu.py"
    program.write_text(textwrap.dedent(PROGRAM).replace("from typing import assert_type",
                                                        "from typing import Any, assert_type"),
                       encoding="utf-8")
    (tmp_path / "none.ini").write_text("[mypy]\n", encoding="utf-8")  # not the project's
    out, err, status = mypy.run(["--strict", "--follow-imports=silent", "--no-incremental",
                                 "--cache-dir", str(tmp_path / "cache"),
                                 "--config-file", str(tmp_path / "none.ini"), str(program)])
    assert status == 0, out + err


def test_the_typed_names_are_the_games_names_and_aliases() -> None:
    names = {"freego": builtin_types.FreeGoName, "gungi": builtin_types.GungiName,
             "rengi": builtin_types.RengiName, "rengoma": builtin_types.RengomaName,
             "renju": builtin_types.RenjuName}
    assert sorted(names) == sorted(GAMES)
    for name, literal in names.items():
        game = kifu.game(name)
        assert typing.get_args(literal) == (game.name, *game.aliases)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_and_a_record_take_two_type_arguments_or_three(name: str) -> None:
    game = kifu.game(name)
    position, move = game.plugin.position_type(), game.plugin.move_types[0]
    assert kifu.Game[position, move] == kifu.Game[position, move, typing.Any]
    assert kifu.Record[position, move] == kifu.Record[position, move, typing.Any]
