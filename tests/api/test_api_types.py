"""Types for users of the library: ``mypy --strict`` on a program that uses kifu sees each
built-in game's own position, move, set-up, position JSON and event types, generic nodes and
steps, and refuses a key an event does not have."""
from __future__ import annotations

import re
import subprocess
import sys
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
from kifu.builtin.renju.events import Event as RenjuEvent
from kifu.builtin.rengoma.events import Event as RengomaEvent

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

# Events: each game's own union of TypedDicts, told apart by "type".
for renju_step in kifu.Record.new("renju").replay():
    assert_type(renju_step.events, list[RenjuEvent])
    for renju_event in renju_step.events:
        if renju_event["type"] == "forbidden":
            assert_type(renju_event["shape"], Literal["double-three", "double-four", "overline"])
            assert_type(renju_event["point"], str)
        elif renju_event["type"] == "end":
            assert_type(renju_event["winner"], Literal["black", "white"] | None)
        elif renju_event["type"] == "offer":
            assert_type(renju_event["points"], list[str])
read: kifu.Record[Position, Move] = kifu.read("examples/renju/double-three.renju")
for read_step in read.replay():
    assert_type(read_step.events, list[RenjuEvent])
for gungi_step in kifu.Record.new("gungi").replay():
    for gungi_event in gungi_step.events:
        if gungi_event["type"] == "capture":
            assert_type(gungi_event["tier"], int)
            assert_type(gungi_event.get("back"), str | None)
        elif gungi_event["type"] == "betrayal":
            assert_type(gungi_event["from"], str)
        elif gungi_event["type"] == "move":
            assert_type(gungi_event["from"], str)
        elif gungi_event["type"] == "foul":
            assert_type(gungi_event["offender"], Literal["black", "white"])
for rengi_step in kifu.Record.new("rengi").replay():
    for rengi_event in rengi_step.events:
        if rengi_event["type"] == "chain":
            assert_type(rengi_event["links"][0]["cells"], list[list[int]])
        elif rengi_event["type"] == "garbage":
            assert_type(rengi_event["sent"], int)
for rengoma_step in kifu.Record.new("rengoma").replay():
    assert_type(rengoma_step.events, list[RengomaEvent])
    for rengoma_event in rengoma_step.events:
        if rengoma_event["type"] == "move":
            stacked = rengoma_event["stacked_on"]
            assert_type(stacked["strength"] if stacked else None, int | None)
        elif rengoma_event["type"] == "chip-gained":
            assert_type(rengoma_event["from"], Literal["stock", "black", "red"])
for go_step in kifu.Record.new("freego").replay():
    for go_event in go_step.events:
        if go_event["type"] == "capture":
            assert_type(go_event["cells"], list[str])
        elif go_event["type"] == "end":
            assert_type(go_event["scores"][0]["total"], float)
            assert_type(go_event["winner"], str | None)
for any_step in kifu.read("examples/renju/double-three.renju").replay():
    assert_type(any_step.events, Any)  # a record read is any game's until its types are named
'''

#: What mypy must refuse: a key an event does not have, a value used as another type.
WRONG = '''
import kifu

for step in kifu.Record.new("renju").replay():
    for event in step.events:
        if event["type"] == "forbidden":
            print(event["points"])
for gungi_step in kifu.Record.new("gungi").replay():
    for gungi_event in gungi_step.events:
        if gungi_event["type"] == "check":
            side: int = gungi_event["side"]
        else:
            print(gungi_event["side"])
'''

WRONG_ERRORS = [
    'wrong_keys.py:7: error: TypedDict "ForbiddenEvent" has no key "points"  [typeddict-item]',
    "wrong_keys.py:11: error: Incompatible types in assignment (expression has type "
    '"Literal[\'black\', \'white\']", variable has type "int")  [assignment]',
    'wrong_keys.py:13: error: TypedDict "EffectEvent" has no key "side"  [typeddict-item]',
]


def documented() -> str:
    """The Python blocks of the library page's section on types, one after the other."""
    page = (ROOT / "docs" / "library.md").read_text(encoding="utf-8")
    section = page[page.index("## Types\n"):]
    end = section.find("\n## ", 1)
    section = section if end < 0 else section[:end]
    return "\n".join(re.findall(r"^```python\n(.*?)^```", section, re.MULTILINE | re.DOTALL))


@pytest.fixture(scope="module")
def mypy_says(tmp_path_factory: pytest.TempPathFactory) -> str:
    """What ``mypy --strict`` says of :data:`PROGRAM`, :data:`WRONG` and the documentation's
    typed example, checked in one run (a run costs half a minute)."""
    folder = tmp_path_factory.mktemp("typed")
    (folder / "documented.py").write_text(documented(), encoding="utf-8")
    program = folder / "use_kifu.py"
    program.write_text(textwrap.dedent(PROGRAM).replace(
        "from typing import assert_type", "from typing import Any, Literal, assert_type"),
        encoding="utf-8")
    (folder / "wrong_keys.py").write_text(textwrap.dedent(WRONG), encoding="utf-8")
    (folder / "none.ini").write_text("[mypy]\n", encoding="utf-8")  # not the project's
    out, err, _ = mypy.run(["--strict", "--follow-imports=silent", "--no-incremental",
                            "--cache-dir", str(folder / "cache"), "--no-error-summary",
                            "--config-file", str(folder / "none.ini"), str(program),
                            str(folder / "wrong_keys.py"), str(folder / "documented.py")])
    return (out + err).replace(str(folder) + "/", "")


def test_mypy_strict_sees_each_games_own_types(mypy_says: str) -> None:
    assert [line for line in mypy_says.splitlines() if line.startswith("use_kifu.py")] == []


def test_the_documented_typed_example_passes_mypy_strict(mypy_says: str) -> None:
    assert "event[\"shape\"]" in documented()
    assert [line for line in mypy_says.splitlines() if line.startswith("documented.py")] == []


def test_mypy_strict_refuses_a_key_an_event_does_not_have(mypy_says: str) -> None:
    found = [line for line in mypy_says.splitlines() if line.startswith("wrong_keys.py")
             and ": error:" in line]
    assert found[0] == WRONG_ERRORS[0]
    assert found[1] == WRONG_ERRORS[1]
    assert WRONG_ERRORS[2] in found


def test_the_typed_names_are_the_games_names_and_aliases() -> None:
    """Each built-in game's ``Name`` (named, as all its types, after its class: ``RenjuName``)
    holds its name and aliases, and nothing else names a game."""
    names = {name: getattr(builtin_types, f"{type(kifu.game(name).plugin).__name__}Name")
             for name in GAMES}
    assert sorted(key for key in vars(builtin_types) if key.endswith("Name")) == sorted(
        f"{type(kifu.game(name).plugin).__name__}Name" for name in GAMES)
    for name, literal in names.items():
        game = kifu.game(name)
        assert typing.get_args(literal) == (game.name, *game.aliases)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_and_a_record_take_two_type_arguments_or_three(name: str) -> None:
    game = kifu.game(name)
    position, move = game.plugin.position_type(), game.plugin.move_classes()[0]
    assert kifu.Game[position, move] == kifu.Game[position, move, typing.Any]
    assert kifu.Record[position, move] == kifu.Record[position, move, typing.Any]


def test_the_built_in_games_types_are_made_from_their_cards() -> None:
    """``kifu/api/builtin_types.py`` and the library's overloads are what
    ``tools/make_types.py`` makes of the cards: a built-in game is written into no core file
    by hand."""
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "make_types.py"), "--check"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
