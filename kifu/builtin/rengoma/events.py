"""What a Rengoma move did: the events of a turn, typed (:data:`Event`) and as a JSON Schema
(Rengoma's part of ``kifu show --format json``, the position included), and the events in words
for people reading along (the viewer).

A move is a whole turn; its events come in order: each action (with a ``chip-spent`` before
every extra action), a win if one came, then the end of the turn (refill, chips, draw).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, TypedDict

#: A side (and a piece's colour).
Side = Literal["black", "red"]


class PieceJSON(TypedDict):
    colour: Side
    strength: int


class PlaceEvent(TypedDict):
    """Action ``action`` of the turn (1; 2 and 3 are ``extra`` ones, paid with a chip), by
    ``player`` for ``side``: a ``colour`` piece of ``strength`` placed on ``square`` (kind
    ``A``: one's own, ``B``: the enemy's)."""

    type: Literal["place"]
    action: int
    extra: bool
    kind: Literal["A", "B"]
    player: str
    side: Side
    colour: Side
    square: str
    strength: int


# "from" is Python's own word: the events that have it are written as calls.

#: An action (kind ``C``) that moves a piece like a rook ``from`` a square ``to`` another:
#: ``stacked_on``, the top piece it now covers; ``height``, the pieces on the target square
#: after it; ``revealed``, the piece it uncovered where it left.
MoveEvent = TypedDict("MoveEvent", {
    "type": Literal["move"], "action": int, "extra": bool, "kind": Literal["C"],
    "player": str, "side": Side, "colour": Side, "from": str, "to": str, "strength": int,
    "stacked_on": PieceJSON | None, "height": int, "revealed": PieceJSON | None})
#: A chip earned at the end of the turn, ``from`` the stock or the other side; ``held``: the
#: side's chips now.
ChipGainedEvent = TypedDict("ChipGainedEvent", {
    "type": Literal["chip-gained"], "side": Side, "from": Literal["stock", "black", "red"],
    "held": int})


class ChipSpentEvent(TypedDict):
    """A chip paid for the extra action that follows: the side's chips and the stock's now."""

    type: Literal["chip-spent"]
    side: Side
    held: int
    stock: int


class ChipNoneEvent(TypedDict):
    """A chip earned, but none left to take."""

    type: Literal["chip-none"]
    side: Side
    reason: str


class RefillEvent(TypedDict):
    """The ``colour``'s next field piece, and the pieces left face down in its stock."""

    type: Literal["refill"]
    colour: Side
    strength: int
    stock: int


class WinEvent(TypedDict):
    """Four in a row for ``winner``, on ``squares``, made by the side that acted (``by``)."""

    type: Literal["win"]
    winner: Side
    squares: list[str]
    by: Side


class DrawEvent(TypedDict):
    """The side to move has no legal action: a draw."""

    type: Literal["draw"]
    reason: str


#: Any event of a Rengoma turn (``step.events`` of a replay): tell them by ``type``.
Event = (PlaceEvent | MoveEvent | ChipSpentEvent | ChipGainedEvent | ChipNoneEvent
         | RefillEvent | WinEvent | DrawEvent)

#: An event as the words read it (any game's event, as the viewer hands it over).
Data = Mapping[str, Any]


def _piece(data: Data) -> str:
    return f"{data['colour']} {data['strength']}"


def _move(e: Data) -> str:
    text = f"{e['player']} moves the {_piece(e)} from {e['from']} to {e['to']}"
    if e.get("stacked_on"):
        text += f", onto the {_piece(e['stacked_on'])}"
    if e.get("revealed"):
        text += f", uncovering the {_piece(e['revealed'])}"
    return text


_WORDS: dict[str, Callable[[Data], str]] = {
    "place": lambda e: f"{e['player']} places a {_piece(e)} on {e['square']}",
    "move": _move,
    "chip-spent": lambda e: f"{e['side']} spends a chip ({e['held']} left)",
    "chip-gained": lambda e: f"{e['side']} takes a chip from {e['from']} ({e['held']} held)",
    "chip-none": lambda e: f"no chip for {e['side']}: {e['reason']}",
    "refill": lambda e: (f"{e['colour']}'s next field piece is a {e['strength']} "
                         f"({e['stock']} left face down)"),
    "win": lambda e: (f"four in a row for {e['winner']}: {' '.join(e['squares'])}"
                      + (f" (made by {e['by']})" if e.get("by") != e.get("winner") else "")),
}


def event_text(event: Data) -> str | None:
    """One event in words; ``None`` where the position's status says it already (a draw)."""
    words = _WORDS.get(str(event.get("type")))
    return None if words is None else words(event)


#: The JSON Schema of the events and of the position (``Game.replay_schema``).
REPLAY_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://kifu.example.org/schema/rengoma-replay-1.json",
    "title": "Rengoma's part of the kifu replay, version 1",
    "description": (
        "What Rengoma puts in the game-specific places of 'kifu show --format json': the positions "
        "('start', 'final') and the events of each move. A move is a whole turn; its events come "
        "in order: each action (with a chip-spent before every extra action), a win if one came, "
        "then the end of the turn (refill, chips, draw)."
    ),
    "$defs": {
        "side": {"enum": ["black", "red"]},
        "square": {"type": "string", "pattern": "^[a-z][1-9][0-9]*$"},
        "piece": {
            "type": "object",
            "required": ["colour", "strength"],
            "additionalProperties": False,
            "properties": {
                "colour": {"$ref": "#/$defs/side"},
                "strength": {"type": "integer", "minimum": 1},
            },
        },
        "action": {
            "type": "object",
            "required": ["action", "extra", "kind", "player", "side", "colour"],
            "properties": {
                "action": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 3,
                    "description": "1 for the normal action, 2 and 3 for the extra ones.",
                },
                "extra": {"type": "boolean"},
                "kind": {"enum": ["A", "B", "C"]},
                "player": {
                    "type": "string",
                    "description": (
                        "Who acted: in the team game the partner takes the extra actions."
                    ),
                },
                "side": {"$ref": "#/$defs/side", "description": "The side whose turn it is."},
                "colour": {
                    "$ref": "#/$defs/side",
                    "description": "The colour of the piece placed or moved.",
                },
            },
        },
        "place": {
            "allOf": [{"$ref": "#/$defs/action"}],
            "required": ["type", "square", "strength"],
            "unevaluatedProperties": False,
            "properties": {
                "type": {"const": "place"},
                "square": {"$ref": "#/$defs/square"},
                "strength": {"type": "integer", "minimum": 1},
            },
        },
        "move": {
            "allOf": [{"$ref": "#/$defs/action"}],
            "required": ["type", "from", "to", "strength", "stacked_on", "height", "revealed"],
            "unevaluatedProperties": False,
            "properties": {
                "type": {"const": "move"},
                "from": {"$ref": "#/$defs/square"},
                "to": {"$ref": "#/$defs/square"},
                "strength": {"type": "integer", "minimum": 1},
                "stacked_on": {
                    "oneOf": [{"type": "null"}, {"$ref": "#/$defs/piece"}],
                    "description": "The top piece the mover now covers.",
                },
                "height": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "Pieces on the target square after the move.",
                },
                "revealed": {
                    "oneOf": [{"type": "null"}, {"$ref": "#/$defs/piece"}],
                    "description": "The piece the move uncovered on its square of departure.",
                },
            },
        },
        "event": {
            "oneOf": [
                {"$ref": "#/$defs/place"},
                {"$ref": "#/$defs/move"},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["type", "side", "held", "stock"],
                    "properties": {
                        "type": {"const": "chip-spent"},
                        "side": {"$ref": "#/$defs/side"},
                        "held": {"type": "integer"},
                        "stock": {"type": "integer"},
                    },
                },
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["type", "side", "from", "held"],
                    "properties": {
                        "type": {"const": "chip-gained"},
                        "side": {"$ref": "#/$defs/side"},
                        "from": {"enum": ["stock", "black", "red"]},
                        "held": {"type": "integer"},
                    },
                },
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["type", "side", "reason"],
                    "properties": {
                        "type": {"const": "chip-none"},
                        "side": {"$ref": "#/$defs/side"},
                        "reason": {"type": "string"},
                    },
                },
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["type", "colour", "strength", "stock"],
                    "properties": {
                        "type": {"const": "refill"},
                        "colour": {"$ref": "#/$defs/side"},
                        "strength": {"type": "integer"},
                        "stock": {"type": "integer", "description": "Pieces left face down."},
                    },
                },
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["type", "winner", "squares", "by"],
                    "properties": {
                        "type": {"const": "win"},
                        "winner": {"$ref": "#/$defs/side"},
                        "squares": {
                            "type": "array",
                            "items": {"$ref": "#/$defs/square"},
                            "minItems": 4,
                        },
                        "by": {
                            "$ref": "#/$defs/side",
                            "description": "The side whose action made the row.",
                        },
                    },
                },
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["type", "reason"],
                    "properties": {"type": {"const": "draw"}, "reason": {"type": "string"}},
                },
            ],
        },
        "position": {
            "type": "object",
            "additionalProperties": False,
            "required": [
                "board",
                "players",
                "stacks",
                "field",
                "stock",
                "chips",
                "turns",
                "to_move",
                "player",
                "win_line",
            ],
            "properties": {
                "board": {"type": "string", "pattern": "^[0-9]+x[0-9]+$"},
                "players": {"enum": [2, 4]},
                "stacks": {
                    "type": "array",
                    "description": (
                        "Occupied squares, each with its pieces bottom to top ('B3': black 3)."
                    ),
                    "items": {
                        "type": "array",
                        "prefixItems": [
                            {"$ref": "#/$defs/square"},
                            {
                                "type": "array",
                                "items": {"type": "string", "pattern": "^[BR][0-9]+$"},
                                "minItems": 1,
                            },
                        ],
                        "minItems": 2,
                        "maxItems": 2,
                    },
                },
                "field": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["black", "red"],
                    "properties": {
                        "black": {"type": ["integer", "null"]},
                        "red": {"type": ["integer", "null"]},
                    },
                },
                "stock": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["black", "red"],
                    "properties": {
                        "black": {"type": "array", "items": {"type": "integer"}},
                        "red": {"type": "array", "items": {"type": "integer"}},
                    },
                },
                "chips": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["black", "red", "stock"],
                    "properties": {
                        "black": {"type": "integer"},
                        "red": {"type": "integer"},
                        "stock": {"type": "integer"},
                    },
                },
                "turns": {"type": "integer", "minimum": 0},
                "to_move": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/side"}]},
                "player": {"type": ["string", "null"]},
                "win_line": {"type": "array", "items": {"$ref": "#/$defs/square"}},
            },
        },
    },
}
