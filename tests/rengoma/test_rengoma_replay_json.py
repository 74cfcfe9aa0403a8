"""The machine-readable replay: Rengoma's events and positions, move by move, and their schema
(``REPLAY_SCHEMA`` in ``kifu/builtin/rengoma/events.py``)."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from jsonschema import Draft202012Validator

from kifu.builtin.rengoma import GAME
from kifu.builtin.rengoma.events import REPLAY_SCHEMA as SCHEMA
from kifu.plugin import driver
from kifu.run.load import load
from tests.rengoma.rengoma_strategies import games

ROOT = Path(__file__).resolve().parents[2]


def validator(definition: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"#/$defs/{definition}", "$defs": SCHEMA["$defs"]})


EVENT, POSITION = validator("event"), validator("position")


def test_the_schema_is_a_valid_schema():
    Draft202012Validator.check_schema(SCHEMA)


def test_opponent_placement_game_event_by_event():
    loaded = load(str(ROOT / "examples" / "rengoma" / "win-by-opponent-placement.rengoma"))
    steps = list(driver.replay(GAME, loaded.record))
    assert [[e["type"] for e in step.events] for step in steps] == [
        ["place", "refill"], ["place", "refill"], ["move"], ["place", "refill"],
        ["place", "refill", "chip-gained"], ["move"], ["place", "refill"], ["move"],
        ["place", "refill", "chip-gained"], ["place", "refill", "chip-gained"],
        ["place", "refill"],
        ["place", "chip-spent", "place", "refill", "refill", "chip-gained"],
        ["place", "win"],
    ]
    assert steps[9].events[2] == {"type": "chip-gained", "side": "black", "from": "red",
                                  "held": 1}
    assert steps[12].events == [
        {"action": 1, "extra": False, "kind": "B", "player": "Sora", "side": "red",
         "type": "place", "colour": "black", "square": "d1", "strength": 3},
        {"type": "win", "winner": "black", "squares": ["d1", "d2", "d3", "d4"], "by": "red"},
    ]


@pytest.mark.parametrize("path", sorted((ROOT / "examples" / "rengoma").glob("*.rengoma")),
                         ids=lambda p: p.name)
def test_example_events_and_positions_follow_the_schema(path):
    loaded = load(str(path))
    POSITION.validate(GAME.position_to_json(GAME.start(loaded.record)))
    for step in driver.replay_tree(GAME, loaded.record):
        for event in step.events:
            EVENT.validate(event)
        POSITION.validate(GAME.position_to_json(step.position))


@settings(max_examples=30)
@given(games(variations=False))
def test_random_game_events_follow_the_schema(record):
    position = GAME.start(record)
    for step in driver.replay(GAME, record):
        for event in step.events:
            EVENT.validate(event)
        position = step.position
    POSITION.validate(GAME.position_to_json(position))
