"""Each game's event types are what its referee emits: every event of every line of every
example record (the broken ones as far as they go), of the tests' own records
(``tests/*/data``, ``tests/*/quirks``) and of random play matches its game's ``events.Event``
(a union of ``TypedDict`` s, told apart by ``type``) in keys and value types, and every type
the union names is met, so that the types cannot drift from the code either way.
``tests/api/data/events/`` holds a record for each event the examples never reach (a suicide,
千日手, a draw...)."""
from __future__ import annotations

import contextlib
import functools
import importlib
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kifu
from kifu.base.cards import BUILT_IN
from kifu.base.errors import KifuError
from kifu.plugin import driver
from tests.api.random_play import positions
from tests.api.typed_values import fields, mismatches
from tests.examples import EXAMPLES, GAMES

TESTS = Path(__file__).resolve().parents[1]
#: Where the records come from: the examples, legal and broken, and the tests' own records
#: (``tests/*/data``, and the files of real programs' quirks, ``tests/*/quirks``).
FOLDERS = (EXAMPLES, *sorted(TESTS.glob("*/data")), *sorted(TESTS.glob("*/quirks")))


def event_type(game: str) -> Any:
    """The game's union of event types, ``Event`` in its ``events`` module."""
    [card] = [card for card in BUILT_IN if card.name == game]
    return importlib.import_module(f"{card.module}.events").Event


def kinds(union: Any) -> set[str]:
    """The ``type`` of every member of an event union."""
    return {tag for member in typing.get_args(union)
            for tag in typing.get_args(fields(member)[0]["type"])}


@functools.cache
def records() -> dict[str, list[kifu.Record[Any, Any, Any]]]:
    """Every record of :data:`FOLDERS` that reads, by game."""
    found: dict[str, list[kifu.Record[Any, Any, Any]]] = {game: [] for game in GAMES}
    for folder in FOLDERS:
        for record in kifu.read_all(str(folder), lenient=True, on_error=lambda name, error: None):
            found[record.game.name].append(record)
    return found


def events(record: kifu.Record[Any, Any, Any]) -> Iterator[dict[str, Any]]:
    """The events of every line of ``record``, played on past what is illegal as ``kifu
    validate`` goes on; none of a broken example whose start position is refused."""
    with contextlib.suppress(KifuError):
        for step in driver.replay_tree(record.game.plugin, record.data, lenient=True):
            if not isinstance(step, KifuError):
                yield from step.events


@pytest.mark.parametrize("game", GAMES)
def test_every_event_of_the_records_matches_its_games_types(game: str) -> None:
    union, seen = event_type(game), set()
    assert records()[game], f"no {game} records found"
    for record in records()[game]:
        for event in events(record):
            assert mismatches(event, union) == [], (record.name, event)
            seen.add(event["type"])
    assert sorted(kinds(union) - seen) == [], "add a record that emits them to tests/api/data/events"


@pytest.mark.parametrize("game", GAMES)
@given(data=st.data())
def test_every_event_of_random_play_matches_its_games_types(game: str, data: st.DataObject) -> None:
    rules = kifu.game(game)
    position = rules.plugin.copy(data.draw(positions(game)))
    listed = rules.legal_moves(position)
    if not listed:
        return
    played = driver.play_on(rules.plugin, position, data.draw(st.sampled_from(listed)))
    for event in played.events:
        assert mismatches(event, event_type(game)) == [], event


def test_the_library_hands_out_the_referees_events() -> None:
    """``record.replay()`` gives the events the tests above check, as they are."""
    record = kifu.read(str(EXAMPLES / "renju" / "double-three.renju"))
    assert [step.events for step in record.replay()] == [
        list(step.events) for step in driver.replay(record.game.plugin, record.data)]


@pytest.mark.parametrize("value, hint, problem", [
    ({"type": "swap", "extra": 1}, "renju", "has the key 'extra', which SwapEvent does not name"),
    ({"type": "offer"}, "renju", "lacks the key 'points' of OfferEvent"),
    ({"type": "offer", "points": ["h8", 9]}, "renju", "points[1]: 9 is not a str"),
    ({"type": "end", "winner": "red", "reason": ""}, "renju", "winner: 'red' matches none of"),
    ({"type": "five"}, "renju", "no type of the union has the type 'five'"),
    ({"type": "check", "side": True}, "gungi", "side: True is none of"),
])
def test_the_checker_names_what_does_not_match(value: dict[str, Any], hint: str,
                                               problem: str) -> None:
    found = mismatches(value, event_type(hint))
    assert len(found) == 1 and problem in found[0], found
