"""What a Rengi move did: the events of ``kifu show --format json``, typed (:data:`Event`) and as
a JSON Schema, and each event in words for people reading along (the viewer).

Sides are ``"first"`` / ``"second"``; columns 1..6 and rows 1..13 count from the bottom left;
amounts of garbage are in stones (six make a row) whatever the unit.

- ``place``: the stones that landed (``[column, row, colour]``), those lost above row 13 by the
  row-14 rule (``discarded``), and whether a horizontal pair split (チギリ).
- ``chain``: a placement fired a chain: each link with its colour stones, groups, group sizes,
  colours, garbage cleared and cells emptied; ``raw_garbage`` it will generate by the mode, and
  ``wait``, the turns its side now sits out.
- ``wait``: a turn went by because its owner sat out (``reason`` ``chain`` or ``garbage``).
- ``garbage``: a chain finished: ``raw`` by the mode, ``stock_in`` carried in, ``total``,
  ``generated`` after the unit, the new ``stock``, ``offset`` against the own warning, ``sent``
  to the opponent, and both warnings afterwards.
- ``drop``: garbage fell on a placement: ``stones``, full ``rows``, the ``columns`` of single
  stones, stones ``lost`` above row 13, and the ``warning`` left for later turns.
- ``extra-move``: chigiri loss gave a side another move at once.
- ``pass``, ``resign``, ``end`` (``winner``, ``reason``).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, TypedDict

#: A side, by its turn.
Side = Literal["first", "second"]
#: A stone's colour.
Colour = Literal["a", "b", "c", "d"]


class PlaceEvent(TypedDict):
    """The stones that landed, each ``[column, row, colour]``; those lost above row 13 by the
    row-14 rule, each ``[column, colour]``; whether a horizontal pair split (チギリ)."""

    type: Literal["place"]
    side: Side
    stones: list[list[int | str]]
    discarded: list[list[int | str]]
    split: bool


class LinkJSON(TypedDict):
    """One link of a chain: its colour stones, groups and their sizes, colours, the garbage
    it cleared and the cells it emptied (each ``[column, row]``)."""

    link: int
    stones: int
    groups: int
    sizes: list[int]
    colours: list[Colour]
    garbage_cleared: int
    cells: list[list[int]]


class ChainEvent(TypedDict):
    """A placement fired a chain of ``chain`` links; ``raw_garbage`` it will generate by the
    mode, and ``wait``, the turns its side now sits out."""

    type: Literal["chain"]
    side: Side
    chain: int
    links: list[LinkJSON]
    raw_garbage: int
    wait: int


class WaitEvent(TypedDict):
    """A turn went by because its owner sat out."""

    type: Literal["wait"]
    side: Side
    reason: Literal["chain", "garbage"]
    turn: int


class GarbageEvent(TypedDict):
    """A chain finished: the garbage it made, offset and sent (in stones)."""

    type: Literal["garbage"]
    side: Side
    chain: int
    raw: int
    stock_in: int
    total: int
    generated: int
    stock: int
    offset: int
    sent: int
    warning: int
    opponent_warning: int


class DropEvent(TypedDict):
    """Garbage fell on a placement: ``stones``, full ``rows``, the ``columns`` of single
    stones, stones ``lost`` above row 13, and the ``warning`` left for later turns."""

    type: Literal["drop"]
    side: Side
    stones: int
    rows: int
    columns: list[int]
    lost: int
    warning: int


class ExtraMoveEvent(TypedDict):
    """Chigiri loss gave a side another move at once."""

    type: Literal["extra-move"]
    side: Side
    reason: Literal["stable chigiri", "chigiri during the opponent's chain"]


class PassEvent(TypedDict):
    type: Literal["pass"]
    side: Side


class ResignEvent(TypedDict):
    type: Literal["resign"]
    side: Side


class EndEvent(TypedDict):
    """The game is over (``winner`` ``None``: a draw)."""

    type: Literal["end"]
    winner: Side | None
    reason: str


#: Any event of a Rengi move (``step.events`` of a replay): tell them by ``type``.
Event = (PlaceEvent | ChainEvent | WaitEvent | GarbageEvent | DropEvent | ExtraMoveEvent
         | PassEvent | ResignEvent | EndEvent)

_SIDE = {"enum": ["first", "second"]}
_COUNT = {"type": "integer", "minimum": 0}
_COLOUR = {"enum": ["a", "b", "c", "d"]}
_COLUMN = {"type": "integer", "minimum": 1, "maximum": 6}
_ROW = {"type": "integer", "minimum": 1, "maximum": 13}


def _event(kind: str, properties: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["type", *properties],
        "additionalProperties": False,
        "properties": {"type": {"const": kind}, **properties},
    }


_LINK = {
    "type": "object",
    "required": ["link", "stones", "groups", "sizes", "colours", "garbage_cleared", "cells"],
    "additionalProperties": False,
    "properties": {
        "link": {"type": "integer", "minimum": 1, "maximum": 19},
        "stones": {"type": "integer", "minimum": 4},
        "groups": {"type": "integer", "minimum": 1},
        "sizes": {"type": "array", "items": {"type": "integer", "minimum": 4}},
        "colours": {"type": "array", "items": _COLOUR},
        "garbage_cleared": _COUNT,
        "cells": {"type": "array", "items": {"type": "array", "prefixItems": [_COLUMN, _ROW]}},
    },
}

EVENT_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "kifu Rengi replay event, version 1",
    "oneOf": [
        _event("place", {
            "side": _SIDE,
            "stones": {"type": "array", "minItems": 1, "maxItems": 2,
                       "items": {"type": "array", "prefixItems": [_COLUMN, _ROW, _COLOUR]}},
            "discarded": {"type": "array", "items": {"type": "array",
                                                     "prefixItems": [_COLUMN, _COLOUR]}},
            "split": {"type": "boolean"},
        }),
        _event("chain", {
            "side": _SIDE, "chain": {"type": "integer", "minimum": 1, "maximum": 19},
            "links": {"type": "array", "items": _LINK}, "raw_garbage": _COUNT, "wait": _COUNT,
        }),
        _event("wait", {"side": _SIDE, "reason": {"enum": ["chain", "garbage"]},
                        "turn": {"type": "integer", "minimum": 1}}),
        _event("garbage", {
            "side": _SIDE, "chain": {"type": "integer", "minimum": 1}, "raw": _COUNT,
            "stock_in": _COUNT, "total": _COUNT, "generated": _COUNT, "stock": _COUNT,
            "offset": _COUNT, "sent": _COUNT, "warning": _COUNT, "opponent_warning": _COUNT,
        }),
        _event("drop", {
            "side": _SIDE, "stones": {"type": "integer", "minimum": 1}, "rows": _COUNT,
            "columns": {"type": "array", "items": _COLUMN, "maxItems": 5}, "lost": _COUNT,
            "warning": _COUNT,
        }),
        _event("extra-move", {"side": _SIDE,
                              "reason": {"enum": ["stable chigiri",
                                                  "chigiri during the opponent's chain"]}}),
        _event("pass", {"side": _SIDE}),
        _event("resign", {"side": _SIDE}),
        _event("end", {"winner": {"enum": ["first", "second", None]}, "reason": {"type": "string"}}),
    ],
}
#: This game's part of ``kifu show --format json``'s schema.
REPLAY_SCHEMA: dict[str, Any] = {"$defs": {"event": EVENT_SCHEMA}}


# -- events in words ------------------------------------------------------------------------

#: An event as the words read it (any game's event, as the viewer hands it over).
Data = Mapping[str, Any]


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' * (count != 1)}"


def _place(e: Data) -> str | None:
    notes = []
    if e.get("split"):
        notes.append("the pair splits")
    if e.get("discarded"):
        notes.append(f"{_plural(len(e['discarded']), 'stone')} above the field vanish")
    return "; ".join(notes) or None


def _chain(e: Data) -> str:
    cleared = sum(link.get("stones", 0) for link in e.get("links", []))
    return f"{e['side']} fires a {e['chain']}-chain ({_plural(cleared, 'stone')} cleared)"


def _garbage(e: Data) -> str:
    text = f"{e['side']} makes {_plural(e['generated'], 'garbage stone')}"
    if e.get("offset"):
        text += f", offsets {e['offset']}"
    return text + f", sends {e['sent']} (the opponent's warning: {e['opponent_warning']})"


_WORDS: dict[str, Callable[[Data], str | None]] = {
    "place": _place,
    "chain": _chain,
    "garbage": _garbage,
    "wait": lambda e: f"{e['side']} waits while the {e['reason']} resolves",
    "drop": lambda e: (f"{_plural(e['stones'], 'garbage stone')} fall on {e['side']}"
                       + (f" ({_plural(e['rows'], 'row')})" if e.get("rows") else "")),
    "extra-move": lambda e: f"{e['side']} gets an extra move ({e['reason']})",
    "pass": lambda e: f"{e['side']} passes",
    "resign": lambda e: f"{e['side']} resigns",
}


def event_text(event: Data) -> str | None:
    """One event in words; ``None`` where the move or the position's status says it already
    (a pair placed, the end of the game)."""
    words = _WORDS.get(str(event.get("type")))
    return None if words is None else words(event)
