"""What a Free-form Go move did: its events, typed (:data:`Event`) and as a JSON Schema (Free-form
Go's part of ``kifu show --format json``, the position included), and the events in words for
people reading along (the viewer).

A stone's move gives ``place``, then one ``capture`` per player whose stones it took, then
``suicide`` if ``Suicide: allowed`` removed the mover's own group.  A pass gives ``pass``, and the
pass that ends the game ``end`` with the score table.  A set-up in the middle of a game (SGF's
``AB``/``AW``/``AE`` on a node of its own) gives ``setup``.  Cells are named by their ids,
players by their names (the ``Players:`` header's, ``black`` and ``white`` by default).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypedDict

from kifu.builtin.freego.rules.scoring import ScoreRowJSON


class PlaceEvent(TypedDict):
    """A stone placed on ``cell``."""

    type: Literal["place"]
    player: str
    cell: str


class CaptureEvent(TypedDict):
    """The mover (``player``) took these stones of ``captured``: its prisoners now."""

    type: Literal["capture"]
    player: str
    captured: str
    cells: list[str]


class SuicideEvent(TypedDict):
    """The mover's own group, removed (``Suicide: allowed``)."""

    type: Literal["suicide"]
    player: str
    cells: list[str]


class PassEvent(TypedDict):
    type: Literal["pass"]
    player: str


class EndEvent(TypedDict):
    """Every player passed in turn: the game is counted (``winner`` ``None``: a tie for
    first)."""

    type: Literal["end"]
    winner: str | None
    margin: float
    scores: list[ScoreRowJSON]


class SetupEvent(TypedDict):
    """Stones set up in the middle of a game: each player's ``added`` cells (players who got
    none left out), the ``cleared`` cells, and who moves next."""

    type: Literal["setup"]
    added: dict[str, list[str]]
    cleared: list[str]
    to_move: str


#: Any event of a Free-form Go move (``step.events`` of a replay): tell them by ``type``.
Event = PlaceEvent | CaptureEvent | SuicideEvent | PassEvent | EndEvent | SetupEvent


def event_text(event: Mapping[str, Any]) -> str | None:
    """One event in words; ``None`` where the move or the position's status says it already
    (a stone placed, the end of the game)."""
    kind = event.get("type")
    cells = " ".join(event.get("cells", []))
    count = len(event.get("cells", []))
    stones = f"{count} stone{'s' * (count != 1)}"
    if kind == "capture":
        return f"{event['player']} captures {stones} of {event['captured']}: {cells}"
    if kind == "suicide":
        return f"{event['player']} removes {stones} of its own (suicide): {cells}"
    if kind == "pass":
        return f"{event['player']} passes"
    return None


#: The JSON Schema of the events and of the position (``Game.replay_schema``).
REPLAY_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://kifu.example.org/schema/freego-replay-1.json",
    "title": "Free-form Go's part of the kifu replay, version 1",
    "description": (
        "What Free-form Go puts in the game-specific places of 'kifu show --format json': the "
        "positions ('start', 'final') and the events of each move. A stone's move gives 'place', "
        "then one 'capture' per player whose stones it took, then 'suicide' if Suicide: allowed "
        "removed the mover's own group. A pass gives 'pass', and the pass that ends the game 'end' "
        "with the score table. A set-up in the middle of a game gives 'setup'. Cells are named by "
        "their ids, players by their names."
    ),
    "$defs": {
        "cell": {"type": "string", "minLength": 1},
        "cells": {"type": "array", "items": {"$ref": "#/$defs/cell"}, "minItems": 1},
        "player": {"type": "string", "minLength": 1},
        "score": {
            "type": "object",
            "required": ["player", "stones", "territory", "prisoners", "komi", "total"],
            "additionalProperties": False,
            "properties": {
                "player": {"$ref": "#/$defs/player"},
                "stones": {
                    "type": "number",
                    "description": (
                        "The values of the player's stones (area and map scoring; 0 otherwise)."
                    ),
                },
                "territory": {
                    "type": "number",
                    "description": "The values of the empty regions only this player borders.",
                },
                "prisoners": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "Stones captured (territory and map scoring; 0 otherwise).",
                },
                "komi": {"type": "number"},
                "total": {"type": "number"},
            },
        },
        "place": {
            "type": "object",
            "required": ["type", "player", "cell"],
            "additionalProperties": False,
            "properties": {
                "type": {"const": "place"},
                "player": {"$ref": "#/$defs/player"},
                "cell": {"$ref": "#/$defs/cell"},
            },
        },
        "capture": {
            "type": "object",
            "required": ["type", "player", "captured", "cells"],
            "additionalProperties": False,
            "properties": {
                "type": {"const": "capture"},
                "player": {
                    "$ref": "#/$defs/player",
                    "description": "Who captured (the mover); the stones are their prisoners.",
                },
                "captured": {"$ref": "#/$defs/player", "description": "Whose stones were taken."},
                "cells": {"$ref": "#/$defs/cells", "description": "In board order."},
            },
        },
        "suicide": {
            "type": "object",
            "required": ["type", "player", "cells"],
            "additionalProperties": False,
            "properties": {
                "type": {"const": "suicide"},
                "player": {"$ref": "#/$defs/player"},
                "cells": {"$ref": "#/$defs/cells"},
            },
        },
        "pass": {
            "type": "object",
            "required": ["type", "player"],
            "additionalProperties": False,
            "properties": {"type": {"const": "pass"}, "player": {"$ref": "#/$defs/player"}},
        },
        "end": {
            "type": "object",
            "required": ["type", "winner", "margin", "scores"],
            "additionalProperties": False,
            "properties": {
                "type": {"const": "end"},
                "winner": {
                    "oneOf": [{"$ref": "#/$defs/player"}, {"type": "null"}],
                    "description": "null for a tie for first place.",
                },
                "margin": {
                    "type": "number",
                    "minimum": 0,
                    "description": "The winner's lead over the runner-up.",
                },
                "scores": {
                    "type": "array",
                    "items": {"$ref": "#/$defs/score"},
                    "minItems": 2,
                    "maxItems": 4,
                },
            },
        },
        "setup": {
            "type": "object",
            "required": ["type", "added", "cleared", "to_move"],
            "additionalProperties": False,
            "properties": {
                "type": {"const": "setup"},
                "added": {
                    "type": "object",
                    "additionalProperties": {"$ref": "#/$defs/cells"},
                    "description": "Each player's stones set up (players given none left out).",
                },
                "cleared": {"type": "array", "items": {"$ref": "#/$defs/cell"}},
                "to_move": {"$ref": "#/$defs/player"},
            },
        },
        "event": {
            "oneOf": [
                {"$ref": "#/$defs/place"},
                {"$ref": "#/$defs/capture"},
                {"$ref": "#/$defs/suicide"},
                {"$ref": "#/$defs/pass"},
                {"$ref": "#/$defs/end"},
                {"$ref": "#/$defs/setup"},
            ],
        },
        "position": {
            "type": "object",
            "required": [
                "board",
                "players",
                "stones",
                "to_move",
                "prisoners",
                "moves",
                "score",
                "result",
            ],
            "additionalProperties": False,
            "properties": {
                "board": {"type": "string"},
                "players": {
                    "type": "array",
                    "items": {"$ref": "#/$defs/player"},
                    "minItems": 2,
                    "maxItems": 4,
                },
                "stones": {
                    "type": "object",
                    "additionalProperties": {"type": "array", "items": {"$ref": "#/$defs/cell"}},
                    "description": "Each player's stones, in board order.",
                },
                "to_move": {
                    "oneOf": [{"$ref": "#/$defs/player"}, {"type": "null"}],
                    "description": "null once the game is over.",
                },
                "prisoners": {
                    "type": "object",
                    "additionalProperties": {"type": "integer", "minimum": 0},
                },
                "moves": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "Moves played, passes included.",
                },
                "score": {
                    "type": "object",
                    "required": ["final", "scoring", "table"],
                    "additionalProperties": False,
                    "properties": {
                        "final": {
                            "type": "boolean",
                            "description": "false: the count as if the game ended now.",
                        },
                        "scoring": {"enum": ["territory", "area", "map"]},
                        "table": {"type": "array", "items": {"$ref": "#/$defs/score"}},
                    },
                },
                "result": {
                    "type": ["string", "null"],
                    "description": (
                        "As a Result: header says it (orange+0.5, draw) once the game is over."
                    ),
                },
            },
        },
    },
}
