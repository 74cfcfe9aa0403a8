"""The JSON forms: every example of every game converts losslessly and matches the schemas."""
from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from kifu.base.errors import NotationError
from kifu.plugin import jsonform, registry
from kifu.run.load import load
from kifu.run.replayjson import replay_json

ROOT = Path(__file__).parents[2]
SCHEMAS = ROOT / "kifu" / "schema"
EXAMPLES = sorted(p for p in (ROOT / "examples").rglob("*")
                  if p.is_file() and "invalid" not in p.parts and p.suffix in registry.suffixes()
                  and p.suffix != ".json")


def schema(name: str) -> dict:
    return json.loads((SCHEMAS / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT / "examples")))
def test_examples_convert_to_valid_json_and_back(path):
    loaded = load(str(path))
    data = jsonform.to_json(loaded.record)
    jsonschema.validate(data, schema("record.schema.json"))
    assert jsonform.loads(jsonform.dumps(loaded.record)) == loaded.record


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT / "examples")))
def test_replay_json_of_examples_matches_its_schemas(path):
    loaded = load(str(path))
    document = replay_json(loaded.game, loaded.record, variations=True, lenient=True)
    jsonschema.validate(document, schema("replay.schema.json"))
    own = loaded.game.replay_schema()
    if own is None:
        return
    defs = own["$defs"]
    events = jsonschema.Draft202012Validator({"$defs": defs, "$ref": "#/$defs/event"})
    for line in document["lines"]:
        for move in line["moves"]:
            for event in move["events"]:
                events.validate(event)
    if "position" in defs:
        positions = jsonschema.Draft202012Validator({"$defs": defs, "$ref": "#/$defs/position"})
        positions.validate(document["start"])
        positions.validate(document["final"])


@pytest.mark.parametrize("text, message", [
    ("{", "invalid JSON"),
    ('{"format": "other"}', "not a kifu JSON record"),
    ('{"format": "kifu-record", "version": 99, "game": "renju"}', "version 99"),
    ('{"format": "kifu-record", "version": 1, "game": "renju", "moves": [{"move": {}}]}',
     "not a valid kifu JSON record"),
])
def test_bad_json_is_a_notation_error(text, message):
    with pytest.raises(NotationError, match=message):
        jsonform.loads(text)


def test_a_json_record_is_told_its_game_once_and_read_as_that_game(tmp_path):
    """The game a JSON record names is found near its start without decoding it (a header
    holding the text ``"game": "gungi"`` does not mislead it), and the reader holds the record
    to the game told: a JSON record of another game than --game names is refused."""
    record = registry.get("renju").parse("Game: renju\nEvent: \"game\": \"gungi\"\n\nh8 h9\n",
                                         "r.renju")
    text = jsonform.dumps(record)
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    assert load(str(path)).game.name == "renju"
    assert load(str(path)).record == record
    with pytest.raises(NotationError, match="this JSON record is of 'renju', not gungi"):
        load(str(path), game_name="gungi")
